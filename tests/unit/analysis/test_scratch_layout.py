"""The scratch buffer of shared-memory conversions: a bijection onto the tensor, conflict-free
accesses on Triton's corpus, Triton's own counts where it uses plain ld/st.shared."""

from __future__ import annotations

import pytest
from conversion_corpus import CORPUS, TRITON_SM80_SHARED
from hypothesis import given, settings
from hypothesis import strategies as st
from layout_pairs import cross_warp_pairs
from wavefront_count import lanes_per_phase, wavefronts
from xdsl.parser import Parser

from layoutdialect import LinearLayout, make_context, to_linear_layout
from layoutdialect.analysis.bank_conflicts import access_cost, largest_vectorisation
from layoutdialect.analysis.conversion import ConversionPath, choose_strategy
from layoutdialect.analysis.preconditions import AnalysisError
from layoutdialect.analysis.scratch_layout import (
    ScratchAccess,
    ScratchPlan,
    memory_bits,
    plan_scratch,
    triton_scratch_plan,
)
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.f2.bitmatrix import combine
from layoutdialect.target import MATRIX_ROW_BYTES, SharedMemory, Target

CTX = make_context()
BITS = {"f16": 16, "f32": 32, "i32": 32}
SHARED = [case for case in CORPUS if case[0] in TRITON_SM80_SHARED]


def layouts(name: str) -> tuple[LinearLayout, LinearLayout, int]:
    _, src, dst, shape, element, _ = next(case for case in CORPUS if case[0] == name)
    parse = lambda text: to_linear_layout(Parser(CTX, text).parse_attribute().data, shape)  # noqa: E731
    return parse(src), parse(dst), BITS[element]


def scratch_of(name: str, num_banks: int = 32) -> ScratchPlan:
    plan = choose_strategy(*layouts(name), SharedMemory(num_banks))
    assert plan.path is ConversionPath.SHARED_MEMORY and plan.scratch is not None
    return plan.scratch


@pytest.mark.parametrize("num_banks", [32, 64])
@pytest.mark.parametrize("name", [case[0] for case in SHARED])
def test_corpus_round_trips_are_conflict_free(name: str, num_banks: int) -> None:
    scratch = scratch_of(name, num_banks)
    for side in (scratch.store, scratch.load):
        assert side.cost.wavefronts_per_instruction == side.cost.phases


@pytest.mark.parametrize("name", [case[0] for case in SHARED])
def test_the_buffer_and_reps_hold_every_element_once(name: str) -> None:
    scratch = scratch_of(name)
    assert scratch.layout.is_invertible()
    assert scratch.layout.get_in_dim_size("offset") * scratch.reps == scratch.layout.get_total_out_dim_size()


@pytest.mark.parametrize("name", [case[0] for case in SHARED])
def test_each_access_moves_registers_at_consecutive_offsets(name: str) -> None:
    scratch = scratch_of(name)
    for side in (scratch.store, scratch.load):
        for rep, start, registers in side.vectors():
            assert start % side.vector_elements == 0
            assert [side.register_slots[r] for r in registers] == [(rep, start + k) for k in range(len(registers))]


SM80, SM90 = Target.named("cuda:80").shared, Target.named("cuda:90").shared


def instruction_name(side: ScratchAccess, load: bool) -> str:
    """Triton's name for the access, as the measured corpus writes it."""
    name = side.instruction(load)
    return name if side.matrix is not None else ("ld" if load else "st") + ".shared"


@pytest.mark.parametrize("name", [case[0] for case in SHARED])
def test_triton_plan_is_the_code_triton_writes_for_sm_80(name: str) -> None:
    """Same instructions, widths, barriers, bytes and reps as Triton 3.9's PTX on sm_80,
    ldmatrix included."""
    (st_count, st_bits, st_name), (ld_count, ld_bits, ld_name), barriers, scratch_bytes, reps = TRITON_SM80_SHARED[name]
    synchronous = scratch_of(name).warp_synchronous
    triton = triton_scratch_plan(*layouts(name), SM80, synchronous)
    assert (triton.store.cost.instructions, instruction_name(triton.store, False)) == (st_count, st_name)
    assert (triton.load.cost.instructions, instruction_name(triton.load, True)) == (ld_count, ld_name)
    assert (triton.store.cost.vector_bits, triton.load.cost.vector_bits) == (st_bits, ld_bits)
    assert (triton.barriers, triton.scratch_bytes, triton.reps) == (barriers, scratch_bytes, reps)


