"""One self-contained HTML page that shows layouts: ``show --html``, ``convert --html``,
``swizzle --html``.

The page holds everything it needs (inline SVG, style and script; nothing is fetched),
so it can be mailed, attached to a bug or opened offline.  Each grid is an SVG of
rectangles, one per element; a menu colours them by thread, warp, lane, register or
CTA, or by shared offset and bank; hovering a cell shows what it is (tensor
coordinate, every holder's CTA, warp, lane and register, its shared offset and bank).
Below the grids, tables explain the rest: a conversion's shuffle rounds, or where its
vectors land in scratch and how many wavefronts each access takes.

The address fragment selects without a mouse: ``page.html#cell=0:5`` describes cell 5
(row-major) of grid 0 as a hover would, and ``#colour=bank`` colours by bank; the
browser test uses both.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from layoutdialect.answers.cells import Cell
from layoutdialect.answers.limits import MAX_PAGE_CELLS, MAX_PAGE_HOLDERS

__all__ = ["Grid", "PageTooLarge", "Table", "check_page_size", "render_page"]


class PageTooLarge(ValueError):
    """A page with more cells or holders than a browser shows at ease."""


def check_page_size(cells: int, holders: int) -> None:
    """Refuse a page of ``cells`` cells describing ``holders`` holders, before any is computed."""
    if cells > MAX_PAGE_CELLS:
        raise PageTooLarge(f"the page would draw {cells} cells, more than {MAX_PAGE_CELLS}: pass a smaller --shape")
    if holders > MAX_PAGE_HOLDERS:
        raise PageTooLarge(
            f"the page would describe {holders} holders, more than {MAX_PAGE_HOLDERS}: pass a smaller --shape"
        )


CELL_WIDTH, CELL_HEIGHT = 40, 20


@dataclass(frozen=True)
class Grid:
    """An element grid: ``rows x cols`` cells, row-major, coloured by ``colourings[0]`` at first."""

    title: str
    rows: int
    cols: int
    cells: Sequence[Cell]
    colourings: Sequence[str]


@dataclass(frozen=True)
class Table:
    """A titled table of text cells, the first row its header."""

    title: str
    rows: Sequence[Sequence[str]]
    note: str = ""


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; margin-bottom: 0.2em; }
pre.layout { background: #f4f4f4; padding: 0.5em; white-space: pre-wrap; }
.grids { display: flex; flex-wrap: wrap; gap: 2em; align-items: flex-start; }
.grid h2, section h2 { font-size: 1.05em; margin: 0.6em 0 0.3em; }
svg text { font: 9px monospace; pointer-events: none; }
svg rect { stroke: #fff; stroke-width: 1; }
svg rect.selected { stroke: #000; stroke-width: 2.5; }
#info { position: sticky; top: 0; background: #fffbe6; border: 1px solid #e0d080; padding: 0.4em 0.7em;
        min-height: 3.2em; white-space: pre-line; font: 13px monospace; z-index: 1; }
table { border-collapse: collapse; margin: 0.3em 0 1em; }
td, th { border: 1px solid #ccc; padding: 2px 8px; font: 12px monospace; text-align: right; }
th { background: #eee; }
"""

_SCRIPT = """
const grids = JSON.parse(document.getElementById('layout-data').textContent);
const info = document.getElementById('info');
const menu = document.getElementById('colour');
let selected = null;
function hue(value) { return (value * 0.61803398875) % 1; }
function colour(mode) {
  grids.forEach((grid, g) => {
    const key = grid.colourings.includes(mode) ? mode : grid.colourings[0];
    document.querySelectorAll(`#grid${g} rect`).forEach((rect, i) => {
      const value = grid.cells[i].keys[key];
      rect.setAttribute('fill', value === undefined ? '#ddd' : `hsl(${360 * hue(value)}, 65%, 72%)`);
    });
  });
}
function describe(g, i) {
  const grid = grids[g], cell = grid.cells[i];
  if (selected) selected.classList.remove('selected');
  selected = document.querySelectorAll(`#grid${g} rect`)[i];
  selected.classList.add('selected');
  const where = `${grid.title}: row ${Math.floor(i / grid.cols)}, column ${i % grid.cols}`;
  info.textContent = [where, ...cell.info].join('\\n');
}
grids.forEach((grid, g) => {
  document.querySelectorAll(`#grid${g} rect`).forEach((rect, i) => {
    rect.addEventListener('mouseover', () => describe(g, i));
  });
});
menu.addEventListener('change', () => colour(menu.value));
const wanted = new URLSearchParams(location.hash.slice(1));
if (wanted.has('colour')) menu.value = wanted.get('colour');
colour(menu.value);
if (wanted.has('cell')) { const [g, i] = wanted.get('cell').split(':').map(Number); describe(g, i); }
"""


def _svg(index: int, grid: Grid) -> str:
    width, height = grid.cols * CELL_WIDTH, grid.rows * CELL_HEIGHT
    parts = [f'<svg id="grid{index}" width="{width}" height="{height}" viewBox="0 0 {width} {height}">']
    for i, cell in enumerate(grid.cells):
        x, y = (i % grid.cols) * CELL_WIDTH, (i // grid.cols) * CELL_HEIGHT
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL_WIDTH}" height="{CELL_HEIGHT}" fill="#ddd"/>')
        if cell.label:
            parts.append(
                f'<text x="{x + CELL_WIDTH / 2}" y="{y + CELL_HEIGHT / 2 + 3}" text-anchor="middle">'
                f"{escape(cell.label)}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


def _table(table: Table) -> str:
    header, *body = table.rows
    lines = [f"<section><h2>{escape(table.title)}</h2>"]
    if table.note:
        lines.append(f"<p>{escape(table.note)}</p>")
    lines.append("<table><tr>" + "".join(f"<th>{escape(cell)}</th>" for cell in header) + "</tr>")
    lines += ["<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in body]
    lines.append("</table></section>")
    return "\n".join(lines)


def render_page(title: str, described: Sequence[str], grids: Sequence[Grid], tables: Sequence[Table] = ()) -> str:
    """The page: ``title``, the layouts' text (``described``), the grids side by side and
    the tables; ``PageTooLarge`` when the grids have more than ``MAX_PAGE_CELLS`` cells."""
    check_page_size(sum(len(grid.cells) for grid in grids), 0)
    modes = list(dict.fromkeys(mode for grid in grids for mode in grid.colourings))
    data = [
        {
            "title": grid.title,
            "cols": grid.cols,
            "colourings": list(grid.colourings),
            "cells": [{"keys": cell.keys, "info": cell.info} for cell in grid.cells],
        }
        for grid in grids
    ]
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    options = "".join(f'<option value="{escape(mode)}">{escape(mode)}</option>' for mode in modes)
    body = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        *(f'<pre class="layout">{escape(text)}</pre>' for text in described),
        f'<p><label>colour by <select id="colour">{options}</select></label> — hover a cell to see it</p>',
        '<div id="info">hover a cell</div>',
        '<div class="grids">',
        *(
            f'<div class="grid"><h2>{escape(grid.title)}</h2>{_svg(index, grid)}</div>'
            for index, grid in enumerate(grids)
        ),
        "</div>",
        *(_table(table) for table in tables),
        f'<script type="application/json" id="layout-data">{payload}</script>',
        f"<script>{_SCRIPT}</script>",
        "</body></html>",
    ]
    return "\n".join(body) + "\n"
