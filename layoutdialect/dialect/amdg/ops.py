"""The ``amdg`` (Triton AMD GPU) ops that TTGIR for CDNA and RDNA uses."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

__all__ = ["ATTRIBUTES", "OPS"]

OPS: list[type[Operation]] = []
"""The ``amdg`` ops, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The ``amdg`` attributes and types."""
