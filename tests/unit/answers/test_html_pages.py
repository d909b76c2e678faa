"""The pages of ``--html``, opened in a real headless browser (Debian's ``chromium``).

The browser runs the page's script: the test selects a cell through the address
fragment (``#cell=GRID:INDEX&colour=MODE``, as a hover would), reads back the page the
script left (``--dump-dom``) and checks what the information panel says and that every
cell was coloured; a screenshot must show the coloured grid.  Without a browser the
browser tests skip; the page's own content is checked either way.

``LAYOUTDIALECT_README_SCREENSHOT=1`` also writes the README's picture of a
conversion page, ``docs/convert-page.png``.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import numpy as np
import pytest
from matplotlib import image

from tools.layout_tool import main

BROWSER = next(
    (path for name in ("chromium", "chromium-browser", "google-chrome") if (path := shutil.which(name))), None
)
needs_browser = pytest.mark.skipif(BROWSER is None, reason="no headless browser (chromium) installed")
README_PICTURE = Path(__file__).resolve().parents[3] / "docs" / "convert-page.png"

SEED_SOURCE = "#ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>"
SEED_DESTINATION = "#ttg.linear<{register = [[4]], lane = [[1], [2]], warp = [], block = []}>"
ROWS = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
COLUMNS = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>"


def _page(tmp_path: Path, *arguments: str) -> Path:
    path = tmp_path / "page.html"
    assert main([*arguments, "--html", str(path)]) == 0
    return path


def _browse(page: Path, fragment: str, *flags: str) -> str:
    assert BROWSER is not None
    command = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", *flags, f"{page.as_uri()}#{fragment}"]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=True).stdout


def _panel(dom: str) -> str:
    found = re.search(r'<div id="info">(.*?)</div>', dom, re.S)
    assert found is not None
    return unescape(found.group(1))


def test_a_page_is_self_contained(tmp_path: Path) -> None:
    text = _page(tmp_path, "convert", ROWS, COLUMNS, "--shape", "32x32", "--dtype", "f16").read_text()
    assert "http" not in text.replace("http://www.w3.org", "")
    assert text.count("<rect ") == 3 * 32 * 32
    assert "ld" in text and "st.shared" in text and "wavefronts each" in text


@needs_browser
def test_hovering_a_cell_of_a_conversion_shows_its_holders(tmp_path: Path) -> None:
    page = _page(tmp_path, "convert", SEED_SOURCE, SEED_DESTINATION, "--dtype", "i32")
    dom = _browse(page, "cell=1:4&colour=lane", "--dump-dom")
    assert _panel(dom).splitlines() == [
        "destination: row 0, column 4",
        "tensor (4)",
        "CTA 0, warp 0, lane 0 (thread 0), register 1",
    ]
    assert 'class="selected"' in dom
    assert 'fill="#ddd"' not in dom.split("<svg", 1)[1]
    assert "word" in dom and "lane 3" in dom


@needs_browser
def test_a_scratch_cell_shows_its_offset_and_bank(tmp_path: Path) -> None:
    page = _page(tmp_path, "convert", ROWS, COLUMNS, "--shape", "32x32", "--dtype", "f16")
    panel = _panel(_browse(page, "cell=2:33&colour=bank", "--dump-dom"))
    assert panel.startswith("scratch: where each element lands: row 1, column 1")
    assert re.search(r"CTA 0, rep 0: scratch offset \d+, bank \d+", panel)


@needs_browser
def test_a_non_power_of_two_swizzle_draws_by_bank(tmp_path: Path) -> None:
    page = _page(tmp_path, "swizzle", "--shape", "8x9", "--dtype", "b128", "--access", "8x1", "--access", "4x2")
    dom = _browse(page, "cell=0:10", "--dump-dom")
    assert _panel(dom).splitlines()[:2] == ["offsets: row 1, column 1", "tensor (1, 1)"]
    assert dom.count("<rect ") == 72


@needs_browser
def test_the_screenshot_shows_the_coloured_grids(tmp_path: Path) -> None:
    page = _page(tmp_path, "convert", ROWS, COLUMNS, "--shape", "16x16", "--dtype", "f16")
    picture = tmp_path / "page.png"
    _browse(page, "cell=1:21", f"--screenshot={picture}", "--window-size=1400,1000", "--hide-scrollbars")
    pixels = image.imread(picture)[:, :, :3]
    colours = np.unique((pixels.reshape(-1, 3) * 255).astype(np.uint8), axis=0)
    assert len(colours) > 64, "a grid coloured by thread has many colours"
    if os.environ.get("LAYOUTDIALECT_README_SCREENSHOT"):
        shutil.copyfile(picture, README_PICTURE)


def test_a_page_too_large_or_unwritable_is_a_located_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.html"
    assert main(["show", ROWS, "--shape", "256x128", "--html", str(big)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and not big.exists()
    assert captured.err.startswith("--html:1:1: error: the page would draw 32768 cells, more than 16384")
    assert main(["show", "(4):(1)", "--html", str(tmp_path / "missing" / "page.html")]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert captured.err.startswith("--html:1:1: error: cannot write the page: No such file or directory")


def _data(page: Path, name: str) -> object:
    """The JSON the page keeps in ``<script id="{name}">``."""
    found = re.search(rf'<script type="application/json" id="{name}">(.*?)</script>', page.read_text(), re.S)
    assert found is not None
    return json.loads(found.group(1))


def _lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB ``#rrggbb``."""
    linear = []
    for start in (1, 3, 5):
        channel = int(colour[start : start + 2], 16) / 255
        linear.append(channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4)
    red, green, blue = linear
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _delta_e_2000(first: str, second: str) -> float:
    """CIEDE2000, the perceptual distance between two colours (about 2: just noticeable)."""
    (l1, a1, b1), (l2, a2, b2) = _lab(first), _lab(second)
    mean_chroma = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_chroma**7 / (mean_chroma**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    turn = h2 - h1 if c1 * c2 else 0.0
    turn = turn - 360 if turn > 180 else turn + 360 if turn < -180 else turn
    dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(turn / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    mean_h = h1 + h2 if not c1 * c2 else (h1 + h2) / 2 if abs(h1 - h2) <= 180 else (h1 + h2 + 360 * (h1 + h2 < 360)) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(mean_h - 30))
        + 0.24 * math.cos(math.radians(2 * mean_h))
        + 0.32 * math.cos(math.radians(3 * mean_h + 6))
        - 0.20 * math.cos(math.radians(4 * mean_h - 63))
    )
    rotation = (
        -math.sin(math.radians(60 * math.exp(-(((mean_h - 275) / 25) ** 2))))
        * 2
        * math.sqrt(mean_c**7 / (mean_c**7 + 25**7))
    )
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    sc, sh = 1 + 0.045 * mean_c, 1 + 0.015 * mean_c * t
    return math.sqrt(
        ((l2 - l1) / sl) ** 2 + ((c2 - c1) / sc) ** 2 + (dh / sh) ** 2 + rotation * (c2 - c1) / sc * dh / sh
    )


