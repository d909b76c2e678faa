"""``LinearLayout``: a linear map over F2 between named, power-of-two sized spaces.

The semantics are those of Triton's ``LinearLayout`` (``LinearLayout.h``): ordered
in-dims, each with one basis per input bit (low bit first); ordered out-dims with
power-of-two sizes; ``L(x)`` is the XOR of the bases whose input bit is set in
``x``.  A zero basis means the bit is broadcast: several inputs share one output.

Internally each basis is one ``int`` whose bit fields hold its components, out-dim
after out-dim, lowest first.  Bit ``r`` of that int is row ``r`` of the matrix
Triton builds in ``getMatrix``, so every F2 question is a question about ints.
"""

from __future__ import annotations

import operator
from collections.abc import Container, Iterable, Mapping, Sequence

from layoutdialect.f2.arguments import (
    check_name,
    checked_dim_sizes,
    checked_instance,
    checked_integer,
    checked_list,
    checked_names,
)
from layoutdialect.f2.bitmatrix import ColumnEchelon, combine, combine_all, pivot_columns, rank
from layoutdialect.f2.errors import LinearLayoutError
from layoutdialect.f2.powers import checked_log2

__all__ = [
    "Bases",
    "LinearLayout",
    "LinearLayoutError",
    "divide_left",
    "divide_right",
    "lstsq",
    "supremum",
]

Bases = list[tuple[str, list[list[int]]]]
"""Bases in the Python-binding form: ``[(in_dim, [[component, ...], ...]), ...]``."""

_Columns = tuple[int, ...]
_Ins = tuple[tuple[str, _Columns], ...]
_Outs = tuple[tuple[str, int], ...]  # (out-dim name, log2 of its size)
_Move = tuple[int, int, int]  # (source offset, field mask, target offset)


def _integers(values: Sequence[object], what: str) -> list[int]:
    try:
        return [operator.index(v) for v in values]  # type: ignore[arg-type]
    except TypeError:
        raise LinearLayoutError(f"{what} must hold integers, got {list(values)}") from None


def _check_unique(names: Sequence[str], what: str) -> None:
    if len(set(names)) != len(names):
        raise LinearLayoutError(f"{what} must be distinct, got {list(names)}")


def _check_permutation(order: Sequence[str], names: Sequence[str], what: str) -> None:
    order = checked_names(order, what)
    if sorted(order) != sorted(names) or len(set(order)) != len(order):
        raise LinearLayoutError(f"{what} must be a permutation of {list(names)}, got {list(order)}")


def _check_subset(subset: Iterable[str], names: Sequence[str], what: str) -> None:
    subset = checked_names(subset, what)
    missing = [name for name in subset if name not in names]
    if missing:
        raise LinearLayoutError(f"{what} {missing} are not among {list(names)}")


def _repack(columns: Iterable[int], moves: Sequence[_Move]) -> _Columns:
    """Move each bit field of each packed column to a new offset; drop unlisted fields."""
    if len(moves) == 1:
        ((source, mask, target),) = moves
        return tuple([(column >> source & mask) << target for column in columns])
    if len(moves) == 2:
        (s0, m0, t0), (s1, m1, t1) = moves
        return tuple([(column >> s0 & m0) << t0 | (column >> s1 & m1) << t1 for column in columns])
    packed = []
    for column in columns:
        value = 0
        for source, mask, target in moves:
            value |= ((column >> source) & mask) << target
        packed.append(value)
    return tuple(packed)


def _pack_plain_bases(bases: object, out_dim_names: object, out_dim_sizes: object) -> tuple[_Ins, _Outs] | None:
    """``from_bases``'s packed columns and out-dims when the input is plain: distinct
    string names, one ``int`` per out-dim in each basis, each within its size.  ``None``
    for anything else, which the component-by-component path then diagnoses.

    One pass ORs each out-dim's components (their bit length is the inferred size,
    and a negative, a non-int or an oversized component shows in the OR), one more
    packs them; a malformed basis fails to unpack and lands in the ``except``.
    """
    try:
        if type(bases) is list or type(bases) is tuple:
            pairs = bases
        else:
            pairs = list(bases.items()) if isinstance(bases, dict) else list(bases)  # type: ignore[call-overload]
        if isinstance(out_dim_names, str):
            return None
        out_names = out_dim_names if type(out_dim_names) is list else list(out_dim_names)  # type: ignore[call-overload]
        in_names = [name for name, _ in pairs]
        "".join(in_names)  # a TypeError unless every name is a string
        "".join(out_names)
        if len(set(in_names)) != len(in_names) or len(set(out_names)) != len(out_names):
            return None
        count = len(out_names)
        ors = [0] * count
        if count == 1:
            for _, dim_bases in pairs:
                for (a,) in dim_bases:
                    ors[0] |= a
        elif count == 2:
            or_a = or_b = 0
            for _, dim_bases in pairs:
                for a, b in dim_bases:
                    or_a |= a
                    or_b |= b
            ors = [or_a, or_b]
        else:
            for _, dim_bases in pairs:
                for basis in dim_bases:
                    if len(basis) != count:
                        return None
                    for k, value in enumerate(basis):
                        ors[k] |= value
        for value in ors:
            if type(value) is not int or value < 0:
                return None
        if out_dim_sizes is None:
            log2s = [value.bit_length() for value in ors]
        else:
            sizes = list(out_dim_sizes)  # type: ignore[call-overload]
            if len(sizes) != count:
                return None
            for size in sizes:
                if type(size) is not int or size <= 0 or size & (size - 1):
                    return None
            log2s = [size.bit_length() - 1 for size in sizes]
            if any(value >> log2 for value, log2 in zip(ors, log2s)):
                return None
        if count == 1:
            ins = tuple([(name, tuple([a | 0 for (a,) in dim_bases])) for name, dim_bases in pairs])  # bool -> int
        elif count == 2:
            shift = log2s[0]
            ins = tuple([(name, tuple([a | b << shift for a, b in dim_bases])) for name, dim_bases in pairs])
        else:
            offsets = _prefix_sums(log2s)
            ins = tuple(
                [
                    (name, tuple([sum(v << o for v, o in zip(basis, offsets)) for basis in dim_bases]))
                    for name, dim_bases in pairs
                ]
            )
    except (TypeError, ValueError):
        return None
    return ins, tuple(zip(out_names, log2s))


def supremum(x: Sequence[str], y: Sequence[str]) -> list[str]:
    """A shortest list holding ``x`` and ``y`` as subsequences, merged as Triton merges dims.

    Walking both lists, a name only one list has goes next; of two names both
    lists have, the one the other list reaches sooner goes first, ties to ``x``.
    Where the lists order names differently no true supremum exists, and this
    (like Triton) keeps ``x``'s order rather than fail.

    >>> supremum(["a", "b"], ["b", "c"])
    ['a', 'b', 'c']
    >>> supremum(["a", "b"], ["a", "c"])
    ['a', 'b', 'c']
    >>> supremum(["dim0", "dim1"], ["dim1", "dim0"])
    ['dim0', 'dim1']
    """
    return _supremum(checked_names(x, "supremum: x"), checked_names(y, "supremum: y"))


def _supremum(x: Sequence[str], y: Sequence[str]) -> list[str]:
    """``supremum`` of lists of names known to be strings."""
    if list(x) == list(y) or not y:
        return list(x)
    if not x or set(x).isdisjoint(y):
        return [*x, *y]
    pos_x = {name: k for k, name in enumerate(x)}
    pos_y = {name: k for k, name in enumerate(y)}
    result: list[str] = []
    seen: set[str] = set()
    i = j = 0
    while True:
        while i < len(x) and x[i] in seen:
            i += 1
        while j < len(y) and y[j] in seen:
            j += 1
        if i == len(x) and j == len(y):
            return result
        if i < len(x) and j < len(y) and x[i] == y[j]:
            name = x[i]
        else:
            reach_x = pos_y.get(x[i]) if i < len(x) else None
            reach_y = pos_x.get(y[j]) if j < len(y) else None
            if i < len(x) and reach_x is None:
                name = x[i]
            elif j < len(y) and reach_y is None:
                name = y[j]
            else:
                assert reach_x is not None and reach_y is not None
                name = x[i] if reach_x <= reach_y else y[j]
        result.append(name)
        seen.add(name)


