"""Every register and warp-shuffle lowering is proven by running it on a simulated CTA."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from conversion_corpus import CORPUS
from hypothesis import event, given, settings
from hypothesis import strategies as st
from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerType, TensorType, f16, f32, i8, i32, i64
from xdsl.ir import Attribute, Block
from xdsl.parser import Parser

from layoutdialect import LinearEncoding, LinearLayout, encoding_attr, make_context, standard_out_dim_names
from layoutdialect import to_linear_layout as layout_at
from layoutdialect.analysis.conversion import ConversionPath, plan_conversion
from layoutdialect.passes.thread_ir import ConversionCode, ThreadIR, emit_conversion
from layoutdialect.sim.cta import CTASimulator, SimulationError
from layoutdialect.sim.verify import ConversionMismatch, element_ids, verify_conversion

CTX = make_context()
TYPES: dict[str, Attribute] = {"f16": f16, "f32": f32, "i32": i32, "i8": i8, "i64": i64}


def lowered(
    src: LinearLayout, dst: LinearLayout, element: Attribute, max_mixed: int = 1
) -> tuple[ConversionCode | None, Block, ConversionPath]:
    shape = [size for _, size in src.out_dims]
    source_type = TensorType(element, shape, encoding_attr(LinearEncoding(src)))
    block = Block(arg_types=[source_type])
    bits = element.bitwidth  # type: ignore[attr-defined]
    plan = plan_conversion(src, dst, bits, max_mixed)
    if plan.path not in (ConversionPath.NONE, ConversionPath.REGISTERS, ConversionPath.WARP_SHUFFLES):
        return None, block, plan.path
    lanes = src.get_in_dim_size("lane")
    code = emit_conversion(block.args[0], TensorType(element, shape, encoding_attr(LinearEncoding(dst))), plan, lanes)
    return code, block, plan.path


def check(src: LinearLayout, dst: LinearLayout, element: Attribute, max_mixed: int = 1) -> ConversionPath:
    code, block, path = lowered(src, dst, element, max_mixed)
    if code is not None:
        bits = element.bitwidth  # type: ignore[attr-defined]
        verify_conversion(code.ops, block.args[0], code.result, src, dst, bits)
        warps = range(src.get_in_dim_size("warp"))
        verify_conversion(code.ops, block.args[0], code.result, src, dst, bits, warp_order=reversed(warps))
    return path


@pytest.mark.parametrize("case", CORPUS, ids=[case[0] for case in CORPUS])
def test_corpus_lowerings_verify(case: tuple[str, str, str, list[int], str, int]) -> None:
    _, src_text, dst_text, shape, element, _ = case
    src = layout_at(Parser(CTX, src_text).parse_attribute().data, shape)
    dst = layout_at(Parser(CTX, dst_text).parse_attribute().data, shape)
    check(src, dst, TYPES[element])


def test_a_wrong_lowering_is_caught() -> None:
    """Swap the two arms of one select in the ship case: a lane must end up with the wrong element."""
    _, src_text, dst_text, shape, _, _ = next(case for case in CORPUS if case[0] == "warp_ship_32x32_i32")
    src = layout_at(Parser(CTX, src_text).parse_attribute().data, shape)
    dst = layout_at(Parser(CTX, dst_text).parse_attribute().data, shape)
    code, block, _ = lowered(src, dst, i32)
    assert code is not None
    select = next(op for op in reversed(code.ops) if isinstance(op, arith.SelectOp))
    true_arm, false_arm = select.operands[1], select.operands[2]
    select.operands[1], select.operands[2] = false_arm, true_arm
    with pytest.raises(ConversionMismatch, match="should hold element"):
        verify_conversion(code.ops, block.args[0], code.result, src, dst, 32)


def test_element_ids_follow_the_layout() -> None:
    layout = LinearLayout.from_bases(
        [("register", [[0, 1]]), ("lane", [[1, 0], [0, 0]]), ("warp", [[0, 2]])], ["dim0", "dim1"]
    )
    ids = element_ids(layout)
    assert ids.shape == (1, 2, 4, 2)
    assert ids[0, 1, 1].tolist() == [6, 7]  # warp 1 -> column 2, lane 1 -> row 1: row * 4 + col
    assert ids[0, 0, 3].tolist() == ids[0, 0, 1].tolist()  # lane bit 1 is a copy


# ------------------------------------------------------------------ random intra-warp conversions


@st.composite
def warp_local_pairs(draw: st.DrawFn) -> tuple[LinearLayout, LinearLayout, Attribute]:
    """Two sub-permutation layouts that agree on warps and CTAs and differ within a warp,
    with random register and lane broadcasting (and warps that hold copies)."""
    lane_bits = draw(st.integers(1, 5))
    warp_bits, block_bits = draw(st.integers(0, 2)), draw(st.integers(0, 1))
    shared_bits = warp_bits + block_bits
    data_bits = draw(st.integers(lane_bits - 1, lane_bits + 3))
    dim0_bits = draw(st.integers(0, data_bits + shared_bits))
    units = [[1 << b, 0] for b in range(dim0_bits)] + [[0, 1 << b] for b in range(data_bits + shared_bits - dim0_bits)]
    units = draw(st.permutations(units))
    warps, blocks, data = units[:warp_bits], units[warp_bits:shared_bits], units[shared_bits:]
    zero = [0, 0]
    warps += [zero] * draw(st.integers(0, 1))

    def side() -> tuple[list[list[int]], list[list[int]]]:
        order = draw(st.permutations(data))
        lane_zeros = draw(st.integers(max(0, lane_bits - len(order)), min(lane_bits, 2)))
        lanes = list(order[: lane_bits - lane_zeros]) + [zero] * lane_zeros
        registers = list(order[lane_bits - lane_zeros :]) + [zero] * draw(st.integers(0, 1))
        return draw(st.permutations(registers)), draw(st.permutations(lanes))

    sizes = [1 << dim0_bits, 1 << (data_bits + shared_bits - dim0_bits)]
    names = standard_out_dim_names(2)

    def build(registers: list[list[int]], lanes: list[list[int]]) -> LinearLayout:
        bases = [("register", registers), ("lane", lanes), ("warp", warps), ("block", blocks)]
        return LinearLayout.from_bases(bases, names, sizes, require_surjective=False)

    element = draw(st.sampled_from([i32, f16, i8, i64, IntegerType(1)]))
    return build(*side()), build(*side()), element


@settings(max_examples=300, deadline=None)
@given(warp_local_pairs())
def test_random_warp_local_conversions_verify(case: tuple[LinearLayout, LinearLayout, Attribute]) -> None:
    src, dst, element = case
    path = check(src, dst, element, max_mixed=8)
    event(path.value)
    assert path in (ConversionPath.NONE, ConversionPath.REGISTERS, ConversionPath.WARP_SHUFFLES)


# ------------------------------------------------------------------ the simulator itself


def test_shuffles_read_as_ptx_shfl_sync() -> None:
    ir = ThreadIR(8)
    lane = ir.lane()
    from layoutdialect.dialect.gpu_shuffle import ShuffleMode

    results = {mode: ir.shuffle(mode, lane, ir.constant(3)) for mode in ShuffleMode}
    values = CTASimulator(1, 1, 8).run(ir.ops, {})
    lanes = np.arange(8)
    assert values[results[ShuffleMode.XOR]][0, 0].tolist() == (lanes ^ 3).tolist()
    assert values[results[ShuffleMode.IDX]][0, 0].tolist() == [3] * 8
    assert values[results[ShuffleMode.UP]][0, 0].tolist() == [0, 1, 2, 0, 1, 2, 3, 4]
    assert values[results[ShuffleMode.DOWN]][0, 0].tolist() == [3, 4, 5, 6, 7, 5, 6, 7]


def test_unknown_ops_are_refused() -> None:
    ir = ThreadIR(4)
    one = ir.add(arith.ConstantOp(FloatAttr(1.0, f32)))
    ir.add(arith.AddfOp(one, one))
    with pytest.raises(SimulationError):
        CTASimulator(1, 1, 4).run(ir.ops, {})


def test_counts_of_the_emitted_code_are_the_plans() -> None:
    _, src_text, dst_text, shape, _, _ = next(case for case in CORPUS if case[0] == "warp_swap_32x32_i32")
    src = layout_at(Parser(CTX, src_text).parse_attribute().data, shape)
    dst = layout_at(Parser(CTX, dst_text).parse_attribute().data, shape)
    code, _, _ = lowered(src, dst, i32)
    assert code is not None
    counts = Counter(op.name for op in code.ops)
    assert (counts["gpu.shuffle"], counts["arith.select"]) == (32, 64)
