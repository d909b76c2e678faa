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


def flatten(value: IntTuple) -> tuple[int, ...]:
    """The integers of a nested tuple, left to right."""
    if isinstance(value, int):
        return (value,)
    return tuple(leaf for item in value for leaf in flatten(item))


def product(value: IntTuple) -> int:
    return prod(flatten(value))


def prefix_product(shape: IntTuple, start: int = 1) -> IntTuple:
    """Exclusive prefix products of ``shape``, nested like it: CuTe's compact column-major strides."""
    if isinstance(shape, int):
        return start
    strides: list[IntTuple] = []
    for mode in shape:
        strides.append(prefix_product(mode, start))
        start *= product(mode)
    return tuple(strides)


def idx2crd(index: int, shape: IntTuple) -> IntTuple:
    """The coordinate of a linear index in ``shape``, first mode fastest."""
    if isinstance(shape, int):
        return index
    coordinate: list[IntTuple] = []
    for mode in shape:
        size = product(mode)
        coordinate.append(idx2crd(index % size, mode))
        index //= size
    return tuple(coordinate)


def _crd2idx(coordinate: IntTuple, shape: IntTuple, stride: IntTuple) -> int:
    if isinstance(coordinate, int):
        if isinstance(shape, int):
            assert isinstance(stride, int)
            return coordinate * stride
        return _crd2idx(idx2crd(coordinate, shape), shape, stride)
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

    def __init__(self, shape: IntTuple, stride: IntTuple | None = None) -> None:
        stride = prefix_product(shape) if stride is None else stride
        if not _congruent(shape, stride):
            raise CuteError(f"shape {_text(shape)} and stride {_text(stride)} are not congruent")
        if any(s <= 0 for s in flatten(shape)):
            raise CuteError(f"shape {_text(shape)} has a mode of size below 1")
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "stride", stride)

    def __call__(self, coordinate: IntTuple) -> int:
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
        return zip(flatten(self.shape), flatten(self.stride))

    @property
    def size(self) -> int:
        return product(self.shape)

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
        if self.bits < 0 or self.base < 0:
            raise CuteError(f"Swizzle<{self.bits},{self.base},{self.shift}>: B and M must not be negative")
        if abs(self.shift) < self.bits:
            raise CuteError(f"Swizzle<{self.bits},{self.base},{self.shift}>: |S| must be at least B")

    @property
    def source_mask(self) -> int:
        """The ``YYY`` bits that are read."""
        return ((1 << self.bits) - 1) << (self.base + max(0, self.shift))

    def __call__(self, offset: int) -> int:
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
        return 1 << max((reach - 1).bit_length(), value.base + value.bits + max(0, -value.shift))
    return offset_bound(value.outer, abs(value.offset) + offset_bound(value.inner))


def offsets(value: Layout | Swizzle | ComposedLayout, indices: np.ndarray | None = None) -> np.ndarray:
    """The offset of each index (``0 .. size - 1``, or ``indices``) as an ``int64`` array,
    computed a mode at a time, as ``value(index)`` computes it an index at a time.

    >>> offsets(Layout((4, 2, 2, 2), (1, 16, 8, 4))).tolist()[:8]
    [0, 1, 2, 3, 16, 17, 18, 19]
    >>> offsets(ComposedLayout(Swizzle(3, 0, 3), 0, Layout((8, 8), (8, 1))))[9]
    np.int64(8)
    """
    if indices is None:
        indices = np.arange(value.size, dtype=np.int64)
    if isinstance(value, Layout):
        result = np.zeros_like(indices)
        step = 1
        for shape, stride in value.modes():
            result += (indices // step % shape) * stride
            step *= shape
        return result
    if isinstance(value, Swizzle):
        moved = indices & value.source_mask
        return indices ^ (moved >> value.shift if value.shift >= 0 else moved << -value.shift)
    return offsets(value.outer, value.offset + offsets(value.inner, indices))
