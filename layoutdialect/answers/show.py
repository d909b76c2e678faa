"""``layout-tool show``: which thread and register (or which offset) holds each element.

Small layouts print as Triton's layout dumps (``layoutdialect.analysis.layout_views``):
the element grid, then the inverse view.  Layouts of more than ``max_cells`` elements
print a summary instead: the linear layout's bases, the sizes of each hardware
dimension, the copies each element has, and what thread 0 holds.

Sizes (``layoutdialect.answers.limits``): the summary and ``--matrix`` work on the linear
layout's bases, quick at any size; ``--full`` prints grids of up to ``MAX_ELEMENTS``
(2^20) places, a few seconds, and refuses more at ``--full``; ``--json`` lists each
element up to ``MAX_JSON_ELEMENTS`` (2^16) and gives the bases alone beyond; pictures
and pages have their own limits (``picture``, ``pages``), checked before any cell is
computed.
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
    in_size,
    offset_grid,
    offset_view,
    shared_points,
    tensor_index_values,
    thread_view,
)
from layoutdialect.answers.arguments import (
    LayoutArgument,
    LayoutArgumentError,
    NonLinearCuteLayout,
    ShapeArgument,
    check_count,
    check_output_path,
    parse_element_bits,
    parse_layout_argument,
    parse_shape_option,
    parse_target,
    quoted,
)
from layoutdialect.answers.limits import MAX_ELEMENTS, MAX_JSON_ELEMENTS, SLOW_PLACES, power_of_two
from layoutdialect.answers.progress import steps
from layoutdialect.cute.layout import ComposedLayout, Layout, offsets, product
from layoutdialect.cute.text import CuteValue, Table
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


def _holders(layout: LinearLayout) -> list[tuple[list[int], list[dict[str, int]]]]:
    """Each element some input holds, in row-major order, with its holders in Triton's order."""
    lanes = in_size(layout, "lane")
    by_element: dict[tuple[int, ...], list[dict[str, int]]] = {}
    for block, warp, lane, register, coordinates in hardware_points(layout):
        holder = {"register": register, "lane": lane, "warp": warp, "block": block, "thread": lane + warp * lanes}
        by_element.setdefault(tuple(coordinates), []).append(holder)
    # Coordinates in lexicographic order are the elements in row-major order.
    return [(list(coordinates), by_element[coordinates]) for coordinates in sorted(by_element)]


def _json_entries(argument: LayoutArgument) -> int:
    """How many entries ``--json`` lists for ``argument``: a holder of each element, an
    offset of CTA 0, or a coordinate."""
    layout = argument.layout
    if argument.kind == "shared":
        return layout.get_in_dim_size("offset")
    return layout.get_total_in_dim_size()


