"""Text in, text out: parse and verify TTGIR modules, and print them with Triton's aliases."""

from __future__ import annotations

import re
import sys
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from io import StringIO
from math import prod
from typing import IO, Any, TypeVar, cast

from xdsl.context import Context
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    BytesAttr,
    ComplexType,
    DenseIntOrFPElementsAttr,
    FileLineColLoc,
    IndexType,
    IntAttr,
    IntegerType,
    LocationAttr,
    ModuleOp,
    RankedStructure,
    StringAttr,
)
from xdsl.ir import Attribute, Operation, SSAValue, TypeAttribute
from xdsl.irdl import IRDLOperation, base
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.parser.generic_parser import ParserState
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Input, Location, Position, Span
from xdsl.utils.mlir_lexer import MLIRTokenKind
from xdsl.utils.target import Target as OutputFormat

from layoutdialect.dialect.aliases import print_with_aliases
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.ttg.attributes import RETIRED_ATTRIBUTES
from layoutdialect.dialect.ttg.layout_checks import VerifyTensorLayouts, ir_unchanged, verify_tensor_layouts
from layoutdialect.encodings import EncodingError
from layoutdialect.f2.arguments import checks_arguments
from layoutdialect.ir.dense import splat
from layoutdialect.ir.diagnostics import IRError, SourceLocation, argument_error, locate
from layoutdialect.ir.dominance import dominance_violations
from layoutdialect.ir.hex_floats import float_from_bits
from layoutdialect.ir.lexer import FastMLIRLexer
from layoutdialect.ir.locations import located_error, record_op_position, text_line
from layoutdialect.ir.op_lines import OpLines, op_line

_MAX_ELEMENT_COUNT = (1 << 63) - 1
"""The most elements MLIR counts in a shaped type (an ``int64``; more fails its assertion)."""

_HEX_DATA = re.compile(r"0x(?:[0-9a-fA-F]{2})*")
"""The string of a ``dense<"0x...">`` literal: whole bytes in hex."""

_DENSE_LITERAL_TYPE = base(RankedStructure[IntegerType | IndexType | AnyFloat | ComplexType])  # type: ignore[misc]
"""The types a ``dense`` literal may have (xDSL builds this constraint on every literal)."""

__all__ = [
    "LocatingParser",
    "TTGIROutput",
    "make_context",
    "parse_module",
    "print_module",
    "read_aliases",
    "read_named_values",
    "verify_module",
]


class _HexLiteralElement(AttrParser._TensorLiteralElement):
    """A hexadecimal tensor literal element: an integer, or a float's bit pattern."""

    def to_type(self, parser: AttrParser, type: AnyFloat | IntegerType | IndexType | ComplexType) -> object:
        if not isinstance(type, AnyFloat):
            return super().to_type(parser, type)
        try:
            assert isinstance(self.value, int)
            return float_from_bits(self.value, type)
        except ValueError as error:
            parser.raise_error(str(error), at_position=self.span)


_LOCATION_ALIAS = re.compile(r"^(#[\w$.-]+)[ \t]*=[ \t]*(?=loc\()", re.M)
"""A location alias definition, which MLIR allows after its uses (Triton prints its
location table after the module)."""


_BRACKETED_TYPE_TOKENS = (MLIRTokenKind.BARE_IDENT, MLIRTokenKind.EXCLAMATION_IDENT)
_ANGLE_OR_QUOTE = re.compile(r'[<>"]')
_FLAT_ANGLE_BRACKETS = re.compile(r'<(?:[^<>"-]|-(?!>))*>')
"""A ``<...>`` with no bracket, arrow or string inside, as most types are."""
_BRACE_OR_QUOTE = re.compile(r'[{}"]')
_Read = TypeVar("_Read")


def _closing_angle_bracket(text: str, start: int) -> int | None:
    """The position just past the ``>`` that closes the ``<`` at ``start`` (``->`` inside
    counts as no bracket); ``None`` when a string literal or the end comes first."""
    if (flat := _FLAT_ANGLE_BRACKETS.match(text, start)) is not None:
        return flat.end()
    return _closing_angle_bracket_by_scan(text, start)


