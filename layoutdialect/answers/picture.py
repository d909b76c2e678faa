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

from layoutdialect.analysis.layout_views import cute_grid_shape  # noqa: E402
from layoutdialect.answers.arguments import LayoutArgument  # noqa: E402
from layoutdialect.answers.cells import (  # noqa: E402
    cute_cells,
    distributed_cells,
    grid_shape,
    shared_cells,
)
from layoutdialect.target import SharedMemory  # noqa: E402

__all__ = ["MAX_LABELLED_CELLS", "draw_layout"]

MAX_LABELLED_CELLS = 64 * 64
"""Grids larger than this are drawn without text in the cells."""


def _cells(argument: LayoutArgument, element_bits: int, memory: SharedMemory) -> tuple[list[int], list[str]]:
    """Per element (row-major), the colour key (thread, or bank) and the label; CTA 0 only."""
    if argument.kind == "distributed":
        cells = distributed_cells(argument.layout)
        return [cell.keys["thread"] for cell in cells], [cell.label for cell in cells]
    cells = (shared_cells if argument.kind == "shared" else cute_cells)(argument.layout, element_bits, memory)
    return [cell.keys.get("bank", 0) for cell in cells], [cell.label for cell in cells]


def draw_layout(argument: LayoutArgument, path: Path, element_bits: int, memory: SharedMemory) -> None:
    """Write the picture of ``argument`` to ``path`` (``.svg`` or ``.png``), a shared layout's
    cells coloured by their bank in ``memory``."""
    keys, labels = _cells(argument, element_bits, memory)
    rows, cols = cute_grid_shape(argument.shape) if argument.kind == "cute" else grid_shape(argument.shape)
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
