"""Tensor descriptors: ``!tt.tensordesc``, ``tt.make_tensor_descriptor`` and the
``tt.descriptor_*`` loads, stores, gathers, scatters and reductions."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

__all__ = ["ATTRIBUTES", "OPS"]

OPS: list[type[Operation]] = []
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""