def _closing_angle_bracket_by_scan(text: str, start: int) -> int | None:
    """``_closing_angle_bracket``, bracket by bracket."""
    depth = 0
    for match in _ANGLE_OR_QUOTE.finditer(text, start):
        char = match.group()
        if char == '"':
            return None
        if char == "<":
            depth += 1
        elif text[match.start() - 1] != "-":
            depth -= 1
            if not depth:
                return match.end()
    return None


def _closing_brace(text: str, start: int) -> int | None:
    """The position just past the ``}`` that closes the ``{`` at ``start``; ``None`` when
    a string literal or the end comes first."""
    depth = 0
    for match in _BRACE_OR_QUOTE.finditer(text, start):
        char = match.group()
        if char == '"':
            return None
        depth += 1 if char == "{" else -1
        if not depth:
            return match.end()
    return None


class LocatingParser(Parser):
    """A parser that records where each op's text starts, so that later errors can point
    at the op, that reads location aliases defined after their uses, as MLIR does, and
    that prints its remarks on how it read the text (``remark``) to stderr."""

    def __init__(self, ctx: Context, text: str, filename: str, line_offset: int = 0) -> None:
        super().__init__(ctx, "", filename)
        self._parser_state = ParserState(FastMLIRLexer(Input(text, filename)))
        self.line_offset = line_offset
        self.first_undefined_use: dict[str, Span[str]] = {}
        self.failing_op_start: Any = None
        """Where the innermost op whose construction failed starts, for locating the error."""
        self._early_aliases: set[str] = set()
        self._location_end: int | None = None
        self._line_starts: list[int] | None = None
        self._types: dict[str, TypeAttribute] = {}
        """Each bracketed type read so far, by its text (see ``parse_optional_type``)."""
        self._attribute_dictionaries: dict[str, dict[str, Attribute]] = {}
        """Each attribute dictionary read so far, by its text (``parse_optional_dictionary_attr_dict``)."""
        self._op_lines = OpLines()
        """Each op line read so far, less its SSA names (see ``OpLines``)."""
        self._filename = StringAttr(filename)
        """The file's name in the location of each op whose text gives none."""
        self._integers: dict[int, IntAttr] = {}
        """Each line and column number of those locations (see ``_integer``)."""
        self.remarks: list[str] = []
        """``file:line:col: remark: message`` for each place read in a meaning it does not
        spell out (legacy ``CTAsPerCGA`` keys read as a ``CGALayout``), in reading order."""

    def remark(self, message: str, start: int, end: int) -> None:
        """Remark ``message`` on the text from ``start`` to ``end``: keep it in ``remarks`` and
        print it to stderr, once per place and message (a text read twice remarks once)."""
        where = self._location(Span(start, end, self.lexer.input))
        location = SourceLocation(where.file, where.line + self.line_offset, where.col, max(1, end - start))
        text = location.render(message, severity="remark")
        if text not in self.remarks:
            self.remarks.append(text)
            print(text, file=sys.stderr)

    def resolve_operand(self, operand: UnresolvedOperand, type: Any) -> SSAValue:
        """As xDSL's, remembering where each name not yet defined is first used, so that a
        name never defined is reported there (xDSL reports at the end of the file)."""
        if operand.operand_name not in self.ssa_values:
            self.first_undefined_use.setdefault(operand.operand_name, operand.span)
        return super().resolve_operand(operand, type)

    def undefined_value_error(self) -> ParseError | None:
        """MLIR's ``use of undeclared SSA value name`` at the first use of a name that is
        still undefined, or ``None`` when every name is defined."""
        for name, span in self.first_undefined_use.items():
            if name in self.forward_ssa_references:
                return ParseError(span, "use of undeclared SSA value name")
        return None

    def _parse_external_resources(self) -> None:
        """Read an ``external_resources`` block (``{tool: {key: value, ...}, ...}``, as an
        MLIR reproducer holds its pass pipeline) and drop it: it is for the tools that
        wrote it, and MLIR does not print it back either.  xDSL refuses the block."""

        def entry() -> None:
            self.parse_optional_str_literal() or self._parse_token(MLIRTokenKind.BARE_IDENT, "expected a key")
            self._parse_token(MLIRTokenKind.COLON, "expected `:`")
            self.parse_attribute()

        def tool() -> None:
            self._parse_token(MLIRTokenKind.BARE_IDENT, "expected the name of a tool")
            self._parse_token(MLIRTokenKind.COLON, "expected `:`")
            self.parse_comma_separated_list(self.Delimiter.BRACES, entry)

        self.parse_comma_separated_list(self.Delimiter.BRACES, tool)

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        """As xDSL's, with every ``#alias = loc(...)`` of the text defined first; a text of
        alias definitions alone is an empty module, as MLIR reads it (xDSL refuses it)."""
        self._define_location_aliases()
        try:
            return super().parse_module(allow_implicit_module)
        except ParseError as error:
            only_aliases = allow_implicit_module and self._current_token.kind == MLIRTokenKind.EOF
            if only_aliases and error.msg == "Could not parse entire input!":
                return ModuleOp([])
            raise

    def _define_location_aliases(self) -> None:
        """Parse each location alias definition ahead of the module, in as many rounds as
        aliases that refer to later ones need; one that still fails is left for the main
        parse to report where it stands."""
        pending = {match.group(1): match.end() for match in _LOCATION_ALIAS.finditer(self.lexer.input.content)}
        self._early_aliases = set(pending)
        while pending:
            defined = []
            for name, start in pending.items():
                self._resume_from(start)
                try:
                    self.attribute_aliases[name] = self.parse_attribute()
                except ParseError:
                    continue
                defined.append(name)
            for name in defined:
                del pending[name]
            if not defined:
                break
        self._early_aliases -= set(pending)
        self._resume_from(0)

    def parse_optional_location(self) -> LocationAttr | None:
        """As xDSL's, remembering where the last location ended, so that an op can tell
        whether its text carried one."""
        location = super().parse_optional_location()
        if location is not None:
            self._location_end = self._current_token.span.start
        return location

    def _parse_alias_def(self) -> None:
        """As xDSL's, with a re-declared alias reported at its name; a location alias read
        ahead of the module is skipped where it stands."""
        name = self._current_token.text
        if name in self.attribute_aliases and name not in self._early_aliases:
            self.raise_error(f"re-declaration of alias '{name}'", self._current_token.span)
        if name not in self._early_aliases:
            super()._parse_alias_def()
            return
        self._consume_token()
        self.parse_punctuation("=", "after attribute alias name")
        self.parse_attribute()

    def _parse_dialect_type_or_attribute_body(
        self, attr_name: str, is_type: bool, is_opaque: bool, starting_opaque_pos: Position | None
    ) -> Any:
        """As xDSL's; an attribute name that Triton retired (``#ttg.cta_layout``) is an error at
        the name that shows the modern spelling (see ``RETIRED_ATTRIBUTES``)."""
        hint = None if is_type else RETIRED_ATTRIBUTES.get(attr_name)
        if hint is not None:
            end = self._current_token.span.start
            start = self.lexer.input.content.rfind(f"#{attr_name}", 0, end)
            self.raise_error(hint, *((start, start + len(attr_name) + 1) if start >= 0 else (end, end + 1)))
        return super()._parse_dialect_type_or_attribute_body(attr_name, is_type, is_opaque, starting_opaque_pos)

    def at_end(self) -> bool:
        """Whether only whitespace and comments are left, as in an empty file (MLIR reads it as an empty module)."""
        return self._current_token.kind == MLIRTokenKind.EOF

    def _location(self, span: Span[str]) -> Location:
        """``span.get_location()`` in logarithmic time: xDSL counts the newlines before the
        span afresh each time, which makes reading a file quadratic in its length."""
        if self._line_starts is None:
            content = span.input.content
            self._line_starts = [0] + [match.end() for match in re.finditer(re.escape(span.input.newline), content)]
        line = bisect_right(self._line_starts, span.start)
        return Location(span.input.name, line + span.line_offset, span.start - self._line_starts[line - 1] + 1)

    def parse_optional_type(self) -> TypeAttribute | None:
        """As xDSL's, reading each distinct bracketed type (``tensor<128x64xf16, #mma>``,
        ``!ttg.memdesc<...>``) once: a kernel repeats a few types on every line, and
        building one from its text (lexing, the encoding, its checks) costs more than
        the op around it.  Types are immutable, so the same text is the same value
        (aliases cannot be redefined within a file).  A type whose text does not end
        where the bracket scan says, or that xDSL does not read, is not remembered."""
        token = self._current_token
        content = self.lexer.input.content
        if token.kind not in _BRACKETED_TYPE_TOKENS or not content.startswith("<", token.span.end):
            return super().parse_optional_type()
        end = _closing_angle_bracket(content, token.span.end)
        return self._read_once(self._types, end, super().parse_optional_type)

    def parse_optional_dictionary_attr_dict(self) -> dict[str, Attribute]:
        """As xDSL's, reading each distinct dictionary without strings (``{axis = 1 : i32}``,
        ``{end = 64 : i32, start = 0 : i32}``) once, for the reasons and on the terms of
        ``parse_optional_type``: an integer attribute costs more to read than its op.
        Each call returns its own dictionary, which the caller may change."""
        token = self._current_token
        if token.kind != MLIRTokenKind.L_BRACE:
            return super().parse_optional_dictionary_attr_dict()
        end = _closing_brace(self.lexer.input.content, token.span.start)
        read = super().parse_optional_dictionary_attr_dict
        entries: dict[str, Attribute] | None = self._read_once(self._attribute_dictionaries, end, read)
        assert entries is not None  # xDSL reads a dictionary or raises
        return dict(entries)

    def _read_once(self, memo: dict[str, _Read], end: int | None, read: Callable[[], _Read | None]) -> _Read | None:
        """``read()``, or what it gave for the same text before: the text from the current
        token to ``end``, remembered when ``read`` stops exactly there (``end`` is
        ``None`` for a text not to remember)."""
        if end is None:
            return read()
        content = self.lexer.input.content
        key = content[self._current_token.span.start : end]
        known = memo.get(key)
        if known is not None:
            self._resume_from(end)
            return known
        value = read()
        if value is not None and not content[end : self._current_token.span.start].strip():
            memo[key] = value
        return value

    def parse_operation(self) -> Operation:
        """As xDSL's, an op whose line repeats an earlier one made from that reading
        (``OpLines``); every op remembers where its text starts, and one whose text
        gives no location gets its file, line and column, as MLIR's parser gives it."""
        start = self._location(self._current_token.span)
        start_position = self._current_token.span.start
        source_line = op_line(cast(FastMLIRLexer, self.lexer), start_position)
        op = None if source_line is None else self._op_lines.read_again(self, source_line)
        if op is None:
            op = self._parse_operation_afresh(start, start_position)
            if source_line is not None:
                self._op_lines.remember(self, source_line, op, self._location_end)
        _drop_empty_names(op)
        _drop_undeclared_properties(op)
        position = SourceLocation(start.file, start.line + self.line_offset, start.col)
        record_op_position(op, position)
        if self._location_end != self._current_token.span.start:
            op.location = FileLineColLoc(self._filename, self._integer(position.line), self._integer(position.column))
        return op

    def _integer(self, value: int) -> IntAttr:
        """``IntAttr(value)``, made once per value: every op without a location gets one
        for its line and one for its column, and attributes are immutable."""
        attribute = self._integers.get(value)
        if attribute is None:
            attribute = self._integers[value] = IntAttr(value)
        return attribute

    def _parse_operation_afresh(self, start: Location, start_position: int) -> Operation:
        """xDSL's reading of the op at ``start`` (``start_position`` in the text), its
        errors put in MLIR's words."""
        try:
            op = super().parse_operation()
        except ParseError as error:
            match = _OP_NAME.match(self.lexer.input.content, start_position)
            if match is None:
                raise
            name = match.group(1)
            if error.msg.startswith("Operation builtin.unregistered does not have a custom format"):
                message = f"'{name}' is not registered, so only its generic form can be read (\"{name}\"(...) : ...)"
                self.raise_error(message, match.start(1), match.end(1))
            if error.msg == f"Operation {name} is not registered":
                self.raise_error(error.msg, match.start(1), match.end(1))
            raise
        except (VerifyException, ValueError, OverflowError):
            self.failing_op_start = self.failing_op_start or start
            raise
        except (AssertionError, AttributeError, IndexError, KeyError, TypeError) as error:
            # xDSL's custom parser of one of its ops met syntax it assumed would not occur;
            # a failure in one of our parsers is a bug to see, not an input error.
            match = _OP_NAME.match(self.lexer.input.content, start_position)
            op_type = self.ctx.get_optional_op(match.group(1)) if match else None
            if match is None or op_type is None or not op_type.__module__.startswith("xdsl."):
                raise
            message = f"malformed '{match.group(1)}': its syntax is not the one xDSL reads ({type(error).__name__})"
            self.raise_error(message, start_position, self._current_token.span.start)
        return op

    def _parse_dense_literal_type(self) -> Any:
        """As xDSL's (a memref, vector or tensor of integers, indices, floats or complex
        numbers, of static shape), with its type constraint built once rather than per
        literal, and MLIR's limit on the elements a type counts (an ``int64``)."""
        start = self._current_token.span.start
        type = self.expect(self.parse_optional_type, "Dense attribute must be typed!")
        if not _DENSE_LITERAL_TYPE.verifies(type):
            self.raise_error("Expected memref, vector or tensor type of integer, index, float, or complex type")
        if any(dim == DYNAMIC_INDEX for dim in type.get_shape()):
            self.raise_error("Dense literal attribute should have a static shape.")
        if prod(type.get_shape()) > _MAX_ELEMENT_COUNT:
            self.raise_error(f"integer overflow in element count computation of '{type}'", start, self.pos)
        return type

    def parse_dense_int_or_fp_elements_attr(self, type: Any) -> DenseIntOrFPElementsAttr:
        """``dense<...>`` as MLIR reads it, with MLIR's messages at the ``dense`` keyword:
        a splat (one value, or the hex of one element) is built once and held by
        ``dense.splat``, so it costs the same whatever its type's size; a list or a hex
        string must fill the type.  A value that does not fit the element type is a parse
        error (MLIR's ``integer constant out of range``) rather than a bare ``ValueError``
        or ``OverflowError``."""
        keyword = self.lexer.input.content.rfind("dense", 0, self.pos)
        start = self._current_token.span.start
        try:
            return self._parse_dense_literal(type, keyword)
        except ParseError:
            raise
        except ValueError as error:
            self.raise_error(str(error), start, self._current_token.span.start)
        except OverflowError as error:
            self.raise_error(f"a value is out of range for {type or 'the element type'} ({error})", start)

    def _parse_dense_literal(self, type: Any, keyword: int) -> DenseIntOrFPElementsAttr:
        self.parse_punctuation("<", " in dense attribute")
        contents: str | tuple[list[AttrParser._TensorLiteralElement], list[int]] | None = None
        if self.parse_optional_punctuation(">") is None:
            hex_start = self.pos
            hex_string = self.parse_optional_str_literal()
            if hex_string is not None and not _HEX_DATA.fullmatch(hex_string):
                self.raise_error("expected string containing hex digits starting with `0x`", hex_start, self.pos)
            contents = hex_string if hex_string is not None else self._parse_tensor_literal()
            self.parse_punctuation(">", " in dense attribute")
        if type is None:
            self.parse_punctuation(":", " in dense attribute")
            type = self._parse_dense_literal_type()
        shape, element_type = list(type.get_shape()), type.get_element_type()
        count = prod(shape)
        if contents is None:
            if count != 0:
                self.raise_error(f"parsed zero elements, but type ('{type}') expected at least 1", keyword, keyword + 5)
            return DenseIntOrFPElementsAttr(type, BytesAttr(b""))
        if isinstance(contents, str):
            data = bytes.fromhex(contents[2:])
            if len(data) == element_type.compile_time_size:
                return splat(type, data)
            if len(data) != count * element_type.compile_time_size:
                self.raise_error(f"elements hex data size is invalid for provided type: '{type}'", keyword, keyword + 5)
            return DenseIntOrFPElementsAttr(type, BytesAttr(data))
        elements, literal_shape = contents
        if not literal_shape:
            (value,) = (element.to_type(self, element_type) for element in elements)
            if isinstance(element_type, IntegerType):
                value = element_type.get_normalized_value(value)
            return splat(type, element_type.pack([value]))
        if literal_shape != shape:
            message = f"inferred shape of elements literal ({literal_shape}) does not match type ({shape})"
            self.raise_error(message, keyword, keyword + 5)
        return DenseIntOrFPElementsAttr.from_list(type, [element.to_type(self, element_type) for element in elements])

    def _parse_tensor_literal_element(self) -> AttrParser._TensorLiteralElement:
        """As xDSL's, but a hexadecimal literal in a float tensor is the element's bit
        pattern, as in MLIR: ``dense<0xFF800000> : tensor<4xf32>`` holds ``-inf``."""
        token = self._current_token
        if token.kind == MLIRTokenKind.INTEGER_LIT and token.text[:2] in ("0x", "0X"):
            self._consume_token(MLIRTokenKind.INTEGER_LIT)
            return _HexLiteralElement(False, int(token.text, 16), token.span)
        return super()._parse_tensor_literal_element()


