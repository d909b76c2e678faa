"""``proton``: the ops of Triton's Proton profiler that mark scopes in a kernel (``proton.record``)."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.proton.ops import ATTRIBUTES, OPS

__all__ = ["PROTON"]

PROTON = Dialect("proton", OPS, ATTRIBUTES)
