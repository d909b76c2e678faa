"""``nvgpu.ldmatrix``, with upstream MLIR's syntax and verifier."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import I32, BoolAttr, IndexType, IntegerAttr, MemRefType, VectorType, i1
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.target import MATRIX_ROW_BYTES, MATRIX_ROWS

__all__ = ["MATRIX_ROWS", "MATRIX_ROW_BYTES", "SHARED_MEMORY_SPACE", "LdMatrixOp", "is_shared_memory_space"]

SHARED_MEMORY_SPACE = 3
"""NVVM's address space of shared memory, the ``3`` of ``memref<1024xf16, 3>``."""


def is_shared_memory_space(memref_type: MemRefType[Attribute]) -> bool:
    """Whether ``memref_type`` lives in shared memory (upstream's ``hasSharedMemoryAddressSpace``
    for the integer spelling, the only one xDSL reads)."""
    space = memref_type.memory_space
    return isinstance(space, IntegerAttr) and space.value.data == SHARED_MEMORY_SPACE


@irdl_op_definition
class LdMatrixOp(IRDLOperation):
    """PTX ``ldmatrix.sync.aligned.m8n8.x{numTiles}{.trans}.shared.b16``: a warp loads
    ``numTiles`` 8x8 matrices of 16-bit elements (each row 16 contiguous bytes) from shared memory.

        %r = nvgpu.ldmatrix %view[%i] {numTiles = 4 : i32, transpose = false} :
          memref<1024xf16, 3> -> vector<4x2xf16>

    Lane ``l`` gives, by ``%view[%i]``, the address of row ``l % 8`` of matrix ``l / 8``
    (lanes 0-7 for one matrix, 0-15 for two, all 32 for four).  Row ``j`` of the result
    is the 32-bit register of matrix ``j``: lane ``t`` receives bytes ``4 (t % 4)`` to
    ``4 (t % 4) + 3`` of row ``t / 4`` (2 f16, 1 f32, 4 i8); with ``transpose`` (16-bit
    elements only) it receives the elements at (row ``2 (t % 4)``, column ``t / 4``) and
    (row ``2 (t % 4) + 1``, column ``t / 4``), the first in the low half.
    """

    name = "nvgpu.ldmatrix"

    src_memref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    transpose = prop_def(BoolAttr)
    num_tiles = prop_def(IntegerAttr[I32], prop_name="numTiles")
    res = result_def(VectorType)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$src_memref `[` $indices `]` attr-dict `:` type($src_memref) `->` type($res)"

    def __init__(
        self,
        memref: SSAValue,
        indices: Sequence[SSAValue],
        tiles: int,
        transpose: bool,
        result_type: VectorType[Attribute],
    ) -> None:
        super().__init__(
            operands=[memref, indices],
            result_types=[result_type],
            properties={"numTiles": IntegerAttr(tiles, 32), "transpose": IntegerAttr(int(transpose), i1)},
        )

    @property
    def tiles(self) -> int:
        """How many 8x8 matrices the warp loads: 1, 2 or 4 (``.x1``, ``.x2``, ``.x4``)."""
        return self.num_tiles.value.data

    @property
    def transposed(self) -> bool:
        """Whether this is the ``.trans`` form."""
        return bool(self.transpose.value.data)

    def verify_(self) -> None:
        """Upstream's checks, in its order and with its messages: the ODS result constraint,
        the element types (``PredOpTrait``), then ``LdMatrixOp::verify``."""
        memref_type = self.src_memref.type
        vector_type = self.res.type
        assert isinstance(memref_type, MemRefType) and isinstance(vector_type, VectorType)
        if vector_type.get_num_dims() == 0:
            raise VerifyException(
                f"'{self.name}' op result #0 must be vector of any type values of non-zero rank, "
                f"but got '{vector_type}'"
            )
        if memref_type.element_type != vector_type.element_type:
            raise VerifyException(f"'{self.name}' op failed to verify that srcMemref and res have same element type")
        bits = bit_width(vector_type.element_type)
        if bits is None:
            raise VerifyException(f"'{self.name}' op needs an integer or float element type")
        if not is_shared_memory_space(memref_type):
            raise VerifyException(
                "expected nvgpu.ldmatrix srcMemref must have a memory space attribute of "
                f"IntegerAttr({SHARED_MEMORY_SPACE}) or gpu::AddressSpaceAttr(Workgroup)"
            )
        if bits > 32:
            raise VerifyException("nvgpu.ldmatrix works for 32b or lower")
        if self.transposed and bits != 16:
            raise VerifyException("nvgpu.ldmatrix transpose works only at 16b granularity")
        shape = vector_type.get_shape()
        if len(shape) != 2:
            raise VerifyException("results must be 2 dimensional vector")
        if shape[1] != 32 // bits:
            raise VerifyException(f"expected vector register shape[1] = {32 // bits}")
        if shape[0] != self.tiles:
            raise VerifyException("expected vector register shape[0] and numTiles to match")
