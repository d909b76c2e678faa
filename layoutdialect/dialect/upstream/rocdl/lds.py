"""CDNA4's transposing LDS reads, as MLIR's ``rocdl`` spells them:

    %chunk = rocdl.ds.read.tr16.b64 %ptr : !llvm.ptr<3> -> vector<4xf16>
    %chunk = rocdl.ds.read.tr8.b64 %ptr : !llvm.ptr<3> -> vector<2xi32>

Each lane gives the address of an aligned 64-bit chunk (4 elements of 16 bits, 8 of 8),
and within each group of 16 lanes the chunks are dealt out transposed: lane ``l``
receives as its element ``r`` element ``l % E`` of the chunk that lane
``16 (l // 16) + (l % 16) // E + r (16 / E)`` addressed (``E`` the chunk's elements).  The
8-bit form returns its 8 bytes as two ``i32`` words, low byte first (gfx950's
``ds_read_b64_tr_b16`` and ``ds_read_b64_tr_b8``).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import llvm
from xdsl.dialects.builtin import VectorType, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.tt.types import bit_width

__all__ = ["TRANSPOSED_READ_OPS", "DsReadTr8B64Op", "DsReadTr16B64Op", "TransposedReadOp"]

CHUNK_BITS = 64
"""The bits each lane addresses."""


class TransposedReadOp(IRDLOperation):
    """A transposing LDS read of ``element_bits``-bit elements (the subclasses say which)."""

    ELEMENT_BITS: ClassVar[int]

    ptr = operand_def(llvm.LLVMPointerType)
    res = result_def(VectorType)

    assembly_format = "$ptr attr-dict `:` type($ptr) `->` type($res)"

    def __init__(self, pointer: SSAValue, result_type: VectorType[Attribute]) -> None:
        super().__init__(operands=[pointer], result_types=[result_type])

    def verify_(self) -> None:
        result_type = self.res.type
        assert isinstance(result_type, VectorType)
        width = bit_width(result_type.element_type)
        if width is None or width * result_type.element_count() != CHUNK_BITS or result_type.get_num_dims() != 1:
            raise VerifyException(f"'{self.name}' returns a 64-bit vector, not {result_type}")

    @classmethod
    def chunk_type(cls, element: Attribute) -> VectorType[Attribute]:
        """The result type for ``element``s: their 64-bit vector, or for 8-bit ones two ``i32``."""
        if cls.ELEMENT_BITS == 8:
            return VectorType(i32, [2])
        return VectorType(element, [CHUNK_BITS // cls.ELEMENT_BITS])


@irdl_op_definition
class DsReadTr16B64Op(TransposedReadOp):
    """``ds_read_b64_tr_b16``: 4 elements of 16 bits a lane."""

    name = "rocdl.ds.read.tr16.b64"
    ELEMENT_BITS: ClassVar[int] = 16


@irdl_op_definition
class DsReadTr8B64Op(TransposedReadOp):
    """``ds_read_b64_tr_b8``: 8 elements of 8 bits a lane, as two ``i32``."""

    name = "rocdl.ds.read.tr8.b64"
    ELEMENT_BITS: ClassVar[int] = 8


TRANSPOSED_READ_OPS: dict[int, type[TransposedReadOp]] = {16: DsReadTr16B64Op, 8: DsReadTr8B64Op}
"""The transposing read of each element width."""
