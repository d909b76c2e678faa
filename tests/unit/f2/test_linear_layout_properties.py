"""Algebraic properties of LinearLayout over random layouts (hypothesis).

``invert_and_compose`` is also checked bit for bit against Triton's own algorithm,
written here literally: the RREF of the row matrix ``[outer | self]``.
"""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from layoutdialect import LinearLayout, divide_left, divide_right
from layoutdialect.f2.bitmatrix import rref

IN_NAMES = ["register", "lane", "warp", "block"]
OUT_NAMES = ["dim0", "dim1", "dim2"]


def unpack(packed: int, log2s: list[int]) -> list[int]:
    values = []
    for log2 in log2s:
        values.append(packed & ((1 << log2) - 1))
        packed >>= log2
    return values


@st.composite
def ordered_subset(draw: st.DrawFn, names: list[str], min_size: int = 0) -> list[str]:
    chosen = draw(st.sets(st.sampled_from(names), min_size=min_size))
    return [n for n in names if n in chosen]


@st.composite
def out_dims(draw: st.DrawFn, min_size: int = 0) -> list[tuple[str, int]]:
    names = draw(ordered_subset(OUT_NAMES, min_size))
    return [(n, draw(st.integers(0, 3))) for n in names]


@st.composite
def layouts(
    draw: st.DrawFn,
    ins: list[str] | None = None,
    outs: list[tuple[str, int]] | None = None,
    surjective: bool = False,
    max_bases: int = 3,
) -> LinearLayout:
    """A random layout; ``outs`` are ``(name, log2 size)``.  With ``surjective``, a
    shuffled set of unit vectors is planted among the bases so every output is reached."""
    ins = draw(ordered_subset(IN_NAMES, 1 if surjective else 0)) if ins is None else ins
    outs = draw(out_dims()) if outs is None else outs
    log2s = [log2 for _, log2 in outs]
    total = sum(log2s)
    counts = [draw(st.integers(0, max_bases)) for _ in ins]
    planted = [1 << bit for bit in range(total)] if surjective else []
    while sum(counts) < len(planted):
        counts[draw(st.integers(0, len(ins) - 1))] += 1
    columns = [draw(st.integers(0, (1 << total) - 1)) for _ in range(sum(counts) - len(planted))]
    positions = draw(st.permutations(list(range(sum(counts)))))
    flat = [0] * sum(counts)
    for value, position in zip(planted + columns, positions):
        flat[position] = value
    bases = []
    start = 0
    for name, count in zip(ins, counts):
        bases.append((name, [unpack(c, log2s) for c in flat[start : start + count]]))
        start += count
    return LinearLayout.from_bases(
        bases, [n for n, _ in outs], [1 << log2 for log2 in log2s], require_surjective=surjective
    )


def all_inputs(layout: LinearLayout) -> list[dict[str, int]]:
    """Every input of a small layout."""
    inputs: list[dict[str, int]] = [{}]
    for name, size in layout.in_dims:
        inputs = [{**x, name: v} for x in inputs for v in range(size)]
    return inputs


def identity_on(dims: list[tuple[str, int]]) -> LinearLayout:
    result = LinearLayout.empty()
    for name, size in dims:
        result *= LinearLayout.identity_1d(size, name, name)
    return result


# --------------------------------------------------------------------- algebra


@st.composite
def families(draw: st.DrawFn, count: int) -> list[LinearLayout]:
    """``count`` random layouts over the same in-dims and out-dims (sizes differ)."""
    ins = draw(ordered_subset(IN_NAMES))
    outs = draw(ordered_subset(OUT_NAMES))
    return [draw(layouts(ins=ins, outs=[(n, draw(st.integers(0, 3))) for n in outs])) for _ in range(count)]


@given(families(3))
def test_direct_sum_is_associative(family: list[LinearLayout]) -> None:
    a, b, c = family
    assert (a * b) * c == a * (b * c)


@given(layouts(), layouts(), layouts())
def test_direct_sum_is_associative_up_to_dim_order(a: LinearLayout, b: LinearLayout, c: LinearLayout) -> None:
    """With different dim lists the two bracketings may order the dims differently:
    the supremum favours its first list."""
    left, right = (a * b) * c, a * (b * c)
    ins, outs = right.get_in_dim_names(), right.get_out_dim_names()
    assert left.transpose_ins(ins).transpose_outs(outs) == right


@given(layouts())
def test_empty_is_the_unit_of_the_direct_sum(a: LinearLayout) -> None:
    assert a * LinearLayout.empty() == a == LinearLayout.empty() * a


def out_log2s(layout: LinearLayout) -> list[tuple[str, int]]:
    return [(name, size.bit_length() - 1) for name, size in layout.out_dims]


