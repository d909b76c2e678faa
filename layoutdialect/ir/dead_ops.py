"""Erasing dead pure ops: xDSL's ``region_dce``, with each op's purity asked once.

An op is *live* when it has an effect beyond its results (xDSL's
``would_be_trivially_dead`` says no) or when a live op reads one of its results;
every other op is erased.  Liveness is the least fixed point of that rule.
``region_dce`` finds it by sweeping each region's blocks in post order, ops last to
first, until a sweep changes nothing; here one walk finds the effectful ops and a
worklist follows operands back from them, and where no region has a second block
(nearly always) the dead ops are erased from the list that walk made, without
walking the ops again.  Both erase the same ops.

The difference is cost.  ``would_be_trivially_dead`` collects the op's memory
effects from its traits, some ten microseconds an op, and ``region_dce`` asks it
again for every op on every sweep (at least two) of every call; the passes here run
it after each round of folds, so a large kernel asked it millions of times.  Here
each answer comes from a summary of the op's effects (``_Effects``).  An op without
regions keeps its traits and properties for its whole life, so its summary is
remembered: for its class, when the class's effect traits answer without looking at
the op (``Pure``, ``MemoryReadEffect``, ...: ``memory_effects.effects_ignore_the_op``),
else for the op (weakly, so erased ops are forgotten); within one call, such a class is
asked once for all its ops.  An op with regions is summed once per call, since rewrites
between calls may add or remove the ops nested in it, from its children's summaries
rather than a walk through xDSL's ``get_effects`` of its whole body.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import NamedTuple
from weakref import WeakKeyDictionary, ref

from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.post_order import PostOrderIterator
from xdsl.pattern_rewriter import PatternRewriterListener
from xdsl.traits import (
    EffectInstance,
    IsTerminator,
    MemoryEffect,
    MemoryEffectKind,
    RecursiveMemoryEffect,
    SymbolOpInterface,
    get_effects,
)

from layoutdialect.ir.class_traits import class_trait
from layoutdialect.ir.memory_effects import effects_ignore_the_op

__all__ = ["DeadOpErasure", "erase_dead_ops", "erase_dead_ops_and_tell"]


class _OpMemo:
    """Effect summaries per op, forgotten when the op is freed: ``WeakKeyDictionary``
    keyed by identity, since an op hashes through a Python call and a weak dictionary
    builds a new weak reference on every lookup."""

    def __init__(self) -> None:
        self._entries: dict[int, tuple[ref[Operation], _Effects]] = {}

    def get(self, op: Operation) -> _Effects | None:
        entry = self._entries.get(id(op))
        return entry[1] if entry is not None and entry[0]() is op else None

    def __setitem__(self, op: Operation, effects: _Effects) -> None:
        key, entries = id(op), self._entries

        def forget(dead: ref[Operation]) -> None:
            if (entry := entries.get(key)) is not None and entry[0] is dead:
                del entries[key]

        entries[key] = (ref(op, forget), effects)


@dataclass(frozen=True)
class _Effects:
    """What an enclosing op's answer needs of an op's memory effects (xDSL's
    ``get_effects``): whether one is neither a read nor an allocation of a value, and
    the values it allocates."""

    beyond_reads: bool
    allocated: tuple[SSAValue, ...]


_UNKNOWN = _Effects(True, ())
"""Effects xDSL cannot tell (``get_effects`` is ``None``): as bad as a write."""

_EFFECTS = _OpMemo()
_EFFECTS_BY_CLASS: WeakKeyDictionary[type[Operation], _Effects] = WeakKeyDictionary()
"""(Weakly: each context makes its own classes for unregistered ops.)"""
_RECURSIVE = RecursiveMemoryEffect.get_effects.__func__  # type: ignore[attr-defined]


def _would_be_dead(op: Operation, with_regions: dict[Operation, _Effects]) -> bool:
    """Whether ``op`` has no effect but its results: xDSL's ``would_be_trivially_dead``
    (not a terminator, not a symbol, and only reads, or allocates what it defines),
    answered from the summary of its effects."""
    op_class = op.__class__
    if class_trait(op_class, IsTerminator) is not None or class_trait(op_class, SymbolOpInterface) is not None:
        return False
    effects = _effects_of(op, with_regions)
    return not effects.beyond_reads and all(op.is_ancestor(value.owner) for value in effects.allocated)


def _effects_of(op: Operation, with_regions: dict[Operation, _Effects]) -> _Effects:
    """The summary of ``op``'s effects.  An op without regions keeps its answer: for its
    class when the class's effect traits ignore the op (a kernel's clones and rewrites
    keep making new ops of a few classes), else for the op.  An op with regions is
    summed afresh on every call, as rewrites may have changed the ops in it, from its
    children's summaries; ``with_regions`` holds those sums during one call."""
    if op.regions:
        known = with_regions.get(op)
        if known is None:
            known = with_regions[op] = _summary_of(op, with_regions)
        return known
    op_class = op.__class__
    if effects_ignore_the_op(op_class):
        known = _EFFECTS_BY_CLASS.get(op_class)
        if known is None:
            known = _EFFECTS_BY_CLASS[op_class] = _summed(get_effects(op))
        return known
    known = _EFFECTS.get(op)
    if known is None:
        known = _EFFECTS[op] = _summed(get_effects(op))
    return known


