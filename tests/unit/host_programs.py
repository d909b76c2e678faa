"""Building and running the C++ programs that check generated CUDA on the host, against
``answers/warp_emulation.h`` (a warp's lanes as threads)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

COMPILER = shutil.which("g++") or shutil.which("clang++")
"""The host C++ compiler, or ``None`` (the tests that need one are skipped)."""

WARP_EMULATION = Path(__file__).parent / "answers"
"""The folder of ``warp_emulation.h``."""


def build_and_run(source: Path) -> str:
    """What the program ``source`` prints, built with ``-std=c++20 -O1`` next to it; the
    test fails with the compiler's or the program's messages if either fails."""
    assert COMPILER is not None
    binary = source.with_suffix("")
    build = subprocess.run(
        [COMPILER, "-std=c++20", "-O1", "-pthread", f"-I{WARP_EMULATION}", str(source), "-o", str(binary)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout
