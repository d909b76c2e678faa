"""The xDSL-free reader of an encoding written out alone agrees with the dialect's parser:
on every encoding our printer writes, and on every encoding the lit tests define, where
it either reads what the full parser reads or leaves the text to it (``None``); it
answers every plain encoding, so that a quick question never pays for xDSL."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from encoding_strategies import distributed, partitioned, shared
from hypothesis import given
from hypothesis import strategies as st
from xdsl.utils.exceptions import ParseError, VerifyException

from layoutdialect import DistributedEncoding, SharedEncoding, encoding_attr
from layoutdialect.dialect.encoding_text import read_encoding_text
from layoutdialect.dialect.registry import make_attribute_context
from layoutdialect.dialect.text import LocatingParser
from layoutdialect.dialect.ttg.attributes import EncodingAttr

LIT = Path(__file__).resolve().parents[2] / "filecheck"

DEFINITION = re.compile(r"^#[\w.$-]+\s*=\s*(#ttg\.\w+<.*)$", re.M)
"""An alias defined as a ``ttg`` attribute, on one line."""


def _lit_encodings() -> list[str]:
    texts = {
        match.group(1).strip()
        for path in sorted(LIT.rglob("*.mlir"))
        for match in DEFINITION.finditer(path.read_text(errors="replace"))
    }
    return sorted(text for text in texts if not re.search(r"#(?!ttg\.)", text))


LIT_ENCODINGS = _lit_encodings()


def _full_parse(text: str) -> tuple[EncodingAttr | None, list[str]]:
    """What the dialect's parser reads (``None`` where it refuses the text), and its remarks."""
    parser = LocatingParser(make_attribute_context(), text, "<layout>")
    try:
        attribute = parser.parse_attribute()
        if not parser.at_end():
            return None, parser.remarks
    except (ParseError, VerifyException):
        return None, parser.remarks
    return (attribute if isinstance(attribute, EncodingAttr) else None), parser.remarks


@given(st.one_of(distributed, shared, partitioned))
def test_every_printed_encoding_reads_back_without_xdsl(encoding: DistributedEncoding | SharedEncoding) -> None:
    assert read_encoding_text(str(encoding_attr(encoding))) == encoding


def test_the_lit_tests_define_encodings_of_every_kind() -> None:
    kinds = {text.split("<", 1)[0] for text in LIT_ENCODINGS}
    assert len(LIT_ENCODINGS) > 300
    assert len(kinds) == 14


@pytest.mark.parametrize("text", LIT_ENCODINGS)
def test_the_quick_reader_reads_what_the_full_parser_reads_or_leaves_it(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    quick = read_encoding_text(text)
    full, remarks = _full_parse(text)
    capsys.readouterr()
    if full is None or remarks:
        assert quick is None
    else:
        assert quick == full.data


@pytest.mark.parametrize(
    "text",
    [
        "#blocked",
        "#ttg.slice<{dim = 0, parent = #blocked}>",
        "tensor<16xf32, #ttg.linear<{register = [[1]]}>>",
        "#ttg.linear<{register = [[1]]}> // a comment",
        "#ttg.linear<{register = [[1]]}> extra",
        "#ttg.linear<{register = [[1]], colour = 3}>",
        "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [1], "
        "CTASplitNum = [1], CTAOrder = [0]}>",
        "#ttg.blocked<{sizePerThread = [-1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
        "#ttg.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
        "#ttg.shared_memory",
    ],
)
def test_anything_but_a_plain_valid_encoding_is_left_to_the_full_parser(text: str) -> None:
    assert read_encoding_text(text) is None
