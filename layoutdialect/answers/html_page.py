"""One self-contained HTML page that shows layouts: ``show --html``, ``convert --html``,
``swizzle --html``.

The page holds everything it needs (inline SVG, style and script; nothing is fetched),
so it can be mailed, attached to a bug or opened offline.  Each grid is an SVG of
rectangles, one per element; a menu colours every grid by thread, warp, lane, register or
CTA, or by shared offset and bank; hovering a cell shows what it is (tensor
coordinate, every holder's CTA, warp, lane and register, its shared offset and bank).
Below the grids, tables explain the rest: a conversion's shuffle rounds, or where its
vectors land in scratch and how many wavefronts each access takes.

Colours are ``PALETTE``, Okabe and Ito's colour-blind-safe qualitative colours (grey for
their black, under which no label reads), told apart by any eye; values 8 to 31 add a
hatching to the colour of their remainder by 8 (``HATCHES``), so the 32 banks of a GPU
look different; the labels take black or white, whichever reads better on the colour.

A page may carry access tiles (``AccessOverlay``, the swizzle page): a menu picks one, a
place and an instruction, and the cells that instruction reads at that place are outlined,
the panel saying their phases and what the access costs there; clicking a cell moves the
access to the place that holds it.

The address fragment selects without a mouse: ``page.html#cell=0:5`` describes cell 5
(row-major) of grid 0 as a hover would, ``#colour=bank`` colours by bank, and
``#access=8x8&place=3&instruction=0`` outlines an access; the browser tests use them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from layoutdialect.answers.cells import Cell
from layoutdialect.answers.limits import MAX_PAGE_CELLS, MAX_PAGE_HOLDERS

__all__ = ["HATCHES", "PALETTE", "AccessOverlay", "Grid", "PageTooLarge", "Table", "check_page_size", "render_page"]

PALETTE = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999999")
"""The colours of values 0 to 7 (and of the others by their remainder): Okabe and Ito's
qualitative palette, distinguishable with any colour vision, grey in place of black."""

HATCHES = ("M0 6L6 0", "M0 0L6 6", "M0 6L6 0M0 0L6 6")
"""The hatchings over the colour of values 8-15, 16-23 and 24-31 (``/``, ``\\``, ``x``),
as SVG paths in a 6x6 tile."""


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
class AccessOverlay:
    """An access tile a page can outline on grid ``grid``: its name (``8x8``) and sides, the
    cells each instruction reads as ``(row, column, phase)`` relative to the block, the
    blocks' places ``(top, left)``, and the wavefronts per access at each place with the
    ideal."""

    name: str
    height: int
    width: int
    instructions: Sequence[Sequence[tuple[int, int, int]]]
    places: Sequence[tuple[int, int]]
    wavefronts: Sequence[int]
    ideal: int
    grid: int = 0


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
svg rect.touched { stroke: #e00000; stroke-width: 3; }
#info { position: sticky; top: 0; background: #fffbe6; border: 1px solid #e0d080; padding: 0.4em 0.7em;
        min-height: 3.2em; white-space: pre-line; font: 13px monospace; z-index: 1; }
table { border-collapse: collapse; margin: 0.3em 0 1em; }
td, th { border: 1px solid #ccc; padding: 2px 8px; font: 12px monospace; text-align: right; }
th { background: #eee; }
"""

