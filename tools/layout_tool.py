"""``layout-tool``: answers about layouts, one subcommand per question.

    layout-tool show LAYOUT [--shape S] [--view V | --matrix] [--full] [--svg F | --png F | --html F] [--dtype T]
        [GPU] [--json]
    layout-tool dedup LAYOUT [--shape S] [--json]
    layout-tool conflicts REG_LAYOUT SHARED_LAYOUT --dtype T [--shape S] [--vector-bits N] [--store] [GPU] [--json]
    layout-tool conflicts SHARED_LAYOUT --access PxQ [--access ...] --dtype T [--shape S] [--store] [GPU] [--json]
    layout-tool swizzle --shape RxC --dtype T --access PxQ [--access ...] [--html F] [GPU] [--json]
    layout-tool cute EXPR [EXPR] [--json]
    layout-tool convert SRC_LAYOUT DST_LAYOUT --dtype T [--shape S] [--no-verify] [--html F] [GPU] [--json]
    layout-tool codegen SRC_LAYOUT DST_LAYOUT --dtype T [--shape S] [--name F] [--json] [GPU]
    layout-tool plan FILE.mlir [--json] [--no-verify] [--max-mixed-transpositions N] [--max-scratch-bytes N] [GPU]
    layout-tool cost FILE.mlir [GPU] [--json]

GPU is ``--target ARCH`` (``cuda:90``, ``hip:gfx942``, ``hip:gfx950``: its lanes, banks and
shared-memory phases; ``plan`` reads the file's ``ttg.target`` by default) and
``--num-banks 8|16|32|64`` to override the bank count.

A LAYOUT is a TTGIR encoding (``#ttg.blocked<{...}>`` with ``--shape 64x64``), a tensor or
memdesc type that carries its shape, ``#ttg.linear<{...}>``, or a CuTe layout such as
``(4,2,2,2):(1,16,8,4)`` or ``Swizzle<3,0,3> o (8,8):(8,1)``.  ``plan`` explains how
``lower-convert-layout`` converts every ``ttg.convert_layout`` of a file.  Errors are
``file:line:col: error: message`` (``<layout>``, ``--shape`` and so on for arguments,
pointing at the offending character), exit status 1, and nothing on stdout.  Every
command answers layouts of up to 2^20 elements in seconds and refuses larger arguments
at the argument (``layoutdialect.answers.limits``, and ``layout-tool --help``); work that
takes more than a second shows progress on stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, Protocol

from layoutdialect.ir.command_line import LocatedArgumentParser, excerpt
from layoutdialect.ir.diagnostics import IRError
from layoutdialect.tools.process import collect_garbage_rarely, end_quietly_on_closed_pipe, use_one_blas_thread

__all__ = ["main"]


class _ArgumentParser(LocatedArgumentParser):
    """``layout-tool``'s usage errors, its positional arguments named as the answers name them."""

    positional_names = {"EXPR": "<expression 1>"}
    """The diagnostic names of positional arguments whose name in the usage differs from the
    answers' (``<layout>``, ``<source>``, ... are ``<`` + the usage name + ``>``)."""


class _Version(argparse.Action):
    """``--version``: the installed package's version, looked up only when asked for (the
    package metadata takes a fortieth of a second to load, a fifth of ``--help``)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        from importlib.metadata import version

        print(f"layout-tool {version('layoutdialect')}")
        parser.exit()


def _gpu_options(command: argparse.ArgumentParser) -> None:
    command.add_argument("--target", metavar="ARCH", help="the GPU: cuda:90 or sm_90, hip:gfx950 or gfx950")
    command.add_argument("--num-banks", type=int, choices=(8, 16, 32, 64), help="shared-memory banks of 32 bits")


LAYOUT_SYNTAXES = """\
layouts (LAYOUT, SRC_LAYOUT, ...) are written as:
  a ttg encoding, with --shape    '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8],
                                    warpsPerCTA = [4, 1], order = [1, 0]}>' --shape 64x64
  several CTAs                    '#ttg.blocked<{..., CGALayout = [[0, 1]]}>' (older Triton's
                                    CTAsPerCGA/CTASplitNum/CTAOrder are read too)
  a tensor type                   'tensor<16x16xf16, #ttg.nvidia_mma<{versionMajor = 2,
                                    versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>'
  a memdesc type                  '!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 8,
                                    perPhase = 1, maxPhase = 8, order = [1, 0]}>, #ttg.shared_memory>'
  a linear layout                 '#ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [],
                                    block = []}>'
  a CuTe layout                   '(4,2,2,2):(1,16,8,4)', 'Swizzle<2,3,3> o (8,32):(32,1)',
                                    '[0,2,1,3]' (a table)
