"""``layout-tool``: answers about layouts, one subcommand per question.

    layout-tool plan FILE.mlir [--json] [--no-verify] [--max-mixed-transpositions N]
                               [--num-banks 16|32|64]

``plan`` explains how ``lower-convert-layout`` converts every ``ttg.convert_layout``
of the file (``-`` for stdin): the path, the shuffles, or the scratch buffer with
its accesses, wavefronts, barriers and bytes, and whether the lowering verified
on the simulated CTA.  It also gives the width and wavefronts of every
``local_alloc``, ``local_load`` and ``local_store`` to an explicit shared
encoding.  Errors are ``file:line:col: error: message``, exit status 1, and
nothing on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from layoutdialect.dialect.diagnostics import IRError, SourceLocation
from layoutdialect.dialect.text import make_context, parse_module, read_source
from layoutdialect.passes.conversion_report import format_reports, report_conversions
from layoutdialect.passes.local_access_report import format_local_accesses, report_local_accesses

__all__ = ["main"]


class _ArgumentParser(argparse.ArgumentParser):
    """Usage errors as ``<command-line>:1:1: error: ...`` with status 1."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"<command-line>:1:1: error: {message}", file=sys.stderr)
        sys.exit(1)


def _parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(prog="layout-tool", description="Answers about GPU tensor layouts.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_ArgumentParser)
    plan = commands.add_parser("plan", help="explain how each ttg.convert_layout of a file is lowered")
    plan.add_argument("file", help="a TTGIR file, or - for stdin")
    plan.add_argument("--json", action="store_true", help="print one JSON object with a 'conversions' list")
    plan.add_argument("--no-verify", action="store_true", help="skip running each lowering on the simulator")
    plan.add_argument("--max-mixed-transpositions", type=int, default=1, metavar="N")
    plan.add_argument("--num-banks", type=int, default=32, choices=(16, 32, 64), help="32-bit shared-memory banks")
    return parser


def _plan(args: argparse.Namespace) -> str:
    if args.max_mixed_transpositions < 0:
        raise IRError(SourceLocation("<command-line>", 1, 1), "--max-mixed-transpositions must be at least 0")
    filename, text = read_source(args.file)
    module = parse_module(text, filename, make_context())
    reports = report_conversions(
        module,
        verify=not args.no_verify,
        max_mixed_transpositions=args.max_mixed_transpositions,
        num_banks=args.num_banks,
    )
    accesses = report_local_accesses(module, args.num_banks)
    if args.json:
        entries = {
            "conversions": [report.to_json() for report in reports],
            "local_accesses": [access.to_json() for access in accesses],
        }
        return json.dumps(entries, indent=2) + "\n"
    sections: list[str] = []
    if reports:
        sections.append(format_reports(reports))
    if accesses:
        sections.append("shared-memory accesses of local_alloc, local_load and local_store\n")
        sections.append(format_local_accesses(accesses))
    return "\n".join(sections) if sections else "no ttg.convert_layout, local_alloc, local_load or local_store\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``layout-tool`` on ``argv`` (default: the command line); return the exit status."""
    args = _parser().parse_args(argv)
    try:
        output = _plan(args)
    except IRError as error:
        print(error, file=sys.stderr)
        return 1
    sys.stdout.write(output)
    return 0


def cli() -> None:
    sys.exit(main())


if __name__ == "__main__":
    cli()
