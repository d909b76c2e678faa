"""``rocdl`` as TTGIR uses it: the scheduling ops and barriers of Triton's AMD pipelines and
the thread and workgroup ids (xDSL has no ``rocdl``)."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.upstream.rocdl.ops import (
    ID_OPS,
    SCHED_GROUP_MASKS,
    BarrierOp,
    SBarrierOp,
    SchedBarrierOp,
    SchedGroupMaskAttr,
    SetPrioOp,
    sched_group_mask_text,
)

__all__ = [
    "ID_OPS",
    "ROCDL",
    "SCHED_GROUP_MASKS",
    "BarrierOp",
    "SBarrierOp",
    "SchedBarrierOp",
    "SchedGroupMaskAttr",
    "SetPrioOp",
    "sched_group_mask_text",
]

ROCDL = Dialect("rocdl", [SetPrioOp, SchedBarrierOp, SBarrierOp, BarrierOp, *ID_OPS], [SchedGroupMaskAttr])
