"""The ``tt`` ops whose element positions come from the data: ``tt.histogram`` and ``tt.gather``."""

from __future__ import annotations

from xdsl.dialects.builtin import I32, IntegerAttr, IntegerType, TensorType, UnitAttr, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.semantics import AnchorWhenSet, ConversionFolds, KeepsLayoutWhenSet, Recreatable, SameLayout
from layoutdialect.dialect.tt.base import TTOp
from layoutdialect.dialect.tt.types import mask_type
from layoutdialect.dialect.ttg.tensors import tensor_type

__all__ = ["GatherOp", "HistogramOp"]

FOLDS = "layoutdialect.dialect.tt.canonicalization"
"""Where this module's ops' conversion folds are defined."""


@irdl_op_definition
class HistogramOp(TTOp):
    """``%h = tt.histogram %x[, %mask] : tensor<256xi32, #a> -> tensor<512xi32, #b>``

    Bin ``i`` counts the (unmasked) elements of ``%x`` equal to ``i``; the result's
    layout is free, since every bin depends on every element.
    """

    name = "tt.histogram"

    src = operand_def(TensorType)
    mask = opt_operand_def(TensorType)
    result = result_def(TensorType)

    traits = traits_def(
        Pure(),
        Recreatable(),
        ConversionFolds(FOLDS, ("HistogramReadsPastConversion",)),
    )

    def __init__(self, src: SSAValue, result_type: TensorType[Attribute], mask: SSAValue | None = None) -> None:
        super().__init__(operands=[src, [] if mask is None else [mask]], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> HistogramOp:
        src = parser.parse_unresolved_operand()
        mask = parser.parse_unresolved_operand() if parser.parse_optional_punctuation(",") else None
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        src_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        if not isinstance(src_type, TensorType) or not isinstance(result_type, TensorType):
            parser.raise_error("tt.histogram: expected tensor types")
        masked = None if mask is None else parser.resolve_operand(mask, mask_type(src_type))
        op = HistogramOp(parser.resolve_operand(src, src_type), result_type, masked)
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        if self.mask is not None:
            printer.print_string(", ")
            printer.print_operand(self.mask)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        src, result = tensor_type(self.src), tensor_type(self.result)
        if not isinstance(src.element_type, IntegerType) or not isinstance(result.element_type, IntegerType):
            raise VerifyException("tt.histogram: the operand and result must be integer tensors")
        if len(result.get_shape()) != 1:
            raise VerifyException("tt.histogram: the result must be a 1-D tensor of bins")
        if self.mask is not None and self.mask.type != mask_type(src):
            raise VerifyException("tt.histogram: the mask must be an i1 tensor of the operand's shape and encoding")


@irdl_op_definition
class GatherOp(TTOp):
    """``%r = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<..., #a>, tensor<..., #b>) -> tensor<..., #b>``

    ``r[.., i, ..] = src[.., idx[.., i, ..], ..]`` along ``axis``: the result has the
    indices' shape and encoding.  ``efficient_layout`` pins the source layout.
    """

    name = "tt.gather"

    src = operand_def(TensorType)
    indices = operand_def(TensorType)
    axis = prop_def(IntegerAttr[I32])
    efficient_layout = opt_prop_def(UnitAttr)
    result = result_def(TensorType)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$src `[` $indices `]` attr-dict `:` functional-type(operands, results)"
    traits = traits_def(
        Pure(),
        SameLayout(operands=("indices",)),
        AnchorWhenSet("efficient_layout"),
        KeepsLayoutWhenSet("efficient_layout"),
        ConversionFolds(FOLDS, ("GatherReadsPastConversion",)),
    )

    def __init__(
        self,
        src: SSAValue,
        indices: SSAValue,
        axis: int,
        result_type: TensorType[Attribute],
        efficient_layout: bool = False,
    ) -> None:
        super().__init__(
            operands=[src, indices],
            result_types=[result_type],
            properties={"axis": IntegerAttr(axis, i32), "efficient_layout": UnitAttr() if efficient_layout else None},
        )

    def verify_(self) -> None:
        src, indices, result = tensor_type(self.src), tensor_type(self.indices), tensor_type(self.result)
        axis, rank = self.axis.value.data, len(src.get_shape())
        if len(indices.get_shape()) != rank:
            raise VerifyException("tt.gather: the source and indices must have the same rank")
        if not 0 <= axis < rank:
            raise VerifyException(f"tt.gather: axis {axis} is out of range for rank {rank}")
        if not isinstance(indices.element_type, IntegerType):
            raise VerifyException("tt.gather: the indices must be integers")
        if result.get_shape() != indices.get_shape() or result.element_type != src.element_type:
            raise VerifyException("tt.gather: the result must have the indices' shape and the source's element type")
        if result.encoding != indices.encoding:
            raise VerifyException("tt.gather: the result must have the indices' encoding")
        for dim, (s, i) in enumerate(zip(src.get_shape(), indices.get_shape())):
            if dim != axis and i > s:
                raise VerifyException(f"tt.gather: the indices' dim {dim} is larger than the source's")
