"""Every lowering (registers, warp shuffles, shared memory) is proven by running it on a simulated CTA."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from conversion_corpus import CORPUS
from hypothesis import event, given, settings
from hypothesis import strategies as st
from layout_pairs import cross_cta_pairs, cross_warp_pairs, matrix_pairs, warp_copy_pairs
from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerType, TensorType, f16, f32, i8, i32, i64
from xdsl.ir import Attribute, Block, SSAValue
from xdsl.parser import Parser

from layoutdialect import LinearEncoding, LinearLayout, encoding_attr, make_context, standard_out_dim_names
from layoutdialect import to_linear_layout as layout_at
from layoutdialect.analysis.conversion import ConversionKind, ConversionPath, ConversionStrategy
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.lowering.layout_conversion import LoweredConversion, lower_detached, plan_layout_conversion
from layoutdialect.lowering.scratch_ir import scratch_type
from layoutdialect.lowering.thread_builder import ThreadIR
from layoutdialect.sim.cta import CTASimulator, SimulationError
from layoutdialect.sim.verify import ConversionMismatch, element_ids, verify_conversion
from layoutdialect.target import SHUFFLES_ONLY, CrossLane, SharedMemory, Target

CTX = make_context()
GENERIC = SharedMemory()
TYPES: dict[str, Attribute] = {"f16": f16, "f32": f32, "i32": i32, "i8": i8, "i64": i64}


def lowered(
    src: LinearLayout, dst: LinearLayout, element: Attribute, max_mixed: int = 1, memory: SharedMemory = GENERIC
) -> tuple[LoweredConversion | None, SSAValue, SSAValue | None, ConversionStrategy]:
    """The conversion's code, unverified, with the source tensor it reads and its scratch buffer."""
    shape = [size for _, size in src.out_dims]
    source_type = TensorType(element, shape, encoding_attr(LinearEncoding(src)))
    conversion = plan_layout_conversion(src, dst, _bits(element), memory, max_mixed)
    if not conversion.lowerable:
        return None, Block(arg_types=[source_type]).args[0], None, conversion.strategy
    result_type = TensorType(element, shape, encoding_attr(LinearEncoding(dst)))
    block, alloc, code = lower_detached(conversion, source_type, result_type)
    return code, block.args[0], alloc.memref if alloc is not None else None, conversion.strategy


def verify(
    code: LoweredConversion,
    source: SSAValue,
    scratch: SSAValue | None,
    src: LinearLayout,
    dst: LinearLayout,
    element: Attribute,
) -> None:
    verify_conversion(code.ops, source, code.result, src, dst, _bits(element), scratch=scratch)


def _bits(element: Attribute) -> int:
    bits = bit_width(element)
    assert bits is not None
    return bits


def check(
    src: LinearLayout,
    dst: LinearLayout,
    element: Attribute,
    max_mixed: int = 1,
    memory: SharedMemory = GENERIC,
    cross_lane: CrossLane = SHUFFLES_ONLY,
) -> ConversionStrategy:
    shape = [size for _, size in src.out_dims]
    source_type = TensorType(element, shape, encoding_attr(LinearEncoding(src)))
    result_type = TensorType(element, shape, encoding_attr(LinearEncoding(dst)))
    conversion = plan_layout_conversion(src, dst, _bits(element), memory, max_mixed, cross_lane=cross_lane)
    if conversion.lowerable:
        block, _, code = lower_detached(conversion, source_type, result_type, verify=True)
        if conversion.strategy.scratch is None:
            warps = range(src.get_in_dim_size("warp"))
            bits = _bits(element)
            verify_conversion(code.ops, block.args[0], code.result, src, dst, bits, warp_order=reversed(warps))
    return conversion.strategy


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
    code, source, scratch, _ = lowered(src, dst, i32)
    assert code is not None
    select = next(op for op in reversed(code.ops) if isinstance(op, arith.SelectOp))
    true_arm, false_arm = select.operands[1], select.operands[2]
    select.operands[1], select.operands[2] = false_arm, true_arm
    with pytest.raises(ConversionMismatch, match="should hold element"):
        verify_conversion(code.ops, source, code.result, src, dst, 32)


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
def warp_local_pairs(draw: st.DrawFn, lanes: tuple[int, int] = (1, 5)) -> tuple[LinearLayout, LinearLayout, Attribute]:
    """Two sub-permutation layouts that agree on warps and CTAs and differ within a warp
    of ``2 ** lanes[0]`` to ``2 ** lanes[1]`` lanes, with random register and lane
    broadcasting (and warps that hold copies)."""
    lane_bits = draw(st.integers(*lanes))
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


