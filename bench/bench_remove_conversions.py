"""``remove-redundant-conversions`` against Triton: conversions left, bytes they move, and speed.

Run ``python bench/bench_remove_conversions.py`` (``--quick`` for a smoke run with two
small synthetic kernels, ``--sizes N ...`` for other sizes than 1k, 2k, 5k, 10k, 20k ops,
``--triton-tests DIR`` to time real kernels too).

Quality: every function of the FileCheck suites brought in from Triton's
``combine.mlir`` and ``canonicalize.mlir`` carries a ``// Triton keeps:`` line
listing the conversions in Triton's expected output.  The table gives, per
function, the conversions before the pass, after ours, and after Triton's, and
the bytes the remaining ones move; ours must never be higher.

Speed: random kernels (``synthetic_kernels.py``) with nested loops and about one
conversion per ten ops, one per size, each measured in ``--runs`` fresh interpreters
(3 by default; each figure the best of them): parse, the pass, print, and the peak
memory they add to the interpreter's; then the whole ``layout-opt`` process on the
same kernel (start-up and the verification after the pass included).  Where Triton
is importable (the ``bench`` extra) the same text also goes through Triton 3.9's
parser, ``remove-layout-conversions`` + CSE and printer, and the table gives the
ratios (the process's against Triton's parse + pass + print).  Below the table, the
log-log slope of each time against the op count from 2k ops up (1.0: linear).

Real kernels, with ``--triton-tests DIR`` (the ``test`` folder of a Triton checkout)
and Triton importable: every ``// -----`` chunk of the ``TritonGPU`` tests that run
``-tritongpu-remove-layout-conversions`` and that both Triton and we accept, its pass
timed in both (the best of several runs, each on a fresh parse, interleaved).  The
table lists the chunks with the highest ratio ours / Triton.

Triton's pipeline inputs, with ``--triton-pipeline``: every module Triton's own compile
feeds the pass (four per kernel) when it compiles the kernels and workloads of
``triton_kernels.py`` on the CPU, timed the same way.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from math import prod
from pathlib import Path
from typing import Any

from synthetic_kernels import synthetic_kernel
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.parser import Parser

from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module, print_module
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.ir.diagnostics import IRError
from layoutdialect.passes.remove_redundant_conversions.op_roles import scalar_bits
from layoutdialect.passes.remove_redundant_conversions.pipeline import RemoveRedundantConversionsPass
from layoutdialect.tools.process import collect_garbage_rarely

SUITE = Path(__file__).resolve().parents[1] / "tests" / "filecheck" / "remove-redundant-conversions"
CHUNK_SEPARATOR = "// -----"
TRITON_KEEPS = re.compile(r"^// Triton keeps: (?P<types>.+)$")
FUNCTION = re.compile(r"^\s*(?:tt|func)\.func\s+(?:(?:public|private)\s+)?@(?P<name>\w+)")


@dataclass(frozen=True)
class Row:
    """One test function: conversions (and their bytes) before, after us, after Triton."""

    file: str
    function: str
    before: int
    ours: int
    ours_bytes: int
    triton: int | None
    triton_bytes: int | None


def tensor_bytes(type: TensorType) -> int:
    return prod(type.get_shape()) * scalar_bits(type.element_type) // 8


def conversions_by_function(module: ModuleOp) -> dict[str, tuple[int, int]]:
    """Count and bytes of the ``ttg.convert_layout`` ops of each function in ``module``."""
    counts = {}
    for func in (op for op in module.walk() if isinstance(op, AnyFuncOp)):
        types = [op.src.type for op in func.walk() if isinstance(op, ConvertLayoutOp)]
        counts[func.sym_name.data] = (len(types), sum(tensor_bytes(t) for t in types if isinstance(t, TensorType)))
    return counts


def triton_expectations(text: str, context: Context) -> dict[str, tuple[int, int] | None]:
    """The ``// Triton keeps:`` line before each function: count and bytes, or ``None``
    where Triton's test does not say."""
    expected: dict[str, tuple[int, int] | None] = {}
    pending = None
    for line in text.splitlines():
        if match := TRITON_KEEPS.match(line):
            pending = match["types"].strip()
        elif (match := FUNCTION.match(line)) and pending == "unspecified":
            expected[match["name"]], pending = None, None
        elif (match := FUNCTION.match(line)) and pending is not None:
            kept = [] if pending == "none" else [t.strip() for t in re.findall(r"tensor<[^>]*>", pending)]
            types = [Parser(context, t).parse_type() for t in kept]
            expected[match["name"]] = (len(types), sum(tensor_bytes(t) for t in types if isinstance(t, TensorType)))
            pending = None
    return expected


