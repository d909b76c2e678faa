"""LinearLayout against Triton's own expectations.

The cases follow Triton's ``unittest/Tools/LinearLayoutTest.cpp`` and a few worked
examples run through Triton; each expected value is Triton's.
"""

from __future__ import annotations

import pytest

from layoutdialect import LinearLayout, divide_left, divide_right, lstsq, supremum

L = LinearLayout
identity = LinearLayout.identity_1d
zeros = LinearLayout.zeros_1d


def ll(bases: dict[str, list[list[int]]], outs: list[str], sizes: list[int] | None = None) -> LinearLayout:
    """A layout from bases; with explicit sizes it need not be surjective."""
    return L.from_bases(list(bases.items()), outs, sizes, require_surjective=sizes is None)


# --------------------------------------------------------------------- creation


def test_empty_has_no_dims() -> None:
    for empty in (L(), L.empty()):
        assert empty.bases == []
        assert empty.get_in_dim_names() == [] and empty.get_out_dim_names() == []
        assert empty == L.empty()


def test_identity_1d() -> None:
    layout = identity(32, "ins", "outs")
    assert layout == ll({"ins": [[1], [2], [4], [8], [16]]}, ["outs"])
    assert layout.get_in_dim_size_log2("ins") == 5
    assert layout.get_out_dim_size_log2("outs") == 5


def test_identity_1d_of_size_one_has_a_dim_without_bases() -> None:
    layout = identity(1, "ins", "outs")
    assert layout == ll({"ins": []}, ["outs"])
    assert layout.get_in_dim_names() == ["ins"] and layout.get_out_dim_names() == ["outs"]
    assert layout.get_out_dim_size("outs") == 1


def test_zeros_1d() -> None:
    assert zeros(32, "ins", "outs") == ll({"ins": [[0]] * 5}, ["outs"])
    wide = zeros(4, "ins", "outs", out_dim_size=8)
    assert wide.out_dims == [("outs", 8)]
    assert not wide.is_surjective()


def test_strided_1d() -> None:
    layout = L.strided_1d(4, 8, "in", "out")
    assert layout.bases == [("in", [[8], [16]])]
    assert layout.out_dims == [("out", 32)]
    assert not layout.is_surjective()
    assert L.strided_1d(4, 1, "in", "out") == identity(4, "in", "out")


def test_out_dim_sizes_are_inferred_from_the_largest_component() -> None:
    layout = ll({"in0": [[0], [0], [0]], "in1": [[1], [2]]}, ["dim0"])
    assert layout.get_out_dim_size_log2("dim0") == 2


def test_from_bases_accepts_a_mapping() -> None:
    assert L.from_bases({"in": [[1], [2]]}, ["out"]) == identity(4, "in", "out")


# --------------------------------------------------------------------- direct sum


def test_multiply_identity() -> None:
    product = identity(16, "in", "out") * identity(32, "in", "out")
    assert product == ll({"in": [[1 << i] for i in range(9)]}, ["out"])


def test_multiply_disjoint() -> None:
    product = identity(32, "in1", "out1") * identity(16, "in2", "out2")
    assert product == ll(
        {"in1": [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], "in2": [[0, 1], [0, 2], [0, 4], [0, 8]]},
        ["out1", "out2"],
    )


def test_multiply_by_empty() -> None:
    assert L.empty() * identity(32, "in", "out") == identity(32, "in", "out")
    assert identity(32, "in", "out") * L.empty() == identity(32, "in", "out")


def test_multiply_by_zeros() -> None:
    assert identity(8, "in", "out") * zeros(16, "in", "out") == ll({"in": [[1], [2], [4], [0], [0], [0], [0]]}, ["out"])


def test_multiply_zeros_by_degenerate() -> None:
    product = zeros(16, "in", "out1") * ll({"in": []}, ["out2"])
    assert product == ll({"in": [[0, 0]] * 4}, ["out1", "out2"])


def test_multiply_empty_identity_and_zeros() -> None:
    assert identity(0, "in", "out") * zeros(4, "in", "out") == ll({"in": [[0], [0]]}, ["out"])


def test_multiply_overlapping() -> None:
    """Triton's ``MultiplyOverlapping`` test."""
    product = identity(4, "in", "out1") * identity(8, "in", "out2")
    assert product == ll({"in": [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]]}, ["out1", "out2"])