def _drop_empty_names(op: Operation) -> None:
    """Forget the empty name hints xDSL's parser leaves for values written ``%_0`` (it
    strips the ``_0`` numbering and keeps ``""``, which no later copy of the value accepts)."""
    values = [*op.results, *(arg for region in op.regions for block in region.blocks for arg in block.args)]
    for value in values:
        if value.name_hint == "":
            value._name = None


def _drop_undeclared_properties(op: Operation) -> None:
    """Ignore the properties an op does not declare, as MLIR's generated
    ``setPropertiesFromAttr`` does: Triton 3.9 reads ``"tt.reduce"(...) <{axis = 0 : i32,
    reduction_ordering = "inner_tree"}>``, written by newer Triton, as a plain reduction."""
    if not isinstance(op, IRDLOperation) or not op.properties:
        return
    declared = type(op).get_irdl_definition().properties
    for name in [name for name in op.properties if name not in declared]:
        del op.properties[name]


_OPENING = {
    MLIRTokenKind.L_BRACE: MLIRTokenKind.R_BRACE,
    MLIRTokenKind.L_SQUARE: MLIRTokenKind.R_SQUARE,
    MLIRTokenKind.L_PAREN: MLIRTokenKind.R_PAREN,
    MLIRTokenKind.LESS: MLIRTokenKind.GREATER,
}
"""Each bracket token and the token that closes it."""

