"""Every option and argument of every ``layout-tool`` command refuses what no documented
spelling allows, at itself: ``NAME:line:col: error: ...`` naming the option (or the
argument, ``<layout>``), exit status 1, nothing on stdout.

``REFUSED`` holds, for each option that takes a value, values it must refuse;
``test_every_option_that_takes_a_value_has_refused_values`` walks the argument parser, so
an option added without them fails."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from tools.layout_tool import _parser, main

EXAMPLE = str(Path(__file__).parents[3] / "examples" / "transpose_f16.mlir")
ROWS = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
COLUMNS = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>"
SHARED = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"

BASE = {
    "plan": [EXAMPLE],
    "cost": [EXAMPLE],
    "show": [ROWS, "--shape", "16x16"],
    "dedup": [ROWS, "--shape", "64x64"],
    "conflicts": [ROWS, SHARED, "--shape", "64x64", "--dtype", "f16"],
    "swizzle": ["--shape", "8x8", "--dtype", "b128", "--access", "1x8"],
    "codegen": [ROWS, COLUMNS, "--shape", "64x64", "--dtype", "f16"],
    "convert": [ROWS, COLUMNS, "--shape", "64x64", "--dtype", "f16"],
    "cute": ["(4,4):(1,4)"],
}
"""Arguments each command answers; a case adds one option to them, or replaces a positional argument."""

BAD_TARGETS = ["cuda:7", "sm_1000", "cuda:ninety", "hip:gfx1", "nvidia"]
BAD_DTYPES = ["f128", "index", "i3", "f80", "tf32", "b3", "f16 f32"]

REFUSED: dict[tuple[str, str], list[str]] = {
    ("plan", "file"): ["/no/such/file.mlir"],
    ("plan", "--max-mixed-transpositions"): ["-1", "one"],
    ("plan", "--max-scratch-bytes"): ["0", "-8", "1k"],
    ("plan", "--target"): BAD_TARGETS,
    ("plan", "--num-banks"): ["12", "0"],
    ("cost", "file"): ["/no/such/file.mlir"],
    ("cost", "--target"): BAD_TARGETS,
    ("cost", "--num-banks"): ["12", "0"],
    ("show", "layout"): ["#ttg.nonsense<{}>", "(4,4):(1)", ""],
    ("show", "--from"): ["/no/such/dump.mlir"],
    ("show", "--value"): ["%x y", "%"],
    ("show", "--shape"): ["16y16", "0x16", "16x"],
    ("show", "--view"): ["offsets", "grid"],
    ("show", "--max-cells"): ["-1", "many"],
    ("show", "--svg"): ["picture.png", "picture"],
    ("show", "--png"): ["picture.svg", "picture.jpeg"],
    ("show", "--html"): ["page.svg", "page"],
    ("show", "--dtype"): BAD_DTYPES,
    ("show", "--target"): BAD_TARGETS,
    ("show", "--num-banks"): ["12"],
    ("dedup", "layout"): ["(4,4):(1", "#ttg.blocked<{sizePerThread = [1, 4]}>"],
    ("dedup", "--shape"): ["64x64x"],
    ("conflicts", "registers"): [SHARED],
    ("conflicts", "shared"): [COLUMNS],
    ("conflicts", "--access"): ["8", "3x8"],
    ("conflicts", "--shape"): ["8x8x8x"],
    ("conflicts", "--dtype"): [*BAD_DTYPES, "b256"],
    ("conflicts", "--vector-bits"): ["0", "-16", "48", "256", "8"],
    ("conflicts", "--target"): BAD_TARGETS,
    ("conflicts", "--num-banks"): ["48"],
    ("swizzle", "--shape"): ["8", "8x8x8"],
    ("swizzle", "--dtype"): BAD_DTYPES,
    ("swizzle", "--access"): ["9x1", "1x"],
    ("swizzle", "--html"): ["page.png"],
    ("swizzle", "--target"): BAD_TARGETS,
    ("swizzle", "--num-banks"): ["7"],
    ("codegen", "source"): [SHARED],
    ("codegen", "destination"): [SHARED, "tensor<64x64xf16, #ttg.blocked<{}>"],
    ("codegen", "--shape"): ["64"],
    ("codegen", "--dtype"): [*BAD_DTYPES, "b16"],
    ("codegen", "--name"): ["1st", "int", "__convert", "_Convert", "Vec", "convert layout"],
    ("codegen", "--target"): [*BAD_TARGETS, "gfx803"],
    ("codegen", "--num-banks"): ["3"],
    ("convert", "source"): [SHARED],
    ("convert", "destination"): ["#ttg.blocked<{sizePerThread = [1]}>"],
    ("convert", "--shape"): ["64x"],
    ("convert", "--dtype"): [*BAD_DTYPES, "b16"],
    ("convert", "--html"): ["page.htm.txt"],
    ("convert", "--target"): BAD_TARGETS,
    ("convert", "--num-banks"): ["100"],
    ("cute", "expressions"): ["(4,4):(1,", "<4,4>"],
    ("cute", "--shape"): ["4y4"],
}

POSITIONAL_PLACES = {"layout": 0, "registers": 0, "shared": 1, "source": 0, "destination": 1, "expressions": 0}
POSITIONAL_NAMES = {"expressions": "<expression 1>"}


def _argv(command: str, option: str, value: str) -> tuple[list[str], str]:
    """The command line giving ``option`` the ``value``, and the name its error must start with."""
    base = list(BASE[command])
    if option == "file":
        return [command, value], value
    if option == "--from":
        return [command, "#blocked", "--from", value], value  # a file that cannot be read is an error at the file
    if option == "--value":
        return [command, EXAMPLE, "--value", value], "--value"
    if (command, option) == ("conflicts", "--access"):
        return [command, SHARED, "--shape", "64x64", "--dtype", "f16", "--access", value], "--access"
    if not option.startswith("-"):
        base[POSITIONAL_PLACES[option]] = value
        return [command, *base], POSITIONAL_NAMES.get(option, f"<{option}>")
    if option in base:
        place = base.index(option)
        base[place + 1] = value
        return [command, *base], option
    return [command, *base, option, value], option


CASES = [(command, option, value) for (command, option), values in REFUSED.items() for value in values]


@pytest.mark.parametrize(("command", "option", "value"), CASES)
def test_a_value_no_spelling_allows_is_refused_at_the_option(
    command: str, option: str, value: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    argv, name = _argv(command, option, value)
    try:
        status = main(argv)
    except SystemExit as usage_error:
        status = usage_error.code
    captured = capsys.readouterr()
    assert status == 1, f"{argv} was accepted"
    assert captured.out == ""
    first = captured.err.splitlines()[0]
    assert first.startswith(f"{name}:") and ": error: " in first, first
    assert list(tmp_path.iterdir()) == [], "a refused command wrote a file"


def _options_taking_values(parser: argparse.ArgumentParser) -> dict[str, list[str]]:
    """Each subcommand's options and positional arguments that take a value."""
    (commands,) = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    taken: dict[str, list[str]] = {}
    for command, subparser in commands.choices.items():
        for action in subparser._actions:
            if action.nargs == 0 or isinstance(action, argparse._HelpAction):
                continue
            taken.setdefault(command, []).append(action.option_strings[0] if action.option_strings else action.dest)
    return taken


def test_every_option_that_takes_a_value_has_refused_values() -> None:
    missing = [
        f"{command} {option}"
        for command, options in _options_taking_values(_parser()).items()
        for option in options
        if (command, option) not in REFUSED
    ]
    assert missing == []
