"""CuTe layouts as NVIDIA's pycute defines them: ``shape:stride`` pairs of nested integer
tuples mapping a coordinate to an offset, ``Swizzle<B,M,S>``, and their composition.

A coordinate given as one integer is split colexicographically (the first mode fastest):

>>> layout = Layout((4, 2, 2, 2), (1, 16, 8, 4))
>>> [layout(i) for i in range(8)], layout.size, layout.cosize
([0, 1, 2, 3, 16, 17, 18, 19], 32, 32)
>>> Swizzle(3, 0, 3)(9), ComposedLayout(Swizzle(3, 0, 3), 0, Layout((8, 8), (8, 1)))(9)
(8, 8)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from math import prod
from typing import TYPE_CHECKING, TypeVar

from layoutdialect.f2.arguments import checked_instance, checks_arguments, shown
from layoutdialect.f2.powers import MAX_SIZE_LOG2

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "ComposedLayout",
    "CuteError",
    "IntTuple",
    "Layout",
    "Swizzle",
    "flatten",
    "idx2crd",
    "offset_bound",
    "offsets",
    "prefix_product",
    "product",
]

IntTuple = int | tuple["IntTuple", ...]


class CuteError(ValueError):
    """A CuTe layout or operation that is not defined."""


@checks_arguments(CuteError)
def flatten(value: IntTuple) -> tuple[int, ...]:
    """The integers of a nested tuple, left to right."""
    return _flatten(value)


def _flatten(value: IntTuple) -> tuple[int, ...]:
    if isinstance(value, int):
        return (value,)
    return tuple(leaf for item in value for leaf in _flatten(item))


@checks_arguments(CuteError)
def product(value: IntTuple) -> int:
    return _product(value)


def _product(value: IntTuple) -> int:
    return prod(_flatten(value))


@checks_arguments(CuteError)
def prefix_product(shape: IntTuple, start: int = 1) -> IntTuple:
    """Exclusive prefix products of ``shape``, nested like it: CuTe's compact column-major strides."""
    return _prefix_product(shape, start)


def _prefix_product(shape: IntTuple, start: int) -> IntTuple:
    if isinstance(shape, int):
        return start
    strides: list[IntTuple] = []
    for mode in shape:
        strides.append(_prefix_product(mode, start))
        start *= _product(mode)
    return tuple(strides)


@checks_arguments(CuteError)
def idx2crd(index: int, shape: IntTuple) -> IntTuple:
    """The coordinate of a linear index in ``shape``, first mode fastest."""
    if any(size < 1 for size in _flatten(shape)):
        raise CuteError(f"idx2crd: shape {_text(shape)} has a mode of size below 1")
    return _idx2crd(index, shape)


def _idx2crd(index: int, shape: IntTuple) -> IntTuple:
    if isinstance(shape, int):
        return index
    coordinate: list[IntTuple] = []
    for mode in shape:
        size = _product(mode)
        coordinate.append(_idx2crd(index % size, mode))
        index //= size
    return tuple(coordinate)


def _is_int_tuple(value: object) -> bool:
    """An ``IntTuple``: an integer, or a tuple of them, nested."""
    if isinstance(value, int):
        return not isinstance(value, bool)
    return isinstance(value, tuple) and all(_is_int_tuple(item) for item in value)


def _check_int_tuple(value: object, what: str) -> None:
    try:
        valid = _is_int_tuple(value)
    except RecursionError:
        valid = False
    if not valid:
        raise CuteError(f"{what} must be an integer or a tuple of them, nested, got {shown(value)}")


def _crd2idx(coordinate: IntTuple, shape: IntTuple, stride: IntTuple) -> int:
    if isinstance(coordinate, int):
        if isinstance(shape, int):
            assert isinstance(stride, int)
            return coordinate * stride
        return _crd2idx(_idx2crd(coordinate, shape), shape, stride)
    if isinstance(shape, int) or isinstance(stride, int) or len(coordinate) != len(shape):
        raise CuteError(f"coordinate {_text(coordinate)} does not match shape {_text(shape)}")
    return sum(_crd2idx(c, s, d) for c, s, d in zip(coordinate, shape, stride))


def _congruent(a: IntTuple, b: IntTuple) -> bool:
    if isinstance(a, int) or isinstance(b, int):
        return isinstance(a, int) and isinstance(b, int)
    return len(a) == len(b) and all(_congruent(x, y) for x, y in zip(a, b))


def _text(value: IntTuple, static: bool = False) -> str:
    if isinstance(value, int):
        return f"_{value}" if static else str(value)
    return "(" + ",".join(_text(v, static) for v in value) + ")"