_BLOCK_EXPECTED = "in block definition"
"""What xDSL says, and nothing more, where a region holds neither an op, a block label nor its ``}``."""


def _last_token_and_open_brackets(text: str, filename: str) -> tuple[int, list[Span[str]]] | None:
    """Where the last token of ``text`` ends (before trailing blanks and comments) and the
    brackets left open at the end, outermost first; ``None`` when the text does not lex
    to its end (an unclosed string, say: that error is reported where it starts)."""
    lexer = FastMLIRLexer(Input(text, filename))
    end, opened = 0, []
    try:
        while (token := lexer.lex()).kind != MLIRTokenKind.EOF:
            end = token.span.end
            if token.kind in _OPENING:
                opened.append((token.kind, token.span))
            elif opened and token.kind == _OPENING[opened[-1][0]]:
                opened.pop()
    except ParseError:
        return None
    return end, [span for _, span in opened]


def _reworded(message: str, span: Span[str]) -> str:
    """xDSL's message as a diagnostic should read: a region's missing ``}`` named (xDSL
    says only "in block definition"), a placeholder xDSL leaves unformatted filled in,
    the space it leaves out put back, and ", got EOF" left to the end-of-file wording."""
    if message.strip() == _BLOCK_EXPECTED:
        return "expected an operation, a block label (^bb0:) or '}' to close the region"
    message = message.replace("{first_char}", f"'{span.text[:1]}'")
    message = re.sub(r"^expected (\d+) operand types but had (\d+)$", _operands_and_types, message)
    message = re.sub(r"^(Expected '[^']*')(?=\w)", r"\1 ", message)
    return message.removesuffix(", got EOF")