def quality_rows() -> list[Row]:
    rows = []
    context = make_context(allow_unregistered=True)
    for path in sorted(SUITE.glob("*.mlir")):
        for chunk in path.read_text().split(CHUNK_SEPARATOR):
            expected = triton_expectations(chunk, context)
            module = parse_module(chunk, path.name, context)
            before = conversions_by_function(module)
            RemoveRedundantConversionsPass().apply(context, module)
            after = conversions_by_function(module)
            for name, triton in expected.items():
                rows.append(Row(path.name, name, before[name][0], *after[name], *(triton or (None, None))))
    return rows


def print_quality(rows: list[Row]) -> None:
    print("conversions left by remove-redundant-conversions, per test function ('-': Triton's test does not say)")
    file_width = max(len("file"), *(len(r.file) for r in rows)) + 2
    name_width = max(len("function"), *(len(r.function) for r in rows)) + 2
    print(
        f"{'file':<{file_width}}{'function':<{name_width}}{'before':>7}{'ours':>6}{'triton':>8}"
        f"{'our bytes':>11}{'triton bytes':>14}"
    )
    worse = 0
    for row in rows:
        flag = ""
        if row.triton is not None and row.triton_bytes is not None:
            if row.ours > row.triton or row.ours_bytes > row.triton_bytes:
                flag, worse = "  WORSE", worse + 1
            elif row.ours < row.triton or row.ours_bytes < row.triton_bytes:
                flag = "  better"
        triton = "-" if row.triton is None else str(row.triton)
        triton_bytes = "-" if row.triton_bytes is None else str(row.triton_bytes)
        print(
            f"{row.file:<{file_width}}{row.function:<{name_width}}{row.before:>7}{row.ours:>6}{triton:>8}"
            f"{row.ours_bytes:>11}{triton_bytes:>14}{flag}"
        )
    compared = [r for r in rows if r.triton is not None and r.triton_bytes is not None]
    ours, triton = sum(r.ours for r in compared), sum(r.triton or 0 for r in compared)
    ours_bytes, triton_bytes = sum(r.ours_bytes for r in compared), sum(r.triton_bytes or 0 for r in compared)
    print(
        f"total over the {len(compared)} functions where Triton's output is documented (of {len(rows)}): "
        f"{ours} conversions ({ours_bytes} bytes) against Triton's {triton} ({triton_bytes} bytes); "
        f"{worse} functions worse than Triton"
    )


SIZES = (1000, 2000, 5000, 10000, 20000)
QUICK_SIZES = (300, 600)
SLOPE_FROM = 2000
"""The pass's log-log slope is fitted from this size up (issue: at most 1.15 from 2k to 20k)."""


def measure(ops: int) -> dict[str, float]:
    """Parse, pass and print seconds and peak memory for one synthetic kernel, in this
    process (run once per size in a fresh interpreter, so the peak is that size's) set up
    as ``layout-opt``'s is (``collect_garbage_rarely``)."""
    text, conversions = synthetic_kernel(ops)
    collect_garbage_rarely()
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    context = make_context()
    start = time.perf_counter()
    module = parse_module(text, "<synthetic>", context)
    parsed = time.perf_counter()
    ops = sum(1 for _ in module.walk())
    RemoveRedundantConversionsPass().apply(context, module)
    passed = time.perf_counter()
    output = print_module(module)
    printed = time.perf_counter()
    figures = {
        "ops": ops,
        "conversions": conversions,
        "left": output.count("ttg.convert_layout"),
        "parse": parsed - start,
        "pass": passed - parsed,
        "print": printed - passed,
        "peak_mib": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - baseline) / 1024,
    }
    figures["process"] = time_layout_opt(text)
    figures.update(measure_triton(text))
    return figures


