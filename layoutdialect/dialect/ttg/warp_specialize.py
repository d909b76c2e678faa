"""Warp specialisation: ``ttg.warp_specialize`` with its partition regions,
``ttg.warp_yield`` and ``ttg.warp_return``."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

__all__ = ["ATTRIBUTES", "OPS"]

OPS: list[type[Operation]] = []
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""