def _operands_and_types(counts: re.Match[str]) -> str:
    """xDSL's "expected T operand types but had O" as what it means: O operands, T types."""
    types, operands = int(counts.group(1)), int(counts.group(2))
    return f"{operands} operand{'s' * (operands != 1)} but {types} type{'s' * (types != 1)} for them"


def _located_parse_error(error: ParseError, text: str, filename: str, line_offset: int) -> IRError:
    """``IRError`` for a parse error, with its source line and a caret.  An error at the
    end of the text (a file cut short) says so, and points just past the last token, on
    a line that exists, rather than at the end of the file: ``unexpected end of file:
    '}' expected to close the '{' at 7:80``."""
    message = _reworded(error.msg, error.span)
    scan = _last_token_and_open_brackets(text, filename)
    if scan is None or error.span.start < scan[0]:
        where = error.span.get_location()
        location = SourceLocation(filename, where.line + line_offset, where.col, max(1, len(error.span)))
        return IRError(location, message, text_line(text, where.line))
    end, opened = scan
    if error.msg.strip() == _BLOCK_EXPECTED and opened:
        region = locate(filename, text, opened[-1].start)[0]
        message = f"'}}' expected to close the '{{' at {region.line + line_offset}:{region.column}"
    location, line = locate(filename, text, end)
    shifted = SourceLocation(filename, location.line + line_offset, location.column)
    return IRError(shifted, f"unexpected end of file: {message}", line)


