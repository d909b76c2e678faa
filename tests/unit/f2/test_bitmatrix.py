"""F2 matrix tools, checked against brute-force enumeration of small spans."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from layoutdialect.f2.bitmatrix import (
    ColumnEchelon,
    combine,
    complement_basis,
    lstsq,
    null_space,
    pivot_columns,
    rank,
    rref,
    solve,
    span_intersection,
)

BITS = 6
vectors = st.lists(st.integers(0, (1 << BITS) - 1), max_size=8)


def span(vs: list[int]) -> set[int]:
    """Every XOR of a subset of ``vs``, by enumeration."""
    return {combine(vs, mask) for mask in range(1 << len(vs))}


def independent(vs: list[int]) -> bool:
    return len(span(vs)) == 1 << len(vs)


@given(vectors)
def test_rank_is_the_dimension_of_the_span(vs: list[int]) -> None:
    assert len(span(vs)) == 1 << rank(vs)


@given(vectors)
def test_pivot_columns_are_those_outside_the_span_of_earlier_ones(vs: list[int]) -> None:
    pivots = pivot_columns(vs)
    for j, v in enumerate(vs):
        assert bool(pivots >> j & 1) == (v not in span(vs[:j]))


@given(vectors)
def test_rref_is_reduced_and_keeps_the_row_space(rows: list[int]) -> None:
    reduced = rref(rows, BITS)
    assert len(reduced) == len(rows)
    nonzero = [r for r in reduced if r]
    assert reduced[len(nonzero) :] == [0] * (len(rows) - len(nonzero))
    pivots = [(r & -r).bit_length() - 1 for r in nonzero]
    assert pivots == sorted(set(pivots))
    for i, pivot in enumerate(pivots):
        assert all(not (other >> pivot & 1) for j, other in enumerate(nonzero) if j != i)
    assert span(nonzero) == span(rows)


def test_rref_example() -> None:
    assert rref([0b110, 0b011, 0b101], 3) == [0b101, 0b110, 0]


@given(vectors)
def test_rref_pivots_are_the_pivot_columns_of_the_transpose(rows: list[int]) -> None:
    """The pivots of the RREF of a matrix given by rows are the pivot columns of the
    same matrix read column by column."""
    columns = [sum((row >> c & 1) << r for r, row in enumerate(rows)) for c in range(BITS)]
    pivots = sum(1 << ((r & -r).bit_length() - 1) for r in rref(rows, BITS) if r)
    assert pivots == pivot_columns(columns)


@given(vectors)
def test_null_space(columns: list[int]) -> None:
    basis = null_space(columns)
    assert all(combine(columns, x) == 0 for x in basis)
    assert len(basis) == len(columns) - rank(columns)
    assert independent(basis)


@given(vectors)
def test_complement_basis_completes_the_space(vs: list[int]) -> None:
    complement = complement_basis(vs, BITS)
    assert all(c & (c - 1) == 0 for c in complement)
    assert len(complement) == BITS - rank(vs)
    assert rank(vs + complement) == BITS


@given(vectors, vectors)
def test_span_intersection(a: list[int], b: list[int]) -> None:
    shared = span_intersection(a, b)
    assert independent(shared)
    assert span(shared) == span(a) & span(b)


@given(vectors, st.integers(0, (1 << BITS) - 1))
def test_solve_returns_the_solution_with_free_variables_zero(columns: list[int], target: int) -> None:
    x = solve(columns, target)
    if target not in span(columns):
        assert x is None
        return
    assert x is not None and combine(columns, x) == target
    assert x & ~pivot_columns(columns) == 0


@given(vectors, vectors)
def test_lstsq(columns: list[int], targets: list[int]) -> None:
    solution = lstsq(columns, targets)
    if not all(t in span(columns) for t in targets):
        assert solution is None
        return
    assert solution is not None
    assert [combine(columns, x) for x in solution] == targets


def test_echelon_membership_and_basis() -> None:
    echelon = ColumnEchelon([0b011, 0b110, 0b101])
    assert echelon.rank == 2 and echelon.num_columns == 3
    assert echelon.contains(0b101) and not echelon.contains(0b001)
    assert span(echelon.basis) == span([0b011, 0b110])
    assert not echelon.add(0b000)
    assert echelon.add(0b001) and echelon.pivots == 0b10011
