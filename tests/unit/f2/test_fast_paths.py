"""The fast paths of ``from_bases`` and ``apply`` agree with the component-by-component
paths they fall back to: the same layout or value for plain input, and the same error
for malformed input (hypothesis draws both).  The bit-mask tests behind
``sublayout_is_zero``, ``is_trivial_over`` and ``quotient`` agree with their
definitions through ``sublayout``'s bases."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from layoutdialect import LinearLayout, LinearLayoutError

CORRUPTIONS = [-1, 2.0, "1", True, False, 1 << 40]
"""What replaces one component of a malformed draw: a negative, a float, a string, a
bool (accepted, as an int) or a value beyond any size."""


@st.composite
def raw_bases(draw: st.DrawFn) -> tuple[list[tuple[Any, list[list[Any]]]], list[Any], list[Any] | None]:
    """Plain bases within their out-dims' sizes, usually; one thing malformed sometimes."""
    out_names = draw(st.lists(st.sampled_from(["dim0", "dim1", "dim2", "dim3"]), max_size=4, unique=True))
    log2s = [draw(st.integers(0, 4)) for _ in out_names]
    in_names: list[Any] = draw(st.lists(st.sampled_from(["register", "lane", "warp"]), max_size=3, unique=True))
    bases = [
        (name, [[draw(st.integers(0, (1 << log2) - 1)) for log2 in log2s] for _ in range(draw(st.integers(0, 4)))])
        for name in in_names
    ]
    sizes: list[Any] | None = draw(st.sampled_from([None, [1 << log2 for log2 in log2s]]))
    flaw = draw(st.sampled_from(["none", "none", "component", "width", "in-name", "out-name", "size"]))
    all_bases = [basis for _, dim_bases in bases for basis in dim_bases]
    if flaw == "component" and all_bases and out_names:
        basis = draw(st.sampled_from(all_bases))
        basis[draw(st.integers(0, len(basis) - 1))] = draw(st.sampled_from(CORRUPTIONS))
    elif flaw == "width" and all_bases:
        draw(st.sampled_from(all_bases)).append(0)
    elif flaw == "in-name" and bases:
        bases.append((draw(st.sampled_from([bases[0][0], 7])), []))
    elif flaw == "out-name" and out_names:
        out_names = [*out_names, draw(st.sampled_from([out_names[0], 7]))]
    elif flaw == "size" and sizes:
        sizes[draw(st.integers(0, len(sizes) - 1))] = draw(st.sampled_from([0, 3, -2, 2.0]))
    return bases, out_names, sizes


def outcome(build: Any) -> LinearLayout | tuple[type[Exception], str]:
    try:
        return build()
    except LinearLayoutError as error:
        return type(error), str(error)


def checked_from_bases(bases: Any, out_names: Any, sizes: Any, surjective: bool) -> LinearLayout:
    """``from_bases`` through the component-by-component packing alone."""
    layout = LinearLayout._from_packed(*LinearLayout._pack_checked(bases, out_names, sizes, surjective))
    if surjective:
        layout._require_surjective()
    return layout


def check_both_paths(bases: Any, out_names: Any, sizes: Any, surjective: bool) -> None:
    """``from_bases`` gives what the checked path gives, with plain-int columns."""
    fast = outcome(lambda: LinearLayout.from_bases(bases, out_names, sizes, surjective))
    assert fast == outcome(lambda: checked_from_bases(bases, out_names, sizes, surjective))
    if isinstance(fast, LinearLayout):
        assert all(type(c) is int for _, columns in fast._ins for c in columns)


@settings(deadline=None)
@given(raw_bases(), st.booleans())
def test_from_bases_fast_path_matches_the_checked_path(
    drawn: tuple[list[tuple[Any, list[list[Any]]]], list[Any], list[Any] | None], surjective: bool
) -> None:
    check_both_paths(*drawn, surjective)


@settings(deadline=None)
@given(st.data())
def test_apply_fast_path_matches_the_checked_path(data: st.DataObject) -> None:
    bits = data.draw(st.lists(st.integers(0, 18), min_size=1, max_size=3))
    names = ["register", "lane", "warp"][: len(bits)]
    bases = [
        (n, [[data.draw(st.integers(0, 255)), data.draw(st.integers(0, 3))] for _ in range(b)])
        for n, b in zip(names, bits)
    ]
    layout = LinearLayout.from_bases(bases, ["dim0", "dim1"], [256, 4], require_surjective=False)
    value = st.one_of(st.integers(-2, (1 << max(bits)) + 2), st.just(1.0))
    inputs = {name: data.draw(value) for name in data.draw(st.permutations(names))}
    if data.draw(st.booleans()):
        inputs.pop(names[0])
    assert outcome(lambda: layout.apply(inputs)) == outcome(lambda: layout._apply_checked(inputs))