@settings(deadline=None)
@given(warp_local_pairs())
def test_random_warp_local_conversions_verify(case: tuple[LinearLayout, LinearLayout, Attribute]) -> None:
    src, dst, element = case
    plan = check(src, dst, element, max_mixed=8)
    path = plan.path
    event(path.value)
    if plan.warp is not None and plan.permutes:
        event("byte permutes")
    assert path in (ConversionPath.NONE, ConversionPath.REGISTERS, ConversionPath.WARP_SHUFFLES)


@settings(deadline=None)
@given(warp_local_pairs(lanes=(6, 6)), st.sampled_from(["hip:gfx942", "hip:gfx950"]))
def test_random_wave_conversions_with_amd_moves_verify(
    case: tuple[LinearLayout, LinearLayout, Attribute], arch: str
) -> None:
    """On CDNA's waves of 64 lanes, XOR shuffles within 16 lanes are DPP moves and, on
    gfx950, transpositions with lane bits 4 and 5 register-lane swaps (3-cycles two of
    them); every lowering computes the destination."""
    src, dst, element = case
    gpu = Target.named(arch)
    plan = check(src, dst, element, max_mixed=8, memory=gpu.shared, cross_lane=gpu.cross_lane)
    if plan.warp is not None:
        event(f"{arch}: {len(plan.warp.lane_swaps)} lane swaps")
        event(f"{len(plan.warp.gathered_transpositions)} gathered")
        event(f"DPP: {any(0 < mask < 16 for mask in plan.warp.xor_shuffle_masks())}")
        assert plan.warp.shuffles >= plan.warp.lane_swap_instructions
        assert all(t.lane_bit in gpu.cross_lane.lane_swap_bits for t in plan.warp.lane_swaps)


@settings(deadline=None)
@given(warp_copy_pairs())
def test_warps_reading_their_own_copies_shuffle_and_verify(case: tuple[LinearLayout, LinearLayout, Attribute]) -> None:
    """Data that cross warps only along warp bits the source copies move by shuffles within
    each warp (the warp id picks the lanes read) where the shuffles need no other warp's
    data; every lowering computes the destination, with warps in step and one by one."""
    src, dst, element = case
    plan = check(src, dst, element, max_mixed=8)
    event(plan.path.value)
    assert plan.kind is ConversionKind.CROSS_WARP
    if plan.path is ConversionPath.WARP_SHUFFLES:
        assert plan.warp is not None and plan.warp.warp_lane_bits
    else:
        assert plan.path is ConversionPath.SHARED_MEMORY


@pytest.mark.parametrize("element", [i32, f16, i8], ids=["i32", "f16", "i8"])
def test_transpositions_along_broadcast_lanes_verify(element: Attribute) -> None:
    """A register-lane swap along a lane the source copies is done by selects alone, next to
    one that shuffles (whole words, or within words by byte permutes), and still computes
    the destination in every lane."""
    bases = lambda registers, lanes: LinearLayout.from_bases(  # noqa: E731
        [("register", registers), ("lane", lanes), ("warp", []), ("block", [])], ["dim0"], [64]
    )
    src = bases([[4], [8], [32]], [[1], [0], [2], [16]])
    dst = bases([[2], [0], [32]], [[1], [8], [4], [16]])
    plan = check(src, dst, element, max_mixed=2)
    warp = plan.warp
    assert warp is not None and warp.selected_transpositions
    assert warp.shuffled_transpositions or warp.in_word_transpositions and warp.shuffles


@settings(deadline=None)
@given(cross_cta_pairs())
def test_random_conversions_across_ctas_verify(case: tuple[LinearLayout, LinearLayout, Attribute]) -> None:
    """Data that cross the CTAs of a cluster go through distributed shared memory: every
    lowering computes the destination, with warps and CTAs in step and one by one."""
    src, dst, element = case
    plan = check(src, dst, element)
    assert plan.path is ConversionPath.DISTRIBUTED_SHARED_MEMORY and plan.scratch is not None
    assert plan.scratch.cross_cta and plan.scratch.barriers == 2 * plan.scratch.reps