@pytest.mark.parametrize(
    ("inner", "outer", "values"),
    [
        (identity(4, "i", "o"), zeros(2, "i", "o"), [x % 4 for x in range(8)]),
        (zeros(2, "i", "o"), identity(4, "i", "o"), [x // 2 for x in range(8)]),
    ],
)
def test_direct_sum_examples_of_triton(inner: LinearLayout, outer: LinearLayout, values: list[int]) -> None:
    product = inner * outer
    assert [product.apply({"i": x})["o"] for x in range(8)] == values


def test_times_equals() -> None:
    product = L.empty()
    product *= identity(32, "in", "out")
    assert product == identity(32, "in", "out")


# --------------------------------------------------------------------- transposes


def test_transpose_outs() -> None:
    layout = (identity(32, "in1", "out1") * identity(16, "in2", "out2")).transpose_outs(["out2", "out1"])
    assert layout.get_out_dim_names() == ["out2", "out1"]
    assert layout == ll(
        {"in1": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], "in2": [[1, 0], [2, 0], [4, 0], [8, 0]]},
        ["out2", "out1"],
    )


def test_transpose_outs_degenerate() -> None:
    layout = (identity(32, "in1", "out1") * identity(1, "in2", "out2")).transpose_outs(["out2", "out1"])
    assert layout == ll({"in1": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], "in2": []}, ["out2", "out1"])


def test_transpose_ins() -> None:
    layout = (identity(32, "in1", "out1") * identity(16, "in2", "out2")).transpose_ins(["in2", "in1"])
    assert layout.get_in_dim_names() == ["in2", "in1"]
    assert layout == ll(
        {"in2": [[0, 1], [0, 2], [0, 4], [0, 8]], "in1": [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]},
        ["out1", "out2"],
    )


# --------------------------------------------------------------------- apply and compose


def test_apply() -> None:
    layout = ll({"in1": [[4, 2], [2, 1], [1, 0]], "in2": [[1, 2], [2, 1]]}, ["out1", "out2"], [8, 4])
    assert layout.apply({"in1": 0, "in2": 0}) == {"out1": 0, "out2": 0}
    assert layout.apply({"in2": 0, "in1": 1}) == {"out1": 4, "out2": 2}
    assert layout.apply({"in2": 1, "in1": 0}) == {"out1": 1, "out2": 2}
    assert list(layout.apply({"in2": 3, "in1": 7})) == ["out1", "out2"]


def test_construct_large_layout() -> None:
    layout = ll({"in": [[1 << i] for i in range(25)]}, ["out"])
    assert layout.get_out_dim_size("out") == 1 << 25
    assert layout.is_invertible()


def test_compose() -> None:
    l1 = ll({"in1": [[1, 1], [0, 1]], "in2": [[1, 0], [1, 2]]}, ["out1", "out2"])
    l2 = ll({"out1": [[2, 2], [1, 0]], "out2": [[1, 1], [2, 1]]}, ["out3", "out4"])
    composition = l1.compose(l2)
    assert composition == ll({"in1": [[3, 3], [1, 1]], "in2": [[2, 2], [0, 3]]}, ["out3", "out4"], [4, 4])
    assert not composition.is_surjective()


def test_compose_4d() -> None:
    l1 = ll(
        {
            "in0": [[1, 0, 0, 0], [2, 0, 0, 0]],
            "in1": [[4, 0, 0, 0], [8, 0, 0, 0], [16, 0, 0, 0], [32, 0, 0, 0]],
            "in2": [[0, 0, 1, 0], [0, 0, 0, 1], [0, 0, 0, 2]],
            "in3": [],
        },
        ["out3", "out0", "out1", "out2"],
    )
    l2 = ll(
        {
            "out3": [[1, 0, 0, 0], [2, 0, 0, 0]] + [[0, 0, 0, 0]] * 4,
            "out0": [[0, 1, 0, 0]],
            "out1": [[0, 0, 1, 0]],
            "out2": [[0, 0, 0, 1], [0, 0, 0, 2]],
        },
        ["out3", "out2", "out1", "out0"],
    )
    assert l1.compose(l2) == ll(
        {
            "in0": [[1, 0, 0, 0], [2, 0, 0, 0]],
            "in1": [[0, 0, 0, 0]] * 4,
            "in2": [[0, 0, 1, 0], [0, 0, 0, 1], [0, 0, 0, 2]],
            "in3": [],
        },
        ["out3", "out2", "out1", "out0"],
        [4, 2, 2, 4],
    )


# --------------------------------------------------------------------- reshape and flatten


def test_reshape_ins() -> None:
    layout = ll({"in1": [[1], [4], [8]], "in2": [[2]]}, ["out"])
    assert layout.reshape_ins([("in3", 2), ("in4", 8)]) == ll({"in3": [[1]], "in4": [[4], [8], [2]]}, ["out"])