def _unlisted(count: int) -> str:
    return f"{count} entries are more than --json lists ({MAX_JSON_ELEMENTS}); the linear layout's bases give each"


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
        count = _json_entries(self.argument)
        if count > MAX_JSON_ELEMENTS:
            return entry | {"unlisted": _unlisted(count)}
        if self.argument.kind == "distributed":
            entry["elements"] = [
                {"coordinates": coordinates, "holders": holders} for coordinates, holders in _holders(layout)
            ]
        elif self.argument.kind == "shared":
            entry["offsets"] = [
                {"offset": offset, "coordinates": coordinates}
                for block, offset, coordinates in shared_points(layout)
                if block == 0
            ]
        else:
            names = layout.get_in_dim_names()
            _, by_index = tensor_index_values(layout, names[::-1])
            entry["offsets"] = [{"index": index, "offset": offset} for index, offset in enumerate(by_index)]
            entry["in_dims"] = names
        return entry


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
    summary when it has more than ``max_cells`` elements (or ``MAX_ELEMENTS`` places to
    print) and ``full`` is not set; ``full`` prints at most ``MAX_ELEMENTS`` places."""
    views = VIEWS[argument.kind]
    if view is not None and view not in views:
        message = f"a {argument.kind} layout has the views {', '.join(views)}, not '{quoted(view)}'"
        raise LayoutArgumentError("--view", view, 1, message)
    layout = argument.layout
    cells = layout.get_total_in_dim_size() if argument.kind == "cute" else layout.get_total_out_dim_size()
    points = layout.get_total_in_dim_size()
    if full and points > MAX_ELEMENTS:
        message = f"the layout has {points} places to print; --full prints at most {power_of_two(MAX_ELEMENTS)}"
        raise LayoutArgumentError("--full", "", 1, message)
    if (cells > max_cells or points > MAX_ELEMENTS) and not full:
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
    """The offsets of a CuTe layout that is not F2-linear, evaluated coordinate by coordinate,
    or, when it has too many to print, what it is."""

    value: Layout | ComposedLayout | Table
    shape: tuple[int, ...]
    offsets: list[int] | None
    """Row by row; ``None`` when the layout has too many elements to print."""

    def text(self) -> str:
        if self.offsets is None:
            size = product(self.shape)
            return (
                f"CuTe layout {_named(self.value)}, not F2-linear: {size} elements, too many to draw "
                "(pass --full for the grid)\n"
            )
        width = len(str(max(self.offsets, default=0)))
        return grid([str(o).rjust(width) for o in self.offsets], self.shape, ", ")

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"kind": "cute", "shape": list(self.shape), "linear_layout": None}
        if self.offsets is None or len(self.offsets) > MAX_JSON_ELEMENTS:
            return entry | {"unlisted": _unlisted(product(self.shape))}
        return entry | {"offsets": self.offsets}


def _named(value: Layout | ComposedLayout | Table) -> str:
    return value.brief() if isinstance(value, Table) else str(value)


def show_cute_value(value: CuteValue, max_cells: int = DEFAULT_MAX_CELLS, full: bool = False) -> CuteGridAnswer:
    """The offset grid of any CuTe layout, rows the first mode and columns the rest (CuTe's
    coordinate ``(i, j)`` is index ``i + rows * j``); a table is one row.  Above
    ``max_cells`` elements, without ``full``, only what the layout is."""
    if isinstance(value, int):
        value = Layout(value)
    if isinstance(value, Table):
        size = len(value.values)
        shown = None if size > max_cells and not full else list(value.values)
        return CuteGridAnswer(value, (size,), shown)
    if not isinstance(value, Layout | ComposedLayout):
        raise ValueError("a swizzle or a tiler alone is not a layout to show")
    inner = value.inner if isinstance(value, ComposedLayout) else value
    rows = product(inner[0].shape) if len(inner) > 1 else 1
    cols = inner.size // rows
    shape = (rows, cols) if rows > 1 else (cols,)
    if inner.size > max_cells and not full:
        return CuteGridAnswer(value, shape, None)
    by_index = offsets(value)
    return CuteGridAnswer(value, shape, by_index.reshape(cols, rows).T.reshape(-1).tolist())


def _layout_argument(layout: str, shape: ShapeArgument | None, dump: str | None, value: str | None) -> LayoutArgument:
    """The layout ``show`` is asked about: the argument, read with the aliases of the file
    ``dump`` when given, or the type of ``value`` in the file ``layout``."""
    if value is None:
        if dump is None:
            return parse_layout_argument(layout, shape)
        from layoutdialect.answers.dump import dump_aliases

        return parse_layout_argument(layout, shape, aliases=dump_aliases(dump))
    if dump is not None:
        message = "with --value, the file is the layout argument; --from reads aliases for a layout written out"
        raise LayoutArgumentError("--from", dump, 1, message)
    from layoutdialect.answers.dump import value_layout

    return value_layout(layout, value, shape)


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
    dump: str | None = None,
    value: str | None = None,
) -> ShowAnswer | CuteGridAnswer:
    """``layout-tool show``: the answer for a layout as written on the command line, after
    drawing it to ``svg`` or ``png`` when asked (coloured by thread, or by bank on
    ``target``'s shared memory).  With ``dump``, the layout may use the aliases that TTGIR
    file defines; with ``value``, ``layout`` is a TTGIR file and the layout is that of the
    value's type there (``layoutdialect.answers.dump``)."""
    element_bits = parse_element_bits(dtype)
    check_count("--max-cells", max_cells, 0)
    for option, path in (("--svg", svg), ("--png", png), ("--html", html)):
        if path is not None:
            check_output_path(option, path)
    picture = svg or png
    memory = parse_target(target, num_banks).shared
    try:
        argument = _layout_argument(layout, parse_shape_option(shape), dump, value)
    except NonLinearCuteLayout as error:
        if picture is not None or view is not None or html is not None or isinstance(error.value, tuple):
            raise
        return show_cute_value(error.value, max_cells, full)
    if matrix and view is not None:
        raise LayoutArgumentError("--matrix", "", 1, "--matrix and --view are different answers; pick one")
    large = argument.layout.get_total_in_dim_size() > SLOW_PLACES and (full or picture is not None)
    with steps("show", ["text", "picture", "page"], large) as step:
        step("text")
        answer = show_matrix(argument) if matrix else show_layout(argument, view, full, max_cells)
        if picture is not None:
            from layoutdialect.answers.picture import draw_layout

            step("picture")
            option = "--svg" if svg is not None else "--png"
            draw_layout(argument, Path(picture), element_bits, memory, option)
        if html is not None:
            from layoutdialect.answers.pages import layout_page, write_page

            step("page")
            write_page(html, lambda: layout_page(argument, element_bits, memory))
    return answer
