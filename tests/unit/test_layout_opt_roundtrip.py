"""``layout-opt --verify-roundtrip`` reads the result back from its generic and its custom
text and fails, at the chunk, naming the first line that differs, unless both print the
output again; a result that round-trips is printed as without the flag."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from layoutdialect.dialect.text import TTGIROutput
from layoutdialect.tools.layout_opt import LayoutOptMain, main

KERNEL = """#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f() -> tensor<128xi32, #blocked> {
    %c = arith.constant dense<0> : tensor<128xi32, #blocked>
    tt.return %c : tensor<128xi32, #blocked>
  }
}
"""


@pytest.fixture
def kernel(tmp_path: Path) -> Path:
    path = tmp_path / "kernel.mlir"
    path.write_text(KERNEL)
    return path


def test_a_result_that_round_trips_prints_as_without_the_flag(kernel: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(kernel)]) == 0
    plain = capsys.readouterr().out
    assert main([str(kernel), "--verify-roundtrip"]) == 0
    assert capsys.readouterr().out == plain
    assert main([str(kernel), "--verify-roundtrip", "--print-op-generic"]) == 0
    assert '"tt.func"' in capsys.readouterr().out


def test_a_print_that_reads_back_otherwise_fails_at_the_chunk_and_names_the_line(
    kernel: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    printed = itertools.count()
    output = LayoutOptMain.output_resulting_program
    monkeypatch.setattr(
        LayoutOptMain, "output_resulting_program", lambda self, prog: output(self, prog) + f"// {next(printed)}\n"
    )
    assert main([str(kernel), "--verify-roundtrip"]) == 1
    streams = capsys.readouterr()
    assert streams.out == ""
    assert streams.err.startswith(f"{kernel}:1:1: error: the result read back from its generic text prints otherwise: ")
    assert f"line {KERNEL.count(chr(10)) + 1} of the output, '// 0', is '// 1'" in streams.err


def test_a_print_that_does_not_read_back_fails_with_the_reading_error(
    kernel: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    emit = TTGIROutput.emit

    def emit_custom_text_cut_short(self: TTGIROutput, ctx, module, stream) -> None:  # type: ignore[no-untyped-def]
        if self.print_generic_format:
            emit(self, ctx, module, stream)
        else:
            stream.write("module {")

    monkeypatch.setattr(TTGIROutput, "emit", emit_custom_text_cut_short)
    assert main([str(kernel), "--verify-roundtrip", "--print-op-generic"]) == 1
    streams = capsys.readouterr()
    assert streams.out == ""
    assert streams.err.startswith(
        f"{kernel}:1:1: error: the result does not read back from its custom text: <custom text>:1:"
    )
