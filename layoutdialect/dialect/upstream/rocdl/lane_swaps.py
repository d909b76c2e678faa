"""CDNA4's register-lane swaps, as MLIR's ``rocdl`` spells them:

    %pair = rocdl.permlane32.swap %a, %b, false, false : (i32, i32) -> !llvm.struct<(i32, i32)>

``v_permlane32_swap_b32`` exchanges lanes 32-63 of ``%a`` with lanes 0-31 of ``%b``;
``v_permlane16_swap_b32`` the odd 16-lane rows of ``%a`` with the even rows of ``%b``.  The
result holds the new ``%a`` and ``%b`` (``llvm.extractvalue`` 0 and 1).  Seen as bits, one
swap transposes the register bit that tells ``%a`` from ``%b`` with lane bit 5 (or 4):
the word at (register ``x``, lane bit ``y``) moves to (register ``y``, lane bit ``x``).
The two flags are the intrinsic's ``fi`` (fetch inactive lanes) and ``bound_ctrl``.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import I32, BoolAttr, i32
from xdsl.dialects.llvm import LLVMStructType
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def, traits_def
from xdsl.traits import Pure

__all__ = ["LANE_SWAP_OPS", "SWAPPED_PAIR", "LaneSwapOp", "Permlane16SwapOp", "Permlane32SwapOp"]

SWAPPED_PAIR = LLVMStructType.from_type_list([i32, i32])
"""``!llvm.struct<(i32, i32)>``: the two words a swap returns."""


class LaneSwapOp(IRDLOperation):
    """A swap of lane bit ``LANE_BIT`` between two 32-bit words (see the module)."""

    LANE_BIT: ClassVar[int]

    first = operand_def(I32)
    second = operand_def(I32)
    fi = prop_def(BoolAttr)
    bound_control = prop_def(BoolAttr, prop_name="boundControl")
    res = result_def(LLVMStructType)

    assembly_format = (
        "$first `,` $second `,` $fi `,` $boundControl attr-dict `:` `(` type($first) `,` type($second) `)` "
        "`->` type($res)"
    )
    traits = traits_def(Pure())

    def __init__(self, first: SSAValue, second: SSAValue) -> None:
        super().__init__(
            operands=[first, second],
            properties={"fi": BoolAttr.from_bool(False), "boundControl": BoolAttr.from_bool(False)},
            result_types=[SWAPPED_PAIR],
        )


@irdl_op_definition
class Permlane16SwapOp(LaneSwapOp):
    """``v_permlane16_swap_b32``: transposes the pair's register bit with lane bit 4."""

    name = "rocdl.permlane16.swap"
    LANE_BIT: ClassVar[int] = 4


@irdl_op_definition
class Permlane32SwapOp(LaneSwapOp):
    """``v_permlane32_swap_b32``: transposes the pair's register bit with lane bit 5."""

    name = "rocdl.permlane32.swap"
    LANE_BIT: ClassVar[int] = 5


LANE_SWAP_OPS: dict[int, type[LaneSwapOp]] = {op.LANE_BIT: op for op in (Permlane16SwapOp, Permlane32SwapOp)}
"""The swap of each lane bit."""
