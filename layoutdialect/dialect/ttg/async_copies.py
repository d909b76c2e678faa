"""Asynchronous copies into shared memory and the memdesc views around them:
``ttg.async_copy_global_to_local``, ``async_commit_group``, ``async_wait``,
``ttg.memdesc_index``, ``memdesc_subslice``, ``memdesc_reinterpret``,
``local_atomic_scatter_rmw``, ``global_scratch_alloc`` and ``ttg.barrier``."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

__all__ = ["ATTRIBUTES", "OPS"]

OPS: list[type[Operation]] = []
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""
