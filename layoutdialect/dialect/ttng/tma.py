"""TMA copies between global and shared memory: the ``ttng.async_tma_*`` ops."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

__all__ = ["ATTRIBUTES", "OPS"]

OPS: list[type[Operation]] = []
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""
