"""``python -m layoutdialect.triton`` refuses a bad command line before it loads Triton: a
located ``NAME:1:1: error:``, status 1, no traceback, whether Triton is installed or not."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (
            ["--mode", "fast", "x.py"],
            "--mode:1:1: error: invalid choice: 'fast' (choose from 'explain', 'replace', 'assign')",
        ),
        ([], "<script>:1:1: error: the following arguments are required: script, args"),
        (["{missing}"], "{missing}:1:1: error: no such script"),
    ],
)
def test_a_bad_command_line_is_a_located_error(arguments: list[str], expected: str, tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.py")
    argv = [argument.format(missing=missing) for argument in arguments]
    run = subprocess.run([sys.executable, "-m", "layoutdialect.triton", *argv], capture_output=True, text=True)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.startswith(expected.format(missing=missing)), run.stderr
    assert "Traceback" not in run.stderr