@pytest.mark.parametrize("memory", [SM80, SM90], ids=["sm_80", "sm_90"])
@pytest.mark.parametrize("name", [case[0] for case in SHARED])
def test_the_plan_never_costs_more_than_triton_s(name: str, memory: SharedMemory) -> None:
    src, dst, bits = layouts(name)
    ours, triton = plan_scratch(src, dst, bits, memory), triton_scratch_plan(src, dst, bits, memory)
    assert ours.scratch_bytes <= triton.scratch_bytes
    assert ours.total_wavefronts <= triton.total_wavefronts
    if ours.total_wavefronts == triton.total_wavefronts:
        instructions = lambda plan: plan.store.cost.instructions + plan.load.cost.instructions  # noqa: E731
        assert instructions(ours) <= instructions(triton)


BROADCAST_PAIRS = {
    "mma_b_row_to_linear_32x4_f16": (
        "#ttg.slice<{dim = 2, parent = #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, "
        "versionMinor = 0, warpsPerCTA = [1, 4, 2], instrShape = [1, 16, 8]}>, kWidth = 4}>}>",
        "#ttg.linear<{register = [[0, 0], [0, 2], [1, 0], [2, 0], [0, 0], [8, 0], [0, 0]], lane = [[16, 0], [0, 1], "
        "[0, 0], [0, 0], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}>",
        [32, 4],
        16,
        SM80,
        ((16, "st.shared", 128), (2, "ldmatrix.x4", 128), 3, 128),
    ),
    "mma_a_to_blocked_8x8_f32": (
        "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], "
        "instrShape = [16, 8]}>, kWidth = 2}>",
        "#ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 4], order = [0, 1]}>",
        [8, 8],
        32,
        SM80,
        ((1, "st.shared", 64), (2, "ld.shared", 128), 1, 256),
    ),
    "mma_rows_to_columns_128_f16": (
        "#ttg.slice<{dim = 0, parent = #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, "
        "versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>, kWidth = 4}>}>",
        "#ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], "
        "instrShape = [16, 8]}>}>",
        [128],
        16,
        SM90,
        ((1, "stmatrix.x2.trans", 64), (1, "ldmatrix.x2.trans", 64), 1, 256),
    ),
    "blocked_to_broadcasting_linear_128x4_f16": (
        "#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 2], order = [1, 0]}>",
        "#ttg.generic_linear<{register = [[0, 2], [0, 1], [64, 0]], lane = [[32, 0], [16, 0], [2, 0], [0, 0], [4, 0]], "
        "warp = [[1, 1], [0, 0], [8, 0]], block = []}>",
        [128, 4],
        16,
        SM80,
        ((2, "st.shared", 64), (8, "ld.shared", 16), 1, 1024),
    ),
}
"""Pairs where lanes or registers broadcast, with the accesses, barriers and bytes of Triton
3.9's PTX (compiled from these layouts for sm_80 or sm_90): matrix rows whose address lanes
repeat, and bank bases that Triton's complement keeps apart from a swizzled lane."""


@pytest.mark.parametrize("name", sorted(BROADCAST_PAIRS))
def test_broadcasting_pairs_get_triton_s_instructions(name: str) -> None:
    src_text, dst_text, shape, bits, memory, expected = BROADCAST_PAIRS[name]
    parse = lambda text: to_linear_layout(Parser(CTX, text).parse_attribute().data, shape)  # noqa: E731
    (st_count, st_name, st_bits), (ld_count, ld_name, ld_bits), barriers, scratch_bytes = expected
    for plan in (
        triton_scratch_plan(parse(src_text), parse(dst_text), bits, memory),
        plan_scratch(parse(src_text), parse(dst_text), bits, memory),
    ):
        assert (plan.store.cost.instructions, instruction_name(plan.store, False)) == (st_count, st_name)
        assert (plan.load.cost.instructions, instruction_name(plan.load, True)) == (ld_count, ld_name)
        assert (plan.store.cost.vector_bits, plan.load.cost.vector_bits) == (st_bits, ld_bits)
        assert (plan.barriers, plan.scratch_bytes) == (barriers, scratch_bytes)


