"""``assign-layouts`` against Triton 3.9's remove-layout-conversions + CSE, both priced by
the cost model (``layout-tool cost``), function by function, in one run:

- the modules Triton's own compile feeds its pass over ``triton_kernels.py``
  (``--triton-pipeline``), its ``KERNELS`` and ``WORKLOADS`` apart and together, its
  ``AMD_WORKLOADS`` apart, and
  whether another arrangement of the MMA's warps than ``accelerate-matmul``'s would
  pay (each module with a register MMA solved once per arrangement);
- the functions of Triton's lit tests (``--triton-tests DIR``, a checkout's ``test``
  folder), where Triton also reads our output back;
- random kernels of ``synthetic_kernels.py`` (always; against our remove pass, since
  Triton does not read them).

For each: the total modelled cost of both and of our remove pass (the warm start), the
functions cheaper and dearer, the status and gap of every solve, and its time.  Needs Triton 3.9 for the first two.

    python bench/bench_assign_layouts.py [--triton-pipeline] [--triton-tests DIR] [--random N | --quick]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import statistics
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from synthetic_kernels import synthetic_kernel
from xdsl.dialects.builtin import ModuleOp

from layoutdialect import make_context, parse_module, print_module
from layoutdialect.cost import function_cost
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.passes.assign_layouts.assignment import Assignment, assign_layouts
from layoutdialect.tools.process import collect_garbage_rarely

CONTEXT = make_context()
REMOVE_PASS = "remove-redundant-conversions"


@dataclass(frozen=True)
class Compared:
    """One function: the modelled cost of the reference (Triton's pass, or our remove pass
    for random kernels) and of ``assign-layouts``, its assignment and the solve's time."""

    where: str
    reference: float
    assignment: Assignment
    seconds: float


def _functions(module: ModuleOp) -> list[AnyFuncOp]:
    return [op for op in module.walk() if isinstance(op, AnyFuncOp) and op.body.blocks]


def _single_block(module: ModuleOp) -> bool:
    return not any(len(region.blocks) > 1 for op in module.walk() for region in op.regions)


def _assigned(module: ModuleOp, where: str, reference: dict[str, float]) -> Iterator[Compared]:
    for func in _functions(module):
        started = time.perf_counter()
        with contextlib.redirect_stderr(io.StringIO()):
            assignment = assign_layouts(func)
        name = func.sym_name.data
        if name in reference:
            yield Compared(f"{where} @{name}", reference[name], assignment, time.perf_counter() - started)


def _triton_output(text: str, amd: bool = False) -> str | None:
    """Triton's remove-layout-conversions + CSE of ``text`` (with ``amd``, its AMD layout
    passes), printed; ``None`` where it refuses."""
    from bench_remove_conversions import triton_amd_layout_passes, triton_remove_conversions
    from triton._C.libtriton import ir
    from triton_oracle import triton_context

    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as file:
        file.write(text)
        file.flush()
        context = triton_context()
        try:
            module = ir.parse_mlir_module(file.name, context)
            module.context = context
            (triton_amd_layout_passes if amd else triton_remove_conversions)(context).run(module, "bench")
        except RuntimeError:
            return None
        return str(module)


def _triton_reads(text: str) -> bool:
    from triton._C.libtriton import ir
    from triton_oracle import triton_context

    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as file:
        file.write(text)
        file.flush()
        try:
            ir.parse_mlir_module(file.name, triton_context())
        except RuntimeError:
            return False
    return True


def _against_triton(text: str, where: str, check_reread: bool, amd: bool = False) -> tuple[list[Compared], bool]:
    """Each function of ``text`` against Triton's output (with ``amd``, of its AMD layout
    passes), and whether Triton reads ours."""
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            ours = parse_module(text, where, CONTEXT)
    except ValueError:
        return [], True
    if not _single_block(ours):
        return [], True
    theirs_text = _triton_output(text, amd)
    if theirs_text is None:
        return [], True
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            theirs = parse_module(theirs_text, where, CONTEXT)
            reference = {f.sym_name.data: function_cost(f).cost for f in _functions(theirs)}
    except ValueError:
        return [], True
    compared = list(_assigned(ours, where, reference))
    return compared, (not check_reread) or _triton_reads(print_module(ours))


