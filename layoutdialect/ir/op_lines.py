"""Reading each repeated op line once.

A large kernel repeats a few op lines that differ only in their SSA names
(``%12 = arith.addf %10, %11 : tensor<128xf32, #blocked>``): unrolled loops and
inlined calls print the same ops again and again.  Reading one through xDSL (its
lexer, the op's declarative format and constraints, the IRDL builder) costs about
100 µs; making the op again from what an earlier reading found costs a fifth of
that.  ``OpLines`` does so where it can show that xDSL would read the same op:

- **The key** of a line is its text from the op's first token to the end of the
  line, less each SSA name (``%12`` becomes ``%``) and less a trailing location
  (``loc(#loc12)``, different on every line of a dump), plus the token after the
  op's text: the only text beyond the line that the op's syntax may look at, to see
  that an optional part is absent (its kind, and its text unless it is an SSA name,
  whose name no syntax looks at).  Two lines with one key are the same tokens but
  for their SSA names, so xDSL reads them alike, except where it looks the names
  up: their values' types, and forward references.
- **Remembered**, the second time a key is read (most lines of a small file are
  read once, so the first reading only notes the key), is an op whose reading
  stopped exactly at the end of its line (or read a location there), that has no
  regions or successors, whose name is its registered name (not one the enclosing
  dialect completes), and each of whose operands is a distinct SSA name of the
  line, already defined.
- **Made again** is an op whose names are all defined, each with the type the
  reading found (which the text demands).  Anything else (a forward reference, a
  type that differs) is left to xDSL's parser, which reports what is wrong as it would.

Lines with a string or a comment before their location are left to xDSL: a ``%``
there is no SSA name.  The op is made with ``Operation.create`` from the remembered
op's result types, properties and attributes, as ``Operation.clone`` makes copies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.lexer import Span
from xdsl.utils.mlir_lexer import MLIRTokenKind

from layoutdialect.ir.lexer import FastMLIRLexer

if TYPE_CHECKING:
    from xdsl.parser import Parser

__all__ = ["OpLine", "OpLines", "op_line"]

_SSA_NAME = re.compile(r"%(?:[0-9]+|[a-zA-Z$._][a-zA-Z0-9$._-]*)")
"""An SSA name as the lexer reads one (``%12``, ``%arg0``, ``%c0_i32``)."""

_OP_TEXT = re.compile(
    r"(?P<results>(?:%(?::[0-9]+)?[ \t]*,[ \t]*)*%(?::[0-9]+)?[ \t]*=[ \t]*)?"
    r"(?P<name>[a-zA-Z_][a-zA-Z0-9_$]*\.[a-zA-Z0-9_$.]*)"
)
"""The start of a key's text: a result list (its names left out) and a dotted op name."""

_RESULT = re.compile(rf"({_SSA_NAME.pattern})(?::([0-9]+))?")
"""One name of a result list, with the number of values it binds (``%x:2`` binds two)."""

_LOCATION = " loc("
"""How a trailing location starts, as MLIR prints it."""

_LOCATION_TOKEN = (MLIRTokenKind.BARE_IDENT, "loc")


class OpLine(NamedTuple):
    """The line of the op at ``start``, with its key; positions are in the file."""

    start: int
    key: tuple[str, MLIRTokenKind, str]
    """The op's text less its SSA names, then the kind and text of the token after it."""
    body_end: int
    """Where the op's text ends: at its location, or at the end of the line."""
    location_start: int | None
    end: int
    """Where the line ends (its newline, or the end of the file)."""


def op_line(lexer: FastMLIRLexer, start: int) -> OpLine | None:
    """The line of the op starting at ``start``; ``None`` when it holds a string or a
    comment before its location, or the token after it is not a common one."""
    content = lexer.input.content
    end = content.find("\n", start)
    if end < 0:
        end = len(content)
    location = content.find(_LOCATION, start, end)
    body_end = end if location < 0 else location
    body = content[start:body_end]
    if '"' in body or "//" in body:
        return None
    after = _LOCATION_TOKEN if location >= 0 else lexer.peek(end)
    if after is None:
        return None
    if after[0] == MLIRTokenKind.PERCENT_IDENT:
        after = (MLIRTokenKind.PERCENT_IDENT, "")
    return OpLine(start, (_SSA_NAME.sub("%", body), *after), body_end, None if location < 0 else location, end)


