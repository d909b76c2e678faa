"""``arith`` as Triton uses it: xDSL's ops, with the casts and ``select`` taking
tensors of any encoding, as MLIR's do.

xDSL's integer casts and ``arith.select`` accept only scalars; TTGIR applies them
to whole tensors (``arith.extsi %x : tensor<64xi32, #b> to tensor<64xi64, #b>``,
``arith.select %c, %a, %b : tensor<64xi1, #b>, tensor<64xf32, #b>``), and its
comparisons of tensors give tensors of ``i1``.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerAttr, IntegerType, i1
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.tt.types import mask_type
from layoutdialect.dialect.ttg.tensors import scalar_type, shape_and_encoding

__all__ = ["TENSOR_CASTS", "CastOp", "CmpfOp", "CmpiOp", "ComparisonOp", "SelectOp"]


def _is_integer(type_: Attribute) -> bool:
    return isinstance(type_, IntegerType | IndexType)


class CastOp(IRDLOperation):
    """``%r = arith.<cast> %x : T to U`` elementwise, on scalars or tensors of one shape and encoding."""

    input = operand_def(AnyAttr())
    result = result_def(AnyAttr())

    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"
    traits = traits_def(Pure())

    def __init__(self, source: SSAValue, result_type: Attribute) -> None:
        super().__init__(operands=[source], result_types=[result_type])

    def verify_(self) -> None:
        if shape_and_encoding(self.input.type) != shape_and_encoding(self.result.type):
            raise VerifyException(f"{self.name}: operand and result must have the same shape and encoding")
        for type_, kind in zip((self.input.type, self.result.type), _CAST_KINDS[self.name]):
            element = scalar_type(type_)
            if (kind == "int" and not _is_integer(element)) or (kind == "float" and not isinstance(element, AnyFloat)):
                raise VerifyException(f"{self.name}: expected {kind} elements, got {element}")


_CAST_KINDS = {
    "arith.extsi": ("int", "int"),
    "arith.extui": ("int", "int"),
    "arith.trunci": ("int", "int"),
    "arith.index_cast": ("int", "int"),
    "arith.sitofp": ("int", "float"),
    "arith.uitofp": ("int", "float"),
    "arith.fptosi": ("float", "int"),
    "arith.fptoui": ("float", "int"),
}
"""Each cast's operand and result element kinds."""


def _cast(name: str) -> type[CastOp]:
    cls = type(f"{name.split('.')[1].capitalize()}Op", (CastOp,), {"name": name, "__doc__": CastOp.__doc__})
    return irdl_op_definition(cls)


TENSOR_CASTS: tuple[type[CastOp], ...] = tuple(_cast(name) for name in _CAST_KINDS)


@irdl_op_definition
class SelectOp(IRDLOperation):
    """``arith.select %c, %a, %b : i1, T`` or ``: tensor<..xi1, #b>, tensor<..xT, #b>``: elementwise ``c ? a : b``."""

    name = "arith.select"

    T: ClassVar = VarConstraint("T", AnyAttr())
    cond = operand_def(AnyAttr())
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())

    def __init__(self, cond: SSAValue, lhs: SSAValue, rhs: SSAValue) -> None:
        super().__init__(operands=[cond, lhs, rhs], result_types=[lhs.type])

    @classmethod
    def parse(cls, parser: Parser) -> SelectOp:
        names = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            names.append(parser.parse_unresolved_operand())
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        first = parser.parse_type()
        cond_type, value_type = (first, parser.parse_type()) if parser.parse_optional_punctuation(",") else (i1, first)
        cond, lhs, rhs = (parser.resolve_operand(n, t) for n, t in zip(names, (cond_type, value_type, value_type)))
        op = SelectOp(cond, lhs, rhs)
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        if self.cond.type != i1:
            printer.print_attribute(self.cond.type)
            printer.print_string(", ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        if scalar_type(self.cond.type) != i1:
            raise VerifyException("arith.select: the condition must be i1 or a tensor of i1")
        if self.cond.type != i1 and shape_and_encoding(self.cond.type) != shape_and_encoding(self.result.type):
            raise VerifyException("arith.select: a tensor condition must have the values' shape and encoding")


CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF_PREDICATES = (
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
)  # fmt: skip


class ComparisonOp(IRDLOperation):
    """``%c = arith.cmpX pred, %a, %b : T``: elementwise comparison giving ``i1`` in ``T``'s
    shape and encoding; the predicate may also be quoted, as older TTGIR prints it."""

    PREDICATES: ClassVar[tuple[str, ...]]

    T: ClassVar = VarConstraint("T", AnyAttr())
    predicate = prop_def(IntegerAttr)
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(AnyAttr())

    traits = traits_def(Pure())

    def __init__(self, predicate: str, lhs: SSAValue, rhs: SSAValue) -> None:
        super().__init__(
            operands=[lhs, rhs],
            result_types=[mask_type(lhs.type)],
            properties={"predicate": IntegerAttr(self.PREDICATES.index(predicate), 64)},
        )

    @property
    def predicate_name(self) -> str:
        return self.PREDICATES[self.predicate.value.data]

    @classmethod
    def parse(cls, parser: Parser) -> ComparisonOp:
        start = parser.pos
        predicate = parser.parse_optional_str_literal() or parser.parse_identifier()
        if predicate not in cls.PREDICATES:
            parser.raise_error(f"unknown {cls.name} predicate {predicate}", start, parser.pos)
        names = []
        for _ in range(2):
            parser.parse_punctuation(",")
            names.append(parser.parse_unresolved_operand())
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        type_ = parser.parse_type()
        op = cls(predicate, *(parser.resolve_operand(n, type_) for n in names))
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.predicate_name}, ")
        printer.print_list((self.lhs, self.rhs), printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)

    def verify_(self) -> None:
        if not 0 <= self.predicate.value.data < len(self.PREDICATES):
            raise VerifyException(f"{self.name}: predicate {self.predicate.value.data} is out of range")
        expected = mask_type(self.lhs.type)
        if self.result.type != expected:
            raise VerifyException(f"{self.name}: the result must be {expected}")


@irdl_op_definition
class CmpiOp(ComparisonOp):
    """``arith.cmpi slt, %a, %b : tensor<64xi32, #b>`` gives ``tensor<64xi1, #b>``."""

    name = "arith.cmpi"
    PREDICATES: ClassVar[tuple[str, ...]] = CMPI_PREDICATES


@irdl_op_definition
class CmpfOp(ComparisonOp):
    """``arith.cmpf olt, %a, %b : tensor<64xf32, #b>`` gives ``tensor<64xi1, #b>``."""

    name = "arith.cmpf"
    PREDICATES: ClassVar[tuple[str, ...]] = CMPF_PREDICATES
