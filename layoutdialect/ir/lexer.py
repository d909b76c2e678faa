"""The MLIR lexer: xDSL's tokens, made faster and safe on bad input.

xDSL's ``MLIRLexer`` decides each token character by character in Python, which is
a third of the time it takes to read a kernel.  ``FastMLIRLexer`` reads the common
tokens (identifiers, SSA names, punctuation, decimal integers) with one regular
expression match each, and hands everything else (strings, floats, hexadecimal,
``...``, file metadata, any error) to xDSL's own code, so every token is the one
xDSL would produce.
"""

from __future__ import annotations

import re

from xdsl.utils.lexer import Position, Span, Token
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRToken, MLIRTokenKind, StringLiteral

__all__ = ["FastMLIRLexer"]

_SUFFIX_ID = r"(?:[0-9]+|[a-zA-Z$._][a-zA-Z0-9$._-]*)"
"""MLIR's ``suffix-id`` after ``%``, ``#``, ``!`` or ``^``, less a leading ``-`` (which
``#-}`` makes xDSL's business)."""

_COMMON_TOKEN = re.compile(
    # Whitespace and comments, never given back (a comment must not yield tokens).
    r"(?>(?:\s+|//[^\n]*)*)"
    r"(?:(?P<BARE_IDENT>[a-zA-Z_][a-zA-Z0-9_$.]*)"
    rf"|(?P<PERCENT_IDENT>%{_SUFFIX_ID})"
    rf"|(?P<HASH_IDENT>\#{_SUFFIX_ID})"
    rf"|(?P<EXCLAMATION_IDENT>!{_SUFFIX_ID})"
    rf"|(?P<CARET_IDENT>\^{_SUFFIX_ID})"
    r"|(?P<AT_IDENT>@[a-zA-Z_][a-zA-Z0-9_$.]*)"
    # A decimal integer, not the start of a float or of a hexadecimal literal.
    r"|(?P<INTEGER_LIT>(?!0x[0-9a-fA-F])[0-9]++(?!\.))"
    r"|(?P<ARROW>->)"
    r"|(?P<L_BRACE>\{(?!-\#))"
    r"|(?P<COLON>:)|(?P<COMMA>,)|(?P<L_PAREN>\()|(?P<R_PAREN>\))|(?P<R_BRACE>\})"
    r"|(?P<L_SQUARE>\[)|(?P<R_SQUARE>\])|(?P<LESS><)|(?P<GREATER>>)|(?P<EQUAL>=)"
    r"|(?P<PLUS>\+)|(?P<SLASH>/)|(?P<STAR>\*)|(?P<QUESTION>\?)|(?P<VERTICAL_BAR>\|))",
    re.ASCII,
)
_KINDS = {name: MLIRTokenKind[name] for name in _COMMON_TOKEN.groupindex}


class FastMLIRLexer(MLIRLexer):
    """xDSL's lexer, reading common tokens in one match and strings in linear time."""

    _unescaped_characters_regex = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"')
    """xDSL's string-literal pattern without its nested ``(?:[^"...]+|...)*``, which
    takes exponential time on a string left unclosed."""

    def lex(self) -> MLIRToken:
        """The next token, as xDSL's ``lex`` gives it."""
        match = _COMMON_TOKEN.match(self.input.content, self.pos)
        if match is None:
            return super().lex()
        kind = match.lastgroup
        assert kind is not None
        self.pos = match.end()
        return Token(_KINDS[kind], Span(match.start(kind), self.pos, self.input))

    def peek(self, position: Position) -> tuple[MLIRTokenKind, str] | None:
        """The kind and text of the token at ``position`` (after any whitespace and
        comments), without moving; ``None`` for a token only xDSL's code reads."""
        match = _COMMON_TOKEN.match(self.input.content, position)
        if match is None:
            return None
        kind = match.lastgroup
        assert kind is not None
        return _KINDS[kind], match.group(kind)

    def _lex_string_literal(self, start_pos: Position) -> MLIRToken:
        """A string whose escapes spell UTF-8 (``"caf\\C3\\A9"``, as MLIR and xDSL print
        ``"café"``) is a string, not bytes: xDSL takes every non-ASCII one for bytes, so
        what it prints does not read back."""
        token = super()._lex_string_literal(start_pos)
        if token.kind is MLIRTokenKind.BYTES_LIT:
            try:
                StringLiteral.from_span(token.span).bytes_contents.decode("utf-8")
            except UnicodeDecodeError:
                return token
            return Token(MLIRTokenKind.STRING_LIT, token.span)
        return token