_SCRIPT = """
const grids = JSON.parse(document.getElementById('layout-data').textContent);
const palette = JSON.parse(document.getElementById('palette-data').textContent);
const accesses = JSON.parse(document.getElementById('access-data').textContent);
const info = document.getElementById('info');
const menu = document.getElementById('colour');
let selected = null;
function shade(value) {
  const index = value % (palette.length * 4), colour = index % palette.length;
  const hatch = Math.floor(index / palette.length);
  return {fill: hatch ? `url(#p${colour}h${hatch})` : palette[colour].fill, text: palette[colour].text};
}
function colour(mode) {
  grids.forEach((grid, g) => {
    document.querySelectorAll(`#grid${g} rect`).forEach((rect, i) => {
      const value = grid.cells[i].keys[mode];
      rect.setAttribute('fill', value === undefined ? '#ddd' : shade(value).fill);
    });
    document.querySelectorAll(`#grid${g} text`).forEach(text => {
      const value = grid.cells[Number(text.dataset.cell)].keys[mode];
      text.setAttribute('fill', value === undefined ? '#000' : shade(value).text);
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
const accessMenu = document.getElementById('access');
const placeBox = document.getElementById('place');
const instructionBox = document.getElementById('instruction');
function within(box, count) {
  const value = Math.min(Math.max(0, Math.floor(Number(box.value)) || 0), count - 1);
  box.max = count - 1;
  box.value = value;
  return value;
}
function outline() {
  document.querySelectorAll('rect.touched').forEach(rect => rect.classList.remove('touched'));
  const access = accesses.find(a => a.name === accessMenu.value);
  if (!access) return;
  const place = within(placeBox, access.places.length), step = within(instructionBox, access.instructions.length);
  const [top, left] = access.places[place], grid = grids[access.grid];
  const rects = document.querySelectorAll(`#grid${access.grid} rect`);
  const phases = new Set();
  access.instructions[step].forEach(([row, col, phase]) => {
    rects[(top + row) * grid.cols + left + col].classList.add('touched');
    phases.add(phase);
  });
  info.textContent = [
    `access ${access.name} at row ${top}, column ${left}: place ${place + 1} of ${access.places.length}`,
    `instruction ${step + 1} of ${access.instructions.length} reads ${access.instructions[step].length} elements ` +
      `in ${phases.size} phase${phases.size === 1 ? '' : 's'} (${[...phases].sort((a, b) => a - b).join(', ')})`,
    `the access takes ${access.wavefronts[place]} wavefront${access.wavefronts[place] === 1 ? '' : 's'} here ` +
      `(ideal ${access.ideal})`,
  ].join('\\n');
}
function moveAccessTo(g, i) {
  const access = accesses.find(a => a.name === accessMenu.value);
  if (!access || access.grid !== g) return;
  const grid = grids[g], row = Math.floor(i / grid.cols), col = i % grid.cols;
  const place = access.places.findIndex(
    ([top, left]) => top <= row && row < top + access.height && left <= col && col < left + access.width);
  if (place >= 0) { placeBox.value = place; outline(); }
}
grids.forEach((grid, g) => {
  document.querySelectorAll(`#grid${g} rect`).forEach((rect, i) => {
    rect.addEventListener('mouseover', () => describe(g, i));
    rect.addEventListener('click', () => moveAccessTo(g, i));
  });
});
menu.addEventListener('change', () => colour(menu.value));
if (accessMenu) [accessMenu, placeBox, instructionBox].forEach(control => control.addEventListener('change', outline));
const wanted = new URLSearchParams(location.hash.slice(1));
if (wanted.has('colour')) menu.value = wanted.get('colour');
colour(menu.value);
if (wanted.has('cell')) { const [g, i] = wanted.get('cell').split(':').map(Number); describe(g, i); }
if (accessMenu && wanted.has('access')) {
  accessMenu.value = wanted.get('access');
  placeBox.value = wanted.get('place') || 0;
  instructionBox.value = wanted.get('instruction') || 0;
  outline();
}
"""


