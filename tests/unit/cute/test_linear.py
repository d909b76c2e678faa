"""CuTe layouts and F2 linear layouts, both ways."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from layoutdialect.cute.layout import ComposedLayout, CuteError, Layout, Swizzle
from layoutdialect.cute.linear import (
    cute_view_of_shared,
    from_linear_layout,
    shared_layout_from_cute,
    to_linear_layout,
    tv_view_of_distributed,
)
from layoutdialect.cute.text import CuteSyntaxError, parse_cute
from layoutdialect.encodings import CGALayout, NvidiaMmaEncoding, SwizzledSharedEncoding
from layoutdialect.encodings import to_linear_layout as encoding_layout
from layoutdialect.f2 import LinearLayout


def _offset(layout: LinearLayout, coordinate: dict[str, int]) -> int:
    return layout.apply(coordinate)["offset"]


@st.composite
def linear_cute_layouts(draw: st.DrawFn) -> Layout:
    """Power-of-two modes whose strides are distinct powers of two (or zero)."""
    bits = draw(st.integers(1, 6))
    strides = draw(st.permutations([1 << b for b in range(bits)]))
    modes = []
    index = 0
    while index < bits:
        width = draw(st.integers(1, bits - index))
        modes.append((1 << width, strides[index]))
        index += width
    broadcast = draw(st.booleans())
    if broadcast:
        modes.append((2, 0))
    return Layout(tuple(s for s, _ in modes), tuple(d for _, d in modes))


def _values(layout: Layout | ComposedLayout) -> list[int]:
    return [layout(i) for i in range(layout.size)]


@given(linear_cute_layouts())
def test_a_linear_cute_layout_keeps_its_values_as_a_matrix(layout: Layout) -> None:
    """Each mode becomes an in-dim; evaluating the F2 layout gives the CuTe offsets, whenever
    every mode's strides are the columns of a single power-of-two stride."""
    try:
        linear = to_linear_layout(layout)
    except CuteError as error:
        assert "share bits" in str(error)
        return
    flat = linear.flatten_ins()
    back = from_linear_layout(flat)
    assert back is not None
    assert _values(back) == _values(layout)


@given(st.integers(1, 3), st.integers(0, 2), st.integers(0, 2))
def test_swizzled_layouts_come_back_as_swizzles(bits: int, base: int, extra: int) -> None:
    shift = bits + extra
    total = bits + base + shift
    rows, cols = 1 << (total - base - bits), 1 << (base + bits)
    composed = ComposedLayout(Swizzle(bits, base, shift), 0, Layout((cols, rows), (1, cols)))
    back = from_linear_layout(to_linear_layout(composed).flatten_ins())
    assert back is not None
    assert _values(back) == _values(composed)


def test_known_bridges() -> None:
    swizzled = to_linear_layout(parse_cute("S<3,0,3> o (8,8):(8,1)"))
    assert [_offset(swizzled, {"dim0": 1 << b, "dim1": 0}) for b in range(3)] == [9, 18, 36]
    assert str(from_linear_layout(swizzled)) == "Swizzle<3,0,3> o 0 o (8,8):(8,1)"
    table = parse_cute("[0,1,2,3,16,17,18,19,8,9,10,11,24,25,26,27,4,5,6,7,20,21,22,23,12,13,14,15,28,29,30,31]")
    assert str(from_linear_layout(to_linear_layout(table))) == "(4,2,2,2):(1,16,8,4)"
    shared = shared_layout_from_cute(parse_cute("(4,8):(8,1)"))
    assert shared.apply({"offset": 8}) == {"dim0": 1, "dim1": 0}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4:3", "share bits"),
        ("(6,2):(1,6)", "not a power of two"),
        ("S<2,0,2> o 3 o (4,4):(4,1)", "affine"),
        ("[0,1,3,2,4]", "not a power of two"),
        ("[0,1,2,2]", "not F2-linear"),
    ],
)
def test_non_linear_layouts_are_named(text: str, message: str) -> None:
    with pytest.raises(CuteError, match=message):
        to_linear_layout(parse_cute(text))


def test_a_broadcast_layout_has_no_shared_view() -> None:
    with pytest.raises(CuteError, match="distinct offsets"):
        shared_layout_from_cute(parse_cute("(4,2):(1,0)"))


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("(4,2):(1", 9, "expected ')'"),
        ("(4,2) : (1,2) x", 15, "unexpected 'x'"),
        ("S<3,0> o (8,8):(8,1)", 6, "expected ','"),
        ("frob(4:1)", 1, "unknown operation 'frob'"),
        ("(4,$)", 4, "unexpected character '$'"),
    ],
)
def test_syntax_errors_point_at_the_character(text: str, column: int, message: str) -> None:
    with pytest.raises(CuteSyntaxError) as error:
        parse_cute(text)
    assert message in error.value.message
    assert error.value.column == column


def test_ttg_layouts_read_the_cute_way_round() -> None:
    accumulator = encoding_layout(NvidiaMmaEncoding(2, 0, (1, 1), CGALayout.single(2), (16, 8)), [16, 8])
    assert str(from_linear_layout(tv_view_of_distributed(accumulator))) == "((4,8),(2,2)):((32,1),(16,8))"
    swizzled = encoding_layout(SwizzledSharedEncoding(1, 1, 8, (1, 0), CGALayout.single(2)), [8, 8])
    assert str(from_linear_layout(cute_view_of_shared(swizzled))) == "Swizzle<3,0,3> o 0 o (8,8):(8,1)"