TWO_CTAS_SPLIT_BY_ROWS = LinearLayout.from_bases(
    [
        ("register", [[0, 1], [0, 2]]),
        ("lane", [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]]),
        ("warp", [[8, 0]]),
        ("block", [[16, 0]]),
    ],
    ["dim0", "dim1"],
)
TWO_CTAS_SPLIT_BY_COLUMNS = LinearLayout.from_bases(
    [
        ("register", [[0, 1], [0, 2]]),
        ("lane", [[0, 4], [1, 0], [2, 0], [4, 0], [8, 0]]),
        ("warp", [[16, 0]]),
        ("block", [[0, 8]]),
    ],
    ["dim0", "dim1"],
)


def test_cross_cta_reads_map_addresses_to_the_holder() -> None:
    """Rows split over 2 CTAs to columns split over them: each CTA stores its own rows, waits
    at the cluster barrier and reads from the CTA that holds each row through nvvm.mapa."""
    code, *_ = lowered(TWO_CTAS_SPLIT_BY_ROWS, TWO_CTAS_SPLIT_BY_COLUMNS, f32)
    assert code is not None
    names = [op.name for op in code.ops]
    assert names.count("nvvm.cluster.arrive") == names.count("nvvm.cluster.wait") == 2
    assert "gpu.barrier" not in names and "vector.load" not in names
    assert names.count("llvm.load") == names.count("nvvm.mapa") >= 1
    assert names.index("nvvm.cluster.wait") < names.index("llvm.load")


def test_deleting_the_cluster_barrier_before_the_loads_fails_verification() -> None:
    """Run CTA by CTA, a CTA that does not wait reads a part its holder has not written."""
    src, dst, element = TWO_CTAS_SPLIT_BY_ROWS, TWO_CTAS_SPLIT_BY_COLUMNS, f32
    code, source, scratch, _ = lowered(src, dst, element)
    assert code is not None
    first = [op for op in code.ops if op.name in ("nvvm.cluster.arrive", "nvvm.cluster.wait")][:2]
    broken = LoweredConversion([op for op in code.ops if op not in first], code.result, None)
    with pytest.raises(ConversionMismatch, match="CTAs in order"):
        verify(broken, source, scratch, src, dst, element)


# ------------------------------------------------------------------ the simulator itself


def test_shuffles_read_as_ptx_shfl_sync() -> None:
    ir = ThreadIR(8)
    lane = ir.lane()
    from layoutdialect.dialect.upstream.gpu.ops import ShuffleMode

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
    code, _, _, _ = lowered(src, dst, i32)
    assert code is not None
    counts = Counter(op.name for op in code.ops)
    assert (counts["gpu.shuffle"], counts["arith.select"]) == (32, 64)


# ------------------------------------------------------------------ shared memory


def corpus_case(name: str) -> tuple[LinearLayout, LinearLayout, Attribute]:
    _, src_text, dst_text, shape, element, _ = next(case for case in CORPUS if case[0] == name)
    src = layout_at(Parser(CTX, src_text).parse_attribute().data, shape)
    dst = layout_at(Parser(CTX, dst_text).parse_attribute().data, shape)
    return src, dst, TYPES[element]


@pytest.mark.parametrize("name", ["mmav2_to_blocked_128x64_f32", "blocked_transpose_128x64_f16"])
def test_the_emitted_accesses_and_barriers_are_the_plans(name: str) -> None:
    src, dst, element = corpus_case(name)
    code, _, _, plan = lowered(src, dst, element)
    assert code is not None and plan.scratch is not None
    counts = Counter(op.name for op in code.ops)
    scratch = plan.scratch
    assert counts["vector.store"] == scratch.store.cost.instructions
    assert counts["vector.load"] == scratch.load.cost.instructions
    assert counts["gpu.barrier"] == scratch.barriers == 2 * scratch.reps - 1


@pytest.mark.parametrize("index", range(7))
def test_deleting_any_barrier_fails_verification(index: int) -> None:
    """Four reps take seven barriers; without any one of them some warp reads a slot
    another warp has not written yet, or has already overwritten."""
    src, dst, element = corpus_case("mmav2_to_blocked_128x64_f32")
    code, source, scratch, _ = lowered(src, dst, element)
    assert code is not None
    barriers = [op for op in code.ops if op.name == "gpu.barrier"]
    assert len(barriers) == 7
    broken = LoweredConversion([op for op in code.ops if op is not barriers[index]], code.result, None)
    with pytest.raises(ConversionMismatch, match="warps in order"):
        verify(broken, source, scratch, src, dst, element)