def test_a_destination_warp_inside_a_vector_gets_a_swizzle_for_its_single_elements() -> None:
    """The destination's first warp starts one element into the source's vector (it
    broadcasts over the source's registers), so it loads single elements, 32 lanes a
    phase.  Swizzling against those lanes keeps Triton's 64-bit stores and makes its
    conflicted 16-bit loads conflict-free: 12 wavefronts where Triton's layout takes 20
    and the tensor's own order 16."""
    src_text, dst_text, shape, bits, memory, _ = BROADCAST_PAIRS["blocked_to_broadcasting_linear_128x4_f16"]
    parse = lambda text: to_linear_layout(Parser(CTX, text).parse_attribute().data, shape)  # noqa: E731
    ours = plan_scratch(parse(src_text), parse(dst_text), bits, memory)
    triton = triton_scratch_plan(parse(src_text), parse(dst_text), bits, memory)
    assert (ours.total_wavefronts, triton.total_wavefronts) == (12, 20)
    assert ours.load.cost.wavefronts_per_instruction == 1


def test_a_larger_budget_buys_fewer_barriers() -> None:
    """The f16 transpose: Triton's 8 KB in two reps (three barriers); with 16 KB to spare,
    one rep and one barrier, the same instructions."""
    src, dst, bits = layouts("blocked_transpose_128x64_f16")
    default = plan_scratch(src, dst, bits, SM80)
    roomy = plan_scratch(src, dst, bits, SM80, max_scratch_bytes=1 << 20)
    assert (default.scratch_bytes, default.barriers) == (8192, 3)
    assert (roomy.scratch_bytes, roomy.barriers) == (16384, 1)
    assert roomy.total_wavefronts == default.total_wavefronts


@pytest.mark.parametrize("name", [case[0] for case in SHARED])
def test_a_budget_below_the_smallest_buffer_is_refused_and_names_it(name: str) -> None:
    """A buffer holds at least the tensor bits that not both sides hold in registers
    (only those can be looped over); below the smallest the plan says how small that is."""
    src, dst, bits = layouts(name)
    refusal = r"the smallest scratch buffer takes (\d+) bytes, more than the 1 allowed"
    with pytest.raises(ValueError, match=refusal) as info:
        plan_scratch(src, dst, bits, SM80, max_scratch_bytes=1)
    smallest = int(info.value.args[0].split(" takes ")[1].split(" ")[0])
    assert plan_scratch(src, dst, bits, SM80, max_scratch_bytes=smallest).scratch_bytes == smallest
    flat_src, flat_dst = (dict(layout.flatten_outs().bases)["register"] for layout in (src, dst))
    common = {basis[0] for basis in flat_src if basis[0]} & {basis[0] for basis in flat_dst if basis[0]}
    assert smallest >= (src.get_total_out_dim_size() >> len(common)) * memory_bits(bits) // 8


def test_matrix_instructions_follow_the_target() -> None:
    """ldmatrix from sm_75, stmatrix from sm_90, neither on a GPU without them."""
    src, dst, bits = layouts("mmav2_to_blocked_128x64_f16")
    assert plan_scratch(src, dst, bits, SM80).store.matrix is None
    assert plan_scratch(src, dst, bits, SM90).store.instruction(load=False) == "stmatrix.x4"
    src, dst, bits = layouts("blocked_transpose_128x64_f16")
    assert plan_scratch(src, dst, bits, SM80).load.instruction(load=True) == "ldmatrix.x4.trans"
    assert plan_scratch(src, dst, bits, SharedMemory()).load.matrix is None