def test_delta_e_2000_matches_sharmas_reference_pairs() -> None:
    """Two pairs of Sharma, Wu and Dalal's CIEDE2000 test data, given here in sRGB: the
    distance of a colour to itself is 0, and of black to white 100."""
    assert _delta_e_2000("#0072B2", "#0072B2") == 0
    assert abs(_delta_e_2000("#000000", "#FFFFFF") - 100) < 0.01


def test_the_palette_is_told_apart_and_its_labels_read(tmp_path: Path) -> None:
    """Any two colours of the palette differ by a CIEDE2000 of 20 or more (a tenth of the
    black-white distance; 2 is just noticeable), and each carries its label in black or
    white at a contrast of 4 or more; values 8 to 31 add one of three hatchings."""
    page = _page(tmp_path, "swizzle", "--shape", "8x8", "--dtype", "b128", "--access", "1x8")
    palette = _data(page, "palette-data")
    assert isinstance(palette, list) and len(palette) == 8
    fills = [colour["fill"] for colour in palette]
    assert min(_delta_e_2000(a, b) for i, a in enumerate(fills) for b in fills[i + 1 :]) >= 20
    for colour in palette:
        luminance = [_lab(colour["fill"])[0], _lab(colour["text"])[0]]
        assert abs(luminance[0] - luminance[1]) >= 35, colour
    text = page.read_text()
    assert all(f'<pattern id="p{c}h{h}"' in text for c in range(8) for h in (1, 2, 3))


