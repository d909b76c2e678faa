"""``memref.extract_aligned_pointer_as_index`` in MLIR's custom form, which xDSL's reads only generically."""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType, MemRefType
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.traits import NoMemoryEffect

__all__ = ["ExtractAlignedPointerAsIndexOp"]


@irdl_op_definition
class ExtractAlignedPointerAsIndexOp(IRDLOperation):
    """``%intptr = memref.extract_aligned_pointer_as_index %view : memref<1024xi8, 3> -> index``:
    the address of the view's first element as an ``index`` (for a view in shared memory,
    an address in the shared state space)."""

    name = "memref.extract_aligned_pointer_as_index"

    source = operand_def(MemRefType)
    aligned_pointer = result_def(IndexType)

    assembly_format = "$source `:` type($source) `->` type(results) attr-dict"
    traits = traits_def(NoMemoryEffect())

    def __init__(self, source: SSAValue) -> None:
        super().__init__(operands=[source], result_types=[IndexType()])
