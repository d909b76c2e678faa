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
from layoutdialect.analysis.conversion import ConversionPath, plan_conversion
from layoutdialect.analysis.scratch_layout import ScratchAccess, ScratchPlan, memory_bits, plan_scratch
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.f2.bitmatrix import combine
from layoutdialect.target import SharedMemory

CTX = make_context()
BITS = {"f16": 16, "f32": 32, "i32": 32}
SHARED = [case for case in CORPUS if case[0] in TRITON_SM80_SHARED]


def layouts(name: str) -> tuple[LinearLayout, LinearLayout, int]:
    _, src, dst, shape, element, _ = next(case for case in CORPUS if case[0] == name)
    parse = lambda text: to_linear_layout(Parser(CTX, text).parse_attribute().data, shape)  # noqa: E731
    return parse(src), parse(dst), BITS[element]


def scratch_of(name: str, num_banks: int = 32) -> ScratchPlan:
    plan = plan_conversion(*layouts(name), SharedMemory(num_banks))
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


PLAIN = [name for name, (st, ld, *_) in TRITON_SM80_SHARED.items() if "matrix" not in st[2] + ld[2]]


@pytest.mark.parametrize("name", PLAIN)
def test_where_triton_uses_ld_st_shared_we_match_its_code(name: str) -> None:
    """Same accesses, barriers, bytes and reps as Triton 3.9 on sm_80."""
    (st_count, st_bits, _), (ld_count, ld_bits, _), barriers, scratch_bytes, reps = TRITON_SM80_SHARED[name]
    scratch = scratch_of(name)
    assert (scratch.store.cost.instructions, scratch.store.cost.vector_bits) == (st_count, st_bits)
    assert (scratch.load.cost.instructions, scratch.load.cost.vector_bits) == (ld_count, ld_bits)
    assert (scratch.barriers, scratch.scratch_bytes, scratch.reps) == (barriers, scratch_bytes, reps)


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


def test_data_that_crosses_ctas_get_no_scratch_buffer() -> None:
    src = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2]]), ("block", [[4]])], ["dim0"])
    dst = LinearLayout.from_bases([("register", [[4]]), ("lane", [[2]]), ("block", [[1]])], ["dim0"])
    with pytest.raises(ValueError, match="between CTAs"):
        plan_scratch(src, dst, 32, SharedMemory())


def recount(side: ScratchAccess, bits: int, num_banks: int = 32) -> int:
    """Wavefronts of one warp's accesses, counted from their addresses lane by lane."""
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
    bits = memory_bits(bit_width(element))
    scratch = plan_scratch(src, dst, bit_width(element), SharedMemory())
    for side in (scratch.store, scratch.load):
        assert side.cost.total_wavefronts == recount(side, bits)
    plain = [unswizzled_wavefronts(layout, bits) for layout in (src, dst)]
    assert scratch.total_wavefronts <= sum(plain)


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
