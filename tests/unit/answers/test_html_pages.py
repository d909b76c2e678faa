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


def test_an_amd_page_names_amd_s_instructions(tmp_path: Path) -> None:
    """On gfx950 the page names the lane swaps after the shuffle stage; on gfx942 a round
    trip's paired LDS accesses, with their instruction and access counts."""
    wave = "#ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32], [64]], warp = [], block = []}>"
    swapped = "#ttg.linear<{register = [[32]], lane = [[2], [4], [8], [16], [64], [1]], warp = [], block = []}>"
    text = unescape(_page(tmp_path, "convert", wave, swapped, "--dtype", "i32", "--target", "gfx950").read_text())
    assert "then v_permlane32_swap across word bit 0, then v_permlane16_swap across word bit 0" in text
    rows = ROWS.replace("[4, 8]", "[8, 8]")
    columns = COLUMNS.replace("[8, 4]", "[16, 4]")
    text = _page(tmp_path, "convert", rows, columns, "--shape", "64x64", "--dtype", "f32", "--target", "gfx942")
    assert "ds_write2_b64" in text.read_text() and "ds_read2_b64" in text.read_text()


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