def _names(content: str, line: OpLine, results: int) -> tuple[list[re.Match[str]], list[str]]:
    """The first ``results`` SSA names of ``line``, its result names (group 1, ``%``
    included, and group 2 the values it binds, ``%x:2``), and the names after them."""
    names = list(_RESULT.finditer(content, line.start, line.body_end))
    return names[:results], [name.group(1) for name in names[results:]]


@dataclass(frozen=True, slots=True)
class _Reading:
    """What reading a line gave, less its SSA names."""

    op_type: type[Operation]
    results: int
    """How many result names the line binds (a key's, so every line of it binds as many)."""
    operand_names: tuple[int, ...]
    """For each operand of the op, which SSA name of the op's text (after its results) it is."""
    operand_types: tuple[Attribute, ...]
    result_types: tuple[Attribute, ...]
    properties: dict[str, Attribute]
    attributes: dict[str, Attribute]


class OpLines:
    """The readings of a file's op lines, by key; see the module's docstring."""

    def __init__(self) -> None:
        self._readings: dict[tuple[str, MLIRTokenKind, str], _Reading | None] = {}
        """Each key read so far, with its reading once it was read twice."""

    def read_again(self, parser: Parser, line: OpLine) -> Operation | None:
        """The op of ``line``, made from an earlier reading of a line with its key, the
        parser moved past it; ``None``, the parser unmoved, when there is none or the
        line's names do not fit it."""
        reading = self._readings.get(line.key)
        if reading is None:
            return None
        results, names = _names(parser.lexer.input.content, line, reading.results)
        operands = _operands(parser, reading, names)
        if operands is None:
            return None
        op = reading.op_type.create(
            operands=operands,
            result_types=reading.result_types,
            properties=dict(reading.properties),
            attributes=dict(reading.attributes),
        )
        if line.location_start is None:
            parser._resume_from(line.end)  # pyright: ignore[reportPrivateUsage]
        else:
            parser._resume_from(line.location_start)  # pyright: ignore[reportPrivateUsage]
            location = parser.parse_optional_location()
            assert location is not None  # the text there starts with "loc("
            op.location = location
        index = 0
        for result in results:
            size = int(result.group(2) or 1)
            span = Span(result.start(1), result.end(1), parser.lexer.input)
            parser._register_ssa_definition(result.group(1)[1:], op.results[index : index + size], span)  # pyright: ignore[reportPrivateUsage]
            index += size
        return op

    def remember(self, parser: Parser, line: OpLine, op: Operation, location_end: int | None) -> None:
        """Note that ``line``'s key was read and, the second time, keep what xDSL's
        reading gave, ``op``, where the module's terms allow; the parser stands just
        past the op, and ``location_end`` is where the last location it read ended."""
        if line.key not in self._readings:
            self._readings[line.key] = None
            return
        next_start = parser._current_token.span.start  # pyright: ignore[reportPrivateUsage]
        if (
            op.regions
            or op.successors
            or next_start < line.end
            or parser.lexer.input.content[line.end : next_start].strip()
            or (location_end == next_start) != (line.location_start is not None)
        ):
            return
        text = _OP_TEXT.match(line.key[0])
        if text is None or text.group("name") != op.name:
            return
        results = (text.group("results") or "").count("%")
        names = _names(parser.lexer.input.content, line, results)[1]
        found = [parser.ssa_values.get(name[1:]) for name in names]
        if len(set(names)) != len(names) or not all(found):
            return
        name_of = {id(values[0]): k for k, values in enumerate(found) if values}
        operand_names = tuple(name_of.get(id(operand), -1) for operand in op.operands)
        if sorted(operand_names) != list(range(len(names))):
            return
        self._readings[line.key] = _Reading(
            type(op),
            results,
            operand_names,
            tuple(operand.type for operand in op.operands),
            tuple(result.type for result in op.results),
            dict(op.properties),
            dict(op.attributes),
        )


def _operands(parser: Parser, reading: _Reading, names: list[str]) -> list[SSAValue] | None:
    """The op's operands, each the value its name (``%`` included) binds; ``None`` when
    a name is not defined yet or its value's type is not the one the reading found."""
    values = parser.ssa_values
    operands = []
    for k, expected in zip(reading.operand_names, reading.operand_types):
        found = values.get(names[k][1:])
        if not found:
            return None
        value = found[0]
        if value.type is not expected and value.type != expected:
            return None
        operands.append(value)
    return operands
