"""``LayoutBuilder`` does in place exactly what the ``LinearLayout`` operations do."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from layoutdialect.f2 import LayoutBuilder, LinearLayout, LinearLayoutError

IN_NAMES = ["register", "lane", "warp", "block"]
OUT_NAMES = ["dim0", "dim1", "dim2"]
SIZES = st.sampled_from([1, 2, 4, 8])


Recipe = list[tuple[str, int, str, str]]


@st.composite
def steps(draw: st.DrawFn) -> Recipe:
    """A recipe of ``identity_1d`` / ``zeros_1d`` factors: (kind, size, in-dim, out-dim)."""
    kinds = st.sampled_from(["identity", "zeros"])
    step = st.tuples(kinds, SIZES, st.sampled_from(IN_NAMES), st.sampled_from(OUT_NAMES))
    return draw(st.lists(step, min_size=1, max_size=8))


def by_products(recipe: Recipe) -> LinearLayout:
    layout = LinearLayout.empty()
    for kind, size, in_dim, out_dim in recipe:
        factor = LinearLayout.identity_1d if kind == "identity" else LinearLayout.zeros_1d
        layout *= factor(size, in_dim, out_dim)
    return layout


def by_builder(recipe: Recipe) -> LayoutBuilder:
    builder = LayoutBuilder()
    for kind, size, in_dim, out_dim in recipe:
        grow = builder.times_identity if kind == "identity" else builder.times_zeros
        grow(size, in_dim, out_dim)
    return builder


@given(steps())
def test_growing_matches_direct_sums(recipe: Recipe) -> None:
    assert by_builder(recipe).build() == by_products(recipe)


@given(steps(), steps())
def test_times_matches_direct_sum(inner: Recipe, outer: Recipe) -> None:
    expected = by_products(inner) * by_products(outer)
    assert by_builder(inner).times(by_products(outer)).build() == expected
    assert by_builder(inner).times(by_builder(outer)).build() == expected


@given(steps(), st.data())
def test_transpose_outs_matches(recipe: Recipe, data: st.DataObject) -> None:
    layout = by_products(recipe)
    order = data.draw(st.permutations(layout.get_out_dim_names()))
    assert by_builder(recipe).transpose_outs(order).build() == layout.transpose_outs(order)


@given(steps(), st.data())
def test_reshape_outs_matches(recipe: Recipe, data: st.DataObject) -> None:
    layout = by_products(recipe)
    total = layout.get_total_out_dim_size_log2()
    cut = data.draw(st.integers(0, total))
    new_dims = [("x", 1 << cut), ("y", 1 << (total - cut))]
    assert by_builder(recipe).reshape_outs(new_dims).build() == layout.reshape_outs(new_dims)


def test_renaming_out_dims_keeps_the_map() -> None:
    builder = LayoutBuilder().times_identity(2, "register", "dim0").times_identity(4, "lane", "dim1")
    layout = builder.rename_outs({"dim0": "dim1", "dim1": "dim0"}).transpose_outs(["dim0", "dim1"]).build()
    assert layout.bases == [("register", [[0, 1]]), ("lane", [[1, 0], [2, 0]])]
    assert layout.out_dims == [("dim0", 4), ("dim1", 2)]


def grown_by_products(layout: LinearLayout, shape: dict[str, int]) -> LinearLayout:
    """Triton's ``ensureLayoutNotSmallerThan``, step by step with ``*``."""
    repeat = layout.get_in_dim_names()[0]
    for name, size in layout.out_dims:
        if size < shape[name]:
            layout *= LinearLayout.identity_1d(shape[name] // size, repeat, name)
    return layout


def shrunk_literally(layout: LinearLayout, shape: dict[str, int], broadcast_registers: bool) -> LinearLayout:
    """Triton's ``ensureLayoutNotLargerThan``, transcribed line by line."""
    bases = layout.bases
    sizes = dict(layout.out_dims)
    removed = set()
    for d, name in enumerate(layout.get_out_dim_names()):
        actual, desired = sizes[name], shape[name]
        if actual <= desired:
            continue
        cand = [(b[d], in_dim, i) for in_dim, bs in bases for i, b in enumerate(bs) if b[d] != 0]
        cand.sort(key=lambda c: c[0], reverse=True)
        i = 0
        while i < len(cand) and actual > desired:
            value = cand[i][0]
            while i < len(cand) and cand[i][0] == value:
                _, in_dim, k = cand[i]
                if broadcast_registers or in_dim != "register":
                    dict(bases)[in_dim][k][d] = 0
                else:
                    removed.add(k)
                i += 1
            actual //= 2
        sizes[name] = min(sizes[name], desired)
    kept = [(n, [b for k, b in enumerate(bs) if n != "register" or k not in removed]) for n, bs in bases]
    return LinearLayout.from_bases(kept, list(sizes), list(sizes.values()), require_surjective=False)


@st.composite
def layouts_with_repeats(draw: st.DrawFn) -> LinearLayout:
    """Layouts whose bases often repeat a value, as broadcast tiles do."""
    outs = draw(st.lists(st.sampled_from(OUT_NAMES), min_size=1, max_size=3, unique=True))
    component = st.sampled_from([0, 1, 2, 4, 8])
    basis = st.lists(component, min_size=len(outs), max_size=len(outs))
    ins = draw(st.lists(st.sampled_from(IN_NAMES), min_size=1, max_size=3, unique=True))
    bases = [(name, draw(st.lists(basis, max_size=4))) for name in ins]
    return LinearLayout.from_bases(bases, outs, [16] * len(outs), require_surjective=False)


@given(st.one_of(steps().map(by_products), layouts_with_repeats()), st.data())
def test_fitting_to_a_shape_matches_triton(layout: LinearLayout, data: st.DataObject) -> None:
    shape = {name: data.draw(st.sampled_from([1, 2, 4, 16, 64])) for name in layout.get_out_dim_names()}
    assert LayoutBuilder.of(layout).ensure_not_smaller_than(shape).build() == grown_by_products(layout, shape)
    for broadcast_registers in (True, False):
        fitted = LayoutBuilder.of(layout).ensure_not_larger_than(shape, broadcast_registers).build()
        assert fitted == shrunk_literally(layout, shape, broadcast_registers)


def test_shrinking_zeroes_the_largest_bases_first() -> None:
    """Triton's ``ensureLayoutNotLargerThan``: bases of equal value go together."""
    tile = LayoutBuilder().times_identity(2, "register", "dim0").times_identity(4, "lane", "dim0")
    tile.times(LinearLayout.from_bases([("warp", [[1]])], ["dim0"]))
    assert tile.ensure_not_larger_than({"dim0": 2}).build().bases == [
        ("register", [[1]]),
        ("lane", [[0], [0]]),
        ("warp", [[0]]),
    ]


def test_shrinking_can_remove_registers_instead() -> None:
    tile = LayoutBuilder().times_identity(4, "register", "dim0").times_identity(2, "lane", "dim0")
    fitted = tile.ensure_not_larger_than({"dim0": 2}, broadcast_registers=False).build()
    assert fitted.bases == [("register", [[1]]), ("lane", [[0]])]


def test_queries_report_the_layout_so_far() -> None:
    builder = LayoutBuilder().times_identity_nd("lane", [2, 4], [1, 0])
    assert builder.out_dims == [("dim1", 4), ("dim0", 2)]
    assert builder.get_in_dim_names() == ["lane"]
    assert builder.get_in_dim_size("lane") == 8
    assert builder.get_in_dim_size("warp") == 1
    assert builder.get_out_dim_size("dim0") == 2


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: LayoutBuilder().times_identity(3, "lane", "dim0"), "must be a power of two"),
        (lambda: LayoutBuilder().times_identity(2, "lane", "dim0").transpose_outs(["dim1"]), "permutation"),
        (lambda: LayoutBuilder().get_out_dim_size("dim0"), "'dim0' is not an out-dim"),
        (lambda: LayoutBuilder().ensure_not_smaller_than({}), "no in-dim"),
        (lambda: LayoutBuilder().times_identity(4, "lane", "dim0").reshape_outs([("x", 8)]), "does not hold 4"),
        (
            lambda: (
                LayoutBuilder().times_identity(2, "lane", "a").times_identity(2, "lane", "b").rename_outs({"a": "b"})
            ),
            "merges",
        ),
    ],
)
def test_bad_steps_raise(make: object, message: str) -> None:
    with pytest.raises(LinearLayoutError, match=message):
        make()  # type: ignore[operator]
