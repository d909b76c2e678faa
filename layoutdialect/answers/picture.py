"""``layout-tool show --svg/--png``: the element grid drawn with matplotlib, one colour per
thread for a distributed layout and per bank for a shared or CuTe one, as the pictures
of the swizzle literature do.  Tensors of rank above 2 fold their leading dims into rows.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from matplotlib import pyplot  # noqa: E402
from matplotlib.colors import hsv_to_rgb  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from layoutdialect.analysis.layout_views import (  # noqa: E402
    coordinate_offsets,
    hardware_points,
    linear_index,
    shared_points,
    tensor_shape,
)
from layoutdialect.answers.arguments import LayoutArgument  # noqa: E402
from layoutdialect.f2 import LinearLayout  # noqa: E402
from layoutdialect.target import BANK_BITS, SharedMemory  # noqa: E402

__all__ = ["MAX_LABELLED_CELLS", "draw_layout"]

MAX_LABELLED_CELLS = 64 * 64
"""Grids larger than this are drawn without text in the cells."""


def _grid_shape(shape: tuple[int, ...]) -> tuple[int, int]:
    if len(shape) == 1:
        return 1, shape[0]
    rows = 1
    for size in shape[:-1]:
        rows *= size
    return rows, shape[-1]


def _cells(argument: LayoutArgument, element_bits: int, memory: SharedMemory) -> tuple[list[int], list[str]]:
    """Per element (row-major), the colour key and the label; CTA 0 only."""
    layout = argument.layout
    keys: dict[int, int] = {}
    labels: dict[int, str] = {}
    if argument.kind == "distributed":
        shape = tensor_shape(layout)
        lanes = layout.get_in_dim_size("lane")
        for block, warp, lane, register, coordinates in hardware_points(layout):
            index = linear_index(coordinates, shape)
            if block == 0 and index not in keys:
                keys[index] = lane + warp * lanes
                labels[index] = f"T{lane + warp * lanes}:{register}"
    else:
        for index, offset in enumerate(_offsets(argument)):
            keys[index] = (offset * element_bits // BANK_BITS) % memory.banks
            labels[index] = str(offset)
    total = len(keys)
    return [keys[i] for i in range(total)], [labels[i] for i in range(total)]


def _offsets(argument: LayoutArgument) -> list[int]:
    """The offset of each element, row-major."""
    layout: LinearLayout = argument.layout
    if argument.kind == "cute":
        return coordinate_offsets(layout)
    shape = tensor_shape(layout)
    offsets = [0] * layout.get_total_out_dim_size()
    for block, offset, coordinates in shared_points(layout):
        if block == 0:
            offsets[linear_index(coordinates, shape)] = offset
    return offsets


def draw_layout(argument: LayoutArgument, path: Path, element_bits: int, memory: SharedMemory) -> None:
    """Write the picture of ``argument`` to ``path`` (``.svg`` or ``.png``), a shared layout's
    cells coloured by their bank in ``memory``."""
    keys, labels = _cells(argument, element_bits, memory)
    rows, cols = _grid_shape(argument.shape)
    distinct = sorted(set(keys))
    hues = {key: (i * 0.61803398875) % 1.0 for i, key in enumerate(distinct)}
    figure, axes = pyplot.subplots(figsize=(max(2.0, cols * 0.55), max(1.0, rows * 0.32)))
    try:
        for index, key in enumerate(keys):
            row, col = divmod(index, cols)
            colour = hsv_to_rgb((hues[key], 0.45, 0.95))
            axes.add_patch(Rectangle((col, rows - 1 - row), 1, 1, facecolor=colour, edgecolor="white", lw=0.5))
            if rows * cols <= MAX_LABELLED_CELLS:
                axes.text(col + 0.5, rows - 0.5 - row, labels[index], ha="center", va="center", fontsize=5)
        axes.set_xlim(0, cols)
        axes.set_ylim(0, rows)
        axes.set_aspect("equal")
        axes.axis("off")
        coloured_by = "thread" if argument.kind == "distributed" else f"bank ({element_bits}-bit elements)"
        axes.set_title(
            f"{argument.kind} layout {'x'.join(map(str, argument.shape))}, coloured by {coloured_by}", fontsize=7
        )
        figure.savefig(path, format=path.suffix.lstrip("."), bbox_inches="tight", dpi=200, metadata=_metadata(path))
    finally:
        pyplot.close(figure)


def _metadata(path: Path) -> dict[str, object]:
    """No creation date, so the same layout always gives the same file."""
    if path.suffix == ".svg":
        return {"Date": None}
    return {}
