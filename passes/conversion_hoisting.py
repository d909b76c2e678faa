"""Hoisting a conversion that cannot be removed to where it runs less or pipelines better
(spec §5.2 step 4, after ``hoist_above_growth``).

``hoist_into_conditionals``: inside a loop, when the value a conversion reads comes
out of an ``scf.if`` and could be recomputed in the target layout along one branch
but not the other, the branch that can recomputes it and the other converts before
its yield, so the conversion runs only when that branch is taken.

``hoist_dot_operand``: a conversion to a ``dot_op`` layout feeding an MMA ``tt.dot``
later in the same loop body moves up through elementwise ops to the loads they
start from, so each load is followed directly by its conversion, the shape
Triton's pipeliner turns into an asynchronous copy and a shared-memory load.
"""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.ir import Block, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from layoutdialect.dialect.ops import ConvertLayoutOp
from layoutdialect.dialect.tt_memory import LoadOp
from layoutdialect.dialect.tt_ops import DotOp
from layoutdialect.encodings import DistributedEncoding, DotOperandEncoding

from .layout_ops import is_elementwise, is_mma, is_pure, tensor_encoding, with_encoding
from .rematerialisation import Rematerialiser, Slice, backward_slice, conversion_slice

__all__ = ["hoist_dot_operand", "hoist_into_conditionals"]


def _merge(found: Slice, more: Slice) -> bool:
    """Add ``more`` to ``found``; ``False`` if a value would need two layouts."""
    return all(found.setdefault(value, encoding) == encoding for value, encoding in more.items())


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
                if not all(_merge(found, s) for s in succeeded):
                    return
            elif not succeeded or not isinstance(branch.parent_op(), scf.ForOp):
                after_branch.append(value)
            else:
                failing = slices.index(None)
                yield_op, operand = edges[failing]
                into_branch.append((yield_op, operand, found[value]))
                if not _merge(found, succeeded[0]):
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


def _feeds_mma_dot_later(conversion: ConvertLayoutOp) -> bool:
    """Whether an MMA ``tt.dot`` follows the conversion in its block, so it post-dominates it
    (Triton's ``canBePipelined``, which looks in any parent op, not only loops)."""
    following = conversion.next_op
    while following is not None:
        if isinstance(following, DotOp) and (encoding := tensor_encoding(following.d)) is not None and is_mma(encoding):
            return True
        following = following.next_op
    return False


def _elementwise_slice(
    root: SSAValue, encoding: DistributedEncoding, block: Block | None
) -> tuple[Slice, list[SSAValue]]:
    """The pure elementwise ops in ``block`` and the constants ``root`` is computed from, down
    to loads in ``block``, each with ``encoding``, and the loaded values; empty if another op
    is in the way."""
    found: Slice = {}
    loads: list[SSAValue] = []
    queue = [root]
    while queue:
        value = queue.pop()
        if value in found or value in loads:
            continue
        owner = value.owner
        if isinstance(owner, arith.ConstantOp):
            found[value] = encoding
            continue
        if not isinstance(owner, Operation) or owner.parent_block() is not block:
            return {}, []
        if isinstance(owner, LoadOp):
            loads.append(value)
            continue
        found[value] = encoding
        if not (is_elementwise(owner) and is_pure(owner)) or len(owner.results) != 1:
            return {}, []
        queue.extend(o for o in owner.operands if tensor_encoding(o) is not None)
    return found, loads


def hoist_dot_operand(rematerialiser: Rematerialiser, conversion: ConvertLayoutOp) -> None:
    """Triton's ``hoistConvertDotOperand`` for one conversion, through elementwise ops."""
    target = tensor_encoding(conversion.result)
    if not isinstance(target, DotOperandEncoding) or not _feeds_mma_dot_later(conversion):
        return
    found, loads = _elementwise_slice(conversion.src, target, conversion.parent_block())
    if not found or not loads:
        return
    mapping: dict[SSAValue, SSAValue] = {}
    for value in loads:
        assert isinstance(value, OpResult)
        converted = ConvertLayoutOp(value, with_encoding(value.type, target))
        Rewriter.insert_op(converted, InsertPoint.after(value.op))
        mapping[value] = converted.result
    rematerialiser.rewrite_slice(found, conversion, mapping)
