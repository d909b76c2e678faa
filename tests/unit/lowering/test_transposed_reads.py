"""CDNA4's transposing LDS reads (``ds_read_b64_tr_b16``, ``_b8``) in conversions through
the LDS: taken on gfx950 where a destination's low lane bits run through a 64-bit chunk,
never costlier than the plan without them, and proven on the simulator."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import Float16Type, IntAttr, IntegerType, TensorType, VectorType, f16, f32, i8
from xdsl.dialects.llvm import LLVMPointerType
from xdsl.ir import Attribute
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.test_value import create_ssa_value

from layoutdialect import LinearEncoding, LinearLayout, encoding_attr
from layoutdialect.analysis.conversion import ConversionPath
from layoutdialect.analysis.scratch_layout import plan_scratch
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.upstream.rocdl import DsReadTr8B64Op, DsReadTr16B64Op
from layoutdialect.lowering.layout_conversion import lower_detached, plan_layout_conversion
from layoutdialect.sim.lds_transposed_reads import source_lanes
from layoutdialect.target import Target

GFX950 = Target.named("hip:gfx950")


@st.composite
def transposable_pairs(draw: st.DrawFn) -> tuple[LinearLayout, LinearLayout, Attribute]:
    """A 1-D tensor over waves of 64 lanes whose destination puts some tensor bits, in a
    random order, on its low lane bits (as many as a 64-bit chunk has elements), while the
    source holds them in registers; every other bit is placed at random, with copies."""
    element = draw(st.sampled_from([f16, i8]))
    chunk_bits = 2 if isinstance(element, Float16Type) else 3
    warp_bits = draw(st.integers(0, 2))
    register_bits = draw(st.integers(chunk_bits, chunk_bits + 3))
    bits = [1 << k for k in range(6 + warp_bits + register_bits)]
    chunk = draw(st.permutations(bits))[:chunk_bits]
    rest = [b for b in bits if b not in chunk]

    def side(low_lanes: list[int], held: list[int]) -> tuple[list[int], list[int], list[int]]:
        order = draw(st.permutations([b for b in rest if b not in held]))
        copies = draw(st.integers(0, 1))
        threads = low_lanes + order[: 6 + warp_bits - len(low_lanes) - copies] + [0] * copies
        registers = draw(st.permutations(held + order[6 + warp_bits - len(low_lanes) - copies :]))
        return list(registers), threads[:6], threads[6:]

    def build(registers: list[int], lanes: list[int], warps: list[int]) -> LinearLayout:
        bases = [("register", [[r] for r in registers]), ("lane", [[b] for b in lanes]), ("warp", [[b] for b in warps])]
        return LinearLayout.from_bases([*bases, ("block", [])], ["dim0"], [1 << len(bits)], False)

    return build(*side([], chunk)), build(*side(chunk, [])), element


def _tensor(layout: LinearLayout, element: Attribute) -> TensorType[Attribute]:
    return TensorType(element, [size for _, size in layout.out_dims], encoding_attr(LinearEncoding(layout)))


@settings(deadline=None)
@given(transposable_pairs())
def test_transposing_reads_never_cost_more_and_move_every_element(
    pair: tuple[LinearLayout, LinearLayout, Attribute],
) -> None:
    """With the transposing reads the plan takes no more wavefronts, then no more
    instructions, than without them; where it takes them, the lowered code holds each
    element in its destination register on the simulator."""
    src, dst, element = pair
    bits = bit_width(element)
    assert bits is not None
    ours = plan_scratch(src, dst, bits, GFX950.shared)
    without = plan_scratch(src, dst, bits, replace(GFX950.shared, transposed_loads=False))
    cost = lambda plan: (plan.total_wavefronts, plan.store.issued + plan.load.issued)  # noqa: E731
    assert cost(ours) <= cost(without)
    conversion = plan_layout_conversion(src, dst, bits, GFX950.shared, cross_lane=GFX950.cross_lane)
    scratch = conversion.strategy.scratch
    if conversion.strategy.path is not ConversionPath.SHARED_MEMORY or scratch is None:
        return
    if scratch.load.transposed is not None:
        held = sum(1 for basis in dict(dst.bases)["register"] if any(basis))
        assert scratch.load.cost.instructions * (64 // bits) == 1 << held, "one register of each a chunk deals"
        assert scratch.load.instruction(True) == f"ds_read_b64_tr_b{bits}"
    lower_detached(conversion, _tensor(src, element), _tensor(dst, element), verify=True)


def test_gfx942_has_no_transposing_reads() -> None:
    """The same rows-to-columns pair reads single halves on gfx942, a chunk a lane on gfx950."""
    rows = LinearLayout.from_bases(
        [("register", [[1], [2], [4]]), ("lane", [[8], [16], [32], [64], [128], [256]]), ("warp", []), ("block", [])],
        ["dim0"],
        [512],
    )
    columns = LinearLayout.from_bases(
        [("register", [[8], [16]]), ("lane", [[1], [2], [4], [32], [64], [128]]), ("warp", []), ("block", [])],
        ["dim0"],
        [512],
        require_surjective=False,
    )
    assert plan_scratch(rows, columns, 16, Target.named("hip:gfx942").shared).load.transposed is None
    assert plan_scratch(rows, columns, 16, GFX950.shared).load.transposed is not None


@pytest.mark.parametrize(
    ("op", "result", "valid"),
    [
        (DsReadTr16B64Op, VectorType(f16, [4]), True),
        (DsReadTr8B64Op, VectorType(IntegerType(32), [2]), True),
        (DsReadTr16B64Op, VectorType(f16, [8]), False),
        (DsReadTr8B64Op, VectorType(f32, [1]), False),
    ],
)
def test_a_transposing_read_returns_one_64_bit_chunk(
    op: type[DsReadTr16B64Op] | type[DsReadTr8B64Op], result: VectorType[Attribute], valid: bool
) -> None:
    read = op(create_ssa_value(LLVMPointerType(IntAttr(3))), result)
    if valid:
        read.verify()
    else:
        with pytest.raises(VerifyException, match="returns a 64-bit vector"):
            read.verify()


@pytest.mark.parametrize("bits", [16, 8])
def test_each_chunk_element_reaches_one_lane_of_its_group(bits: int) -> None:
    """Within a group of 16 lanes, every (chunk, element) pair is received exactly once,
    element ``e`` of a chunk by lanes ``l`` with ``l % E == e``."""
    chunk = 64 // bits
    sources = source_lanes(bits)
    for group in range(4):
        received = {
            (int(sources[lane, register]), lane % chunk)
            for lane in range(16 * group, 16 * group + 16)
            for register in range(chunk)
        }
        assert received == {(16 * group + lane, element) for lane in range(16) for element in range(chunk)}
