"""Hoisting a conversion that cannot be removed to where it runs less or pipelines better
(Triton's ``hoistConvertOnTopOfExtOrBroadcast``, after ``hoist_above_growth``).

``hoist_into_conditionals``: inside a loop, when the value a conversion reads comes
out of an ``scf.if`` and could be recomputed in the target layout along one branch
but not the other, the branch that can recomputes it and the other converts before
its yield, so the conversion runs only when that branch is taken.

``hoist_dot_operand``: a conversion to a ``dot_op`` layout feeding an MMA dot later
in the same block moves up through the ops that move no data between threads
(elementwise ops, broadcasts, views, fp4 unpacking) to the loads they start from,
so each load is followed directly by its conversion, the shape Triton's pipeliner
turns into an asynchronous copy and a shared-memory load.
"""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from layoutdialect.dialect.tt.dot_scaled import DotScaledOp
from layoutdialect.dialect.tt.memory import LoadOp
from layoutdialect.dialect.tt.ops import DotOp
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.dialect.ttng.ops import WarpGroupDotOp
from layoutdialect.encodings import DistributedEncoding, DotOperandEncoding
from layoutdialect.passes.remove_redundant_conversions.op_roles import (
    infer_source_encoding,
    is_mma,
    layout_operands,
    moves_no_data,
    tensor_encoding,
    with_encoding,
)
from layoutdialect.passes.remove_redundant_conversions.rematerialisation import (
    Rematerialiser,
    Slice,
    backward_slice,
    conversion_slice,
    merge_slices,
)

__all__ = ["hoist_dot_operand", "hoist_into_conditionals"]


def _yield_operand(branch: scf.IfOp, region_index: int, result_index: int) -> tuple[Operation, SSAValue]:
    region = (branch.true_region, branch.false_region)[region_index]
    terminator = region.block.last_op
    assert terminator is not None
    return terminator, terminator.operands[result_index]


def hoist_into_conditionals(rematerialiser: Rematerialiser, conversion: ConvertLayoutOp) -> None:
    """Triton's ``hoistConvertIntoConditionals`` for one conversion."""
    found = conversion_slice(conversion, stop_at_branches=True)
    if found is None:
        return
    into_branch: list[tuple[Operation, SSAValue, DistributedEncoding]] = []
    after_branch: list[OpResult] = []
    visited: set[SSAValue] = set()
    pending = True
    while pending:
        pending = False
        for value in [v for v in found if isinstance(v.owner, scf.IfOp) and v not in visited]:
            visited.add(value)
            pending = True
            branch = value.owner
            assert isinstance(branch, scf.IfOp) and isinstance(value, OpResult)
            edges = [_yield_operand(branch, side, value.index) for side in (0, 1)]
            slices = [backward_slice(operand, found[value], user, stop_at_branches=True) for user, operand in edges]
            succeeded = [s for s in slices if s is not None]
            if len(succeeded) == 2:
                if not all(merge_slices(found, s) for s in succeeded):
                    return
            elif not succeeded or not isinstance(branch.parent_op(), scf.ForOp):
                after_branch.append(value)
            else:
                failing = slices.index(None)
                yield_op, operand = edges[failing]
                into_branch.append((yield_op, operand, found[value]))
                if not merge_slices(found, succeeded[0]):
                    return
    if not into_branch:
        return
    mapping: dict[SSAValue, SSAValue] = {}
    for value in after_branch:
        converted = ConvertLayoutOp(value, with_encoding(value.type, found.pop(value)))
        Rewriter.insert_op(converted, InsertPoint.after(value.op))
        mapping[value] = converted.result
    for yield_op, operand, encoding in into_branch:
        converted = ConvertLayoutOp(operand, with_encoding(operand.type, encoding))
        Rewriter.insert_op(converted, InsertPoint.before(yield_op))
        mapping[operand] = converted.result
    rematerialiser.rewrite_slice(found, conversion, mapping)


DOT_LIKE = (DotOp, DotScaledOp, WarpGroupDotOp)


def _feeds_mma_dot_later(conversion: ConvertLayoutOp) -> bool:
    """Whether a dot whose first operand has a ``dot_op`` encoding of an MMA parent follows
    the conversion in its block, so it post-dominates it (Triton's ``canBePipelined``,
    which looks in any parent op, not only loops)."""
    following = conversion.next_op
    while following is not None:
        if isinstance(following, DOT_LIKE):
            operand = tensor_encoding(following.operands[0])
            if isinstance(operand, DotOperandEncoding) and is_mma(operand.parent):
                return True
        following = following.next_op
    return False


def _thread_local_slice(root: SSAValue, encoding: DistributedEncoding) -> tuple[Slice, Slice]:
    """The ops ``root`` is computed from without data moving between threads, each with the
    layout it needs for ``root`` to come out in ``encoding``, down to loads and constants;
    also the loaded values with theirs.  Empty if anything else (an argument, a reduction, a layout
    conflict) is in the way."""
    found: Slice = {}
    loads: dict[SSAValue, DistributedEncoding] = {}
    queue = [(root, encoding)]
    while queue:
        value, target = queue.pop()
        if tensor_encoding(value) == target:
            continue
        if found.get(value, target) != target or loads.get(value, target) != target:
            return {}, {}
        if value in found or value in loads:
            continue
        owner = value.owner
        if isinstance(owner, LoadOp):
            loads[value] = target
            continue
        if not isinstance(owner, Operation):
            return {}, {}
        # Every result of a multi-result op (an inline asm's pair) takes the same layout.
        for result in owner.results:
            if found.setdefault(result, target) != target:
                return {}, {}
        if isinstance(owner, arith.ConstantOp):
            continue
        source = infer_source_encoding(owner, target) if moves_no_data(owner) else None
        if source is None:
            return {}, {}
        queue.extend((o, source) for o in layout_operands(owner))
    return found, loads


def hoist_dot_operand(rematerialiser: Rematerialiser, conversion: ConvertLayoutOp) -> None:
    """Triton's ``hoistConvertDotOperand`` for one conversion, through elementwise ops."""
    target = tensor_encoding(conversion.result)
    if not isinstance(target, DotOperandEncoding) or not _feeds_mma_dot_later(conversion):
        return
    found, loads = _thread_local_slice(conversion.src, target)
    if not found:
        return
    mapping: dict[SSAValue, SSAValue] = {}
    for value, encoding in loads.items():
        assert isinstance(value, OpResult)
        converted = ConvertLayoutOp(value, with_encoding(value.type, encoding))
        Rewriter.insert_op(converted, InsertPoint.after(value.op))
        mapping[value] = converted.result
    rematerialiser.rewrite_slice(found, conversion, mapping)
