"""Remove loop-carried values nothing needs (Triton's ``ForOpDeadArgumentElimination``)
and unused ``scf.if`` results (part of MLIR's ``scf.if`` canonicalization).

A value carried by an ``scf.for`` is dead when the loop's result is unused and,
inside the body, the carried argument only feeds ops whose results end up back in
its own yield slot.  An argument yielded straight into a live slot (values rotated
through the loop) is live.  Rematerialisation and hoisting leave such values behind when
they add a copy in a new layout next to the old one.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.transforms.dead_code_elimination import would_be_trivially_dead

from layoutdialect.ir.op_lists import ops_of_types

__all__ = ["rebuild_loop", "remove_dead_branch_results", "remove_dead_loop_values"]


def rebuild_loop(loop: scf.ForOp, iter_args: list[SSAValue], kept_results: list[int]) -> scf.ForOp:
    """A new loop over ``loop``'s body (whose arguments already match ``iter_args``) in its
    place; new result ``j`` takes over old result ``kept_results[j]``."""
    body = Region()
    loop.body.move_blocks(body)
    new = scf.ForOp(loop.lb, loop.ub, loop.step, iter_args, body)
    Rewriter.insert_op(new, InsertPoint.before(loop))
    for old_index, new_result in zip(kept_results, new.results):
        loop.results[old_index].replace_all_uses_with(new_result)
    Rewriter.erase_op(loop)
    return new


def _live_ops(loop: scf.ForOp, live_slots: set[int]) -> set[Operation]:
    """Ops of the body that compute something a live slot or a side effect needs; as in
    Triton's ``ForOpDeadArgElimination``, an op that only reads memory (a load) has no
    effect of its own (MLIR's ``wouldOpBeTriviallyDead``)."""
    body = loop.body.block
    terminator = body.last_op
    assert terminator is not None
    live: set[Operation] = set()
    pending = [op for op in body.ops if op is not terminator and not would_be_trivially_dead(op)]
    pending += [
        o.owner for i, o in enumerate(terminator.operands) if i in live_slots and isinstance(o.owner, Operation)
    ]
    while pending:
        op = pending.pop()
        if op in live or op.parent_block() is not body:
            continue
        live.add(op)
        for inner in op.walk():
            for operand in inner.operands:
                owner = operand.owner
                if isinstance(owner, Operation):
                    ancestor = body.find_ancestor_op_in_block(owner)
                    if ancestor is not None:
                        pending.append(ancestor)
    return live


def _dead_slots(loop: scf.ForOp) -> list[int]:
    body = loop.body.block
    live_slots = {i for i, r in enumerate(loop.results) if r.uses}
    if len(live_slots) == len(loop.results):
        return []  # the live slots only grow
    while True:
        live = _live_ops(loop, live_slots)
        grown = set(live_slots)
        for index, arg in enumerate(body.args[1:]):
            if any(
                body.find_ancestor_op_in_block(use.operation) in live
                or (use.operation is body.last_op and use.index in live_slots)
                for use in arg.uses
            ):
                grown.add(index)
        if grown == live_slots:
            return [i for i in range(len(loop.results)) if i not in live_slots]
        live_slots = grown


def _drop_slots(loop: scf.ForOp, dead: list[int]) -> None:
    body = loop.body.block
    terminator = body.last_op
    assert terminator is not None
    keep = [i for i in range(len(loop.results)) if i not in dead]
    terminator.operands = [terminator.operands[i] for i in keep]
    live = _live_ops(loop, set(range(len(keep))))
    for op in reversed(list(body.ops)):
        if op is not terminator and op not in live:
            Rewriter.erase_op(op, safe_erase=False)
    for index in sorted(dead, reverse=True):
        body.erase_arg(body.args[index + 1], safe_erase=False)
    rebuild_loop(loop, [loop.iter_args[i] for i in keep], keep)


def remove_dead_loop_values(root: Operation) -> bool:
    """Drop every dead loop-carried value under ``root``; ``True`` if any was dropped."""
    changed = False
    for loop in ops_of_types(root, [scf.ForOp]):
        if loop.parent is None:
            continue
        if dead := _dead_slots(loop):
            _drop_slots(loop, dead)
            changed = True
    return changed


def remove_dead_branch_results(root: Operation) -> bool:
    """Drop every unused ``scf.if`` result under ``root`` (and its yielded values);
    ``True`` if any was dropped."""
    changed = False
    for branch in ops_of_types(root, [scf.IfOp]):
        keep = [i for i, result in enumerate(branch.results) if result.uses]
        if len(keep) == len(branch.results):
            continue
        regions = []
        for region in (branch.true_region, branch.false_region):
            if region.blocks and (terminator := region.block.last_op) is not None:
                terminator.operands = [terminator.operands[i] for i in keep]
            moved = Region()
            region.move_blocks(moved)
            regions.append(moved)
        new = scf.IfOp(branch.cond, [branch.results[i].type for i in keep], regions[0], regions[1])
        Rewriter.insert_op(new, InsertPoint.before(branch))
        for index, result in zip(keep, new.results):
            branch.results[index].replace_all_uses_with(result)
        Rewriter.erase_op(branch)
        changed = True
    return changed
