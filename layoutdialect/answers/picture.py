"""``layout-tool show --svg/--png``: the element grid drawn with matplotlib, one colour per
thread for a distributed layout and per bank for a shared or CuTe one, as the pictures
of the swizzle literature do.  Tensors of rank above 2 fold their leading dims into rows.

Sizes: a grid of up to ``MAX_LABELLED_CELLS`` (32x32) cells is drawn cell by cell with
each cell's label (``T3:1``, or the offset); up to ``MAX_OUTLINED_CELLS`` (64x64) cell by
cell without labels; larger grids, up to ``MAX_ELEMENTS`` (2^20) cells, as one image of
the colours.  Each label costs matplotlib about 2 ms and each outlined cell 0.3 ms, so
every picture takes a few seconds at most.  Elements no CTA 0 input holds are grey.
"""

from __future__ import annotations

from math import prod
from pathlib import Path

import matplotlib
import numpy as np

matplotlib.use("Agg")

from matplotlib import pyplot  # noqa: E402
from matplotlib.collections import PatchCollection  # noqa: E402
from matplotlib.colors import hsv_to_rgb  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from layoutdialect.analysis.layout_views import (  # noqa: E402
    DISTRIBUTED_ORDER,
    SHARED_ORDER,
    cute_grid_shape,
    layout_values,
    tensor_index_values,
)
from layoutdialect.answers.arguments import LayoutArgument, LayoutArgumentError  # noqa: E402
from layoutdialect.answers.cells import bank_of, grid_shape  # noqa: E402
from layoutdialect.answers.limits import MAX_ELEMENTS, power_of_two  # noqa: E402
from layoutdialect.target import SharedMemory  # noqa: E402

__all__ = ["MAX_LABELLED_CELLS", "MAX_OUTLINED_CELLS", "draw_layout"]

MAX_LABELLED_CELLS = 32 * 32
"""Grids larger than this are drawn without text in the cells."""

MAX_OUTLINED_CELLS = 64 * 64
"""Grids larger than this are drawn as one image, without cell outlines."""

MAX_FIGURE_INCHES = 40.0
"""The widest and tallest picture of outlined cells (64 columns take 35 inches)."""

IMAGE_INCHES, IMAGE_DPI = 20.0, 100
"""The widest and tallest picture of a grid drawn as an image, and its resolution: 2000
pixels, a pixel or more per cell of a 1024x1024 grid (outlined cells are drawn at 200)."""

UNHELD = -1
"""The key of an element no input of CTA 0 holds."""


def _keys(
    argument: LayoutArgument, element_bits: int, memory: SharedMemory, labelled: bool
) -> tuple[np.ndarray, list[str]]:
    """Per element (row-major, CTA 0 only), the colour key (thread, or bank; ``UNHELD``) and,
    when ``labelled``, the label, from the first input that holds it."""
    layout = argument.layout
    if argument.kind == "cute":
        names = layout.get_in_dim_names()
        rows, cols = cute_grid_shape([layout.get_in_dim_size(n) for n in names])
        by_index = layout_values(layout, names[::-1])[..., 0].reshape(-1)
        offsets = by_index.reshape(cols, rows).T.reshape(-1)
        return bank_of(offsets, element_bits, memory), [str(o) for o in offsets.tolist()] if labelled else []
    shape = list(argument.shape)
    size = int(np.prod(shape))
    order = DISTRIBUTED_ORDER if argument.kind == "distributed" else SHARED_ORDER
    sizes, values = tensor_index_values(layout, order)
    in_cta = sizes[1:]
    index = np.array(values[: prod(in_cta)], dtype=np.int64)
    held, first = np.unique(index, return_index=True)
    keys = np.full(size, UNHELD, dtype=np.int64)
    labels = [""] * size if labelled else []
    if argument.kind == "distributed":
        warp, lane, register = (axis.reshape(-1)[first] for axis in np.indices(in_cta))
        thread = warp * in_cta[1] + lane
        keys[held] = thread
        texts = [f"T{t}:{r}" for t, r in zip(thread.tolist(), register.tolist())] if labelled else []
    else:
        keys[held] = bank_of(first, element_bits, memory)
        texts = [str(offset) for offset in first.tolist()] if labelled else []
    for element, text in zip(held.tolist(), texts):
        labels[element] = text
    return keys, labels


