"""Progress shows on a terminal and nowhere else: a piped run's stderr stays empty."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from layoutdialect.answers import progress as progress_module
from layoutdialect.answers.progress import progress, steps

BLOCKED = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
COLUMNS = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    "argv",
    [
        ["convert", BLOCKED, COLUMNS, "--dtype", "f16", "--shape", "256x512"],
        ["swizzle", "--shape", "256x256", "--dtype", "f32", "--access", "1x9"],
    ],
)
def test_a_piped_run_that_would_show_progress_prints_none(argv: list[str]) -> None:
    """Both runs are long enough to show progress on a terminal (the conversion is
    simulated, the swizzle search costs every place of each candidate)."""
    run = subprocess.run(
        [sys.executable, "-m", "layoutdialect.tools.layout_tool", *argv], capture_output=True, text=True, check=True
    )
    assert run.stderr == "" and run.stdout


def test_steps_of_large_work_show_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with steps("convert", ["plan", "simulate"], large=True) as step:
        step("plan")
        step("simulate")
    assert "convert" in terminal.getvalue() and "simulate" in terminal.getvalue()


def test_steps_of_small_work_and_anything_off_a_terminal_show_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal, pipe = _Terminal(), io.StringIO()
    monkeypatch.setattr(progress_module, "DELAY_SECONDS", 0)
    monkeypatch.setattr(sys, "stderr", terminal)
    with steps("convert", ["plan"], large=False) as step:
        step("plan")
    assert terminal.getvalue() == ""
    assert list(progress(range(3), "items")) == [0, 1, 2] and "items" in terminal.getvalue()
    monkeypatch.setattr(sys, "stderr", pipe)
    with steps("convert", ["plan"], large=True) as step:
        step("plan")
    assert list(progress(range(3), "items")) == [0, 1, 2] and pipe.getvalue() == ""
