"""Common-subexpression elimination as xDSL's ``cse``, with MLIR's rule for reads and
keys cheap to hash.

xDSL's ``cse`` keys each op it knows by its name, attributes, properties, result
types and operands, and rehashes all of them (every tensor type down to its
encoding) on each lookup and each comparison: that was most of its time on a
kernel.  ``eliminate_common_subexpressions`` runs xDSL's own driver with a key
built once per lookup, in which each attribute and type stands for the number of
its value (``AttributeNumbers``): equal numbers exactly where xDSL's comparison
finds equal values, so the same ops are found equal.  Its step per op is xDSL's
restated, with each op class's memory effects asked once where the class's effect
traits ignore the op, as in dead-op erasure, and one difference: a read is kept from
an equal earlier one only by an op between them that may write a resource it reads,
as in MLIR's CSE (``memory_effects.write_between``), where xDSL's counts every write.
So a load of global memory is merged across a store to shared memory, as Triton's
passes merge it.

An op's key is taken when it is looked up or remembered; the driver defers every
erasure and replaces the uses of an op's results only when no remembered op uses
them, so a remembered op does not change while its key is in use.
"""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Set as AbstractSet
from typing import TypeVar

from xdsl.dialects.builtin import UnregisteredOp
from xdsl.ir import Block, Operation, Region
from xdsl.traits import EffectInstance, IsolatedFromAbove, IsTerminator, MemoryEffectKind, get_effects
from xdsl.transforms.common_subexpression_elimination import CSEDriver, KnownOps, OperationInfo
from xdsl.transforms.dead_code_elimination import is_trivially_dead

from layoutdialect.ir.attribute_numbers import AttributeNumbers
from layoutdialect.ir.memory_effects import effects_ignore_the_op, write_between

__all__ = ["eliminate_common_subexpressions"]

_Default = TypeVar("_Default")


class _NumberedInfo(OperationInfo):
    """``OperationInfo`` comparing and hashing one tuple of numbers and operands."""

    def __init__(self, op: Operation, numbers: AttributeNumbers) -> None:
        super().__init__(op)
        name = op.op_name.data if isinstance(op, UnregisteredOp) else op.name
        self.key: Hashable = (
            name,
            frozenset([(key, numbers(value)) for key, value in op.attributes.items()]),
            frozenset([(key, numbers(value)) for key, value in op.properties.items()]),
            tuple([numbers(result.type) for result in op.results]),
            tuple(op.operands),
        )
        self._hash = hash(self.key)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _NumberedInfo)
            and self._hash == other._hash
            and self.key == other.key
            and all(
                mine.is_structurally_equivalent(theirs)
                for mine, theirs in zip(self.op.regions, other.op.regions, strict=True)
            )
        )


class _NumberedKnownOps(KnownOps):
    """``KnownOps`` keyed by ``_NumberedInfo``, sharing one ``AttributeNumbers``."""

    _known_ops: dict[OperationInfo, Operation]

    def __init__(self, numbers: AttributeNumbers, known_ops: _NumberedKnownOps | None = None) -> None:
        self.numbers = numbers
        self._known_ops = {} if known_ops is None else dict(known_ops._known_ops)

    def _info(self, op: Operation) -> OperationInfo:
        return _NumberedInfo(op, self.numbers)

    def find(self, op: Operation) -> tuple[OperationInfo, Operation | None]:
        """``op``'s key and the known op equal to it, if any: the key serves ``remember``
        while ``op`` stays as it is."""
        info = self._info(op)
        return info, self._known_ops.get(info)

    def remember(self, info: OperationInfo, op: Operation) -> None:
        self._known_ops[info] = op

    def __getitem__(self, k: Operation) -> Operation:
        return self._known_ops[self._info(k)]

    def __setitem__(self, k: Operation, v: Operation) -> None:
        self._known_ops[self._info(k)] = v

    def __contains__(self, k: Operation) -> bool:
        return self._info(k) in self._known_ops

    def get(self, k: Operation, default: _Default = None) -> Operation | _Default:  # type: ignore[assignment]
        return self._known_ops.get(self._info(k), default)

    def pop(self, k: Operation) -> Operation:
        return self._known_ops.pop(self._info(k))


class _NumberedDriver(CSEDriver):
    """xDSL's driver, opening each scope of known ops as a ``_NumberedKnownOps`` (a
    nested region sees the ops known around it, an op that may be isolated from above,
    registered as such or unregistered, starts from none) and asking the memory effects
    of an op without regions once per class where the class's effect traits ignore the
    op (``effects_ignore_the_op``): xDSL collects them from the traits for every op."""

    def __init__(self) -> None:
        super().__init__()
        self.numbers = AttributeNumbers()
        self._known_ops = _NumberedKnownOps(self.numbers)
        self._effects_by_class: dict[type[Operation], AbstractSet[EffectInstance] | None] = {}

    def _effects(self, op: Operation) -> AbstractSet[EffectInstance] | None:
        """``get_effects(op)``, remembered per class for the ops without regions of the
        classes whose effect traits ignore the op."""
        op_class = op.__class__
        if op.regions or not effects_ignore_the_op(op_class):
            return get_effects(op)
        if op_class not in self._effects_by_class:
            self._effects_by_class[op_class] = get_effects(op)
        return self._effects_by_class[op_class]

    def _simplify_operation(self, op: Operation) -> None:
        """xDSL's: replace ``op`` by an equal known op in scope, or remember it; erase it
        if dead.  Terminators, ops with a multi-block region and ops with effects other
        than reads stay; a read is replaced only by one in its block, and only if no op
        between them may write a resource it reads."""
        if op.has_trait(IsTerminator):
            return
        if is_trivially_dead(op):
            self._mark_erasure(op)
            return
        if any(len(region.blocks) > 1 for region in op.regions):
            return
        effects = self._effects(op)
        reads_only = effects is not None and all(effect.kind == MemoryEffectKind.READ for effect in effects)
        if not reads_only:
            return
        known = self._known_ops
        assert isinstance(known, _NumberedKnownOps)
        info, existing = known.find(op)
        if existing is not None and (
            not effects  # free of effects
            or (op.parent_block() is existing.parent_block() and not write_between(existing, op, self._effects))
        ):
            self._replace_and_delete(op, existing)
            return
        known.remember(info, op)

    def _simplify_block(self, block: Block) -> None:
        for op in block.ops:
            if op.regions:
                if op.has_trait(IsolatedFromAbove, value_if_unregistered=True):
                    around, self._known_ops = self._known_ops, _NumberedKnownOps(self.numbers)
                    for region in op.regions:
                        self._simplify_region(region)
                    self._known_ops = around
                else:
                    for region in op.regions:
                        self._simplify_region(region)
            self._simplify_operation(op)

    def _simplify_region(self, region: Region) -> None:
        if len(region.blocks) != 1:
            return
        around = self._known_ops
        assert isinstance(around, _NumberedKnownOps)
        self._known_ops = _NumberedKnownOps(self.numbers, around)
        self._simplify_block(region.block)
        self._known_ops = around


def eliminate_common_subexpressions(thing: Operation | Block | Region) -> None:
    """Replace each op by an equal earlier one in scope and erase dead ops, as xDSL's
    ``cse(thing)`` does but for a read, which a write between keeps only where it may
    write what the read reads (as MLIR's CSE decides)."""
    _NumberedDriver().simplify(thing)
