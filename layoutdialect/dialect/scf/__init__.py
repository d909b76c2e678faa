"""``scf`` as MLIR reads and prints it: xDSL's ops, with ``scf.if``, ``scf.for`` and
``scf.execute_region`` taking MLIR's spellings (see ``ops``)."""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import Dialect

from layoutdialect.dialect.scf.ops import ExecuteRegionOp, ForOp, IfOp

__all__ = ["SCF"]

_SPELLED_AS_MLIR = {op.name: op for op in (IfOp, ForOp, ExecuteRegionOp)}

SCF = Dialect(
    "scf",
    [_SPELLED_AS_MLIR.get(op.name, op) for op in scf.Scf.operations],
    list(scf.Scf.attributes),
)
