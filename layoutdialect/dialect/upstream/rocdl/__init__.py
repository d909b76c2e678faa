"""``rocdl`` as TTGIR uses it: the scheduling ops and barriers of Triton's AMD pipelines and
the thread and workgroup ids (xDSL has no ``rocdl``); and the DPP moves, CDNA4's
register-lane swaps and its transposing LDS reads that lowered conversions use."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.upstream.rocdl.cross_lane import (
    LANE_SWAP_OPS,
    DppMoveOp,
    LaneSwapOp,
    Permlane16SwapOp,
    Permlane32SwapOp,
    PermlaneX16Op,
)
from layoutdialect.dialect.upstream.rocdl.lds import (
    TRANSPOSED_READ_OPS,
    DsReadTr8B64Op,
    DsReadTr16B64Op,
    TransposedReadOp,
)
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
    "LANE_SWAP_OPS",
    "TRANSPOSED_READ_OPS",
    "ROCDL",
    "SCHED_GROUP_MASKS",
    "BarrierOp",
    "DppMoveOp",
    "DsReadTr8B64Op",
    "DsReadTr16B64Op",
    "LaneSwapOp",
    "Permlane16SwapOp",
    "Permlane32SwapOp",
    "PermlaneX16Op",
    "SBarrierOp",
    "SchedBarrierOp",
    "SchedGroupMaskAttr",
    "SetPrioOp",
    "TransposedReadOp",
    "sched_group_mask_text",
]

ROCDL = Dialect(
    "rocdl",
    [
        SetPrioOp,
        SchedBarrierOp,
        SBarrierOp,
        BarrierOp,
        *ID_OPS,
        DppMoveOp,
        Permlane16SwapOp,
        Permlane32SwapOp,
        PermlaneX16Op,
        DsReadTr16B64Op,
        DsReadTr8B64Op,
    ],
    [SchedGroupMaskAttr],
)
