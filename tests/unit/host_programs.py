"""Building and running the C++ programs that check generated CUDA on the host, against
``answers/warp_emulation.h`` (a warp's lanes as threads)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np

from layoutdialect.answers.codegen import CodegenAnswer

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


def conversion_check(
    name: str, answer: CodegenAnswer, src_ids: np.ndarray, dst_ids: np.ndarray, element_bits: int
) -> str:
    """A host function ``check_name::run()`` running the conversion ``answer`` (the generated
    function ``name``) on every thread of every CTA and checking every register: it
    prints ``name: ok``, or the first register that differs."""
    ctas, warps, lanes, src_registers = src_ids.shape
    dst_registers = dst_ids.shape[3]
    mask = (1 << element_bits) - 1
    element = f"uint{max(8, element_bits)}_t"
    inputs = ",".join(str(int(v) & mask) for v in src_ids.reshape(-1))
    expected = ",".join(str(int(v) & mask) for v in dst_ids.reshape(-1))
    threads = warps * lanes
    scratch = max(answer.function.scratch_bytes, 1)
    call = f"::{name}(in, scratch[c])" if answer.function.scratch_bytes else f"::{name}(in)"
    return f"""namespace check_{name} {{
static const {element} inputs[] = {{{inputs}}};
static const {element} expected[] = {{{expected}}};
void run() {{
  static {element} results[{ctas} * {threads} * {dst_registers}];
  alignas(16) static unsigned char buffers[{ctas}][{scratch}];
  unsigned char* scratch[{ctas}];
  for (int c = 0; c < {ctas}; ++c) scratch[c] = buffers[c];
  emulated_launch({ctas}, {threads}, {lanes}, scratch, [&scratch](int c, int t) {{
    const int thread = c * {threads} + t;
    Vec<{element}, {src_registers}> in;
    for (int r = 0; r < {src_registers}; ++r) in.v[r] = inputs[thread * {src_registers} + r];
    // Twice in a row on the same scratch buffer: the function keeps its barrier contract.
    auto out = {call};
    out = {call};
    for (int r = 0; r < {dst_registers}; ++r) results[thread * {dst_registers} + r] = out.v[r];
  }});
  for (int i = 0; i < {ctas} * {threads} * {dst_registers}; ++i)
    if (results[i] != expected[i]) {{
      std::printf("{name}: thread %d register %d: %llu, expected %llu\\n", i / {dst_registers}, i % {dst_registers},
                  (unsigned long long)results[i], (unsigned long long)expected[i]);
      return;
    }}
  std::puts("{name}: ok");
}}
}}  // namespace check_{name}
"""


def checks_program(answers: dict[str, tuple[CodegenAnswer, np.ndarray, np.ndarray, int]], folder: Path) -> str:
    """What one host program running ``conversion_check`` of each named answer prints, by
    name: ``(answer, source element ids, destination element ids, element bits)``."""
    sources = [answer.source for answer, *_ in answers.values()]
    checks = [conversion_check(name, *case) for name, case in answers.items()]
    calls = "".join(f"  check_{name}::run();\n" for name in answers)
    program = folder / "main.cpp"
    program.write_text(
        '#include "warp_emulation.h"\n#include <cstdio>\n'
        + "\n".join(sources + checks)
        + f"\nint main() {{\n{calls}  return 0;\n}}\n"
    )
    printed = build_and_run(program).splitlines()
    return {name: "\n".join(line for line in printed if line.startswith(f"{name}: ")) for name in answers}
