"""Swizzle synthesis against a table of make_swizzle's closed form and the exact bank model of
``docs/shared-memory.md``: every reported count is checked by simulating, place by place,
the warp that reads each access, instruction by instruction and phase by phase, with
``SharedMemory.wavefronts`` (``brute_force``)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from layoutdialect.analysis.swizzle_synthesis import (
    AccessCost,
    SwizzlePlan,
    XorMap,
    access_costs,
    make_swizzle,
    synthesise_swizzle,
)
from layoutdialect.answers.swizzle import ask
from layoutdialect.f2.bitmatrix import combine
from layoutdialect.ir.diagnostics import IRError
from layoutdialect.target import SharedMemory


def _warp_cost(
    offset: object, height: int, width: int, bits: int, places: list[tuple[int, int]], memory: SharedMemory, lanes: int
) -> tuple[list[int], int]:
    """The wavefronts per access at each place, and the ideal, of a warp reading a
    ``height x width`` block whose element ``(row, col)`` at place ``(top, left)`` sits at
    ``offset(top + row, left + col)``: each lane the widest vector of a row (at most 128
    bits, dividing the row; narrowed while its elements are not consecutive from an aligned
    offset at every place), the lanes taking the vectors row by row, a warp's worth per
    group of instructions, the lanes beyond a group's vectors idle; each instruction in the
    phases of ``memory``, each phase as ``SharedMemory.wavefronts`` of its active lanes'
    words (none for a phase of idle lanes).  The ideal is one wavefront per phase holding an
    active lane per instruction, for the vector width that needs the fewest."""
    assert callable(offset)
    vector = 1
    while vector * 2 * bits <= 128 and width % (vector * 2) == 0:
        vector *= 2
    starts = [(row, col) for row in range(height) for col in range(0, width, vector)]
    groups = [starts[first : first + lanes] for first in range(0, len(starts), lanes)]

    def legal(elements: int) -> bool:
        for top, left in places:
            for row, col in starts:
                for chunk in range(col, col + vector, elements):
                    first = offset(top + row, left + chunk)
                    if first % elements or any(
                        offset(top + row, left + chunk + j) != first + j for j in range(elements)
                    ):
                        return False
        return True

    elements = vector
    while elements > 1 and not legal(elements):
        elements //= 2
    lane_bits = lanes.bit_length() - 1

    def phases(vector_bits: int) -> list[list[int]]:
        basis = memory.phase_basis(vector_bits, lane_bits, True)
        span = [combine(basis, mask) for mask in range(1 << len(basis))]
        by_phase: dict[int, list[int]] = {}
        for lane in range(lanes):
            by_phase.setdefault(min(lane ^ other for other in span), []).append(lane)
        return list(by_phase.values())

    element_bytes = max(1, bits // 8)
    counts = []
    for top, left in places:
        total = 0
        for group in groups:
            for first in range(0, vector, elements):
                for phase in phases(elements * bits):
                    words: set[int] = set()
                    for lane in phase:
                        if lane >= len(group):
                            continue
                        row, col = group[lane]
                        for j in range(first, first + elements):
                            byte = offset(top + row, left + col + j) * bits // 8
                            words.update(range(byte // 4, (byte + element_bytes - 1) // 4 + 1))
                    total += memory.wavefronts(words)
        counts.append(total)
    ideals = []
    width = vector
    while width >= 1:
        active = sum(any(lane < len(group) for lane in phase) for group in groups for phase in phases(width * bits))
        ideals.append(active * (vector // width))
        width //= 2
    return counts, min(ideals)


def brute_force(
    plan: SwizzlePlan, accesses: Sequence[tuple[int, int]], memory: SharedMemory, lanes: int = 32
) -> list[tuple[int, int, int, int]]:
    """``(worst, ideal, conflicting places, places)`` of each access under ``plan``'s
    address, by ``_warp_cost`` at every aligned place; an element wider than 128 bits is
    read as consecutive 128-bit units."""
    units = max(1, plan.element_bits // 128)

    def unit_offset(row: int, col: int) -> int:
        return int(plan.address(row, col // units)) * units + col % units

    found = []
    for height, width in accesses:
        places = [
            (top, left * units)
            for top in range(0, plan.rows - height + 1, height)
            for left in range(0, plan.cols - width + 1, width)
        ]
        bits = min(plan.element_bits, 128)
        counts, ideal = _warp_cost(unit_offset, height, width * units, bits, places, memory, lanes)
        found.append((max(counts), ideal, sum(count > ideal for count in counts), len(counts)))
    return found


def reported(costs: Sequence[AccessCost]) -> list[tuple[int, int, int, int]]:
    return [(c.worst_wavefronts, c.ideal_wavefronts, c.conflicting_places, c.places) for c in costs]


def check(plan: SwizzlePlan, accesses: Sequence[tuple[int, int]], memory: SharedMemory) -> None:
    """The plan is a layout of the tile, and its costs are the brute-force ones."""
    offsets = sorted(plan.address(row, col) for row in range(plan.rows) for col in range(plan.cols))
    assert offsets == list(range(plan.rows * plan.cols))
    assert [(c.rows, c.cols) for c in plan.costs] == list(accesses)
    assert reported(plan.costs) == brute_force(plan, accesses, memory)


# (rows, cols, stride) -> (col_mask, col_shift, CuTe swizzle or None)
MAKE_SWIZZLE = {
    (8, 1, 2): (0x4, -2, "Swizzle<1,0,3>"),
    (8, 1, 4): (0x6, -1, "Swizzle<2,0,3>"),
    (8, 1, 8): (0x7, 0, "Swizzle<3,0,3>"),
    (8, 1, 16): (0x7, 0, "Swizzle<3,0,4>"),
    (8, 1, 32): (0x7, 0, "Swizzle<3,0,5>"),
    (8, 4, 8): (0x4, 0, "Swizzle<1,2,3>"),
    (8, 4, 16): (0x6, 1, "Swizzle<2,2,3>"),
    (8, 4, 48): (0x6, 1, None),
    (8, 4, 32): (0x7, 2, "Swizzle<3,2,3>"),
    (8, 4, 64): (0x7, 2, "Swizzle<3,2,4>"),
    (8, 16, 16): (0x0, 1, None),
    (8, 16, 32): (0x4, 2, "Swizzle<1,4,3>"),
    (8, 16, 64): (0x6, 3, "Swizzle<2,4,3>"),
    (8, 16, 128): (0x7, 4, "Swizzle<3,4,3>"),
    (4, 2, 8): (0x3, 1, "Swizzle<2,1,2>"),
    (16, 1, 16): (0xF, 0, "Swizzle<4,0,4>"),
    (4, 4, 32): (0x3, 2, "Swizzle<2,2,3>"),
    (4, 2, 16): (0x3, 1, "Swizzle<2,1,3>"),
    (8, 1, 24): (0x7, 0, None),
}


@pytest.mark.parametrize("case", sorted(MAKE_SWIZZLE))
def test_make_swizzle_matches_its_table(case: tuple[int, int, int]) -> None:
    params = make_swizzle(*case)
    mask, shift, cute = MAKE_SWIZZLE[case]
    swizzle = params.to_cute()
    assert (params.col_mask, params.col_shift, None if swizzle is None else str(swizzle)) == (mask, shift, cute)


@pytest.mark.parametrize(
    ("rows", "cols", "stride", "total", "banks"), [(4, 2, 5, 16, 2), (4, 2, 9, 16, 2), (2, 4, 9, 16, 4)]
)
def test_odd_strides_permute_rows(rows: int, cols: int, stride: int, total: int, banks: int) -> None:
    params = make_swizzle(rows, cols, stride, total)
    assert (params.col_mask, params.row_banks) == (0, banks)
    assert sorted(params(row, 0) // stride for row in range(total)) == list(range(total))


@pytest.mark.parametrize(
    ("shape", "accesses", "expected"),
    [
        ((8, 8), [(1, 8), (8, 1)], "Swizzle<3,0,3>"),
        ((8, 32), [(8, 1)], "Swizzle<3,0,5>"),
        ((8, 4), [(1, 4), (8, 1)], "Swizzle<2,0,3>"),
        ((8, 8), [(4, 2)], "Swizzle<2,1,2>"),
        ((8, 16), [(4, 2)], "Swizzle<2,1,3>"),
    ],
)
def test_synthesised_layouts_serve_each_access_in_one_wavefront(
    shape: tuple[int, int], accesses: list[tuple[int, int]], expected: str
) -> None:
    plan = synthesise_swizzle(*shape, 128, accesses, SharedMemory())
    assert str(plan.swizzle) == expected
    assert plan.conflict_free
    layout = plan.linear_layout()
    assert layout is not None and layout.is_invertible()


def test_the_bank_model_counts_distinct_words_per_bank() -> None:
    def row_major(row: int, col: int) -> int:
        return row * 32 + col

    (column,) = access_costs(row_major, 32, 32, 32, [(32, 1)], SharedMemory())
    assert (column.worst_wavefronts, column.ideal_wavefronts) == (32, 1)
    (row,) = access_costs(row_major, 32, 32, 32, [(1, 32)], SharedMemory())
    assert row.conflict_free


def test_an_xor_map_serves_what_no_cute_swizzle_can() -> None:
    """A column and a 4x2 block of 16-byte units: a swizzle XORs row bit i into column bit
    i + M for all i, which cannot serve both; rotating the row bits can."""
    plan = synthesise_swizzle(8, 8, 128, [(8, 1), (4, 2)], SharedMemory())
    assert plan.swizzle is None and plan.conflict_free
    layout = plan.linear_layout()
    assert layout is not None and layout.is_invertible()


@pytest.mark.parametrize("banks", [8, 16, 32, 64])
@pytest.mark.parametrize(
    ("shape", "accesses"),
    [
        ((8, 8), [(1, 8), (8, 1)]),
        ((8, 8), [(8, 1), (4, 2)]),
        ((8, 9), [(8, 1), (4, 2)]),
        ((8, 9), [(1, 9)]),
        ((8, 9), [(1, 9), (8, 1), (4, 2)]),
        ((8, 24), [(8, 1), (1, 8), (4, 2)]),
        ((8, 24), [(8, 1), (4, 2)]),
        ((8, 24), [(1, 24), (8, 3), (2, 4)]),
        ((16, 16), [(16, 1), (1, 16)]),
    ],
)
def test_every_reported_count_is_the_brute_force_one(
    shape: tuple[int, int], accesses: list[tuple[int, int]], banks: int
) -> None:
    memory = SharedMemory(banks)
    check(synthesise_swizzle(*shape, 128, accesses, memory), accesses, memory)


def test_the_row_permutation_for_one_access_serves_the_others() -> None:
    """No XOR of row bits serves a column and a 4x2 block of 9-unit rows; the row
    permutation found for the 4x2 block alone serves both."""
    memory = SharedMemory()
    accesses = [(8, 1), (4, 2)]
    plan = synthesise_swizzle(8, 9, 128, accesses, memory)
    assert plan.conflict_free
    assert plan.formula == "r = (row * 2) % 8 + row / 4; r * 9 + col"
    assert plan.formula == synthesise_swizzle(8, 9, 128, [(4, 2)], memory).formula
    assert "4x2 access alone" in plan.method
    check(plan, accesses, memory)
    assert brute_force(plan, accesses, memory) == [(1, 1, 0, 9), (1, 1, 0, 8)]


def test_without_a_conflict_free_layout_the_best_trade_off_is_given() -> None:
    memory = SharedMemory()
    accesses = [(8, 1), (4, 2), (2, 4)]
    plan = synthesise_swizzle(8, 9, 128, accesses, memory)
    assert not plan.conflict_free
    check(plan, accesses, memory)
    assert [c.worst_wavefronts for c in plan.costs] == [1, 1, 2]
    assert "no layout searched" in ask("8x9", "b128", ["8x1", "4x2", "2x4"]).text()


@pytest.mark.parametrize(("banks", "wavefronts"), [(8, 5), (16, 3), (32, 2), (64, 1)])
def test_a_whole_row_of_nine_units_takes_its_bytes_in_wavefronts(banks: int, wavefronts: int) -> None:
    """Nine 16-byte units are 36 words: as many wavefronts as the most words of one bank,
    ideally ``ceil(144 bytes / wavefront bytes)``, which the consecutive row reaches."""
    memory = SharedMemory(banks)
    plan = synthesise_swizzle(8, 9, 128, [(1, 9)], memory)
    assert plan.formula == "row * 9 + col" and plan.conflict_free
    assert reported(plan.costs) == [(wavefronts, wavefronts, 0, 8)]
    check(plan, [(1, 9)], memory)


def test_accesses_of_other_sides_are_costed_at_every_place() -> None:
    """A 3x1 column under ``col ^= row bit 2``: rows 0-2 sit in one of the two 8-bank
    groups, rows 3-5 do not, so the first place does not stand for the others."""
    memory = SharedMemory(8)
    xor_map = XorMap(8, (0, 0, 1))
    (cost,) = access_costs(xor_map, 8, 8, 128, [(3, 1)], memory, linear=True)
    assert (cost.worst_wavefronts, cost.ideal_wavefronts, cost.conflicting_places, cost.places) == (3, 2, 8, 16)


@pytest.mark.parametrize("access", [(9, 1), (1, 10), (0, 1), (1, 0)])
def test_an_access_must_fit_the_tile(access: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match="does not fit the 8x9 tile"):
        synthesise_swizzle(8, 9, 128, [access], SharedMemory())


def test_an_access_that_does_not_fit_is_an_error_at_the_option() -> None:
    with pytest.raises(IRError, match=r"^--access:1:1: error: access 1x10 does not fit the 8x9 tile"):
        ask("8x9", "b128", ["8x1", "1x10"])


@pytest.mark.parametrize(("banks", "expected", "wavefronts"), [(8, "Swizzle<1,0,3>", 4), (64, "Swizzle<2,0,4>", 1)])
def test_rows_and_columns_of_sixteen_byte_units_with_other_bank_counts(
    banks: int, expected: str, wavefronts: int
) -> None:
    """8 banks hold two 16-byte units, so a column of eight needs one row bit moved to
    spread over both, four units each; 64 banks hold sixteen, of which row bit 0 already
    picks the half, so row bits 1 and 2 are moved (offset bits 4 and 5)."""
    memory = SharedMemory(banks)
    accesses = [(8, 1), (1, 8)]
    plan = synthesise_swizzle(8, 8, 128, accesses, memory)
    assert str(plan.swizzle) == expected and plan.conflict_free
    assert [(c.worst_wavefronts, c.ideal_wavefronts) for c in plan.costs] == [(wavefronts, wavefronts)] * 2
    check(plan, accesses, memory)
    row_major = access_costs(lambda row, col: row * 8 + col, 8, 8, 128, [(8, 1)], memory)
    assert row_major[0].worst_wavefronts > wavefronts


def test_sixty_four_banks_serve_a_column_of_sixteen_units_in_one_wavefront() -> None:
    memory = SharedMemory(64)
    accesses = [(16, 1), (1, 16)]
    plan = synthesise_swizzle(16, 16, 128, accesses, memory)
    assert str(plan.swizzle) == "Swizzle<4,0,4>" and plan.conflict_free
    assert [c.worst_wavefronts for c in plan.costs] == [1, 1]
    check(plan, accesses, memory)


@pytest.mark.parametrize(
    "accesses", [[(8, 1)], [(1, 8)], [(4, 2)], [(8, 1), (1, 8)], [(8, 1), (4, 2)], [(8, 1), (1, 8), (4, 2)]]
)
def test_rows_of_twenty_four_units_serve_columns_rows_and_blocks(accesses: list[tuple[int, int]]) -> None:
    memory = SharedMemory()
    plan = synthesise_swizzle(8, 24, 128, accesses, memory)
    assert plan.conflict_free
    check(plan, accesses, memory)


@st.composite
def tiles_and_accesses(draw: st.DrawFn) -> tuple[int, int, int, SharedMemory, list[tuple[int, int]]]:
    rows = draw(st.integers(1, 8))
    cols = draw(st.integers(1, 12))
    element_bits = draw(st.sampled_from([8, 16, 32, 64, 128]))
    memory = SharedMemory(draw(st.sampled_from([8, 16, 32, 64])))
    access = st.tuples(st.integers(1, rows), st.integers(1, cols))
    return rows, cols, element_bits, memory, draw(st.lists(access, min_size=1, max_size=3))


@settings(max_examples=60, deadline=None)
@given(tiles_and_accesses())
def test_any_returned_layout_has_the_costs_it_reports(
    case: tuple[int, int, int, SharedMemory, list[tuple[int, int]]],
) -> None:
    rows, cols, element_bits, memory, accesses = case
    plan = synthesise_swizzle(rows, cols, element_bits, accesses, memory)
    check(plan, accesses, memory)
    if plan.conflict_free:
        assert all(worst == ideal for worst, ideal, _, _ in brute_force(plan, accesses, memory))


@settings(max_examples=60, deadline=None)
@given(tiles_and_accesses())
def test_a_layout_found_for_one_access_that_serves_all_is_not_missed(
    case: tuple[int, int, int, SharedMemory, list[tuple[int, int]]],
) -> None:
    rows, cols, element_bits, memory, accesses = case
    plan = synthesise_swizzle(rows, cols, element_bits, accesses, memory)
    for access in accesses:
        alone = synthesise_swizzle(rows, cols, element_bits, [access], memory)
        if all(worst == ideal for worst, ideal, _, _ in brute_force(alone, accesses, memory)):
            assert plan.conflict_free


def test_an_access_listed_twice_is_one_access() -> None:
    """The closed form serves a 2x8 block of an 8x24 tile of f16 on 8 banks; naming the
    block twice must not hide it (hypothesis found this on rows of 10, whose 20 bytes no
    longer hold aligned 16-byte vectors)."""
    memory = SharedMemory(8)
    once = synthesise_swizzle(8, 24, 16, [(2, 8)], memory)
    twice = synthesise_swizzle(8, 24, 16, [(2, 8), (2, 8)], memory)
    assert once.method == "the closed form for one access tile"
    assert once.conflict_free and twice.conflict_free
    assert twice.formula == once.formula