def test_sixty_four_banks_halve_the_phases_of_wide_accesses() -> None:
    narrow, wide = scratch_of("mmav2_to_blocked_128x64_f32"), scratch_of("mmav2_to_blocked_128x64_f32", 64)
    assert (narrow.store.cost.phases, wide.store.cost.phases) == (4, 2)
    assert wide.total_wavefronts * 2 == narrow.total_wavefronts


def test_a_transpose_pairs_writer_and_reader_lanes_by_xor() -> None:
    """32x32 f32, one warp, row per lane to column per lane: an unswizzled buffer would put
    all 32 lanes of one side in one bank; the segment bases XOR a row bit into a column bit."""
    rows = LinearLayout.from_bases(
        [("register", [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]), ("lane", [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]])],
        ["dim0", "dim1"],
    )
    columns = rows.transpose_outs(["dim1", "dim0"]).rename_out_dims(["dim0", "dim1"])
    scratch = plan_scratch(rows, columns, 32, SharedMemory())
    assert scratch.store.cost.conflict_free and scratch.load.cost.conflict_free
    swizzled = [basis for basis in dict(scratch.layout.bases)["offset"] if basis[0] and basis[1]]
    assert swizzled, "some offset bit must move both a row and a column"


def test_data_that_cross_ctas_are_read_from_their_holder() -> None:
    """Element ``4r + 2l + c`` (register r, lane l, CTA c) was stored by CTA ``r`` at offset
    ``2l + c``: the reader's cluster offset ``4r ^ 2l ^ c`` splits into that rank and offset."""
    src = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2]]), ("block", [[4]])], ["dim0"])
    dst = LinearLayout.from_bases([("register", [[4]]), ("lane", [[2]]), ("block", [[1]])], ["dim0"])
    scratch = plan_scratch(src, dst, 32, SharedMemory())
    remote = scratch.load.remote
    assert scratch.cross_cta and scratch.store.remote is None and remote is not None
    assert scratch.store.register_slots == ((0, 0), (0, 1)) and scratch.store.lane_offsets == (2,)
    assert scratch.load.register_slots == ((0, 0), (0, 4)) and scratch.load.lane_offsets == (2,)
    assert (remote.rank_bits, remote.kept_rank_bits, remote.block_offsets) == ((0,), 0, (1,))
    assert [remote.split(offset) for offset in (4, 2, 1)] == [(1, 0), (0, 2), (0, 1)]
    assert (scratch.scratch_bytes, scratch.barriers) == (16, 2)


def test_two_splits_of_the_same_bits_in_another_order_cross_ctas() -> None:
    """CTA bit 0 takes element bit 2 in the source and bit 3 in the destination, CTA bit 1 the
    other way round: the same bits, yet each CTA needs another's part."""
    src = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2]]), ("block", [[4], [8]])], ["dim0"])
    dst = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2]]), ("block", [[8], [4]])], ["dim0"])
    scratch = plan_scratch(src, dst, 32, SharedMemory())
    assert scratch.cross_cta and scratch.load.remote is not None
    assert scratch.load.remote.block_offsets == (8, 4)


ROWS_OVER_CTAS = (
    "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], "
    "CGALayout = [[1, 0]]}>"
)
COLUMNS_OVER_CTAS = ROWS_OVER_CTAS.replace("[[1, 0]]", "[[0, 1]]")


@pytest.mark.parametrize(
    ("bits", "expected"),
    [(32, (4096, 2, 4, 128, 4, 128)), (16, (4096, 1, 2, 128, 2, 128))],
    ids=["f32", "f16"],
)
def test_a_cross_cta_plan_is_the_buffer_triton_writes_for_sm_90(bits: int, expected: tuple[int, ...]) -> None:
    """A 64x64 tensor split by rows over 2 CTAs, to split by columns: the bytes per CTA, reps,
    stores and loads of Triton 3.9's PTX for sm_90 (``st.shared.v4.b32``,
    ``ld.shared::cluster.v4.b32``); its barriers are cluster barriers, plus ours after the loads."""
    parse = lambda text: to_linear_layout(Parser(CTX, text).parse_attribute().data, [64, 64])  # noqa: E731
    scratch = plan_scratch(parse(ROWS_OVER_CTAS), parse(COLUMNS_OVER_CTAS), bits, SM90)
    assert scratch.cross_cta and scratch.store.matrix is None and scratch.load.matrix is None
    assert (
        scratch.scratch_bytes,
        scratch.reps,
        scratch.store.cost.instructions,
        scratch.store.cost.vector_bits,
        scratch.load.cost.instructions,
        scratch.load.cost.vector_bits,
    ) == expected
    assert scratch.barriers == 2 * scratch.reps


