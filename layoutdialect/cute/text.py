"""Reading CuTe layouts and algebra expressions in the text forms CuTe prints.

Accepted forms:

- ``(4,2,2,2):(1,16,8,4)``, nested ``((2,2),3):((24,2),8)``, a shape alone (compact
  column-major), static integers ``_4``, and C++'s ``Layout<Shape<_4,_2>, Stride<_1,_4>>``;
- ``Swizzle<3,0,3>``, ``Sw<3,0,3>``, ``S<3,0,3>``, ``SW_3_0_3``;
- ``S<3,0,3> o (8,8):(8,1)`` and ``S<3,0,3> o 0 o (8,8):(8,1)`` (outer, offset, inner);
- a table ``[0,1,2,3,16,17,18,19,...]`` of the offsets of indices 0, 1, 2, ...; inside an
  expression it stands for the layout with those offsets, ``[0,2,1,3]`` for ``(2,2):(2,1)``;
- calls ``composition(a, b)``, ``complement(a, 24)``, ``coalesce(a)``, ``logical_divide(a, <3,4>)``,
  ``logical_product(a, b)``, ``right_inverse(a)``, ``left_inverse(a)``, where ``<t, u>`` is a
  by-mode tiler.

Brackets and calls nest at most ``MAX_NESTING`` deep (CuTe's own layouts nest a few levels);
deeper text is a ``CuteSyntaxError`` at the bracket that goes too deep, not a ``RecursionError``.

>>> print(parse_cute("Layout<Shape<_4,_2,_2,_2>, Stride<_1,_16,_8,_4>>"))
(4,2,2,2):(1,16,8,4)
>>> print(parse_cute("composition(20:2, (5,4):(4,1))"))
(5,4):(8,2)
>>> print(parse_cute("left_inverse([0,3,6,1,4,7,2,5,8])"))
(3,3):(3,1)
>>> try:
...     parse_cute("(4,2):(1")
... except CuteSyntaxError as error:
...     print(error)
column 9: expected ')'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from layoutdialect.cute.algebra import (
    Tiler,
    coalesce,
    complement,
    composition,
    left_inverse,
    logical_divide,
    logical_product,
    right_inverse,
)
from layoutdialect.cute.layout import ComposedLayout, CuteError, IntTuple, Layout, Swizzle
from layoutdialect.cute.nesting import MAX_NESTING
from layoutdialect.f2.arguments import checks_arguments

__all__ = ["MAX_NESTING", "CuteSyntaxError", "CuteValue", "Table", "parse_cute"]

MAX_NAMED_VALUES = 16
"""The most offsets of a table a message or a summary repeats."""

MAX_INTEGER_DIGITS = 19
"""The digits of the largest integer CuTe's C++ holds, ``int64_t``."""


@dataclass(frozen=True)
class Table:
    """An explicit map from index ``i`` to ``values[i]``."""

    values: tuple[int, ...]

    def __str__(self) -> str:
        return "[" + ",".join(map(str, self.values)) + "]"

    def brief(self) -> str:
        """The table as a message names it: whole up to ``MAX_NAMED_VALUES`` offsets, else its
        first offsets and how many there are."""
        if len(self.values) <= MAX_NAMED_VALUES:
            return str(self)
        shown = ",".join(map(str, self.values[:MAX_NAMED_VALUES]))
        return f"[{shown},...] of {len(self.values)} offsets"

    def layout(self) -> Layout:
        """The CuTe layout with these offsets, adjacent modes merged as ``coalesce`` merges
        them; ``CuteError`` when no ``shape:stride`` gives them.  Each mode, from the first,
        is the longest run of equal steps at the indices where the earlier modes are 0.

        >>> print(Table((0, 2, 1, 3)).layout(), Table((0, 1, 0, 1, 8, 9, 8, 9)).layout())
        (2,2):(2,1) (2,2,2):(1,0,8)
        """
        values = self.values
        shapes: list[int] = []
        strides: list[int] = []
        step = 1
        while step < len(values):
            stride = values[step]
            size = 2
            while size * step < len(values) and values[size * step] == size * stride:
                size += 1
            shapes.append(size)
            strides.append(stride)
            step *= size
        layout = coalesce(Layout(tuple(shapes), tuple(strides))) if shapes else Layout(1, 0)
        if step != len(values) or any(layout(i) != value for i, value in enumerate(values)):
            raise CuteError(f"the table {self.brief()} is no layout: no shape:stride gives these offsets")
        return layout


CuteValue = Layout | Swizzle | ComposedLayout | Table | int | tuple["CuteValue", ...]


