"""``python -m layoutdialect.triton [--mode explain|replace|assign] [--report FILE.json] [--html DIR]
script.py [args...]``

Runs ``script.py`` with its arguments, as ``python -m cProfile`` does, with the hook in
Triton's compile, then prints on stderr the table of every kernel Triton compiled, and
writes the JSON report (``{"kernels": [...]}``) and one HTML page per kernel when asked.
The script's own exit status is this command's; a bad command line is a located error
and status 1.
"""

from __future__ import annotations

import argparse
import json
import runpy
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from layoutdialect.ir.command_line import LocatedArgumentParser
from layoutdialect.ir.diagnostics import SourceLocation

if TYPE_CHECKING:
    from layoutdialect.triton.report import KernelReport

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = LocatedArgumentParser(
        prog="python -m layoutdialect.triton",
        description="Run a Python script with layoutdialect inside Triton's compile and report every kernel's "
        "layout conversions.",
    )
    parser.add_argument(
        "--mode",
        choices=("explain", "replace", "assign"),
        default="explain",
        help="explain: report Triton's conversions; replace: also run remove-redundant-conversions and compile "
        "the result; assign: run assign-layouts instead, keeping what the cost model prices lower (default: explain)",
    )
    parser.add_argument("--report", metavar="FILE.json", help="write the report as JSON")
    parser.add_argument("--html", metavar="DIR", help="write one HTML page per kernel into DIR")
    parser.add_argument("script", help="the Python script to run")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="the script's arguments")
    return parser


def _error(where: str, message: str) -> int:
    print(SourceLocation(where, 1, 1).render(message), file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: this process's); return the exit status."""
    args = _parser().parse_args(argv)
    script = Path(args.script)
    if not script.is_file():
        return _error(args.script, "no such script")
    if args.html is not None and Path(args.html).exists() and not Path(args.html).is_dir():
        return _error(args.html, "--html needs a folder")
    try:
        import layoutdialect.triton as lt

        hook = lt.install(args.mode)
    except ImportError as error:
        return _error("<command-line>", str(error))
    sys.argv = [str(script), *args.args]
    sys.path.insert(0, str(script.resolve().parent))
    status = 0
    try:
        runpy.run_path(str(script), run_name="__main__")
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    finally:
        lt.uninstall()
        _write_reports(hook.kernels, args.report, args.html)
    return status


def _write_reports(reports: Sequence[KernelReport], report: str | None, html: str | None) -> None:
    for kernel in reports:
        sys.stderr.write(kernel.table())
    if report is not None:
        Path(report).write_text(json.dumps({"kernels": [kernel.to_json() for kernel in reports]}, indent=2) + "\n")
    if html is not None:
        folder = Path(html)
        folder.mkdir(parents=True, exist_ok=True)
        for index, kernel in enumerate(reports):
            (folder / f"{index:03d}_{kernel.name}.html").write_text(kernel.page())


if __name__ == "__main__":
    sys.exit(main())
