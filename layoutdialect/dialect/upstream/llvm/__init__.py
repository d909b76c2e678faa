"""``llvm`` as TTGIR uses it: xDSL's ops, with ``llvm.intr.assume`` added."""

from __future__ import annotations

from xdsl.dialects import llvm
from xdsl.ir import Dialect

from layoutdialect.dialect.upstream.llvm.ops import AssumeOp

__all__ = ["LLVM"]

LLVM = Dialect(
    "llvm",
    [op for op in llvm.LLVM.operations if op.name != AssumeOp.name] + [AssumeOp],
    list(llvm.LLVM.attributes),
)