class LinearLayout:
    """A linear map over F2 from named in-dims to named out-dims.

    Build one with ``from_bases``, ``identity_1d``, ``zeros_1d`` or ``strided_1d``
    and combine them with ``*`` (direct sum), ``compose`` and
    ``invert_and_compose``.  Layouts are immutable and hashable.

    >>> lane = LinearLayout.identity_1d(4, "lane", "dim1")
    >>> reg = LinearLayout.identity_1d(2, "register", "dim0")
    >>> layout = lane * reg
    >>> layout.apply({"lane": 3, "register": 1})
    {'dim1': 3, 'dim0': 1}
    """

    __slots__ = ("_apply_tables", "_hash", "_ins", "_offsets", "_outs", "_rank")

    _ins: _Ins
    _outs: _Outs
    _rank: int | None
    _offsets: dict[str, int] | None
    _hash: int | None
    _apply_tables: tuple[tuple[str, int, tuple[list[int], ...]], ...] | None

    def __init__(self) -> None:
        """The empty layout: no dims, the multiplicative identity of ``*``."""
        self._set((), ())

    def _set(self, ins: _Ins, outs: _Outs) -> None:
        self._ins = ins
        self._outs = outs
        self._rank = None
        self._offsets = None
        self._hash = None
        self._apply_tables = None

    @classmethod
    def _make(cls, ins: _Ins, outs: _Outs) -> LinearLayout:
        """Wrap already-validated packed columns; the fast path of every operation."""
        layout = object.__new__(cls)
        layout._set(ins, outs)
        return layout

    # ----------------------------------------------------------------- creation

    @classmethod
    def empty(cls) -> LinearLayout:
        return cls._make((), ())

    @classmethod
    def from_bases(
        cls,
        bases: Iterable[tuple[str, Sequence[Sequence[int]]]] | Mapping[str, Sequence[Sequence[int]]],
        out_dim_names: Sequence[str],
        out_dim_sizes: Sequence[int] | None = None,
        require_surjective: bool = True,
    ) -> LinearLayout:
        """A layout from explicit bases, as Triton's Python ``from_bases``.

        Without ``out_dim_sizes`` each size is the smallest power of two above every
        basis component, and the layout must be surjective.
        """
        layout = cls._make(*cls._pack(bases, out_dim_names, out_dim_sizes, require_surjective))
        if require_surjective:
            layout._require_surjective()
        return layout

    def _require_surjective(self) -> None:
        if not self.is_surjective():
            raise LinearLayoutError(
                "layout is expected to be surjective, i.e. every out coordinate can be "
                f"reached by some in coordinate, but was not:{self}"
            )

    @classmethod
    def _pack(
        cls, bases: object, out_dim_names: object, out_dim_sizes: object, require_surjective: bool
    ) -> tuple[_Ins, _Outs]:
        """``from_bases``'s packed columns and out-dims: plain input at once (``_pack_plain_bases``),
        anything else one component at a time (``_pack_checked``), naming the first thing wrong."""
        packed = _pack_plain_bases(bases, out_dim_names, out_dim_sizes) if require_surjective or out_dim_sizes else None
        return (
            packed if packed is not None else cls._pack_checked(bases, out_dim_names, out_dim_sizes, require_surjective)
        )

    @staticmethod
    def _pack_checked(
        bases: object,
        out_dim_names: object,
        out_dim_sizes: object,
        require_surjective: bool,
    ) -> tuple[_Ins, _Outs]:
        """``from_bases``'s packing one component at a time, naming the first thing
        wrong; the path of every input the plain-int packing declines."""
        pairs = list(bases.items()) if isinstance(bases, Mapping) else checked_list(bases, "from_bases: bases")
        if not all(isinstance(pair, tuple | list) and len(pair) == 2 and isinstance(pair[0], str) for pair in pairs):
            raise LinearLayoutError(f"from_bases: bases must be (in-dim name, bases) pairs, got {pairs!r}")
        in_names = [name for name, _ in pairs]
        out_names = checked_names(out_dim_names, "from_bases: out_dim_names")
        _check_unique(in_names, "in-dim names")
        _check_unique(out_names, "out-dim names")
        rows: list[tuple[str, list[list[int]]]] = []
        for name, dim_bases in pairs:
            converted = []
            for basis in checked_list(dim_bases, f"from_bases: the bases of in-dim {name!r}"):
                basis = checked_list(basis, f"from_bases: a basis of in-dim {name!r}")
                values = _integers(basis, f"basis {basis} of in-dim {name!r}")
                if len(values) != len(out_names):
                    raise LinearLayoutError(
                        f"basis {values} of in-dim {name!r} has {len(values)} components, "
                        f"expected one per out-dim {out_names}"
                    )
                if any(v < 0 for v in values):
                    raise LinearLayoutError(f"basis {values} of in-dim {name!r} has a negative component")
                converted.append(values)
            rows.append((name, converted))

        if out_dim_sizes is None:
            if not require_surjective:
                raise LinearLayoutError("out_dim_sizes must be provided when require_surjective is false")
            sizes = [1] * len(out_names)
            for _, dim_bases in rows:
                for basis in dim_bases:
                    for i, v in enumerate(basis):
                        sizes[i] = max(sizes[i], 1 << v.bit_length())
        else:
            sizes = _integers(checked_list(out_dim_sizes, "from_bases: out_dim_sizes"), "out_dim_sizes")
            if len(sizes) != len(out_names):
                raise LinearLayoutError("out_dim_names and out_dim_sizes must have the same length")
        outs = tuple((name, checked_log2(size, f"size of out-dim {name!r}")) for name, size in zip(out_names, sizes))

        offsets = _prefix_sums(log2 for _, log2 in outs)
        ins = []
        for name, dim_bases in rows:
            columns = []
            for basis in dim_bases:
                packed = 0
                for v, (out_name, log2), shift in zip(basis, outs, offsets):
                    if v >> log2:
                        raise LinearLayoutError(
                            f"basis {basis} of in-dim {name!r} has component {v} for out-dim "
                            f"{out_name!r}, which must be less than its size {1 << log2}"
                        )
                    packed |= v << shift
                columns.append(packed)
            ins.append((name, tuple(columns)))
        return tuple(ins), outs

    @classmethod
    def _from_packed(cls, ins: _Ins, outs: _Outs) -> LinearLayout:
        """A layout from bases already packed (out-dim fields in order, lowest first) and
        ``(out_dim, log2 size)`` pairs, for callers in this package that guarantee them."""
        return cls._make(ins, outs)

    @classmethod
    def identity_1d(cls, size: int, in_dim: str, out_dim: str) -> LinearLayout:
        """``L(x) = x`` for ``x`` in ``[0, size)``; size 0 gives the empty layout."""
        size = checked_integer(size, "identity_1d: size")
        check_name(in_dim, "identity_1d: in_dim")
        check_name(out_dim, "identity_1d: out_dim")
        if size == 0:
            return cls.empty()
        log2 = checked_log2(size, "identity_1d size")
        return cls._make(((in_dim, tuple(1 << i for i in range(log2))),), ((out_dim, log2),))

    @classmethod
    def zeros_1d(cls, size: int, in_dim: str, out_dim: str, out_dim_size: int = 1) -> LinearLayout:
        """``L(x) = 0`` for ``x`` in ``[0, size)``: every input broadcast to one output."""
        size = checked_integer(size, "zeros_1d: size")
        out_dim_size = checked_integer(out_dim_size, "zeros_1d: out_dim_size")
        check_name(in_dim, "zeros_1d: in_dim")
        check_name(out_dim, "zeros_1d: out_dim")
        if size == 0:
            return cls.empty()
        log2 = checked_log2(size, "zeros_1d size")
        out_log2 = checked_log2(out_dim_size, "zeros_1d out_dim_size")
        return cls._make(((in_dim, (0,) * log2),), ((out_dim, out_log2),))

    @classmethod
    def strided_1d(cls, size: int, stride: int, in_dim: str, out_dim: str) -> LinearLayout:
        """``L(x) = stride * x`` over an out-dim of size ``stride * size``."""
        size = checked_integer(size, "strided_1d: size")
        stride = checked_integer(stride, "strided_1d: stride")
        check_name(in_dim, "strided_1d: in_dim")
        check_name(out_dim, "strided_1d: out_dim")
        if size == 0:
            return cls.empty()
        log2 = checked_log2(size, "strided_1d size")
        shift = checked_log2(stride, "strided_1d stride")
        return cls._make(((in_dim, tuple(1 << (i + shift) for i in range(log2))),), ((out_dim, log2 + shift),))

    # ----------------------------------------------------------------- queries

    def _out_offsets(self) -> dict[str, int]:
        if self._offsets is None:
            offsets = {}
            offset = 0
            for name, log2 in self._outs:
                offsets[name] = offset
                offset += log2
            self._offsets = offsets
        return self._offsets

    def _unpack(self, column: int) -> list[int]:
        values = []
        for _, log2 in self._outs:
            values.append(column & ((1 << log2) - 1))
            column >>= log2
        return values

    def _columns(self, in_dim: str) -> _Columns:
        for name, columns in self._ins:
            if name == in_dim:
                return columns
        raise LinearLayoutError(f"{in_dim!r} is not an in-dim of this layout; in-dims are {self.get_in_dim_names()}")

    def _out_log2(self, out_dim: str) -> int:
        for name, log2 in self._outs:
            if name == out_dim:
                return log2
        raise LinearLayoutError(
            f"{out_dim!r} is not an out-dim of this layout; out-dims are {self.get_out_dim_names()}"
        )

    def _flat_columns(self) -> list[int]:
        return [column for _, columns in self._ins for column in columns]

    @property
    def bases(self) -> Bases:
        """``[(in_dim, [basis, ...]), ...]``, each basis one component per out-dim."""
        return [(name, [self._unpack(c) for c in columns]) for name, columns in self._ins]

    @property
    def out_dims(self) -> list[tuple[str, int]]:
        """``[(out_dim, size), ...]`` in order."""
        return [(name, 1 << log2) for name, log2 in self._outs]

    @property
    def in_dims(self) -> list[tuple[str, int]]:
        """``[(in_dim, size), ...]`` in order."""
        return [(name, 1 << len(columns)) for name, columns in self._ins]

    @property
    def num_in_dims(self) -> int:
        return len(self._ins)

    @property
    def num_out_dims(self) -> int:
        return len(self._outs)

    def get_in_dim_names(self) -> list[str]:
        return [name for name, _ in self._ins]

    def get_out_dim_names(self) -> list[str]:
        return [name for name, _ in self._outs]

    def has_in_dim(self, in_dim: str) -> bool:
        return any(name == in_dim for name, _ in self._ins)

    def has_out_dim(self, out_dim: str) -> bool:
        return any(name == out_dim for name, _ in self._outs)

    def get_out_dim_index(self, out_dim: str) -> int:
        self._out_log2(out_dim)
        return self.get_out_dim_names().index(out_dim)

    def get_in_dim_size_log2(self, in_dim: str) -> int:
        return len(self._columns(in_dim))

    def get_in_dim_size(self, in_dim: str) -> int:
        return 1 << self.get_in_dim_size_log2(in_dim)

    def get_out_dim_size_log2(self, out_dim: str) -> int:
        return self._out_log2(out_dim)

    def get_out_dim_size(self, out_dim: str) -> int:
        return 1 << self._out_log2(out_dim)

    def get_total_in_dim_size_log2(self) -> int:
        return sum(len(columns) for _, columns in self._ins)

    def get_total_in_dim_size(self) -> int:
        return 1 << self.get_total_in_dim_size_log2()

    def get_total_out_dim_size_log2(self) -> int:
        return sum(log2 for _, log2 in self._outs)

    def get_total_out_dim_size(self) -> int:
        return 1 << self.get_total_out_dim_size_log2()

    def get_basis(self, in_dim: str, index: int, out_dim: str | None = None) -> list[int] | int:
        """``L(in_dim = 2**index)``: the whole basis, or its ``out_dim`` component."""
        columns = self._columns(in_dim)
        if type(index) is not int:
            index = checked_integer(index, "get_basis: index")
        if not 0 <= index < len(columns):
            raise LinearLayoutError(f"in-dim {in_dim!r} has {len(columns)} bases, no basis {index}")
        if out_dim is None:
            return self._unpack(columns[index])
        log2 = self._out_log2(out_dim)
        return (columns[index] >> self._out_offsets()[out_dim]) & ((1 << log2) - 1)

    def rank(self) -> int:
        """The F2 rank of the basis matrix."""
        if self._rank is None:
            self._rank = rank(self._flat_columns())
        return self._rank

    def is_surjective(self) -> bool:
        """Every output is reached by some input."""
        return self.rank() == self.get_total_out_dim_size_log2()

    def is_injective(self) -> bool:
        """No two inputs share an output: no broadcasting."""
        return self.rank() == self.get_total_in_dim_size_log2()

    def is_invertible(self) -> bool:
        """Surjective and square."""
        return self.is_surjective() and self.get_total_in_dim_size_log2() == self.get_total_out_dim_size_log2()

    def apply(self, inputs: Mapping[str, int]) -> dict[str, int]:
        """``L(x)`` for one value per in-dim, as ``{out_dim: value}`` in out-dim order.

        The first call tabulates every in-dim's outputs a byte of input at a time
        (``combine_all`` of each 8 bases), so each later call is one lookup per byte.
        """
        tables = self._apply_tables
        if tables is None:
            tables = self._apply_tables = tuple(
                (name, len(columns), tuple(combine_all(columns[k : k + 8]) for k in range(0, len(columns), 8)))
                for name, columns in self._ins
            )
        if type(inputs) is dict and len(inputs) == len(tables):
            packed = 0
            try:
                for name, bits, chunks in tables:
                    value = inputs[name]
                    if value < 0 or value >> bits:
                        break
                    for chunk in chunks:
                        packed ^= chunk[value & 255]
                        value >>= 8
                else:
                    result = {}
                    for name, log2 in self._outs:
                        result[name] = packed & ((1 << log2) - 1)
                        packed >>= log2
                    return result
            except (KeyError, TypeError):
                pass
        return self._apply_checked(inputs)

    def _apply_checked(self, inputs: object) -> dict[str, int]:
        """``apply`` one in-dim at a time, naming the first input that is wrong."""
        if not isinstance(inputs, Mapping):
            raise LinearLayoutError(f"apply: inputs must be a mapping of in-dim names to values, got {inputs!r}")
        _check_permutation(list(inputs), self.get_in_dim_names(), "apply: the input dims")
        packed = 0
        for name, columns in self._ins:
            (value,) = _integers([inputs[name]], f"apply: the value of {name!r}")
            if not 0 <= value < 1 << len(columns):
                raise LinearLayoutError(f"apply: {name}={value} is outside [0, {1 << len(columns)})")
            packed ^= combine(columns, value)
        return dict(zip(self.get_out_dim_names(), self._unpack(packed)))

    def _repr_html_(self) -> str:
        """A notebook's view: the F2 matrix (``f2.matrix_view``), then the bases as ``str`` prints them."""
        from html import escape

        from layoutdialect.f2.matrix_view import layout_matrix

        return layout_matrix(self).to_html() + f"<pre>{escape(str(self))}</pre>"

    def _repr_svg_(self) -> str:
        """A notebook's picture: the F2 matrix, a dark square per 1."""
        from layoutdialect.f2.matrix_view import layout_matrix

        return layout_matrix(self).to_svg()

    def get_matrix_view(self) -> list[list[int]]:
        """The F2 matrix: one row per output bit, one column per input bit, low bits first."""
        columns = self._flat_columns()
        return [[(c >> row) & 1 for c in columns] for row in range(self.get_total_out_dim_size_log2())]

    def free_variable_masks(self) -> dict[str, int]:
        """Per in-dim, the mask of input bits that never change the output on their own.

        A bit is free when its basis is a combination of the bases before it (zero
        bases included).  All masks are zero exactly when the layout is injective.

        >>> L = LinearLayout.from_bases([("in", [[1], [0], [1]])], ["out"])
        >>> L.free_variable_masks()
        {'in': 6}
        """
        pivots = pivot_columns(self._flat_columns())
        masks = {}
        for name, columns in self._ins:
            full = (1 << len(columns)) - 1
            masks[name] = ~pivots & full
            pivots >>= len(columns)
        return masks

    def num_consecutive_in_out(self) -> int:
        """The largest V such that V consecutive values of the first in-dim map to V
        consecutive values of the first out-dim: the widest vectorisation.

        Formally ``L(a*V + v, ...) = L(a*V, ...) + (v, 0, ...)`` for ``v < V``.
        """
        if not self._ins or not self._outs:
            return 1
        first_log2 = self._outs[0][1]
        first_mask = (1 << first_log2) - 1
        first_columns = self._ins[0][1]
        consecutive = 0
        while (
            consecutive < len(first_columns)
            and consecutive < first_log2
            and first_columns[consecutive] == 1 << consecutive
        ):
            consecutive += 1
        other_bits = 0
        for i, (_, columns) in enumerate(self._ins):
            for column in columns[consecutive if i == 0 else 0 :]:
                other_bits |= column & first_mask
        trailing_zeros = (other_bits & -other_bits).bit_length() - 1 if other_bits else 31
        return 1 << min(consecutive, trailing_zeros)

    # ----------------------------------------------------------------- equality

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not LinearLayout and not isinstance(other, LinearLayout):
            return NotImplemented
        return self._outs == other._outs and self._ins == other._ins

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self._ins, self._outs))
        return self._hash

    def equal_ignoring_out_dim_sizes(self, other: LinearLayout) -> bool:
        """Same dims in the same order and the same bases; out sizes may differ."""
        checked_instance(other, LinearLayout, "equal_ignoring_out_dim_sizes: other")
        return self.get_out_dim_names() == other.get_out_dim_names() and self.bases == other.bases

    # ----------------------------------------------------------------- printing

    def __str__(self) -> str:
        """Exactly Triton's ``LinearLayout::toString()``, leading newline included.

        Written as plain loops that append to one list, with one f-string per basis
        when there are one or two out-dims (nearly every layout): a comprehension
        per in-dim and per basis cost more than the text it made."""
        sizes, fields, offset = [], [], 0
        for name, log2 in self._outs:
            sizes.append(f"{name} (size {1 << log2})")
            fields.append((offset, (1 << log2) - 1))
            offset += log2
        out_text = "[" + ", ".join(sizes) + "]"
        if not self._ins:
            return "\n(empty layout)" if not fields else f"\n(empty layout with out-dims {out_text})"
        count = len(fields)
        low_mask, high_offset = (fields[0][1], fields[-1][0]) if fields else (0, 0)
        parts = ["\n"]
        for name, columns in self._ins:
            if not columns:
                parts.append(f" - {name} is a size 1 dimension\n")
                continue
            separator, value = " - ", 1
            for c in columns:
                if count == 1:
                    parts.append(f"{separator}{name}={value} -> ({c})")
                elif count == 2:
                    parts.append(f"{separator}{name}={value} -> ({c & low_mask}, {c >> high_offset})")
                else:
                    image = ", ".join([str(c >> offset & mask) for offset, mask in fields])
                    parts.append(f"{separator}{name}={value} -> ({image})")
                separator, value = "\n   ", value << 1
            parts.append("\n")
        parts.append(f"where out dims are: {out_text}")
        return "".join(parts)

    __repr__ = __str__

    # ----------------------------------------------------------------- algebra

    def __mul__(self, outer: LinearLayout) -> LinearLayout:
        """The direct sum ``self * outer``: ``self`` acts on the low bits, ``outer`` above.

        Shared in-dims concatenate their bases (``self``'s first); shared out-dims
        multiply their sizes, so ``outer``'s components are scaled by ``self``'s size.

        >>> LinearLayout.identity_1d(4, "i", "o") * LinearLayout.zeros_1d(2, "i", "o")
        <BLANKLINE>
         - i=1 -> (1)
           i=2 -> (2)
           i=4 -> (0)
        where out dims are: [o (size 4)]
        """
        if outer.__class__ is not LinearLayout:
            checked_instance(outer, LinearLayout, "*: the right operand")
        inner_names = [name for name, _ in self._ins]
        outer_names = [name for name, _ in outer._ins]
        in_names = _supremum(inner_names, outer_names)
        inner_outs, outer_outs = self._outs, outer._outs
        if [name for name, _ in inner_outs] == [name for name, _ in outer_outs]:
            outs_list = []
            inner_moves, outer_moves = [], []
            inner_offset = outer_offset = offset = 0
            for (name, inner_log2), (_, outer_log2) in zip(inner_outs, outer_outs):
                outs_list.append((name, inner_log2 + outer_log2))
                inner_moves.append((inner_offset, (1 << inner_log2) - 1, offset))
                outer_moves.append((outer_offset, (1 << outer_log2) - 1, offset + inner_log2))
                inner_offset += inner_log2
                outer_offset += outer_log2
                offset += inner_log2 + outer_log2
            outs = tuple(outs_list)
        else:
            inner_log2s = dict(inner_outs)
            outer_log2s = dict(outer_outs)
            out_names = _supremum(list(inner_log2s), list(outer_log2s))
            outs = tuple((name, inner_log2s.get(name, 0) + outer_log2s.get(name, 0)) for name in out_names)
            offsets = dict(zip(out_names, _prefix_sums(log2 for _, log2 in outs)))
            inner_offsets, outer_offsets = self._out_offsets(), outer._out_offsets()
            inner_moves = [(inner_offsets[n], (1 << log2) - 1, offsets[n]) for n, log2 in inner_outs]
            outer_moves = [
                (outer_offsets[n], (1 << log2) - 1, offsets[n] + inner_log2s.get(n, 0)) for n, log2 in outer_outs
            ]
        inner_ins = self._repack_ins(inner_moves)
        outer_ins = outer._repack_ins(outer_moves)
        if in_names == inner_names + outer_names:
            ins = inner_ins + outer_ins
        else:
            inner_by_name, outer_by_name = dict(inner_ins), dict(outer_ins)
            ins = tuple((name, inner_by_name.get(name, ()) + outer_by_name.get(name, ())) for name in in_names)
        return LinearLayout._make(ins, outs)

    def compose(self, outer: LinearLayout) -> LinearLayout:
        """``outer ∘ self``: apply ``self``, then ``outer``.

        ``self``'s out-dims must be ``outer``'s in-dims (in any order), each no larger.
        """
        if outer.__class__ is not LinearLayout:
            checked_instance(outer, LinearLayout, "compose: outer")
        outer_ins = dict(outer._ins)
        if len(outer_ins) != len(self._outs) or not all(name in outer_ins for name, _ in self._outs):
            _check_permutation(self.get_out_dim_names(), outer.get_in_dim_names(), "compose: this layout's out-dims")
        table: list[int] = []
        for name, log2 in self._outs:
            columns = outer_ins[name]
            if log2 > len(columns):
                raise LinearLayoutError(
                    f"compose: out-dim {name!r} has size {1 << log2}, larger than the outer "
                    f"layout's in-dim size {1 << len(columns)}"
                )
            table += columns[:log2]
        ins = []
        for name, columns in self._ins:
            composed = []
            for column in columns:
                image = 0
                while column:
                    low = column & -column
                    image ^= table[low.bit_length() - 1]
                    column ^= low
                composed.append(image)
            ins.append((name, tuple(composed)))
        return LinearLayout._make(tuple(ins), outer._outs)

    def _columns_packed_like(self, other: LinearLayout, what: str) -> _Ins:
        """This layout's bases re-packed into ``other``'s out-dim order and sizes."""
        if self._outs == other._outs:
            return self._ins
        _check_permutation(self.get_out_dim_names(), other.get_out_dim_names(), f"{what}: the out-dims")
        source, target, other_log2 = self._out_offsets(), other._out_offsets(), dict(other._outs)
        moves = []
        for name, log2 in self._outs:
            if log2 > other_log2[name]:
                raise LinearLayoutError(
                    f"{what}: out-dim {name!r} has size {1 << log2} here but only "
                    f"{1 << other_log2[name]} in the layout it is solved against"
                )
            moves.append((source[name], (1 << log2) - 1, target[name]))
        return self._repack_ins(moves)

    def _repack_ins(self, moves: Sequence[_Move]) -> _Ins:
        """Every in-dim's bases with their out-dim fields moved (see ``_repack``)."""
        total = 0
        for source, mask, target in moves:
            if source != target or source != total:
                break
            total += mask.bit_length()
        else:
            if total == self.get_total_out_dim_size_log2():
                return self._ins
        return tuple([(name, _repack(columns, moves) if columns else ()) for name, columns in self._ins])

    def invert_and_compose(self, outer: LinearLayout) -> LinearLayout:
        """The layout ``C`` with ``self(x) == outer(C(x))`` for every ``x``.

        ``outer`` must be surjective with out-dims at least as large as ``self``'s.
        Where ``outer`` repeats data, Triton's choices are kept: an in-dim with the
        same bases in both layouts maps to itself, and every other input goes to
        the smallest solution (free variables zero).

        Worked example (``InvertAndCompose_NonInjective``): with
        ``self = in1 -> [2, 1, 4]`` and ``outer = in2 -> [0, 2, 1, 4]`` the result is
        ``in1 -> [2, 4, 8]`` over ``in2`` of size 16: bit 0 of ``in2`` is broadcast
        in ``outer``, so it is never used.

        Where Triton's reduced system has no solution (it aborts, because the
        identity-mapped in-dims carry bases the others need), the other in-dims are
        solved against all of ``outer``'s bases instead.
        """
        checked_instance(outer, LinearLayout, "invert_and_compose: outer")
        return outer._invert_and_compose_packed(self._columns_packed_like(outer, "invert_and_compose"))

    def _invert_and_compose_packed(self, b_ins: _Ins) -> LinearLayout:
        """``invert_and_compose`` with ``self`` as the layout to invert and the other
        layout's bases already packed like ``self``'s outputs."""
        if not self.is_surjective():
            raise LinearLayoutError(f"invert_and_compose: the layout to invert must be surjective:{self}")
        own = dict(self._ins)
        identity = frozenset(name for name, columns in b_ins if own.get(name) == columns)
        result = _solve(self, b_ins, identity, exclude_identity_columns=True) if identity else None
        if result is None:
            result = _solve(self, b_ins, identity, exclude_identity_columns=False)
        assert result is not None, "a surjective layout's image contains every vector"
        return result

    def pseudoinvert(self) -> LinearLayout:
        """A right inverse ``P`` of a surjective layout: ``self(P(y)) == y`` for every ``y``.

        This is ``identity.invert_and_compose(self)`` over ``self``'s out-dims.
        """
        units = [1 << bit for bit in range(self.get_total_out_dim_size_log2())]
        offsets = self._out_offsets()
        identity = tuple((name, tuple(units[offsets[name] : offsets[name] + log2])) for name, log2 in self._outs)
        return self._invert_and_compose_packed(identity)

    def invert(self) -> LinearLayout:
        """The inverse of an invertible (surjective and square) layout."""
        if not self.is_invertible():
            raise LinearLayoutError(f"invert: a layout must be surjective and square to be invertible:{self}")
        return self.pseudoinvert()

    # ----------------------------------------------------------------- restructuring

    def transpose_ins(self, order: Sequence[str]) -> LinearLayout:
        """Reorder the in-dims; the map is unchanged."""
        _check_permutation(order, self.get_in_dim_names(), "transpose_ins: the new order")
        ins = dict(self._ins)
        return LinearLayout._make(tuple((name, ins[name]) for name in order), self._outs)

    def transpose_outs(self, order: Sequence[str]) -> LinearLayout:
        """Reorder the out-dims (and every basis's components); the map is unchanged."""
        _check_permutation(order, self.get_out_dim_names(), "transpose_outs: the new order")
        log2s = dict(self._outs)
        outs = tuple((name, log2s[name]) for name in order)
        return self._with_outs(outs)

    def _with_outs(self, outs: _Outs) -> LinearLayout:
        """Keep only the out-dims listed (same sizes), in the order listed."""
        offsets = self._out_offsets()
        moves = []
        target = 0
        for name, log2 in outs:
            moves.append((offsets[name], (1 << log2) - 1, target))
            target += log2
        return LinearLayout._make(self._repack_ins(moves), outs)

    def reshape_ins(self, new_in_dims: Sequence[tuple[str, int]]) -> LinearLayout:
        """Lay all input bits end to end, in-dim after in-dim, and split them anew.

        >>> L = LinearLayout.from_bases([("a", [[1], [4]]), ("b", [[2]])], ["o"])
        >>> L.reshape_ins([("c", 2), ("d", 4)]).bases
        [('c', [[1]]), ('d', [[4], [2]])]
        """
        new_in_dims = checked_dim_sizes(new_in_dims, "reshape_ins: new_in_dims")
        log2s = [checked_log2(size, f"size of in-dim {name!r}") for name, size in new_in_dims]
        _check_unique([name for name, _ in new_in_dims], "reshape_ins: in-dim names")
        flat = self._flat_columns()
        if sum(log2s) != len(flat):
            raise LinearLayoutError(
                f"reshape_ins: total size {1 << sum(log2s)} differs from the layout's {1 << len(flat)}"
            )
        ins = []
        start = 0
        for (name, _), log2 in zip(new_in_dims, log2s):
            ins.append((name, tuple(flat[start : start + log2])))
            start += log2
        return LinearLayout._make(tuple(ins), self._outs)

    def reshape_outs(self, new_out_dims: Sequence[tuple[str, int]]) -> LinearLayout:
        """Flatten the out-dims into one index, first dim fastest, and split it anew."""
        new_out_dims = checked_dim_sizes(new_out_dims, "reshape_outs: new_out_dims")
        outs = tuple((name, checked_log2(size, f"size of out-dim {name!r}")) for name, size in new_out_dims)
        _check_unique([name for name, _ in outs], "reshape_outs: out-dim names")
        if sum(log2 for _, log2 in outs) != self.get_total_out_dim_size_log2():
            raise LinearLayoutError(
                f"reshape_outs: total size {1 << sum(log2 for _, log2 in outs)} differs from the "
                f"layout's {self.get_total_out_dim_size()}"
            )
        return LinearLayout._make(self._ins, outs)

    def flatten_ins(self) -> LinearLayout:
        """One in-dim, named after the first, holding every input bit in order."""
        if not self._ins:
            return self
        return self.reshape_ins([(self._ins[0][0], self.get_total_in_dim_size())])

    def flatten_outs(self) -> LinearLayout:
        """One out-dim, named after the first, indexed first dim fastest."""
        if not self._outs:
            return self
        return self.reshape_outs([(self._outs[0][0], self.get_total_out_dim_size())])

    def squeeze_ins(self, in_dim: str) -> LinearLayout:
        """Drop an in-dim of size 1."""
        if self._columns(in_dim):
            raise LinearLayoutError(f"squeeze_ins: in-dim {in_dim!r} has size {self.get_in_dim_size(in_dim)}, not 1")
        return LinearLayout._make(tuple(entry for entry in self._ins if entry[0] != in_dim), self._outs)

    def squeeze_outs(self, out_dim: str) -> LinearLayout:
        """Drop an out-dim of size 1."""
        if self._out_log2(out_dim):
            raise LinearLayoutError(
                f"squeeze_outs: out-dim {out_dim!r} has size {self.get_out_dim_size(out_dim)}, not 1"
            )
        return LinearLayout._make(self._ins, tuple(entry for entry in self._outs if entry[0] != out_dim))

    def concat_ins(self, other: LinearLayout) -> LinearLayout:
        """Both layouts' in-dims side by side (``self``'s first) over the same out-dims."""
        checked_instance(other, LinearLayout, "concat_ins: other")
        if self._outs != other._outs:
            raise LinearLayoutError(f"concat_ins: out-dims differ: {self.out_dims} and {other.out_dims}")
        shared = set(self.get_in_dim_names()) & set(other.get_in_dim_names())
        if shared:
            raise LinearLayoutError(f"concat_ins: in-dims {sorted(shared)} appear in both layouts")
        return LinearLayout._make(self._ins + other._ins, self._outs)

    def concat_outs(self, other: LinearLayout) -> LinearLayout:
        """Both layouts' out-dims side by side (``self``'s first) over the same in-dims."""
        checked_instance(other, LinearLayout, "concat_outs: other")
        if self.in_dims != other.in_dims:
            raise LinearLayoutError(f"concat_outs: in-dims differ: {self.in_dims} and {other.in_dims}")
        shared = set(self.get_out_dim_names()) & set(other.get_out_dim_names())
        if shared:
            raise LinearLayoutError(f"concat_outs: out-dims {sorted(shared)} appear in both layouts")
        shift = self.get_total_out_dim_size_log2()
        ins = tuple(
            (name, tuple(a | (b << shift) for a, b in zip(columns, other_columns)))
            for (name, columns), (_, other_columns) in zip(self._ins, other._ins)
        )
        return LinearLayout._make(ins, self._outs + other._outs)

    def sublayout(self, in_dims: Iterable[str], out_dims: Iterable[str]) -> LinearLayout:
        """The restriction to some in-dims (the others held at 0) and some out-dims.

        Sizes and the relative order of the dims kept are unchanged.
        """
        in_set, out_set = self._checked_dim_sets(in_dims, out_dims, "sublayout")
        return self._sublayout(in_set, out_set)

    def _checked_dim_sets(
        self, in_dims: Iterable[str], out_dims: Iterable[str], what: str
    ) -> tuple[set[str], set[str]]:
        in_set = set(checked_names(in_dims, f"{what}: in_dims"))
        out_set = set(checked_names(out_dims, f"{what}: out_dims"))
        _check_subset(sorted(in_set), self.get_in_dim_names(), f"{what}: in-dims")
        _check_subset(sorted(out_set), self.get_out_dim_names(), f"{what}: out-dims")
        return in_set, out_set

    def _sublayout(self, in_set: Container[str], out_set: Container[str]) -> LinearLayout:
        kept = self._with_outs(tuple(entry for entry in self._outs if entry[0] in out_set))
        return LinearLayout._make(tuple(entry for entry in kept._ins if entry[0] in in_set), kept._outs)

    def sublayout_is_zero(self, in_dims: Iterable[str], out_dims: Iterable[str]) -> bool:
        """Whether the restriction to these dims maps everything to 0."""
        in_set, out_set = self._checked_dim_sets(in_dims, out_dims, "sublayout_is_zero")
        return self._is_zero_from(in_set, out_set)

    def _is_zero_from(self, in_set: Container[str], out_set: Container[str]) -> bool:
        """Whether no basis of an in-dim in ``in_set`` has a bit in an out-dim in ``out_set``."""
        mask = offset = 0
        for name, log2 in self._outs:
            if name in out_set:
                mask |= ((1 << log2) - 1) << offset
            offset += log2
        return not any(column & mask for name, columns in self._ins if name in in_set for column in columns)

    def square_sublayout_is_identity(self, dims: Sequence[str]) -> bool:
        """Whether ``dims``, as in-dims and out-dims alike, map to themselves by the identity.

        Like Triton, this flattens the restriction in each side's own dim order.
        """
        dims = checked_names(dims, "square_sublayout_is_identity: dims")
        if not dims:
            return True
        if not all(self.has_in_dim(d) and self.has_out_dim(d) for d in dims):
            return False
        if any(self.get_in_dim_size_log2(d) != self._out_log2(d) for d in dims):
            return False
        flat = self._sublayout(dims, dims)._flat_columns()
        return all(column == 1 << i for i, column in enumerate(flat))

    def is_trivial_over(self, dims: Sequence[str]) -> bool:
        """Whether the layout is the identity on ``dims`` and keeps them apart from the rest.

        That is: ``dims`` map to themselves by the identity, no other in-dim reaches
        them, and they reach no other out-dim.
        """
        dims = checked_names(dims, "is_trivial_over: dims")
        in_names, out_names = self.get_in_dim_names(), self.get_out_dim_names()
        if not all(d in in_names or d in out_names for d in dims):
            return False
        other_ins = [d for d in in_names if d not in dims]
        other_outs = [d for d in out_names if d not in dims]
        return (
            self.square_sublayout_is_identity(dims)
            and self._is_zero_from(other_ins, dims)
            and self._is_zero_from(dims, other_outs)
        )

    def quotient(self, dims: Sequence[str]) -> LinearLayout | None:
        """The layout on the other dims if it is trivial over ``dims``, else ``None``."""
        dims = checked_names(dims, "quotient: dims")
        if not self.is_trivial_over(dims):
            return None
        return self._sublayout(
            [d for d in self.get_in_dim_names() if d not in dims],
            [d for d in self.get_out_dim_names() if d not in dims],
        )

    def resize_in_dim(self, in_dim: str, new_size: int) -> LinearLayout:
        """Shrink an in-dim by dropping its highest bases, or grow it with zero bases."""
        log2 = checked_log2(new_size, f"resize_in_dim: the new size of {in_dim!r}")
        columns = self._columns(in_dim)
        resized = columns[:log2] + (0,) * (log2 - len(columns))
        return LinearLayout._make(tuple((n, resized if n == in_dim else c) for n, c in self._ins), self._outs)

    def resize_out_dim(self, out_dim: str, new_size: int) -> LinearLayout:
        """Shrink an out-dim: components that no longer fit become 0."""
        log2 = checked_log2(new_size, f"resize_out_dim: the new size of {out_dim!r}")
        old_log2 = self._out_log2(out_dim)
        if log2 > old_log2:
            raise LinearLayoutError(
                f"resize_out_dim: {out_dim!r} has size {1 << old_log2}; it can only shrink, not grow to {new_size}"
            )
        index = self.get_out_dim_index(out_dim)
        bases = [
            (name, [[0 if d == index and v >= new_size else v for d, v in enumerate(b)] for b in dim_bases])
            for name, dim_bases in self.bases
        ]
        sizes = [new_size if name == out_dim else size for name, size in self.out_dims]
        return LinearLayout.from_bases(bases, self.get_out_dim_names(), sizes, require_surjective=False)

    def remove_zero_bases_along_dim(self, in_dim: str) -> LinearLayout:
        """Drop the zero bases of one in-dim: remove its broadcasting."""
        self._columns(in_dim)
        ins = tuple((n, tuple(c for c in cs if c) if n == in_dim else cs) for n, cs in self._ins)
        return LinearLayout._make(ins, self._outs)

    def rename_out_dims(self, names: Sequence[str]) -> LinearLayout:
        """The same layout with its out-dims, in order, called ``names``."""
        names = checked_names(names, "rename_out_dims: names")
        if len(names) != len(self._outs):
            raise LinearLayoutError(f"rename_out_dims: {list(names)} does not name the {len(self._outs)} out-dims")
        _check_unique(names, "rename_out_dims: the new names")
        return LinearLayout._make(self._ins, tuple((name, log2) for name, (_, log2) in zip(names, self._outs)))

    def rename_in_dim(self, old: str, new: str) -> LinearLayout:
        """The same layout with in-dim ``old`` called ``new``."""
        check_name(new, "rename_in_dim: new")
        self._columns(old)
        if old != new and self.has_in_dim(new):
            raise LinearLayoutError(f"rename_in_dim: {new!r} is already an in-dim")
        return LinearLayout._make(tuple((new if n == old else n, c) for n, c in self._ins), self._outs)


