"""``LayoutBuilder``: a layout grown in place, one identity or zero block at a time.

Encodings build their layouts as long products such as
``id(2, "register", "dim1") * id(4, "lane", "dim1") * ...`` (Triton's
``LinearLayoutConversions``).  Doing each ``*`` on immutable ``LinearLayout``
values repacks every basis each time; the builder keeps plain component lists
that grow cheaply and packs them once in ``build``.  Each method is the
``LinearLayout`` operation of the same name, applied in place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from layoutdialect.f2.linear_layout import LinearLayout, LinearLayoutError, supremum

__all__ = ["LayoutBuilder"]


def _log2(size: int, what: str) -> int:
    if size <= 0 or size & (size - 1):
        raise LinearLayoutError(f"{what} must be a power of two, got {size}")
    return size.bit_length() - 1


class LayoutBuilder:
    """A mutable ``LinearLayout``: ordered in-dims with bases, ordered out-dims with sizes.

    >>> tile = LayoutBuilder().times_identity(2, "register", "dim1").times_identity(4, "lane", "dim1")
    >>> tile.times_zeros(2, "lane", "dim0").build().bases
    [('register', [[1, 0]]), ('lane', [[2, 0], [4, 0], [0, 0]])]
    """

    __slots__ = ("_bases", "_out_names", "_out_sizes")

    def __init__(self) -> None:
        """The empty layout."""
        self._bases: dict[str, list[list[int]]] = {}
        self._out_names: list[str] = []
        self._out_sizes: list[int] = []

    @classmethod
    def of(cls, layout: LinearLayout) -> LayoutBuilder:
        """A builder that starts from ``layout``."""
        builder = cls()
        builder._bases = dict(layout.bases)
        for name, size in layout.out_dims:
            builder._out_names.append(name)
            builder._out_sizes.append(size)
        return builder

    @classmethod
    def from_bases(
        cls, bases: Iterable[tuple[str, Sequence[Sequence[int]]]], out_dim_names: Sequence[str]
    ) -> LayoutBuilder:
        """A builder over explicit bases; each out-dim is the smallest power of two that
        holds every component (as Triton's ``LinearLayout(bases, outDimNames)``)."""
        builder = cls()
        builder._bases = {name: [list(b) for b in dim_bases] for name, dim_bases in bases}
        builder._out_names = list(out_dim_names)
        builder._out_sizes = [1] * len(builder._out_names)
        for dim_bases in builder._bases.values():
            for basis in dim_bases:
                if len(basis) != len(builder._out_names):
                    raise LinearLayoutError(f"basis {basis} needs one component per out-dim {builder._out_names}")
                for d, value in enumerate(basis):
                    if value < 0:
                        raise LinearLayoutError(f"basis {basis} has a negative component")
                    builder._out_sizes[d] = max(builder._out_sizes[d], 1 << value.bit_length())
        return builder

    # ---------------------------------------------------------------- queries

    @property
    def out_dims(self) -> list[tuple[str, int]]:
        return list(zip(self._out_names, self._out_sizes))

    def get_out_dim_names(self) -> list[str]:
        return list(self._out_names)

    def get_in_dim_names(self) -> list[str]:
        return list(self._bases)

    def get_out_dim_size(self, out_dim: str) -> int:
        return self._out_sizes[self._out_index(out_dim)]

    def get_in_dim_size(self, in_dim: str) -> int:
        return 1 << len(self._bases.get(in_dim, ()))

    def bases_of(self, in_dim: str) -> list[list[int]]:
        """The bases of ``in_dim``, one component per out-dim; the builder's own lists."""
        return self._bases[in_dim]

    def _out_index(self, out_dim: str) -> int:
        try:
            return self._out_names.index(out_dim)
        except ValueError:
            raise LinearLayoutError(f"{out_dim!r} is not an out-dim; out-dims are {self._out_names}") from None

    # ---------------------------------------------------------------- growth

    def _ensure_dims(self, in_dim: str, out_dim: str) -> int:
        """Append ``in_dim`` and ``out_dim`` (size 1) if missing; the out-dim's index."""
        if in_dim not in self._bases:
            self._bases[in_dim] = []
        if out_dim in self._out_names:
            return self._out_names.index(out_dim)
        self._out_names.append(out_dim)
        self._out_sizes.append(1)
        for dim_bases in self._bases.values():
            for basis in dim_bases:
                basis.append(0)
        return len(self._out_names) - 1

    def times_identity(self, size: int, in_dim: str, out_dim: str) -> LayoutBuilder:
        """``self *= LinearLayout.identity_1d(size, in_dim, out_dim)``; size 0 changes nothing."""
        if size == 0:
            return self
        bits = _log2(size, "times_identity size")
        index = self._ensure_dims(in_dim, out_dim)
        scale = self._out_sizes[index]
        width = len(self._out_names)
        dim_bases = self._bases[in_dim]
        for bit in range(bits):
            basis = [0] * width
            basis[index] = scale << bit
            dim_bases.append(basis)
        self._out_sizes[index] = scale << bits
        return self

    def times_zeros(self, size: int, in_dim: str, out_dim: str) -> LayoutBuilder:
        """``self *= LinearLayout.zeros_1d(size, in_dim, out_dim)``: ``in_dim`` grows by
        broadcast bits."""
        if size == 0:
            return self
        bits = _log2(size, "times_zeros size")
        self._ensure_dims(in_dim, out_dim)
        width = len(self._out_names)
        self._bases[in_dim].extend([0] * width for _ in range(bits))
        return self

    def times_identity_nd(self, in_dim: str, shape: Sequence[int], order: Sequence[int]) -> LayoutBuilder:
        """``self *= identity_standard_nd(in_dim, shape, order)``: ``in_dim`` walks
        ``shape`` row by row, ``order[0]`` the fastest of the dims ``dim0..``."""
        for d in order:
            self.times_identity(shape[d], in_dim, f"dim{d}")
        return self

    def times(self, outer: LinearLayout | LayoutBuilder) -> LayoutBuilder:
        """``self *= outer``: ``outer``'s bases go above this layout's, scaled by its sizes."""
        outer_names = outer.get_out_dim_names()
        outer_sizes = [size for _, size in outer.out_dims]
        outer_bases = outer.bases if isinstance(outer, LinearLayout) else list(outer._bases.items())
        names = supremum(self._out_names, outer_names)
        if names != self._out_names:
            self._reorder_outs(names)
        positions = [self._out_names.index(name) for name in outer_names]
        scales = [self._out_sizes[p] for p in positions]
        width = len(self._out_names)
        in_names = supremum(list(self._bases), [name for name, _ in outer_bases])
        self._bases = {name: self._bases.get(name, []) for name in in_names}
        for in_name, dim_bases in outer_bases:
            target = self._bases[in_name]
            for basis in dim_bases:
                scaled = [0] * width
                for position, scale, value in zip(positions, scales, basis):
                    scaled[position] = value * scale
                target.append(scaled)
        for position, scale, size in zip(positions, scales, outer_sizes):
            self._out_sizes[position] = scale * size
        return self

    def _reorder_outs(self, names: Sequence[str]) -> None:
        """Put the out-dims in ``names`` order, adding any new ones with size 1."""
        old = dict(zip(self._out_names, range(len(self._out_names))))
        sizes = dict(zip(self._out_names, self._out_sizes))
        picks = [old.get(name) for name in names]
        for dim_bases in self._bases.values():
            for i, basis in enumerate(dim_bases):
                dim_bases[i] = [0 if p is None else basis[p] for p in picks]
        self._out_names = list(names)
        self._out_sizes = [sizes.get(name, 1) for name in names]

    def transpose_outs(self, order: Sequence[str]) -> LayoutBuilder:
        """Reorder the out-dims; the map is unchanged."""
        if sorted(order) != sorted(self._out_names) or len(set(order)) != len(order):
            raise LinearLayoutError(f"transpose_outs: {list(order)} must be a permutation of {self._out_names}")
        if list(order) != self._out_names:
            self._reorder_outs(order)
        return self

    def remove_standard_dim(self, dim: int) -> LayoutBuilder:
        """Drop out-dim ``dim{dim}``; ``dim{k}`` for ``k > dim`` becomes ``dim{k-1}``
        (Triton's ``removeStandardDim``)."""
        index = self._out_index(f"dim{dim}")
        for dim_bases in self._bases.values():
            for basis in dim_bases:
                del basis[index]
        del self._out_names[index]
        del self._out_sizes[index]
        renamed = []
        for name in self._out_names:
            k = int(name[3:])
            renamed.append(f"dim{k - 1}" if k > dim else name)
        self._out_names = renamed
        return self

    def remove_zero_bases(self, in_dim: str) -> LayoutBuilder:
        """Drop the all-zero bases of ``in_dim``: its broadcast bits."""
        self._bases[in_dim] = [basis for basis in self._bases[in_dim] if any(basis)]
        return self

    # ------------------------------------------------------------ fit to shape

    def ensure_not_smaller_than(self, shape: Mapping[str, int], dims: Sequence[str] | None = None) -> LayoutBuilder:
        """Grow each out-dim to ``shape`` with new bases on the first in-dim, out-dim by
        out-dim in ``dims`` order, by default the out-dim order (Triton's
        ``ensureLayoutNotSmallerThan``)."""
        if not self._bases:
            raise LinearLayoutError("ensure_layout_not_smaller_than: the layout has no in-dim to repeat along")
        repeat_dim = next(iter(self._bases))
        for name in list(self._out_names) if dims is None else dims:
            size = self.get_out_dim_size(name)
            if size < shape[name]:
                self.times_identity(shape[name] // size, repeat_dim, name)
        return self

    def ensure_not_larger_than(self, shape: Mapping[str, int], broadcast_registers: bool = True) -> LayoutBuilder:
        """Shrink each out-dim to ``shape``: the bases that reach past it, largest first
        and equal values together, lose that component (Triton's
        ``ensureLayoutNotLargerThan``); with ``broadcast_registers=False`` such
        ``register`` bases are removed instead."""
        removed: set[int] = set()
        for d, name in enumerate(self._out_names):
            actual, desired = self._out_sizes[d], shape[name]
            if actual <= desired:
                continue
            candidates = sorted(
                (basis[d] for dim_bases in self._bases.values() for basis in dim_bases if basis[d]), reverse=True
            )
            cutoff = actual
            k = 0
            while k < len(candidates) and actual > desired:
                cutoff = candidates[k]
                while k < len(candidates) and candidates[k] == cutoff:
                    k += 1
                actual //= 2
            for in_dim, dim_bases in self._bases.items():
                for i, basis in enumerate(dim_bases):
                    if basis[d] >= cutoff:
                        if broadcast_registers or in_dim != "register":
                            basis[d] = 0
                        else:
                            removed.add(i)
            self._out_sizes[d] = desired
        if removed:
            registers = self._bases["register"]
            self._bases["register"] = [b for i, b in enumerate(registers) if i not in removed]
        return self

    # ------------------------------------------------------------------ result

    def build(self) -> LinearLayout:
        """The layout, with the out-dim sizes as built (not required to be surjective)."""
        return LinearLayout._from_valid_bases(self._bases.items(), list(zip(self._out_names, self._out_sizes)))