@pytest.mark.parametrize(
    ("bases", "new_dims", "expected"),
    [
        ({"in1": [[1], [4], [2]], "in2": []}, [("in3", 4), ("in4", 2)], {"in3": [[1], [4]], "in4": [[2]]}),
        ({"in1": [[1], [4]], "in2": [[2]]}, [("in3", 8), ("in4", 1)], {"in3": [[1], [4], [2]], "in4": []}),
        ({"in1": [[1], [4]], "in2": [[2]]}, [("in3", 1), ("in4", 8)], {"in3": [], "in4": [[1], [4], [2]]}),
    ],
)
def test_reshape_ins_degenerate(
    bases: dict[str, list[list[int]]], new_dims: list[tuple[str, int]], expected: dict[str, list[list[int]]]
) -> None:
    assert ll(bases, ["out"]).reshape_ins(new_dims) == ll(expected, ["out"])


def test_flatten_ins() -> None:
    layout = ll({"in1": [[1], [4], [8]], "in2": [[2]]}, ["out"])
    assert layout.flatten_ins() == ll({"in1": [[1], [4], [8], [2]]}, ["out"])


def test_flatten_edge_cases() -> None:
    for layout in (ll({"in1": []}, ["out"]), ll({"in1": []}, []), ll({}, ["out"]), ll({}, [])):
        assert layout.flatten_ins() == layout
        assert layout.flatten_outs() == layout


def test_reshape_outs() -> None:
    layout = ll({"in1": [[1], [4], [8]], "in2": [[3]]}, ["out"])
    assert layout.get_total_out_dim_size() == 16
    assert layout.reshape_outs([("out2", 2), ("out3", 8)]) == ll(
        {"in1": [[1, 0], [0, 2], [0, 4]], "in2": [[1, 1]]}, ["out2", "out3"]
    )


def test_reshape_outs_degenerate() -> None:
    layout = ll({"in1": [[1], [4], [2]], "in2": []}, ["out"])
    assert layout.reshape_outs([("out1", 4), ("out2", 2)]) == ll(
        {"in1": [[1, 0], [0, 1], [2, 0]], "in2": []}, ["out1", "out2"]
    )
    layout = ll({"in1": [[1], [4]], "in2": [[2]]}, ["out"])
    assert layout.reshape_outs([("out1", 8), ("out2", 1)]) == ll(
        {"in1": [[1, 0], [4, 0]], "in2": [[2, 0]]}, ["out1", "out2"]
    )


def test_flatten_outs() -> None:
    layout = ll({"in1": [[1, 0], [4, 1], [8, 4]], "in2": [[3, 2]]}, ["out1", "out2"], [16, 8])
    assert layout.flatten_outs() == ll(
        {"in1": [[1], [4 + 16], [8 + 4 * 16]], "in2": [[3 + 2 * 16]]}, ["out1"], [16 * 8]
    )


def test_squeeze() -> None:
    layout = ll({"a": [[1, 0]], "b": []}, ["x", "y"])
    assert layout.squeeze_ins("b") == ll({"a": [[1, 0]]}, ["x", "y"])
    assert layout.squeeze_outs("y") == ll({"a": [[1]], "b": []}, ["x"])


# --------------------------------------------------------------------- invert_and_compose


def test_invert_and_compose_simple() -> None:
    l1 = ll({"in1": [[2], [1], [4]]}, ["out"])
    l2 = ll({"in2": [[4], [1], [2]]}, ["out"])
    composition = l1.invert_and_compose(l2)
    assert composition == ll({"in1": [[4], [2], [1]]}, ["in2"])
    assert composition.compose(l2) == l1


def test_invert_and_compose_non_injective() -> None:
    """Triton's ``InvertAndCompose_NonInjective`` test: the broadcast bit of l2 is never used."""
    l1 = ll({"in1": [[2], [1], [4]]}, ["out"])
    l2 = ll({"in2": [[0], [2], [1], [4]]}, ["out"])
    composition = l1.invert_and_compose(l2)
    assert composition == ll({"in1": [[2], [4], [8]]}, ["in2"], [16])
    assert not composition.is_surjective()
    assert composition.compose(l2) == l1