_OP_NAME = re.compile(r'(?:%[^=]*=\s*)?"?([A-Za-z_][\w$.]*)')
"""An op's name after its results, in generic (quoted) or custom form."""


_Parsed = TypeVar("_Parsed")


def _read(
    text: str,
    filename: str,
    ctx: Context | None,
    line_offset: int,
    read: Callable[[LocatingParser], _Parsed],
    parser_class: type[LocatingParser] = LocatingParser,
) -> _Parsed:
    """``read(parser)`` on a parser of ``text``, its errors raised as ``IRError`` located in
    ``filename`` (lines shifted by ``line_offset``)."""
    parser: LocatingParser | None = None
    try:
        parser = parser_class(make_context() if ctx is None else ctx, text, filename, line_offset)
        return read(parser)
    except ParseError as error:
        if parser is not None and error.msg.startswith("values used but not defined"):
            error = parser.undefined_value_error() or error
        raise _located_parse_error(error, text, filename, line_offset) from None
    except (VerifyException, ValueError, OverflowError) as error:
        # xDSL builds attributes while parsing; a literal their checks refuse lands here.
        where = (parser.failing_op_start or parser._current_token.span.get_location()) if parser else None
        line, column = (where.line, where.col) if where is not None else (1, 1)
        location = SourceLocation(filename, line + line_offset, column)
        message = (
            str(error) if not isinstance(error, OverflowError) else f"a literal is out of range for its type ({error})"
        )
        raise IRError(location, message, text_line(text, line)) from None