def time_layout_opt(text: str) -> float:
    """Seconds of a whole ``layout-opt FILE -p remove-redundant-conversions`` process on
    ``text``: start-up, reading, verifying, the pass, verifying again and printing."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as file:
        file.write(text)
        file.flush()
        command = [sys.executable, "-c", LAYOUT_OPT, file.name, "-p", "remove-redundant-conversions"]
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - start


LAYOUT_OPT = "from layoutdialect.tools.layout_opt import cli; cli()"
"""The ``layout-opt`` console script, run with this interpreter."""


def measure_triton(text: str) -> dict[str, float]:
    """Triton 3.9's parse, ``remove-layout-conversions`` + CSE and print of ``text``, where
    Triton is importable; nothing otherwise."""
    try:
        from triton._C.libtriton import ir
    except ImportError:
        return {}
    from triton_oracle import triton_context

    context = triton_context()
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as file:
        file.write(text)
        file.flush()
        start = time.perf_counter()
        module = ir.parse_mlir_module(file.name, context)
        module.context = context
        parsed = time.perf_counter()
        triton_remove_conversions(context).run(module, "bench")
        passed = time.perf_counter()
        str(module)
        printed = time.perf_counter()
    return {"triton_parse": parsed - start, "triton_pass": passed - parsed, "triton_print": printed - passed}


def triton_remove_conversions(context: Any) -> Any:
    """Triton 3.9's ``remove-layout-conversions`` + CSE, as a pass manager on ``context``."""
    from triton._C.libtriton import ir, passes

    manager = ir.pass_manager(context)
    passes.ttgpuir.add_remove_layout_conversions(manager)
    passes.common.add_cse(manager)
    return manager


def triton_amd_layout_passes(context: Any) -> Any:
    """Triton 3.9's AMD layout passes as its AMD pipeline runs them after accelerating the
    matmuls: ``remove-layout-conversions``, ``optimize-epilogue``, ``hoist-layout-conversions``
    and ``sink-layout-conversions``, with CSE after them."""
    from triton._C.libtriton import amd, ir, passes

    manager = ir.pass_manager(context)
    passes.ttgpuir.add_remove_layout_conversions(manager)
    amd.passes.ttgpuir.add_optimize_epilogue(manager)
    amd.passes.ttgpuir.add_hoist_layout_conversions(manager)
    amd.passes.ttgpuir.add_sink_layout_conversions(manager)
    passes.common.add_cse(manager)
    return manager


def slope(points: list[tuple[int, float]]) -> float:
    """The least-squares slope of log(seconds) over log(ops)."""
    xs = [math.log(ops) for ops, _ in points]
    ys = [math.log(seconds) for _, seconds in points]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys)) / sum((x - mean_x) ** 2 for x in xs)


SCALING_RUNS = 3
"""Fresh interpreters per size; each figure is the best of them (the peak, the largest)."""


def best_of_runs(ops: int, runs: int) -> dict[str, float]:
    """``measure(ops)`` in ``runs`` fresh interpreters, each time the best and the peak
    memory the largest: a single run of a small kernel moved the fitted slope by 0.1."""
    best: dict[str, float] = {}
    for _ in range(runs):
        child = subprocess.run(
            [sys.executable, __file__, "--measure", str(ops)], capture_output=True, text=True, check=True
        )
        for key, value in json.loads(child.stdout.splitlines()[-1]).items():
            keep = max if key == "peak_mib" else min
            best[key] = value if key not in best else keep(best[key], value)
    return best


def print_scaling(sizes: tuple[int, ...], runs: int) -> None:
    rows = [best_of_runs(ops, runs) for ops in sizes]
    triton = all("triton_pass" in row for row in rows)
    print("\nsynthetic kernels: seconds to parse, run remove-redundant-conversions, and print; peak memory")
    header = f"{'ops':>7}{'cvts':>6}{'left':>6}{'parse':>8}{'pass':>8}{'print':>8}{'total':>8}{'peak MiB':>10}"
    header += f"{'process':>9}"
    if triton:
        header += f"{'Triton pass':>13}{'pass ratio':>12}{'Triton total':>14}{'total ratio':>13}{'process ratio':>15}"
    print(header)
    for row in rows:
        total = row["parse"] + row["pass"] + row["print"]
        line = (
            f"{row['ops']:>7}{row['conversions']:>6}{row['left']:>6}{row['parse']:>8.2f}{row['pass']:>8.2f}"
            f"{row['print']:>8.2f}{total:>8.2f}{row['peak_mib']:>10.0f}{row['process']:>9.2f}"
        )
        if triton:
            theirs = row["triton_parse"] + row["triton_pass"] + row["triton_print"]
            line += (
                f"{row['triton_pass']:>13.3f}{row['pass'] / row['triton_pass']:>12.1f}"
                f"{theirs:>14.3f}{total / theirs:>13.1f}{row['process'] / theirs:>15.1f}"
            )
        print(line)
    fitted = [row for row in rows if row["ops"] >= SLOPE_FROM] if len(sizes) > 2 else rows
    for stage in ("parse", "pass", "print"):
        print(f"log-log slope of {stage} time: {slope([(row['ops'], row[stage]) for row in fitted]):.2f}")
    if triton:
        print(f"log-log slope of Triton's pass time: {slope([(r['ops'], r['triton_pass']) for r in fitted]):.2f}")
    else:
        print("Triton is not importable here: install the bench extra to compare")


REAL_KERNEL_RUNS = 7
WORST_SHOWN = 10


@dataclass(frozen=True)
class RealKernel:
    """One chunk of a Triton test: where it is, its size, and both passes' best time."""

    file: str
    chunk: int
    ops: int
    ours: float
    triton: float


def real_kernel_chunks(tests: Path) -> list[tuple[str, int, str]]:
    """``(file, chunk index, text)`` of every chunk of the ``TritonGPU`` tests whose RUN
    line runs Triton's remove-layout-conversions pass."""
    chunks = []
    for path in sorted((tests / "TritonGPU").rglob("*.mlir")):
        text = path.read_text()
        if not any("remove-layout-conversions" in line for line in text.splitlines() if "RUN:" in line):
            continue
        name = str(path.relative_to(tests))
        chunks += [(name, index, chunk) for index, chunk in enumerate(text.split(CHUNK_SEPARATOR))]
    return chunks


def time_real_kernel(name: str, index: int, text: str) -> RealKernel | None:
    """Both passes' best time on one chunk, or ``None`` where either side rejects it."""
    from triton._C.libtriton import ir
    from triton_oracle import triton_context

    context = make_context()
    try:
        ops = sum(1 for _ in parse_module(text, name, context).walk())
    except IRError:
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as file:
        file.write(text)
        file.flush()
        ours, theirs = math.inf, math.inf
        for _ in range(REAL_KERNEL_RUNS):
            module = parse_module(text, name, context)
            start = time.perf_counter()
            try:
                RemoveRedundantConversionsPass().apply(context, module)
            except IRError:
                return None
            ours = min(ours, time.perf_counter() - start)
            their_context = triton_context()
            try:
                their_module = ir.parse_mlir_module(file.name, their_context)
                their_module.context = their_context
                manager = triton_remove_conversions(their_context)
                start = time.perf_counter()
                manager.run(their_module, "bench")
            except RuntimeError:
                return None
            theirs = min(theirs, time.perf_counter() - start)
    return RealKernel(name, index, ops, ours, theirs)


def print_real_kernels(tests: Path) -> None:
    try:
        import triton  # noqa: F401
    except ImportError:
        print("\nTriton is not importable here: real kernels need it (the bench extra)")
        return
    collect_garbage_rarely()
    kernels = [k for k in (time_real_kernel(*chunk) for chunk in real_kernel_chunks(tests)) if k is not None]
    if not kernels:
        print(f"\nno chunk of {tests}/TritonGPU runs remove-layout-conversions and parses on both sides")
        return
    _print_timings(f"real kernels: {len(kernels)} chunks of Triton's remove-layout-conversions tests", kernels)


