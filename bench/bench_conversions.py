"""Per conversion of Triton's measured corpus: our path and counts beside Triton's, and the time to plan and lower.

Run ``python bench/bench_conversions.py`` (``--quick`` for a smoke run,
``--repeat N`` for the number of timed runs, 50 by default; each time is the
best of them, as this machine's clock is noisy).

Our counts are those of the emitted code: ``gpu.shuffle`` and ``arith.select``.
Triton's are its PTX ``shfl.sync`` and ``selp`` + ``prmt`` (byte permutes do
the selects' work on packed registers), as measured on Triton 3.9's PTX
(``conversion_corpus.TRITON_COUNTS``).
``ratio`` is our shuffles + selects over Triton's, where Triton needs any.
Times: ``plan`` is ``plan_layout_conversion`` on the two linear layouts (for shared
memory this includes choosing the scratch layout); ``lower`` is
``lower_detached`` (the thread-level ops on a fresh block); ``verify`` runs the
lowering on the simulated CTA (warps in step and, with shared memory, in both
adversarial orders).

A second table compares the shared-memory round trips with Triton's sm_80 code:
accesses (count x bits per lane), wavefronts per warp, CTA barriers, scratch
bytes and reps.  Our wavefronts are exact (``access_cost``); the lower bound is
every access conflict-free at our widths.  Triton's are its instruction counts
times the phases of each access (``ldmatrix.x4`` takes four), as its swizzle is
conflict-free on these cases.

Last, ``--pairs N`` random conversions (150, 10 with ``--quick``; ``--seed S``, 0 by
default; ``random_conversion_pairs``) are lowered, verified and counted for sm_80 and sm_90
and compared with Triton 3.9's PTX for the same kernels, as many pairs of 64-lane
waves for AMD's gfx942 and gfx950 with its AMDGCN (``--amd-pairs N``; 0 skips them), and
as many of RDNA's 32-lane waves for gfx1100 (``--rdna-pairs N``)
(``conversion_comparison`` says what is counted on each side): per target, how many pairs
we do better, equally and worse on each measure, then every pair and measure where we are
worse, with both paths and Triton's shared-memory instructions.  Triton runs under ``--triton-python PATH`` (default
``$TRITON_PYTHON``, else ``~/.cache/triton-venv/bin/python`` when it exists) through
``triton_conversion_oracle.py``, which caches its answers in ``~/.cache/layoutdialect``;
without it (or with ``--no-triton``) every pair's counts of ours are printed, and why.
``--details`` prints every pair's counts beside Triton's as well.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable
from functools import partial

from conversion_comparison import AMD_TARGETS, CTX, RDNA_TARGETS, find_triton_python, report, tensor_type
from conversion_corpus import CORPUS, TRITON_COUNTS, TRITON_SM80_SHARED, Case, SharedAccess
from random_conversion_pairs import RDNA_FAMILIES, random_pairs
from xdsl.parser import Parser

from layoutdialect import LinearLayout, to_linear_layout
from layoutdialect.analysis.conversion import choose_strategy
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.lowering.layout_conversion import lower_detached, plan_layout_conversion
from layoutdialect.sim.verify import verify_conversion
from layoutdialect.target import Target

SM80 = Target.named("cuda:80")
MEMORY = SM80.shared


def best_microseconds(function: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def layouts(case: Case) -> tuple[LinearLayout, LinearLayout, int]:
    _, src_text, dst_text, shape, element_name, _ = case
    element = Parser(CTX, element_name).parse_type()
    src = to_linear_layout(Parser(CTX, src_text).parse_attribute().data, shape)  # type: ignore[attr-defined]
    dst = to_linear_layout(Parser(CTX, dst_text).parse_attribute().data, shape)  # type: ignore[attr-defined]
    return src, dst, bit_width(element)


def measure(case: Case, repeat: int, totals: Counter[str]) -> str:
    """The table row of one corpus case; adds its instruction counts, ours and Triton's, to ``totals``."""
    name, src_text, dst_text, shape, element_name, _ = case
    element = Parser(CTX, element_name).parse_type()
    source, result = tensor_type(element, shape, src_text), tensor_type(element, shape, dst_text)
    src: LinearLayout = to_linear_layout(source.encoding.data, shape)  # type: ignore[attr-defined]
    dst: LinearLayout = to_linear_layout(result.encoding.data, shape)  # type: ignore[attr-defined]
    bits = bit_width(element)
    triton_path, triton_shuffles, triton_selects = TRITON_COUNTS[name]

    conversion = plan_layout_conversion(src, dst, bits, MEMORY)
    plan = conversion.strategy
    plan_us = best_microseconds(partial(plan_layout_conversion, src, dst, bits, MEMORY), repeat)
    row = f"{name:<32}{triton_path:<28}{triton_shuffles:>5}{triton_selects:>5}  "
    lower_us = best_microseconds(partial(lower_detached, conversion, source, result), repeat)
    block, alloc, code = lower_detached(conversion, source, result)
    scratch = alloc.memref if alloc is not None else None
    verify_start = time.perf_counter()
    verify_conversion(code.ops, block.args[0], code.result, src, dst, bits, scratch=scratch)
    verify_ms = (time.perf_counter() - verify_start) * 1e3

    counts = Counter(op.name for op in code.ops)
    shuffles, selects = counts["gpu.shuffle"], counts["arith.select"]
    ours, theirs = shuffles + selects, triton_shuffles + triton_selects
    totals.update(ours=ours, theirs=theirs)
    ratio = f"{ours / theirs:.2f}" if theirs else "-"
    counted = f"{plan.path.value:<22}{shuffles:>5}{selects:>5}{ratio:>7}"
    return f"{row}{counted}{plan_us:>9.1f}{lower_us:>10.1f}{verify_ms:>11.1f}"


