"""The pieces of the ``amdg`` ops' custom syntax, read and written as Triton 3.9's
assembly formats do: ``%ptr[%offsets]``, ``keyword = %x`` operands, the attr-dict holding
properties, and the ``: types -> types`` signature."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.mlir_lexer import PunctuationSpelling

from layoutdialect.dialect.ttg.custom_format import SEGMENT_SIZES, parse_attr_dict, print_attr_dict

__all__ = [
    "AttrDict",
    "expect",
    "finish",
    "parse_attributes",
    "parse_indexed",
    "parse_keyword_operand",
    "parse_operand_list",
    "parse_optional_comma_operand",
    "parse_signature",
    "print_attributes",
    "print_indexed",
    "print_keyword_operand",
    "print_operands",
    "print_signature",
    "refuse",
    "resolve",
    "tensor_result",
]

OpT = TypeVar("OpT", bound=IRDLOperation)


def expect(parser: Parser, punctuation: PunctuationSpelling) -> None:
    """``punctuation``, or MLIR's error ``expected '->'``."""
    if parser.parse_optional_punctuation(punctuation) is None:
        parser.raise_error(f"expected '{punctuation}'")


def parse_indexed(parser: Parser) -> tuple[UnresolvedOperand, UnresolvedOperand]:
    """``%ptr[%offsets]``."""
    pointer = parser.parse_unresolved_operand()
    expect(parser, "[")
    offsets = parser.parse_unresolved_operand()
    expect(parser, "]")
    return pointer, offsets


def print_indexed(printer: Printer, pointer: SSAValue, offsets: SSAValue) -> None:
    printer.print_operand(pointer)
    printer.print_string("[")
    printer.print_operand(offsets)
    printer.print_string("]")


def parse_optional_comma_operand(parser: Parser) -> UnresolvedOperand | None:
    """``, %x``, or nothing."""
    return parser.parse_unresolved_operand() if parser.parse_optional_punctuation(",") is not None else None


def parse_keyword_operand(parser: Parser, keyword: str, equals: bool = True) -> UnresolvedOperand | None:
    """``keyword = %x`` (``keyword %x`` without ``equals``), or nothing."""
    if parser.parse_optional_keyword(keyword) is None:
        return None
    if equals:
        expect(parser, "=")
    return parser.parse_unresolved_operand()


def print_keyword_operand(printer: Printer, keyword: str, value: SSAValue | None, equals: bool = True) -> None:
    if value is not None:
        printer.print_string(f" {keyword} = " if equals else f" {keyword} ")
        printer.print_operand(value)


def parse_operand_list(parser: Parser, delimiter: Parser.Delimiter) -> list[UnresolvedOperand]:
    return parser.parse_comma_separated_list(delimiter, parser.parse_unresolved_operand)


def print_operands(printer: Printer, values: Sequence[SSAValue], prefix: str = " ") -> None:
    """``prefix`` and the operands, or nothing when there are none."""
    if values:
        printer.print_string(prefix)
        printer.print_list(values, printer.print_operand)


def resolve(parser: Parser, operand: UnresolvedOperand | None, type_: Attribute) -> SSAValue | None:
    return None if operand is None else parser.resolve_operand(operand, type_)


def tensor_result(parser: Parser, type_: Attribute) -> TensorType[Attribute]:
    if not isinstance(type_, TensorType):
        parser.raise_error(f"expected a ranked tensor type, got '{type_}'")
    return type_


def refuse(parser: Parser, op_name: str, problem: str | None) -> None:
    """A property the custom form gives that its constraint refuses: MLIR checks it while
    parsing, naming the op twice."""
    if problem is not None:
        parser.raise_error(f"custom op '{op_name}' {problem}")


def _parse_types(parser: Parser, count: int | None) -> list[Attribute]:
    """``t1, ..., t<count>``, or as many as are written when ``count`` is ``None``."""
    if count is None:
        return parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    types: list[Attribute] = [parser.parse_type()]
    for _ in range(count - 1):
        expect(parser, ",")
        types.append(parser.parse_type())
    return types


def parse_signature(
    parser: Parser, inputs: int | None, outputs: int | None = 0
) -> tuple[list[Attribute], list[Attribute]]:
    """``: t1, ..., t<inputs> -> r1, ..., r<outputs>``, without ``->`` when there are no
    outputs (``None``: as many types as are written)."""
    expect(parser, ":")
    types = _parse_types(parser, inputs)
    if outputs == 0:
        return types, []
    expect(parser, "->")
    return types, _parse_types(parser, outputs)


def print_signature(printer: Printer, inputs: Sequence[Attribute], outputs: Sequence[Attribute] = ()) -> None:
    """`` : t1, t2 -> r1``, without ``->`` when there are no ``outputs``."""
    printer.print_string(" : ")
    printer.print_list(inputs, printer.print_attribute)
    if outputs:
        printer.print_string(" -> ")
        printer.print_list(outputs, printer.print_attribute)


class AttrDict(NamedTuple):
    """A parsed attr-dict: the entries naming the op's properties, and its other attributes."""

    properties: dict[str, Attribute]
    attributes: dict[str, Attribute]


def parse_attributes(parser: Parser, op_type: type[IRDLOperation], written: Sequence[str] = ()) -> AttrDict:
    """The attr-dict, split into the entries naming properties of ``op_type`` (as MLIR's
    attr-dict holds inherent attributes), but for those its syntax writes elsewhere
    (``written``), and its other attributes."""
    declared = op_type.get_irdl_definition().properties
    return AttrDict(*parse_attr_dict(parser, [name for name in declared if name not in (*written, *SEGMENT_SIZES)]))


def finish(op: OpT, attr_dict: AttrDict) -> OpT:
    """``op`` with the properties and attributes of its attr-dict."""
    op.properties |= attr_dict.properties
    op.attributes |= attr_dict.attributes
    return op


def print_attributes(printer: Printer, op: IRDLOperation, written: Sequence[str] = ()) -> None:
    """The attr-dict as MLIR prints it (``print_attr_dict``), without the properties
    ``written`` elsewhere and those equal to their declared defaults."""
    declared = op.get_irdl_definition().properties
    defaults = {name: d.default_value for name, d in declared.items() if d.default_value is not None}
    print_attr_dict(printer, op, defaults, written)
