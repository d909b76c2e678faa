"""``rocdl`` as TTGIR uses it: the scheduling ops of Triton's AMD pipelines (xDSL has no
``rocdl``)."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.upstream.rocdl.ops import (
    SCHED_GROUP_MASKS,
    SBarrierOp,
    SchedBarrierOp,
    SetPrioOp,
    sched_group_mask_text,
)

__all__ = ["ROCDL", "SCHED_GROUP_MASKS", "SBarrierOp", "SchedBarrierOp", "SetPrioOp", "sched_group_mask_text"]

ROCDL = Dialect("rocdl", [SetPrioOp, SchedBarrierOp, SBarrierOp], [])
