"""``LayoutBuilder``: a layout grown in place, one identity or zero block at a time.

Encodings build their layouts as long products such as
``id(2, "register", "dim1") * id(4, "lane", "dim1") * ...`` (Triton's
``LinearLayoutConversions``).  Doing each ``*`` on immutable ``LinearLayout``
values repacks every basis each time.  The builder gives each out-dim a fixed
32-bit slot of one ``int`` per basis, so growing, adding an out-dim and
reordering the out-dims cost next to nothing, and packs once in ``build``.
Each method is the ``LinearLayout`` operation of the same name, applied in place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from layoutdialect.f2.arguments import (
    check_name,
    checked_dim_sizes,
    checked_instance,
    checked_integer,
    checked_names,
    shown,
)
from layoutdialect.f2.linear_layout import LinearLayout, LinearLayoutError, supremum
from layoutdialect.f2.powers import checked_log2, log2_exact

__all__ = ["LayoutBuilder"]

SLOT_BITS = 32
SLOT_MASK = (1 << SLOT_BITS) - 1
_DIM_NAMES = tuple(f"dim{d}" for d in range(8))


def _sequence(value: object, what: str) -> list[object]:
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise LinearLayoutError(f"{what} must be a sequence, got {shown(value)}")
    return list(value)


def _checked_growth(size: object, in_dim: object, out_dim: object, what: str) -> int:
    """``size`` as an ``int``, after checking the arguments of ``times_identity`` or ``times_zeros``."""
    check_name(in_dim, f"{what}: in_dim")
    check_name(out_dim, f"{what}: out_dim")
    return checked_integer(size, f"{what}: size")


_PLAIN = (tuple, list)


def _plain_nd(in_dim: object, shape: object, order: object) -> bool:
    """``times_identity_nd``'s arguments as the encodings pass them, checked by type alone:
    a name, a list or tuple of ``int`` sizes and one permuting its dims."""
    if type(in_dim) is not str or type(shape) not in _PLAIN or type(order) not in _PLAIN or len(order) != len(shape):
        return False
    seen = 0
    for d in order:
        if type(d) is not int or not 0 <= d < len(shape) or seen >> d & 1 or type(shape[d]) is not int:
            return False
        seen |= 1 << d
    return True


def _checked_nd(in_dim: object, shape: object, order: object) -> tuple[list[int], list[int]]:
    """``times_identity_nd``'s ``shape`` and ``order`` as lists, once every argument is checked."""
    what = "times_identity_nd"
    check_name(in_dim, f"{what}: in_dim")
    sizes = [checked_integer(size, f"{what}: shape") for size in _sequence(shape, f"{what}: shape")]
    dims = [checked_integer(d, f"{what}: order") for d in _sequence(order, f"{what}: order")]
    if sorted(dims) != list(range(len(sizes))):
        raise LinearLayoutError(f"{what}: order {dims} must be a permutation of the dims of {sizes}")
    return sizes, dims


def _check_fit_shape(shape: object, names: Sequence[str], what: str) -> None:
    """A shape to fit out-dims ``names`` to: a power-of-two size for each of them."""
    if type(shape) is dict:
        for name in names:
            size = shape.get(name)
            if type(size) is not int or size <= 0 or size & (size - 1):
                break
        else:
            return
    if not isinstance(shape, Mapping):
        raise LinearLayoutError(f"{what}: shape must be a mapping of out-dim names to sizes, got {shown(shape)}")
    for name in names:
        if name not in shape:
            raise LinearLayoutError(f"{what}: shape {shown(shape)} has no size for out-dim {name!r}")
        checked_log2(checked_integer(shape[name], f"{what}: the size of {name!r}"), f"{what}: the size of {name!r}")


