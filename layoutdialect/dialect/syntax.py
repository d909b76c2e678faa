"""Reading and writing the ``{key = value, ...}`` bodies of TTGIR attributes.

The readers here take an ``AttributeReader``, the few verbs of MLIR's attribute syntax
they need, so that one reader of each body serves both xDSL's parser (through
``layoutdialect.dialect.attribute_reader.XdslAttributeReader``, inside a module) and the
xDSL-free reader of an encoding written out alone
(``layoutdialect.dialect.encoding_text``, for a quick ``layout-tool`` answer).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Literal, NoReturn, Protocol, TypeVar, cast

from layoutdialect.encodings import EncodingError
from layoutdialect.f2 import LinearLayout, LinearLayoutError

if TYPE_CHECKING:
    from layoutdialect.encodings import Encoding

__all__ = [
    "AttributeReader",
    "Delimiter",
    "ValueParser",
    "build",
    "format_bases",
    "format_layout_bases",
    "format_bool",
    "format_ints",
    "get_all_bases",
    "get_bases",
    "get_bool",
    "get_dict",
    "get_int",
    "get_ints",
    "parse_bases",
    "parse_bool",
    "parse_dict",
    "parse_int",
    "parse_ints",
    "parse_unsigned",
    "require",
]

T = TypeVar("T")

Delimiter = Literal["[]", "{}"]
"""The brackets around a comma-separated list."""


class AttributeReader(Protocol):
    """The verbs of MLIR's attribute syntax an attribute body is read with.

    Positions are offsets into ``text``; each verb reads past the whitespace before its
    token, and an error is raised through ``raise_error``, which does not return."""

    @property
    def pos(self) -> int:
        """Where the next token starts (or the text ends)."""
        ...

    @property
    def text(self) -> str:
        """The whole text being read."""
        ...

    def parse_punctuation(self, punctuation: str) -> None: ...

    def parse_optional_punctuation(self, punctuation: str) -> bool: ...

    def parse_keyword(self, keyword: str) -> None: ...

    def parse_integer(self) -> int:
        """An integer literal, decimal or hexadecimal, after an optional ``-``; not a boolean."""
        ...

    def parse_integer_literal(self, start: int) -> str:
        """The text of the unsigned integer literal next, as written (``0x1F``); an error
        from ``start`` to the token when it is not one."""
        ...

    def parse_optional_boolean(self) -> bool | None: ...

    def parse_boolean(self) -> bool: ...

    def parse_optional_key(self) -> str | None:
        """A bare identifier or a string literal (a dictionary key), if one is next."""
        ...

    def parse_list(self, delimiter: Delimiter, element: Callable[[], T]) -> list[T]:
        """``element`` read between ``delimiter``'s brackets, separated by commas."""
        ...

    def parse_encoding_attribute(self) -> tuple[Encoding | None, str]:
        """Any attribute: its layout encoding (``None`` when it is not one) and its text as
        printed, for messages."""
        ...

    def skip_attribute(self) -> None:
        """Read any attribute and drop it."""
        ...

    def raise_error(self, message: str, start: int, end: int) -> NoReturn: ...

    def remark(self, message: str, start: int, end: int) -> None:
        """Tell the reader how the text from ``start`` to ``end`` was read."""
        ...


ValueParser = Callable[[AttributeReader], object]


def parse_int(parser: AttributeReader) -> int:
    """A non-negative integer, as Triton reads its unsigned parameters."""
    start = parser.pos
    value = parser.parse_integer()
    if value < 0:
        parser.raise_error("expected an unsigned integer value", start, parser.pos)
    return value


UNSIGNED_BITS = 32
"""The width of C++'s ``unsigned``, the type of the parameters ``parse_unsigned`` reads."""


def parse_unsigned(parser: AttributeReader) -> int:
    """An ``unsigned`` parameter as MLIR's generated parsers read it
    (``AsmParser::parseInteger<unsigned>``, for Triton's ``struct(params)`` attributes).

    MLIR holds the literal in 4 bits a digit (one more when the top one is set), negates
    it after a ``-``, and takes the low 32 bits, refusing the literal when those do not
    give it back: a value must be below 2**32, and a negative one wraps around when its
    literal has at most 8 digits (``-1`` is 4294967295, ``-0x80000000`` is refused).
    ``true`` is a 1-bit one, so all ones; ``false`` is 0.
    """
    if (boolean := parser.parse_optional_boolean()) is not None:
        return (1 << UNSIGNED_BITS) - 1 if boolean else 0
    start = parser.pos
    negative = parser.parse_optional_punctuation("-")
    literal = parser.parse_integer_literal(start)
    is_hex = literal[:2] == "0x"
    digits = literal[2:] if is_hex else literal
    magnitude = int(digits, 16 if is_hex else 10)
    width = 4 * len(digits)
    width += magnitude >> (width - 1) & 1
    fits = (magnitude == 0 or width <= UNSIGNED_BITS) if negative else magnitude < 1 << UNSIGNED_BITS
    if not fits:
        parser.raise_error("integer value too large", start, parser.pos)
    return -magnitude % (1 << UNSIGNED_BITS) if negative else magnitude


