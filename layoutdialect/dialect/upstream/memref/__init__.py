"""``memref`` as conversions use it: xDSL's ops, with ``memref.extract_aligned_pointer_as_index``
in MLIR's custom form."""

from __future__ import annotations

from xdsl.dialects import memref
from xdsl.ir import Dialect

from layoutdialect.dialect.upstream.memref.ops import ExtractAlignedPointerAsIndexOp

__all__ = ["MEMREF"]

MEMREF = Dialect(
    "memref",
    [op for op in memref.MemRef.operations if op.name != ExtractAlignedPointerAsIndexOp.name]
    + [ExtractAlignedPointerAsIndexOp],
    list(memref.MemRef.attributes),
)