def _summary_of(op: Operation, with_regions: dict[Operation, _Effects]) -> _Effects:
    """``get_effects(op)`` for an op with regions, summed up, with the children's
    summaries for a recursive trait."""
    traits = op.get_traits_of_type(MemoryEffect)  # type: ignore[type-abstract]  # as xDSL's get_effects asks
    if not traits:
        return _UNKNOWN
    parts: list[_Effects] = []
    for trait in traits:
        if type(trait).get_effects.__func__ is _RECURSIVE:  # type: ignore[attr-defined]  # a classmethod
            for region in op.regions:
                for block in region.blocks:
                    parts += [_effects_of(child, with_regions) for child in block.ops]
        else:
            parts.append(_summed(trait.get_effects(op)))
    if any(part is _UNKNOWN for part in parts):
        return _UNKNOWN
    return _Effects(any(part.beyond_reads for part in parts), tuple(v for part in parts for v in part.allocated))


def _summed(effects: AbstractSet[EffectInstance] | None) -> _Effects:
    if effects is None:
        return _UNKNOWN
    beyond_reads = False
    allocated = []
    for effect in effects:
        if effect.kind == MemoryEffectKind.ALLOC and isinstance(effect.value, SSAValue):
            allocated.append(effect.value)
        elif effect.kind != MemoryEffectKind.READ:
            beyond_reads = True
    return _Effects(beyond_reads, tuple(allocated))


class _Liveness(NamedTuple):
    """What ``_live_ops`` found under a region."""

    live: set[int]
    """The ``id`` of each live op (ids, as an op hashes through a Python call)."""
    walked: list[tuple[Operation, Operation | None]]
    """Each op of a reachable block, with the op whose region holds it (``None`` at the
    top), every op before the ops nested in it."""
    single_blocks: bool
    """Whether every region walked has at most one block."""


def _live_ops(region: Region) -> _Liveness:
    """The live ops under ``region``: the effectful ones and, transitively, every op
    whose result a live op reads.

    Only ops of blocks reachable from their region's entry take part, as in
    ``region_dce``, whose sweeps never visit the others; the fixed point of its
    sweeps is this closure, found here in one walk and one worklist.
    """
    walked: list[tuple[Operation, Operation | None]] = []
    reachable: set[int] = set()
    worklist: list[Operation] = []
    with_regions: dict[Operation, _Effects] = {}
    by_class: dict[type[Operation], bool] = {}
    """Whether an op of a class is dead, for the ops without regions of the classes whose
    effect traits ignore the op: asked once per class, not once per op."""
    single_blocks = True
    regions: list[tuple[Region, Operation | None]] = [(region, None)]
    while regions:
        nested, owner = regions.pop()
        first = nested.first_block
        if first is None:
            continue
        if first.next_block is not None:
            single_blocks = False
        for block in PostOrderIterator(first) if first.next_block is not None else (first,):
            for op in block.ops:
                reachable.add(id(op))
                walked.append((op, owner))
                if op.regions:
                    regions.extend((inner, op) for inner in op.regions)
                    dead = _would_be_dead(op, with_regions)
                else:
                    op_class = op.__class__
                    known = by_class.get(op_class)
                    if known is None:
                        known = _would_be_dead(op, with_regions)
                        if effects_ignore_the_op(op_class):
                            by_class[op_class] = known
                    dead = known
                if not dead:
                    worklist.append(op)
    live = {id(op) for op in worklist}
    while worklist:
        for operand in worklist.pop().operands:
            definer = operand.owner
            if id(definer) in reachable and id(definer) not in live:
                live.add(id(definer))
                worklist.append(definer)  # type: ignore[arg-type]  # a reachable owner is an op
    return _Liveness(live, walked, single_blocks)


class DeadOpErasure(NamedTuple):
    """What one ``erase_dead_ops_and_tell`` did."""

    erased: bool
    """Whether any op or block was erased."""
    complete: bool
    """Whether no dead op can remain.  Only an erased op with regions can leave one: the
    ops in it were erased with it, live or not, and its terminators had kept live what
    they read, such as an op outside it read only in it.  So the erasure is complete
    unless an op outside an erased op with regions, read in it, has no use left."""


