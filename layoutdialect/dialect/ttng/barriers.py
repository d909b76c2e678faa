"""mbarriers and fences: ``ttng.init_barrier``, ``inval_barrier``, ``barrier_expect``,
``wait_barrier``, ``arrive_barrier`` and ``fence_async_shared``."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

__all__ = ["ATTRIBUTES", "OPS"]

OPS: list[type[Operation]] = []
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""
