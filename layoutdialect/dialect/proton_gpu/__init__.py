"""``proton_gpu``: Proton's GPU-level profiling ops, which read cycle counters and store
them in per-warp segments of a buffer in shared or global memory, and the
``!proton_gpu.segment`` type of those segments."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.proton_gpu.ops import ATTRIBUTES, OPS

__all__ = ["PROTON_GPU"]

PROTON_GPU = Dialect("proton_gpu", OPS, ATTRIBUTES)
