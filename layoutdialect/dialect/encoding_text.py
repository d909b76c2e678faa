"""A layout encoding written out alone, ``#ttg.blocked<{...}>``, read without xDSL.

A question about one layout (``layout-tool show '#ttg.blocked<{...}>'``) should not pay
for loading xDSL's IR, its builtin dialect and its parser, which take longer than the
answer.  ``read_encoding_text`` reads such a text with the same body readers as the
dialect (``layoutdialect.dialect.ttg.encoding_bodies``) over a small tokenizer of the
part of MLIR's syntax encodings use.  It reads only the plain case: an encoding that
the readers accept without a remark, nested ones included.  Anything else (an alias, a
type, a comment, a legacy key to remark on, any error) gives ``None``, and the caller
reads the text with the full parser, which says what it means or what is wrong, so
both readers agree wherever this one answers.

>>> read_encoding_text("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>").vec
8
>>> read_encoding_text("#blocked") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NoReturn, TypeVar

from layoutdialect.dialect.syntax import Delimiter
from layoutdialect.dialect.ttg.encoding_bodies import ENCODING_NAMES, read_encoding_body
from layoutdialect.encodings import Encoding

__all__ = ["read_encoding_text"]

T = TypeVar("T")

_TOKEN = re.compile(
    r"\s*(?:"
    r"(?P<encoding>\#ttg\.[a-z_]+)"
    r"|(?P<identifier>[a-zA-Z_][a-zA-Z0-9_$.]*)"
    r"|(?P<integer>0x[0-9a-fA-F]+|[0-9]+)(?![0-9a-zA-Z_.$])"
    r'|(?P<string>"[^"\\\n]*")'
    r"|(?P<punctuation>[<>{}\[\]=,:+-])"
    r")"
)
"""One token of an encoding's text after any spaces: MLIR's spelling of each kind that
encodings use; any other text is not read here."""


class _NotPlain(Exception):
    """The text needs the full parser: it is not an encoding this reader reads alone."""


class _PlainReader:
    """The ``AttributeReader`` verbs over ``text``, tokenized up front; every error or
    remark gives up (``_NotPlain``)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self.tokens: list[tuple[str, str, int]] = []
        """Each token's kind, text and start; a last ``end`` token where the text ends."""
        at = 0
        stripped = len(text.rstrip())
        while at < stripped:
            match = _TOKEN.match(text, at)
            if match is None or match.lastgroup is None:
                raise _NotPlain
            kind = match.lastgroup
            self.tokens.append((kind, match.group(kind), match.start(kind)))
            at = match.end()
        self.tokens.append(("end", "", len(text)))
        self.next = 0

    @property
    def pos(self) -> int:
        return self.tokens[self.next][2]

    @property
    def text(self) -> str:
        return self._text

    def _peek(self, kind: str, spelling: str | None = None) -> str | None:
        """The next token's text when it is of ``kind`` (and spelled ``spelling``), consumed."""
        token_kind, token, _ = self.tokens[self.next]
        if token_kind != kind or (spelling is not None and token != spelling):
            return None
        self.next += 1
        return token

    def _expect(self, kind: str, spelling: str | None = None) -> str:
        token = self._peek(kind, spelling)
        if token is None:
            raise _NotPlain
        return token

    def parse_punctuation(self, punctuation: str) -> None:
        self._expect("punctuation", punctuation)

    def parse_optional_punctuation(self, punctuation: str) -> bool:
        return self._peek("punctuation", punctuation) is not None

    def parse_keyword(self, keyword: str) -> None:
        self._expect("identifier", keyword)

    def parse_integer(self) -> int:
        negative = self.parse_optional_punctuation("-")
        literal = self._expect("integer")
        value = int(literal, 0) if literal[:2] == "0x" else int(literal)
        return -value if negative else value

    def parse_integer_literal(self, start: int) -> str:
        return self._expect("integer")

    def parse_optional_boolean(self) -> bool | None:
        for value in (True, False):
            if self._peek("identifier", str(value).lower()) is not None:
                return value
        return None

    def parse_boolean(self) -> bool:
        value = self.parse_optional_boolean()
        if value is None:
            raise _NotPlain
        return value

    def parse_optional_key(self) -> str | None:
        key = self._peek("identifier")
        if key is None and (quoted := self._peek("string")) is not None:
            key = quoted[1:-1]
        return key

    def parse_list(self, delimiter: Delimiter, element: Callable[[], T]) -> list[T]:
        self.parse_punctuation(delimiter[0])
        if self.parse_optional_punctuation(delimiter[1]):
            return []
        elements = [element()]
        while self.parse_optional_punctuation(","):
            elements.append(element())
        self.parse_punctuation(delimiter[1])
        return elements

    def parse_encoding_attribute(self) -> tuple[Encoding | None, str]:
        start = self.pos
        return self.parse_encoding(), self._text[start : self.pos]

    def parse_encoding(self) -> Encoding:
        """``#ttg.name<body>``, for an encoding's name."""
        start = self.pos
        name = self._expect("encoding")[1:]
        if name not in ENCODING_NAMES:
            raise _NotPlain
        self.parse_punctuation("<")
        encoding = read_encoding_body(name, self, start)
        self.parse_punctuation(">")
        return encoding

    def skip_attribute(self) -> None:
        raise _NotPlain

    def raise_error(self, message: str, start: int, end: int) -> NoReturn:
        raise _NotPlain

    def remark(self, message: str, start: int, end: int) -> None:
        raise _NotPlain


def read_encoding_text(text: str) -> Encoding | None:
    """The encoding ``text`` spells, when it is one ``#ttg`` encoding and nothing else,
    well formed and valid, that reads without a remark; ``None`` otherwise (read it with
    the full parser, ``layoutdialect.dialect.text``, to learn why)."""
    try:
        reader = _PlainReader(text)
        encoding = reader.parse_encoding()
        reader._expect("end")
    except _NotPlain:
        return None
    return encoding
