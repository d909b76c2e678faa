"""AMD's cross-lane moves that lowered conversions use, as MLIR's ``rocdl`` spells them.

DPP (data-parallel primitives) moves a word between the lanes of each row of 16:

    %moved = rocdl.update.dpp %old, %src with 27, 15, 15, false : i32

``dppCtrl`` names the pattern: ``quad_perm`` (0x00-0xff: lane ``4q + i`` reads lane
``4q + (ctrl >> 2i & 3)``), ``row_ror:8`` (0x128: the row rotated by 8, lane ``i`` reads
``i ^ 8``), ``row_mirror`` (0x140: lane ``i`` reads ``i ^ 15``) and ``row_half_mirror``
(0x141: ``i ^ 7``); ``DPP_PATTERNS`` holds the ones the lowering writes on CDNA.  RDNA adds
``row_xmask:m`` (0x160 + m: lane ``i`` reads ``i ^ m`` within its row).  With all rows and
banks enabled (masks 15) every lane gets its word, so ``%old`` is never read.

RDNA's exchange across the two rows of 32 lanes:

    %moved = rocdl.permlanex16 %old, %src, %lo, %hi, false, true : i32, i32

``v_permlanex16_b32``: lane ``i`` of a row reads, from the other row of its 32 lanes, the
lane that nibble ``i`` of the selectors names (``%lo`` for lanes 0-7 of a row, ``%hi`` for
8-15); ``permlane_x16_selectors(m)`` makes it an XOR of the lane id by ``16 ^ m``.  The
flags are ``fi`` and ``bound_ctrl``, as Triton sets them.

CDNA4's register-lane swaps:

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

from xdsl.dialects.builtin import I32, BoolAttr, IntegerAttr, i32
from xdsl.dialects.llvm import LLVMStructType
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def, traits_def
from xdsl.traits import Pure

__all__ = [
    "DPP_PATTERNS",
    "LANE_SWAP_OPS",
    "SWAPPED_PAIR",
    "DppMoveOp",
    "LaneSwapOp",
    "Permlane16SwapOp",
    "Permlane32SwapOp",
    "PermlaneX16Op",
    "ROW_XMASK",
    "dpp_control",
    "permlane_x16_selectors",
    "row_xmask_control",
]

DPP_PATTERNS: dict[int, int] = {7: 0x141, 8: 0x128, 15: 0x140}
"""The row moves by the lane-id XOR they make: ``row_half_mirror``, ``row_ror:8``, ``row_mirror``."""

ALL_ROWS = 15
"""A row or bank mask that enables all four."""

ROW_XMASK = 0x160
"""The ``dppCtrl`` of ``row_xmask:0``; ``row_xmask:m`` is ``ROW_XMASK + m`` (RDNA)."""


def row_xmask_control(mask: int) -> int:
    """The ``dppCtrl`` of RDNA's one DPP move that XORs the lane id by ``mask`` (below 16).

    >>> hex(row_xmask_control(4))
    '0x164'
    """
    if not 0 < mask < 16:
        raise ValueError(f"row_xmask XORs the lane id by 1 to 15, not {mask}")
    return ROW_XMASK + mask


def permlane_x16_selectors(mask: int) -> tuple[int, int]:
    """The selector words of the ``v_permlanex16`` that XORs the lane id by ``16 ^ mask``
    (``mask`` below 16): nibble ``i`` names lane ``i ^ mask`` of the other row, for lanes
    0-7 and 8-15 of a row (Triton's ``emitPermlaneX16Xor``).

    >>> [hex(word) for word in permlane_x16_selectors(0)]
    ['0x76543210', '0xfedcba98']
    """
    if not 0 <= mask < 16:
        raise ValueError(f"v_permlanex16 XORs the lane id by 16 to 31, not {16 ^ mask}")
    return tuple(sum(((start + lane) ^ mask) << 4 * lane for lane in range(8)) for start in (0, 8))  # type: ignore[return-value]


def dpp_control(mask: int) -> int:
    """The ``dppCtrl`` of one DPP move that XORs the lane id by ``mask``: a row move (7, 8
    or 15) or a ``quad_perm`` (below 4).

    >>> hex(dpp_control(1)), hex(dpp_control(15))
    ('0xb1', '0x140')
    """
    if mask in DPP_PATTERNS:
        return DPP_PATTERNS[mask]
    if not 0 < mask < 4:
        raise ValueError(f"no single DPP move XORs the lane id by {mask}")
    return sum((lane ^ mask) << 2 * lane for lane in range(4))


@irdl_op_definition
class DppMoveOp(IRDLOperation):
    """``v_mov_b32_dpp``: each lane's word from the lane ``dppCtrl`` names in its row."""

    name = "rocdl.update.dpp"

    old = operand_def(I32)
    src = operand_def(I32)
    dpp_ctrl = prop_def(IntegerAttr[I32], prop_name="dppCtrl")
    row_mask = prop_def(IntegerAttr[I32], prop_name="rowMask")
    bank_mask = prop_def(IntegerAttr[I32], prop_name="bankMask")
    bound_ctrl = prop_def(BoolAttr, prop_name="boundCtrl")
    res = result_def(I32)

    assembly_format = "$old `,` $src `with` $dppCtrl `,` $rowMask `,` $bankMask `,` $boundCtrl attr-dict `:` type($res)"
    traits = traits_def(Pure())

    def __init__(self, src: SSAValue, control: int) -> None:
        super().__init__(
            operands=[src, src],
            properties={
                "dppCtrl": IntegerAttr(control, i32),
                "rowMask": IntegerAttr(ALL_ROWS, i32),
                "bankMask": IntegerAttr(ALL_ROWS, i32),
                "boundCtrl": BoolAttr.from_bool(False),
            },
            result_types=[i32],
        )


@irdl_op_definition
class PermlaneX16Op(IRDLOperation):
    """``v_permlanex16_b32``: each lane's word from the lane of the other row of its 32 that
    the selectors name (see the module)."""

    name = "rocdl.permlanex16"

    old = operand_def(I32)
    src = operand_def(I32)
    selector_low = operand_def(I32)
    selector_high = operand_def(I32)
    fi = prop_def(BoolAttr)
    bound_control = prop_def(BoolAttr, prop_name="boundControl")
    res = result_def(I32)

    assembly_format = (
        "$old `,` $src `,` $selector_low `,` $selector_high `,` $fi `,` $boundControl attr-dict `:` "
        "type($src) `,` type($selector_low)"
    )
    traits = traits_def(Pure())

    def __init__(self, src: SSAValue, selector_low: SSAValue, selector_high: SSAValue) -> None:
        super().__init__(
            operands=[src, src, selector_low, selector_high],
            properties={"fi": BoolAttr.from_bool(True), "boundControl": BoolAttr.from_bool(False)},
            result_types=[i32],
        )


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
