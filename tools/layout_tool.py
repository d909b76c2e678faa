"""``layout-tool``: answers about layouts, one subcommand per question.

    layout-tool show LAYOUT [--shape S] [--view V] [--full] [--svg F | --png F] [--dtype T] [GPU] [--json]
    layout-tool dedup LAYOUT [--shape S] [--json]
    layout-tool conflicts REG_LAYOUT SHARED_LAYOUT --dtype T [--shape S] [--vector-bits N] [--store] [GPU] [--json]
    layout-tool swizzle --shape RxC --dtype T --access PxQ [--access ...] [GPU] [--json]
    layout-tool cute EXPR [EXPR] [--json]
    layout-tool codegen SRC_LAYOUT DST_LAYOUT --dtype T [--shape S] [--name F] [--json]
    layout-tool plan FILE.mlir [--json] [--no-verify] [--max-mixed-transpositions N] [GPU]

GPU is ``--target ARCH`` (``cuda:90``, ``hip:gfx942``, ``hip:gfx950``: its lanes, banks and
shared-memory phases; ``plan`` reads the file's ``ttg.target`` by default) and
``--num-banks 8|16|32|64`` to override the bank count.

A LAYOUT is a TTGIR encoding (``#ttg.blocked<{...}>`` with ``--shape 64x64``), a tensor or
memdesc type that carries its shape, ``#ttg.linear<{...}>``, or a CuTe layout such as
``(4,2,2,2):(1,16,8,4)`` or ``Swizzle<3,0,3> o (8,8):(8,1)``.  ``plan`` explains how
``lower-convert-layout`` converts every ``ttg.convert_layout`` of a file.  Errors are
``file:line:col: error: message`` (``<layout>``, ``--shape`` and so on for arguments,
pointing at the offending character), exit status 1, and nothing on stdout.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from layoutdialect.answers.arguments import (
    NonLinearCuteLayout,
    parse_element_bits,
    parse_layout_argument,
    parse_shape,
    parse_target,
)
from layoutdialect.answers.codegen import generate_conversion
from layoutdialect.answers.conflicts import shared_access_conflicts
from layoutdialect.answers.cute import cute_answer
from layoutdialect.answers.dedup import dedup_layout
from layoutdialect.answers.local_accesses import format_local_accesses, report_local_accesses
from layoutdialect.answers.plan import format_reports, report_conversions
from layoutdialect.answers.show import DEFAULT_MAX_CELLS, show_cute_value, show_layout
from layoutdialect.answers.swizzle import swizzle_for_accesses
from layoutdialect.dialect.diagnostics import IRError, SourceLocation
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module, read_source
from layoutdialect.dialect.ttg.layout_checks import TargetOptions

__all__ = ["main"]


class _ArgumentParser(argparse.ArgumentParser):
    """Usage errors as ``OPTION:1:1: error: ...`` (``<command-line>`` when no option is
    to blame) with status 1."""

    def error(self, message: str) -> None:  # type: ignore[override]
        blamed = re.match(r"argument (-[^:/]+)[^:]*: (.*)", message, re.S)
        if blamed:
            print(f"{blamed.group(1)}:1:1: error: {blamed.group(2)}", file=sys.stderr)
        else:
            print(f"<command-line>:1:1: error: {message}", file=sys.stderr)
        sys.exit(1)


def _gpu_options(command: argparse.ArgumentParser) -> None:
    command.add_argument("--target", metavar="ARCH", help="the GPU, as ttg.target names it: cuda:90, hip:gfx950")
    command.add_argument("--num-banks", type=int, choices=(8, 16, 32, 64), help="shared-memory banks of 32 bits")


def _parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(prog="layout-tool", description="Answers about GPU tensor layouts.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_ArgumentParser)
    plan = commands.add_parser("plan", help="explain how each ttg.convert_layout of a file is lowered")
    plan.add_argument("file", help="a TTGIR file, or - for stdin")
    plan.add_argument("--json", action="store_true", help="print one JSON object with a 'conversions' list")
    plan.add_argument("--no-verify", action="store_true", help="skip running each lowering on the simulator")
    plan.add_argument("--max-mixed-transpositions", type=int, default=1, metavar="N")
    _gpu_options(plan)

    show = commands.add_parser("show", help="which thread and register, or which offset, holds each element")
    show.add_argument("layout", help="a ttg encoding or type, #ttg.linear, or a CuTe layout")
    show.add_argument("--shape", help="the tensor shape, such as 64x64, for encodings that do not carry one")
    show.add_argument("--view", help="only this view: elements or threads (distributed), elements or offsets (shared)")
    show.add_argument("--full", action="store_true", help="print the grid even for a large layout")
    show.add_argument(
        "--max-cells", type=int, default=DEFAULT_MAX_CELLS, metavar="N", help="summarise above N elements"
    )
    pictures = show.add_mutually_exclusive_group()
    pictures.add_argument("--svg", metavar="OUT.svg", help="draw the grid, coloured by thread or bank, as SVG")
    pictures.add_argument("--png", metavar="OUT.png", help="draw the grid as PNG")
    show.add_argument("--dtype", default="f32", help="element type, for the banks of a shared layout's picture")
    _gpu_options(show)
    show.add_argument("--json", action="store_true")

    dedup = commands.add_parser("dedup", help="the register, lane, warp and block bits that hold copies")
    dedup.add_argument("layout")
    dedup.add_argument("--shape")
    dedup.add_argument("--json", action="store_true")

    conflicts = commands.add_parser("conflicts", help="bank conflicts and vectors of a register <-> shared access")
    conflicts.add_argument("registers", help="the distributed layout")
    conflicts.add_argument("shared", help="the shared layout: a shared encoding or a CuTe layout")
    conflicts.add_argument("--shape", help="the tensor shape, for encodings that do not carry one")
    conflicts.add_argument("--dtype", required=True, help="element type, such as f16")
    conflicts.add_argument("--vector-bits", type=int, metavar="N", help="access width (default: the widest legal)")
    conflicts.add_argument("--store", action="store_true", help="the access is a store (default: a load)")
    _gpu_options(conflicts)
    conflicts.add_argument("--json", action="store_true")

    swizzle = commands.add_parser("swizzle", help="a shared layout serving every access pattern without conflicts")
    swizzle.add_argument("--shape", required=True, help="the tile, rows x columns, such as 64x64")
    swizzle.add_argument("--dtype", required=True, help="element type; b128 for 16-byte units")
    swizzle.add_argument("--access", action="append", default=[], metavar="PxQ", help="a tile one request covers")
    _gpu_options(swizzle)
    swizzle.add_argument("--json", action="store_true")

    codegen = commands.add_parser("codegen", help="a CUDA __device__ function converting registers between layouts")
    codegen.add_argument("source", help="the distributed layout the registers are in")
    codegen.add_argument("destination", help="the distributed layout they must end in")
    codegen.add_argument("--shape", help="the tensor shape, for encodings that do not carry one")
    codegen.add_argument("--dtype", required=True, help="element type, such as f16")
    codegen.add_argument("--name", default="convert_layout", help="the function's name")
    codegen.add_argument("--json", action="store_true")

    cute = commands.add_parser("cute", help="CuTe layouts and their algebra, as F2 matrices and back")
    cute.add_argument(
        "expressions", nargs="+", metavar="EXPR", help="a CuTe layout or expression, or a ttg layout; two to compare"
    )
    cute.add_argument("--shape", help="the tensor shape, for ttg encodings that do not carry one")
    cute.add_argument("--json", action="store_true")
    return parser


def _rendered(answer: Any, as_json: bool) -> str:
    return json.dumps(answer.to_json(), indent=2) + "\n" if as_json else str(answer.text())


def _shape(args: argparse.Namespace) -> tuple[int, ...] | None:
    return None if args.shape is None else parse_shape(args.shape)


def _show(args: argparse.Namespace) -> str:
    element_bits = parse_element_bits(args.dtype)
    try:
        argument = parse_layout_argument(args.layout, _shape(args))
    except NonLinearCuteLayout as error:
        if args.svg or args.png or args.view is not None:
            raise
        return _rendered(show_cute_value(error.value, args.max_cells, args.full), args.json)
    answer = show_layout(argument, args.view, args.full, args.max_cells)
    picture = args.svg or args.png
    if picture is not None:
        from layoutdialect.answers.picture import draw_layout

        draw_layout(argument, Path(picture), element_bits, parse_target(args.target, args.num_banks).shared)
    return _rendered(answer, args.json)


def _dedup(args: argparse.Namespace) -> str:
    return _rendered(dedup_layout(parse_layout_argument(args.layout, _shape(args))), args.json)


def _conflicts(args: argparse.Namespace) -> str:
    shape = _shape(args)
    registers = parse_layout_argument(args.registers, shape, "<registers>")
    shared = parse_layout_argument(args.shared, shape or registers.shape, "<shared>")
    bits = parse_element_bits(args.dtype)
    memory = parse_target(args.target, args.num_banks).shared
    answer = shared_access_conflicts(registers, shared, bits, memory, not args.store, args.vector_bits)
    return _rendered(answer, args.json)


def _swizzle(args: argparse.Namespace) -> str:
    shape = parse_shape(args.shape, rank=2)
    bits = parse_element_bits(args.dtype)
    if not args.access:
        raise IRError(SourceLocation("--access", 1, 1), "give at least one --access, such as --access 1x64")
    accesses = [parse_shape(access, "--access", rank=2) for access in args.access]
    memory = parse_target(args.target, args.num_banks).shared
    try:
        return _rendered(swizzle_for_accesses(shape, bits, accesses, memory), args.json)
    except ValueError as error:
        raise IRError(SourceLocation("--access", 1, 1), str(error)) from None


def _codegen(args: argparse.Namespace) -> str:
    shape = _shape(args)
    source = parse_layout_argument(args.source, shape, "<source>")
    destination = parse_layout_argument(args.destination, shape or source.shape, "<destination>")
    if re.fullmatch(r"\s*b\d+\s*", args.dtype):
        raise IRError(SourceLocation("--dtype", 1, 1), "codegen needs an MLIR element type, such as f16", args.dtype)
    parse_element_bits(args.dtype)
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", args.name):
        raise IRError(SourceLocation("--name", 1, 1), "the function name must be a C++ identifier", args.name)
    return _rendered(generate_conversion(source, destination, args.dtype.strip(), args.name), args.json)


def _cute(args: argparse.Namespace) -> str:
    return _rendered(cute_answer(args.expressions, _shape(args)), args.json)


def _plan(args: argparse.Namespace) -> str:
    if args.max_mixed_transpositions < 0:
        message = "--max-mixed-transpositions must be at least 0"
        raise IRError(SourceLocation("--max-mixed-transpositions", 1, 1), message, str(args.max_mixed_transpositions))
    if args.target is not None or args.num_banks is not None:
        parse_target(args.target, args.num_banks)
    target = TargetOptions(args.target, args.num_banks)
    filename, text = read_source(args.file)
    module = parse_module(text, filename, make_context())
    reports = report_conversions(
        module, verify=not args.no_verify, max_mixed_transpositions=args.max_mixed_transpositions, target=target
    )
    accesses = report_local_accesses(module, target)
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


COMMANDS = {
    "plan": _plan,
    "show": _show,
    "dedup": _dedup,
    "conflicts": _conflicts,
    "swizzle": _swizzle,
    "cute": _cute,
    "codegen": _codegen,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``layout-tool`` on ``argv`` (default: the command line); return the exit status."""
    args = _parser().parse_args(argv)
    try:
        output = COMMANDS[args.command](args)
    except IRError as error:
        print(error, file=sys.stderr)
        return 1
    except (ValueError, OSError) as error:
        print(f"<command-line>:1:1: error: {error}", file=sys.stderr)
        return 1
    sys.stdout.write(output)
    return 0


def cli() -> None:
    sys.exit(main())


if __name__ == "__main__":
    cli()