def _definers_read_inside(op: Operation) -> list[Operation]:
    """The ops outside ``op`` whose results the ops nested in ``op`` read."""
    return [
        owner
        for nested in op.walk()
        if nested is not op
        for operand in nested.operands
        if isinstance(owner := operand.owner, Operation) and not op.is_ancestor(owner)
    ]


def _erase(
    op: Operation, block: Block, listener: PatternRewriterListener | None, read_by_erased: list[Operation]
) -> None:
    """Erase the dead ``op`` from its ``block``, telling ``listener``; if it has regions, the
    ops outside it that its nested ops read go to ``read_by_erased``."""
    if listener is not None:
        listener.handle_operation_removal(op)
    if op.regions:
        read_by_erased += _definers_read_inside(op)
    block.erase_op(op, safe_erase=False)


def _erase_unmarked(
    region: Region, live: set[int], listener: PatternRewriterListener | None, read_by_erased: list[Operation]
) -> tuple[bool, bool]:
    """Erase the ops under ``region`` that are not in ``live``; whether any op or block was
    erased, and whether the erased blocks held no op with regions.  The ops that erased
    ops with regions read from outside go to ``read_by_erased``."""
    first = region.first_block
    if first is None:
        return False, True
    erased, complete = False, True
    for block in reversed(region.blocks):
        if block is not first and not any(id(op) in live for op in block.ops):
            complete = complete and not any(op.regions for op in block.ops)
            region.erase_block(block, safe_erase=False)
            erased = True
            continue
        for op in reversed(block.ops):
            if id(op) in live:
                for nested in op.regions:
                    inner_erased, inner_complete = _erase_unmarked(nested, live, listener, read_by_erased)
                    erased, complete = erased or inner_erased, complete and inner_complete
                continue
            _erase(op, block, listener, read_by_erased)
            erased = True
    return erased, complete


def _erase_dead(liveness: _Liveness, listener: PatternRewriterListener | None, read_by_erased: list[Operation]) -> bool:
    """``_erase_unmarked`` where no region has a second block (so none is erased): the
    ops that are not live, each but those inside one erased with it, erased from the
    last walked to the first (users before what they read, nested ops before their
    op's earlier neighbours), without walking the ops again; whether any was erased."""
    live = liveness.live
    gone: set[int] = set()
    """Each erased op with regions, and each op with regions erased with one."""
    dead: list[Operation] = []
    for op, owner in liveness.walked:
        if owner is not None and id(owner) in gone:
            if op.regions:
                gone.add(id(op))
        elif id(op) not in live:
            dead.append(op)
            if op.regions:
                gone.add(id(op))
    for op in reversed(dead):
        block = op.parent
        assert block is not None  # a walked op sits in a block
        _erase(op, block, listener, read_by_erased)
    return bool(dead)


def erase_dead_ops_and_tell(region: Region, listener: PatternRewriterListener | None = None) -> DeadOpErasure:
    """Erase every op under ``region`` that is not live, as ``region_dce`` does; tell
    whether anything was erased and whether a dead op may remain for another call.

    >>> from layoutdialect import make_context, parse_module
    >>> module = parse_module(
    ...     "tt.func @f(%a: f32, %n: index) {"
    ...     "  %outside = arith.addf %a, %a : f32"
    ...     "  %r = scf.for %i = %n to %n step %n iter_args(%s = %a) -> (f32) {"
    ...     "    %t = arith.addf %s, %outside : f32"
    ...     "    scf.yield %t : f32"
    ...     "  }"
    ...     "  tt.return"
    ...     "}", "f.mlir", make_context())
    >>> erase_dead_ops_and_tell(module.body)  # the loop goes; its yield kept %outside live
    DeadOpErasure(erased=True, complete=False)
    >>> erase_dead_ops_and_tell(module.body)
    DeadOpErasure(erased=True, complete=True)
    >>> erase_dead_ops_and_tell(module.body)
    DeadOpErasure(erased=False, complete=True)
    """
    liveness = _live_ops(region)
    read_by_erased: list[Operation] = []
    if liveness.single_blocks:
        erased, complete = _erase_dead(liveness, listener, read_by_erased), True
    else:
        erased, complete = _erase_unmarked(region, liveness.live, listener, read_by_erased)
    complete = complete and all(any(result.uses for result in op.results) for op in read_by_erased)
    return DeadOpErasure(erased, complete)


def erase_dead_ops(region: Region, listener: PatternRewriterListener | None = None) -> bool:
    """Erase every op under ``region`` that is not live; whether anything was erased.

    A drop-in for ``region_dce`` (also as a walker's ``post_walk_func``).
    """
    return erase_dead_ops_and_tell(region, listener).erased
