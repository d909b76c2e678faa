"""``tt.scan``: an inclusive prefix combination along one axis, with its region."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import I32, BoolAttr, IntegerAttr, TensorType, i32
from xdsl.ir import Attribute, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import HasParent, IsTerminator, Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.semantics import SameLayout
from layoutdialect.dialect.tt.base import TTOp
from layoutdialect.dialect.tt.ops import CombineReturnOp
from layoutdialect.dialect.ttg.tensors import shape_and_encoding, tensor_type
from layoutdialect.encodings import BlockedEncoding

__all__ = ["ScanOp", "ScanReturnOp"]


@irdl_op_definition
class ScanOp(TTOp):
    """``"tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({ ^bb0(%a: i32, %b: i32): ... }) : (...) -> ...``

    Result element ``i`` along ``axis`` combines operand elements ``0..i`` with the
    region (``i..n-1`` when ``reverse``); results keep the operands' shapes and encodings.
    """

    name = "tt.scan"

    srcs = var_operand_def(TensorType)
    axis = prop_def(IntegerAttr[I32])
    reverse = prop_def(BoolAttr)
    combine_op = region_def("single_block")
    result = var_result_def(TensorType)

    # Triton lowers scans of blocked layouts only, so no other layout flows through one.
    traits = traits_def(Pure(), SameLayout(only=BlockedEncoding))

    def __init__(self, srcs: Sequence[SSAValue], axis: int, reverse: bool, combine: Region) -> None:
        super().__init__(
            operands=[srcs],
            result_types=[[s.type for s in srcs]],
            properties={"axis": IntegerAttr(axis, i32), "reverse": IntegerAttr.from_bool(reverse)},
            regions=[combine],
        )

    def verify_(self) -> None:
        axis = self.axis.value.data
        if len(self.srcs) != len(self.result) or not self.srcs:
            raise VerifyException("tt.scan: there must be one result per operand, and at least one")
        first: tuple[tuple[int, ...], Attribute | None] | None = None
        for src, result in zip(self.srcs, self.result):
            rank = len(tensor_type(src).get_shape())
            if not 0 <= axis < rank:
                raise VerifyException(f"tt.scan: axis {axis} is out of range for rank {rank}")
            layout = shape_and_encoding(src.type)
            if shape_and_encoding(result.type) != layout or (first is not None and layout != first):
                raise VerifyException("tt.scan: all operands and results must have the same shape and encoding")
            first = layout
        arguments = [a.type for a in self.combine_op.block.args]
        elements = [tensor_type(s).element_type for s in self.srcs]
        if arguments != elements * 2:
            raise VerifyException("tt.scan: the region takes two scalars per operand, of the operands' element types")


@irdl_op_definition
class ScanReturnOp(CombineReturnOp):
    """``tt.scan.return %s : i32``: the combined value of a ``tt.scan`` region."""

    name = "tt.scan.return"

    traits = traits_def(IsTerminator(), HasParent(ScanOp))