def parse_bool(parser: AttributeReader) -> bool:
    return parser.parse_boolean()


def parse_ints(parser: AttributeReader) -> tuple[int, ...]:
    """``[1, 2, 4]``."""
    return tuple(parser.parse_list("[]", lambda: parse_int(parser)))


def parse_bases(parser: AttributeReader) -> tuple[tuple[int, ...], ...]:
    """``[[0, 1], [8, 0]]``, one basis per input bit; ``[]`` for none."""
    return tuple(parser.parse_list("[]", lambda: parse_ints(parser)))


def parse_dict(
    parser: AttributeReader,
    fields: Mapping[str, ValueParser],
    unknown: Literal["error", "skip"] = "error",
) -> dict[str, object]:
    """``{key = value, ...}`` with each known key read by its parser, in any order.

    Unknown keys are an error (``unexpected key: k``) or, where Triton ignores them,
    read as any attribute and dropped.  Missing keys are left to the caller.
    """
    values: dict[str, object] = {}

    def parse_entry() -> None:
        start = parser.pos
        key = parser.parse_optional_key()
        end = parser.pos
        if key is None:
            parser.raise_error("expected a key of the form `name = value`", start, end + 1)
        if key in values:
            parser.raise_error(f"duplicate key '{key}' in dictionary attribute", start, end)
        parser.parse_punctuation("=")
        if key in fields:
            values[key] = fields[key](parser)
        elif unknown == "skip":
            parser.skip_attribute()
        else:
            parser.raise_error(f"unexpected key: {key}", start, end)

    parser.parse_list("{}", parse_entry)
    return values


def require(parser: AttributeReader, values: Mapping[str, object], key: str, start: int) -> object:
    """``values[key]``, or an error at ``start`` naming the missing key."""
    if key not in values:
        parser.raise_error(f"expected key '{key}'", start, parser.pos)
    return values[key]


def get_int(values: Mapping[str, object], key: str, default: int = 0) -> int:
    """A value read by ``parse_int``, or ``default`` when the key is absent."""
    return cast(int, values.get(key, default))


def get_bool(values: Mapping[str, object], key: str, default: bool = False) -> bool:
    return cast(bool, values.get(key, default))


def get_ints(values: Mapping[str, object], key: str, default: tuple[int, ...] = ()) -> tuple[int, ...]:
    return cast(tuple[int, ...], values.get(key, default))


def get_bases(values: Mapping[str, object], key: str) -> tuple[tuple[int, ...], ...]:
    return cast(tuple[tuple[int, ...], ...], values.get(key, ()))


def get_dict(values: Mapping[str, object], key: str) -> dict[str, object]:
    """A nested body read with ``parse_dict``."""
    return cast(dict[str, object], values.get(key, {}))


def get_all_bases(values: Mapping[str, object]) -> dict[str, tuple[tuple[int, ...], ...]]:
    """Every entry of a body read with ``parse_bases`` values only."""
    return {key: cast(tuple[tuple[int, ...], ...], value) for key, value in values.items()}


def build(parser: AttributeReader, start: int, make: Callable[[], T]) -> T:
    """``make()``, with an invalid encoding reported at the text it was read from."""
    try:
        return make()
    except (EncodingError, LinearLayoutError) as error:
        parser.raise_error(str(error), start, parser.pos)


def format_ints(values: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def format_bases(bases: Sequence[Sequence[int]]) -> str:
    return "[" + ", ".join(format_ints(b) for b in bases) + "]"


def format_bool(value: bool) -> str:
    return "true" if value else "false"


def format_layout_bases(layout: LinearLayout, skip_empty: Sequence[str] = ()) -> str:
    """``register = [[0, 1]], lane = [...], ...`` in in-dim order, as Triton prints layouts."""
    return ", ".join(
        f"{name} = {format_bases(bases)}" for name, bases in layout.bases if bases or name not in skip_empty
    )