def test_invert_and_compose_example_of_the_python_binding() -> None:
    """Triton's Python binding prints ``in1=1 -> (4), in1=2 -> (2), in1=4 -> (1)`` over ``[in2 (size 8)]``."""
    composition = ll({"in1": [[2], [1], [4]]}, ["out"]).invert_and_compose(ll({"in2": [[4], [1], [2]]}, ["out"]))
    assert str(composition) == (
        "\n - in1=1 -> (4)\n   in1=2 -> (2)\n   in1=4 -> (1)\nwhere out dims are: [in2 (size 8)]"
    )


def test_invert_and_compose_broadcasted_in_dim() -> None:
    l1 = ll({"in1": [[2], [1], [4]], "in2": [[0]]}, ["out"])
    l2 = ll({"in": [[4], [1], [2]]}, ["out"])
    composition = l1.invert_and_compose(l2)
    assert composition == ll({"in1": [[4], [2], [1]], "in2": [[0]]}, ["in"])
    assert composition.compose(l2) == l1


@pytest.mark.parametrize(
    ("l2_bases", "expected", "size"),
    [
        ([[0], [4], [1], [2]], [[4], [8], [2]], 16),
        ([[4], [1], [2], [0]], [[2], [4], [1]], 16),
        ([[0], [4], [1], [2], [0]], [[4], [8], [2]], 32),
    ],
    ids=["broadcast-at-start", "broadcast-at-end", "broadcast-at-both-ends"],
)
def test_invert_and_compose_broadcast_in_second(
    l2_bases: list[list[int]], expected: list[list[int]], size: int
) -> None:
    l1 = ll({"in": [[1], [2], [4]]}, ["out"])
    l2 = ll({"in2": l2_bases}, ["out"])
    composition = l1.invert_and_compose(l2)
    assert composition == ll({"in": expected}, ["in2"], [size])
    assert composition.compose(l2).equal_ignoring_out_dim_sizes(l1)


def test_invert_and_compose_multidim() -> None:
    l1 = ll({"in1": [[1, 0], [0, 1], [2, 0], [3, 2]], "in2": [[2, 2]]}, ["out1", "out2"])
    l2 = ll({"in3": [[0, 1], [1, 0], [0, 0], [0, 2], [2, 1]]}, ["out2", "out1"])
    assert l1.invert_and_compose(l2).compose(l2) == l1.transpose_outs(l2.get_out_dim_names())
    assert l2.invert_and_compose(l1).compose(l1) == l2.transpose_outs(l1.get_out_dim_names())


def test_invert_and_compose_broadcasted_dims() -> None:
    l1 = ll({"in1": [[1], [2], [4]], "in2": [[0]]}, ["out"])
    l2 = ll({"in3": [[1], [2], [4]], "in4": [[0]]}, ["out"])
    c = l1.invert_and_compose(l2)
    assert c == ll({"in1": [[1, 0], [2, 0], [4, 0]], "in2": [[0, 0]]}, ["in3", "in4"], [8, 2])
    assert c.compose(l2) == l1


def test_invert_and_compose_broadcasted_dims_permuted() -> None:
    a = ll({"in1": [[1], [2]], "in2": [[0]]}, ["out"])
    b = ll({"in3": [[2], [1]], "in4": [[0]]}, ["out"])
    c = a.invert_and_compose(b)
    assert c == ll({"in1": [[2, 0], [1, 0]], "in2": [[0, 0]]}, ["in3", "in4"], [4, 2])
    assert c.compose(b) == a


def test_invert_and_compose_keeps_identical_in_dims_fixed() -> None:
    """As in Triton's ``invertAndCompose``, broadcast warps present in both layouts map to themselves, not to warp 0."""
    src = ll({"register": [[1]], "warp": [[0], [0]]}, ["dim0"])
    dst = ll({"register": [[1]], "warp": [[0], [0]]}, ["dim0"])
    c = dst.invert_and_compose(src)
    assert c.bases == [("register", [[1, 0]]), ("warp", [[0, 1], [0, 2]])]
    assert c.get_out_dim_names() == ["register", "warp"]


def test_invert_and_compose_identity_in_dim() -> None:
    outs = [f"dim{i}" for i in range(9)]

    def unit(i: int) -> list[int]:
        return [1 if j == i else 0 for j in range(9)]

    src = ll(
        {
            "register": [unit(8), unit(7)],
            "lane": [unit(6), unit(5), unit(4), unit(3), unit(2)],
            "warp": [unit(1), unit(0)],
            "block": [],
        },
        outs,
    )
    dst = ll(
        {
            "register": [unit(8), unit(7)],
            "lane": [unit(0), unit(1), unit(2), unit(3), unit(4)],
            "warp": [unit(5), unit(6)],
            "block": [],
        },
        outs,
    )
    cvt = dst.invert_and_compose(src)
    assert cvt.get_basis("register", 0) == [1, 0, 0, 0]
    for x in ({"register": 3, "lane": 0, "warp": 2, "block": 0}, {"register": 1, "lane": 21, "warp": 3, "block": 0}):
        assert dst.apply(x) == src.apply(cvt.apply(x))