def _colours(keys: np.ndarray) -> np.ndarray:
    """An RGB colour per key: hues spread by the golden ratio over the distinct keys, in order."""
    distinct, rank = np.unique(keys, return_inverse=True)
    hues = (np.arange(len(distinct)) * 0.61803398875) % 1.0
    palette = hsv_to_rgb(np.stack([hues, np.full_like(hues, 0.45), np.full_like(hues, 0.95)], axis=1))
    if len(distinct) and distinct[0] == UNHELD:
        palette[0] = (0.85, 0.85, 0.85)
    return np.asarray(palette)[rank.reshape(-1)]


def draw_layout(
    argument: LayoutArgument, path: Path, element_bits: int, memory: SharedMemory, option: str = "--svg"
) -> None:
    """Write the picture of ``argument`` to ``path`` in the format ``option`` names (``--svg``
    or ``--png``), a shared layout's cells coloured by their bank in ``memory``; a grid too
    large or a path that cannot be written is an error at ``option``."""
    picture_format = option.removeprefix("--")
    rows, cols = cute_grid_shape(argument.shape) if argument.kind == "cute" else grid_shape(argument.shape)
    if rows * cols > MAX_ELEMENTS:
        message = f"the grid has {rows * cols} cells; pictures draw at most {power_of_two(MAX_ELEMENTS)}"
        raise LayoutArgumentError(option, str(path), 1, message)
    positions = argument.layout.get_total_in_dim_size()
    if positions > MAX_ELEMENTS:
        message = f"the layout has {positions} holders to place; pictures place at most {power_of_two(MAX_ELEMENTS)}"
        raise LayoutArgumentError(option, str(path), 1, message)
    keys, labels = _keys(argument, element_bits, memory, rows * cols <= MAX_LABELLED_CELLS)
    colours = _colours(keys)
    outlined = rows * cols <= MAX_OUTLINED_CELLS
    cell = min(1.0, (MAX_FIGURE_INCHES if outlined else IMAGE_INCHES) / max(cols * 0.55, rows * 0.32))
    figure, axes = pyplot.subplots(figsize=(max(2.0, cols * 0.55 * cell), max(1.0, rows * 0.32 * cell)))
    try:
        if outlined:
            cells = [Rectangle((col, rows - 1 - row), 1, 1) for row in range(rows) for col in range(cols)]
            axes.add_collection(PatchCollection(cells, facecolors=colours, edgecolors="white", linewidths=0.5))
            axes.set_aspect("equal")
        else:
            axes.imshow(colours.reshape(rows, cols, 3), extent=(0, cols, 0, rows), interpolation="nearest")
            axes.set_aspect("auto")
        for index, label in enumerate(labels):
            row, col = divmod(index, cols)
            axes.text(col + 0.5, rows - 0.5 - row, label, ha="center", va="center", fontsize=5)
        axes.set_xlim(0, cols)
        axes.set_ylim(0, rows)
        axes.axis("off")
        coloured_by = "thread" if argument.kind == "distributed" else f"bank ({element_bits}-bit elements)"
        axes.set_title(
            f"{argument.kind} layout {'x'.join(map(str, argument.shape))}, coloured by {coloured_by}", fontsize=7
        )
        dpi = 200 if outlined else IMAGE_DPI
        try:
            figure.savefig(
                path, format=picture_format, bbox_inches="tight", dpi=dpi, metadata=_metadata(picture_format)
            )
        except OSError as error:
            message = f"cannot write the picture: {error.strerror or error}"
            raise LayoutArgumentError(option, str(path), 1, message) from None
    finally:
        pyplot.close(figure)


def _metadata(picture_format: str) -> dict[str, object]:
    """No creation date, so the same layout always gives the same file."""
    if picture_format == "svg":
        return {"Date": None}
    return {}