def _print_summary(title: str, rows: list[Compared], reference: str) -> None:
    if not rows:
        print(f"\n{title}: nothing to compare")
        return
    cheaper = sum(row.assignment.cost < row.reference for row in rows)
    dearer = [row for row in rows if row.assignment.cost > row.reference]
    total_reference = sum(row.reference for row in rows)
    total_ours = sum(row.assignment.cost for row in rows)
    below = 100 * (1 - total_ours / total_reference) if total_reference else 0.0
    statuses: dict[str, int] = {}
    for row in rows:
        statuses[row.assignment.status] = statuses.get(row.assignment.status, 0) + 1
    gaps = [row.assignment.gap for row in rows]
    seconds = [row.seconds for row in rows]
    print(f"\n{title}: {len(rows)} functions")
    totals = f"{reference} {total_reference:.0f}, assign-layouts {total_ours:.0f} ({below:.2f}% below)"
    print(f"  total modelled cost: {totals}")
    print(f"  cheaper than {reference}: {cheaper}; dearer: {len(dearer)}")
    if reference != REMOVE_PASS:
        warm = [row.assignment.warm_start for row in rows]
        same = sum(w == row.reference for w, row in zip(warm, rows))
        above = sum(w > row.reference for w, row in zip(warm, rows))
        print(f"  {REMOVE_PASS}, the warm start: {sum(warm):.0f}; as {reference} on {same}, dearer on {above}")
    print(f"  status: {', '.join(f'{k} {v}' for k, v in sorted(statuses.items()))}; gap at most {max(gaps):.1%}, "
          f"within 2% on {100 * sum(g <= 0.02 for g in gaps) / len(gaps):.0f}% of functions")  # fmt: skip
    timing = f"median {statistics.median(seconds):.3f} s, at most {max(seconds):.2f} s"
    print(f"  time per function ({REMOVE_PASS}, solve and rebuild): {timing}")
    for row in sorted(dearer, key=lambda row: row.assignment.cost - row.reference, reverse=True)[:10]:
        print(f"    dearer: {row.where}: {row.reference:.0f} -> {row.assignment.cost:.0f}")


def pipeline() -> None:
    from bench_remove_conversions import pipeline_inputs
    from triton_kernels import AMD_WORKLOADS, WORKLOADS

    kernels: list[Compared] = []
    workloads: list[Compared] = []
    amd: list[Compared] = []
    inputs = pipeline_inputs()
    for name, index, text in inputs:
        compared, _ = _against_triton(text, f"{name}_{index}", check_reread=False)
        (amd if name in AMD_WORKLOADS else workloads if name in WORKLOADS else kernels).extend(compared)
    _print_summary("Triton's pipeline inputs: KERNELS (triton_kernels.py)", kernels, "Triton's pass")
    _print_summary("Triton's pipeline inputs: WORKLOADS (triton_kernels.py)", workloads, "Triton's pass")
    _print_summary("Triton's pipeline inputs: KERNELS and WORKLOADS", kernels + workloads, "Triton's pass")
    _print_summary("Triton's pipeline inputs: AMD_WORKLOADS (gfx942, gfx950, gfx1100)", amd, "Triton's pass")
    amd_pipeline = [
        row
        for name, index, text in inputs
        if name in AMD_WORKLOADS
        for row in _against_triton(text, f"{name}_{index}", check_reread=False, amd=True)[0]
    ]
    _print_summary("the same, against Triton's AMD layout passes", amd_pipeline, "Triton's AMD passes")
    mma_arrangements(text for _, _, text in inputs)


