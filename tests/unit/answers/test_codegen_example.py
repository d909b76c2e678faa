"""``docs/codegen-example.md``: a kernel calling a generated conversion.

The page's CUDA must be what its ``layout-tool codegen`` command prints today; its kernel,
run on the host under ``warp_emulation.h``, must copy every tile through the conversion
unchanged; with ``nvcc`` installed the page's three blocks must build into a program (run
where there is a GPU).
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from host_programs import COMPILER, build_and_run

from tools.layout_tool import main

HERE = Path(__file__).parent
PAGE = HERE.parents[2] / "docs" / "codegen-example.md"
NVCC = shutil.which("nvcc")


def _blocks(language: str) -> list[str]:
    """The page's fenced blocks of ``language``, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```$", PAGE.read_text(), flags=re.S | re.M)


def test_the_page_shows_what_its_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    (command,) = _blocks("sh")
    words = shlex.split(command)
    assert words[:2] == ["layout-tool", "codegen"]
    assert main(words[1:]) == 0
    generated, _kernel, _host = _blocks("cuda")
    assert capsys.readouterr().out == generated


EMULATED_MAIN = """
#include <cstdio>
#include <vector>

int main() {
  const int tiles = 3;
  std::vector<uint16_t> in(size_t(tiles) * ROWS * COLS), out(in.size());
  for (size_t i = 0; i < in.size(); ++i) in[i] = uint16_t(i * 40503u);
  unsigned char* unused[1] = {nullptr};
  for (int tile = 0; tile < tiles; ++tile)
    emulated_launch(1, THREADS, 32, unused, [&](int, int) {
      blockIdx = {unsigned(tile), 0, 0};
      blockDim = {unsigned(THREADS), 1, 1};
      copy_through_conversion(in.data(), out.data());
    });
  std::puts(out == in ? "ok" : "out differs from in");
  return out == in ? 0 : 1;
}
"""


@pytest.mark.skipif(COMPILER is None, reason="no C++ compiler for the host-side warp emulation")
def test_the_kernel_copies_every_tile_through_the_conversion(tmp_path: Path) -> None:
    generated, kernel, _host = _blocks("cuda")
    program = tmp_path / "example.cpp"
    program.write_text(
        '#include "warp_emulation.h"\n#define __global__\ninline thread_local EmulatedIndex blockIdx, blockDim;\n'
        + generated
        + kernel
        + EMULATED_MAIN
    )
    assert build_and_run(program).strip() == "ok"


def _gpu_present() -> bool:
    smi = shutil.which("nvidia-smi")
    return smi is not None and subprocess.run([smi, "-L"], capture_output=True).returncode == 0


@pytest.mark.skipif(NVCC is None, reason="nvcc is not installed")
def test_the_page_builds_with_nvcc(tmp_path: Path) -> None:
    source = tmp_path / "example.cu"
    source.write_text("".join(_blocks("cuda")))
    binary = tmp_path / "example"
    assert NVCC is not None
    build = subprocess.run([NVCC, "-arch=sm_80", "-o", str(binary), str(source)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    if _gpu_present():
        run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120)
        assert run.stdout.strip() == "out == in", run.stdout + run.stderr
