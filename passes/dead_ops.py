"""Erasing dead pure ops: xDSL's ``region_dce``, with each op's purity asked once.

An op is *live* when it has an effect beyond its results (xDSL's
``would_be_trivially_dead`` says no) or when a live op reads one of its results;
every other op is erased.  Liveness is the least fixed point of that rule.
``region_dce`` finds it by sweeping each region's blocks in post order, ops last to
first, until a sweep changes nothing; here one walk finds the effectful ops and a
worklist follows operands back from them.  Both erase the same ops.

The difference is cost.  ``would_be_trivially_dead`` collects the op's memory
effects from its traits, some ten microseconds an op, and ``region_dce`` asks it
again for every op on every sweep (at least two) of every call; the passes here
run it after each round of folds, so a large kernel asked it millions of times.  An op without
regions keeps its traits and properties for its whole life, so its answer, and the
summary of its effects that an enclosing op's answer needs, are remembered (weakly,
so erased ops are forgotten).  An op with regions is asked once per call, since
rewrites between calls may add or remove the ops nested in it; its effects are
those of its children, whose summaries are at hand, rather than a walk through
xDSL's ``get_effects`` of its whole body.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from xdsl.ir import Operation, Region, SSAValue
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
from xdsl.transforms.dead_code_elimination import would_be_trivially_dead

__all__ = ["erase_dead_ops"]

_WOULD_BE_DEAD: WeakKeyDictionary[Operation, bool] = WeakKeyDictionary()


@dataclass(frozen=True)
class _Effects:
    """What an enclosing op's answer needs of an op's memory effects (xDSL's
    ``get_effects``): whether one is neither a read nor an allocation of a value, and
    the values it allocates."""

    beyond_reads: bool
    allocated: tuple[SSAValue, ...]


_UNKNOWN = _Effects(True, ())
"""Effects xDSL cannot tell (``get_effects`` is ``None``): as bad as a write."""

_EFFECTS: WeakKeyDictionary[Operation, _Effects] = WeakKeyDictionary()
_RECURSIVE = RecursiveMemoryEffect.get_effects.__func__  # type: ignore[attr-defined]


def _would_be_dead(op: Operation, with_regions: dict[Operation, _Effects]) -> bool:
    """Whether ``op`` has no effect but its results (xDSL's ``would_be_trivially_dead``).

    An op with regions is asked afresh on every call, as rewrites may have changed
    the ops in it; its effects are those of its children (``RecursiveMemoryEffect``),
    whose summaries are remembered, so asking does not walk its whole body again;
    ``with_regions`` holds the summaries of ops with regions during one call."""
    if not op.regions:
        known = _WOULD_BE_DEAD.get(op)
        if known is None:
            known = _WOULD_BE_DEAD[op] = would_be_trivially_dead(op)
        return known
    if op.has_trait(IsTerminator, value_if_unregistered=False):
        return False
    if op.has_trait(SymbolOpInterface, value_if_unregistered=False):
        return False
    effects = _effects_of(op, with_regions)
    return not effects.beyond_reads and all(op.is_ancestor(value.owner) for value in effects.allocated)


def _effects_of(op: Operation, with_regions: dict[Operation, _Effects]) -> _Effects:
    memo: MutableMapping[Operation, _Effects] = with_regions if op.regions else _EFFECTS
    known = memo.get(op)
    if known is None:
        known = memo[op] = _summary_of(op, with_regions)
    return known


def _summary_of(op: Operation, with_regions: dict[Operation, _Effects]) -> _Effects:
    """``get_effects(op)`` summed up, with the children's summaries for a recursive trait."""
    if not op.regions:
        return _summed(get_effects(op))
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


def _live_ops(region: Region) -> set[Operation]:
    """The live ops under ``region``: the effectful ones and, transitively, every op
    whose result a live op reads.

    Only ops of blocks reachable from their region's entry take part, as in
    ``region_dce``, whose sweeps never visit the others; the fixed point of its
    sweeps is this closure, found here in one walk and one worklist.
    """
    reachable: set[Operation] = set()
    worklist: list[Operation] = []
    with_regions: dict[Operation, _Effects] = {}
    regions = [region]
    while regions:
        first = regions.pop().first_block
        if first is None:
            continue
        for block in PostOrderIterator(first) if first.next_block is not None else (first,):
            for op in block.ops:
                reachable.add(op)
                regions.extend(op.regions)
                if not _would_be_dead(op, with_regions):
                    worklist.append(op)
    live = set(worklist)
    while worklist:
        for operand in worklist.pop().operands:
            definer = operand.owner
            if definer in reachable and definer not in live:
                live.add(definer)  # type: ignore[arg-type]  # a reachable owner is an op
                worklist.append(definer)  # type: ignore[arg-type]
    return live


def _erase_unmarked(region: Region, live: set[Operation], listener: PatternRewriterListener | None) -> bool:
    first = region.first_block
    if first is None:
        return False
    erased = False
    for block in reversed(region.blocks):
        if block is not first and not any(op in live for op in block.ops):
            region.erase_block(block, safe_erase=False)
            erased = True
            continue
        for op in reversed(block.ops):
            if op in live:
                for nested in op.regions:
                    erased |= _erase_unmarked(nested, live, listener)
                continue
            if listener is not None:
                listener.handle_operation_removal(op)
            block.erase_op(op, safe_erase=False)
            erased = True
    return erased


def erase_dead_ops(region: Region, listener: PatternRewriterListener | None = None) -> bool:
    """Erase every op under ``region`` that is not live; whether anything was erased.

    A drop-in for ``region_dce`` (also as a walker's ``post_walk_func``).
    """
    return _erase_unmarked(region, _live_ops(region), listener)