MMA_WARPS = re.compile(
    r"(= #ttg\.(?:nvidia_mma<\{versionMajor = 2|amd_mfma<\{|amd_wmma<\{)[^\n]*?warpsPerCTA = )\[(\d+), (\d+)\]"
)
"""A register MMA encoding whose warps may be arranged freely (``nvidia_mma`` v2, AMD's
``amd_mfma`` and ``amd_wmma``; Hopper's warp groups and Blackwell's tensor memory fix
theirs), and its ``warpsPerCTA``."""


def mma_arrangements(texts: Iterable[str]) -> None:
    """Whether a choice of the MMA's ``warpsPerCTA`` (which ``accelerate-matmul`` fixes
    and ``assign-layouts`` takes as given) would pay: each module with a register MMA,
    solved once with every arrangement of its warps (the same for each MMA in it)."""
    best_is_triton, modules, saving, total = 0, 0, 0.0, 0.0
    for text in texts:
        found = MMA_WARPS.search(text)
        if found is None:
            continue
        warps = int(found[2]) * int(found[3])
        costs = {}
        for rows in (2**i for i in range(warps.bit_length()) if warps % 2**i == 0):
            arranged = MMA_WARPS.sub(rf"\g<1>[{rows}, {warps // rows}]", text)
            with contextlib.redirect_stderr(io.StringIO()):
                module = parse_module(arranged, "arranged", CONTEXT)
                costs[rows] = sum(assign_layouts(func).cost for func in _functions(module))
        modules += 1
        best_is_triton += costs[int(found[2])] <= min(costs.values())
        saving += costs[int(found[2])] - min(costs.values())
        total += costs[int(found[2])]
    print(f"\nMMA warp arrangements ({modules} modules with a register MMA, each solved per arrangement):")
    print(f"  Triton's arrangement the cheapest on {best_is_triton}; the best saves {saving:.0f} of {total:.0f}")


def lit_tests(tests: Path) -> None:
    rows: list[Compared] = []
    unread = 0
    for path in sorted(tests.rglob("*.mlir")):
        for index, chunk in enumerate(path.read_text(errors="replace").split("// -----")):
            if "tt.func" not in chunk:
                continue
            compared, reread = _against_triton(chunk, f"{path.relative_to(tests)}#{index}", check_reread=True)
            rows += compared
            unread += bool(compared) and not reread
    _print_summary("Triton's lit tests", rows, "Triton's pass")
    print(f"  chunks of ours Triton does not read back: {unread}")


def random_kernels(count: int) -> None:
    from layoutdialect.passes.remove_redundant_conversions.pipeline import remove_redundant_conversions

    rows: list[Compared] = []
    for seed in range(count):
        text, _ = synthetic_kernel(10 + (seed * 37) % 140, seed)
        removed = parse_module(text, "kernel", CONTEXT)
        reference = {}
        for func in _functions(removed):
            remove_redundant_conversions(func)
            reference[func.sym_name.data] = function_cost(func).cost
        rows += _assigned(parse_module(text, "kernel", CONTEXT), f"seed {seed}", reference)
    _print_summary("random kernels (synthetic_kernels.py)", rows, REMOVE_PASS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--triton-pipeline", action="store_true", help="Triton's pipeline inputs over triton_kernels.py"
    )
    parser.add_argument("--triton-tests", type=Path, metavar="DIR", help="a Triton checkout's test folder")
    parser.add_argument("--random", type=int, default=30, metavar="N", help="random kernels (default 30)")
    parser.add_argument("--quick", action="store_true", help="three random kernels")
    args = parser.parse_args()
    collect_garbage_rarely()
    random_kernels(3 if args.quick else args.random)
    if args.triton_pipeline:
        pipeline()
    if args.triton_tests is not None:
        lit_tests(args.triton_tests)


if __name__ == "__main__":
    main()
