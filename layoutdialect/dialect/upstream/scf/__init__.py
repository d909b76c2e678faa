"""``scf`` as MLIR reads, verifies and prints it: xDSL's ops, with ``scf.if``, ``scf.for``,
``scf.while`` and ``scf.execute_region`` taking MLIR's spellings and checks (see ``ops``)."""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import Dialect

from layoutdialect.dialect.upstream.scf.ops import ExecuteRegionOp, ForOp, IfOp, WhileOp

__all__ = ["SCF"]

_SPELLED_AS_MLIR = {op.name: op for op in (IfOp, ForOp, WhileOp, ExecuteRegionOp)}

SCF = Dialect(
    "scf",
    [_SPELLED_AS_MLIR.get(op.name, op) for op in scf.Scf.operations],
    list(scf.Scf.attributes),
)
