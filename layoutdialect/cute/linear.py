"""The bridge between CuTe layouts and F2 linear layouts, both ways.

A CuTe layout maps a coordinate to an offset.  It is F2-linear when its size is a power
of two and the columns ``stride << j`` of its modes have disjoint bits.  As a linear
layout its in-dims are its top-level modes (``dim0``, ``dim1``, ...; a nested mode's
coordinate is read first-mode-fastest) and its one out-dim is ``offset``.  The other way,
a linear layout with one out-dim is a plain CuTe layout when its columns are disjoint,
and ``Swizzle<B,M,S> o 0 o layout`` when some swizzle makes them so.

>>> from layoutdialect.cute.text import parse_cute
>>> layout = to_linear_layout(parse_cute("S<3,0,3> o (8,8):(8,1)"))
>>> [layout.apply({"dim0": 1, "dim1": 0})["offset"], layout.apply({"dim0": 0, "dim1": 1})["offset"]]
[9, 1]
>>> print(from_linear_layout(layout))
Swizzle<3,0,3> o 0 o (8,8):(8,1)
"""

from __future__ import annotations

from collections.abc import Sequence

from layoutdialect.cute.algebra import coalesce, make_layout
from layoutdialect.cute.layout import ComposedLayout, CuteError, Layout, Swizzle, flatten
from layoutdialect.cute.text import CuteValue, Table
from layoutdialect.f2 import LinearLayout, is_power_of_two, log2_exact
from layoutdialect.f2.arguments import checks_arguments
from layoutdialect.f2.bitmatrix import combine

__all__ = [
    "cute_columns",
    "cute_view_of_shared",
    "from_linear_layout",
    "shared_layout_from_cute",
    "to_linear_layout",
    "tv_view_of_distributed",
]


def _log2(size: int, what: str) -> int:
    if not is_power_of_two(size):
        raise CuteError(f"{what} has size {size}, not a power of two, so it is not F2-linear")
    return log2_exact(size)


def _modes(layout: Layout) -> list[Layout]:
    return [layout] if isinstance(layout.shape, int) else [layout[i] for i in range(len(layout))]


@checks_arguments(CuteError)
def cute_columns(value: CuteValue) -> list[tuple[str, list[int]]]:
    """Per in-dim (``dim0``, ...), the offset each coordinate bit moves to; ``CuteError`` unless
    the value is F2-linear."""
    if isinstance(value, int):
        value = Layout(value)
    if isinstance(value, Table):
        return [("dim0", _table_columns(value))]
    if isinstance(value, Swizzle):
        return [("dim0", [value(1 << bit) for bit in range(value.bits + value.base + abs(value.shift))])]
    if isinstance(value, tuple):
        raise CuteError("a tiler is not a layout")
    inner = value.inner if isinstance(value, ComposedLayout) else value
    columns = []
    for index, mode in enumerate(_modes(inner)):
        bits: list[int] = []
        for shape, stride in zip(flatten(mode.shape), flatten(mode.stride)):
            bits.extend(stride << j for j in range(_log2(shape, f"mode {index} of {inner}")))
        columns.append((f"dim{index}", bits))
    _check_disjoint([c for _, cs in columns for c in cs], str(inner))
    if isinstance(value, ComposedLayout):
        if value.offset != 0:
            raise CuteError(f"{value} has offset {value.offset}, so it is affine, not linear")
        outer = value.outer
        if isinstance(outer, Layout):
            outer_columns = cute_columns(outer)[0][1]
            columns = [(name, [_apply_columns(outer_columns, c) for c in cs]) for name, cs in columns]
        else:
            columns = [(name, [outer(c) for c in cs]) for name, cs in columns]
    return columns


def _apply_columns(columns: Sequence[int], value: int) -> int:
    if value >> len(columns):
        raise CuteError(f"offset {value} is outside the outer layout")
    return combine(columns, value)


def _table_columns(table: Table) -> list[int]:
    _log2(len(table.values), "the table")
    columns = [table.values[1 << bit] for bit in range((len(table.values) - 1).bit_length())]
    for index, value in enumerate(table.values):
        if _apply_columns(columns, index) != value:
            raise CuteError(f"the table is not F2-linear: entry {index} is {value}, not the XOR of its bits' entries")
    return columns


