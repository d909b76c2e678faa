"""``vector.shape_cast``, which xDSL's ``vector`` dialect lacks, with MLIR's syntax and verifier."""

from __future__ import annotations

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

__all__ = ["ShapeCastOp"]


@irdl_op_definition
class ShapeCastOp(IRDLOperation):
    """``%v = vector.shape_cast %r : vector<4x2xf16> to vector<8xf16>``: the same elements,
    in row-major order, in a vector of another shape."""

    name = "vector.shape_cast"

    source = operand_def(VectorType)
    result = result_def(VectorType)

    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"
    traits = traits_def(Pure())

    def __init__(self, source: SSAValue, result_type: VectorType[Attribute]) -> None:
        super().__init__(operands=[source], result_types=[result_type])

    def verify_(self) -> None:
        source_type, result_type = self.source.type, self.result.type
        assert isinstance(source_type, VectorType) and isinstance(result_type, VectorType)
        if source_type.element_type != result_type.element_type:
            raise VerifyException(f"'{self.name}' op has different source and result element types")
        source_count, result_count = source_type.element_count(), result_type.element_count()
        if source_count != result_count:
            raise VerifyException(
                f"'{self.name}' op has different number of elements at source ({source_count}) "
                f"and result ({result_count})"
            )
        source_scalable, result_scalable = _scalable_dims(source_type), _scalable_dims(result_type)
        if source_scalable != result_scalable:
            raise VerifyException(
                f"'{self.name}' op different number of scalable dims at source ({source_scalable}) "
                f"and result ({result_scalable})"
            )


def _scalable_dims(vector_type: VectorType[Attribute]) -> int:
    return sum(bool(flag.value.data) for flag in vector_type.scalable_dims)
