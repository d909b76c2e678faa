"""``ttng``: the Triton NVIDIA GPU ops: Hopper's warp-group dots, mbarriers, TMA copies and
Blackwell's tensor memory."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.ttng import barriers, packed_arith, tensor_memory, tma
from layoutdialect.dialect.ttng.ops import WarpGroupDotOp, WarpGroupDotWaitOp

__all__ = ["TTNG"]

TTNG = Dialect(
    "ttng",
    [WarpGroupDotOp, WarpGroupDotWaitOp, *barriers.OPS, *tma.OPS, *tensor_memory.OPS, *packed_arith.OPS],
    [*barriers.ATTRIBUTES, *tma.ATTRIBUTES, *tensor_memory.ATTRIBUTES, *packed_arith.ATTRIBUTES],
)
