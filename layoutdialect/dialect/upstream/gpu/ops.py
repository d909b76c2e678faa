"""``gpu.shuffle``, which xDSL's ``gpu`` dialect lacks, with MLIR's upstream syntax, and
``gpu.barrier`` in its custom form, which xDSL's only reads generically.

    %r, %valid = gpu.shuffle xor %v, %offset, %width : i32

Lane ``l`` of a warp reads ``%v`` from lane ``l ^ offset`` (``xor``), ``offset``
(``idx``), ``l - offset`` (``up``) or ``l + offset`` (``down``); ``%valid`` says
whether that lane lies within the first ``width`` lanes (otherwise ``%r`` is
``l``'s own value), as PTX ``shfl.sync``.  Both join xDSL's ops in this package's ``gpu``
dialect (``upstream.gpu.GPU``), which ``load_dialects`` loads in place of xDSL's.
"""

from __future__ import annotations

from enum import auto
from typing import ClassVar

from xdsl.dialects import gpu
from xdsl.dialects.builtin import I32, i1
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    VarConstraint,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.str_enum import StrEnum

__all__ = ["BarrierOp", "ShuffleMode", "ShuffleModeAttr", "ShuffleOp"]


class ShuffleMode(StrEnum):
    """Where each lane reads from."""

    XOR = auto()
    UP = auto()
    DOWN = auto()
    IDX = auto()


@irdl_attr_definition
class ShuffleModeAttr(EnumAttribute[ShuffleMode], SpacedOpaqueSyntaxAttribute):
    """``#gpu<shuffle_mode xor>``."""

    name = "gpu.shuffle_mode"


@irdl_op_definition
class ShuffleOp(IRDLOperation):
    """Exchange one value per lane within a warp (``shfl.sync``)."""

    name = "gpu.shuffle"

    T: ClassVar = VarConstraint("T", AnyAttr())
    mode = prop_def(ShuffleModeAttr)
    value = operand_def(T)
    offset = operand_def(I32)
    width = operand_def(I32)
    shuffle_result = result_def(T)
    valid = result_def(i1)

    assembly_format = "$mode $value `,` $offset `,` $width attr-dict `:` type($value)"
    traits = traits_def(Pure())

    def __init__(self, mode: ShuffleMode, value: SSAValue, offset: SSAValue, width: SSAValue) -> None:
        result_type: Attribute = value.type
        super().__init__(
            operands=[value, offset, width],
            result_types=[result_type, i1],
            properties={"mode": ShuffleModeAttr(mode)},
        )


@irdl_op_definition
class BarrierOp(gpu.BarrierOp):
    """``gpu.barrier``: every thread of the CTA waits here until all have arrived, and the
    shared-memory writes made before it are visible to all after it."""

    name = "gpu.barrier"

    assembly_format = "attr-dict"
