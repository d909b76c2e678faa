"""``FastMLIRLexer`` reads common tokens with one match each; every token (kind and
span) and every error must be the one xDSL's character-by-character ``lex`` gives."""

from __future__ import annotations

from filecheck_inputs import filecheck_chunks
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Input
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

from layoutdialect.ir.lexer import FastMLIRLexer


class CharacterLexer(FastMLIRLexer):
    """The same lexer deciding every token with xDSL's ``lex``."""

    lex = MLIRLexer.lex


def tokens(lexer_class: type[FastMLIRLexer], text: str) -> list[tuple[object, ...]]:
    lexer = lexer_class(Input(text, "input.mlir"))
    read: list[tuple[object, ...]] = []
    while True:
        try:
            token = lexer.lex()
        except ParseError as error:
            return [*read, ("error", str(error))]
        read.append((token.kind, token.span.start, token.span.end))
        if token.kind is MLIRTokenKind.EOF:
            return read


def test_every_filecheck_input_lexes_as_xdsl_lexes_it() -> None:
    for chunk in filecheck_chunks(functions_only=False):
        text = chunk.values[0]
        assert tokens(FastMLIRLexer, text) == tokens(CharacterLexer, text)


PIECES = [
    " ",
    "\n",
    "\t",
    "// note\n",
    "//",
    "%",
    "#",
    "!",
    "^",
    "@",
    "-",
    "->",
    "{",
    "{-#",
    "#-}",
    "}",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    ":",
    ",",
    "=",
    "+",
    "*",
    "?",
    "|",
    "/",
    ".",
    "...",
    "0",
    "7",
    "0x",
    "0x1F",
    "12",
    "1.5",
    "2.e-3",
    "e",
    "x",
    "i32",
    "arg_0",
    "a$b.c",
    "$",
    "_",
    "é",
    '"s"',
    '"open',
    "%12",
    "%-a",
    "#loc",
    "!tt",
    "^bb0",
    "@f",
    '@"s"',
    "\\",
    "~",
    "²",
]


@settings(deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=24))
def test_random_texts_lex_as_xdsl_lexes_them(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert tokens(FastMLIRLexer, text) == tokens(CharacterLexer, text)


def test_a_comment_yields_no_token() -> None:
    assert [kind for kind, *_ in tokens(FastMLIRLexer, "// %x = a\n  %y")] == [
        MLIRTokenKind.PERCENT_IDENT,
        MLIRTokenKind.EOF,
    ]


@settings(deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12), st.integers(min_value=0, max_value=40))
def test_a_peek_sees_the_token_lex_reads_there_and_moves_nothing(pieces: list[str], position: int) -> None:
    text = "".join(pieces)
    lexer = FastMLIRLexer(Input(text, "input.mlir"))
    peeked = lexer.peek(position)
    assert lexer.pos == 0
    if peeked is not None:
        lexer.pos = position
        token = lexer.lex()
        assert peeked == (token.kind, token.text)