@given(layouts(), st.data())
def test_compose_is_associative(a: LinearLayout, data: st.DataObject) -> None:
    """a: ins -> dims, b: dims -> mids, c: mids -> tops."""
    sizes = st.lists(st.integers(0, 3), max_size=3)
    mids = [(f"m{i}", log2) for i, log2 in enumerate(data.draw(sizes, label="mids"))]
    b = data.draw(layouts_with_in_sizes(out_log2s(a), mids), label="b")
    tops = [(f"t{i}", log2) for i, log2 in enumerate(data.draw(sizes, label="tops"))]
    c = data.draw(layouts_with_in_sizes(out_log2s(b), tops), label="c")
    assert a.compose(b).compose(c) == a.compose(b.compose(c))


@st.composite
def layouts_with_in_sizes(draw: st.DrawFn, ins: list[tuple[str, int]], outs: list[tuple[str, int]]) -> LinearLayout:
    """A random layout whose in-dims have exactly the given log2 sizes."""
    log2s = [log2 for _, log2 in outs]
    total = sum(log2s)
    bases = [
        (name, [unpack(draw(st.integers(0, (1 << total) - 1)), log2s) for _ in range(count)]) for name, count in ins
    ]
    return LinearLayout.from_bases(bases, [n for n, _ in outs], [1 << log2 for log2 in log2s], require_surjective=False)


@given(layouts(surjective=True))
def test_a_pseudoinverse_is_a_right_inverse(layout: LinearLayout) -> None:
    """For surjective L: L ∘ L⁺ is the identity on L's outputs."""
    assert layout.pseudoinvert().compose(layout) == identity_on(layout.out_dims)


@given(layouts(surjective=True))
def test_an_inverse_is_a_two_sided_inverse(layout: LinearLayout) -> None:
    assume(layout.is_invertible())
    inverse = layout.invert()
    assert layout.compose(inverse) == identity_on(layout.in_dims)
    assert inverse.compose(layout) == identity_on(layout.out_dims)


@st.composite
def conversions(draw: st.DrawFn) -> tuple[LinearLayout, LinearLayout]:
    """``(src, dst)`` with shared out-dims, ``dst`` surjective and at least as large, and
    some in-dims of ``src`` copied from ``dst`` so that Triton's identity rule applies."""
    outs = draw(out_dims(min_size=1))
    dst = draw(layouts(outs=outs, surjective=True))
    src_outs = [(n, draw(st.integers(0, log2))) for n, log2 in outs]
    src_outs = draw(st.permutations(src_outs))
    random_src = draw(layouts(outs=src_outs))
    fits = all(
        all(b < 1 << dict(src_outs)[n] for n, b in zip(dst.get_out_dim_names(), basis))
        for _, bases in dst.bases
        for basis in bases
    )
    bases = []
    for name in IN_NAMES:
        if fits and dst.has_in_dim(name) and draw(st.booleans()):
            copied = dst.transpose_outs([n for n, _ in src_outs]).bases
            bases.append((name, dict(copied)[name]))
        elif random_src.has_in_dim(name):
            bases.append((name, dict(random_src.bases)[name]))
    src = LinearLayout.from_bases(
        bases, [n for n, _ in src_outs], [1 << log2 for _, log2 in src_outs], require_surjective=False
    )
    return src, dst


@given(conversions())
def test_invert_and_compose_solves_the_conversion(pair: tuple[LinearLayout, LinearLayout]) -> None:
    """C = A.invert_and_compose(B) means B(C(x)) == A(x) for every x."""
    a, b = pair
    c = a.invert_and_compose(b)
    assert c.get_in_dim_names() == a.get_in_dim_names()
    assert c.in_dims == a.in_dims
    assert c.out_dims == b.in_dims
    for x in all_inputs(a):
        assert b.apply(c.apply(x)) == {n: a.apply(x)[n] for n in b.get_out_dim_names()}


@given(conversions())
def test_invert_and_compose_is_triton_bit_for_bit(pair: tuple[LinearLayout, LinearLayout]) -> None:
    a, b = pair
    expected = triton_invert_and_compose(a, b)
    assume(expected is not None)
    assert a.invert_and_compose(b) == expected


@given(conversions())
def test_identical_in_dims_map_to_themselves(pair: tuple[LinearLayout, LinearLayout]) -> None:
    a, b = pair
    c = a.invert_and_compose(b)
    outs = b.get_out_dim_names()
    for name in a.get_in_dim_names():
        if (
            b.has_in_dim(name)
            and a.sublayout([name], outs).transpose_outs(outs).bases == b.sublayout([name], outs).bases
        ):
            expected = LinearLayout.identity_1d(a.get_in_dim_size(name), name, name)
            assert c.sublayout([name], [name]) == expected