class CuteSyntaxError(ValueError):
    """Text that is not a CuTe layout; ``column`` (from 1) points at the offending character,
    counting across line breaks (``LayoutArgumentError`` turns it into a line and a column)."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(f"column {column}: {message}")
        self.column = column
        self.message = message


_TOKEN = re.compile(r"\s*(?:(?P<number>-?_?\d+)|(?P<word>[A-Za-z][A-Za-z0-9_]*)|(?P<punct>[()<>,:\[\]]))")
_SWIZZLE_WORDS = ("Swizzle", "Sw", "S")
_SW_NAME = re.compile(r"SW_(\d+)_(\d+)_(-?\d+)$")


def _table_layout(table: Table, column: int) -> Layout:
    try:
        return table.layout()
    except CuteError as error:
        raise CuteSyntaxError(column, str(error)) from None


def _as_tiler(value: CuteValue, column: int) -> Tiler:
    if isinstance(value, Table):
        return _table_layout(value, column)
    if isinstance(value, Layout | int):
        return value
    if isinstance(value, tuple):
        return tuple(_as_tiler(v, column) for v in value)
    raise CuteSyntaxError(column, f"expected a layout, an integer or a <...> tiler, got {value}")


def _as_layout(value: CuteValue, column: int) -> Layout:
    if isinstance(value, int):
        return Layout(value)
    if isinstance(value, Table):
        return _table_layout(value, column)
    if not isinstance(value, Layout):
        raise CuteSyntaxError(column, f"expected a layout, got {value}")
    return value


_UNARY: dict[str, Callable[[Layout], Layout]] = {
    "coalesce": coalesce,
    "right_inverse": right_inverse,
    "left_inverse": left_inverse,
}
_BINARY: dict[str, Callable[[Layout, Tiler], Layout]] = {
    "composition": composition,
    "logical_divide": logical_divide,
    "logical_product": logical_product,
}


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        position = 0
        while position < len(text):
            if text[position:].strip() == "":
                break
            match = _TOKEN.match(text, position)
            if match is None:
                column = position + len(text[position:]) - len(text[position:].lstrip()) + 1
                raise CuteSyntaxError(column, f"unexpected character '{text[column - 1]}'")
            kind = match.lastgroup
            assert kind is not None
            self.tokens.append((kind, match.group(kind), match.start(kind) + 1))
            position = match.end()
        self.index = 0
        self.depth = 0

    @contextmanager
    def nested(self, column: int) -> Iterator[None]:
        """Read one bracket or call deeper, opened at ``column``: at most ``MAX_NESTING`` deep."""
        if self.depth == MAX_NESTING:
            raise CuteSyntaxError(column, f"brackets and calls nest more than {MAX_NESTING} deep")
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    def peek(self, offset: int = 0) -> tuple[str, str, int]:
        if self.index + offset < len(self.tokens):
            return self.tokens[self.index + offset]
        return ("end", "", len(self.text) + 1)

    def take(self) -> tuple[str, str, int]:
        token = self.peek()
        self.index += 1
        return token

    def expect(self, value: str) -> int:
        kind, text, column = self.take()
        if text != value or kind == "end":
            raise CuteSyntaxError(column, f"expected '{value}'")
        return column

    def accept(self, value: str) -> bool:
        if self.peek()[1] == value and self.peek()[0] != "end":
            self.index += 1
            return True
        return False

    def integer(self) -> int:
        kind, text, column = self.take()
        if kind != "number":
            raise CuteSyntaxError(column, "expected an integer")
        digits = text.replace("_", "").lstrip("-").lstrip("0")
        if len(digits) > MAX_INTEGER_DIGITS or int(digits or "0") >= 1 << 63:
            raise CuteSyntaxError(column, "an integer of CuTe is below 2^63, as C++'s int64_t is")
        return int(text.replace("_", ""))

    def int_tuple(self) -> IntTuple:
        if self.peek()[1] == "(":
            with self.nested(self.take()[2]):
                items = [self.int_tuple()]
                while self.accept(","):
                    items.append(self.int_tuple())
                self.expect(")")
            return tuple(items)
        return self.integer()

    def cpp_tuple(self, name: str) -> IntTuple:
        self.expect(name)
        items: list[IntTuple] = []
        with self.nested(self.expect("<")):
            while True:
                items.append(self.cpp_tuple(name) if self.peek()[1] == name else self.integer())
                if not self.accept(","):
                    break
            self.expect(">")
        return tuple(items)

    def layout_or_tuple(self) -> CuteValue:
        column = self.peek()[2]
        shape = self.int_tuple()
        if self.accept(":"):
            stride = self.int_tuple()
            try:
                return Layout(shape, stride)
            except CuteError as error:
                raise CuteSyntaxError(column, str(error)) from None
        if isinstance(shape, int):
            return shape
        try:
            return Layout(shape)
        except CuteError as error:
            raise CuteSyntaxError(column, str(error)) from None

    def swizzle(self) -> Swizzle:
        kind, word, column = self.take()
        named = _SW_NAME.match(word)
        try:
            if named:
                return Swizzle(*(int(g) for g in named.groups()))
            self.expect("<")
            bits = self.integer()
            self.expect(",")
            base = self.integer()
            self.expect(",")
            shift = self.integer()
            self.expect(">")
            return Swizzle(bits, base, shift)
        except CuteError as error:
            raise CuteSyntaxError(column, str(error)) from None

    def primary(self) -> CuteValue:
        kind, text, column = self.peek()
        if text == "[":
            self.take()
            values = [self.integer()]
            while self.accept(","):
                values.append(self.integer())
            self.expect("]")
            return Table(tuple(values))
        if text == "<":
            with self.nested(self.take()[2]):
                items = [self.expression()]
                while self.accept(","):
                    items.append(self.expression())
                self.expect(">")
            return tuple(items)
        if (
            kind == "word"
            and (text in _SWIZZLE_WORDS or _SW_NAME.match(text))
            and (_SW_NAME.match(text) or self.peek(1)[1] == "<")
        ):
            return self.swizzle()
        if kind == "word" and text == "Layout":
            self.take()
            self.expect("<")
            shape = self.cpp_tuple("Shape")
            self.expect(",")
            stride = self.cpp_tuple("Stride")
            self.expect(">")
            shape = shape[0] if isinstance(shape, tuple) and len(shape) == 1 else shape
            stride = stride[0] if isinstance(stride, tuple) and len(stride) == 1 else stride
            try:
                return Layout(shape, stride)
            except CuteError as error:
                raise CuteSyntaxError(column, str(error)) from None
        if kind == "word" and self.peek(1)[1] == "(":
            return self.call()
        if kind == "number" or text == "(":
            return self.layout_or_tuple()
        raise CuteSyntaxError(
            column, "expected a CuTe layout" if kind != "end" else "expected a CuTe layout, got nothing"
        )

    def call(self) -> CuteValue:
        _, name, column = self.take()
        if name not in _UNARY and name not in _BINARY and name != "complement":
            known = ", ".join(sorted([*_UNARY, *_BINARY, "complement"]))
            raise CuteSyntaxError(column, f"unknown operation '{name}' (known: {known})")
        arguments: list[tuple[CuteValue, int]] = []
        with self.nested(self.expect("(")):
            while not arguments or self.accept(","):
                argument_column = self.peek()[2]
                arguments.append((self.expression(), argument_column))
            self.expect(")")
        expected = 1 if name in _UNARY else 2
        if name == "complement":
            expected = len(arguments) if len(arguments) in (1, 2) else 2
        if len(arguments) != expected:
            raise CuteSyntaxError(column, f"{name} takes {expected} argument{'s' if expected > 1 else ''}")
        try:
            first = _as_layout(*arguments[0])
            if name in _UNARY:
                return _UNARY[name](first)
            if name == "complement":
                if len(arguments) == 1:
                    return complement(first)
                cotarget = arguments[1][0]
                if not isinstance(cotarget, int):
                    raise CuteSyntaxError(arguments[1][1], "complement's second argument is an integer")
                return complement(first, cotarget)
            return _BINARY[name](first, _as_tiler(arguments[1][0], arguments[1][1]))
        except CuteError as error:
            raise CuteSyntaxError(column, str(error)) from None

    def expression(self) -> CuteValue:
        column = self.peek()[2]
        value = self.primary()
        if self.peek()[1] != "o" or self.peek()[0] != "word":
            return value
        self.take()
        if isinstance(value, Table):
            value = _table_layout(value, column)
        if not isinstance(value, Swizzle | Layout):
            raise CuteSyntaxError(column, "only a swizzle or a layout can be composed with 'o'")
        offset = 0
        if self.peek()[0] == "number" and self.peek(1)[1] == "o":
            offset = self.integer()
            self.take()
        inner_column = self.peek()[2]
        inner = self.primary()
        if isinstance(inner, Table):
            inner = _table_layout(inner, inner_column)
        if not isinstance(inner, Layout):
            raise CuteSyntaxError(inner_column, "expected a layout after 'o'")
        return ComposedLayout(value, offset, inner)


@checks_arguments(CuteError)
def parse_cute(text: str) -> CuteValue:
    """The CuTe value ``text`` denotes; ``CuteSyntaxError`` names the column of the first problem."""
    reader = _Reader(text)
    value = reader.expression()
    kind, token, column = reader.peek()
    if kind != "end":
        raise CuteSyntaxError(column, f"unexpected '{token}' after the layout")
    return value
