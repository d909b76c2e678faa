"""xDSL's attribute parser seen as an ``AttributeReader``, the verbs the bodies of
``layoutdialect.dialect.syntax`` are read with inside a module."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import NoReturn, TypeVar

from xdsl.ir import Data
from xdsl.parser import AttrParser
from xdsl.utils.lexer import Span
from xdsl.utils.mlir_lexer import MLIRTokenKind

from layoutdialect.dialect.syntax import Delimiter
from layoutdialect.encodings import Encoding
from layoutdialect.ir.diagnostics import SourceLocation

__all__ = ["XdslAttributeReader"]

T = TypeVar("T")


class XdslAttributeReader:
    """``parser`` read through the ``AttributeReader`` verbs: each forwards to xDSL's own,
    so the tokens, positions and messages are xDSL's."""

    def __init__(self, parser: AttrParser) -> None:
        self.parser = parser

    @property
    def pos(self) -> int:
        return self.parser.pos

    @property
    def text(self) -> str:
        return self.parser.lexer.input.content

    def parse_punctuation(self, punctuation: str) -> None:
        self.parser.parse_punctuation(punctuation)  # type: ignore[arg-type]

    def parse_optional_punctuation(self, punctuation: str) -> bool:
        return self.parser.parse_optional_punctuation(punctuation) is not None  # type: ignore[arg-type]

    def parse_keyword(self, keyword: str) -> None:
        self.parser.parse_keyword(keyword)

    def parse_integer(self) -> int:
        return self.parser.parse_integer(allow_boolean=False)

    def parse_integer_literal(self, start: int) -> str:
        token = self.parser._current_token
        if token.kind != MLIRTokenKind.INTEGER_LIT:
            self.parser.raise_error("expected integer value", start, token.span.end)
        self.parser._consume_token(MLIRTokenKind.INTEGER_LIT)
        return token.text

    def parse_optional_boolean(self) -> bool | None:
        return self.parser.parse_optional_boolean()

    def parse_boolean(self) -> bool:
        return self.parser.parse_boolean()

    def parse_optional_key(self) -> str | None:
        return self.parser.parse_optional_identifier_or_str_literal()

    def parse_list(self, delimiter: Delimiter, element: Callable[[], T]) -> list[T]:
        brackets = self.parser.Delimiter.SQUARE if delimiter == "[]" else self.parser.Delimiter.BRACES
        return self.parser.parse_comma_separated_list(brackets, element)

    def parse_encoding_attribute(self) -> tuple[Encoding | None, str]:
        attribute = self.parser.parse_attribute()
        payload = attribute.data if isinstance(attribute, Data) else None
        return (payload if isinstance(payload, Encoding) else None), str(attribute)

    def skip_attribute(self) -> None:
        self.parser.parse_attribute()

    def raise_error(self, message: str, start: int, end: int) -> NoReturn:
        self.parser.raise_error(message, start, end)

    def remark(self, message: str, start: int, end: int) -> None:
        """Through the parser's own ``remark`` when it has one (``LocatingParser`` collects
        and prints them once each), else as ``file:line:col: remark: message`` on stderr."""
        note = getattr(self.parser, "remark", None)
        if callable(note):
            note(message, start, end)
            return
        where = Span(start, end, self.parser.lexer.input).get_location()
        print(SourceLocation(where.file, where.line, where.col).render(message, severity="remark"), file=sys.stderr)