def test_a_reader_keeps_the_rank_bits_the_source_copies() -> None:
    """Four CTAs, the source copied along CTA bit 1: each reader asks the holder that shares
    its own bit 1, as Triton's invertAndComposeBlockLocal does."""
    src = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2]]), ("block", [[4], [0]])], ["dim0"])
    dst = LinearLayout.from_bases([("register", [[4]]), ("lane", [[2]]), ("block", [[0], [1]])], ["dim0"])
    remote = plan_scratch(src, dst, 32, SharedMemory()).load.remote
    assert remote is not None and (remote.rank_bits, remote.kept_rank_bits) == ((0,), 0b10)


def recount(side: ScratchAccess, bits: int, num_banks: int = 32) -> int:
    """Wavefronts of one warp's accesses, counted from their addresses lane by lane (for
    a matrix access, each matrix's 8 row addresses as one phase of 16-byte accesses)."""
    if side.matrix is not None:
        row = MATRIX_ROW_BYTES * 8 // bits
        address_bits = list(side.matrix.address_lane_offsets)
        return sum(
            wavefronts(((0, start ^ combine(address_bits, matrix * 8 + r)) for r in range(8)), row, bits, num_banks)
            for _, start, _ in side.matrix.instructions
            for matrix in range(side.matrix.matrices)
        )
    lanes = 1 << len(side.lane_offsets)
    per_phase = lanes_per_phase(lanes, side.vector_elements * bits, num_banks)
    lane_bits = list(side.lane_offsets)
    return sum(
        wavefronts(
            ((lane // per_phase, start ^ combine(lane_bits, lane)) for lane in range(lanes)),
            side.vector_elements,
            bits,
            num_banks,
        )
        for _, start, _ in side.vectors()
    )


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_plan_costs_are_the_wavefronts_of_its_addresses(data: st.DataObject) -> None:
    """On random layout pairs the plan's exact cost equals a lane-by-lane recount of its
    own addresses, and it never takes more wavefronts than the unswizzled tensor order."""
    src, dst, element = data.draw(cross_warp_pairs())
    memory = data.draw(st.sampled_from([SharedMemory(), SM80, SM90]))
    bits = memory_bits(bit_width(element))
    scratch = plan_scratch(src, dst, bit_width(element), memory)
    for side in (scratch.store, scratch.load):
        assert side.cost.total_wavefronts == recount(side, bits)
    plain = [unswizzled_wavefronts(layout, bits) for layout in (src, dst)]
    assert scratch.total_wavefronts <= sum(plain)
    triton = triton_scratch_plan(src, dst, bit_width(element), memory)
    assert scratch.scratch_bytes <= triton.scratch_bytes
    assert scratch.total_wavefronts <= triton.total_wavefronts


def unswizzled_wavefronts(layout: LinearLayout, bits: int) -> int:
    bases = dict(layout.flatten_outs().bases)
    registers, lanes, warps = ([basis[0] for basis in bases[dim]] for dim in ("register", "lane", "warp"))
    elements = largest_vectorisation(registers, bits, lanes + warps)
    return access_cost(registers, lanes, bits, elements, SharedMemory()).total_wavefronts


def explicit(
    registers: list[list[int]], lanes: list[list[int]], warps: list[list[int]], shape: list[int]
) -> LinearLayout:
    bases = [("register", registers), ("lane", lanes), ("warp", warps), ("block", [])]
    return LinearLayout.from_bases(bases, ["dim0", "dim1"], shape)


def transposed(layout: LinearLayout) -> LinearLayout:
    """The layout of the transposed tensor: each basis ``(a, b)`` becomes ``(b, a)``."""
    bases = [(dim, [[b, a] for a, b in dim_bases]) for dim, dim_bases in layout.bases]
    sizes = [size for _, size in reversed(layout.out_dims)]
    return LinearLayout.from_bases(bases, ["dim0", "dim1"], sizes)


F8_128 = explicit(
    [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], [[0, 16], [0, 32], [0, 64], [4, 0], [8, 0]],
    [[16, 0], [32, 0], [64, 0]], [128, 128],
)  # fmt: skip
F32_32x16 = explicit([[4, 0], [8, 0], [16, 0]], [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], [[2, 0]], [32, 16])
F32_32x16_T = explicit([[0, 2], [0, 4], [0, 8]], [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], [[0, 1]], [32, 16])
F16_128 = explicit(
    [[1, 0], [2, 0], [4, 0], [0, 32], [0, 64]], [[8, 0], [16, 0], [32, 0], [64, 0], [0, 1]],
    [[0, 2], [0, 4], [0, 8], [0, 16]], [128, 128],
)  # fmt: skip
F16_128_T = explicit(
    [[0, 1], [0, 2], [0, 4], [32, 0], [64, 0]], [[0, 8], [0, 16], [0, 32], [0, 64], [1, 0]],
    [[2, 0], [4, 0], [8, 0], [16, 0]], [128, 128],
)  # fmt: skip
BF16_BLOCKED = explicit([[0, 1], [0, 2], [0, 4]], [[0, 8], [1, 0], [2, 0], [4, 0], [8, 0]], [], [16, 16])
BF16_MMA = explicit([[0, 1], [8, 0], [0, 8]], [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], [], [16, 16])
U4_BLOCKED = explicit(
    [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0], [8, 0]], [[0, 32], [0, 64], [0, 128], [1, 0], [2, 0]],
    [], [16, 256],
)  # fmt: skip
U4_MMA = explicit(
    [[0, 1], [0, 2], [0, 4], [8, 0], [0, 32], [0, 64], [0, 128]], [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]],
    [], [16, 256],
)  # fmt: skip


