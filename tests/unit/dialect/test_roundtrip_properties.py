"""Any valid encoding prints as TTGIR that parses back to the same encoding."""

from __future__ import annotations

from encoding_strategies import distributed, partitioned, shared
from hypothesis import given
from hypothesis import strategies as st
from xdsl.parser import Parser

from layoutdialect import DistributedEncoding, SharedEncoding, encoding_attr, make_context

CTX = make_context()


@given(st.one_of(distributed, shared, partitioned))
def test_printing_then_parsing_gives_the_same_encoding(encoding: DistributedEncoding | SharedEncoding) -> None:
    attribute = encoding_attr(encoding)
    text = str(attribute)
    parsed = Parser(CTX, text).parse_attribute()
    assert parsed == attribute, text
    assert str(parsed) == text
