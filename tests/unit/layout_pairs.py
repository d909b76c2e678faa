"""Hypothesis strategies for pairs of distributed layouts of one tensor."""

from __future__ import annotations

from hypothesis import assume
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


@st.composite
def warp_copy_pairs(draw: st.DrawFn) -> tuple[LinearLayout, LinearLayout, Attribute]:
    """A source whose warps hold copies along some warp bits, and a destination that puts
    tensor bits the source keeps in its lanes and registers on those warp bits; the other
    warp bits agree.  Each warp then finds what it needs in its own lanes."""
    lane_bits, copied = draw(st.integers(2, 5)), draw(st.integers(1, 2))
    kept = draw(st.integers(0, 1))
    data_bits = draw(st.integers(lane_bits + copied - 1, lane_bits + copied + 3))
    units = [[1 << b] for b in range(data_bits + kept)]
    units = [list(u) for u in draw(st.permutations(units))]
    shared, data = units[:kept], units[kept:]
    zero = [0]
    copy_positions = draw(st.permutations(range(copied + kept)))[:copied]

    def warps(spread: list[list[int]]) -> list[list[int]]:
        chosen = iter(spread)
        common = iter(shared)
        return [next(chosen) if k in copy_positions else next(common) for k in range(copied + kept)]

    def threads(bits: list[list[int]]) -> tuple[list[list[int]], list[list[int]]]:
        order = [list(u) for u in draw(st.permutations(bits))]
        zeros = draw(st.integers(max(0, lane_bits - len(order)), min(lane_bits, 2)))
        lanes = draw(st.permutations(order[: lane_bits - zeros] + [zero] * zeros))
        return draw(st.permutations(order[lane_bits - zeros :])), list(lanes)

    src_registers, src_lanes = threads(data)
    spread = data[:copied]
    dst_registers, dst_lanes = threads(data[copied:])
    sizes = [1 << (data_bits + kept)]

    def build(registers: list[list[int]], lanes: list[list[int]], warp_bases: list[list[int]]) -> LinearLayout:
        bases = [("register", registers), ("lane", lanes), ("warp", warp_bases), ("block", [])]
        return LinearLayout.from_bases(bases, ["dim0"], sizes, require_surjective=False)

    element = draw(st.sampled_from([f16, f32, i8]))
    source = build(src_registers, src_lanes, warps([zero] * copied))
    return source, build(dst_registers, dst_lanes, warps(spread)), element


@st.composite
def matrix_pairs(draw: st.DrawFn) -> tuple[LinearLayout, LinearLayout, Attribute]:
    """Two layouts of one 2-D tensor, 32 lanes, where one side could move 16-byte matrix
    rows (``ldmatrix``/``stmatrix``): the other side holds a whole row in registers, and
    this one spreads the row over its registers and lanes 0, 1 (or, for 16-bit elements
    transposed, over lanes 2, 3, 4).  Which side is which, and the rest, are random."""
    element = draw(st.sampled_from([f16, f32, i8]))
    bits = {f16: 16, f32: 32, i8: 8}[element]
    row_bits = (128 // bits).bit_length() - 1
    word_bits = (32 // bits).bit_length() - 1
    warp_bits, extra_bits = draw(st.integers(1, 2)), draw(st.integers(0, 2))
    data_bits = row_bits + 5 + warp_bits + extra_bits
    dim0_bits = draw(st.integers(0, data_bits))
    units = [[1 << b, 0] for b in range(dim0_bits)] + [[0, 1 << b] for b in range(data_bits - dim0_bits)]
    units = [list(u) for u in draw(st.permutations(units))]
    row, rest = units[:row_bits], units[row_bits:]
    transpose = bits == 16 and draw(st.booleans())
    if transpose:
        matrix_registers, matrix_lanes = [rest[0]], row
        others = rest[1:]
        matrix_lanes = draw(st.permutations(others[:2])) + matrix_lanes
        others = others[2:]
    else:
        matrix_registers, matrix_lanes = row[:word_bits], row[word_bits:]
        matrix_lanes = matrix_lanes + rest[:3]
        others = rest[3:]
    others = [list(u) for u in draw(st.permutations(others))]
    matrix_side = (matrix_registers + others[warp_bits:], matrix_lanes, others[:warp_bits])
    remaining = [list(u) for u in draw(st.permutations([u for u in units if u not in row]))]
    vector_side = (row + remaining[5 + warp_bits :], remaining[:5], remaining[5 : 5 + warp_bits])
    sizes = [1 << dim0_bits, 1 << (data_bits - dim0_bits)]
    names = standard_out_dim_names(2)

    def build(registers: list[list[int]], lanes: list[list[int]], warps: list[list[int]]) -> LinearLayout:
        bases = [("register", registers), ("lane", lanes), ("warp", warps), ("block", [])]
        return LinearLayout.from_bases(bases, names, sizes)

    first, second = build(*vector_side), build(*matrix_side)
    return (first, second, element) if draw(st.booleans()) else (second, first, element)


@st.composite
def cross_cta_pairs(draw: st.DrawFn) -> tuple[LinearLayout, LinearLayout, Attribute]:
    """Two layouts of one 2-D tensor over the same lanes, warps and CTAs (2 to 8) that
    split it over the CTAs differently: each places the tensor bits in a random order,
    and may broadcast along a CTA bit as well as a register, lane or warp bit."""
    lane_bits, warp_bits, block_bits = draw(st.integers(2, 5)), draw(st.integers(0, 2)), draw(st.integers(1, 3))
    thread_bits = lane_bits + warp_bits + block_bits
    data_bits = draw(st.integers(thread_bits - 1, thread_bits + 3))
    dim0_bits = draw(st.integers(0, data_bits))
    units = [[1 << b, 0] for b in range(dim0_bits)] + [[0, 1 << b] for b in range(data_bits - dim0_bits)]
    zero = [0, 0]

    def side() -> list[list[list[int]]]:
        order = [list(u) for u in draw(st.permutations(units))]
        zeros = draw(st.integers(max(0, thread_bits - len(order)), min(thread_bits - 1, 2)))
        threads = draw(st.permutations(order[: thread_bits - zeros] + [zero] * zeros))
        registers = order[thread_bits - zeros :] + [zero] * draw(st.integers(0, 1))
        lanes, warps = threads[:lane_bits], threads[lane_bits : lane_bits + warp_bits]
        return [draw(st.permutations(registers)), list(lanes), list(warps), list(threads[lane_bits + warp_bits :])]

    sizes = [1 << dim0_bits, 1 << (data_bits - dim0_bits)]
    names = standard_out_dim_names(2)

    def build(
        registers: list[list[int]], lanes: list[list[int]], warps: list[list[int]], blocks: list[list[int]]
    ) -> LinearLayout:
        bases = [("register", registers), ("lane", lanes), ("warp", warps), ("block", blocks)]
        return LinearLayout.from_bases(bases, names, sizes, require_surjective=False)

    src, dst = build(*side()), build(*side())
    assume(dict(src.bases)["block"] != dict(dst.bases)["block"])
    return src, dst, draw(st.sampled_from([f16, f32, i8, f64]))
