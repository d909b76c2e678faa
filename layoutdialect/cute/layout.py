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

from layoutdialect.f2.arguments import checked_instance, checks_arguments, shown
from layoutdialect.f2.powers import MAX_SIZE_LOG2

__all__ = [
    "ComposedLayout",
    "CuteError",
    "IntTuple",
    "Layout",
    "Swizzle",
    "flatten",
    "idx2crd",
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


@dataclass(frozen=True)
class Swizzle:
    """``Swizzle<B,M,S>``: XOR the ``B`` bits ``S`` above bit ``M + max(0, S)`` into the bits
    above ``M``, keeping units of ``2^M`` whole.  Requires ``|S| >= B``, so it is an involution."""

    bits: int
    base: int
    shift: int

    def __post_init__(self) -> None:
        for name in ("bits", "base", "shift"):
            value = getattr(self, name)
            if type(value) is not int or abs(value) > MAX_SIZE_LOG2:
                raise CuteError(
                    f"Swizzle: {name} must be an integer from -{MAX_SIZE_LOG2} to {MAX_SIZE_LOG2}, got {shown(value)}"
                )
        if self.bits < 0 or self.base < 0:
            raise CuteError(f"Swizzle<{self.bits},{self.base},{self.shift}>: B and M must not be negative")
        if abs(self.shift) < self.bits:
            raise CuteError(f"Swizzle<{self.bits},{self.base},{self.shift}>: |S| must be at least B")

    @property
    def source_mask(self) -> int:
        """The ``YYY`` bits that are read."""
        return ((1 << self.bits) - 1) << (self.base + max(0, self.shift))

    def __call__(self, offset: int) -> int:
        if type(offset) is not int:
            raise CuteError(f"a swizzle's offset must be an integer, got {shown(offset)}")
        moved = offset & self.source_mask
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
        return max(self(i) for i in range(self.size)) + 1

    def __str__(self) -> str:
        return f"{self.outer} o {self.offset} o {self.inner}"

    def cpp(self) -> str:
        outer = self.outer.cpp() if isinstance(self.outer, Layout) else str(self.outer)
        return f"ComposedLayout<{outer}, _{self.offset}, {self.inner.cpp()}>"