@checks_arguments(argument_error)
def parse_module(
    text: str,
    filename: str = "<string>",
    ctx: Context | None = None,
    *,
    verify: bool = True,
    line_offset: int = 0,
    implicit_module: bool = True,
) -> ModuleOp:
    """Parse (and verify) a module; errors raise ``IRError`` located in ``filename``.

    ``line_offset`` shifts reported lines, for a chunk cut from a larger file.
    """

    def read(parser: LocatingParser) -> ModuleOp:
        return ModuleOp([]) if parser.at_end() else parser.parse_module(implicit_module)

    module = _read(text, filename, ctx, line_offset, read)
    if verify:
        verify_module(module, text, line_offset)
    return module


@checks_arguments(argument_error)
def read_aliases(text: str, filename: str = "<string>", ctx: Context | None = None) -> dict[str, Attribute]:
    """The attribute and type aliases ``text`` defines before its first op, where Triton
    prints its layouts (``#blocked = #ttg.blocked<{...}>``), by name with its ``#`` or
    ``!``; the rest of the text is not read.  An alias that does not read is an
    ``IRError`` located in ``filename``."""

    def read(parser: LocatingParser) -> dict[str, Attribute]:
        parser._define_location_aliases()
        while parser._current_token.kind in (MLIRTokenKind.HASH_IDENT, MLIRTokenKind.EXCLAMATION_IDENT):
            parser._parse_alias_def()
        return dict(parser.attribute_aliases)

    return _read(text, filename, ctx, 0, read)


