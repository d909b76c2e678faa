"""``gpu`` as conversions use it: xDSL's ops and attributes, with MLIR's warp shuffle
``gpu.shuffle`` (which xDSL's dialect lacks) added."""

from __future__ import annotations

from xdsl.dialects import gpu
from xdsl.ir import Dialect

from layoutdialect.dialect.gpu.ops import ShuffleModeAttr, ShuffleOp

__all__ = ["GPU"]

GPU = Dialect(
    "gpu",
    [op for op in gpu.GPU.operations if op.name != ShuffleOp.name] + [ShuffleOp],
    [attr for attr in gpu.GPU.attributes if attr.name != ShuffleModeAttr.name] + [ShuffleModeAttr],
)
