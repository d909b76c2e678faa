"""Linear algebra over F2 on bit-packed vectors.

A vector of F2^n is a Python ``int`` whose bit ``i`` is coordinate ``i``.  A
matrix is a sequence of such ints: its *columns* when we speak of spans and
solutions (``A x`` is the XOR of the columns selected by the bits of ``x``), its
*rows* where a function says so (``rref``).

Nothing here knows about layouts; ``LinearLayout`` packs its bases into these
vectors and asks the questions below.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = [
    "ColumnEchelon",
    "combine",
    "combine_all",
    "complement_basis",
    "lstsq",
    "null_space",
    "pivot_columns",
    "rank",
    "rref",
    "solve",
    "span_intersection",
]


_INITIAL_WIDTH = 64
"""Rows of ``ColumnEchelon`` allocated up front: every layout Triton accepts fits."""


class ColumnEchelon:
    """The span of a list of columns in echelon form, for fast membership tests and solves.

    Each kept row is stored under its highest set bit (its *lead*, unique among the
    rows): ``vectors[lead]`` is the XOR of the original columns selected by
    ``combinations[lead]``.  Reducing a vector only visits the rows whose leads it
    hits, so sparse vectors, the common case for layout bases, cost a few steps.

    Only *pivot* columns (those independent of the columns before them) ever
    enter a combination.  Since the pivot columns are independent, a vector has
    one way to be written in them, and that is the solution Triton's RREF-based
    ``lstsq`` returns: free variables are zero.

    >>> e = ColumnEchelon([0b011, 0b110, 0b101])
    >>> e.rank, bin(e.pivots)
    (2, '0b11')
    >>> bin(e.express(0b101))  # 0b101 = col0 ^ col1
    '0b11'
    """

    __slots__ = ("_combinations", "_vectors", "num_columns", "pivots", "rank")

    def __init__(self, columns: Iterable[int] = ()) -> None:
        self._vectors: list[int] = [0] * _INITIAL_WIDTH
        self._combinations: list[int] = [0] * _INITIAL_WIDTH
        self.num_columns = 0
        self.pivots = 0
        self.rank = 0
        self.extend(columns)

    @property
    def basis(self) -> list[int]:
        """Independent vectors spanning the same space as the columns."""
        return [vector for vector in self._vectors if vector]

    def extend(self, columns: Iterable[int]) -> None:
        """Append columns in order, keeping those that enlarge the span as pivots."""
        vectors, combinations = self._vectors, self._combinations
        index, pivots, rank = self.num_columns, self.pivots, self.rank
        for column in columns:
            vector, combination = column, 1 << index
            while vector:
                lead = vector.bit_length() - 1
                if lead >= len(vectors):
                    grow = lead + 1
                    vectors.extend([0] * grow)
                    combinations.extend([0] * grow)
                row = vectors[lead]
                if not row:
                    vectors[lead] = vector
                    combinations[lead] = combination
                    pivots |= 1 << index
                    rank += 1
                    break
                vector ^= row
                combination ^= combinations[lead]
            index += 1
        self.num_columns, self.pivots, self.rank = index, pivots, rank

    def add(self, column: int) -> bool:
        """Append one column; return whether it enlarged the span (is a pivot)."""
        rank = self.rank
        self.extend((column,))
        return self.rank > rank

    def express_all(self, vectors: Iterable[int]) -> list[int] | None:
        """For each vector, the pivot columns whose XOR it is; ``None`` if any has none."""
        rows, combinations = self._vectors, self._combinations
        width = len(rows)
        solutions = []
        for vector in vectors:
            combination = 0
            while vector:
                lead = vector.bit_length() - 1
                if lead >= width or not rows[lead]:
                    return None
                vector ^= rows[lead]
                combination ^= combinations[lead]
            solutions.append(combination)
        return solutions

    def express(self, vector: int) -> int | None:
        """The pivot columns whose XOR is ``vector``, as a bit mask; ``None`` if none."""
        solution = self.express_all((vector,))
        return None if solution is None else solution[0]

    def contains(self, vector: int) -> bool:
        """Whether ``vector`` lies in the span of the columns."""
        return self.express(vector) is not None


def rank(vectors: Iterable[int]) -> int:
    """The dimension of the span of ``vectors``: ``ColumnEchelon``'s elimination
    without the bookkeeping of combinations, rows kept by lead bit."""
    rows: dict[int, int] = {}
    for vector in vectors:
        while vector:
            lead = vector.bit_length()
            row = rows.get(lead)
            if row is None:
                rows[lead] = vector
                break
            vector ^= row
    return len(rows)


def pivot_columns(columns: Sequence[int]) -> int:
    """Bit mask of the columns that are independent of all columns before them.

    These are exactly the pivot columns of the reduced row echelon form; the other
    columns are the free variables of ``A x = b``.
    """
    return ColumnEchelon(columns).pivots


def solve(columns: Sequence[int], target: int) -> int | None:
    """The solution ``x`` of ``A x = target`` with every free variable zero.

    ``A`` has the given columns; ``x`` is a bit mask over them.  Returns ``None``
    when ``target`` is outside the column space.
    """
    return ColumnEchelon(columns).express(target)


def lstsq(columns: Sequence[int], targets: Sequence[int]) -> list[int] | None:
    """Solve ``A X = B`` column by column, as ``solve`` does, or ``None`` if any fails."""
    return ColumnEchelon(columns).express_all(targets)


def null_space(columns: Sequence[int]) -> list[int]:
    """A basis of ``{x : A x = 0}``, one vector per free column, as masks over columns.

    The vector for free column ``j`` is ``j`` plus the pivot columns that sum to it,
    so the basis is in echelon form by its highest bit.
    """
    echelon = ColumnEchelon()
    basis: list[int] = []
    for index, column in enumerate(columns):
        combination = echelon.express(column)
        echelon.add(column)
        if combination is not None:
            basis.append(combination | (1 << index))
    return basis


def complement_basis(vectors: Iterable[int], num_bits: int) -> list[int]:
    """Unit vectors, lowest coordinate first, that extend ``span(vectors)`` to F2^num_bits:
    those of the columns that are not pivots of ``rref(vectors)`` (Triton's
    ``complementBasis``; the pivots sit at the lowest set bits).

    >>> complement_basis([0b1000, 0b0101], 4)
    [2, 4]
    """
    pivots = 0
    for row in rref(list(vectors), num_bits):
        pivots |= row & -row
    return [1 << bit for bit in range(num_bits) if not pivots >> bit & 1]


def span_intersection(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """A basis of ``span(a) ∩ span(b)``.

    Every ``x`` in the null space of ``[a | b]`` gives a vector ``a x_a = b x_b``
    that lies in both spans, and these vectors span the intersection.
    """
    columns = [*a, *b]
    a_mask = (1 << len(a)) - 1
    shared = ColumnEchelon(combine(a, x & a_mask) for x in null_space(columns))
    return shared.basis


def combine(columns: Sequence[int], mask: int) -> int:
    """``A x``: the XOR of the columns selected by the bits of ``mask``."""
    result = 0
    while mask:
        low = mask & -mask
        result ^= columns[low.bit_length() - 1]
        mask ^= low
    return result


def combine_all(columns: Sequence[int]) -> list[int]:
    """``A x`` for every ``x`` from 0 to ``2**len(columns) - 1``, in that order.

    >>> combine_all([4, 1])
    [0, 4, 1, 5]
    """
    table = [0]
    for column in columns:
        table += [value ^ column for value in table]
    return table


def rref(rows: Sequence[int], num_cols: int) -> list[int]:
    """Reduced row echelon form of a matrix given by its rows, as f2reduce computes it.

    Column ``c`` is bit ``c`` of each row.  Each nonzero row of the result has its
    pivot at its lowest set bit, pivots increase down the rows, every pivot column
    is zero in all other rows, and zero rows come last.

    >>> [bin(r) for r in rref([0b110, 0b011], 3)]
    ['0b101', '0b110']
    """
    if any(row < 0 or row >> num_cols for row in rows):
        raise ValueError(f"rref: every row must be a non-negative int below 2**{num_cols}")
    remaining = list(rows)
    reduced: list[int] = []
    for column in range(num_cols):
        bit = 1 << column
        pivot_index = next((i for i, row in enumerate(remaining) if row & bit), None)
        if pivot_index is None:
            continue
        pivot = remaining.pop(pivot_index)
        remaining = [row ^ pivot if row & bit else row for row in remaining]
        reduced = [row ^ pivot if row & bit else row for row in reduced]
        reduced.append(pivot)
    return reduced + [0] * (len(rows) - len(reduced))
