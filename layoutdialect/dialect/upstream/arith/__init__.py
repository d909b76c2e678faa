"""``arith`` as TTGIR uses it: xDSL's ops, with the casts, ``select`` and comparisons
taking tensors, as MLIR's do (xDSL's take scalars only)."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.ir import Dialect

from layoutdialect.dialect.upstream.arith.ops import TENSOR_CASTS, CmpfOp, CmpiOp, SelectOp

__all__ = ["ARITH"]

_TENSOR_OPS = [*TENSOR_CASTS, SelectOp, CmpiOp, CmpfOp]

ARITH = Dialect(
    "arith",
    [op for op in arith.Arith.operations if op.name not in {o.name for o in _TENSOR_OPS}] + _TENSOR_OPS,
    list(arith.Arith.attributes),
)
