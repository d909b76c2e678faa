"""The grid of a CuTe layout: rows its first mode, columns the others read first-mode-fastest,
whatever its rank, and the same grid whether or not the layout is F2-linear; the layout at
every input, as the views evaluate it, and their brackets, as Triton prints them."""

from __future__ import annotations

from itertools import product
from math import prod

import pytest
from hypothesis import given
from hypothesis import strategies as st

from layoutdialect.analysis.layout_views import (
    DISTRIBUTED_ORDER,
    cute_offset_grid,
    grid,
    in_size,
    layout_values,
    unflatten_index,
)
from layoutdialect.answers.show import show_cute_value
from layoutdialect.cute.layout import ComposedLayout, Layout
from layoutdialect.cute.linear import to_linear_layout
from layoutdialect.cute.text import parse_cute
from layoutdialect.f2 import LinearLayout

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


@st.composite
def random_layouts(draw: st.DrawFn) -> LinearLayout:
    """Any layout from ``register, lane, warp, block`` (some missing) to one to three dims."""
    outs = [f"dim{d}" for d in range(draw(st.integers(1, 3)))]
    out_bits = {name: draw(st.integers(0, 3)) for name in outs}
    ins = draw(st.lists(st.sampled_from(DISTRIBUTED_ORDER), min_size=1, max_size=4, unique=True))
    bases = [
        (name, [[draw(st.integers(0, (1 << out_bits[o]) - 1)) for o in outs] for _ in range(draw(st.integers(0, 3)))])
        for name in ins
    ]
    return LinearLayout.from_bases(bases, outs, [1 << out_bits[o] for o in outs], require_surjective=False)


@given(random_layouts())
def test_the_layout_at_every_input_is_the_xor_of_its_bits_bases(layout: LinearLayout) -> None:
    values = layout_values(layout, DISTRIBUTED_ORDER)
    sizes = [in_size(layout, dim) for dim in DISTRIBUTED_ORDER]
    assert list(values.shape) == [*sizes, layout.num_out_dims]
    for point in product(*(range(size) for size in sizes)):
        inputs = {dim: value for dim, value in zip(DISTRIBUTED_ORDER, point) if layout.has_in_dim(dim)}
        assert values[point].tolist() == list(layout.apply(inputs).values())


def _reference_grid(cells: list[str], shape: tuple[int, ...], separator: str) -> str:
    """Triton's ``getLayoutStr`` cell by cell: a bracket opens for each dim a cell starts
    and closes for each dim the next cell starts."""
    text, rank, new_line = [], len(shape), True
    for index, cell in enumerate(cells):
        here = unflatten_index(index, shape)
        opened = next((rank - 1 - d for d in reversed(range(rank)) if here[d]), rank)
        text.append("[" * opened + (" " * (rank - opened) if new_line else ""))
        text.append(cell)
        following = unflatten_index(index + 1, shape) if index + 1 < len(cells) else [0] * rank
        closed = next((rank - 1 - d for d in reversed(range(rank)) if following[d]), rank)
        text.append("]" * closed)
        new_line = following[-1] == 0
        text.append("\n" if new_line else separator)
    return "".join(text)


@given(st.lists(st.integers(1, 4), min_size=1, max_size=4))
def test_the_grid_brackets_rows_as_triton_does_cell_by_cell(shape: list[int]) -> None:
    cells = [str(index) for index in range(prod(shape))]
    assert grid(cells, shape, ", ") == _reference_grid(cells, tuple(shape), ", ")
