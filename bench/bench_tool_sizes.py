"""Seconds each ``layout-tool`` command takes on layouts of Triton's largest size, 2^20 elements.

Run ``python bench/bench_tool_sizes.py`` (``--quick`` for a smoke run: the first case of
each command at 2^12 elements; ``--only COMMAND`` for one command, ``--limit S`` for the
seconds after which a run is stopped, 120 by default).  Every command runs as its own process, as a user runs it
(the interpreter's start, about a second, included), on representative layouts:
blocked, ``nvidia_mma`` v2 and v3, ``amd_mfma``, ``#ttg.linear``, ``swizzled_shared``,
``nvmma_shared`` and CuTe layouts (F2-linear, swizzled and not linear), and on the
pictures, pages and JSON the commands write; conversions also at 2^18 elements, the
largest the simulator runs, and a picture at 32x32, the largest whose cells are labelled.
Each row is one run: the wall-clock and
CPU seconds, the exit status (1 is a located refusal, which must name its limit) and
the first line of stderr for a refusal; the last table is the worst run of each
command that is not refused.  The target is 10 s or less for every command on every layout Triton allows
(this machine has two cores, shared, so the wall clock is noisy; CPU seconds are not).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

BLOCKED = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
BLOCKED_COLUMNS = (
    "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>"
)
BLOCKED_64_LANES = (
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>"
)
MMA_V2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"
MMA_V3 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>"
MFMA = "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>"
SWIZZLED = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"
NVMMA_SHARED = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>"


def linear(rows_log2: int, cols_log2: int) -> str:
    """A ``#ttg.linear`` of ``2^rows_log2 x 2^cols_log2``: 4 warps down, 32 lanes as 4x8, 4
    registers across, the rest in registers."""
    lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]]
    warp = [[4, 0], [8, 0]]
    register = [[0, 1], [0, 2]]
    register += [[0, 1 << b] for b in range(5, cols_log2)] + [[1 << b, 0] for b in range(4, rows_log2)]

    def bases(vectors: list[list[int]]) -> str:
        return "[" + ", ".join(f"[{a}, {b}]" for a, b in vectors) + "]"

    return f"#ttg.linear<{{register = {bases(register)}, lane = {bases(lane)}, warp = {bases(warp)}, block = []}}>"


@dataclass(frozen=True)
class Case:
    """One command line: the command, what it is run on, and its arguments after the command."""

    command: str
    label: str
    arguments: tuple[str, ...]


def cases(rows_log2: int, cols_log2: int, folder: Path) -> list[Case]:
    """The command lines at ``2^rows_log2 x 2^cols_log2`` elements."""
    rows, cols = 1 << rows_log2, 1 << cols_log2
    shape = f"{rows}x{cols}"
    size = rows * cols
    distributed = {"blocked": BLOCKED, "mma_v2": MMA_V2, "mma_v3": MMA_V3, "mfma": MFMA}
    shared = {"swizzled_shared": SWIZZLED, "nvmma_shared": NVMMA_SHARED}
    cute = {
        "cute": f"({rows},{cols}):({cols},1)",
        "cute_swizzled": f"Swizzle<3,3,3> o ({rows},{cols}):({cols},1)",
        "cute_not_linear": f"(3,{size // 3}):({size // 3},1)",
    }
    found: list[Case] = []
    for name, layout in {**distributed, **shared}.items():
        found += [
            Case("show", name, (layout, "--shape", shape)),
            Case("show", f"{name} --full", (layout, "--shape", shape, "--full")),
            Case("show", f"{name} --json", (layout, "--shape", shape, "--json")),
            Case("show", f"{name} --matrix", (layout, "--shape", shape, "--matrix")),
            Case("show", f"{name} --svg", (layout, "--shape", shape, "--svg", str(folder / "p.svg"))),
            Case("show", f"{name} --html", (layout, "--shape", shape, "--html", str(folder / "p.html"))),
            Case("dedup", name, (layout, "--shape", shape)),
            Case("cute", name, (layout, "--shape", shape)),
        ]
    line = linear(rows_log2, cols_log2)
    found += [Case("show", "linear", (line,)), Case("show", "linear --full", (line, "--full"))]
    found += [Case("dedup", "linear", (line,)), Case("cute", "linear", (line,))]
    for name, expression in cute.items():
        found += [
            Case("show", name, (expression,)),
            Case("show", f"{name} --full", (expression, "--full")),
            Case("show", f"{name} --json", (expression, "--json")),
            Case("cute", name, (expression,)),
            Case("cute", f"{name} --json", (expression, "--json")),
            Case("cute", f"{name}, twice", (expression, expression)),
        ]
    found.append(Case("show", "cute --png", (cute["cute_swizzled"], "--png", str(folder / "p.png"))))
    labelled = ("--shape", "32x32", "--png", str(folder / "l.png"))
    found.append(Case("show", "blocked at 32x32 --png, labelled", (BLOCKED, *labelled)))
    for registers in ("blocked", "mma_v2", "mma_v3", "mfma"):
        for name, layout in {**shared, "cute_swizzled": cute["cute_swizzled"]}.items():
            arguments = (distributed[registers], layout, "--shape", shape, "--dtype", "f16")
            found.append(Case("conflicts", f"{registers} -> {name}", arguments))
    for name, layout in {**shared, "cute_swizzled": cute["cute_swizzled"]}.items():
        arguments = (layout, "--shape", shape, "--dtype", "f16", "--access", "8x8", "--access", "1x64")
        found.append(Case("conflicts", f"{name} --access", arguments))
    for dtype, accesses in (("i8", ("1x8",)), ("f16", ("1x64", "8x8")), ("b128", ("8x1", "1x8", "4x2"))):
        arguments = ("--shape", shape, "--dtype", dtype, *(a for access in accesses for a in ("--access", access)))
        found.append(Case("swizzle", f"{dtype} {' '.join(accesses)}", arguments))
        found.append(Case("swizzle", f"{dtype} --html", (*arguments, "--html", str(folder / "s.html"))))
    pairs = {
        "blocked -> blocked": (BLOCKED, BLOCKED_COLUMNS),
        "mma_v2 -> blocked": (MMA_V2, BLOCKED),
        "blocked -> mma_v2": (BLOCKED, MMA_V2),
        "mma_v3 -> blocked": (MMA_V3, BLOCKED_COLUMNS),
        "mfma -> blocked": (MFMA, BLOCKED_64_LANES),
        "linear -> blocked": (line, BLOCKED),
    }
    simulated = f"{rows // 2}x{cols // 2}"
    for name, (source, destination) in pairs.items():
        arguments = (source, destination, "--shape", shape, "--dtype", "f16")
        found.append(Case("convert", name, arguments))
        found.append(Case("codegen", name, arguments))
        arguments = (source, destination, "--shape", simulated, "--dtype", "f16")
        if name != "linear -> blocked":
            found.append(Case("convert", f"{name} at {simulated}, simulated", arguments))
            found.append(Case("codegen", f"{name} at {simulated}, simulated", arguments))
    page = str(folder / "c.html")
    arguments = (*pairs["mma_v2 -> blocked"], "--shape", shape, "--dtype", "f16", "--html", page)
    found.append(Case("convert", "mma_v2 -> blocked --html", arguments))
    module = folder / "plan.mlir"
    module.write_text(
        f"#a = {BLOCKED}\n#b = {MMA_V2}\n#c = {BLOCKED_COLUMNS}\n"
        'module attributes {"ttg.num-warps" = 4 : i32} {\n'
        f"  func.func @f(%x: tensor<{shape}xf16, #a>) {{\n"
        f"    %0 = ttg.convert_layout %x : tensor<{shape}xf16, #a> -> tensor<{shape}xf16, #b>\n"
        f"    %1 = ttg.convert_layout %x : tensor<{shape}xf16, #a> -> tensor<{shape}xf16, #c>\n"
        "    func.return\n  }\n}\n"
    )
    found.append(Case("plan", "blocked -> mma_v2, blocked -> blocked", (str(module),)))
    return found


@dataclass(frozen=True)
class Run:
    case: Case
    wall: float
    cpu: float
    status: int | None
    """The exit status, ``None`` when the run was stopped at the limit."""
    refusal: str


def run(case: Case, limit: float) -> Run:
    """Run one command line as its own process, its output thrown away."""
    argv = [sys.executable, "-m", "layoutdialect.tools.layout_tool", case.command, *case.arguments]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=limit)
        status: int | None = done.returncode
        refusal = done.stderr.splitlines()[0] if done.returncode and done.stderr else ""
    except subprocess.TimeoutExpired:
        status, refusal = None, ""
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Run(case, wall, cpu, status, refusal)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="layouts of 2^12 elements, to check that it runs")
    parser.add_argument("--only", metavar="COMMAND", help="run only this command's cases")
    parser.add_argument("--limit", type=float, default=120.0, help="stop a run after this many seconds")
    args = parser.parse_args()
    rows_log2, cols_log2 = (6, 6) if args.quick else (10, 10)
    print(f"layouts of {1 << rows_log2}x{1 << cols_log2} = 2^{rows_log2 + cols_log2} elements")
    print(f"{'command':<10} {'layout':<40} {'wall s':>7} {'cpu s':>7} status")
    worst: dict[str, Run] = {}
    ran: set[str] = set()
    with tempfile.TemporaryDirectory() as folder:
        for case in cases(rows_log2, cols_log2, Path(folder)):
            if (args.only and case.command != args.only) or (args.quick and case.command in ran):
                continue
            ran.add(case.command)
            result = run(case, args.limit)
            status = "stopped" if result.status is None else str(result.status)
            note = f"  {result.refusal[:100]}" if result.refusal else ""
            print(
                f"{case.command:<10} {case.label:<40} {result.wall:>7.1f} {result.cpu:>7.1f} {status}{note}", flush=True
            )
            answered = result.status == 0 or result.status is None
            if answered and (case.command not in worst or result.wall > worst[case.command].wall):
                worst[case.command] = result
    print("\nworst run of each command that answers (or is stopped):")
    for command, result in worst.items():
        print(f"{command:<10} {result.case.label:<40} {result.wall:>7.1f} {result.cpu:>7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
