"""``nvvm`` as conversions use it: upstream MLIR's ``nvvm.stmatrix`` and the attributes it
takes (xDSL has no ``nvvm``), and ``shared_pointer``, the ops making its address."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.nvvm.ops import (
    LdStMatrixEltType,
    LdStMatrixEltTypeAttr,
    LdStMatrixShapeAttr,
    MMALayout,
    MMALayoutAttr,
    StMatrixOp,
    shared_pointer,
)

__all__ = [
    "NVVM",
    "LdStMatrixEltType",
    "LdStMatrixEltTypeAttr",
    "LdStMatrixShapeAttr",
    "MMALayout",
    "MMALayoutAttr",
    "StMatrixOp",
    "shared_pointer",
]

NVVM = Dialect("nvvm", [StMatrixOp], [MMALayoutAttr, LdStMatrixShapeAttr, LdStMatrixEltTypeAttr])