element types (--dtype): {dtypes}; show, swizzle and conflicts also take bN, N-bit units (b128)
errors: file:line:col: error: message on stderr, exit status 1, nothing on stdout
"""


WAVEFRONTS = """\
Counts are in wavefronts: a warp's instruction is served in phases (128-bit loads on 32 banks:
4 phases of 8 lanes), and a phase takes as many wavefronts as the most distinct words one bank
holds.  Wavefronts per instruction add up its phases; wavefronts per access add up all the
instructions of the warp's access (with --access, its reads of the PxQ block, each lane its
widest vector, the lanes beyond the block idle: a phase of idle lanes takes none).  swizzle
and conflicts --access count an access alike."""

CONFLICTS = "bank conflicts and vectors of a register <-> shared access.\n\n" + WAVEFRONTS

SWIZZLE = "a shared layout serving every access pattern without conflicts.\n\n" + WAVEFRONTS

CODEGEN = """\
a CUDA __device__ function converting registers between layouts, as lower-convert-layout lowers
a ttg.convert_layout.  Its header comment states what it assumes: a 1-D thread block of the
layouts' warps (thread threadIdx.x is lane threadIdx.x % 32 of warp threadIdx.x / 32), every
thread calling it at once where it synchronises, with an assert() that checks the block's shape;
and an #error stops the compilation for a GPU older than its instructions need (ldmatrix: sm_75;
stmatrix, clusters: sm_90); --target must be an NVIDIA GPU.  docs/codegen-example.md calls one
from a complete kernel."""


COST = """\
what the layouts of each function of a file make a warp pay, by the cost model: conversions as
lower-convert-layout plans them, global and shared-memory accesses, reductions and scans, and
elementwise work, in warp instruction issues, each op times the trip counts of its loops (a loop
whose bounds are not constants: 8), with the peak registers a thread needs against the target's
limit.  docs/cost-model.md gives every weight."""


def _parser() -> argparse.ArgumentParser:
    limits = importlib.import_module("layoutdialect.answers.limits")
    element_types = importlib.import_module("layoutdialect.answers.element_types")
    parser = _ArgumentParser(
        prog="layout-tool",
        description="Answers about GPU tensor layouts.",
        epilog=LAYOUT_SYNTAXES.replace("{dtypes}", element_types.ELEMENT_TYPE_SPELLINGS) + limits.SIZES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_Version, help="show the program's version number and exit")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_ArgumentParser)

    def add_command(name: str, summary: str, description: str | None = None) -> argparse.ArgumentParser:
        """A subcommand whose --help starts with ``description`` (default: the summary) and
        ends with its limits."""
        return commands.add_parser(
            name,
            help=summary,
            description=description or summary,
            epilog=limits.COMMAND_SIZES[name],
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )

    plan = add_command("plan", "explain how each ttg.convert_layout of a file is lowered")
    plan.add_argument("file", help="a TTGIR file, or - for stdin")
    plan.add_argument("--json", action="store_true", help="print one JSON object with a 'conversions' list")
    plan.add_argument("--no-verify", action="store_true", help="skip running each lowering on the simulator")
    plan.add_argument(
        "--max-mixed-transpositions",
        type=int,
        default=1,
        metavar="N",
        help="the most register-lane transpositions to do by warp shuffles (Triton: 1)",
    )
    plan.add_argument(
        "--max-scratch-bytes",
        type=int,
        metavar="N",
        help="the largest scratch buffer a conversion may use (default: Triton 3.9's for the pair)",
    )
    _gpu_options(plan)

    cost = add_command(
        "cost",
        "what the layouts of each function of a file make a warp pay, by the cost model",
        COST,
    )
    cost.add_argument("file", help="a TTGIR file (Triton's own output too), or - for stdin")
    _gpu_options(cost)
    cost.add_argument("--json", action="store_true", help="print one JSON object with a 'functions' list")

    show = add_command("show", "which thread and register, or which offset, holds each element")
    show.add_argument(
        "layout", help="a ttg encoding or type, #ttg.linear, or a CuTe layout; with --value, a TTGIR file"
    )
    show.add_argument(
        "--from",
        dest="dump",
        metavar="DUMP.mlir",
        help="a TTGIR file whose aliases the layout may use: show '#blocked' --from DUMP.mlir --shape 64x64",
    )
    show.add_argument(
        "--value",
        metavar="%X",
        help="show the layout and shape of this value's type in the TTGIR file given as the layout "
        "(its first definition there; %%x#1 for the second result of %%x)",
    )
    show.add_argument("--shape", help="the tensor shape, such as 64x64, for encodings that do not carry one")
    show.add_argument("--view", help="only this view: elements or threads (distributed), elements or offsets (shared)")
    show.add_argument("--full", action="store_true", help="print the grid even for a large layout")
    show.add_argument(
        "--matrix", action="store_true", help="print the layout as an F2 matrix: output bits by input bits"
    )
    show.add_argument("--max-cells", type=int, metavar="N", help="summarise above N elements, N >= 0 (default 4096)")
    pictures = show.add_mutually_exclusive_group()
    pictures.add_argument(
        "--svg", metavar="OUT.svg", help="draw the grid, coloured by thread or bank, as SVG (the name ends in .svg)"
    )
    pictures.add_argument("--png", metavar="OUT.png", help="draw the grid as PNG (the name ends in .png)")
    show.add_argument("--html", metavar="OUT.html", help="write a self-contained page: the grid, hover for each cell")
    show.add_argument("--dtype", default="f32", help="element type (f16, i32, b128, ...), for a picture's banks")
    _gpu_options(show)
    show.add_argument("--json", action="store_true", help="print one JSON object")

    dedup = add_command("dedup", "the register, lane, warp and block bits that hold copies")
    dedup.add_argument("layout", help="a ttg encoding or type, #ttg.linear, or a CuTe layout")
    dedup.add_argument("--shape", help="the tensor shape, such as 64x64, for encodings that do not carry one")
    dedup.add_argument("--json", action="store_true", help="print one JSON object")

    conflicts = add_command("conflicts", "bank conflicts and vectors of a register <-> shared access", CONFLICTS)
    conflicts.add_argument("registers", help="the distributed layout (with --access: the shared layout)")
    conflicts.add_argument("shared", nargs="?", help="the shared layout: a shared encoding or a CuTe layout")
    conflicts.add_argument(
        "--access",
        action="append",
        metavar="PxQ",
        help="a warp reading a PxQ block of the shared layout, each lane its widest vector (repeatable)",
    )
    conflicts.add_argument("--shape", help="the tensor shape, for encodings that do not carry one")
    conflicts.add_argument("--dtype", required=True, help="element type: f16, bf16, f32, i8, ..., or bN units")
    conflicts.add_argument(
        "--vector-bits",
        type=int,
        metavar="N",
        help="access width: a power of two from the element's bits to 128 (default: the widest legal)",
    )
    conflicts.add_argument("--store", action="store_true", help="the access is a store (default: a load)")
    _gpu_options(conflicts)
    conflicts.add_argument("--json", action="store_true", help="print one JSON object")

    swizzle = add_command("swizzle", "a shared layout serving every access pattern without conflicts", SWIZZLE)
    swizzle.add_argument("--shape", required=True, help="the tile, rows x columns, such as 64x64")
    swizzle.add_argument("--dtype", required=True, help="element type; b128 for 16-byte units")
    swizzle.add_argument(
        "--access", action="append", required=True, metavar="PxQ", help="a tile one request covers (repeatable)"
    )
    swizzle.add_argument("--html", metavar="OUT.html", help="write a self-contained page of the tile, by bank")
    _gpu_options(swizzle)
    swizzle.add_argument("--json", action="store_true", help="print one JSON object")

    codegen = add_command("codegen", "a CUDA __device__ function converting registers between layouts", CODEGEN)
    codegen.add_argument("source", help="the distributed layout the registers are in")
    codegen.add_argument("destination", help="the distributed layout they must end in")
    codegen.add_argument("--shape", help="the tensor shape, for encodings that do not carry one")
    codegen.add_argument("--dtype", required=True, help="element type: f16, bf16, f32, i8, i32, f8E4M3FN, ...")
    codegen.add_argument(
        "--name", default="convert_layout", help="the function's name: a C++ identifier, no keyword or reserved name"
    )
    codegen.add_argument("--json", action="store_true", help="print one JSON object with the CUDA and its counts")
    _gpu_options(codegen)

    convert = add_command(
        "convert", "how a tensor moves from one register layout to another: class, F2 matrices, plan, counts"
    )
    convert.add_argument("source", help="the distributed layout the tensor is in")
    convert.add_argument("destination", help="the distributed layout it must end in")
    convert.add_argument("--shape", help="the tensor shape, for encodings that do not carry one")
    convert.add_argument("--dtype", required=True, help="element type, such as f16 or i32")
    convert.add_argument("--no-verify", action="store_true", help="skip running the lowering on the simulator")
    convert.add_argument(
        "--html", metavar="OUT.html", help="write a self-contained page: both layouts, the shuffles or the scratch"
    )
    _gpu_options(convert)
    convert.add_argument("--json", action="store_true", help="one JSON object: kind, shuffles, selects, ...")

    cute = add_command("cute", "CuTe layouts and their algebra, as F2 matrices and back")
    cute.add_argument(
        "expressions", nargs="+", metavar="EXPR", help="a CuTe layout or expression, or a ttg layout; two to compare"
    )
    cute.add_argument("--shape", help="the tensor shape, for ttg encodings that do not carry one")
    cute.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


class _Answer(Protocol):
    def text(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


def _rendered(answer: _Answer, as_json: bool) -> str:
    return json.dumps(answer.to_json(), indent=2) + "\n" if as_json else answer.text()


def _answer(args: argparse.Namespace) -> _Answer:
    """Ask ``layoutdialect.answers.<command>`` its question with the options given, which
    are named as its ``ask`` function's parameters (an option not given takes that
    function's default); only that answer's module is imported."""
    options = {name: value for name, value in vars(args).items() if value is not None}
    command = options.pop("command")
    options.pop("json")
    module = importlib.import_module(f"layoutdialect.answers.{command}")
    answer: _Answer = module.ask(**options)
    return answer


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``layout-tool`` on ``argv`` (default: the command line); return the exit status."""
    args = _parser().parse_args(argv)
    as_json = args.json
    try:
        output = _rendered(_answer(args), as_json)
    except IRError as error:
        print(error, file=sys.stderr)
        return 1
    except (ValueError, OSError) as error:
        print(f"<command-line>:1:1: error: {excerpt(str(error))}", file=sys.stderr)
        return 1
    sys.stdout.write(output)
    return 0


def cli() -> None:
    collect_garbage_rarely()
    end_quietly_on_closed_pipe()
    use_one_blas_thread()
    sys.exit(main())


if __name__ == "__main__":
    cli()