def _text_colour(fill: str) -> str:
    """Black or white, whichever contrasts more with ``fill`` (WCAG's relative luminance)."""
    channels = [int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#ffffff" if 1.05 / (luminance + 0.05) > (luminance + 0.05) / 0.05 else "#000000"


def _patterns() -> str:
    """The SVG definitions of each palette colour under each hatching, ``p{colour}h{hatch}``
    (hatch 1 to 3), made in the first grid for every grid of the page to fill with."""
    parts = ["<defs>"]
    for colour, fill in enumerate(PALETTE):
        for hatch, path in enumerate(HATCHES, start=1):
            parts.append(
                f'<pattern id="p{colour}h{hatch}" patternUnits="userSpaceOnUse" width="6" height="6">'
                f'<path d="M0 0H6V6H0Z" fill="{fill}"/><path d="{path}" stroke="{_text_colour(fill)}" '
                'stroke-opacity="0.4" stroke-width="1.2"/></pattern>'
            )
    parts.append("</defs>")
    return "".join(parts)


def _svg(index: int, grid: Grid) -> str:
    width, height = grid.cols * CELL_WIDTH, grid.rows * CELL_HEIGHT
    parts = [f'<svg id="grid{index}" width="{width}" height="{height}" viewBox="0 0 {width} {height}">']
    if index == 0:
        parts.append(_patterns())
    for i, cell in enumerate(grid.cells):
        x, y = (i % grid.cols) * CELL_WIDTH, (i // grid.cols) * CELL_HEIGHT
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL_WIDTH}" height="{CELL_HEIGHT}" fill="#ddd"/>')
        if cell.label:
            parts.append(
                f'<text x="{x + CELL_WIDTH / 2}" y="{y + CELL_HEIGHT / 2 + 3}" text-anchor="middle" data-cell="{i}">'
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


def _json(data: object) -> str:
    """``data`` as JSON that may sit in a ``<script>`` element."""
    return json.dumps(data, separators=(",", ":")).replace("</", "<\\/")


def _access_controls(overlays: Sequence[AccessOverlay]) -> str:
    """The menu of access tiles and the boxes of their place and instruction."""
    if not overlays:
        return ""
    options = "".join(f'<option value="{escape(o.name)}">{escape(o.name)}</option>' for o in overlays)
    return (
        f'<p><label>outline access <select id="access"><option value="">none</option>{options}</select></label> '
        '<label>place <input type="number" id="place" min="0" value="0"></label> '
        '<label>instruction <input type="number" id="instruction" min="0" value="0"></label>'
        " — or click a cell to move the access there</p>"
    )


def render_page(
    title: str,
    described: Sequence[str],
    grids: Sequence[Grid],
    tables: Sequence[Table] = (),
    overlays: Sequence[AccessOverlay] = (),
) -> str:
    """The page: ``title``, the layouts' text (``described``), the grids side by side, the
    access tiles they can outline (``overlays``) and the tables; ``PageTooLarge`` when the
    grids have more than ``MAX_PAGE_CELLS`` cells."""
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
    palette = [{"fill": fill, "text": _text_colour(fill)} for fill in PALETTE]
    accesses = [
        {
            "name": overlay.name,
            "grid": overlay.grid,
            "height": overlay.height,
            "width": overlay.width,
            "instructions": [list(map(list, cells)) for cells in overlay.instructions],
            "places": [list(place) for place in overlay.places],
            "wavefronts": list(overlay.wavefronts),
            "ideal": overlay.ideal,
        }
        for overlay in overlays
    ]
    options = "".join(f'<option value="{escape(mode)}">{escape(mode)}</option>' for mode in modes)
    body = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        *(f'<pre class="layout">{escape(text)}</pre>' for text in described),
        f'<p><label>colour by <select id="colour">{options}</select></label> — hover a cell to see it</p>',
        _access_controls(overlays),
        '<div id="info">hover a cell</div>',
        '<div class="grids">',
        *(
            f'<div class="grid"><h2>{escape(grid.title)}</h2>{_svg(index, grid)}</div>'
            for index, grid in enumerate(grids)
        ),
        "</div>",
        *(_table(table) for table in tables),
        f'<script type="application/json" id="layout-data">{_json(data)}</script>',
        f'<script type="application/json" id="palette-data">{_json(palette)}</script>',
        f'<script type="application/json" id="access-data">{_json(accesses)}</script>',
        f"<script>{_SCRIPT}</script>",
        "</body></html>",
    ]
    return "\n".join(body) + "\n"
