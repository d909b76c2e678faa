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

Every view evaluates the layout at all its inputs at once, in plain Python
(``tensor_index_values``: the XOR of each input bit's basis, written as the row-major
index of the coordinates it gives), so a small layout prints without loading numpy and
one of 2^20 elements in seconds; ``layout_values`` gives the same values as arrays.

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
from math import prod
from typing import TYPE_CHECKING

from layoutdialect.analysis.preconditions import AnalysisError, check_distributed, check_shared
from layoutdialect.f2 import LinearLayout
from layoutdialect.f2.arguments import checks_arguments

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "DISTRIBUTED_ORDER",
    "MAX_VALUES",
    "SHARED_ORDER",
    "cute_grid_points",
    "cute_grid_shape",
    "cute_offset_grid",
    "element_view",
    "grid",
    "hardware_points",
    "in_size",
    "layout_values",
    "linear_index",
    "offset_grid",
    "offset_view",
    "shared_points",
    "tensor_index_values",
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
    """Row-major ``cells`` in nested brackets, one innermost row per line, as Triton prints them:
    a row opens a bracket for each dim it starts (the last dim and each earlier one whose
    coordinate is 0 there) and closes one for each dim the next row starts."""
    if not shape:
        raise AnalysisError("grid: shape must have at least one dim")
    _check_shape(shape, "grid: shape")
    if len(cells) != prod(shape):
        raise AnalysisError(f"grid: cells must hold one cell per element of {list(shape)}, got {len(cells)}")
    rank, columns = len(shape), shape[-1]
    rows = len(cells) // columns
    leading = list(shape[:-1])

    def starts(row: int) -> int:
        """How many dims, the last one included, start at the beginning of ``row``."""
        coordinates = _unflatten_index(row % max(rows, 1), leading) if leading else []
        started = 1
        for coordinate in reversed(coordinates):
            if coordinate:
                break
            started += 1
        return started

    text = []
    opened = starts(0)
    for row in range(rows):
        closed = starts(row + 1)
        text.append("[" * opened + " " * (rank - opened))
        text.append(separator.join(cells[row * columns : (row + 1) * columns]))
        text.append("]" * closed + "\n")
        opened = closed
    return "".join(text)


@checks_arguments(AnalysisError)
def in_size(layout: LinearLayout, dim: str) -> int:
    """The size of in-dim ``dim``, 1 when the layout has none."""
    return layout.get_in_dim_size(dim) if layout.has_in_dim(dim) else 1


DISTRIBUTED_ORDER = ("block", "warp", "lane", "register")
"""The inputs of a distributed layout in Triton's order, slowest first."""

SHARED_ORDER = ("block", "offset")
"""The inputs of a shared layout, slowest first."""


MAX_VALUES = 1 << 27
"""The most values ``tensor_index_values`` and ``layout_values`` evaluate (1 GiB of
int64), past every size the answers accept."""


def _check_values(layout: LinearLayout, order: Sequence[str], what: str) -> None:
    outs = len(layout.get_out_dim_names())
    entries = prod(layout.get_in_dim_size(dim) for dim in order if layout.has_in_dim(dim)) * max(outs, 1)
    if entries > MAX_VALUES:
        raise AnalysisError(
            f"{what}: the layout over {list(order)} has {entries} values, more than the {MAX_VALUES} "
            "it evaluates at once"
        )


def _index_columns(layout: LinearLayout, dim: str) -> list[int]:
    """Each basis of in-dim ``dim`` (none when the layout lacks it) as the row-major index
    of its coordinates: the out-dims' sizes are powers of two, so that index is the
    coordinates' bits side by side, and the index of an XOR is the XOR of the indices."""
    if not layout.has_in_dim(dim):
        return []
    shifts = _index_shifts(layout)
    return [sum(c << shift for c, shift in zip(basis, shifts)) for basis in dict(layout.bases)[dim]]


def _index_shifts(layout: LinearLayout) -> list[int]:
    """Where each out-dim's coordinate sits in a row-major index: the bits of the later dims below it."""
    sizes = [layout.get_out_dim_size_log2(d) for d in layout.get_out_dim_names()]
    return [sum(sizes[i + 1 :]) for i in range(len(sizes))]