def _check_disjoint(columns: Sequence[int], what: str) -> None:
    seen = 0
    for column in columns:
        if seen & column:
            raise CuteError(f"{what} is not F2-linear: its columns share bits, so offsets carry")
        seen |= column


@checks_arguments(CuteError)
def to_linear_layout(value: CuteValue) -> LinearLayout:
    """``value`` as a linear layout from its modes ``dim0``, ... to ``offset``."""
    columns = cute_columns(value)
    reach = 0
    for _, cs in columns:
        for column in cs:
            reach |= column
    size = 1 << reach.bit_length()
    return LinearLayout.from_bases([(name, [[c] for c in cs]) for name, cs in columns], ["offset"], [size], False)


def _plain(columns: list[tuple[str, list[int]]]) -> Layout:
    modes = [coalesce(Layout(tuple(2 for _ in cs), tuple(cs))) if cs else Layout(1, 0) for _, cs in columns]
    return modes[0] if len(modes) == 1 else make_layout(modes)


def _disjoint(columns: Sequence[int]) -> bool:
    seen = 0
    for column in columns:
        if seen & column:
            return False
        seen |= column
    return True


@checks_arguments(CuteError)
def from_linear_layout(layout: LinearLayout) -> Layout | ComposedLayout | None:
    """The CuTe form of a linear layout to one out-dim: plain when its columns are disjoint,
    else ``Swizzle<B,M,S> o 0 o plain`` for the first swizzle (by B, M, S) that makes them
    disjoint; ``None`` when neither exists."""
    if layout.num_out_dims != 1:
        raise CuteError(f"a CuTe layout has one out-dim (an offset), this layout has {layout.num_out_dims}")
    columns = [(name, [int(b[0]) for b in vectors]) for name, vectors in layout.bases]
    flat = [c for _, cs in columns for c in cs]
    if _disjoint(flat):
        return _plain(columns)
    width = max(flat).bit_length()
    for bits in range(1, width + 1):
        for base in range(width):
            for shift in range(bits, width - base - bits + 1):
                swizzle = Swizzle(bits, base, shift)
                unswizzled = [(name, [swizzle(c) for c in cs]) for name, cs in columns]
                if _disjoint([c for _, cs in unswizzled for c in cs]):
                    return ComposedLayout(swizzle, 0, _plain(unswizzled))
    return None


@checks_arguments(CuteError)
def shared_layout_from_cute(value: CuteValue) -> LinearLayout:
    """Triton's view of a bijective CuTe layout: offset to tensor coordinates."""
    layout = to_linear_layout(value)
    if layout.get_out_dim_size("offset") != layout.get_total_in_dim_size() or not layout.is_invertible():
        raise CuteError(
            f"{value} does not place its {layout.get_total_in_dim_size()} elements at distinct offsets 0..n-1"
        )
    return layout.invert()


def _single_block(layout: LinearLayout) -> None:
    if layout.has_in_dim("block") and layout.get_in_dim_size("block") > 1:
        raise CuteError("a layout spread over several CTAs has no single CuTe layout")


@checks_arguments(CuteError)
def cute_view_of_shared(shared: LinearLayout) -> LinearLayout:
    """A Triton shared layout (``offset, block -> dims``) the CuTe way round: ``dims -> offset``."""
    _single_block(shared)
    offsets = shared.sublayout(["offset"], shared.get_out_dim_names())
    if not offsets.is_invertible():
        raise CuteError("the shared layout does not give every element its own offset")
    return offsets.invert()


@checks_arguments(CuteError)
def tv_view_of_distributed(layout: LinearLayout) -> LinearLayout:
    """A distributed layout as a CuTe TV layout: ``thread`` (lanes, then warps) and ``value``
    (registers) to the coordinate's index, first dim fastest (``m + M * n``)."""
    _single_block(layout)
    names = layout.get_out_dim_names()
    strides = {}
    stride = 1
    for name in names:
        strides[name] = stride
        stride *= layout.get_out_dim_size(name)
    bases = dict(layout.bases)

    def index(vector: list[int]) -> list[int]:
        return [sum(value * strides[name] for name, value in zip(names, vector))]

    return LinearLayout.from_bases(
        [
            ("thread", [index(b) for b in [*bases.get("lane", []), *bases.get("warp", [])]]),
            ("value", [index(b) for b in bases.get("register", [])]),
        ],
        ["offset"],
        [stride],
        require_surjective=False,
    )
