"""``layout-tool show``: which thread and register (or which offset) holds each element.

Small layouts print as Triton's layout dumps (``layoutdialect.analysis.layout_views``):
the element grid, then the inverse view.  Layouts of more than ``max_cells`` elements
print a summary instead: the linear layout's bases, the sizes of each hardware
dimension, the copies each element has, and what thread 0 holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from layoutdialect.analysis.duplicates import find_duplicates
from layoutdialect.analysis.layout_views import (
    cute_offset_grid,
    element_view,
    grid,
    hardware_points,
    offset_grid,
    offset_view,
    shared_points,
    thread_view,
)
from layoutdialect.answers.arguments import (
    LayoutArgument,
    NonLinearCuteLayout,
    parse_element_bits,
    parse_layout_argument,
    parse_shape_option,
    parse_target,
)
from layoutdialect.cute.layout import ComposedLayout, Layout, product
from layoutdialect.cute.text import CuteValue
from layoutdialect.dialect.diagnostics import IRError, SourceLocation
from layoutdialect.f2 import LinearLayout
from layoutdialect.f2.matrix_view import BitMatrix, layout_matrix

__all__ = [
    "DEFAULT_MAX_CELLS",
    "CuteGridAnswer",
    "ShowAnswer",
    "ask",
    "show_cute_value",
    "show_layout",
    "show_matrix",
]

DEFAULT_MAX_CELLS = 4096


def _holders(layout: LinearLayout) -> dict[tuple[int, ...], list[dict[str, int]]]:
    lanes = layout.get_in_dim_size("lane")
    held: dict[tuple[int, ...], list[dict[str, int]]] = {}
    for block, warp, lane, register, coordinates in hardware_points(layout):
        entry = {"register": register, "lane": lane, "warp": warp, "block": block, "thread": lane + warp * lanes}
        held.setdefault(tuple(coordinates), []).append(entry)
    return held


@dataclass(frozen=True)
class ShowAnswer:
    argument: LayoutArgument
    body: str
    matrix: BitMatrix | None = None
    """The F2 matrix, when it was asked for (``--matrix``)."""

    def text(self) -> str:
        return self.body

    def to_json(self) -> dict[str, Any]:
        layout = self.argument.layout
        entry: dict[str, Any] = {
            "kind": self.argument.kind,
            "shape": list(self.argument.shape),
            "linear_layout": {
                "bases": {name: vectors for name, vectors in layout.bases},
                "out_dims": {name: layout.get_out_dim_size(name) for name in layout.get_out_dim_names()},
            },
        }
        if self.matrix is not None:
            return entry | {"matrix": self.matrix.to_json()}
        if self.argument.kind == "distributed":
            entry["elements"] = [
                {"coordinates": list(coordinates), "holders": holders}
                for coordinates, holders in sorted(_holders(layout).items())
            ]
        elif self.argument.kind == "shared":
            entry["offsets"] = [
                {"offset": offset, "coordinates": coordinates}
                for block, offset, coordinates in shared_points(layout)
                if block == 0
            ]
        else:
            names = layout.get_in_dim_names()
            entry["offsets"] = [
                {"index": index, "offset": layout.apply(_cute_input(layout, index))["offset"]}
                for index in range(layout.get_total_in_dim_size())
            ]
            entry["in_dims"] = names
        return entry


def _cute_input(layout: LinearLayout, index: int) -> dict[str, int]:
    inputs = {}
    for name in layout.get_in_dim_names():
        size = layout.get_in_dim_size(name)
        inputs[name] = index % size
        index //= size
    return inputs


def _summary(argument: LayoutArgument) -> str:
    layout = argument.layout
    lines = [f"{argument.kind} layout of shape {'x'.join(map(str, argument.shape))}: "
             f"{layout.get_total_out_dim_size()} elements, too many to draw (pass --full for the grid)"]  # fmt: skip
    sizes = ", ".join(f"{name} {layout.get_in_dim_size(name)}" for name in layout.get_in_dim_names())
    lines.append(f"in-dims: {sizes}")
    duplicates = find_duplicates(layout)
    lines.append(
        f"copies of each element held: {duplicates.copies}"
        + (f"; {duplicates.unheld} elements held by no input" if duplicates.unheld else "")
    )
    if argument.kind == "distributed":
        names = layout.get_out_dim_names()
        held = []
        for register in range(min(8, layout.get_in_dim_size("register"))):
            out = layout.apply({"register": register, "lane": 0, "warp": 0, "block": 0})
            held.append("(" + ",".join(str(out[n]) for n in names) + ")")
        more = " ..." if layout.get_in_dim_size("register") > 8 else ""
        lines.append(f"thread 0 holds: {' '.join(held)}{more}")
    lines.append("linear layout:")
    lines.append(str(layout).strip("\n"))
    return "\n".join(lines) + "\n"


VIEWS = {
    "distributed": {"elements": element_view, "threads": thread_view},
    "shared": {"elements": offset_grid, "offsets": offset_view},
    "cute": {"elements": cute_offset_grid},
}
"""The views of each kind of layout, the element grid first."""


def show_layout(
    argument: LayoutArgument, view: str | None = None, full: bool = False, max_cells: int = DEFAULT_MAX_CELLS
) -> ShowAnswer:
    """The element grid and the inverse view of ``argument`` (or only ``view``), or a
    summary when it has more than ``max_cells`` elements and ``full`` is not set."""
    views = VIEWS[argument.kind]
    if view is not None and view not in views:
        message = f"a {argument.kind} layout has the views {', '.join(views)}, not '{view}'"
        raise IRError(SourceLocation("--view", 1, 1), message, view)
    layout = argument.layout
    cells = layout.get_total_in_dim_size() if argument.kind == "cute" else layout.get_total_out_dim_size()
    if cells > max_cells and not full:
        return ShowAnswer(argument, _summary(argument))
    chosen = [view] if view is not None else list(views)
    sections = []
    for name in chosen:
        body = views[name](argument.layout)
        sections.append(body if view is not None else f"// {name}\n{body}")
    return ShowAnswer(argument, "\n".join(sections))


def show_matrix(argument: LayoutArgument) -> ShowAnswer:
    """``argument``'s linear layout as an F2 matrix: a column per input bit, a row per output
    bit, low bits first (``layoutdialect.f2.matrix_view``)."""
    matrix = layout_matrix(argument.layout)
    legend = (
        "columns: the bits of the inputs, rows: the bits of the outputs, low bits first "
        "(r register, l lane, w warp, b block, o offset; i, j, k: dims 0, 1, 2; the number is the bit's value)"
    )
    return ShowAnswer(argument, f"{legend}\n{matrix.text()}", matrix)


@dataclass(frozen=True)
class CuteGridAnswer:
    """The offsets of a CuTe layout that is not F2-linear, evaluated coordinate by coordinate."""

    value: Layout | ComposedLayout
    shape: tuple[int, ...]
    offsets: list[int]

    def text(self) -> str:
        width = len(str(max(self.offsets, default=0)))
        return grid([str(o).rjust(width) for o in self.offsets], self.shape, ", ")

    def to_json(self) -> dict[str, Any]:
        return {"kind": "cute", "shape": list(self.shape), "linear_layout": None, "offsets": self.offsets}


def show_cute_value(value: CuteValue, max_cells: int = DEFAULT_MAX_CELLS, full: bool = False) -> CuteGridAnswer:
    """The offset grid of any CuTe layout, rows the first mode and columns the rest (CuTe's
    coordinate ``(i, j)`` is index ``i + rows * j``)."""
    if isinstance(value, int):
        value = Layout(value)
    if not isinstance(value, Layout | ComposedLayout):
        raise ValueError(f"{value} is not a layout to show")
    inner = value.inner if isinstance(value, ComposedLayout) else value
    rows = product(inner[0].shape) if len(inner) > 1 else 1
    cols = inner.size // rows
    if inner.size > max_cells and not full:
        raise ValueError(f"the layout has {inner.size} elements; pass --full to print them all")
    offsets = [value(row + rows * col) for row in range(rows) for col in range(cols)]
    return CuteGridAnswer(value, (rows, cols) if rows > 1 else (cols,), offsets)


def ask(
    layout: str,
    shape: str | None = None,
    view: str | None = None,
    full: bool = False,
    max_cells: int = DEFAULT_MAX_CELLS,
    dtype: str = "f32",
    target: str | None = None,
    num_banks: int | None = None,
    svg: str | None = None,
    png: str | None = None,
    matrix: bool = False,
    html: str | None = None,
) -> ShowAnswer | CuteGridAnswer:
    """``layout-tool show``: the answer for a layout as written on the command line, after
    drawing it to ``svg`` or ``png`` when asked (coloured by thread, or by bank on
    ``target``'s shared memory)."""
    element_bits = parse_element_bits(dtype)
    picture = svg or png
    try:
        argument = parse_layout_argument(layout, parse_shape_option(shape))
    except NonLinearCuteLayout as error:
        if picture is not None or view is not None or html is not None:
            raise
        return show_cute_value(error.value, max_cells, full)
    if matrix:
        if view is not None:
            raise IRError(SourceLocation("--matrix", 1, 1), "--matrix and --view are different answers; pick one", "")
        answer = show_matrix(argument)
    else:
        answer = show_layout(argument, view, full, max_cells)
    if picture is not None:
        from layoutdialect.answers.picture import draw_layout

        draw_layout(argument, Path(picture), element_bits, parse_target(target, num_banks).shared)
    if html is not None:
        from layoutdialect.answers.pages import layout_page, write_page

        write_page(html, layout_page(argument, element_bits, parse_target(target, num_banks).shared))
    return answer