class _NamingParser(LocatingParser):
    """A ``LocatingParser`` that keeps, for each SSA name, the values its first definition
    gives (later definitions of the name, in other regions, are left out)."""

    def __init__(self, ctx: Context, text: str, filename: str, line_offset: int = 0) -> None:
        super().__init__(ctx, text, filename, line_offset)
        self.named_values: dict[str, tuple[SSAValue, ...]] = {}

    def _register_ssa_definition(self, name: str, values: Sequence[SSAValue], span: Span[str]) -> None:
        self.named_values.setdefault(name, tuple(values))
        super()._register_ssa_definition(name, values, span)


@checks_arguments(argument_error)
def read_named_values(
    text: str, filename: str = "<string>", ctx: Context | None = None
) -> dict[str, tuple[SSAValue, ...]]:
    """The values of the module ``text``, by SSA name without its ``%`` (``a_dot``, ``0``):
    the results of the name's first definition (an op's, several for ``%x:2 = ...``) or
    the block argument it names.  The module is read, not verified; an error reading it is
    an ``IRError`` located in ``filename``."""

    def read(parser: LocatingParser) -> dict[str, tuple[SSAValue, ...]]:
        if not parser.at_end():
            parser.parse_module()
        assert isinstance(parser, _NamingParser)
        return parser.named_values

    return _read(text, filename, ctx, 0, read, _NamingParser)


def verifier_failure(op: Operation) -> str | None:
    """Why ``op`` itself (not the ops nested in it) does not verify, including a tensor
    whose layout does not fit the kernel's lanes, warps and CTAs; ``None`` if it does."""
    try:
        block = op.parent
        if type(op).verify is not Operation.verify or op.successors or (block is not None and block.last_op is op):
            op.verify(verify_nested_ops=False)
        else:
            # What Operation.verify adds to verify_ concerns terminators and successors only,
            # and on a failure it prints the whole module into a note nobody reads (a second
            # for a large kernel): lower-to-linear asks this of many ops that fail.
            op.verify_()
        if not op.has_trait(VerifyTensorLayouts):
            verify_tensor_layouts(op, memdescs=False)
    except (VerifyException, DiagnosticException, EncodingError) as error:
        return str(error)
    return None


@checks_arguments(argument_error)
def verify_module(module: ModuleOp, source: str | None = None, line_offset: int = 0) -> None:
    """Verify every op (``verifier_failure``) and that every value is defined before it
    is used (``dominance_violations``); raise ``IRError`` at the first op that fails.

    An op gets the answer of an earlier op with its ``verification_key`` (same class,
    types and attributes, inside alike ops; see ``VerifierAnswers``)."""
    for op, index in dominance_violations(module):
        raise located_error(op, f"operand #{index} does not dominate this use", source, line_offset)
    # Imported here: the verifier's answers load op traits (and xDSL's arith) that reading
    # a layout written alone never needs.
    from layoutdialect.ir.verifier_answers import VerifierAnswers

    answers = VerifierAnswers[str | None]()
    with ir_unchanged():
        for op in module.walk():
            if (failure := answers.answer(op, verifier_failure)) is not None:
                raise located_error(op, failure, source, line_offset)


@checks_arguments(argument_error)
def print_module(module: ModuleOp) -> str:
    """The module as text, with TTGIR's ``#blocked``/``#mma``/``#shared`` aliases."""
    stream = StringIO()
    print_with_aliases(module, stream)
    return stream.getvalue()


@dataclass(frozen=True)
class TTGIROutput(OutputFormat):
    """The ``ttgir`` output format of ``xdsl-opt -t`` (xDSL calls it a target): MLIR text
    with Triton's layout aliases."""

    name = "ttgir"

    print_generic_format: bool = False
    print_debuginfo: bool = False

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        print_with_aliases(
            module, output, print_generic_format=self.print_generic_format, print_debuginfo=self.print_debuginfo
        )
