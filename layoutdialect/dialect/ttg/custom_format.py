"""What the ``ttg`` and ``ttng`` ops written with custom ``parse``/``print`` methods share:
MLIR's attr-dict holding an op's properties, memdesc types written without
``!ttg.memdesc``, and MLIR's wording of verifier errors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.ttg.types import MemDescType

__all__ = [
    "constraint_error",
    "memdesc_type",
    "op_error",
    "parse_attr_dict",
    "parse_memdesc_type",
    "print_attr_dict",
]

SEGMENT_SIZES = ("operandSegmentSizes", "resultSegmentSizes")
"""The properties sizing an op's variadic groups, which MLIR's custom formats never print."""


def memdesc_type(value: SSAValue) -> MemDescType:
    """The type of ``value``, which the op's definition already requires to be a memdesc."""
    assert isinstance(value.type, MemDescType)
    return value.type


def op_error(op: Operation, message: str) -> VerifyException:
    """Triton's ``emitOpError``: ``'ttg.op' op message``."""
    return VerifyException(f"'{op.name}' op {message}")


def constraint_error(op: Operation, index: int, expected: str, got: Attribute) -> VerifyException:
    """MLIR's error for an operand that fails its ODS type constraint."""
    return op_error(op, f"operand #{index} must be {expected}, but got '{got}'")


def parse_attr_dict(parser: Parser, properties: Sequence[str]) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """An optional ``{...}``, split into the entries naming the op's ``properties`` and its other attributes."""
    attributes = parser.parse_optional_attr_dict()
    return {name: attributes.pop(name) for name in properties if name in attributes}, attributes


def print_attr_dict(
    printer: Printer, op: Operation, defaults: Mapping[str, Attribute] | None = None, elided: Sequence[str] = ()
) -> None:
    """The properties and attributes in one ``{...}`` sorted by name, as MLIR prints them,
    without segment sizes, the ``elided`` ones (printed elsewhere) or properties equal to
    their ``defaults``."""
    defaults = defaults or {}
    merged = {name: value for name, value in op.properties.items() if defaults.get(name) != value} | op.attributes
    hidden = (*SEGMENT_SIZES, *elided)
    printer.print_op_attributes({name: merged[name] for name in sorted(merged) if name not in hidden})


def parse_memdesc_type(parser: Parser) -> Attribute:
    """A type, where a memdesc may also be written without ``!ttg.memdesc`` (Triton's
    unqualified ``type($result)``)."""
    type_ = parser.parse_optional_type()
    return MemDescType.new(MemDescType.parse_parameters(parser)) if type_ is None else type_
