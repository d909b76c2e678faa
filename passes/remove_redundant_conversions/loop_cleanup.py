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
from xdsl.ir import BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.transforms.dead_code_elimination import would_be_trivially_dead

from layoutdialect.ir.dead_ops import erase_dead_ops
from layoutdialect.ir.op_lists import ops_of_types

__all__ = ["branch_keeping", "rebuild_loop", "remove_dead_branch_results", "remove_dead_loop_values"]


def rebuild_loop(loop: scf.ForOp, iter_args: list[SSAValue], kept_results: list[int]) -> scf.ForOp:
    """A new loop over ``loop``'s body (whose arguments already match ``iter_args``) in its
    place, with its attributes (``tt.num_stages`` and the like); new result ``j`` takes
    over old result ``kept_results[j]``."""
    body = Region()
    loop.body.move_blocks(body)
    new = type(loop)(loop.lb, loop.ub, loop.step, iter_args, body)
    new.attributes.update(loop.attributes)
    Rewriter.insert_op(new, InsertPoint.before(loop))
    for old_index, new_result in zip(kept_results, new.results):
        loop.results[old_index].replace_all_uses_with(new_result)
    Rewriter.erase_op(loop)
    return new


def _dead_slots(loop: scf.ForOp) -> list[int]:
    """The slots of ``loop`` whose values nothing needs: Triton's
    ``ForOpDeadArgElimination``.  Values inside the loop become live from the yield
    operands of used results and the operands of ops with effects (an op that only reads
    has none), and liveness flows back through definitions: through a nested loop's
    result only to its init, its yield operand and its bounds, through an ``scf.if``
    result to its condition and yields, through a loop's induction variable to its
    bounds and through its other block arguments to their init and yield.  A
    yield operand left dead, defined in the loop and not its own argument, marks a dead
    slot.  A nested ``scf.while`` stops the analysis, as in Triton."""
    body = loop.body.block
    terminator = body.last_op
    assert terminator is not None
    used = [i for i, result in enumerate(loop.results) if result.uses]
    if len(used) == len(loop.results):
        return []
    alive: set[SSAValue] = set()
    queue: list[SSAValue] = []

    def mark(value: SSAValue) -> None:
        owner = value.owner
        op = owner if isinstance(owner, Operation) else owner.parent_op()
        if op is not None and loop.is_ancestor(op) and value not in alive:
            alive.add(value)
            queue.append(value)

    for index in used:
        mark(terminator.operands[index])
    for op in loop.body.walk():
        if not isinstance(op, scf.YieldOp | scf.ForOp) and not would_be_trivially_dead(op):
            for operand in op.operands:
                mark(operand)
    while queue:
        value = queue.pop()
        owner = value.owner
        if isinstance(owner, scf.WhileOp):
            return []
        if isinstance(owner, scf.ForOp):
            assert isinstance(value, OpResult)
            nested_yield = owner.body.block.last_op
            assert nested_yield is not None
            mark(owner.iter_args[value.index])
            mark(nested_yield.operands[value.index])
            for bound in (owner.lb, owner.ub, owner.step):
                mark(bound)
        elif isinstance(owner, scf.IfOp):
            assert isinstance(value, OpResult)
            mark(owner.cond)
            for region in (owner.true_region, owner.false_region):
                if region.blocks and (branch_yield := region.block.last_op) is not None:
                    mark(branch_yield.operands[value.index])
        elif isinstance(owner, Operation):
            for operand in owner.operands:
                mark(operand)
        elif isinstance(value, BlockArgument) and isinstance(carrier := owner.parent_op(), scf.ForOp):
            if value.index == 0:  # the induction variable: the loop's bounds
                for bound in (carrier.lb, carrier.ub, carrier.step):
                    mark(bound)
                continue
            carrier_yield = carrier.body.block.last_op
            assert carrier_yield is not None
            mark(carrier_yield.operands[value.index - 1])
            mark(carrier.iter_args[value.index - 1])
    return [
        index
        for index, operand in enumerate(terminator.operands)
        if operand not in alive and operand is not body.args[index + 1] and _defined_in_body(operand, loop)
    ]


def _defined_in_body(value: SSAValue, loop: scf.ForOp) -> bool:
    """Whether ``value`` is defined in ``loop``'s body itself (Triton refuses the others: a
    value from outside, yielded each trip, is the loop's result only when it runs)."""
    region = value.owner.parent_region() if isinstance(value, OpResult) else value.owner.parent
    return region is loop.body


def _drop_slots(loop: scf.ForOp, dead: list[int]) -> None:
    body = loop.body.block
    terminator = body.last_op
    assert terminator is not None
    keep = [i for i in range(len(loop.results)) if i not in dead]
    terminator.operands = [terminator.operands[i] for i in keep]
    erase_dead_ops(loop.body)
    for index in sorted(dead, reverse=True):
        argument = body.args[index + 1]
        argument.replace_all_uses_with(loop.iter_args[index])  # what a dead slot carries does not matter
        body.erase_arg(argument, safe_erase=False)
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
    """Drop every unused ``scf.if`` result under ``root`` (and its yielded values), the
    conditional keeping its attributes; ``True`` if any was dropped."""
    changed = False
    for branch in ops_of_types(root, [scf.IfOp]):
        keep = [i for i, result in enumerate(branch.results) if result.uses]
        if len(keep) == len(branch.results):
            continue
        new = branch_keeping(branch, keep)
        Rewriter.insert_op(new, InsertPoint.before(branch))
        for index, result in zip(keep, new.results):
            branch.results[index].replace_all_uses_with(result)
        Rewriter.erase_op(branch)
        changed = True
    return changed


def branch_keeping(branch: scf.IfOp, keep: list[int]) -> scf.IfOp:
    """A conditional of ``branch``'s class and attributes over its branches (moved out of
    it), yielding only its results ``keep``; not yet in ``branch``'s place."""
    regions = []
    for region in (branch.true_region, branch.false_region):
        if region.blocks and (terminator := region.block.last_op) is not None:
            terminator.operands = [terminator.operands[i] for i in keep]
        moved = Region()
        region.move_blocks(moved)
        regions.append(moved)
    new = type(branch)(branch.cond, [branch.results[i].type for i in keep], regions[0], regions[1])
    new.attributes.update(branch.attributes)
    return new
