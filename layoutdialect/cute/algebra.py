"""CuTe's layout algebra with pycute's semantics and pycute's documented results.

A tiler is a layout, an integer ``n`` (``n:1``) or a tuple of tilers applied mode by mode.

>>> from layoutdialect.cute.layout import Layout
>>> print(composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1))))
((2,2),3):((24,2),8)
>>> print(complement(Layout(4, 2), 24))
(2,3):(1,8)
>>> print(right_inverse(Layout((4, 3), (3, 1))))
(3,4):(4,1)

One divergence: pycute's ``logical_product`` with an integer tiler divides instead of
multiplying; here it multiplies, as CuTe's C++ does (``4:1 * 2`` is ``(4,2):(1,4)``).
"""

from __future__ import annotations

from collections.abc import Sequence

from layoutdialect.cute.layout import CuteError, Layout, flatten, prefix_product
from layoutdialect.f2.arguments import checks_arguments

__all__ = [
    "Tiler",
    "coalesce",
    "complement",
    "composition",
    "left_inverse",
    "logical_divide",
    "logical_product",
    "make_layout",
    "right_inverse",
]

Tiler = Layout | int | tuple["Tiler", ...]


@checks_arguments(CuteError)
def make_layout(layouts: Sequence[Layout]) -> Layout:
    """The layout whose modes are ``layouts``."""
    return Layout(tuple(layout.shape for layout in layouts), tuple(layout.stride for layout in layouts))


def _from_modes(shapes: list[int], strides: list[int]) -> Layout:
    if len(shapes) == 1:
        return Layout(shapes[0], strides[0])
    return Layout(tuple(shapes), tuple(strides))


@checks_arguments(CuteError)
def coalesce(layout: Layout) -> Layout:
    """The same function with adjacent modes merged where one continues the other."""
    shapes, strides = [1], [0]
    for shape, stride in layout.modes():
        if shape == 1:
            continue
        if shapes[-1] == 1:
            shapes[-1], strides[-1] = shape, stride
        elif shapes[-1] * strides[-1] == stride:
            shapes[-1] *= shape
        else:
            shapes.append(shape)
            strides.append(stride)
    return _from_modes(shapes, strides)


def _by_mode(layout: Layout, tiler: tuple[Tiler, ...], operation: str) -> Layout:
    if len(layout) < len(tiler):
        raise CuteError(f"{operation}: the tiler has {len(tiler)} modes, the layout only {len(layout)}")
    apply = {"composition": composition, "logical_divide": logical_divide, "logical_product": logical_product}
    modes = [apply[operation](layout[i], t) for i, t in enumerate(tiler)]
    return make_layout(modes + [layout[i] for i in range(len(tiler), len(layout))])


@checks_arguments(CuteError)
def composition(a: Layout, b: Tiler) -> Layout:
    """``a o b``: ``x -> a(b(x))``, with ``a``'s last mode extended past its size."""
    if isinstance(b, int):
        b = Layout(b)
    if isinstance(b, tuple):
        return _by_mode(a, b, "composition")
    if isinstance(b.shape, tuple):
        return make_layout([composition(a, b[i]) for i in range(len(b))])
    assert isinstance(b.stride, int)
    if b.stride == 0:
        return Layout(b.shape, 0)
    shapes: list[int] = []
    strides: list[int] = []
    rest_shape, rest_stride = b.shape, b.stride
    flat = list(coalesce(a).modes())
    for current_shape, current_stride in flat[:-1]:
        if current_shape % rest_stride and rest_stride % current_shape:
            raise CuteError(
                f"composition: stride {rest_stride} does not divide, nor is divided by, shape {current_shape}"
            )
        new_shape = min(max(1, current_shape // rest_stride), rest_shape)
        if new_shape != 1:
            shapes.append(new_shape)
            strides.append(rest_stride * current_stride)
        rest_shape //= new_shape
        rest_stride = -(-rest_stride // current_shape)
    if rest_shape != 1 or not shapes:
        shapes.append(rest_shape)
        strides.append(rest_stride * flat[-1][1])
    return _from_modes(shapes, strides)


@checks_arguments(CuteError)
def complement(layout: Layout, cotarget: int = 1) -> Layout:
    """The layout that fills the holes of ``layout``'s image up to ``cotarget``."""
    shapes: list[int] = []
    strides: list[int] = []
    current = 1
    for stride, shape in sorted((d, s) for s, d in layout.modes()):
        if stride == 0 or shape == 1:
            continue
        if current > stride:
            raise CuteError(f"complement: {layout} overlaps itself, so it has no complement")
        shapes.append(stride // current)
        strides.append(current)
        current = shape * stride
    shapes.append(-(-cotarget // current))
    strides.append(current)
    return coalesce(Layout(tuple(shapes), tuple(strides)))


@checks_arguments(CuteError)
def logical_divide(a: Layout, b: Tiler) -> Layout:
    """``a`` split into (tile, rest) by ``b``: ``a o (b, complement(b, size(a)))``."""
    if isinstance(b, int):
        b = Layout(b)
    if isinstance(b, tuple):
        return _by_mode(a, b, "logical_divide")
    return composition(a, make_layout([b, complement(b, a.size)]))


@checks_arguments(CuteError)
def logical_product(a: Layout, b: Tiler) -> Layout:
    """``b`` copies of ``a``: ``(a, complement(a, size(a) * cosize(b)) o b)``."""
    if isinstance(b, int):
        b = Layout(b)
    if isinstance(b, tuple):
        return _by_mode(a, b, "logical_product")
    return make_layout([a, composition(complement(a, a.size * b.cosize), b)])


@checks_arguments(CuteError)
def right_inverse(layout: Layout) -> Layout:
    """``R`` with ``layout(R(i)) == i`` on the longest contiguous prefix of the image."""
    shapes: list[int] = []
    strides: list[int] = []
    current = 1
    flat_shape = flatten(layout.shape)
    flat_stride = flatten(layout.stride)
    prefix = flatten(prefix_product(flat_shape))
    for stride, shape, inverse_stride in sorted(zip(flat_stride, flat_shape, prefix)):
        if shape == 1:
            continue
        if current != stride:
            break
        shapes.append(shape)
        strides.append(inverse_stride)
        current = shape * stride
    return coalesce(Layout(tuple(shapes), tuple(strides)))


@checks_arguments(CuteError)
def left_inverse(layout: Layout) -> Layout:
    """``R`` with ``R(layout(i)) == i`` for an injective ``layout``."""
    return right_inverse(make_layout([layout, complement(layout)]))
