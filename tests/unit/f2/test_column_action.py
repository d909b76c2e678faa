"""ColumnAction, with the cases of Triton's ``ColumnActionApply*`` tests."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from layoutdialect import ColumnAction, LinearLayout


def test_apply_to_layout_permutes_bases() -> None:
    layout = LinearLayout.from_bases([("in", [[1], [2], [4]])], ["out"])
    assert ColumnAction([2, 0, 1], "in", 3).apply(layout) == LinearLayout.from_bases([("in", [[4], [1], [2]])], ["out"])


def test_apply_to_layout_may_drop_bases() -> None:
    layout = LinearLayout.from_bases([("in", [[1], [2], [4]])], ["out"])
    dropped = ColumnAction([1, 0], "in", 3).apply(layout)
    assert dropped == LinearLayout.from_bases([("in", [[2], [1]])], ["out"], [8], require_surjective=False)


def test_apply_to_values() -> None:
    values = list(range(1, 9))
    assert ColumnAction([2, 0, 1], "register", 3).apply_values(values) == [1, 5, 2, 6, 3, 7, 4, 8]
    assert ColumnAction([2, 1], "register", 3).apply_values(values) == [1, 5, 3, 7]


def test_text_and_identity() -> None:
    assert str(ColumnAction([2, 0, 1], "register", 3)) == "ColumnAction([2, 0, 1], register, 3)"
    assert ColumnAction.identity("lane", 2) == ColumnAction([0, 1], "lane", 2)
    assert ColumnAction.identity("lane", 2).is_identity
    assert not ColumnAction([1, 0], "lane", 2).is_identity
    assert not ColumnAction([0], "lane", 2).is_identity


permutations = st.integers(0, 5).flatmap(lambda n: st.permutations(list(range(n))))


@given(permutations)
def test_inverse_undoes_the_action(action: list[int]) -> None:
    a = ColumnAction(action, "register", len(action))
    assert a.left_compose(a.inverse()).is_identity
    assert a.inverse().left_compose(a).is_identity
    values = list(range(1 << len(action)))
    assert a.inverse().apply_values(a.apply_values(values)) == values


@given(permutations, st.data())
def test_acting_on_values_matches_acting_on_the_layout(action: list[int], data: st.DataObject) -> None:
    """Register ``i`` after the action holds what the permuted layout puts at ``i``."""
    n = len(action)
    bases = [[data.draw(st.integers(0, 15))] for _ in range(n)]
    layout = LinearLayout.from_bases([("register", bases)], ["dim0"], [16], require_surjective=False)
    a = ColumnAction(action, "register", n)
    elements = [layout.apply({"register": r})["dim0"] for r in range(1 << n)]
    moved = a.apply(layout)
    assert a.apply_values(elements) == [moved.apply({"register": r})["dim0"] for r in range(1 << n)]


@given(permutations, permutations)
def test_left_compose_applies_self_then_other(first: list[int], second: list[int]) -> None:
    if len(first) != len(second):
        return
    n = len(first)
    a, b = ColumnAction(first, "r", n), ColumnAction(second, "r", n)
    values = list(range(1 << n))
    assert a.left_compose(b).apply_values(values) == b.apply_values(a.apply_values(values))