@dataclass(frozen=True)
class Layout:
    """``shape:stride``; ``Layout(shape)`` alone is compact column-major."""

    shape: IntTuple
    stride: IntTuple

    @checks_arguments(CuteError)
    def __init__(self, shape: IntTuple, stride: IntTuple | None = None) -> None:
        stride = _prefix_product(shape, 1) if stride is None else stride
        if not _congruent(shape, stride):
            raise CuteError(f"shape {_text(shape)} and stride {_text(stride)} are not congruent")
        if any(s <= 0 for s in _flatten(shape)):
            raise CuteError(f"shape {_text(shape)} has a mode of size below 1")
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "stride", stride)

    def __call__(self, coordinate: IntTuple) -> int:
        if type(coordinate) is not int:
            _check_int_tuple(coordinate, "a layout's coordinate")
        return _crd2idx(coordinate, self.shape, self.stride)

    def __len__(self) -> int:
        return 1 if isinstance(self.shape, int) else len(self.shape)

    def __getitem__(self, mode: int) -> Layout:
        if isinstance(self.shape, int):
            if mode != 0:
                raise CuteError(f"a rank-1 layout has no mode {mode}")
            return self
        assert isinstance(self.stride, tuple)
        return Layout(self.shape[mode], self.stride[mode])

    def modes(self) -> Iterator[tuple[int, int]]:
        """The flattened ``(shape, stride)`` pairs."""
        return zip(_flatten(self.shape), _flatten(self.stride))

    @property
    def size(self) -> int:
        return _product(self.shape)

    @property
    def cosize(self) -> int:
        """One past the largest offset (for non-negative strides)."""
        return self(self.size - 1) + 1

    def __str__(self) -> str:
        return f"{_text(self.shape)}:{_text(self.stride)}"

    def cpp(self) -> str:
        """The C++ type with static integers, ``Layout<Shape<_4,_2>, Stride<_1,_4>>``."""

        def part(value: IntTuple, name: str) -> str:
            if isinstance(value, int):
                return f"_{value}"
            return f"{name}<" + ",".join(part(v, name) for v in value) + ">"

        shape = part(self.shape, "Shape") if isinstance(self.shape, tuple) else f"Shape<_{self.shape}>"
        stride = part(self.stride, "Stride") if isinstance(self.stride, tuple) else f"Stride<_{self.stride}>"
        return f"Layout<{shape}, {stride}>"


MAX_EVALUATED = 1 << 27
"""The most indices ``offsets`` evaluates at once (1 GiB of ``int64``)."""

MAX_SWIZZLE_SHIFT = 1 << 12
"""The largest ``|S|`` of a swizzle.  Offsets have at most ``MAX_SIZE_LOG2`` bits, so a
larger shift reads or writes bits no offset has, as one of 64 or 1000 does; the bound
keeps its masks small integers."""

Offsets = TypeVar("Offsets", int, "np.ndarray")
"""One offset, or an array of them (numpy is loaded only for arrays)."""


@dataclass(frozen=True)
class Swizzle:
    """``Swizzle<B,M,S>``: XOR the ``B`` bits ``S`` above bit ``M + max(0, S)`` into the bits
    above ``M``, keeping units of ``2^M`` whole.  Requires ``|S| >= B``, so it is an involution."""

    bits: int
    base: int
    shift: int

    def __post_init__(self) -> None:
        for name, limit in (("bits", MAX_SIZE_LOG2), ("base", MAX_SIZE_LOG2), ("shift", MAX_SWIZZLE_SHIFT)):
            value = getattr(self, name)
            if type(value) is not int or abs(value) > limit:
                raise CuteError(f"Swizzle: {name} must be an integer from -{limit} to {limit}, got {shown(value)}")
        if self.bits < 0 or self.base < 0:
            raise CuteError(f"Swizzle<{self.bits},{self.base},{self.shift}>: B and M must not be negative")
        if abs(self.shift) < self.bits:
            raise CuteError(f"Swizzle<{self.bits},{self.base},{self.shift}>: |S| must be at least B")

    @property
    def source_mask(self) -> int:
        """The ``YYY`` bits that are read."""
        return ((1 << self.bits) - 1) << (self.base + max(0, self.shift))

    def __call__(self, offset: Offsets) -> Offsets:
        """The swizzled ``offset``: an integer, or an array of integer offsets element-wise."""
        mask = self.source_mask
        if type(offset) is not int:
            import numpy as np

            if not (isinstance(offset, np.ndarray) and offset.dtype.kind in "iu"):
                raise CuteError(f"a swizzle's offset must be an integer or an array of integers, got {shown(offset)}")
            if mask >= 1 << 63:
                if offset.size and offset.min() < 0:
                    raise CuteError(f"{self} reads bits above 63, which a negative 64-bit offset has")
                return offset.copy()
        moved = offset & mask
        return offset ^ (moved >> self.shift if self.shift >= 0 else moved << -self.shift)

    @property
    def size(self) -> int:
        return 1 << (self.bits + self.base + abs(self.shift))

    def __str__(self) -> str:
        return f"Swizzle<{self.bits},{self.base},{self.shift}>"


