"""Errors in layout arguments pasted over several lines, as from an IR dump, are located by
the line and the column in that line, and show that line."""

from __future__ import annotations

import pytest

from layoutdialect.answers.arguments import LayoutArgumentError, parse_layout_argument
from layoutdialect.answers.cute import cute_answer

BLOCKED = "#ttg.blocked<{sizePerThread = [1, 4],\n threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
SECOND = " threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"


def _error(text: str) -> LayoutArgumentError:
    with pytest.raises(LayoutArgumentError) as error:
        parse_layout_argument(text, (64, 64))
    return error.value


@pytest.mark.parametrize(
    ("text", "line", "column", "source_line"),
    [
        (BLOCKED.replace("order", "ordr"), 2, 49, SECOND.replace("order", "ordr")),
        (BLOCKED.replace("order", "ordr").replace("\n", "\r\n"), 2, 49, SECOND.replace("order", "ordr")),
        (BLOCKED.replace("[4, 8]", "[4; 8]"), 2, 21, SECOND.replace("[4, 8]", "[4; 8]")),
        (BLOCKED.replace("[1, 0]", "[1, 9]"), 1, 13, "#ttg.blocked<{sizePerThread = [1, 4],"),
        (BLOCKED[:-1], 2, len(SECOND), SECOND[:-1]),
        ("(4,2)\n  :\n  (1,4", 3, 7, "  (1,4"),
        ("(4,2):(1,\n   $)", 2, 4, "   $)"),
        ("\n(4,2):(1,4) x", 2, 13, "(4,2):(1,4) x"),
    ],
)
def test_a_multi_line_argument_is_located_in_its_line(text: str, line: int, column: int, source_line: str) -> None:
    error = _error(text)
    assert (error.location.line, error.location.column) == (line, column)
    assert str(error).splitlines() == [
        f"<layout>:{line}:{column}: error: {error.message}",
        source_line,
        " " * (column - 1) + "^",
    ]


def test_a_one_line_argument_is_located_as_before() -> None:
    error = _error("(4,2):(1,4")
    assert str(error) == "<layout>:1:11: error: expected ')'\n(4,2):(1,4\n          ^"


def test_a_cute_expression_over_several_lines_is_located_in_its_line() -> None:
    with pytest.raises(LayoutArgumentError) as error:
        cute_answer(["composition((4,4):(4,1),\n            frob)"])
    assert str(error.value).splitlines() == [
        "<expression 1>:2:13: error: expected a CuTe layout",
        "            frob)",
        "            ^",
    ]
