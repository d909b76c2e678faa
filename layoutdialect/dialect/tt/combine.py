"""The ``tt`` ops that combine two tensors into one and back: ``tt.join`` pairs them
along a new last dim of 2, ``tt.split`` undoes it, and ``tt.cat`` concatenates them
with an unspecified element order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import NoneAttr, TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, VarConstraint, base, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.semantics import InferredLayout, Recreatable, View
from layoutdialect.dialect.tt.base import TTOp
from layoutdialect.dialect.ttg.tensors import check_inferred_encoding, distributed_encoding, tensor_type
from layoutdialect.encodings import DistributedEncoding
from layoutdialect.encodings.inference import cat_registers, join_encoding, split_encoding

__all__ = ["CatOp", "JoinOp", "SplitOp"]


class _PairToTensorOp(TTOp):
    """An op ``$lhs, $rhs attr-dict : type($lhs) -> type($result)`` on two tensors of one type."""

    T: ClassVar = VarConstraint("T", base(TensorType))
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(TensorType)

    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, lhs: SSAValue, rhs: SSAValue, result_type: TensorType[Attribute]) -> None:
        IRDLOperation.__init__(self, operands=[lhs, rhs], result_types=[result_type])


@irdl_op_definition
class JoinOp(_PairToTensorOp):
    """``tt.join %a, %b : tensor<32x16xf16, #b> -> tensor<32x16x2xf16, #b2>``: element
    ``[..., 0]`` of the result is ``a``'s, ``[..., 1]`` is ``b``'s.  As in Triton, several
    result layouts are valid: splitting the result's must give the operands'."""

    name = "tt.join"

    traits = traits_def(InferredLayout(), View())

    def infer_result_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return join_encoding(encoding, tensor_type(self.lhs).get_shape())

    def infer_operand_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return split_encoding(encoding, tensor_type(self.result).get_shape())

    def verify_(self) -> None:
        shape = list(tensor_type(self.lhs).get_shape())
        if list(tensor_type(self.result).get_shape()) != [*shape, 2]:
            raise VerifyException("tt.join: the result shape must be the operands' with a last dim of 2")
        if isinstance(tensor_type(self.result).encoding, NoneAttr) and not isinstance(
            tensor_type(self.lhs).encoding, NoneAttr
        ):
            raise VerifyException("'tt.join' op result encoding must be specified")
        check_inferred_encoding(
            self.name, self.result.type, self.lhs.type, self.infer_operand_encoding, subject="operand"
        )


@dataclass(frozen=True)
class LegalCatRecreatable(Recreatable):
    """Triton's ``isLegalCatEncoding``: ``tt.cat`` concatenates its operands' distinct
    registers, so it may produce a layout holding exactly as many per thread."""

    def holds_anywhere(self, op: Operation) -> bool:
        return False

    def holds(self, op: Operation, encoding: DistributedEncoding) -> bool:
        assert isinstance(op, CatOp)
        lhs = tensor_type(op.lhs)
        source = distributed_encoding(lhs)
        if source is None:
            return False
        provided, required = cat_registers(source, lhs.get_shape(), encoding, tensor_type(op.result).get_shape())
        return provided == required


@irdl_op_definition
class CatOp(_PairToTensorOp):
    """``tt.cat %a, %b : tensor<16xi32, #b> -> tensor<32xi32, #b2>``: the elements of both
    operands in an order Triton leaves unspecified (each thread's registers of ``a``, then of ``b``)."""

    name = "tt.cat"

    traits = traits_def(LegalCatRecreatable())

    def verify_(self) -> None:
        lhs, result = tensor_type(self.lhs), tensor_type(self.result)
        if result.element_count() != 2 * lhs.element_count():
            raise VerifyException(
                f"tt.cat: the result must hold the {2 * lhs.element_count()} elements of both operands, "
                f"not {result.element_count()}"
            )
        source, target = distributed_encoding(lhs), distributed_encoding(result)
        if source is not None and target is not None:
            provided, required = cat_registers(source, lhs.get_shape(), target, result.get_shape())
            if provided != required:
                raise VerifyException(
                    f"tt.cat: the result encoding requires {required} distinct registers per thread, "
                    f"but the operands provide {provided}"
                )


@irdl_op_definition
class SplitOp(TTOp):
    """``%a, %b = tt.split %x : tensor<32x16x2xf16, #b2> -> tensor<32x16xf16, #b>``: the
    halves ``x[..., 0]`` and ``x[..., 1]``."""

    name = "tt.split"

    T: ClassVar = VarConstraint("T", base(TensorType))
    src = operand_def(TensorType)
    out_lhs = result_def(T)
    out_rhs = result_def(T)

    assembly_format = "$src attr-dict `:` type($src) `->` type($out_lhs)"
    traits = traits_def(Pure(), InferredLayout(), View())

    def __init__(self, src: SSAValue, result_type: TensorType[Attribute]) -> None:
        super().__init__(operands=[src], result_types=[result_type, result_type])

    def infer_result_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return split_encoding(encoding, tensor_type(self.src).get_shape())

    def infer_operand_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return join_encoding(encoding, tensor_type(self.out_lhs).get_shape())

    def verify_(self) -> None:
        shape = list(tensor_type(self.src).get_shape())
        if not shape or shape[-1] != 2 or list(tensor_type(self.out_lhs).get_shape()) != shape[:-1]:
            raise VerifyException("tt.split: the operand's last dim must be 2 and the results drop it")
        check_inferred_encoding(self.name, self.src.type, self.out_lhs.type, self.infer_result_encoding)
