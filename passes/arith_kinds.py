"""Names of ``arith`` ops by what they do to an element's width."""

from __future__ import annotations

__all__ = ["ARITH_EXTENSIONS"]

ARITH_EXTENSIONS = frozenset({"arith.extsi", "arith.extui", "arith.extf"})
"""Casts whose result element is wider than their operand's."""
