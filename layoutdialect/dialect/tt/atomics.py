"""Atomics and the remaining scalar and elementwise ``tt`` ops: ``tt.atomic_rmw``,
``tt.atomic_cas``, ``tt.get_num_programs``, ``tt.clampf``, ``tt.precise_sqrt``,
``tt.precise_divf``, ``tt.mulhiui``."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

__all__ = ["ATTRIBUTES", "OPS"]

OPS: list[type[Operation]] = []
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""
