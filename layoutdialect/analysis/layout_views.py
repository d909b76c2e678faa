r"""Text pictures of a layout, as Triton's ``getLayoutStr`` dumps print them.

For a distributed layout (``register, lane, warp, block -> dims``):

- ``element_view``: the tensor as nested brackets, each cell listing the threads that
  hold it as ``T<thread>:<register>`` (``|`` between copies; ``B<block>:`` first when
  there are several CTAs), byte for byte Triton's ``useHWPointOfView=false`` dump;
- ``thread_view``: per warp, one row per register and one column per lane, each cell
  the coordinates it holds (Triton's hardware view).

For a shared layout (``offset, block -> dims``): ``offset_grid`` puts each element's
offset in its cell, and ``offset_view`` lists what each offset holds (Triton's
hardware view).  For a CuTe layout (``dims -> offset``) the grid shows ``L(coordinate)``,
rows its first mode and columns the others, whatever its rank (``cute_offset_grid``).

>>> from layoutdialect.encodings import BlockedEncoding, CGALayout, to_linear_layout
>>> blocked = to_linear_layout(BlockedEncoding((1,), (8,), (4,), (0,), CGALayout.single(1)), [4])
>>> print(element_view(blocked).replace(",  ", ",\n "), end="")
[ T0:0| T4:0| T8:0|T12:0|T16:0|T20:0|T24:0|T28:0,
 T1:0| T5:0| T9:0|T13:0|T17:0|T21:0|T25:0|T29:0,
 T2:0| T6:0|T10:0|T14:0|T18:0|T22:0|T26:0|T30:0,
 T3:0| T7:0|T11:0|T15:0|T19:0|T23:0|T27:0|T31:0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product as cartesian
from math import prod

from layoutdialect.analysis.preconditions import AnalysisError, check_distributed, check_shared
from layoutdialect.f2 import LinearLayout
from layoutdialect.f2.arguments import checks_arguments

__all__ = [
    "cute_grid_points",
    "cute_grid_shape",
    "cute_offset_grid",
    "element_view",
    "grid",
    "hardware_points",
    "in_size",
    "linear_index",
    "offset_grid",
    "offset_view",
    "shared_points",
    "tensor_shape",
    "thread_view",
    "unflatten_index",
]


def _check_shape(shape: Sequence[int], what: str) -> None:
    if any(size < 1 for size in shape):
        raise AnalysisError(f"{what} must hold sizes of at least 1, got {list(shape)}")


def _pad(value: int, maximum: int) -> str:
    """``value`` right-aligned to the width of ``maximum`` (Triton's ``paddedString``)."""
    return str(value).rjust(len(str(maximum)))


@checks_arguments(AnalysisError)
def tensor_shape(layout: LinearLayout) -> list[int]:
    return [layout.get_out_dim_size(d) for d in layout.get_out_dim_names()]


@checks_arguments(AnalysisError)
def linear_index(coordinates: Sequence[int], shape: Sequence[int]) -> int:
    """The row-major index of ``coordinates`` in ``shape``."""
    if len(coordinates) != len(shape):
        raise AnalysisError(f"linear_index: coordinates {list(coordinates)} must give one per dim of {list(shape)}")
    return _linear_index(coordinates, shape)


def _linear_index(coordinates: Sequence[int], shape: Sequence[int]) -> int:
    index = 0
    for coordinate, size in zip(coordinates, shape):
        index = index * size + coordinate
    return index


@checks_arguments(AnalysisError)
def unflatten_index(index: int, shape: Sequence[int]) -> list[int]:
    """The coordinates of row-major ``index`` in ``shape`` (``linear_index`` undone)."""
    _check_shape(shape, "unflatten_index: shape")
    return _unflatten_index(index, shape)


def _unflatten_index(index: int, shape: Sequence[int]) -> list[int]:
    coordinates = []
    for size in reversed(shape):
        coordinates.append(index % size)
        index //= size
    return coordinates[::-1]


@checks_arguments(AnalysisError)
def grid(cells: Sequence[str], shape: Sequence[int], separator: str) -> str:
    """Row-major ``cells`` in nested brackets, one innermost row per line, as Triton prints them."""
    if not shape:
        raise AnalysisError("grid: shape must have at least one dim")
    _check_shape(shape, "grid: shape")
    if len(cells) != prod(shape):
        raise AnalysisError(f"grid: cells must hold one cell per element of {list(shape)}, got {len(cells)}")
    text = []
    total = len(cells)
    rank = len(shape)
    new_line = True
    for index in range(total):
        here = _unflatten_index(index, shape)
        opened = 0
        for dim in reversed(range(rank)):
            if here[dim] != 0:
                break
            text.append("[")
            opened += 1
        if new_line:
            text.append(" " * (rank - opened))
            new_line = False
        text.append(cells[index])
        following = _unflatten_index(index + 1, shape) if index + 1 < total else [0] * rank
        for dim in reversed(range(rank)):
            if following[dim] != 0:
                break
            text.append("]")
        if following[-1] == 0:
            text.append("\n")
            new_line = True
        else:
            text.append(separator)
    return "".join(text)


@checks_arguments(AnalysisError)
def in_size(layout: LinearLayout, dim: str) -> int:
    """The size of in-dim ``dim``, 1 when the layout has none."""
    return layout.get_in_dim_size(dim) if layout.has_in_dim(dim) else 1


@checks_arguments(AnalysisError)
def hardware_points(layout: LinearLayout) -> list[tuple[int, int, int, int, list[int]]]:
    """Every ``(block, warp, lane, register)`` of a distributed layout, in Triton's order,
    with the coordinates it holds."""
    check_distributed(layout, "hardware_points: layout")
    names = layout.get_out_dim_names()
    present = [d for d in ("register", "lane", "warp", "block") if layout.has_in_dim(d)]
    held = []
    for block, warp, lane, register in cartesian(
        range(in_size(layout, "block")),
        range(in_size(layout, "warp")),
        range(in_size(layout, "lane")),
        range(in_size(layout, "register")),
    ):
        inputs = {"register": register, "lane": lane, "warp": warp, "block": block}
        out = layout.apply({d: inputs[d] for d in present})
        held.append((block, warp, lane, register, [out[n] for n in names]))
    return held


@checks_arguments(AnalysisError)
def shared_points(layout: LinearLayout) -> list[tuple[int, int, list[int]]]:
    """Every ``(block, offset)`` of a shared layout with the coordinates it holds."""
    check_shared(layout, "shared_points: layout")
    names = layout.get_out_dim_names()
    points = []
    for block, offset in cartesian(range(in_size(layout, "block")), range(layout.get_in_dim_size("offset"))):
        inputs = {"offset": offset, "block": block}
        out = layout.apply({d: inputs[d] for d in layout.get_in_dim_names()})
        points.append((block, offset, [out[n] for n in names]))
    return points


@checks_arguments(AnalysisError)
def cute_grid_shape(sizes: Sequence[int]) -> tuple[int, int]:
    """Rows and columns of a CuTe layout's grid: its first mode down, the others across."""
    if not sizes:
        raise AnalysisError("cute_grid_shape: sizes must have at least one mode")
    _check_shape(sizes, "cute_grid_shape: sizes")
    if len(sizes) == 1:
        return 1, sizes[0]
    return sizes[0], prod(sizes[1:])


def _check_cute(layout: LinearLayout, what: str) -> None:
    if not layout.num_in_dims or layout.get_out_dim_names() != ["offset"]:
        raise AnalysisError(
            f"{what} must map some dims to 'offset' alone (a CuTe layout); it maps "
            f"{layout.get_in_dim_names()} to {layout.get_out_dim_names()}"
        )


@checks_arguments(AnalysisError)
def cute_grid_points(layout: LinearLayout) -> list[tuple[list[int], int]]:
    """Each cell of a CuTe-style layout's (``dims -> offset``) grid, row by row: its
    coordinate and offset.  Coordinates are read first-mode-fastest, as CuTe reads
    them, so row ``i`` and column ``j`` hold ``L(i + rows * j)``."""
    _check_cute(layout, "cute_grid_points: layout")
    names = layout.get_in_dim_names()
    sizes = [layout.get_in_dim_size(n) for n in names]
    rows, columns = cute_grid_shape(sizes)
    points = []
    for row, column in cartesian(range(rows), range(columns)):
        index, coordinates = row + rows * column, []
        for size in sizes:
            coordinates.append(index % size)
            index //= size
        points.append((coordinates, layout.apply(dict(zip(names, coordinates)))["offset"]))
    return points


@checks_arguments(AnalysisError)
def cute_offset_grid(layout: LinearLayout) -> str:
    """The offset a CuTe-style layout gives each coordinate, as a grid (``cute_grid_points``).

    >>> from layoutdialect.cute.linear import to_linear_layout
    >>> from layoutdialect.cute.text import parse_cute
    >>> print(cute_offset_grid(to_linear_layout(parse_cute("(2,2,2,2):(1,2,4,8)"))), end="")
    [[ 0,  2,  4,  6,  8, 10, 12, 14]
    [  1,  3,  5,  7,  9, 11, 13, 15]]
    """
    _check_cute(layout, "cute_offset_grid: layout")
    sizes = [layout.get_in_dim_size(n) for n in layout.get_in_dim_names()]
    rows, columns = cute_grid_shape(sizes)
    largest = max(1, layout.get_out_dim_size("offset") - 1)
    cells = [_pad(offset, largest) for _, offset in cute_grid_points(layout)]
    return grid(cells, (rows, columns) if len(sizes) > 1 else (columns,), ", ")


@checks_arguments(AnalysisError)
def element_view(layout: LinearLayout) -> str:
    """Which threads and registers hold each element (Triton's element dump)."""
    check_distributed(layout, "element_view: layout")
    if not layout.num_out_dims:
        raise AnalysisError("element_view: layout must have out-dims (a tensor of rank 1 or more)")
    shape = tensor_shape(layout)
    lanes, warps, blocks = in_size(layout, "lane"), in_size(layout, "warp"), in_size(layout, "block")
    registers = in_size(layout, "register")
    cells = [""] * (layout.get_total_out_dim_size())
    for block, warp, lane, register, coordinates in hardware_points(layout):
        thread = lane + warp * lanes
        cell = _linear_index(coordinates, shape)
        text = "|" if cells[cell] else ""
        padding = (
            len(str(blocks)) - len(str(block))
            + len(str(warps * lanes)) - len(str(thread))
            + len(str(registers)) - len(str(register))
        )  # fmt: skip
        text += " " * padding + (f"B{block}:" if blocks > 1 else "") + f"T{thread}:{register}"
        cells[cell] += text
    return grid(cells, shape, ", ")


@checks_arguments(AnalysisError)
def thread_view(layout: LinearLayout) -> str:
    """Per warp, register by lane, the coordinates each holds (Triton's hardware dump)."""
    check_distributed(layout, "thread_view: layout")
    shape = tensor_shape(layout)
    lanes, blocks = in_size(layout, "lane"), in_size(layout, "block")
    rows: dict[tuple[int, int, int], list[str]] = {}
    for block, warp, _, register, coordinates in hardware_points(layout):
        text = "(" + ",".join(_pad(c, s) for c, s in zip(coordinates, shape)) + ")"
        rows.setdefault((block, warp, register), []).append(text)
    out = []
    last: tuple[int, int] | None = None
    for (block, warp, _), cells in rows.items():
        if blocks > 1 and (last is None or last[0] != block):
            out.append(f"Block{block}:\n")
        if last != (block, warp):
            out.append(f"Warp{warp}:\n")
            last = (block, warp)
        assert len(cells) == lanes
        out.append(", ".join(cells) + "\n")
    return "".join(out)


def _offset_cells(layout: LinearLayout, label: Callable[[int, int], str]) -> list[str]:
    shape = tensor_shape(layout)
    cells = [""] * layout.get_total_out_dim_size()
    for block, offset, coordinates in shared_points(layout):
        cell = _linear_index(coordinates, shape)
        cells[cell] += ("|" if cells[cell] else "") + label(block, offset)
    return cells


@checks_arguments(AnalysisError)
def offset_grid(layout: LinearLayout) -> str:
    """The shared-memory offset of each element (``block:offset`` with several CTAs)."""
    check_shared(layout, "offset_grid: layout")
    if not layout.num_out_dims:
        raise AnalysisError("offset_grid: layout must have out-dims (a tensor of rank 1 or more)")
    blocks = in_size(layout, "block")
    largest = layout.get_in_dim_size("offset") - 1

    def label(block: int, offset: int) -> str:
        return (f"{block}:" if blocks > 1 else "") + _pad(offset, largest)

    return grid(_offset_cells(layout, label), tensor_shape(layout), ", ")


@checks_arguments(AnalysisError)
def offset_view(layout: LinearLayout) -> str:
    """What each shared-memory offset holds (Triton's hardware dump of a shared layout)."""
    check_shared(layout, "offset_view: layout")
    shape = tensor_shape(layout)
    out = []
    for block, offset, coordinates in shared_points(layout):
        if offset == 0:
            out.append(f"Block: {block}:\n")
        out.append(f"Offset: {offset} -> (" + ",".join(_pad(c, s) for c, s in zip(coordinates, shape)) + ")\n")
    return "".join(out)
