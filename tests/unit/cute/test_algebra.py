"""CuTe's algebra against pycute's documented results, and its defining properties on random
layouts."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from layoutdialect.cute.algebra import (
    coalesce,
    complement,
    composition,
    left_inverse,
    logical_divide,
    logical_product,
    right_inverse,
)
from layoutdialect.cute.layout import CuteError, Layout, Swizzle, idx2crd
from layoutdialect.cute.text import parse_cute

L = Layout

REFERENCE = [
    (coalesce(L((2, (1, 6)), (1, (7, 2)))), "12:1"),
    (coalesce(L((3, (4, 5)), (8, (1, 4)))), "(3,20):(8,1)"),
    (coalesce(L((4, 5), (1, 4))), "20:1"),
    (composition(L((6, 2), (8, 2)), L((4, 3), (3, 1))), "((2,2),3):((24,2),8)"),
    (composition(L(20, 2), L((5, 4), (4, 1))), "(5,4):(8,2)"),
    (composition(L((10, 2), (16, 4)), L((5, 4), (1, 5))), "(5,(2,2)):(16,(80,4))"),
    (composition(L((12, (4, 8)), (59, (13, 1))), (L(3, 4), L(8, 2))), "(3,(2,4)):(236,(26,1))"),
    (complement(L(4, 1), 24), "6:4"),
    (complement(L(6, 4), 24), "4:1"),
    (complement(L(4, 2), 24), "(2,3):(1,8)"),
    (complement(L((2, 4), (1, 6)), 24), "3:2"),
    (complement(L((2, 2), (1, 6)), 24), "(3,2):(2,12)"),
    (complement(L((4, 6), (1, 4)), 24), "1:0"),
    (complement(L(3, 2), 6), "2:1"),
    (logical_divide(L((4, 2, 3), (2, 1, 8)), L(4, 2)), "((2,2),(2,3)):((4,1),(2,8))"),
    (logical_divide(L((6, 8), (8, 1)), (3, 4)), "((3,2),(4,2)):((8,24),(1,4))"),
    (logical_product(L((2, 2), (4, 1)), L(6, 1)), "((2,2),(2,3)):((4,1),(2,8))"),
    (logical_product(L((3, 4), (4, 1)), L((2, 5), (1, 2))), "((3,4),(2,5)):((4,1),(12,24))"),
    (logical_product(L(4, 1), 2), "(4,2):(1,4)"),
    (right_inverse(L((4, 3), (3, 1))), "(3,4):(4,1)"),
    (right_inverse(L(4, 2)), "1:0"),
    (right_inverse(L((4, 2, 2, 2), (1, 16, 8, 4))), "(4,2,2,2):(1,16,8,4)"),
    (left_inverse(L(4, 2)), "(2,4):(4,1)"),
    (left_inverse(L((4, 3), (3, 1))), "(3,4):(4,1)"),
]


@pytest.mark.parametrize(("result", "expected"), REFERENCE, ids=[e for _, e in REFERENCE])
def test_the_algebra_gives_pycutes_results(result: Layout, expected: str) -> None:
    assert str(result) == expected


def test_layouts_evaluate_colexicographically() -> None:
    layout = L((4, 2, 2, 2), (1, 16, 8, 4))
    assert layout((1, 1, 0, 1)) == 21
    assert idx2crd(13, (4, 2, 2, 2)) == (1, 1, 1, 0)
    assert (layout.size, layout.cosize) == (32, 32)
    composed = parse_cute("SW_3_0_3 o 0 o (8, 8):(8, 1)")
    assert composed(9) == 8


def test_invalid_layouts_and_swizzles_are_refused() -> None:
    with pytest.raises(CuteError, match="not congruent"):
        L((4, 2), (1, 2, 3))
    with pytest.raises(CuteError, match="must be at least B"):
        Swizzle(3, 0, 2)
    with pytest.raises(CuteError, match="overlaps itself"):
        complement(L((2, 2), (1, 1)))


@st.composite
def injective_layouts(draw: st.DrawFn) -> Layout:
    """Modes of sizes 1..4 at strides that interleave without overlap."""
    shapes = draw(st.lists(st.integers(1, 4), min_size=1, max_size=4))
    order = draw(st.permutations(list(range(len(shapes)))))
    strides = [0] * len(shapes)
    stride = 1
    for mode in order:
        stride *= draw(st.integers(1, 2))
        strides[mode] = stride
        stride *= shapes[mode]
    return L(tuple(shapes), tuple(strides))


@given(injective_layouts())
def test_right_inverse_undoes_the_layout_on_its_contiguous_prefix(layout: Layout) -> None:
    inverse = right_inverse(layout)
    assert all(layout(inverse(i)) == i for i in range(inverse.size))


@given(injective_layouts())
def test_left_inverse_undoes_an_injective_layout(layout: Layout) -> None:
    inverse = left_inverse(layout)
    assert all(inverse(layout(i)) == i for i in range(layout.size))


@given(injective_layouts(), st.integers(1, 4))
def test_complement_fills_the_holes_and_nothing_else(layout: Layout, extra: int) -> None:
    cotarget = layout.cosize * extra
    rest = complement(layout, cotarget)
    image = {layout(i) for i in range(layout.size)}
    filler = {rest(i) for i in range(rest.size)}
    assert image & filler == {0}
    assert {a + b for a in image for b in filler} >= set(range(cotarget))


@given(injective_layouts(), st.integers(1, 3))
def test_composition_is_function_composition_where_it_is_defined(layout: Layout, stride: int) -> None:
    inner = L(max(1, layout.size // stride), stride) if layout.size % stride == 0 else L(layout.size, 1)
    try:
        composed = composition(layout, inner)
    except CuteError as error:
        assert "does not divide" in str(error)
        assume(False)
    assert [composed(i) for i in range(inner.size)] == [layout(inner(i)) for i in range(inner.size)]
