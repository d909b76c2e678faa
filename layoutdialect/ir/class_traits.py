"""The traits of an op class, asked once per class and kind."""

from __future__ import annotations

from functools import lru_cache

from xdsl.ir import Operation
from xdsl.traits import OpTrait

__all__ = ["class_trait"]


@lru_cache(maxsize=4096)
def class_trait(op_class: type[Operation], kind: type[OpTrait]) -> OpTrait | None:
    """``op_class.get_trait(kind)``, remembered per class: a class's traits never change,
    and ``get_trait`` runs an ABC ``isinstance`` per trait of the class, on hot paths
    (every op of a function, every fold).  Bounded, as each context makes its own
    classes for unregistered ops."""
    return op_class.get_trait(kind)
