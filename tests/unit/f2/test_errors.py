"""Invalid input raises ``LinearLayoutError`` (a ``ValueError``) that names the problem.

Never an assertion, an ``IndexError`` or a silently wrong layout.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from layoutdialect import (
    ColumnAction,
    LinearLayout,
    LinearLayoutError,
    ensure_layout_not_larger_than,
    ensure_layout_not_smaller_than,
    identity_standard_nd,
)

L = LinearLayout
identity = LinearLayout.identity_1d
TILE = L.from_bases([("register", [[1, 0]]), ("lane", [[0, 1], [2, 0]])], ["dim0", "dim1"])


def test_the_error_is_a_value_error() -> None:
    assert issubclass(LinearLayoutError, ValueError)


CASES: list[tuple[Callable[[], object], str]] = [
    (lambda: L.from_bases([("in", [[4]])], ["out"], [4]), "component 4 for out-dim 'out'.*less than its size 4"),
    (lambda: L.from_bases([("in", [[-1]])], ["out"], [4]), "negative component"),
    (lambda: L.from_bases([("in", [[1, 0]])], ["out"]), r"has 2 components, expected one per out-dim \['out'\]"),
    (lambda: L.from_bases([("in", [[1.5]])], ["out"]), "must hold integers"),  # type: ignore[list-item]
    (lambda: L.from_bases([("in", [[1]])], ["out"], [3], False), "size of out-dim 'out' must be a power of two, got 3"),
    (lambda: L.from_bases([("in", [[1]])], ["out"], [0], False), "must be a power of two, got 0"),
    (lambda: L.from_bases([("in", [[1]]), ("in", [])], ["out"]), "in-dim names must be distinct"),
    (lambda: L.from_bases([], ["o", "o"]), "out-dim names must be distinct"),
    (lambda: L.from_bases([("in", [[1]])], ["out"], require_surjective=False), "out_dim_sizes must be provided"),
    (lambda: L.from_bases([("in", [[2]])], ["out"]), "expected to be surjective"),
    (lambda: L.from_bases([("in", [[1]])], ["out"], [2, 2]), "same length"),
    (lambda: identity(3, "in", "out"), "identity_1d size must be a power of two, got 3"),
    (lambda: L.zeros_1d(6, "in", "out"), "zeros_1d size must be a power of two"),
    (lambda: L.zeros_1d(2, "in", "out", 5), "zeros_1d out_dim_size must be a power of two"),
    (lambda: L.strided_1d(4, 3, "in", "out"), "strided_1d stride must be a power of two, got 3"),
    (lambda: TILE.apply({"register": 0}), r"input dims must be a permutation of \['register', 'lane'\]"),
    (lambda: TILE.apply({"register": 0, "lane": 4}), r"lane=4 is outside \[0, 4\)"),
    (lambda: TILE.apply({"register": -1, "lane": 0}), r"register=-1 is outside"),
    (lambda: TILE.apply({"register": "0", "lane": 0}), "must hold integers"),  # type: ignore[dict-item]
    (lambda: TILE.compose(identity(4, "dim0", "x")), "compose: this layout's out-dims must be a permutation"),
    (
        lambda: TILE.compose(identity(2, "dim0", "x") * identity(2, "dim1", "y")),
        "out-dim 'dim0' has size 4, larger than the outer layout's in-dim size 2",
    ),
    (
        lambda: TILE.invert_and_compose(identity(4, "r", "dim0")),
        "invert_and_compose: the out-dims must be a permutation",
    ),
    (
        lambda: TILE.invert_and_compose(L.from_bases([("r", [[1, 0], [0, 1]])], ["dim0", "dim1"], [4, 2], False)),
        "must be surjective",
    ),
    (
        lambda: TILE.invert_and_compose(identity(2, "r", "dim0") * identity(2, "r", "dim1")),
        "out-dim 'dim0' has size 4 here but only 2",
    ),
    (lambda: L.from_bases([("in", [[1], [0]])], ["out"]).invert(), "must be surjective and square"),
    (lambda: TILE.transpose_ins(["lane"]), "transpose_ins: the new order must be a permutation"),
    (lambda: TILE.transpose_outs(["dim0", "dim0"]), "transpose_outs: the new order must be a permutation"),
    (lambda: TILE.reshape_ins([("x", 4)]), "reshape_ins: total size 4 differs from the layout's 8"),
    (lambda: TILE.reshape_ins([("x", 6)]), "size of in-dim 'x' must be a power of two"),
    (lambda: TILE.reshape_outs([("x", 4)]), "reshape_outs: total size 4 differs from the layout's 8"),
    (lambda: TILE.sublayout(["warp"], []), r"sublayout: in-dims \['warp'\] are not among"),
    (lambda: TILE.sublayout([], ["dim2"]), r"sublayout: out-dims \['dim2'\] are not among"),
    (lambda: TILE.squeeze_ins("lane"), "in-dim 'lane' has size 4, not 1"),
    (lambda: TILE.squeeze_outs("dim1"), "out-dim 'dim1' has size 2, not 1"),
    (lambda: TILE.concat_ins(identity(2, "x", "dim0")), "concat_ins: out-dims differ"),
    (lambda: TILE.concat_ins(TILE), r"in-dims \['lane', 'register'\] appear in both"),
    (lambda: TILE.concat_outs(identity(2, "register", "x")), "concat_outs: in-dims differ"),
    (lambda: TILE.resize_out_dim("dim1", 8), "can only shrink"),
    (lambda: TILE.resize_in_dim("lane", 3), "must be a power of two"),
    (lambda: TILE.get_basis("warp", 0), "'warp' is not an in-dim"),
    (lambda: TILE.get_basis("lane", 2), "in-dim 'lane' has 2 bases, no basis 2"),
    (lambda: TILE.get_out_dim_size("dim7"), "'dim7' is not an out-dim"),
    (lambda: TILE.rename_in_dim("lane", "register"), "'register' is already an in-dim"),
    (lambda: TILE.rename_out_dims(["x"]), "does not name the 2 out-dims"),
    (lambda: TILE.rename_out_dims(["x", "x"]), "new names must be distinct"),
    (lambda: TILE.remove_zero_bases_along_dim("warp"), "'warp' is not an in-dim"),
    (lambda: ColumnAction([0, 3], "register", 3), r"every entry must be in \[0, 3\)"),
    (lambda: ColumnAction([1, 1], "register", 3), "selected only once"),
    (lambda: ColumnAction([1, 0], "register", 3).inverse(), "drops bases, so it has no inverse"),
    (lambda: ColumnAction([1, 0], "register", 2).apply_values([1, 2]), "acts on 4 values, got 2"),
    (lambda: ColumnAction([1, 0], "register", 2).apply(TILE), "acts on 2 bases, but in-dim 'register' has 1"),
    (
        lambda: ColumnAction([1, 0], "register", 2).left_compose(ColumnAction([0, 1], "lane", 2)),
        "cannot compose",
    ),
    (lambda: ensure_layout_not_smaller_than(TILE, {"dim0": 8}), "shape names"),
    (lambda: ensure_layout_not_larger_than(TILE, {"dim0": 3, "dim1": 2}), "size of 'dim0' must be a power of two"),
    (lambda: ensure_layout_not_smaller_than(L.from_bases([], ["dim0"]), {"dim0": 4}), "no in-dim"),
    (lambda: identity_standard_nd("offset", [2, 2], [0, 0]), "must be a permutation of the dims"),
]


@pytest.mark.parametrize(("call", "message"), CASES)
def test_invalid_input_is_rejected_with_a_named_problem(call: Callable[[], object], message: str) -> None:
    with pytest.raises(LinearLayoutError, match=message):
        call()