@checks_arguments(AnalysisError)
def tensor_index_values(layout: LinearLayout, order: Sequence[str]) -> tuple[list[int], list[int]]:
    """The size of each in-dim of ``order`` (1 for a dim the layout lacks), and the
    row-major index of the coordinates the layout gives each input, the inputs row-major
    over ``order`` (its last dim fastest).

    >>> from layoutdialect.f2 import LinearLayout
    >>> layout = LinearLayout.from_bases([("lane", [[0, 1], [1, 0]]), ("register", [[0, 2]])], ["dim0", "dim1"])
    >>> tensor_index_values(layout, ["lane", "register"])
    ([4, 2], [0, 2, 1, 3, 4, 6, 5, 7])
    """
    _check_values(layout, order, "tensor_index_values")
    values, sizes = [0], []
    for dim in order:
        table = [0]
        for column in _index_columns(layout, dim):
            table += [entry ^ column for entry in table]
        sizes.append(len(table))
        values = [value ^ entry for value in values for entry in table] if len(table) > 1 else values
    return sizes, values


def _coordinates(layout: LinearLayout) -> list[tuple[int, int]]:
    """The shift and mask that take each out-dim's coordinate out of a row-major index."""
    return [
        (shift, layout.get_out_dim_size(d) - 1) for shift, d in zip(_index_shifts(layout), layout.get_out_dim_names())
    ]


def _unpacker(layout: LinearLayout) -> Callable[[int], list[int]]:
    """The coordinates of a row-major index of ``layout``'s tensor."""
    dims = _coordinates(layout)
    return lambda index: [index >> shift & mask for shift, mask in dims]


@checks_arguments(AnalysisError)
def layout_values(layout: LinearLayout, order: Sequence[str]) -> np.ndarray:
    """The layout at every input, as an array: an axis per in-dim of ``order`` (its size,
    1 for a dim the layout lacks), in that order, and a last axis of the out-dims' values.

    >>> from layoutdialect.f2 import LinearLayout
    >>> layout = LinearLayout.from_bases([("lane", [[1], [2]]), ("register", [[4]])], ["dim0"])
    >>> layout_values(layout, ["lane", "register"])[..., 0].tolist()
    [[0, 4], [1, 5], [2, 6], [3, 7]]
    """
    import numpy as np

    sizes, values = tensor_index_values(layout, order)
    index = np.array(values, dtype=np.int64).reshape(sizes + [1])
    columns = [(index >> shift) & mask for shift, mask in _coordinates(layout)]
    return np.concatenate(columns, axis=-1) if columns else np.zeros(sizes + [0], dtype=np.int64)


@checks_arguments(AnalysisError)
def hardware_points(layout: LinearLayout) -> list[tuple[int, int, int, int, list[int]]]:
    """Every ``(block, warp, lane, register)`` of a distributed layout, in Triton's order,
    with the coordinates it holds."""
    check_distributed(layout, "hardware_points: layout")
    (blocks, warps, lanes, registers), values = tensor_index_values(layout, DISTRIBUTED_ORDER)
    points = (
        (b, w, lane, r) for b in range(blocks) for w in range(warps) for lane in range(lanes) for r in range(registers)
    )
    coordinates = _unpacker(layout)
    return [(b, w, lane, r, coordinates(value)) for (b, w, lane, r), value in zip(points, values)]