@pytest.mark.parametrize(
    ("src", "dst", "bits"),
    [
        (F8_128, transposed(F8_128), 8),
        (BF16_BLOCKED, BF16_MMA, 16),
        (U4_BLOCKED, U4_MMA, 4),
        (F32_32x16, F32_32x16_T, 32),
        (F16_128, F16_128_T, 16),
    ],
    ids=["128x128_f8_transpose", "16x16_bf16_blocked_mma", "16x256_u4_mma", "32x16_f32_transpose", "128x128_f16"],
)
def test_triton_swizzle_cases_are_conflict_free(src: LinearLayout, dst: LinearLayout, bits: int) -> None:
    """Triton's SwizzleTest: the optimal swizzle reads and writes without bank conflicts."""
    scratch = plan_scratch(src, dst, bits, SharedMemory())
    for side in (scratch.store, scratch.load):
        assert side.cost.conflict_free
        assert side.cost.total_wavefronts == recount(side, memory_bits(bits))


def test_the_default_budget_is_also_the_target_s_shared_memory() -> None:
    """Triton's buffer for a 128x128 8-bit transpose takes more than a target of 4 KB holds:
    the plan takes reps to fit, and names the capacity when nothing fits."""
    src, dst = F8_128, transposed(F8_128)
    triton = triton_scratch_plan(src, dst, 8, SharedMemory())
    small = plan_scratch(src, dst, 8, SharedMemory(capacity_bytes=4096))
    assert small.scratch_bytes <= 4096 < triton.scratch_bytes and small.reps > triton.reps
    with pytest.raises(AnalysisError, match="takes 1024 bytes, more than the 512 allowed"):
        plan_scratch(src, dst, 8, SharedMemory(capacity_bytes=512))
    assert Target.named("hip:gfx942").shared.capacity_bytes == 64 * 1024
    assert Target.named("hip:gfx950").shared.capacity_bytes == 160 * 1024
