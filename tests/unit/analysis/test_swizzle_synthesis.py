"""Swizzle synthesis against melonedo's make_swizzle table and the exact bank model of
``docs/shared-memory.md``."""

from __future__ import annotations

import pytest

from layoutdialect.analysis.swizzle_synthesis import access_costs, make_swizzle, synthesise_swizzle
from layoutdialect.target import SharedMemory

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
def test_make_swizzle_matches_melonedos_table(case: tuple[int, int, int]) -> None:
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


def test_without_a_conflict_free_layout_the_best_trade_off_is_given() -> None:
    plan = synthesise_swizzle(8, 9, 128, [(8, 1), (4, 2)], SharedMemory())
    assert not plan.conflict_free
    assert [c.worst_wavefronts for c in plan.costs] == [1, 2]
