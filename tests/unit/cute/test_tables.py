"""Tables of offsets as layouts: inside a CuTe expression ``[0,2,1,3]`` is the layout with those
offsets, and an expression gives what it gives with that layout written as ``shape:stride``."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from layoutdialect.cute.algebra import coalesce
from layoutdialect.cute.layout import ComposedLayout, Layout
from layoutdialect.cute.text import CuteSyntaxError, Table, parse_cute

# The two CUTLASS MMA-atom m-coordinate maps of ``layoutdialect.answers.cute``.
ROTATION = "[0,1,2,3,8,9,10,11,16,17,18,19,24,25,26,27,4,5,6,7,12,13,14,15,20,21,22,23,28,29,30,31]"
SWAP = "[0,1,2,3,16,17,18,19,8,9,10,11,24,25,26,27,4,5,6,7,20,21,22,23,12,13,14,15,28,29,30,31]"

SAME = [
    ("left_inverse([0,2,1,3])", "left_inverse((2,2):(2,1))"),
    ("right_inverse([0,3,6,1,4,7,2,5,8])", "right_inverse((3,3):(3,1))"),
    ("coalesce([0,1,2,3,4,5])", "coalesce(6:1)"),
    ("composition([0,2,1,3], (2,2):(2,1))", "composition((2,2):(2,1), (2,2):(2,1))"),
    ("composition((4,4):(4,1), [0,1,4,5])", "composition((4,4):(4,1), (2,2):(1,4))"),
    ("complement([0,1,4,5], 16)", "complement((2,2):(1,4), 16)"),
    ("complement([0,2,4])", "complement(3:2)"),
    ("logical_divide([0,4,1,5,2,6,3,7], <2>)", "logical_divide((2,4):(4,1), <2>)"),
    ("logical_divide((8,8):(8,1), <[0,1,2,3],[0,2]>)", "logical_divide((8,8):(8,1), <4:1,2:2>)"),
    ("logical_product([0,2], 3:1)", "logical_product(2:2, 3:1)"),
    (f"left_inverse({SWAP})", "left_inverse((4,2,2,2):(1,16,8,4))"),
    ("S<1,0,1> o [0,2,1,3]", "S<1,0,1> o (2,2):(2,1)"),
    ("[0,1,8,9] o 0 o [0,2,1,3]", "(2,2):(1,8) o 0 o (2,2):(2,1)"),
]


def _values(value: object) -> list[int]:
    assert isinstance(value, Layout | ComposedLayout)
    return [value(i) for i in range(value.size)]


@pytest.mark.parametrize(("with_table", "with_layout"), SAME, ids=[t for t, _ in SAME])
def test_a_table_in_an_expression_is_its_layout(with_table: str, with_layout: str) -> None:
    table, layout = parse_cute(with_table), parse_cute(with_layout)
    assert str(table) == str(layout)
    assert _values(table) == _values(layout)


def test_the_inverses_of_the_mma_atom_maps() -> None:
    """The left inverse of a table undoes it; the swap of index bits 2 and 4 is its own."""
    rotation = parse_cute(ROTATION)
    assert isinstance(rotation, Table)
    inverse = parse_cute(f"left_inverse({ROTATION})")
    assert str(inverse) == "(4,2,4):(1,16,4)"
    assert [_values(inverse)[offset] for offset in rotation.values] == list(range(32))
    assert str(parse_cute(f"right_inverse({SWAP})")) == "(4,2,2,2):(1,16,8,4)"


def test_a_table_alone_stays_a_table() -> None:
    assert parse_cute("[0,2,1,3]") == Table((0, 2, 1, 3))


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    """Any flat layout: modes of sizes 1..4 at strides 0..9, overlapping or not."""
    rank = draw(st.integers(1, 4))
    shapes = draw(st.lists(st.integers(1, 4), min_size=rank, max_size=rank))
    strides = draw(st.lists(st.integers(0, 9), min_size=rank, max_size=rank))
    return Layout(tuple(shapes), tuple(strides))


@given(layouts())
def test_a_layouts_table_reads_back_as_the_coalesced_layout(layout: Layout) -> None:
    table = Table(tuple(_values(layout)))
    assert str(table.layout()) == str(coalesce(layout))
    assert str(parse_cute(f"coalesce({table})")) == str(coalesce(layout))


OFFSETS_ONLY = [
    "left_inverse({})",
    "complement({})",
    "complement({}, 64)",
    "composition({}, (2,2):(1,2))",
    "logical_divide({}, 2:1)",
]
"""Expressions whose result depends on the offsets of the layout in them, not on how its
shape is split into modes (``logical_product``, or a layout composed with a table, keep the
table's modes, those of its coalesced layout)."""


@given(layouts(), st.sampled_from(OFFSETS_ONLY))
def test_an_expression_gives_with_a_table_what_it_gives_with_the_layout(layout: Layout, expression: str) -> None:
    table = Table(tuple(_values(layout)))
    try:
        expected = str(parse_cute(expression.format(layout)))
    except CuteSyntaxError:
        with pytest.raises(CuteSyntaxError):
            parse_cute(expression.format(table))
        return
    assert str(parse_cute(expression.format(table))) == expected


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("left_inverse([0,1,3,2])", 14),
        ("complement([1,0], 4)", 12),
        ("composition(8:1, [0,1,2,3,7,9])", 18),
        ("S<1,0,1> o [0,1,3,2]", 12),
        ("[0,1,3,2] o (2,2):(1,2)", 1),
    ],
)
def test_a_table_that_is_no_layout_is_refused_where_it_stands(text: str, column: int) -> None:
    with pytest.raises(CuteSyntaxError) as error:
        parse_cute(text)
    assert error.value.column == column
    assert "is no layout: no shape:stride gives these offsets" in error.value.message