@pytest.mark.parametrize(
    "arguments",
    [
        ["convert", ROWS, COLUMNS, "--shape", "32x32", "--dtype", "f16"],
        ["convert", SEED_SOURCE, SEED_DESTINATION, "--dtype", "i32"],
        ["show", "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>", "--shape", "16x64"],
        ["swizzle", "--shape", "8x9", "--dtype", "b128", "--access", "8x1"],
    ],
)
def test_every_colouring_of_a_page_colours_every_grid(arguments: list[str], tmp_path: Path) -> None:
    """Each mode of the menu has a value in every grid's cells (the register grids of a
    conversion through shared memory take the bank their element lands at in scratch)."""
    grids = _data(_page(tmp_path, *arguments), "layout-data")
    assert isinstance(grids, list)
    modes = {mode for grid in grids for mode in grid["colourings"]}
    for grid in grids:
        assert set(grid["colourings"]) == modes
        for mode in modes:
            assert all(mode in cell["keys"] for cell in grid["cells"]), (grid["title"], mode)
    if arguments[0] != "convert" or arguments[1] == ROWS:
        assert "bank" in modes


def test_the_swizzle_page_offers_each_access_to_outline(tmp_path: Path) -> None:
    page = _page(tmp_path, "swizzle", "--shape", "16x64", "--dtype", "f16", "--access", "8x8", "--access", "2x64")
    menu = re.search(r'<select id="access">(.*?)</select>', page.read_text(), re.S)
    assert menu is not None
    assert re.findall(r'<option value="([^"]*)">', menu.group(1)) == ["", "8x8", "2x64"]
    assert '<input type="number" id="place"' in page.read_text()
    assert '<input type="number" id="instruction"' in page.read_text()
    accesses = _data(page, "access-data")
    assert isinstance(accesses, list)
    for access, (height, width, places) in zip(accesses, [(8, 8, 16), (2, 64, 8)]):
        cells = [(row, col) for instruction in access["instructions"] for row, col, _ in instruction]
        assert sorted(cells) == [(row, col) for row in range(height) for col in range(width)]
        assert len(access["places"]) == len(access["wavefronts"]) == places
        assert min(access["wavefronts"]) >= access["ideal"]


@needs_browser
def test_an_outlined_access_marks_the_cells_of_one_instruction(tmp_path: Path) -> None:
    """An 8x64 block of f16 is 64 vectors of 128 bits: two instructions of the 32 lanes, each
    of 4 phases; the second reads the block's last four rows."""
    page = _page(tmp_path, "swizzle", "--shape", "16x64", "--dtype", "f16", "--access", "8x8", "--access", "8x64")
    dom = _browse(page, "access=8x64&place=1&instruction=1", "--dump-dom")
    (access,) = [a for a in _data(page, "access-data") if a["name"] == "8x64"]  # type: ignore[union-attr]
    assert len(access["instructions"]) == 2
    assert sorted({row for row, _, _ in access["instructions"][1]}) == [4, 5, 6, 7]
    assert dom.count('class="touched"') == 256
    assert _panel(dom).splitlines() == [
        "access 8x64 at row 8, column 0: place 2 of 2",
        "instruction 2 of 2 reads 256 elements in 4 phases (0, 1, 2, 3)",
        f"the access takes {access['wavefronts'][1]} wavefronts here (ideal {access['ideal']})",
    ]


@needs_browser
def test_colouring_by_bank_recolours_the_register_grids(tmp_path: Path) -> None:
    """In bank colours, cell ``i`` of the source, the destination and the scratch grid, one
    element, take one fill: the bank it lands at in scratch."""
    page = _page(tmp_path, "convert", ROWS, COLUMNS, "--shape", "32x32", "--dtype", "f16")
    dom = _browse(page, "colour=bank", "--dump-dom")
    grids = [re.findall(r'<rect [^>]*fill="([^"]+)"', part) for part in re.split(r'<svg id="grid\d"', dom)[1:]]
    assert len(grids) == 3 and len(grids[0]) == 32 * 32
    assert grids[0] == grids[1] == grids[2]
    assert len(set(grids[0])) > 8
