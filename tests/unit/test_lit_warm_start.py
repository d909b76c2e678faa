"""The lit suite's warm start (``tests/filecheck/warm_start.py``) runs a command as a cold
``python -m`` does: the same output, errors and exit status, from the client's working
folder, environment and standard input, and the same signal when its reader goes away."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).parents[2]
WARM_START = REPOSITORY / "tests" / "filecheck" / "warm_start.py"
MATMUL = REPOSITORY / "examples" / "matmul_tile.mlir"
BLOCKED = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
OPT, TOOL = "layoutdialect.tools.layout_opt", "layoutdialect.tools.layout_tool"

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The socket of a server that has imported both tools, as ``lit.cfg`` starts it."""
    socket_path = tmp_path_factory.mktemp("warm") / "socket"
    process = subprocess.Popen(
        [sys.executable, str(WARM_START), "serve", str(socket_path), str(os.getpid()), OPT, TOOL],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    yield socket_path
    process.terminate()
    process.wait(timeout=60)


def _both(server: Path, module: str, arguments: list[str], **options: object) -> list[subprocess.CompletedProcess[str]]:
    """The command run cold and warm, in that order, with the same ``subprocess.run`` options."""
    cold = [sys.executable, "-m", module, *arguments]
    warm = [sys.executable, "-S", str(WARM_START), "run", str(server), module, *arguments]
    return [subprocess.run(command, capture_output=True, text=True, timeout=120, **options) for command in (cold, warm)]  # type: ignore[call-overload]


@pytest.mark.parametrize(
    ("module", "arguments"),
    [(OPT, [str(MATMUL), "-p", "no-such-pass"]), (TOOL, ["show", BLOCKED, "--shape", "16x16"])],
    ids=["error", "answer"],
)
def test_a_warm_run_prints_and_ends_as_a_cold_one(server: Path, module: str, arguments: list[str]) -> None:
    cold, warm = _both(server, module, arguments)
    assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, cold.stdout, cold.stderr)
    assert cold.stdout or cold.returncode != 0


def test_a_warm_run_reads_the_clients_stdin_folder_and_environment(server: Path, tmp_path: Path) -> None:
    (tmp_path / "kernel.mlir").write_text(MATMUL.read_text())
    environment = {**os.environ, "COLUMNS": "40"}
    for arguments, stdin in ((["kernel.mlir"], None), (["-"], MATMUL.read_text()), (["--help"], None)):
        cold, warm = _both(server, OPT, arguments, input=stdin, cwd=tmp_path, env=environment)
        assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, cold.stdout, cold.stderr)
        assert warm.returncode == 0 and warm.stdout


@pytest.mark.skipif(not hasattr(signal, "SIGPIPE"), reason="no SIGPIPE on this system")
def test_a_warm_run_whose_reader_is_gone_ends_by_sigpipe_as_a_cold_one(server: Path) -> None:
    warm = subprocess.Popen(
        [sys.executable, "-S", str(WARM_START), "run", str(server), TOOL, "show", BLOCKED, "--shape", "64x64"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert warm.stdout is not None and warm.stderr is not None
    warm.stdout.close()
    assert warm.stderr.read() == b""
    assert warm.wait(timeout=120) == -signal.SIGPIPE
