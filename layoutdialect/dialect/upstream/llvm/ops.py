"""``llvm.intr.assume``, which Triton's passes write into TTGIR and xDSL's ``llvm`` dialect lacks."""

from __future__ import annotations

from xdsl.dialects.builtin import i1
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def

__all__ = ["AssumeOp"]


@irdl_op_definition
class AssumeOp(IRDLOperation):
    """``llvm.intr.assume %cond : i1``: the optimiser may take ``%cond`` to be true.  It has
    no results but is kept, as the fact it states is its effect."""

    name = "llvm.intr.assume"

    cond = operand_def(i1)

    assembly_format = "$cond `:` type($cond) attr-dict"

    def __init__(self, cond: SSAValue) -> None:
        super().__init__(operands=[cond])
