"""AMD's LDS pairs two 32- or 64-bit accesses a constant distance apart into one
``ds_read2``/``ds_write2``: the plan counts the pairs as the backend forms them, and the
lowered code gives each pair one base address and constant offsets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from layout_pairs import cross_warp_pairs
from xdsl.dialects import arith, vector
from xdsl.dialects.builtin import IntegerAttr, TensorType
from xdsl.ir import Attribute, Operation, SSAValue

from layoutdialect import LinearEncoding, LinearLayout, encoding_attr, plan
from layoutdialect.analysis.conversion import ConversionPath
from layoutdialect.analysis.scratch_layout import memory_bits
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.lowering.layout_conversion import lower_detached, plan_layout_conversion
from layoutdialect.target import SharedMemory, Target

R000 = (
    "#ttg.linear<{register = [[0, 1], [8, 0], [0, 4], [0, 64]], lane = [[0, 8], [1, 0], [0, 32], [4, 0], [2, 0],"
    " [0, 2]], warp = [[0, 16], [0, 0], [0, 0]], block = []}>",
    "#ttg.linear<{register = [[2, 0], [8, 0], [0, 4], [0, 2]], lane = [[0, 1], [1, 0], [0, 32], [4, 0], [0, 8],"
    " [0, 64]], warp = [[0, 16], [0, 0], [0, 0]], block = []}>",
    [16, 128],
    "f16",
)
R016 = (
    "#ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [4, 8, 1], threadsPerWarp = [8, 4, 2],"
    " warpsPerCTA = [2, 2, 2], order = [1, 0, 2]}>}>",
    "#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 4], warpsPerCTA = [4, 2], order = [0, 1]}>",
    [32, 128],
    "i8",
)
R001 = (
    "#ttg.linear<{register = [[0, 1], [0, 0], [0, 0], [0, 0]], lane = [[0, 0], [4, 0], [2, 0], [1, 0], [16, 0],"
    " [32, 0]], warp = [[8, 0], [0, 0]], block = []}>",
    "#ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = false}>",
    [64, 2],
    "f32",
)


@pytest.mark.parametrize(
    ("pair", "stores", "loads"),
    [
        (R000, "2 x ds_write2_b64", "2 x ds_read2_b64"),
        (R016, "8 x ds_write2_b32", "2 x ds_read2_b32"),
        (R001, "1 x ds_write2_b32", "4 x ds_read_b128"),
    ],
    ids=["16x128_f16", "32x128_i8_slice", "64x2_f32_mfma"],
)
def test_gfx942_issues_the_lds_instructions_triton_s_amdgcn_does(
    pair: tuple[str, str, list[int], str], stores: str, loads: str
) -> None:
    """Seeded pairs of ``bench/random_conversion_pairs.py --lanes 64`` (seed 0: r000, r016,
    r001) with the ``ds_*`` instructions Triton 3.9 emits for them on gfx942, proven on the
    simulator."""
    src, dst, shape, dtype = pair
    planned = plan(src, dst, shape, dtype, target="hip:gfx942")
    assert planned.verified
    assert planned.store is not None and planned.load is not None
    assert f"{planned.store.instructions} x {planned.store.instruction}" == stores
    assert f"{planned.load.instructions} x {planned.load.instruction}" == loads
    assert planned.store.accesses == 2 * planned.store.instructions if "2_" in stores else planned.store.instructions


def test_nvidia_shared_memory_pairs_nothing() -> None:
    """The same pair on sm_90: one ``st.shared``/``ld.shared`` per access."""
    planned = plan(*R000[:2], R000[2], R000[3], target="cuda:90")
    assert planned.store is not None and planned.load is not None
    assert (planned.store.instruction, planned.load.instruction) == ("st.shared.b64", "ld.shared.b64")
    assert planned.store.instructions == planned.store.accesses == 4


def _base_and_constant(address: SSAValue) -> tuple[SSAValue, int]:
    """An access's index as ``(base, constant)``: ``arith.addi`` of a constant, or itself."""
    op = address.owner
    if isinstance(op, arith.AddiOp):
        constant = op.rhs.owner
        assert isinstance(constant, arith.ConstantOp) and isinstance(constant.value, IntegerAttr)
        return op.lhs, constant.value.value.data
    return address, 0


def _pairs_in(accesses: list[Operation], vector_bits: int, element_bits: int, memory: SharedMemory) -> int:
    """The pairs a backend can form from ``accesses`` between two barriers, each with the
    next of its base in offset order."""
    by_base: dict[SSAValue, list[int]] = {}
    for op in accesses:
        base, constant = _base_and_constant(op.operands[-1])
        by_base.setdefault(base, []).append(constant)
    pairs = 0
    for constants in by_base.values():
        constants.sort()
        k = 0
        while k + 1 < len(constants):
            if memory.pairs(vector_bits, (constants[k + 1] - constants[k]) * element_bits // 8):
                pairs, k = pairs + 1, k + 2
            else:
                k += 1
    return pairs


def _tensor(layout: LinearLayout, element: Attribute) -> TensorType[Attribute]:
    return TensorType(element, [size for _, size in layout.out_dims], encoding_attr(LinearEncoding(layout)))


@settings(deadline=None)
@given(cross_warp_pairs(), st.sampled_from(["hip:gfx942", "hip:gfx950"]))
def test_every_pair_the_plan_counts_shares_a_base_in_the_lowered_code(
    pair: tuple[LinearLayout, LinearLayout, Attribute], target: str
) -> None:
    """Between barriers, the accesses of each side that the plan pairs have one base address
    and constant offsets a ``ds_read2``/``ds_write2`` reaches, and the code is correct."""
    src, dst, element = pair
    bits = bit_width(element)
    assert bits is not None
    conversion = plan_layout_conversion(src, dst, bits, Target.named(target).shared)
    scratch = conversion.strategy.scratch
    if conversion.strategy.path is not ConversionPath.SHARED_MEMORY or scratch is None:
        return
    _, _, lowered = lower_detached(conversion, _tensor(src, element), _tensor(dst, element), verify=True)
    memory, width = Target.named(target).shared, memory_bits(bits)
    stages: list[dict[str, list[Operation]]] = [{"vector.store": [], "vector.load": []}]
    for op in lowered.ops:
        if op.name == "gpu.barrier":
            stages.append({"vector.store": [], "vector.load": []})
        elif op.name in ("vector.store", "vector.load"):
            stages[-1][op.name].append(op)
    for name, side in (("vector.store", scratch.store), ("vector.load", scratch.load)):
        found = sum(_pairs_in(stage[name], side.cost.vector_bits, width, memory) for stage in stages)
        assert found == side.paired
        assert side.issued == side.cost.instructions - side.paired
        assert all(isinstance(op, vector.StoreOp | vector.LoadOp) for stage in stages for op in stage[name])