def _prefix_sums(values: Iterable[int]) -> list[int]:
    sums = []
    total = 0
    for value in values:
        sums.append(total)
        total += value
    return sums


def _solve(
    a: LinearLayout, b_ins: _Ins, identity: frozenset[str], exclude_identity_columns: bool
) -> LinearLayout | None:
    """The smallest ``X`` with ``a(X(x)) == b(x)``, or ``None`` if ``b`` leaves ``a``'s image.

    ``b_ins`` are ``b``'s bases packed like ``a``'s outputs.  In-dims in ``identity``
    map to themselves; with ``exclude_identity_columns`` their bases in ``a`` are
    also left out of the solve, as Triton's ``invertAndCompose`` does.
    """
    counts = [len(columns) for _, columns in a._ins]
    if exclude_identity_columns:
        echelon = ColumnEchelon(
            column for name, columns in a._ins for column in ((0,) * len(columns) if name in identity else columns)
        )
    else:
        echelon = ColumnEchelon(a._flat_columns())
    offsets = dict(zip(a.get_in_dim_names(), _prefix_sums(counts))) if identity else {}
    ins = []
    for name, b_columns in b_ins:
        if name in identity:
            ins.append((name, tuple(1 << (offsets[name] + i) for i in range(len(b_columns)))))
            continue
        solved = echelon.express_all(b_columns)
        if solved is None:
            return None
        ins.append((name, tuple(solved)))
    return LinearLayout._make(tuple(ins), tuple(zip(a.get_in_dim_names(), counts)))


