"""``gpu`` as conversions use it: xDSL's ops and attributes, with MLIR's warp shuffle
``gpu.shuffle`` (which xDSL's dialect lacks) added and ``gpu.barrier`` in its custom form."""

from __future__ import annotations

from xdsl.dialects import gpu
from xdsl.ir import Dialect

from layoutdialect.dialect.upstream.gpu.ops import BarrierOp, ShuffleModeAttr, ShuffleOp

__all__ = ["GPU"]

GPU = Dialect(
    "gpu",
    [op for op in gpu.GPU.operations if op.name not in (ShuffleOp.name, BarrierOp.name)] + [ShuffleOp, BarrierOp],
    [attr for attr in gpu.GPU.attributes if attr.name != ShuffleModeAttr.name] + [ShuffleModeAttr],
)
