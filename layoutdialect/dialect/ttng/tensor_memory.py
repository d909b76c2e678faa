"""Blackwell tensor memory: its encodings and memory space, ``ttng.tmem_*`` and the
``ttng.tc_gen5_mma`` family."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

__all__ = ["ATTRIBUTES", "OPS"]

OPS: list[type[Operation]] = []
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""
