"""The ``rocdl`` scheduling ops that Triton's AMD pipelines (the ping-pong schedule of
``amdg``) write into TTGIR, with the syntax and checks of the MLIR Triton 3.9 builds on.

``rocdl.s.setprio 1`` raises the wavefront's issue priority; ``rocdl.sched.barrier valu|salu``
tells the backend's scheduler which instructions may cross it; ``rocdl.s.barrier`` is the
workgroup barrier, as is ``rocdl.barrier``.  None of these declares its effects, so passes
keep them where they are; the thread and workgroup ids (``rocdl.workitem.id.x : i32``,
``rocdl.workgroup.id.y : i32``) are pure.
"""

from __future__ import annotations

from typing import Self

from xdsl.dialects.builtin import I16, IntegerAttr, IntegerType, i16
from xdsl.ir import Data, SpacedOpaqueSyntaxAttribute
from xdsl.irdl import IRDLOperation, irdl_attr_definition, irdl_op_definition, prop_def, result_def, traits_def
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import Pure

__all__ = [
    "ID_OPS",
    "SCHED_GROUP_MASKS",
    "BarrierOp",
    "SBarrierOp",
    "SchedBarrierOp",
    "SchedGroupMaskAttr",
    "SetPrioOp",
    "sched_group_mask_text",
]

SCHED_GROUP_MASKS: dict[str, int] = {
    "none": 0,
    "non_mem_non_sideeffect": 1 << 0,
    "valu": 1 << 1,
    "salu": 1 << 2,
    "mfma_wmma": 1 << 3,
    "all_vmem": 1 << 4,
    "vmem_read": 1 << 5,
    "vmem_write": 1 << 6,
    "all_ds": 1 << 7,
    "ds_read": 1 << 8,
    "ds_write": 1 << 9,
    "transcendental": 1 << 10,
    "ldsdma": 1 << 11,
    "all": (1 << 12) - 1,
}
"""The instruction kinds a ``rocdl.sched.barrier`` lets cross it (LLVM's AMDGPU
``SCHED_BARRIER`` mask bits), in the order MLIR's ``SchedGroupMask`` lists and prints them."""

_I16_LOW, _I16_HIGH = -(1 << 15), (1 << 16) - 1
"""The literals an ``i16`` attribute takes: signed, or unsigned and wrapped (40000 is -25536)."""


def sched_group_mask_text(mask: int) -> str:
    """``mask`` as MLIR prints a bit enum: ``all`` when every bit is set, ``none`` for 0, else
    its bits' names in enum order joined by ``|``.

    >>> sched_group_mask_text(SCHED_GROUP_MASKS["salu"] | SCHED_GROUP_MASKS["valu"])
    'valu|salu'
    """
    if mask == SCHED_GROUP_MASKS["all"]:
        return "all"
    names = [name for name, bit in SCHED_GROUP_MASKS.items() if bit and bit != SCHED_GROUP_MASKS["all"] and mask & bit]
    return "|".join(names) or "none"


@irdl_op_definition
class SetPrioOp(IRDLOperation):
    """``rocdl.s.setprio 1``: the wavefront's priority from here on (``s_setprio``)."""

    name = "rocdl.s.setprio"

    priority = prop_def(IntegerAttr[I16])

    def __init__(self, priority: int) -> None:
        super().__init__(properties={"priority": IntegerAttr(priority, i16)})

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        start = parser.pos
        value = parser.parse_integer(allow_boolean=False)
        if not _I16_LOW <= value <= _I16_HIGH:
            parser.raise_error("integer constant out of range for attribute", start, parser.pos)
        op = cls((value + (1 << 15)) % (1 << 16) - (1 << 15))
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.priority.value.data}")
        printer.print_op_attributes(self.attributes)


def _parse_sched_group_mask(parser: AttrParser) -> int:
    """``valu|salu``: the kinds' bits or-ed together, or MLIR's message."""
    mask = 0
    while True:
        start = parser.pos
        name = parser.parse_optional_identifier()
        if name not in SCHED_GROUP_MASKS:
            got = "" if name is None else f", got: {name}"
            parser.raise_error(
                f"expected one of [{', '.join(SCHED_GROUP_MASKS)}] for instruction type mask for scheduling "
                f"barriers{got}",
                start,
                parser.pos,
            )
        mask |= SCHED_GROUP_MASKS[name]
        if parser.parse_optional_punctuation("|") is None:
            return mask


@irdl_attr_definition
class SchedGroupMaskAttr(Data[int], SpacedOpaqueSyntaxAttribute):
    """``#rocdl<sched_group_mask valu|salu>``: MLIR's ``SchedGroupMask`` bit enum, the kinds
    of instruction a scheduling barrier lets cross it."""

    name = "rocdl.sched_group_mask"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> int:
        return _parse_sched_group_mask(parser)

    def print_parameter(self, printer: Printer) -> None:
        printer.print_string(sched_group_mask_text(self.data))


@irdl_op_definition
class SchedBarrierOp(IRDLOperation):
    """``rocdl.sched.barrier valu|salu``: only these kinds of instruction may be scheduled
    across it (``none``: no instruction, ``all``: any)."""

    name = "rocdl.sched.barrier"

    mask = prop_def(SchedGroupMaskAttr)

    def __init__(self, mask: int) -> None:
        super().__init__(properties={"mask": SchedGroupMaskAttr(mask)})

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        op = cls(_parse_sched_group_mask(parser))
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {sched_group_mask_text(self.mask.data)}")
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class SBarrierOp(IRDLOperation):
    """``rocdl.s.barrier``: every wavefront of the workgroup waits here (``s_barrier``)."""

    name = "rocdl.s.barrier"

    assembly_format = "attr-dict"

    def __init__(self) -> None:
        super().__init__()


@irdl_op_definition
class BarrierOp(IRDLOperation):
    """``rocdl.barrier``: the workgroup barrier with the LDS fence before it."""

    name = "rocdl.barrier"

    assembly_format = "attr-dict"

    def __init__(self) -> None:
        super().__init__()


class _IdOp(IRDLOperation):
    """``%t = rocdl.workitem.id.x : i32``: one coordinate of this thread or of its workgroup."""

    result = result_def(IntegerType)

    assembly_format = "attr-dict `:` type($result)"
    traits = traits_def(Pure())


def _id_op(kind: str, axis: str) -> type[_IdOp]:
    """The op ``rocdl.<kind>.id.<axis>``."""
    name = f"rocdl.{kind}.id.{axis}"
    cls = type(f"{kind.capitalize()}Id{axis.upper()}Op", (_IdOp,), {"name": name, "__doc__": f"``{name}``"})
    return irdl_op_definition(cls)


ID_OPS: tuple[type[IRDLOperation], ...] = tuple(
    _id_op(kind, axis) for kind in ("workitem", "workgroup") for axis in ("x", "y", "z")
)
"""``rocdl.workitem.id.{x,y,z}`` (the thread's coordinates in its workgroup) and
``rocdl.workgroup.id.{x,y,z}`` (the workgroup's in the grid)."""
