"""``amdg``: Triton's AMD GPU dialect: buffer loads and stores, asynchronous copies, slices
and concatenations of tensors, and AMD's barriers."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.amdg.ops import ATTRIBUTES, OPS

__all__ = ["AMDG"]

AMDG = Dialect("amdg", OPS, ATTRIBUTES)
