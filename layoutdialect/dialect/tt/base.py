"""The base of every ``tt`` op, as Triton's ``TT_Op``: its tensors have at most
``MAX_TENSOR_ELEMENTS`` elements, a power of two of them (``TensorSizeTrait``), in layouts
that fit the kernel (``VerifyTensorLayoutsTrait``)."""

from __future__ import annotations

from typing import Self

from xdsl.dialects.builtin import I32, IntegerAttr, i32
from xdsl.irdl import AnyAttr, IRDLOperation, prop_def, result_def, traits_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.enums import PROGRAM_DIMS, check_enum, enum_keyword, parse_enum
from layoutdialect.dialect.ttg.layout_checks import TensorSize, VerifyTensorLayouts

__all__ = ["ProgramAxisOp", "TTOp"]


class TTOp(IRDLOperation):
    """A ``tt`` op."""

    traits = traits_def(TensorSize(), VerifyTensorLayouts())


class ProgramAxisOp(TTOp):
    """An op ``%r = tt.<name> x {attrs} : i32`` that reads the launch grid along one axis."""

    axis = prop_def(IntegerAttr[I32])
    result = result_def(AnyAttr())

    traits = traits_def(Pure())

    def __init__(self, axis: int) -> None:
        super().__init__(properties={"axis": IntegerAttr(axis, i32)}, result_types=[i32])

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        axis = parse_enum(parser, cls.name, "axis", PROGRAM_DIMS)
        attributes = parser.parse_optional_attr_dict()
        # As in MLIR, an ``axis`` in the attribute dictionary sets the property.
        given = attributes.pop("axis", axis)
        if not isinstance(given, IntegerAttr):
            parser.raise_error(f"'{cls.name}' op attribute 'axis' must be an i32 integer, got {given}")
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        return cls.create(result_types=[result_type], properties={"axis": given}, attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {enum_keyword(PROGRAM_DIMS, self.axis)}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        check_enum(self, "axis", PROGRAM_DIMS)
        if self.result.type != i32:
            raise VerifyException(
                f"'{self.name}' op result #0 must be 32-bit signless integer, but got '{self.result.type}'"
            )
