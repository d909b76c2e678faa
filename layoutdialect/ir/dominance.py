"""MLIR's dominance rule for SSA values: a value may only be used where its definition
has already run, on every path.

Within one block, an op's results are visible to the ops after it (and to the regions
nested in them); block arguments are visible to the whole block.  Across the blocks of
a region (``cf.br``, ``cf.cond_br``), the defining block must dominate the using block
in the region's control-flow graph; blocks no path reaches are exempt, as in MLIR.
A value is never visible outside the region that defines it.  The body of a
``builtin.module`` is a graph region, where order does not matter.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue

__all__ = ["dominance_violations"]


def _dominators(region: Region) -> dict[Block, set[Block]]:
    """Each reachable block's dominators (itself included), by the iterative data-flow
    algorithm over the region's successor edges."""
    entry = region.blocks.first
    if entry is None:
        return {}
    reachable: list[Block] = []
    stack, seen = [entry], {entry}
    while stack:
        block = stack.pop()
        reachable.append(block)
        terminator = block.last_op
        for successor in terminator.successors if terminator is not None else ():
            if successor not in seen:
                seen.add(successor)
                stack.append(successor)
    predecessors: dict[Block, list[Block]] = {block: [] for block in reachable}
    for block in reachable:
        terminator = block.last_op
        for successor in terminator.successors if terminator is not None else ():
            predecessors[successor].append(block)
    everything = set(reachable)
    dominators = {block: ({block} if block is entry else set(everything)) for block in reachable}
    changed = True
    while changed:
        changed = False
        for block in reachable:
            if block is entry:
                continue
            incoming = [dominators[p] for p in predecessors[block]]
            new = set.intersection(*incoming) | {block} if incoming else {block}
            if new != dominators[block]:
                dominators[block] = new
                changed = True
    return dominators


class _Dominance:
    """Dominance queries over one unchanging module, with each region's dominators and each
    block's op order computed once."""

    def __init__(self) -> None:
        self._cache: dict[Region, dict[Block, set[Block]]] = {}
        self._positions: dict[Block, dict[Operation, int]] = {}

    def _position(self, block: Block, op: Operation) -> int:
        """``op``'s index in ``block`` (xDSL's ``get_operation_index`` walks the block each time)."""
        positions = self._positions.get(block)
        if positions is None:
            positions = self._positions[block] = {block_op: index for index, block_op in enumerate(block.ops)}
        return positions[op]

    def _block_dominates(self, region: Region, definer: Block, user: Block) -> bool:
        if definer is user or len(region.blocks) == 1:
            return definer is user
        dominators = self._cache.get(region)
        if dominators is None:
            dominators = self._cache[region] = _dominators(region)
        return user not in dominators or definer in dominators[user]

    def visible(self, value: SSAValue, user: Operation) -> bool:
        """Whether ``value`` may be used by ``user``; a value the parser never saw defined
        (xDSL can leave one behind, e.g. ``scf.while (%a = %b, %b = ...)``) may not."""
        if not isinstance(value, BlockArgument | OpResult):
            return False
        block = value.block if isinstance(value, BlockArgument) else value.op.parent_block()
        if block is None:
            return False
        region = block.parent
        if region is None:
            return False
        ancestor = user
        while ancestor.parent_block() is not None and ancestor.parent_block().parent is not region:  # type: ignore[union-attr]
            parent = ancestor.parent_op()
            if parent is None:
                return False
            ancestor = parent
        ancestor_block = ancestor.parent_block()
        if ancestor_block is None or ancestor_block.parent is not region:
            return False
        if isinstance(region.parent, ModuleOp):
            return True
        if isinstance(value, OpResult) and ancestor_block is block:
            return value.op is not ancestor and self._position(block, value.op) < self._position(block, ancestor)
        return self._block_dominates(region, block, ancestor_block)


def dominance_violations(root: Operation) -> Iterator[tuple[Operation, int]]:
    """``(op, operand index)`` for every use under ``root`` that its definition does not
    dominate, in walk order."""
    dominance = _Dominance()
    for op in root.walk():
        for index, operand in enumerate(op.operands):
            if not dominance.visible(operand, op):
                yield op, index
