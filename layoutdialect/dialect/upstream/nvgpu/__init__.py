"""``nvgpu`` as conversions use it: upstream MLIR's ``nvgpu.ldmatrix`` (xDSL has no ``nvgpu``)."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.upstream.nvgpu.ops import SHARED_MEMORY_SPACE, LdMatrixOp, is_shared_memory_space

__all__ = ["NVGPU", "SHARED_MEMORY_SPACE", "LdMatrixOp", "is_shared_memory_space"]

NVGPU = Dialect("nvgpu", [LdMatrixOp], [])
