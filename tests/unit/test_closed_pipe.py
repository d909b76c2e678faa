"""The command-line tools end quietly when the reader of their output goes away
(``layout-tool show ... | head``), as Unix tools do: killed by ``SIGPIPE``, nothing on stderr."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).parents[2]
BLOCKED = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"

COMMANDS = {
    "python -m layoutdialect": ["-m", "layoutdialect"],
    "layout-tool": ["-m", "layoutdialect.tools.layout_tool", "show", BLOCKED, "--shape", "64x64"],
    "layout-opt": ["-m", "layoutdialect.tools.layout_opt", str(REPOSITORY / "examples" / "matmul_tile.mlir")],
}


@pytest.mark.skipif(not hasattr(signal, "SIGPIPE"), reason="no SIGPIPE on this system")
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_closed_pipe_ends_the_tool_without_a_traceback(command: str) -> None:
    """The reading end is closed before the tool has started, so its first write meets a
    closed pipe, as ``| head -1`` leaves it once ``head`` has its line."""
    reader = subprocess.Popen(
        [sys.executable, *COMMANDS[command]], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPOSITORY
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()
    errors = reader.stderr.read().decode()
    assert reader.wait(timeout=120) == -signal.SIGPIPE
    assert errors == ""
