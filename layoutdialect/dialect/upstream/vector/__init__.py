"""``vector`` as conversions use it: xDSL's ops, with MLIR's ``vector.shape_cast`` added."""

from __future__ import annotations

from xdsl.dialects import vector
from xdsl.ir import Dialect

from layoutdialect.dialect.upstream.vector.ops import ShapeCastOp

__all__ = ["VECTOR", "ShapeCastOp"]

VECTOR = Dialect(
    "vector",
    [op for op in vector.Vector.operations if op.name != ShapeCastOp.name] + [ShapeCastOp],
    list(vector.Vector.attributes),
)
