"""``layout-tool show '#blocked' --from DUMP.mlir`` and ``show DUMP.mlir --value %x``: layouts
read from a TTGIR dump, as ``triton-tensor-layout -i dump.mlir -alias-names=blocked``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.layout_tool import main

DUMP = str(Path(__file__).parents[3] / "examples" / "matmul_tile.mlir")
BLOCKED = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
MMA = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"
SHARED = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"


def _json(capsys: pytest.CaptureFixture[str], *arguments: str) -> object:
    assert main(["show", *arguments, "--json"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def _error(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    assert main(["show", *arguments]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err


@pytest.mark.parametrize(
    ("written", "spelt_out"),
    [
        (["#blocked", "--shape", "64x64"], [BLOCKED, "--shape", "64x64"]),
        (["tensor<16x16xf32, #mma>"], [f"tensor<16x16xf32, {MMA}>"]),
        (["!ttg.memdesc<64x64xf16, #shared, #smem>"], [f"!ttg.memdesc<64x64xf16, {SHARED}, #ttg.shared_memory>"]),
    ],
)
def test_a_layout_may_use_the_aliases_of_a_dump(
    written: list[str], spelt_out: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _json(capsys, *written, "--from", DUMP) == _json(capsys, *spelt_out)


@pytest.mark.parametrize(
    ("value", "type_"),
    [
        ("%a_dot", f"tensor<128x64xf16, #ttg.dot_op<{{opIdx = 0, parent = {MMA}, kWidth = 2}}>>"),
        ("a_smem", f"!ttg.memdesc<128x64xf16, {SHARED}, #ttg.shared_memory>"),
        ("%acc", f"tensor<128x128xf32, {MMA}>"),  # a block argument
        ("%x", f"tensor<64x64xf16, {BLOCKED}>"),
    ],
)
def test_a_value_of_a_dump_shows_its_types_layout_and_shape(
    value: str, type_: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _json(capsys, DUMP, "--value", value) == _json(capsys, type_)


def test_an_unknown_alias_is_an_error_at_the_layout_listing_the_files(capsys: pytest.CaptureFixture[str]) -> None:
    error = _error(capsys, "#blockd", "--from", DUMP, "--shape", "64x64")
    assert error.startswith("<layout>:1:")
    assert "undefined symbol alias '#blockd'; the file defines #blocked, #blocked1, #blocked2, #mma" in error


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("%nope", "--value:1:1: error: " + DUMP + " defines no value %nope; it defines %a, %b, %a_smem"),
        ("%a_dot#1", "--value:1:7: error: %a_dot has 1 result; #1 is not one of them"),
        ("a b", "--value:1:1: error: expected an SSA value, such as %x or %x#1"),
    ],
)
def test_an_unknown_value_is_an_error_at_the_option(
    value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _error(capsys, DUMP, "--value", value).startswith(message)


def test_a_value_without_a_layout_is_an_error_at_the_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dump = tmp_path / "scalar.mlir"
    dump.write_text("module {\n  %c = arith.constant 1 : i32\n}\n")
    error = _error(capsys, str(dump), "--value", "%c")
    assert error.startswith("--value:1:1: error: %c is a 'i32', not a tensor or memdesc with a ttg layout")


def test_a_dump_that_cannot_be_read_is_an_error_at_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "missing.mlir")
    assert _error(capsys, missing, "--value", "%x").startswith(f"{missing}:1:1: error: cannot read the input")
    assert _error(capsys, "#blocked", "--from", missing).startswith(f"{missing}:1:1: error: cannot read the input")
    broken = tmp_path / "broken.mlir"
    broken.write_text("#blocked = #ttg.blocked<{sizePerThread = [1, 8]\n")
    assert _error(capsys, "#blocked", "--from", str(broken)).startswith(f"{broken}:1:")


def test_from_and_value_together_are_refused_at_from(capsys: pytest.CaptureFixture[str]) -> None:
    assert _error(capsys, DUMP, "--value", "%x", "--from", DUMP).startswith("--from:1:1: error: with --value")
