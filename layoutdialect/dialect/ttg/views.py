"""``ttg`` ops that reinterpret data without moving it between threads: unpacking fp4
pairs (``ttg.fp4_to_fp``) and transposing a shared-memory descriptor (``ttg.memdesc_trans``)."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import I32, BFloat16Type, DenseArrayBase, Float16Type, IntegerAttr, TensorType, i8, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.semantics import InferredLayout, MovesNoData
from layoutdialect.dialect.ttg.attributes import SharedEncodingAttr
from layoutdialect.dialect.ttg.ops import TTGOp
from layoutdialect.dialect.ttg.tensors import check_inferred_encoding, tensor_type
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.encodings import DistributedEncoding, to_linear_layout
from layoutdialect.encodings.inference import fp4_to_fp_encoding, fp4_to_fp_source_encoding
from layoutdialect.f2 import LinearLayout, standard_out_dim_names

__all__ = ["Fp4ToFpOp", "MemDescTransOp"]


@irdl_op_definition
class Fp4ToFpOp(TTGOp):
    """``%f = ttg.fp4_to_fp %p {axis = 1 : i32} : tensor<64x32xi8, #a> -> tensor<64x64xbf16, #b>``

    Each byte holds two e2m1 values, the low nibble first along ``axis``.  The result's
    layout must be one whose backward inference (Triton's verifier) gives the operand's.
    """

    name = "ttg.fp4_to_fp"

    src = operand_def(TensorType)
    axis = prop_def(IntegerAttr[I32])
    result = result_def(TensorType)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure(), InferredLayout(forward=False), MovesNoData())

    def __init__(self, src: SSAValue, axis: int, result_type: TensorType[Attribute]) -> None:
        super().__init__(operands=[src], result_types=[result_type], properties={"axis": IntegerAttr(axis, i32)})

    def infer_result_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return fp4_to_fp_encoding(encoding, tensor_type(self.src).get_shape(), self.axis.value.data)

    def infer_operand_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return fp4_to_fp_source_encoding(encoding, tensor_type(self.result).get_shape(), self.axis.value.data)

    def verify_(self) -> None:
        src, result = tensor_type(self.src), tensor_type(self.result)
        axis = self.axis.value.data
        if src.element_type != i8:
            raise VerifyException(f"ttg.fp4_to_fp: the operand must hold i8, not {src.element_type}")
        if not isinstance(result.element_type, BFloat16Type | Float16Type):
            raise VerifyException(f"ttg.fp4_to_fp: only bf16 or f16 results are supported, got {result.element_type}")
        shape, unpacked = list(src.get_shape()), list(result.get_shape())
        if not 0 <= axis < len(shape):
            raise VerifyException(f"ttg.fp4_to_fp: axis {axis} is out of range for rank {len(shape)}")
        expected = [n * 2 if d == axis else n for d, n in enumerate(shape)]
        if unpacked != expected:
            raise VerifyException(
                f"ttg.fp4_to_fp: the result shape must be {expected}, twice the operand's along the axis"
            )
        check_inferred_encoding(self.name, result, src, self.infer_operand_encoding, subject="operand")


def _transposed_layout(layout: LinearLayout, order: Sequence[int]) -> LinearLayout:
    """``layout`` with out dim ``i`` taken from dim ``order[i]``."""
    bases = [(name, [[basis[d] for d in order] for basis in vectors]) for name, vectors in layout.bases]
    sizes = [layout.get_out_dim_size(name) for name in layout.get_out_dim_names()]
    return LinearLayout.from_bases(bases, standard_out_dim_names(len(order)), [sizes[d] for d in order], False)


@irdl_op_definition
class MemDescTransOp(TTGOp):
    """``%t = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #s0, #smem>
    -> !ttg.memdesc<64x32xf16, #s1, #smem>``

    The same buffer seen with its dims permuted: result dim ``i`` is operand dim
    ``order[i]``.  Its encoding must place every element at the offset the operand's
    does (Triton's layout-equivalence check).
    """

    name = "ttg.memdesc_trans"

    src = operand_def(MemDescType)
    order = prop_def(DenseArrayBase)
    result = result_def(MemDescType)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure())

    def __init__(self, src: SSAValue, order: Sequence[int], result_type: MemDescType) -> None:
        super().__init__(
            operands=[src], result_types=[result_type], properties={"order": DenseArrayBase.from_list(i32, list(order))}
        )

    @property
    def permutation(self) -> list[int]:
        return [int(v) for v in self.order.get_values()]

    def verify_(self) -> None:
        assert isinstance(self.src.type, MemDescType) and isinstance(self.result.type, MemDescType)
        src, result, order = self.src.type, self.result.type, self.permutation
        shape = list(src.get_shape())
        if sorted(order) != list(range(len(shape))):
            raise VerifyException(f"ttg.memdesc_trans: order {order} is not a permutation of the operand's dims")
        if list(result.get_shape()) != [shape[d] for d in order]:
            raise VerifyException("ttg.memdesc_trans: the result shape must be the operand's, permuted by order")
        if (src.element_type, src.memory_space, src.mutable) != (
            result.element_type,
            result.memory_space,
            result.mutable,
        ):
            raise VerifyException("ttg.memdesc_trans: element type, memory space and mutability must be kept")
        if isinstance(src.encoding, SharedEncodingAttr) and isinstance(result.encoding, SharedEncodingAttr):
            moved = _transposed_layout(to_linear_layout(src.encoding.data, shape), order)
            if moved != to_linear_layout(result.encoding.data, list(result.get_shape())):
                raise VerifyException(
                    f"ttg.memdesc_trans: result encoding {result.encoding} does not place the elements "
                    "where the transposed operand has them"
                )
