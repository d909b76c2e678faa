"""The grid of a CuTe layout: rows its first mode, columns the others read first-mode-fastest,
whatever its rank, and the same grid whether or not the layout is F2-linear."""

from __future__ import annotations

import pytest

from layoutdialect.analysis.layout_views import cute_offset_grid
from layoutdialect.answers.show import show_cute_value
from layoutdialect.cute.layout import ComposedLayout, Layout
from layoutdialect.cute.linear import to_linear_layout
from layoutdialect.cute.text import parse_cute

LAYOUTS = [
    "16:1",
    "(4,4):(4,1)",
    "(4,1):(1,0)",
    "(2,(2,2)):(1,(2,4))",
    "(2,2,2):(4,1,2)",
    "(2,2,2,2):(1,2,4,8)",
    "(4,2,2,2):(1,16,8,4)",
    "(2,2,2,2):(1,2,4,0)",
    "Swizzle<1,0,1> o (2,2,2):(4,2,1)",
]


@pytest.mark.parametrize("text", LAYOUTS)
def test_the_grid_is_the_one_of_a_layout_that_is_not_linear(text: str) -> None:
    """``show_cute_value`` evaluates any layout coordinate by coordinate, rows its first mode."""
    value = parse_cute(text)
    assert isinstance(value, Layout | ComposedLayout)
    assert cute_offset_grid(to_linear_layout(value)) == show_cute_value(value).text()


def test_a_rank_4_layout_is_rows_by_the_other_modes() -> None:
    """Row ``i``, column ``j`` holds ``L(i + 4 * j)``: the MMA atom's swap of index bits 2 and 4."""
    grid = cute_offset_grid(to_linear_layout(parse_cute("(4,2,2,2):(1,16,8,4)")))
    assert grid.splitlines() == [
        "[[ 0, 16,  8, 24,  4, 20, 12, 28]",
        "[  1, 17,  9, 25,  5, 21, 13, 29]",
        "[  2, 18, 10, 26,  6, 22, 14, 30]",
        "[  3, 19, 11, 27,  7, 23, 15, 31]]",
    ]


def test_a_rank_1_layout_or_table_is_one_row() -> None:
    assert cute_offset_grid(to_linear_layout(parse_cute("[0,2,1,3]"))) == "[0, 2, 1, 3]\n"
