"""What an op's memory effects are, and what CSE asks of them: whether an op between two
equal reads may write what they read.

An effect (xDSL's ``EffectInstance``) falls on a ``Resource``, MLIR's ``DefaultResource``
unless its trait names another.  MLIR's CSE (``CSEDriver::hasOtherSideEffectingOpInBetween``)
replaces a read-only op by an equal earlier one in its block unless an op between them
declares no effects, or writes a resource that is not disjoint from one the earlier op
reads.  Two resources are disjoint when neither is an ancestor of the other;
every resource here is a root of that hierarchy (xDSL's resources have no parent, and the
dialects' resources are roots as their owners declare them), so a write conflicts with a
read exactly when both fall on the same resource.  (MLIR also lets a pointer-based access
pass a write to a resource that is not addressable; every resource here is addressable.)
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from functools import lru_cache
from typing import ClassVar

from xdsl.ir import Operation
from xdsl.traits import (
    EffectInstance,
    MemoryAllocEffect,
    MemoryEffect,
    MemoryEffectKind,
    MemoryFreeEffect,
    MemoryReadEffect,
    MemoryWriteEffect,
    NoMemoryEffect,
    Resource,
    get_effects,
)

__all__ = ["FixedMemoryEffect", "effects_ignore_the_op", "resources_read", "resources_written", "write_between"]

Effects = AbstractSet[EffectInstance] | None
"""An op's effects, as xDSL's ``get_effects`` gives them: ``None`` where they are unknown."""


class FixedMemoryEffect(MemoryEffect):
    """An effect trait whose effects are its class's ``EFFECTS``, whatever the op."""

    EFFECTS: ClassVar[frozenset[EffectInstance]]

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance]:
        return cls.EFFECTS


_STATIC_EFFECTS = frozenset(
    kind.get_effects.__func__  # type: ignore[attr-defined]  # a classmethod
    for kind in (
        NoMemoryEffect,
        MemoryReadEffect,
        MemoryWriteEffect,
        MemoryAllocEffect,
        MemoryFreeEffect,
        FixedMemoryEffect,
    )
)
"""The ``get_effects`` of the effect traits that answer without looking at the op."""


@lru_cache(maxsize=4096)
def effects_ignore_the_op(op_class: type[Operation]) -> bool:
    """Whether every effect trait of ``op_class`` answers without looking at the op, so
    that all its ops without regions get one answer."""
    return all(
        type(trait).get_effects.__func__ in _STATIC_EFFECTS  # type: ignore[attr-defined]
        for trait in op_class.traits
        if isinstance(trait, MemoryEffect)
    )


def resources_read(effects: Effects) -> frozenset[Resource]:
    """The resources ``effects`` read (none where the effects are unknown)."""
    return frozenset(effect.resource for effect in effects or () if effect.kind is MemoryEffectKind.READ)


def resources_written(effects: Effects) -> frozenset[Resource] | None:
    """The resources ``effects`` write; ``None`` where the effects are unknown, as such an
    op may write any.  A write conflicts with a read of the same resource, and only that."""
    if effects is None:
        return None
    return frozenset(effect.resource for effect in effects if effect.kind is MemoryEffectKind.WRITE)


def write_between(earlier: Operation, later: Operation, effects: Callable[[Operation], Effects] = get_effects) -> bool:
    """Whether an op after ``earlier`` and before ``later`` (of one block) may write a
    resource that ``earlier`` reads, its effects asked of ``effects``: MLIR's
    ``hasOtherSideEffectingOpInBetween``, which keeps ``later`` from being replaced by
    ``earlier``."""
    assert earlier.parent is later.parent
    read = resources_read(effects(earlier))
    op = earlier.next_op
    while op is not later:
        assert op is not None, "the later op follows the earlier one in their block"
        written = resources_written(effects(op))
        if written is None or not written.isdisjoint(read):
            return True
        op = op.next_op
    return False
