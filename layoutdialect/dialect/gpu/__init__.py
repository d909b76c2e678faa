"""``gpu.shuffle``, MLIR's warp shuffle, which xDSL's ``gpu`` dialect lacks."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.gpu.ops import ShuffleModeAttr, ShuffleOp

__all__ = ["GPU_EXT"]

GPU_EXT = Dialect("gpu_ext", [ShuffleOp], [ShuffleModeAttr])