def test_invert_and_compose_falls_back_when_the_identity_heuristic_has_no_solution() -> None:
    """``x`` is identical in both layouts, but ``y`` of ``self`` needs ``x``'s basis of ``outer``."""
    outer = ll({"x": [[1]], "y": [[2]]}, ["o"])
    layout = ll({"x": [[1]], "y": [[3]]}, ["o"])
    c = layout.invert_and_compose(outer)
    assert c.compose(outer) == layout
    assert c.get_basis("x", 0) == [1, 0]


def test_pseudoinvert_and_invert() -> None:
    layout = ll({"in": [[0], [4], [1], [2]]}, ["out"])
    inverse = layout.pseudoinvert()
    assert inverse == ll({"out": [[4], [8], [2]]}, ["in"], [16])
    assert inverse.compose(layout) == identity(8, "out", "out")
    permutation = ll({"in": [[4], [1], [2]]}, ["out"])
    assert permutation.invert() == ll({"out": [[2], [4], [1]]}, ["in"])


def test_pseudoinvert_of_a_packed_fp4_layout() -> None:
    """Triton's ``BlackwellMixedPrecisionDotScaledSMEM``: the pseudoinverse skips padding."""
    m, k_packed = 16, 4
    offset_bases = []
    for i in range(7):
        offset = 1 << i
        packed = offset // 16 * 8 + offset % 8
        offset_bases.append([packed // k_packed, packed % k_packed])
    inverse = ll({"offset": offset_bases}, ["row", "col"]).pseudoinvert()
    for row in range(m):
        for col in range(k_packed):
            linear = row * k_packed + col
            assert inverse.apply({"row": row, "col": col})["offset"] == linear // 8 * 16 + linear % 8


def test_lstsq() -> None:
    a = ll({"x": [[1], [2], [0]]}, ["o"])
    b = ll({"y": [[3]]}, ["o"], [4])
    x = lstsq(a, b)
    assert x == ll({"y": [[3]]}, ["x"], [8])
    assert x is not None and x.compose(a) == b
    assert lstsq(ll({"x": [[1], [0]]}, ["o"], [4]), ll({"y": [[2]]}, ["o"], [4])) is None


# --------------------------------------------------------------------- queries


def test_num_consecutive_in_out() -> None:
    assert identity(1, "in", "out").num_consecutive_in_out() == 1
    assert identity(4, "in", "out").num_consecutive_in_out() == 4
    assert (identity(4, "in1", "out") * identity(8, "in2", "out")).num_consecutive_in_out() == 4
    assert (identity(4, "in", "out1") * identity(8, "in", "out2")).num_consecutive_in_out() == 4
    assert (zeros(4, "in", "out1") * identity(4, "in", "out2")).num_consecutive_in_out() == 1
    assert ll({"in": [[1], [2], [4], [9]]}, ["out"]).num_consecutive_in_out() == 1
    assert ll({"in": [[1], [2], [4], [10]]}, ["out"]).num_consecutive_in_out() == 2
    assert ll({"in": [[1], [4], [2]]}, ["out"]).num_consecutive_in_out() == 2
    assert ll({"in": [[1], [2], [4]], "in2": [[8], [18]]}, ["out"]).num_consecutive_in_out() == 2


def test_equality_checks_out_dim_sizes() -> None:
    small = identity(4, "in", "out")
    large = ll({"in": [[1], [2]]}, ["out"], [8])
    assert small != large
    assert small.equal_ignoring_out_dim_sizes(large)
    assert hash(small) == hash(identity(4, "in", "out"))
    assert len({small, identity(4, "in", "out"), large}) == 2


def test_equality_depends_on_dim_order() -> None:
    a = identity(2, "x", "o") * identity(2, "y", "p")
    assert a != a.transpose_ins(["y", "x"])
    assert a != a.transpose_outs(["p", "o"])
    assert a.transpose_ins(["y", "x"]).transpose_ins(["x", "y"]) == a


def test_sublayout() -> None:
    l1 = ll({"in1": [[1, 0], [0, 1], [2, 0]], "in2": [[0, 1]]}, ["out1", "out2"])
    expected = ll({"in1": [[1], [0], [2]], "in2": [[0]]}, ["out1"])
    assert l1.sublayout(["in1", "in2"], ["out1"]) == expected
    assert l1.sublayout(["in2", "in1"], ["out1"]) == expected
    assert l1.sublayout(["in2", "in1"], ["out2", "out1"]) == l1
    assert l1.sublayout(["in1"], ["out1"]) == ll({"in1": [[1], [0], [2]]}, ["out1"])
    assert l1.sublayout([], []) == L.empty()
    assert l1.sublayout(["in1"], []) == ll({"in1": [[], [], []]}, [])
    assert l1.sublayout([], ["out1"]) == ll({}, ["out1"], [4])


def test_sublayout_is_zero() -> None:
    layout = identity(4, "in", "out")
    assert not layout.sublayout_is_zero(["in"], ["out"])
    assert layout.sublayout_is_zero([], ["out"])
    assert layout.sublayout_is_zero(["in"], [])
    assert layout.sublayout_is_zero([], [])
    l1 = ll({"in1": [[0, 1], [0, 2]], "in2": [[1, 1]]}, ["out1", "out2"])
    assert l1.sublayout_is_zero(["in1"], ["out1"])
    assert not l1.sublayout_is_zero(["in1"], ["out2"])
    assert not l1.sublayout_is_zero(["in2"], ["out1"])
    assert not l1.sublayout_is_zero(["in2"], ["out2"])


def test_free_variable_masks() -> None:
    """Triton's ``FreeVariableMasks`` test, and the rest of Triton's cases."""
    assert identity(4, "in", "out").free_variable_masks() == {"in": 0}
    assert zeros(16, "in", "out").free_variable_masks() == {"in": 0b1111}
    mixed = identity(2, "in", "out") * zeros(4, "in", "out") * identity(4, "in", "out") * zeros(2, "in", "out")
    assert mixed.free_variable_masks() == {"in": 0b100110}
    dependent = ll({"in1": [[1, 1], [2, 2], [0, 0]], "in2": [[1, 0], [0, 1], [2, 0]]}, ["out1", "out2"])
    assert dependent.free_variable_masks() == {"in1": 0b100, "in2": 0b10}


def test_matrix_view() -> None:
    """Rows are output bits (out-dim by out-dim), columns are input bits."""
    layout = ll({"a": [[1, 1], [0, 1]], "b": [[1, 0], [1, 2]]}, ["x", "y"])
    assert layout.get_matrix_view() == [
        [1, 0, 1, 1],
        [1, 1, 0, 0],
        [0, 0, 0, 1],
    ]


def test_get_basis_and_sizes() -> None:
    layout = ll({"register": [[0, 1], [8, 0]], "lane": [[1, 0]]}, ["dim0", "dim1"], [16, 2])
    assert layout.get_basis("register", 1) == [8, 0]
    assert layout.get_basis("register", 0, "dim1") == 1
    assert layout.in_dims == [("register", 4), ("lane", 2)]
    assert layout.out_dims == [("dim0", 16), ("dim1", 2)]
    assert layout.get_total_in_dim_size() == 8 and layout.get_total_out_dim_size() == 32
    assert layout.get_out_dim_index("dim1") == 1
    assert layout.num_in_dims == 2 and layout.num_out_dims == 2
    assert layout.has_in_dim("lane") and not layout.has_in_dim("warp")
    assert layout.has_out_dim("dim0") and not layout.has_out_dim("dim2")


def test_surjective_injective_invertible() -> None:
    broadcast = ll({"in": [[1], [0]]}, ["out"])
    assert broadcast.is_surjective() and not broadcast.is_injective() and not broadcast.is_invertible()
    sparse = ll({"in": [[2]]}, ["out"], [4])
    assert sparse.is_injective() and not sparse.is_surjective()
    assert identity(8, "in", "out").is_invertible()


# --------------------------------------------------------------------- quotient


def test_quotient_one_dimension() -> None:
    layout = ll({"dim1": [[1, 0]], "dim2": [[0, 0]]}, ["dim1", "dim2"], [2, 1])
    quotient = layout.quotient(["dim1"])
    assert quotient == zeros(2, "dim2", "dim2")
    assert quotient is not None and quotient.quotient(["dim2"]) is None


def test_quotient_several_dimensions() -> None:
    layout = ll({"dim1": [[1, 0], [2, 0], [4, 0]], "dim2": [[0, 1], [0, 2]]}, ["dim1", "dim2"])
    assert layout.quotient(["dim1", "dim2"]) == ll({}, [])


def test_quotient_multiple_trivial_dimensions() -> None:
    layout = ll(
        {"dim1": [[1, 0, 2], [2, 0, 1]], "dim2": [[0, 1, 0], [0, 2, 0], [0, 4, 0]], "dim3": [[0, 0, 1], [0, 0, 2]]},
        ["dim1", "dim2", "dim3"],
    )
    assert layout.quotient(["dim2"]) == ll({"dim1": [[1, 2], [2, 1]], "dim3": [[0, 1], [0, 2]]}, ["dim1", "dim3"])
    coupled = ll(
        {"dim1": [[1, 0, 2], [2, 0, 1]], "dim2": [[0, 1, 0], [0, 2, 0], [0, 4, 0]], "dim3": [[0, 1, 1], [0, 0, 2]]},
        ["dim1", "dim2", "dim3"],
    )
    assert coupled.quotient(["dim2"]) is None


def test_quotient_of_missing_dimension() -> None:
    assert L.empty().quotient(["dim1"]) is None


def test_quotient_identity_multiple_dimensions() -> None:
    layout = identity(8, "dim1", "dim1") * identity(2, "dim2", "dim2") * identity(4, "dim3", "dim3")
    quotient = layout.quotient(["dim1", "dim3"])
    assert quotient == identity(2, "dim2", "dim2")
    assert quotient is not None and quotient.quotient(["dim2"]) == L.empty()


# --------------------------------------------------------------------- divide


def test_divide_left_basic() -> None:
    b = identity(8, "in", "out")
    c = zeros(16, "in", "out")
    assert divide_left(b * c, b) == c
    assert divide_left(c * b, c) == b


def test_divide_left_non_matching_dims() -> None:
    a = identity(32, "in", "out")
    b = ll({"in": [[1], [2], [4], [8]], "extra": [[0]]}, ["out"])
    assert divide_left(a, b) is None


def test_divide_left_simple() -> None:
    assert divide_left(identity(8, "in", "out"), identity(4, "in", "out")) == identity(2, "in", "out")
    assert divide_left(identity(8, "in", "out"), identity(8, "in", "out")) == identity(1, "in", "out")


def test_divide_left_2d() -> None:
    """Triton's ``Divide_2D`` test: l1 = l2 * l3, so l1 / l2 = l3 and l1 \\ l3 = l2."""
    l1 = ll({"in1": [[1, 1], [2, 2], [0, 8], [0, 4]], "in2": [[0, 2], [0, 1]]}, ["out1", "out2"])
    l2 = ll({"in1": [[1, 1], [2, 2]], "in2": [[0, 2], [0, 1]]}, ["out1", "out2"])
    l3 = ll({"in1": [[0, 2], [0, 1]], "in2": []}, ["out1", "out2"])
    assert l2 * l3 == l1
    assert divide_left(l1, l2) == l3
    assert divide_right(l1, l3) == l2


@pytest.mark.parametrize(
    ("a", "b", "c"),
    [
        (
            {"in2": [[0, 1], [1, 0]], "in1": [[2, 0], [0, 2]]},
            {"in2": [[0, 1], [1, 0]]},
            {"in2": [], "in1": [[1, 0], [0, 1]]},
        ),
        ({"in1": [[0, 1], [0, 2]], "in2": []}, {"in1": [[0, 1], [0, 2]]}, {"in1": [], "in2": []}),
        ({"in1": [], "in2": [[0, 1]], "in3": []}, {"in2": [[0, 1]]}, {"in1": [], "in2": [], "in3": []}),
        (
            {"in2": [[1, 0], [1, 0]], "in1": [[2, 0], [0, 1]]},
            {"in2": [[1, 0], [1, 0]]},
            {"in2": [], "in1": [[1, 0], [0, 1]]},
        ),
    ],
    ids=["eliminate-in-dim", "eliminate-in-dim-2", "eliminate-in-dim-3", "eliminate-out-dim"],
)
def test_divide_left_eliminates_dims(
    a: dict[str, list[list[int]]], b: dict[str, list[list[int]]], c: dict[str, list[list[int]]]
) -> None:
    outs = ["out1", "out2"]
    assert ll(b, outs) * ll(c, outs) == ll(a, outs)
    assert divide_left(ll(a, outs), ll(b, outs)) == ll(c, outs)


def test_divide_left_by_a_layout_with_fewer_out_dims() -> None:
    a = ll({"in1": [[0, 1], [0, 2]]}, ["out1", "out2"])
    b = ll({}, ["out1"])
    assert b * a == a
    assert divide_left(a, b) == a


def test_divide_fails_when_not_a_factor() -> None:
    a = ll({"in": [[2], [1]]}, ["out"])
    assert divide_left(a, identity(2, "in", "out")) is None
    assert divide_right(a, identity(2, "in", "out")) is None
    assert divide_right(identity(8, "in", "out"), identity(2, "in", "out")) == identity(4, "in", "out")


# --------------------------------------------------------------------- supremum


@pytest.mark.parametrize(
    ("x", "y", "expected"),
    [
        (["a", "b", "c"], ["a", "b", "c"], ["a", "b", "c"]),
        (["a", "b"], ["a", "c"], ["a", "b", "c"]),
        (["a", "b"], ["b", "c"], ["a", "b", "c"]),
        (["a", "b", "c"], ["a", "d"], ["a", "b", "c", "d"]),
        ([], [], []),
        (["a", "b"], [], ["a", "b"]),
        ([], ["a", "b"], ["a", "b"]),
        (["register", "warp"], ["lane", "warp"], ["register", "lane", "warp"]),
        (["a", "b"], ["b", "a"], ["a", "b"]),
        (["a", "b", "c"], ["c", "d", "a"], ["a", "b", "c", "d"]),
        (["a", "c"], ["b", "c", "a"], ["b", "c", "a"]),
    ],
)
def test_supremum(x: list[str], y: list[str], expected: list[str]) -> None:
    assert supremum(x, y) == expected


def test_supremum_of_conflicting_orders_keeps_the_first() -> None:
    """Triton's merge does not fail on conflicting orders: the first list's wins,
    which the AMD MFMA operand B layout relies on (tile ``[dim0, dim1]`` times
    warps ``[dim1, dim0]``)."""
    tile = LinearLayout.identity_1d(2, "register", "dim0") * LinearLayout.identity_1d(2, "register", "dim1")
    warps = LinearLayout.identity_1d(2, "warp", "dim1") * LinearLayout.identity_1d(2, "warp", "dim0")
    product = tile * warps
    assert product.get_out_dim_names() == ["dim0", "dim1"]
    assert product.bases == [("register", [[1, 0], [0, 1]]), ("warp", [[0, 2], [2, 0]])]


# --------------------------------------------------------------------- restructuring


def test_concat_ins_and_outs() -> None:
    a = ll({"x": [[1], [2]]}, ["o"])
    b = ll({"y": [[2]]}, ["o"], [4])
    assert a.concat_ins(b) == ll({"x": [[1], [2]], "y": [[2]]}, ["o"])
    c = ll({"x": [[1], [0]]}, ["p"])
    assert a.concat_outs(c) == ll({"x": [[1, 1], [2, 0]]}, ["o", "p"], [4, 2])


def test_resize_in_dim_shrinks_and_grows() -> None:
    layout = ll({"register": [[1], [2], [4]], "lane": [[8]]}, ["dim0"])
    assert layout.resize_in_dim("register", 2).bases == [("register", [[1]]), ("lane", [[8]])]
    assert layout.resize_in_dim("register", 32).bases == [("register", [[1], [2], [4], [0], [0]]), ("lane", [[8]])]


def test_resize_out_dim_zeroes_what_no_longer_fits() -> None:
    layout = ll({"in": [[1, 0], [4, 1], [3, 0]]}, ["a", "b"], [8, 2])
    resized = layout.resize_out_dim("a", 4)
    assert resized == ll({"in": [[1, 0], [0, 1], [3, 0]]}, ["a", "b"], [4, 2])


def test_remove_zero_bases_and_rename() -> None:
    layout = ll({"register": [[1], [0], [2]], "lane": [[0]]}, ["dim0"])
    assert layout.remove_zero_bases_along_dim("register") == ll({"register": [[1], [2]], "lane": [[0]]}, ["dim0"])
    assert layout.rename_in_dim("lane", "thread").get_in_dim_names() == ["register", "thread"]
    renamed = ll({"in": [[1, 0], [0, 1]]}, ["a", "b"], [2, 4]).rename_out_dims(["dim0", "dim1"])
    assert renamed == ll({"in": [[1, 0], [0, 1]]}, ["dim0", "dim1"], [2, 4])


def test_is_trivial_over() -> None:
    layout = identity(4, "lane", "lane") * ll({"register": [[1]]}, ["dim0"])
    assert layout.is_trivial_over(["lane"])
    assert not layout.is_trivial_over(["register"])
    assert not layout.is_trivial_over(["nowhere"])