def lstsq(a: LinearLayout, b: LinearLayout) -> LinearLayout | None:
    """The smallest ``X`` with ``X.compose(a) == b``, i.e. ``a(X(x)) == b(x)``.

    ``a`` and ``b`` share out-dim names; ``a``'s are at least as large.  Free
    variables are zero.  Returns ``None`` if ``b``'s image is not inside ``a``'s.
    """
    checked_instance(a, LinearLayout, "lstsq: a")
    checked_instance(b, LinearLayout, "lstsq: b")
    return _solve(a, b._columns_packed_like(a, "lstsq"), frozenset(), exclude_identity_columns=False)


def divide_left(a: LinearLayout, b: LinearLayout) -> LinearLayout | None:
    """The ``C`` with ``a == b * C``, or ``None`` if ``a`` does not start with ``b``.

    ``C`` has ``a``'s in-dims and out-dims.  Such a ``C`` exists when, for every
    pair of dims, ``a``'s matrix is block diagonal ``[[b, 0], [0, C]]``.
    """
    return _divide(a, b, left=True)


def divide_right(a: LinearLayout, b: LinearLayout) -> LinearLayout | None:
    """The ``C`` with ``a == C * b``, or ``None`` if ``a`` does not end with ``b``."""
    return _divide(a, b, left=False)