def test_a_wrong_address_fails_verification() -> None:
    src, dst, element = corpus_case("blocked_transpose_128x64_f32")
    code, source, scratch, _ = lowered(src, dst, element)
    assert code is not None
    load = next(op for op in code.ops if op.name == "vector.load")
    store_index = next(op for op in code.ops if op.name == "vector.store").operands[2]
    load.operands[1] = store_index
    with pytest.raises(ConversionMismatch):
        verify(code, source, scratch, src, dst, element)


def test_warp_synchronous_conversions_need_no_barrier() -> None:
    src, dst, element = corpus_case("warp_transpose_4w_32x32_f32")
    code, source, scratch, plan = lowered(src, dst, element)
    assert code is not None and plan.scratch is not None and plan.scratch.warp_synchronous
    assert not [op for op in code.ops if op.name == "gpu.barrier"]
    verify(code, source, scratch, src, dst, element)


def test_racing_writes_and_unwritten_reads_are_refused() -> None:
    from xdsl.dialects import vector
    from xdsl.dialects.builtin import IndexType, VectorType

    from layoutdialect.sim.cta import SharedMemoryError

    ir = ThreadIR(4)
    buffer = Block(arg_types=[scratch_type(16)]).args[0]
    zero = ir.constant(0, IndexType())
    lanes = ir.add(vector.BroadcastOp(ir.lane(), VectorType(i32, [1])))
    ir.append(vector.StoreOp(lanes, buffer, [zero]))
    simulator = CTASimulator(1, 1, 4)
    with pytest.raises(SharedMemoryError, match="write different values to byte 0"):
        simulator.run(ir.ops, {buffer: simulator.allocate(16)})
    ir = ThreadIR(4)
    ir.add(vector.LoadOp(buffer, [ir.constant(0, IndexType())], VectorType(i8, [1])))
    with pytest.raises(SharedMemoryError, match="no thread has written"):
        simulator.run(ir.ops, {buffer: simulator.allocate(16)})


@settings(deadline=None)
@given(cross_warp_pairs())
def test_random_conversions_through_shared_memory_verify(case: tuple[LinearLayout, LinearLayout, Attribute]) -> None:
    src, dst, element = case
    event(check(src, dst, element).path.value)


SM80, SM90 = Target.named("cuda:80").shared, Target.named("cuda:90").shared


@settings(deadline=None)
@given(matrix_pairs(), st.sampled_from([SM80, SM90]))
def test_random_conversions_with_matrix_instructions_verify(
    case: tuple[LinearLayout, LinearLayout, Attribute], memory: SharedMemory
) -> None:
    """With ldmatrix (sm_80) and stmatrix (sm_90) available, every lowering still runs
    right on the simulator, warps in adversarial orders included."""
    src, dst, element = case
    scratch = check(src, dst, element, memory=memory).scratch
    if scratch is not None:
        event(f"stores: {scratch.store.instruction(load=False).split('.')[0]}")
        event(f"loads: {scratch.load.instruction(load=True).split('.')[0]}")


@pytest.mark.parametrize(
    ("name", "memory", "counted"),
    [
        ("blocked_transpose_128x64_f16", SM80, {"vector.store": 8, "nvgpu.ldmatrix": 8, "gpu.barrier": 3}),
        ("blocked_to_dotA_128x64_f16", SM80, {"vector.store": 8, "nvgpu.ldmatrix": 16, "gpu.barrier": 7}),
        ("mmav2_to_blocked_128x64_f16", SM90, {"nvvm.stmatrix": 8, "vector.load": 8, "gpu.barrier": 7}),
    ],
)
def test_matrix_instructions_are_emitted_as_planned(name: str, memory: SharedMemory, counted: dict[str, int]) -> None:
    """Triton 3.9's choices on these pairs: ldmatrix(.trans) loads on sm_80, stmatrix stores on sm_90."""
    src, dst, element = corpus_case(name)
    code, source, scratch, _ = lowered(src, dst, element, memory=memory)
    assert code is not None
    counts = Counter(op.name for op in code.ops)
    assert {name: counts[name] for name in counted} == counted
    verify(code, source, scratch, src, dst, element)


def test_a_wrong_row_address_fails_verification() -> None:
    """Each lane of an ldmatrix supplies one row's address; swapping two rows is caught."""
    src, dst, element = corpus_case("blocked_transpose_128x64_f16")
    code, source, scratch, _ = lowered(src, dst, element, memory=SM80)
    assert code is not None
    loads = [op for op in code.ops if op.name == "nvgpu.ldmatrix"]
    loads[1].operands[1] = loads[0].operands[1]
    with pytest.raises(ConversionMismatch):
        verify(code, source, scratch, src, dst, element)
