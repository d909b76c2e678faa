"""Every ``layout-tool`` error names the argument at fault (``--dtype:1:1: error: ...``,
``<layout>:...``), never repeats a long argument whole, and leaves stdout empty."""

from __future__ import annotations

from pathlib import Path

import pytest

from layoutdialect.tools.layout_tool import main

BLOCKED = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
MFMA = "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>"
TWO_CTAS = (
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [2, 2], order = [1, 0], "
    "CGALayout = [[0, 1]]}>"
)
SHARED = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"
BROADCAST = "#ttg.linear<{register = [" + ", ".join(["[0]"] * 24) + "], lane = [[1]], warp = [], block = []}>"
"""A layout of two elements held by 2^25 hardware positions."""
LONG_TABLE = "[" + ",".join(str(i * 3 % 70001) for i in range(70000)) + "]"


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    try:
        status = main(argv)
    except SystemExit as usage_error:
        status = usage_error.code
    assert status == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert all(len(line) < 400 for line in captured.err.splitlines()), "a long argument was repeated"
    return captured.err


@pytest.mark.parametrize(
    ("argv", "first_line"),
    [
        ([], "<command>:1:1: error: the following arguments are required: command"),
        (["frob"], "<command>:1:1: error: invalid choice: 'frob'"),
        (["cute"], "<expression 1>:1:1: error: the following arguments are required: EXPR"),
        (["cute", "4:1", "4:1", "4:1"], "<expression 3>:1:1: error: give one CuTe expression, or two to compare"),
        (["show"], "<layout>:1:1: error: the following arguments are required: layout"),
        (["conflicts", BLOCKED, SHARED, "--shape", "64x64"], "--dtype:1:1: error: the following arguments are"),
        (["convert", BLOCKED], "<destination>:1:1: error: the following arguments are required: destination"),
        (["swizzle", "--shape", "8x8", "--dtype", "f16"], "--access:1:1: error: the following arguments are"),
        (["show", BLOCKED, "--shape"], "--shape:1:1: error: expected one argument"),
        (["show", BLOCKED, "--shape", "64x64", "--max-cells", "x"], "--max-cells:1:1: error: invalid int value: 'x'"),
        (["show", BLOCKED, "--shape", "64x64", "--svg", "a", "--png", "b"], "--png:1:1: error: not allowed with"),
        (["show", BLOCKED, "--shape", "64x64", "--num-banks", "7"], "--num-banks:1:1: error: invalid choice: 7"),
        (["show", BLOCKED, "--shape", "64x64", "--view", "frob"], "--view:1:1: error: a distributed layout has"),
        (["show", BLOCKED, "--shape", "64x64", "--matrix", "--view", "threads"], "--matrix:1:1: error: --matrix and"),
        (
            ["show", BLOCKED, "--shape", "64x64", "--dtype", "f7"],
            "--dtype:1:1: error: 'f7' is not a Triton element type",
        ),
        (["show", BLOCKED, "--shape", "64x64", "--target", "v100"], "--target:1:1: error: unknown target 'v100'"),
        (["show", BLOCKED, "--shape", "64x96"], "--shape:1:4: error: 96 is not a power of two"),
        (["show", BLOCKED, "--shape", "64x64x2"], "--shape:1:1: error: the layout has rank 2; 64x64x2 has 3 dims"),
        (["show", BLOCKED, "--shape", "64x0"], "--shape:1:4: error: every size of a shape must be at least 1"),
        (["show", BLOCKED, "--shape", "9" * 30], "--shape:1:1: error: a size of more than 18 digits"),
        (
            [
                "show",
                "tensor<8x8xf16, #ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0]], warp = [[0, "
                "2], [0, 4]], block = []}>>",
                "--shape",
                "4x4",
            ],
            "--shape:1:1: error: the shape 4x4 differs from the type's",
        ),  # fmt: skip
        (["show", BLOCKED, "--shape", "64x64", "--frob"], "--frob:1:1: error: unrecognized option --frob"),
        (["dedup", BLOCKED, "extra", "--shape", "64x64"], "<argument 3>:1:1: error: unrecognized argument 'extra'"),
        (["show", BLOCKED, "--s", "64x64"], "--s:1:1: error: ambiguous option: --s could match --shape, --svg"),
        (
            ["conflicts", SHARED, "--shape", "64x64", "--dtype", "f16", "--access", "8x8", "--vector-bits", "64"],
            "--vector-bits:1:1: error: --access takes each lane's widest vector",
        ),  # fmt: skip
        (["swizzle", "--shape", "8x8", "--dtype", "f16", "--access", "9x1"], "--access:1:1: error: access 9x1 does"),
        (
            ["conflicts", BLOCKED, SHARED, "--shape", "64x64", "--dtype", "f32", "--vector-bits", "7"],
            "--vector-bits:1:1: error: an access moves a power of two of bits from one 32-bit element to 128, not 7",
        ),  # fmt: skip
        (
            ["cute", "(" + ",".join(["9223372036854775807"] * 30) + ")"],
            "<expression 1>:1:1: error: the layout's size is more than 2^1889; layout-tool answers",
        ),  # fmt: skip
        (
            ["codegen", BLOCKED, BLOCKED, "--shape", "64x64", "--dtype", "f16", "--name", "1bad"],
            "--name:1:1: error: the function name must be a C++ identifier",
        ),  # fmt: skip
        (["codegen", BLOCKED, BLOCKED, "--shape", "64x64", "--dtype", "b16"], "--dtype:1:1: error: codegen needs an"),
        (
            ["codegen", MFMA, TWO_CTAS, "--shape", "64x64", "--dtype", "f16"],
            "<destination>:1:1: error: the layouts run on different numbers of CTAs: 1 (the source) and 2 (this one)",
        ),  # fmt: skip
        (["plan", "-", "--max-mixed-transpositions", "-1"], "--max-mixed-transpositions:1:1: error: --max-mixed"),
        (["plan", "-", "--max-scratch-bytes", "0"], "--max-scratch-bytes:1:1: error: --max-scratch-bytes must be"),
        (
            ["cute", "complement(" + LONG_TABLE + ", 8)"],
            "<expression 1>:1:12: error: the table [0,3,6,9,12,15,18,21,24,27,30,33,36,39,42,45,...] of 70000 offsets "
            "is no layout",
        ),  # fmt: skip
        (["show", "(" * 500 + "4:1" + ")" * 500], "<layout>:1:33: error: brackets and calls nest more than 32 deep"),
        (["cute", "<4,4>"], "<expression 1>:1:1: error: a tiler <...> is not a layout"),
        (["show", "<4,4>"], "<layout>:1:1: error: a tiler is not a layout"),
        (["cute", "4:1", "1099511627776"], "<expression 2>:1:1: error: the layout's size is 1099511627776"),
        (["cute", BROADCAST, "--shape", "64"], "<expression 1>:1:1: error: the layout's size is 1073741824"),
        (["show", BROADCAST, "--shape", "64", "--png", "p.png"], "--png:1:1: error: the layout has 1073741824"),
        (
            ["codegen", BROADCAST, BROADCAST, "--shape", "64", "--dtype", "f16"],
            "<source>:1:1: error: the layout has 536870912 registers per thread; codegen writes functions of at most",
        ),  # fmt: skip
        (
            ["conflicts", "Swizzle<3,3,3> o (64,64):(64,1)", "--dtype", "b1024", "--access", "1x8"],
            "--dtype:1:1: error: elements of 1024 bits are wider than the widest shared-memory access, 128 bits",
        ),  # fmt: skip
        (
            ["swizzle", "--shape", "16x16", "--dtype", "b1024", "--access", "1x8"],
            "--dtype:1:1: error: elements of 1024 bits are wider than the widest shared-memory access, 128 bits",
        ),  # fmt: skip
        (["show", "x" * 100_000, "--shape", "64x64"], "<layout>:1:1: error: expected a CuTe layout"),
    ],
)
def test_each_error_names_the_argument_at_fault(
    argv: list[str], first_line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _error(argv, capsys).splitlines()[0].startswith(first_line)


@pytest.mark.parametrize("option", ["--svg", "--png", "--html"])
def test_a_file_that_cannot_be_written_is_an_error_at_its_option(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suffix = option.replace("--", ".")
    full = tmp_path / f"full{suffix}"
    full.symlink_to("/dev/full")
    for path, reason in ((str(full), "No space left on device"), (str(tmp_path / "no" / f"p{suffix}"), "No such file")):
        lines = _error(["show", "(4,4):(4,1)", option, path], capsys).splitlines()
        assert lines[0].startswith(f"{option}:1:1: error: cannot write the ") and reason in lines[0]
        assert lines[1] == path