def _divide(a: LinearLayout, b: LinearLayout, left: bool) -> LinearLayout | None:
    checked_instance(a, LinearLayout, "divide: a")
    checked_instance(b, LinearLayout, "divide: b")
    if not all(a.has_in_dim(d) for d in b.get_in_dim_names()):
        return None
    if not all(a.has_out_dim(d) for d in b.get_out_dim_names()):
        return None
    b_log2 = dict(b._outs)
    c_log2 = {}
    for name, log2 in a._outs:
        c_log2[name] = log2 - b_log2.get(name, 0)
        if c_log2[name] < 0:
            return None
    b_ins = dict(b._ins)
    c_bases = []
    for name, columns in a._ins:
        b_count = len(b_ins.get(name, ()))
        c_count = len(columns) - b_count
        if c_count < 0:
            return None
        c_columns = columns[b_count:] if left else columns[:c_count]
        c_dim_bases = []
        for column in c_columns:
            basis = []
            for (out_name, _), value in zip(a._outs, a._unpack(column)):
                scale = b_log2.get(out_name, 0) if left else 0
                if value & ((1 << scale) - 1):
                    return None
                basis.append(value >> scale)
            c_dim_bases.append(basis)
        c_bases.append((name, c_dim_bases))
    try:
        c = LinearLayout.from_bases(
            c_bases, list(c_log2), [1 << log2 for log2 in c_log2.values()], require_surjective=False
        )
        product = b * c if left else c * b
    except LinearLayoutError:
        return None
    return c if product == a else None