def triton_invert_and_compose(layout: LinearLayout, outer: LinearLayout) -> LinearLayout | None:
    """Triton's ``invertAndCompose``, step by step on matrices; ``None`` where Triton's
    ``lstsq`` precondition breaks (it would abort)."""
    outs = layout.get_out_dim_names()
    a = outer.transpose_outs(outs)
    b = LinearLayout.from_bases(layout.bases, outs, [s for _, s in a.out_dims], require_surjective=False)
    identity = [
        d
        for d in a.get_in_dim_names()
        if b.has_in_dim(d) and a.sublayout([d], outs).bases == b.sublayout([d], outs).bases
    ]
    a_red = a.sublayout([d for d in a.get_in_dim_names() if d not in identity], outs)
    b_red = b.sublayout([d for d in b.get_in_dim_names() if d not in identity], outs)
    cols_a = a_red.get_total_in_dim_size_log2()
    cols_b = b_red.get_total_in_dim_size_log2()
    rows = [
        sum(v << c for c, v in enumerate(a_row)) | sum(v << (cols_a + c) for c, v in enumerate(b_row))
        for a_row, b_row in zip(a_red.get_matrix_view(), b_red.get_matrix_view())
    ]
    reduced = rref(rows, cols_a + cols_b)
    x_rows = [0] * cols_a
    for row in reduced:
        if not row:
            continue
        pivot = (row & -row).bit_length() - 1
        if pivot >= cols_a:
            return None
        x_rows[pivot] = row >> cols_a
    solution = [sum(((x_rows[r] >> c) & 1) << r for r in range(cols_a)) for c in range(cols_b)]
    out_log2s = [size.bit_length() - 1 for _, size in a_red.in_dims]
    bases = []
    start = 0
    for name, size in b_red.in_dims:
        count = size.bit_length() - 1
        bases.append((name, [unpack(v, out_log2s) for v in solution[start : start + count]]))
        start += count
    result = LinearLayout.from_bases(
        bases, a_red.get_in_dim_names(), [s for _, s in a_red.in_dims], require_surjective=False
    )
    for d in identity:
        result *= LinearLayout.identity_1d(a.get_in_dim_size(d), d, d)
    return result.transpose_ins(b.get_in_dim_names()).transpose_outs(a.get_in_dim_names())


# --------------------------------------------------------------------- structure


@given(layouts())
def test_reshape_and_flatten_round_trip(layout: LinearLayout) -> None:
    assert layout.flatten_ins().reshape_ins(layout.in_dims) == layout
    assert layout.flatten_outs().reshape_outs(layout.out_dims) == layout


@given(layouts())
def test_flatten_outs_indexes_the_first_dim_fastest(layout: LinearLayout) -> None:
    flat = layout.flatten_outs()
    for x in all_inputs(layout)[:64]:
        value, scale = 0, 1
        for name, size in layout.out_dims:
            value += layout.apply(x)[name] * scale
            scale *= size
        assert list(flat.apply(x).values()) == ([value] if layout.out_dims else [])


@given(layouts())
def test_transposes_keep_the_map(layout: LinearLayout) -> None:
    ins = layout.get_in_dim_names()[::-1]
    outs = layout.get_out_dim_names()[::-1]
    moved = layout.transpose_ins(ins).transpose_outs(outs)
    for x in all_inputs(layout)[:64]:
        assert moved.apply(x) == {n: layout.apply(x)[n] for n in outs}


@given(layouts())
def test_apply_is_the_matrix_product(layout: LinearLayout) -> None:
    matrix = layout.get_matrix_view()
    for x in all_inputs(layout)[:64]:
        bits = []
        for name, size in layout.in_dims:
            bits += [(x[name] >> i) & 1 for i in range(size.bit_length() - 1)]
        out_bits = [sum(m * b for m, b in zip(row, bits)) % 2 for row in matrix]
        expected = []
        for _, size in layout.out_dims:
            log2 = size.bit_length() - 1
            expected.append(sum(bit << i for i, bit in enumerate(out_bits[:log2])))
            out_bits = out_bits[log2:]
        assert list(layout.apply(x).values()) == expected


@given(layouts())
def test_free_variables_agree_with_enumeration(layout: LinearLayout) -> None:
    """Input bit i is free iff some input whose highest set bit is i maps to zero."""
    names = layout.get_in_dim_names()
    widths = [size.bit_length() - 1 for _, size in layout.in_dims]
    free = 0
    for flat in range(1, 1 << sum(widths)):
        x, rest = {}, flat
        for name, width in zip(names, widths):
            x[name] = rest & ((1 << width) - 1)
            rest >>= width
        if not any(layout.apply(x).values()):
            free |= 1 << (flat.bit_length() - 1)
    expected = {}
    for name, width in zip(names, widths):
        expected[name] = free & ((1 << width) - 1)
        free >>= width
    assert layout.free_variable_masks() == expected
    assert layout.is_injective() == (not any(expected.values()))


@given(families(2))
def test_division_undoes_the_direct_sum(family: list[LinearLayout]) -> None:
    """When both factors share the same dims in the same order, they can be recovered."""
    b, c = family
    a = b * c
    assert divide_left(a, b) == c
    assert divide_right(a, c) == b