def phases(bits: int) -> int:
    return 1 << MEMORY.phase_lane_bits(bits, SM80.lanes)


def triton_wavefronts(access: SharedAccess) -> int:
    count, bits, instruction = access
    return count * (4 if instruction.startswith("ldmatrix") else phases(bits))


def shared_row(case: Case) -> tuple[str, list[str]]:
    """Our round trip beside Triton's sm_80 one, and notes where we differ."""
    name = case[0]
    (st, ld, bars, scratch_bytes, reps) = TRITON_SM80_SHARED[name]
    plan = choose_strategy(*layouts(case), MEMORY)
    assert plan.scratch is not None
    ours = plan.scratch
    store, load = ours.store.cost, ours.load.cost
    bound = store.instructions * store.phases + load.instructions * load.phases
    triton_wf = triton_wavefronts(st) + triton_wavefronts(ld)

    def access(count: int, bits: int, instruction: str = "") -> str:
        return f"{count}x{bits}" + ("*" if instruction.startswith(("ldmatrix", "stmatrix")) else "")

    theirs = f"{access(*st):>8}{access(*ld):>8}{triton_wf:>6}{bars:>5}{scratch_bytes:>8}{reps:>5}"
    wavefronts = store.total_wavefronts + load.total_wavefronts
    stores = access(store.instructions, store.vector_bits, ours.store.instruction(load=False))
    accesses = f"{stores:>8}{access(load.instructions, load.vector_bits, ours.load.instruction(load=True)):>8}"
    costs = f"{wavefronts:>6}{bound:>6}{wavefronts / triton_wf:>6.2f}"
    mine = f"{accesses}{costs}{ours.barriers:>5}{ours.scratch_bytes:>8}{ours.reps:>5}"
    notes = []
    for side, triton_side, access in (("stores", st, ours.store), ("loads", ld, ours.load)):
        instruction = access.instruction(load=side == "loads")
        if triton_side[2].split(".")[0] != instruction.split(".")[0]:
            notes.append(f"Triton {side} with {triton_side[2]}, we with {instruction}")
    if store.vector_bits < st[1] or load.vector_bits < ld[1]:
        notes.append("narrower accesses than Triton's")
    if ours.scratch_bytes > scratch_bytes:
        notes.append("larger buffer than Triton's")
    if wavefronts > bound:
        notes.append("bank conflicts are unavoidable at these widths")
    return f"{name:<32}{theirs}   {mine}", notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="time each step once, to check that it runs")
    parser.add_argument("--repeat", type=int, default=50, help="timed runs per step; the best is shown")
    parser.add_argument("--pairs", type=int, help="random pairs to compare with Triton (150; 10 with --quick)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the random pairs")
    parser.add_argument("--amd-pairs", type=int, help="random pairs of 64-lane waves for AMD (default: as --pairs)")
    parser.add_argument(
        "--rdna-pairs", type=int, help="random pairs of 32-lane waves for AMD's RDNA, gfx1100 (default: as --pairs)"
    )
    parser.add_argument(
        "--triton-python",
        help="a Python that imports triton 3.9 (default: $TRITON_PYTHON, else ~/.cache/triton-venv/bin/python)",
    )
    parser.add_argument("--no-triton", action="store_true", help="compare nothing with Triton: our counts alone")
    parser.add_argument("--details", action="store_true", help="with Triton, also print every pair's counts")
    args = parser.parse_args()
    repeat = 1 if args.quick else args.repeat

    header = f"{'case':<32}{'Triton path':<28}{'shfl':>5}{'sel':>5}  {'our path':<22}{'shfl':>5}{'sel':>5}"
    print(f"{header}{'ratio':>7}{'plan us':>9}{'lower us':>10}{'verify ms':>11}")
    totals: Counter[str] = Counter()
    for case in CORPUS:
        print(measure(case, repeat, totals))
    print(
        f"in registers and warps: {totals['ours']} shuffles + selects against Triton's {totals['theirs']}"
        f" ({totals['ours'] / totals['theirs']:.2f}x)"
    )
    print()
    print(f"{'shared memory (per warp)':<32}{'Triton sm_80':<40}   ours")
    columns = f"{'st':>8}{'ld':>8}{'wf':>6}{'bar':>5}{'bytes':>8}{'reps':>5}"
    ours = f"{'st':>8}{'ld':>8}{'wf':>6}{'bound':>6}{'ratio':>6}{'bar':>5}{'bytes':>8}{'reps':>5}"
    print(f"{'case':<32}{columns}   {ours}")
    for case in CORPUS:
        if case[0] in TRITON_SM80_SHARED:
            row, notes = shared_row(case)
            print(row)
            for note in notes:
                print(f"{'':<34}- {note}")
    print("* ldmatrix/stmatrix: 128 bits per lane, in the rows of 8 lanes; wf ratio = ours / Triton")

    count = args.pairs if args.pairs is not None else 10 if args.quick else 150
    triton = (None, "--no-triton") if args.no_triton else find_triton_python(args.triton_python)
    report(random_pairs(count, args.seed), args.seed, triton, args.details)
    amd_count = count if args.amd_pairs is None else args.amd_pairs
    if amd_count:
        report(random_pairs(amd_count, args.seed, lanes=64), args.seed, triton, args.details, AMD_TARGETS)
    rdna_count = count if args.rdna_pairs is None else args.rdna_pairs
    if rdna_count:
        rdna_pairs = random_pairs(rdna_count, args.seed, lanes=32, families=RDNA_FAMILIES)
        report(rdna_pairs, args.seed, triton, args.details, RDNA_TARGETS)


if __name__ == "__main__":
    main()
