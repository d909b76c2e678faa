"""A module cut short (a file truncated while copied, a paste that lost its end) is a
located error that says what is missing, on a line of the text, with a caret."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module
from layoutdialect.ir.diagnostics import IRError

EXAMPLES = Path(__file__).parents[3] / "examples"
CONTEXT = make_context()
_DIAGNOSTIC = re.compile(r"cut\.mlir:(\d+):(\d+): error: (.*)")


def _error(text: str) -> IRError | None:
    """The error reading ``text``; ``None`` when it reads (a cut after the aliases)."""
    try:
        parse_module(text, "cut.mlir", CONTEXT)
    except IRError as error:
        return error
    return None


def _diagnostic(text: str) -> tuple[int, int, str, list[str]]:
    """The line, column and message of the error reading ``text``, and the lines under it."""
    error = _error(text)
    assert error is not None
    first, *shown = str(error).split("\n")
    match = _DIAGNOSTIC.fullmatch(first)
    assert match is not None, first
    return int(match.group(1)), int(match.group(2)), match.group(3), shown


@pytest.mark.parametrize("example", ["transpose_f16.mlir", "lane_exchange.mlir", "matmul_tile.mlir"])
def test_every_cut_gives_a_meaningful_located_message(example: str) -> None:
    """Cut at every eleventh character and at every line end: the message is words (no
    placeholder xDSL left unformatted, no empty message), on a line of the cut text,
    shown with a caret within or just past it."""
    text = (EXAMPLES / example).read_text()
    line_ends = [match.start() for match in re.finditer("\n", text)]
    for end in sorted({*range(1, len(text) - 1, 11), *line_ends[:-1]}):
        cut = text[:end]
        if _error(cut) is None:
            continue
        line, column, message, shown = _diagnostic(cut)
        where = f"{example} cut at {end}: {message!r}"
        assert re.match(r"\w|'", message) and not re.search(r"\{[a-z_]+\}", message), where
        assert 1 <= line <= cut.count("\n") + 1, where
        source_line, caret = shown
        assert source_line == cut.split("\n")[line - 1], where
        assert caret == " " * (column - 1) + "^" * (len(caret) - column + 1), where
        assert column <= len(source_line) + 1, where


@pytest.mark.parametrize(
    ("example", "lines", "expected"),
    [
        # The file ends after an op inside tt.func: the region of tt.func (line 7) is open.
        ("transpose_f16.mlir", 8, "8:88: error: unexpected end of file: '}' expected to close the '{' at 7:82"),
        # Right after the module's '{': its region is open, pointed at just past the brace.
        ("transpose_f16.mlir", 6, "6:83: error: unexpected end of file: '}' expected to close the '{' at 6:82"),
        # tt.func closed, the module not.
        ("transpose_f16.mlir", 10, "10:4: error: unexpected end of file: '}' expected to close the '{' at 6:82"),
    ],
)
def test_an_unclosed_region_names_its_brace(example: str, lines: int, expected: str) -> None:
    cut = "".join((EXAMPLES / example).read_text().splitlines(keepends=True)[:lines])
    line, column, message, _ = _diagnostic(cut)
    assert f"{line}:{column}: error: {message}" == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("module {\n  tt.func @f(%x: tensor<8x", "2:27: error: unexpected end of file: Expected shape type."),
        ("module {\n  %", "2:3: error: Expected suffix identifier after '%'"),
        ("module {\n  42\n}\n", "2:3: error: expected an operation, a block label (^bb0:) or '}' to close the region"),
        ("#a = #ttg.shared_memory\n#a = #ttg.shared_memory\n", "2:1: error: re-declaration of alias '#a'"),
    ],
)
def test_xdsl_messages_are_reworded_where_they_say_nothing(text: str, expected: str) -> None:
    line, column, message, _ = _diagnostic(text)
    assert f"{line}:{column}: error: {message}" == expected