def _print_timings(title: str, kernels: list[RealKernel]) -> None:
    """The ratio of the passes' times over ``kernels``, and the worst ``WORST_SHOWN``."""
    kernels = sorted(kernels, key=lambda k: k.ours / k.triton, reverse=True)
    ratios = sorted(k.ours / k.triton for k in kernels)
    print(
        f"\n{title}, pass only (best of {REAL_KERNEL_RUNS}); ratio ours / Triton median "
        f"{ratios[len(ratios) // 2]:.1f}, over 5x: {sum(r > 5 for r in ratios)}, "
        f"over 10x: {sum(r > 10 for r in ratios)}"
    )
    print(f"{'file':<48}{'chunk':>6}{'ops':>6}{'ours ms':>9}{'Triton ms':>11}{'ratio':>7}")
    for k in kernels[:WORST_SHOWN]:
        print(f"{k.file:<48}{k.chunk:>6}{k.ops:>6}{k.ours * 1e3:>9.2f}{k.triton * 1e3:>11.2f}{k.ours / k.triton:>7.1f}")


PASS_DUMP = re.compile(r"// -----// IR Dump Before ([^\n]*)//----- //\n")
"""The header ``MLIR_ENABLE_DUMP`` prints before each pass's input."""


def pipeline_inputs() -> list[tuple[str, int, str]]:
    """Each module Triton's own compile feeds its remove-layout-conversions pass, over the
    kernels and workloads of ``triton_kernels.py``: ``(kernel, index, text)``, read from
    the IR Triton prints before every pass with ``MLIR_ENABLE_DUMP`` (on its C++ stderr)."""
    import os
    import threading

    import triton
    from triton_kernels import AMD_WORKLOADS, KERNELS, WORKLOADS

    triton.knobs.compilation.always_compile = True
    inputs = []
    for name, kernel in {**KERNELS, **WORKLOADS, **AMD_WORKLOADS}.items():
        read, write = os.pipe()
        saved = os.dup(2)
        printed: list[str] = []

        def drain_pipe(pipe: int = read, into: list[str] = printed) -> None:
            with os.fdopen(pipe) as lines:
                into.append(lines.read())

        drain = threading.Thread(target=drain_pipe)
        drain.start()
        os.dup2(write, 2)
        os.close(write)
        os.environ["MLIR_ENABLE_DUMP"] = "1"
        try:
            kernel.compile()
        finally:
            os.environ.pop("MLIR_ENABLE_DUMP")
            os.dup2(saved, 2)
            os.close(saved)
            drain.join()
        parts = PASS_DUMP.split(printed[0])
        befores = [parts[i + 1] for i in range(1, len(parts), 2) if "tritongpu-remove-layout-conversions" in parts[i]]
        inputs += [(name, index, text.split(CHUNK_SEPARATOR)[0]) for index, text in enumerate(befores)]
    return inputs


def print_pipeline_inputs() -> None:
    try:
        import triton  # noqa: F401
    except ImportError:
        print("\nTriton is not importable here: its pipeline inputs need it (the triton extra)")
        return
    collect_garbage_rarely()
    inputs = pipeline_inputs()
    kernels = [k for k in (time_real_kernel(*each) for each in inputs) if k is not None]
    title = f"Triton's pipeline inputs: {len(kernels)} of the {len(inputs)} modules its compile feeds the pass"
    _print_timings(title, kernels)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two small synthetic kernels")
    parser.add_argument("--sizes", type=int, nargs="+", help=f"synthetic kernel sizes in ops (default {SIZES})")
    parser.add_argument(
        "--runs",
        type=int,
        help=f"fresh runs per synthetic size, the best kept (default {SCALING_RUNS}; 1 with --quick)",
    )
    parser.add_argument("--measure", type=int, metavar="OPS", help=argparse.SUPPRESS)
    parser.add_argument(
        "--triton-tests", type=Path, metavar="DIR", help="a Triton checkout's test folder: time its real kernels too"
    )
    parser.add_argument(
        "--triton-pipeline",
        action="store_true",
        help="time the modules Triton's own compile feeds the pass, over bench/triton_kernels.py",
    )
    parser.add_argument("--only-real", action="store_true", help="with --triton-tests: skip the other tables")
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure)))
        return
    if not args.only_real:
        print_quality(quality_rows())
        runs = args.runs or (1 if args.quick else SCALING_RUNS)
        print_scaling(QUICK_SIZES if args.quick else tuple(args.sizes or SIZES), runs)
    if args.triton_tests:
        print_real_kernels(args.triton_tests)
    if args.triton_pipeline:
        print_pipeline_inputs()


if __name__ == "__main__":
    main()
