"""``tt.dot_scaled``: a matrix product of microscaled operands (mxfp8, mxfp4, ...)."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import I32, IntegerAttr, TensorType, i32
from xdsl.ir import SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.enums import SCALE_DOT_ELEM_TYPES, check_enum, enum_keyword
from layoutdialect.dialect.semantics import LayoutAnchor
from layoutdialect.dialect.tt.base import TTOp
from layoutdialect.dialect.tt.ops import check_dot_types
from layoutdialect.dialect.ttg.tensors import tensor_type

__all__ = ["DotScaledOp", "parse_scaled_element_type"]


def parse_scaled_element_type(parser: Parser, side: str) -> str:
    """``lhs = e2m1``: a scaled operand's element type (Triton's ``ScaleDotElemType``), as
    ``tt.dot_scaled`` and ``ttng.tc_gen5_mma_scaled`` write it after their operands."""
    parser.parse_keyword(side)
    parser.parse_punctuation("=")
    start = parser.pos
    name = parser.parse_identifier()
    if name not in SCALE_DOT_ELEM_TYPES:
        parser.raise_error(f"expected one of {', '.join(SCALE_DOT_ELEM_TYPES)}, got '{name}'", start, parser.pos)
    return name


SCALE_GROUPS = (16, 32)
"""How many K elements share one scale: 32 for the OCP mx formats, 16 for nvfp4."""


@irdl_op_definition
class DotScaledOp(TTOp):
    """``%d = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e4m3 rhs = e2m1 {fastMath = false} : ...``

    ``d = (a * 2^as) (b * 2^bs) + c``, each scale covering a group of K elements; a
    scale may be absent.  ``lhs_k_pack`` / ``rhs_k_pack`` (default true) say an ``e2m1``
    operand packs its pairs along K rather than along M or N.
    """

    name = "tt.dot_scaled"

    T: ClassVar = VarConstraint("T", base(TensorType))
    a = operand_def(TensorType)
    b = operand_def(TensorType)
    c = operand_def(T)
    a_scale = opt_operand_def(TensorType)
    b_scale = opt_operand_def(TensorType)
    a_elem_type = prop_def(IntegerAttr[I32])
    b_elem_type = prop_def(IntegerAttr[I32])
    d = result_def(T)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure(), LayoutAnchor())

    def __init__(
        self,
        operands: tuple[SSAValue, SSAValue, SSAValue],
        scales: tuple[SSAValue | None, SSAValue | None],
        element_types: tuple[str, str],
    ) -> None:
        a, b, c = operands
        super().__init__(
            operands=[a, b, c, *([] if s is None else [s] for s in scales)],
            result_types=[c.type],
            properties={
                "a_elem_type": IntegerAttr(SCALE_DOT_ELEM_TYPES[element_types[0]], i32),
                "b_elem_type": IntegerAttr(SCALE_DOT_ELEM_TYPES[element_types[1]], i32),
            },
        )

    @property
    def a_format(self) -> str:
        """``a``'s element format, as ``lhs =`` spells it (``e4m3``, ``e2m1``, ...)."""
        return enum_keyword(SCALE_DOT_ELEM_TYPES, self.a_elem_type)

    @property
    def b_format(self) -> str:
        """``b``'s element format, as ``rhs =`` spells it."""
        return enum_keyword(SCALE_DOT_ELEM_TYPES, self.b_elem_type)

    @classmethod
    def parse(cls, parser: Parser) -> DotScaledOp:
        def operand_and_scale() -> tuple[UnresolvedOperand, UnresolvedOperand | None]:
            operand = parser.parse_unresolved_operand()
            scale = parser.parse_unresolved_operand() if parser.parse_optional_keyword("scale") else None
            return operand, scale

        (a, a_scale), _ = operand_and_scale(), parser.parse_punctuation(",")
        (b, b_scale), _ = operand_and_scale(), parser.parse_punctuation(",")
        c = parser.parse_unresolved_operand()
        names = (parse_scaled_element_type(parser, "lhs"), parse_scaled_element_type(parser, "rhs"))
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")

        def typed(operand: UnresolvedOperand, scale: UnresolvedOperand | None) -> tuple[SSAValue, SSAValue | None]:
            value = parser.resolve_operand(operand, parser.parse_type())
            if scale is None:
                return value, None
            parser.parse_punctuation(",")
            return value, parser.resolve_operand(scale, parser.parse_type())

        a_value, a_scale_value = typed(a, a_scale)
        parser.parse_punctuation("*")
        b_value, b_scale_value = typed(b, b_scale)
        parser.parse_punctuation("->")
        op = cls(
            (a_value, b_value, parser.resolve_operand(c, parser.parse_type())), (a_scale_value, b_scale_value), names
        )
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        def operand_and_scale(operand: SSAValue, scale: SSAValue | None) -> None:
            printer.print_operand(operand)
            if scale is not None:
                printer.print_string(" scale ")
                printer.print_operand(scale)

        printer.print_string(" ")
        operand_and_scale(self.a, self.a_scale)
        printer.print_string(", ")
        operand_and_scale(self.b, self.b_scale)
        printer.print_string(", ")
        printer.print_operand(self.c)
        printer.print_string(f" lhs = {self.a_format} rhs = {self.b_format}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list(
            [v for v in (self.a, self.a_scale) if v is not None], lambda v: printer.print_attribute(v.type)
        )
        printer.print_string(" * ")
        printer.print_list(
            [v for v in (self.b, self.b_scale) if v is not None], lambda v: printer.print_attribute(v.type)
        )
        printer.print_string(" -> ")
        printer.print_attribute(self.d.type)

    def _packed_along_k(self, side: str) -> bool:
        flag = self.attributes.get(f"{side}_k_pack")
        return not isinstance(flag, IntegerAttr) or flag.value.data != 0

    def verify_(self) -> None:
        check_enum(self, "a_elem_type", SCALE_DOT_ELEM_TYPES)
        check_enum(self, "b_elem_type", SCALE_DOT_ELEM_TYPES)
        a_type, b_type = self.a_format, self.b_format
        a_pack, b_pack = self._packed_along_k("lhs"), self._packed_along_k("rhs")
        a_factors = ((1, 2) if a_pack else (2, 1)) if a_type == "e2m1" else (1, 1)
        b_factors = ((2, 1) if b_pack else (1, 2)) if b_type == "e2m1" else (1, 1)
        check_dot_types(self.name, self.a.type, self.b.type, self.d.type, (a_factors, b_factors))
        m, n = tensor_type(self.d).get_shape()[-2:]
        k = tensor_type(self.a).get_shape()[-1] * a_factors[1]
        for what, scale, rows in (("lhs", self.a_scale, m), ("rhs", self.b_scale, n)):
            if scale is None:
                continue
            scale_rows, scale_k = tensor_type(scale).get_shape()[-2:]
            if scale_rows != rows or not any(scale_k * group == k for group in SCALE_GROUPS):
                raise VerifyException(
                    f"tt.dot_scaled: the {what} scale must be {rows}x(K/16) or {rows}x(K/32) for K = {k}, "
                    f"got {scale_rows}x{scale_k}"
                )