class LayoutBuilder:
    """A mutable ``LinearLayout``: ordered in-dims with bases, ordered out-dims with sizes.

    >>> tile = LayoutBuilder().times_identity(2, "register", "dim1").times_identity(4, "lane", "dim1")
    >>> tile.times_zeros(2, "lane", "dim0").build().bases
    [('register', [[1, 0]]), ('lane', [[2, 0], [4, 0], [0, 0]])]
    """

    __slots__ = ("_bases", "_sizes", "_slots")

    def __init__(self) -> None:
        """The empty layout."""
        self._bases: dict[str, list[int]] = {}  # in-dim -> bases, each component in its out-dim's slot
        self._sizes: dict[str, int] = {}  # out-dims in order -> size
        self._slots: dict[str, int] = {}  # out-dim -> bit offset of its slot

    def _slot(self, out_dim: str) -> int:
        """The slot of ``out_dim``, appending it (size 1) if new."""
        slot = self._slots.get(out_dim)
        if slot is None:
            slot = self._slots[out_dim] = max(self._slots.values(), default=-SLOT_BITS) + SLOT_BITS
            self._sizes[out_dim] = 1
        return slot

    @classmethod
    def of(cls, layout: LinearLayout) -> LayoutBuilder:
        """A builder that starts from ``layout``."""
        if layout.__class__ is not LinearLayout:
            checked_instance(layout, LinearLayout, "LayoutBuilder.of: layout")
        builder = cls()
        moves = []
        offset = 0
        for name, log2 in layout._outs:
            if log2 > SLOT_BITS:
                raise LinearLayoutError(f"LayoutBuilder.of: out-dim {name!r} exceeds {SLOT_MASK + 1} elements")
            moves.append((offset, (1 << log2) - 1, builder._slot(name)))
            builder._sizes[name] = 1 << log2
            offset += log2
        for in_dim, columns in layout._ins:
            if len(moves) == 1:
                builder._bases[in_dim] = list(columns)
                continue
            converted = []
            for column in columns:
                basis = 0
                for source, mask, slot in moves:
                    basis |= ((column >> source) & mask) << slot
                converted.append(basis)
            builder._bases[in_dim] = converted
        return builder

    @classmethod
    def from_bases(
        cls,
        bases: Iterable[tuple[str, Sequence[Sequence[int]]]],
        out_dim_names: Sequence[str],
        out_dim_sizes: Sequence[int] | None = None,
    ) -> LayoutBuilder:
        """A builder over explicit bases.  Without ``out_dim_sizes`` each out-dim is the
        smallest power of two that holds every component (as Triton's
        ``LinearLayout(bases, outDimNames)``)."""
        return cls.of(LinearLayout._from_packed(*LinearLayout._pack(bases, out_dim_names, out_dim_sizes, True)))

    def copy(self) -> LayoutBuilder:
        """An independent builder with the same layout so far."""
        builder = LayoutBuilder()
        builder._bases = {in_dim: list(dim_bases) for in_dim, dim_bases in self._bases.items()}
        builder._sizes = dict(self._sizes)
        builder._slots = dict(self._slots)
        return builder

    # ---------------------------------------------------------------- queries

    @property
    def out_dims(self) -> list[tuple[str, int]]:
        return list(self._sizes.items())

    def get_out_dim_names(self) -> list[str]:
        return list(self._sizes)

    def get_in_dim_names(self) -> list[str]:
        return list(self._bases)

    def get_out_dim_size(self, out_dim: str) -> int:
        try:
            return self._sizes[out_dim]
        except (KeyError, TypeError):
            raise LinearLayoutError(f"{out_dim!r} is not an out-dim; out-dims are {list(self._sizes)}") from None

    def get_in_dim_size(self, in_dim: str) -> int:
        check_name(in_dim, "get_in_dim_size: in_dim")
        return 1 << len(self._bases.get(in_dim, ()))

    # ---------------------------------------------------------------- growth

    def _grow(self, dim_bases: list[int], size: int, out_dim: str) -> None:
        """Append ``in_dim``'s share of ``identity_1d(size, in_dim, out_dim)`` to ``dim_bases``."""
        slot = self._slots.get(out_dim)
        if slot is None:
            slot = self._slot(out_dim)
        if size == 1:
            return
        bits = log2_exact(size)
        if size != 1 << bits:
            raise LinearLayoutError(f"identity size must be a power of two, got {size}")
        scale = self._sizes[out_dim]
        top = scale << bits
        if top > SLOT_MASK:
            raise LinearLayoutError(f"out-dim {out_dim!r} would exceed {SLOT_MASK + 1} elements")
        basis = scale << slot
        for _ in range(bits):
            dim_bases.append(basis)
            basis <<= 1
        self._sizes[out_dim] = top

    def _in_bases(self, in_dim: str) -> list[int]:
        """The bases of ``in_dim``, appending it if new."""
        dim_bases = self._bases.get(in_dim)
        if dim_bases is None:
            dim_bases = self._bases[in_dim] = []
        return dim_bases

    def times_identity(self, size: int, in_dim: str, out_dim: str) -> LayoutBuilder:
        """``self *= LinearLayout.identity_1d(size, in_dim, out_dim)``; size 0 changes nothing."""
        if type(size) is not int or type(in_dim) is not str or type(out_dim) is not str:
            size = _checked_growth(size, in_dim, out_dim, "times_identity")
        if size:
            self._grow(self._in_bases(in_dim), size, out_dim)
        return self

    def get_out_dim_sizes(self) -> list[int]:
        return list(self._sizes.values())

    def times_zeros(self, size: int, in_dim: str, out_dim: str) -> LayoutBuilder:
        """``self *= LinearLayout.zeros_1d(size, in_dim, out_dim)``: ``in_dim`` grows by
        broadcast bits."""
        if type(size) is not int or type(in_dim) is not str or type(out_dim) is not str:
            size = _checked_growth(size, in_dim, out_dim, "times_zeros")
        if size:
            bits = checked_log2(size, "times_zeros size")
            self._slot(out_dim)
            self._in_bases(in_dim).extend([0] * bits)
        return self

    def times_identity_nd(self, in_dim: str, shape: Sequence[int], order: Sequence[int]) -> LayoutBuilder:
        """``self *= identity_standard_nd(in_dim, shape, order)``: ``in_dim`` walks
        ``shape`` row by row, ``order[0]`` the fastest of the dims ``dim0..``."""
        if not _plain_nd(in_dim, shape, order):
            shape, order = _checked_nd(in_dim, shape, order)
        dim_bases = self._in_bases(in_dim)
        for d in order:
            if shape[d]:
                self._grow(dim_bases, shape[d], _DIM_NAMES[d] if d < len(_DIM_NAMES) else f"dim{d}")
        return self

    def times(self, outer: LinearLayout | LayoutBuilder) -> LayoutBuilder:
        """``self *= outer``: ``outer``'s bases go above this layout's, scaled by its sizes."""
        if isinstance(outer, LinearLayout):
            outer = LayoutBuilder.of(outer)
        checked_instance(outer, LayoutBuilder, "times: outer")
        names = supremum(list(self._sizes), list(outer._sizes))
        for name in names:
            self._slot(name)
        self._sizes = {name: self._sizes[name] for name in names}
        self._bases = {name: self._bases.get(name, []) for name in supremum(list(self._bases), list(outer._bases))}
        moves = [(outer._slots[n], self._slots[n], log2_exact(self._sizes[n])) for n in outer._sizes]
        for in_dim, dim_bases in outer._bases.items():
            target = self._bases[in_dim]
            for basis in dim_bases:
                moved = 0
                for source, slot, scale_bits in moves:
                    moved |= ((basis >> source) & SLOT_MASK) << (slot + scale_bits)
                target.append(moved)
        for name, size in outer._sizes.items():
            self._sizes[name] *= size
        return self

    def transpose_outs(self, order: Sequence[str]) -> LayoutBuilder:
        """Reorder the out-dims; the map is unchanged."""
        sizes = self._sizes
        try:
            reordered = {name: sizes[name] for name in order}
            complete = len(reordered) == len(sizes) == len(order) and not isinstance(order, str)
        except (KeyError, TypeError):
            complete = False
        if not complete:
            raise LinearLayoutError(f"transpose_outs: order must be a permutation of {list(sizes)}, got {shown(order)}")
        self._sizes = reordered
        return self

    def rename_outs(self, names: Mapping[str, str]) -> LayoutBuilder:
        """Rename out-dims (``old -> new``, a permutation of some of them); order and map stay."""
        if not isinstance(names, Mapping) or not all(isinstance(n, str) for pair in names.items() for n in pair):
            raise LinearLayoutError(
                f"rename_outs: names must be a mapping of out-dim names to names, got {shown(names)}"
            )
        renamed = [names.get(n, n) for n in self._slots]
        if len(set(renamed)) != len(renamed):
            raise LinearLayoutError(f"rename_outs: {dict(names)} merges two out-dims")
        self._sizes = {names.get(n, n): size for n, size in self._sizes.items()}
        self._slots = dict(zip(renamed, self._slots.values()))
        return self

    def reshape_outs(self, new_out_dims: Sequence[tuple[str, int]]) -> LayoutBuilder:
        """Flatten the out-dims into one index, first dim fastest, and split it anew."""
        new_out_dims = checked_dim_sizes(new_out_dims, "reshape_outs: new_out_dims")
        total = sum(log2_exact(size) for size in self._sizes.values())
        if sum(checked_log2(size, "reshape_outs size") for _, size in new_out_dims) != total:
            raise LinearLayoutError(f"reshape_outs: {list(new_out_dims)} does not hold {1 << total} elements")
        flat = self.build()
        self._slots, self._sizes = {}, {}
        moves = []
        offset = 0
        for name, size in new_out_dims:
            moves.append((offset, size - 1, self._slot(name)))
            self._sizes[name] = size
            offset += log2_exact(size)
        for in_dim, columns in flat._ins:
            self._bases[in_dim] = [
                sum(((column >> source) & mask) << slot for source, mask, slot in moves) for column in columns
            ]
        return self

    def remove_zero_bases(self, in_dim: str) -> LayoutBuilder:
        """Drop the all-zero bases of ``in_dim``: its broadcast bits."""
        if not isinstance(in_dim, str) or in_dim not in self._bases:
            raise LinearLayoutError(
                f"remove_zero_bases: {shown(in_dim)} is not an in-dim; in-dims are {list(self._bases)}"
            )
        self._bases[in_dim] = [basis for basis in self._bases[in_dim] if basis]
        return self

    # ------------------------------------------------------------ fit to shape

    def ensure_not_smaller_than(self, shape: Mapping[str, int], dims: Sequence[str] | None = None) -> LayoutBuilder:
        """Grow each out-dim to ``shape`` with new bases on the first in-dim, out-dim by
        out-dim in ``dims`` order, by default the out-dim order (Triton's
        ``ensureLayoutNotSmallerThan``)."""
        dims = list(self._sizes) if dims is None else checked_names(dims, "ensure_not_smaller_than: dims")
        _check_fit_shape(shape, dims, "ensure_not_smaller_than")
        if not self._bases:
            raise LinearLayoutError("ensure_layout_not_smaller_than: the layout has no in-dim to repeat along")
        repeat_dim = next(iter(self._bases))
        for name in dims:
            size = self.get_out_dim_size(name)
            wanted = shape[name]
            if size < wanted:
                self.times_identity(wanted // size, repeat_dim, name)
        return self

    def ensure_not_larger_than(self, shape: Mapping[str, int], broadcast_registers: bool = True) -> LayoutBuilder:
        """Shrink each out-dim to ``shape``: the bases that reach past it, largest first
        and equal values together, lose that component (Triton's
        ``ensureLayoutNotLargerThan``); with ``broadcast_registers=False`` such
        ``register`` bases are removed instead."""
        _check_fit_shape(shape, list(self._sizes), "ensure_not_larger_than")
        removed: set[int] = set()
        for name, actual in self._sizes.items():
            desired = shape[name]
            if actual <= desired:
                continue
            slot = self._slots[name]
            values = {(b >> slot) & SLOT_MASK for dim_bases in self._bases.values() for b in dim_bases}
            values.discard(0)
            groups = min(len(values), (actual // desired).bit_length() - 1)
            self._sizes[name] = desired
            if not groups:
                continue
            cutoff = sorted(values)[-groups]
            clear = ~(SLOT_MASK << slot)
            for in_dim, dim_bases in self._bases.items():
                for i, b in enumerate(dim_bases):
                    if (b >> slot) & SLOT_MASK >= cutoff:
                        if broadcast_registers or in_dim != "register":
                            dim_bases[i] = b & clear
                        else:
                            removed.add(i)
        if removed:
            registers = self._bases["register"]
            self._bases["register"] = [b for i, b in enumerate(registers) if i not in removed]
        return self

    # ------------------------------------------------------------------ result

    def build(self) -> LinearLayout:
        """The layout, with the out-dim sizes as built (not required to be surjective)."""
        moves, outs = [], []
        shift = 0
        for name, size in self._sizes.items():
            log2 = log2_exact(size)
            moves.append((self._slots[name], shift))
            outs.append((name, log2))
            shift += log2
        mask = SLOT_MASK
        ins = []
        if len(moves) == 1:
            ((slot, _),) = moves
            for in_dim, dim_bases in self._bases.items():
                ins.append((in_dim, tuple([(b >> slot) & mask for b in dim_bases])))
        elif len(moves) == 2:
            (slot0, _), (slot1, shift1) = moves
            for in_dim, dim_bases in self._bases.items():
                ins.append(
                    (in_dim, tuple([((b >> slot0) & mask) | (((b >> slot1) & mask) << shift1) for b in dim_bases]))
                )
        else:
            for in_dim, dim_bases in self._bases.items():
                packed = [sum(((b >> slot) & mask) << target for slot, target in moves) for b in dim_bases]
                ins.append((in_dim, tuple(packed)))
        return LinearLayout._from_packed(tuple(ins), tuple(outs))
