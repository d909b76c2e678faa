"""Per conversion of Triton's measured corpus: our path and counts beside Triton's, and the time to plan and lower.

Run ``python bench/bench_conversions.py`` (``--quick`` for a smoke run,
``--repeat N`` for the number of timed runs, 50 by default; each time is the
best of them, as this machine's clock is noisy).

Our counts are those of the emitted code: ``gpu.shuffle`` and ``arith.select``.
Triton's are its PTX ``shfl.sync`` and ``selp`` + ``prmt`` (byte permutes do
the selects' work on packed registers), from shared/bench/triton-conversion-counts.md.
``ratio`` is our shuffles + selects over Triton's, where Triton needs any.
Conversions through shared memory are planned but not lowered yet ("kept").
Times: ``plan`` is ``plan_conversion`` on the two linear layouts; ``lower`` is
``emit_conversion``; ``verify`` runs the lowering on the simulated CTA once.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable
from functools import partial

from conversion_corpus import CORPUS, TRITON_COUNTS, Case
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, Block
from xdsl.parser import Parser

from layoutdialect import LinearLayout, make_context, to_linear_layout
from layoutdialect.analysis.conversion import ConversionPath, ConversionPlan, plan_conversion
from layoutdialect.passes.thread_ir import emit_conversion
from layoutdialect.sim.cta import bit_width
from layoutdialect.sim.verify import verify_conversion

CTX = make_context()
LOWERED = (ConversionPath.NONE, ConversionPath.REGISTERS, ConversionPath.WARP_SHUFFLES)


def best_microseconds(function: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def tensor_type(element: Attribute, shape: list[int], encoding: str) -> TensorType[Attribute]:
    return TensorType(element, shape, Parser(CTX, encoding).parse_attribute())


def lower(plan: ConversionPlan, source: TensorType[Attribute], result: TensorType[Attribute], lanes: int) -> Block:
    """A block whose one argument has type ``source``, holding the lowered conversion."""
    block = Block(arg_types=[source])
    block.add_ops(emit_conversion(block.args[0], result, plan, lanes).ops)
    return block


def measure(case: Case, repeat: int, totals: Counter[str]) -> str:
    """The table row of one corpus case; adds its instruction counts, ours and Triton's, to ``totals``."""
    name, src_text, dst_text, shape, element_name, _ = case
    element = Parser(CTX, element_name).parse_type()
    source, result = tensor_type(element, shape, src_text), tensor_type(element, shape, dst_text)
    src: LinearLayout = to_linear_layout(source.encoding.data, shape)  # type: ignore[attr-defined]
    dst: LinearLayout = to_linear_layout(result.encoding.data, shape)  # type: ignore[attr-defined]
    bits, lanes = bit_width(element), src.get_in_dim_size("lane")
    triton_path, triton_shuffles, triton_selects = TRITON_COUNTS[name]

    plan = plan_conversion(src, dst, bits)
    plan_us = best_microseconds(partial(plan_conversion, src, dst, bits), repeat)
    row = f"{name:<32}{triton_path:<28}{triton_shuffles:>5}{triton_selects:>5}  "
    if plan.path not in LOWERED:
        return f"{row}{'kept: ' + plan.path.value:<22}{'':>17}{plan_us:>9.1f}"
    lower_us = best_microseconds(partial(lower, plan, source, result, lanes), repeat)
    block = Block(arg_types=[source])
    code = emit_conversion(block.args[0], result, plan, lanes)
    verify_start = time.perf_counter()
    verify_conversion(code.ops, block.args[0], code.result, src, dst, bits)
    verify_ms = (time.perf_counter() - verify_start) * 1e3

    counts = Counter(op.name for op in code.ops)
    shuffles, selects = counts["gpu.shuffle"], counts["arith.select"]
    ours, theirs = shuffles + selects, triton_shuffles + triton_selects
    totals.update(ours=ours, theirs=theirs)
    ratio = f"{ours / theirs:.2f}" if theirs else "-"
    counted = f"{plan.path.value:<22}{shuffles:>5}{selects:>5}{ratio:>7}"
    return f"{row}{counted}{plan_us:>9.1f}{lower_us:>10.1f}{verify_ms:>11.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="time each step once, to check that it runs")
    parser.add_argument("--repeat", type=int, default=50, help="timed runs per step; the best is shown")
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


if __name__ == "__main__":
    main()