@dataclass(frozen=True)
class ComposedLayout:
    """``outer o offset o inner``: ``x -> outer(offset + inner(x))``, as CuTe's C++ prints it."""

    outer: Swizzle | Layout
    offset: int
    inner: Layout

    def __post_init__(self) -> None:
        checked_instance(self.outer, Swizzle | Layout, "ComposedLayout: outer", CuteError)
        if type(self.offset) is not int:
            raise CuteError(f"ComposedLayout: offset must be an integer, got {shown(self.offset)}")
        checked_instance(self.inner, Layout, "ComposedLayout: inner", CuteError)

    def __call__(self, coordinate: IntTuple) -> int:
        return self.outer(self.offset + self.inner(coordinate))

    @property
    def shape(self) -> IntTuple:
        return self.inner.shape

    @property
    def size(self) -> int:
        return self.inner.size

    @property
    def cosize(self) -> int:
        return int(offsets(self).max()) + 1

    def __str__(self) -> str:
        return f"{self.outer} o {self.offset} o {self.inner}"

    def cpp(self) -> str:
        outer = self.outer.cpp() if isinstance(self.outer, Layout) else str(self.outer)
        return f"ComposedLayout<{outer}, _{self.offset}, {self.inner.cpp()}>"


@checks_arguments(CuteError)
def offset_bound(value: Layout | Swizzle | ComposedLayout, inputs: int | None = None) -> int:
    """One past the largest offset magnitude ``value`` gives its coordinates (or the indices
    below ``inputs``), found from its strides without evaluating it: a layout's ``cosize``
    when its strides are not negative, an upper bound otherwise.

    >>> offset_bound(Layout((4, 8), (8, 1))), offset_bound(Layout((4, 8), (-8, 1)))
    (32, 32)
    >>> offset_bound(ComposedLayout(Swizzle(3, 3, 3), 0, Layout((64, 64), (64, 1))))
    4096
    """
    if isinstance(value, Layout):
        if inputs is None or inputs <= value.size:
            return 1 + sum((shape - 1) * abs(stride) for shape, stride in value.modes())
        return 1 + (inputs - 1) * sum(abs(stride) for _, stride in value.modes())
    if isinstance(value, Swizzle):
        reach = value.size if inputs is None else inputs
        if reach <= 1 << value.base:
            return reach
        return 1 << _swizzled_bits(value, reach)
    reach = abs(value.offset) + offset_bound(value.inner)
    if not isinstance(value.outer, Swizzle) or not _may_be_negative(value):
        return offset_bound(value.outer, reach)
    return (1 << _swizzled_bits(value.outer, reach)) + 1


def _swizzled_bits(swizzle: Swizzle, reach: int) -> int:
    """The bits below which ``swizzle`` keeps every offset of magnitude under ``reach``: a
    negative offset keeps its sign bits, a positive one stays below the power of two."""
    return max((reach - 1).bit_length(), swizzle.base + swizzle.bits + max(0, -swizzle.shift))


def _may_be_negative(value: ComposedLayout) -> bool:
    """Whether the offsets ``value``'s swizzle reads may be negative (so ``-1 ^ 1 == -2`` reaches
    one past the positive bound)."""
    return value.offset < 0 or any(stride < 0 for _, stride in value.inner.modes())


@checks_arguments(CuteError)
def offsets(value: Layout | Swizzle | ComposedLayout, indices: np.ndarray | None = None) -> np.ndarray:
    """The offset of each index (``0 .. size - 1``, or ``indices``) as an ``int64`` array,
    computed a mode at a time, as ``value(index)`` computes it an index at a time.
    Requires at most ``MAX_EVALUATED`` indices, not negative, and offsets that fit ``int64``.

    >>> offsets(Layout((4, 2, 2, 2), (1, 16, 8, 4))).tolist()[:8]
    [0, 1, 2, 3, 16, 17, 18, 19]
    >>> offsets(ComposedLayout(Swizzle(3, 0, 3), 0, Layout((8, 8), (8, 1))))[9]
    np.int64(8)
    """
    import numpy as np

    if indices is None:
        if value.size > MAX_EVALUATED:
            raise CuteError(f"offsets: {value} has {value.size} indices, more than the {MAX_EVALUATED} it evaluates")
        indices = np.arange(value.size, dtype=np.int64)
    elif not isinstance(indices, np.ndarray):
        raise CuteError(f"offsets: indices must be a numpy array of integers, got {shown(indices)}")
    elif indices.dtype.kind not in "iu" or indices.size > MAX_EVALUATED or (indices.size and indices.min() < 0):
        raise CuteError(
            f"offsets: indices must be at most {MAX_EVALUATED} integers, none negative, got {indices.size} "
            f"of {indices.dtype}"
        )
    reach = int(indices.max()) + 1 if indices.size else 0
    if offset_bound(value, reach) >= 1 << 63:
        raise CuteError(f"offsets: the offsets of {value} may not fit 64-bit integers")
    return _offsets(value, indices.astype(np.int64))


def _offsets(value: Layout | Swizzle | ComposedLayout, indices: np.ndarray) -> np.ndarray:
    if isinstance(value, Layout):
        result = 0 * indices
        step = 1
        for shape, stride in value.modes():
            result += (indices // step % shape) * stride
            step *= shape
        return result
    if isinstance(value, Swizzle):
        return value(indices)
    return _offsets(value.outer, value.offset + _offsets(value.inner, indices))