def test_apply_spans_several_table_bytes() -> None:
    """An in-dim of 20 bits is looked up a byte at a time; every bit still lands."""
    layout = LinearLayout.identity_1d(1 << 20, "register", "dim0")
    for value in (0, 1, 255, 256, 0xABCDE, (1 << 20) - 1):
        assert layout.apply({"register": value}) == {"dim0": value}
    with pytest.raises(LinearLayoutError, match="outside"):
        layout.apply({"register": 1 << 20})


@pytest.mark.parametrize("corruption", CORRUPTIONS)
@pytest.mark.parametrize("width", [1, 2, 3])
def test_each_corruption_at_each_width(corruption: Any, width: int) -> None:
    """Every kind of odd component, in each packing the fast path specialises."""
    out_names = ["dim0", "dim1", "dim2"][:width]
    for position in range(width):
        basis = [1] * width
        basis[position] = corruption
        bases = [("register", [[1 << k if j == k else 0 for j in range(width)] for k in range(width)] + [basis])]
        for sizes in (None, [1 << 41] * width):
            check_both_paths(bases, out_names, sizes, True)


def zero_by_definition(layout: LinearLayout, in_dims: list[str], out_dims: list[str]) -> bool:
    return not any(any(basis) for _, dim_bases in layout.sublayout(in_dims, out_dims).bases for basis in dim_bases)


@st.composite
def shared_name_layouts(draw: st.DrawFn) -> LinearLayout:
    """Layouts whose in-dims and out-dims share names, often as identities (a slice of
    ``register``, ``lane`` and ``warp`` as a conversion's map has them)."""
    names = ["register", "lane", "warp"]
    out_names = draw(st.lists(st.sampled_from(names), max_size=3, unique=True))
    log2s = [draw(st.integers(0, 3)) for _ in out_names]
    bases = []
    for name in draw(st.lists(st.sampled_from(names), max_size=3, unique=True)):
        identity = name in out_names and draw(st.booleans())
        count = log2s[out_names.index(name)] if identity else draw(st.integers(0, 3))
        dim_bases = []
        for k in range(count):
            dim_bases.append(
                [
                    (1 << k) if identity and out == name else draw(st.integers(0, (1 << log2) - 1))
                    for out, log2 in zip(out_names, log2s)
                ]
            )
            if identity and draw(st.integers(0, 3)) > 0:  # usually nothing else on other outs
                dim_bases[-1] = [(1 << k) if out == name else 0 for out in out_names]
        bases.append((name, dim_bases))
    return LinearLayout.from_bases(bases, out_names, [1 << log2 for log2 in log2s], require_surjective=False)


@settings(deadline=None)
@given(shared_name_layouts(), st.data())
def test_masked_zero_and_triviality_tests_match_their_definitions(layout: LinearLayout, data: st.DataObject) -> None:
    ins, outs = layout.get_in_dim_names(), layout.get_out_dim_names()
    some_ins = data.draw(st.lists(st.sampled_from(ins), unique=True)) if ins else []
    some_outs = data.draw(st.lists(st.sampled_from(outs), unique=True)) if outs else []
    assert layout.sublayout_is_zero(some_ins, some_outs) == zero_by_definition(layout, some_ins, some_outs)
    dims = data.draw(st.lists(st.sampled_from(sorted({*ins, *outs})), unique=True)) if ins or outs else []
    trivial = all(d in ins or d in outs for d in dims) and (
        layout.square_sublayout_is_identity(dims)
        and zero_by_definition(layout, [d for d in ins if d not in dims], [d for d in dims if d in outs])
        and zero_by_definition(layout, [d for d in dims if d in ins], [d for d in outs if d not in dims])
    )
    assert layout.is_trivial_over(dims) == trivial
    quotient = layout.quotient(dims)
    assert quotient == (
        layout.sublayout([d for d in ins if d not in dims], [d for d in outs if d not in dims]) if trivial else None
    )
