"""Hypothesis strategies for pairs of distributed layouts of one tensor."""

from __future__ import annotations

from hypothesis import strategies as st
from xdsl.dialects.builtin import IntegerType, f16, f32, f64, i8
from xdsl.ir import Attribute

from layoutdialect import LinearLayout, standard_out_dim_names


@st.composite
def cross_warp_pairs(draw: st.DrawFn) -> tuple[LinearLayout, LinearLayout, Attribute]:
    """Two layouts of one 2-D tensor over the same lanes and warps: each places the
    tensor bits in a random order, with random broadcasting."""
    lane_bits, warp_bits = draw(st.integers(2, 5)), draw(st.integers(1, 3))
    data_bits = draw(st.integers(lane_bits + warp_bits - 2, lane_bits + warp_bits + 4))
    dim0_bits = draw(st.integers(0, data_bits))
    units = [[1 << b, 0] for b in range(dim0_bits)] + [[0, 1 << b] for b in range(data_bits - dim0_bits)]
    zero = [0, 0]

    def side() -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
        order = [list(u) for u in draw(st.permutations(units))]
        thread_bits = lane_bits + warp_bits
        zeros = draw(st.integers(max(0, thread_bits - len(order)), min(thread_bits, 2)))
        threads = draw(st.permutations(order[: thread_bits - zeros] + [zero] * zeros))
        registers = order[thread_bits - zeros :] + [zero] * draw(st.integers(0, 1))
        return draw(st.permutations(registers)), list(threads[:lane_bits]), list(threads[lane_bits:])

    sizes = [1 << dim0_bits, 1 << (data_bits - dim0_bits)]
    names = standard_out_dim_names(2)

    def build(registers: list[list[int]], lanes: list[list[int]], warps: list[list[int]]) -> LinearLayout:
        bases = [("register", registers), ("lane", lanes), ("warp", warps), ("block", [])]
        return LinearLayout.from_bases(bases, names, sizes, require_surjective=False)

    element = draw(st.sampled_from([f16, f32, i8, f64, IntegerType(1)]))
    return build(*side()), build(*side()), element
