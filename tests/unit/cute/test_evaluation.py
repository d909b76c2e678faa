"""CuTe layouts evaluated as arrays, bounded from their strides, and read with a nesting limit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from layoutdialect.cute.layout import ComposedLayout, Layout, Swizzle, offset_bound, offsets
from layoutdialect.cute.text import MAX_NESTING, CuteSyntaxError, Table, parse_cute


@st.composite
def layouts(draw: st.DrawFn) -> Layout | ComposedLayout:
    """Layouts of one to three modes, any sizes and strides (negative too), some swizzled."""
    modes = draw(st.integers(1, 3))
    shapes = tuple(draw(st.integers(1, 6)) for _ in range(modes))
    strides = tuple(draw(st.integers(-40, 40)) for _ in range(modes))
    layout = Layout(shapes, strides)
    if draw(st.booleans()):
        bits = draw(st.integers(0, 2))
        swizzle = Swizzle(bits, draw(st.integers(0, 2)), draw(st.integers(bits, 3)))
        return ComposedLayout(swizzle, draw(st.integers(0, 5)), layout)
    return layout


@given(layouts())
def test_offsets_are_the_layout_applied_to_each_index(layout: Layout | ComposedLayout) -> None:
    assert offsets(layout).tolist() == [layout(index) for index in range(layout.size)]


@given(layouts())
def test_the_bound_holds_every_offset_and_is_the_cosize_without_negative_strides(
    layout: Layout | ComposedLayout,
) -> None:
    values = [layout(index) for index in range(layout.size)]
    assert max(abs(value) for value in values) < offset_bound(layout)
    if isinstance(layout, Layout) and all(stride >= 0 for _, stride in layout.modes()):
        assert offset_bound(layout) == layout.cosize


@pytest.mark.parametrize(
    "text",
    [
        "(" * 500 + "4:1" + ")" * 500,
        "(" * 500 + "4" + ")" * 500 + ":" + "(" * 500 + "1" + ")" * 500,
        "<" * 500 + "4:1" + ">" * 500,
        "coalesce(" * 500 + "4:1" + ")" * 500,
        "Layout<" + "Shape<" * 500 + "_4" + ">" * 500 + ", Stride<_1>>",
    ],
)
def test_text_nested_too_deep_is_a_syntax_error_at_the_bracket_too_deep(text: str) -> None:
    with pytest.raises(CuteSyntaxError, match=f"nest more than {MAX_NESTING} deep") as error:
        parse_cute(text)
    assert text[error.value.column - 1] in "(<"


def test_text_nested_as_deep_as_allowed_reads() -> None:
    assert (
        str(parse_cute("(" * MAX_NESTING + "4" + ")" * MAX_NESTING))
        == "(" * MAX_NESTING + "4" + ")" * MAX_NESTING + ":" + "(" * MAX_NESTING + "1" + ")" * MAX_NESTING
    )


def test_an_integer_past_int64_is_a_syntax_error_at_it() -> None:
    with pytest.raises(CuteSyntaxError, match="below 2\\^63") as error:
        parse_cute("(4,2):(1," + "9" * 5000 + ")")
    assert error.value.column == 10


def test_a_long_table_is_named_by_its_first_offsets() -> None:
    table = Table(tuple(range(70000)))
    assert table.brief() == "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,...] of 70000 offsets"
    assert Table((0, 2, 1, 3)).brief() == "[0,2,1,3]"