@checks_arguments(AnalysisError)
def shared_points(layout: LinearLayout) -> list[tuple[int, int, list[int]]]:
    """Every ``(block, offset)`` of a shared layout with the coordinates it holds."""
    check_shared(layout, "shared_points: layout")
    (_, offsets), values = tensor_index_values(layout, SHARED_ORDER)
    coordinates = _unpacker(layout)
    return [(index // offsets, index % offsets, coordinates(value)) for index, value in enumerate(values)]


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


def _cute_offsets(layout: LinearLayout) -> tuple[int, int, list[int]]:
    """Rows, columns and the offset of each cell of a CuTe-style layout's grid, row-major."""
    sizes = [layout.get_in_dim_size(n) for n in layout.get_in_dim_names()]
    rows, columns = cute_grid_shape(sizes)
    _, by_index = tensor_index_values(layout, layout.get_in_dim_names()[::-1])
    return rows, columns, [by_index[row + rows * column] for row in range(rows) for column in range(columns)]


@checks_arguments(AnalysisError)
def cute_grid_points(layout: LinearLayout) -> list[tuple[list[int], int]]:
    """Each cell of a CuTe-style layout's (``dims -> offset``) grid, row by row: its
    coordinate and offset.  Coordinates are read first-mode-fastest, as CuTe reads
    them, so row ``i`` and column ``j`` hold ``L(i + rows * j)``."""
    _check_cute(layout, "cute_grid_points: layout")
    sizes = [layout.get_in_dim_size(n) for n in layout.get_in_dim_names()]
    rows, columns, offsets = _cute_offsets(layout)
    points = []
    for cell, offset in enumerate(offsets):
        row, column = divmod(cell, columns)
        index, coordinates = row + rows * column, []
        for size in sizes:
            coordinates.append(index % size)
            index //= size
        points.append((coordinates, offset))
    return points


def _padded(count: int, largest: int) -> list[str]:
    """``0 .. count - 1``, each right-aligned to the width of ``largest`` (``_pad`` of each)."""
    width = len(str(largest))
    return [str(value).rjust(width) for value in range(count)]


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
    rank = layout.num_in_dims
    rows, columns, offsets = _cute_offsets(layout)
    largest = max(1, layout.get_out_dim_size("offset") - 1)
    labels = _padded(largest + 1, largest)
    return grid([labels[offset] for offset in offsets], (rows, columns) if rank > 1 else (columns,), ", ")


def _held_cells(index: list[int], texts: list[str], cells: int) -> list[str]:
    """Per cell, the texts of the points whose cell is ``index``, in the points' order,
    joined by ``|``; ``""`` for a cell no point holds."""
    held: list[list[str]] = [[] for _ in range(cells)]
    for cell, text in zip(index, texts):
        held[cell].append(text)
    return ["|".join(texts) for texts in held]


@checks_arguments(AnalysisError)
def element_view(layout: LinearLayout) -> str:
    """Which threads and registers hold each element (Triton's element dump)."""
    check_distributed(layout, "element_view: layout")
    if not layout.num_out_dims:
        raise AnalysisError("element_view: layout must have out-dims (a tensor of rank 1 or more)")
    shape = tensor_shape(layout)
    (blocks, warps, lanes, registers), index = tensor_index_values(layout, DISTRIBUTED_ORDER)
    width = len(str(warps * lanes)) + len(str(registers)) + 2 + (len(str(blocks)) + 2 if blocks > 1 else 0)
    threads = [f"T{thread}:" for thread in range(warps * lanes)]
    texts = [
        (f"B{block}:" if blocks > 1 else "") + f"{threads[thread]}{register}"
        for block in range(blocks)
        for thread in range(warps * lanes)
        for register in range(registers)
    ]
    return grid(_held_cells(index, [text.rjust(width) for text in texts], prod(shape)), shape, ", ")


def _coordinate_texts(layout: LinearLayout, index: list[int]) -> list[str]:
    """``(c0,c1,...)`` of the coordinates of each row-major ``index``, each padded to its dim's width."""
    shape = tensor_shape(layout)
    dims = [(shift, mask, _padded(size, size)) for (shift, mask), size in zip(_coordinates(layout), shape)]
    return ["(" + ",".join(padded[value >> shift & mask] for shift, mask, padded in dims) + ")" for value in index]


@checks_arguments(AnalysisError)
def thread_view(layout: LinearLayout) -> str:
    """Per warp, register by lane, the coordinates each holds (Triton's hardware dump)."""
    check_distributed(layout, "thread_view: layout")
    (blocks, warps, registers, lanes), index = tensor_index_values(layout, ("block", "warp", "register", "lane"))
    texts = _coordinate_texts(layout, index)
    out = []
    row = 0
    for block in range(blocks):
        if blocks > 1:
            out.append(f"Block{block}:\n")
        for warp in range(warps):
            out.append(f"Warp{warp}:\n")
            for _ in range(registers):
                out.append(", ".join(texts[row * lanes : (row + 1) * lanes]) + "\n")
                row += 1
    return "".join(out)


def _offset_cells(layout: LinearLayout) -> list[str]:
    """Per element, the offsets that hold it (``block:offset`` with several CTAs)."""
    (blocks, offsets), index = tensor_index_values(layout, SHARED_ORDER)
    labels = _padded(offsets, offsets - 1)
    texts = [f"{block}:{label}" for block in range(blocks) for label in labels] if blocks > 1 else labels
    return _held_cells(index, texts, layout.get_total_out_dim_size())


@checks_arguments(AnalysisError)
def offset_grid(layout: LinearLayout) -> str:
    """The shared-memory offset of each element (``block:offset`` with several CTAs)."""
    check_shared(layout, "offset_grid: layout")
    if not layout.num_out_dims:
        raise AnalysisError("offset_grid: layout must have out-dims (a tensor of rank 1 or more)")
    return grid(_offset_cells(layout), tensor_shape(layout), ", ")


@checks_arguments(AnalysisError)
def offset_view(layout: LinearLayout) -> str:
    """What each shared-memory offset holds (Triton's hardware dump of a shared layout)."""
    check_shared(layout, "offset_view: layout")
    (blocks, offsets), index = tensor_index_values(layout, SHARED_ORDER)
    texts = _coordinate_texts(layout, index)
    out = []
    for block in range(blocks):
        out.append(f"Block: {block}:\n")
        out += [f"Offset: {offset} -> {texts[block * offsets + offset]}\n" for offset in range(offsets)]
    return "".join(out)
