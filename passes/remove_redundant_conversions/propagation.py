"""Forward layout propagation (Triton's ``LayoutPropagation``).

Anchors pin a layout: function arguments, expensive loads and stores, dots and
reordering reshapes.  Each anchor's encoding flows to its users through
elementwise ops, reductions, scans (blocked only), reshapes, transposes, joins and
splits, a gather's indices, ``ttng.warp_group_dot_wait``, ``scf.for``, ``scf.while`` and ``scf.if``, and
through a conversion as its *source* encoding, which is what makes conversions vanish.
A value offered several encodings takes blocked if it comes from memory, else an MMA
layout, else the first offered.  Values are then retyped in place, and a conversion is
inserted only where a user needs the old layout.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects import scf
from xdsl.dialects.builtin import NoneAttr, TensorType
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from layoutdialect.dialect.semantics import layout_rule
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.tt.memory import LoadOp, StoreOp
from layoutdialect.dialect.tt.ops import ReduceOp
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.dialect.ttng.ops import WarpGroupDotWaitOp
from layoutdialect.encodings import BlockedEncoding, DistributedEncoding
from layoutdialect.passes.remove_redundant_conversions.op_roles import (
    infer_result_encoding,
    infer_source_encoding,
    is_layout_anchor,
    is_mma,
    propagates_forward,
    tensor_encoding,
    with_encoding,
)

__all__ = ["ConversionCache", "propagate_layouts"]


def _anchor_values(func: AnyFuncOp) -> Iterator[SSAValue]:
    yield from func.body.block.args
    for op in func.body.walk():
        if is_layout_anchor(op):
            yield from op.results


def _tied_values(use_owner: Operation, index: int) -> list[SSAValue]:
    """The values an operand at ``index`` of a region op, terminator or dot wait flows into."""
    if isinstance(use_owner, WarpGroupDotWaitOp):
        return [use_owner.results[index]]
    if isinstance(use_owner, scf.ForOp) and index >= 3:
        return [use_owner.body.block.args[index - 2], use_owner.results[index - 3]]
    if isinstance(use_owner, scf.WhileOp):
        return [use_owner.before_region.block.args[index]]
    if isinstance(use_owner, scf.ConditionOp) and index >= 1:
        loop = use_owner.parent_op()
        assert isinstance(loop, scf.WhileOp)
        return [loop.after_region.block.args[index - 1], loop.results[index - 1]]
    if isinstance(use_owner, scf.YieldOp):
        parent = use_owner.parent_op()
        if isinstance(parent, scf.IfOp):
            return [parent.results[index]]
        if isinstance(parent, scf.ForOp):
            return [parent.results[index], parent.body.block.args[index + 1]]
        if isinstance(parent, scf.WhileOp):
            return [parent.before_region.block.args[index]]
    return []


def _offered_encodings(func: AnyFuncOp) -> dict[SSAValue, list[DistributedEncoding]]:
    """Every encoding forward propagation offers each tensor value, in the order offered."""
    offered: dict[SSAValue, list[DistributedEncoding]] = {}
    worklist: list[SSAValue] = []
    for value in _anchor_values(func):
        if (encoding := tensor_encoding(value)) is not None:
            offered[value] = [encoding]
            worklist.append(value)
    anchors = {v for v in offered}

    def offer(value: SSAValue, encoding: DistributedEncoding | None) -> None:
        """Offer ``encoding`` to ``value``; a value in an encoding without a linear layout
        (``#gluon.auto_encoding``) keeps it, as its users may require it."""
        if encoding is None or not isinstance(value.type, TensorType) or value in anchors:
            return
        if tensor_encoding(value) is None and not isinstance(value.type.encoding, NoneAttr):
            return
        encodings = offered.setdefault(value, [])
        if encoding not in encodings:
            encodings.append(encoding)
            worklist.append(value)

    while worklist:
        value = worklist.pop()
        for use in list(value.uses):
            user = use.operation
            tied = _tied_values(user, use.index)
            for encoding in list(offered[value]):
                for target in tied:
                    offer(target, encoding)
                if propagates_forward(user, value):
                    for result in user.results:
                        offer(result, infer_result_encoding(user, encoding))
    return offered


def _resolve(value: SSAValue, encodings: list[DistributedEncoding]) -> DistributedEncoding:
    """Triton's ``resolveConflicts``: blocked for memory ops' values, else MMA, else the first."""
    from_memory = isinstance(value, OpResult) and isinstance(value.op, LoadOp | StoreOp)
    for encoding in encodings:
        if (from_memory and isinstance(encoding, BlockedEncoding)) or (not from_memory and is_mma(encoding)):
            return encoding
    return encodings[0]


class ConversionCache:
    """Conversions inserted after a value's definition, one per (value, encoding)."""

    def __init__(self) -> None:
        self._made: dict[tuple[SSAValue, DistributedEncoding], SSAValue] = {}

    def value_as(self, value: SSAValue, encoding: DistributedEncoding) -> SSAValue:
        """``value`` in ``encoding``: itself, or a conversion placed right after its definition."""
        if tensor_encoding(value) == encoding:
            return value
        key = (value, encoding)
        if key not in self._made:
            cvt = ConvertLayoutOp(value, with_encoding(value.type, encoding))
            Rewriter.insert_op(cvt, _after_definition(value))
            self._made[key] = cvt.result
        return self._made[key]


def _after_definition(value: SSAValue) -> InsertPoint:
    if isinstance(value, BlockArgument):
        block: Block = value.block
        return InsertPoint.at_start(block)
    assert isinstance(value, OpResult)
    return InsertPoint.after(value.op)


def _required_operand_encodings(
    op: Operation,
    retyped: set[Operation],
    original: dict[SSAValue, DistributedEncoding | None],
    layouts: dict[SSAValue, DistributedEncoding],
) -> list[DistributedEncoding | None]:
    """The encoding each operand of ``op`` must have once values were retyped (``None``: any);
    an op left alone needs the encodings its operands had before, except a reduction to
    scalars, whose operands all take the first propagated operand's layout."""
    if isinstance(op, ReduceOp) and not isinstance(op.results[0].type, TensorType):
        first = next((layouts[o] for o in op.operands if o in layouts), None)
        if first is not None:
            return [first for _ in op.operands]
    if isinstance(op, scf.ForOp):
        iter_types = [tensor_encoding(a) for a in op.body.block.args[1:]]
        return [None, None, None, *iter_types]
    if isinstance(op, scf.WhileOp):
        return [tensor_encoding(a) for a in op.before_region.block.args]
    if isinstance(op, scf.ConditionOp):
        loop = op.parent_op()
        assert isinstance(loop, scf.WhileOp)
        return [None, *(tensor_encoding(a) for a in loop.after_region.block.args)]
    if isinstance(op, scf.YieldOp) and isinstance(loop := op.parent_op(), scf.WhileOp):
        return [tensor_encoding(a) for a in loop.before_region.block.args]
    if isinstance(op, scf.YieldOp) and isinstance(op.parent_op(), scf.IfOp | scf.ForOp):
        parent = op.parent_op()
        assert parent is not None
        return [tensor_encoding(r) for r in parent.results]
    if isinstance(op, ConvertLayoutOp):
        return [None]
    if isinstance(op, WarpGroupDotWaitOp):
        return [tensor_encoding(r) for r in op.results]
    if op in retyped and (rule := layout_rule(op)) is not None and rule.forward:
        result = tensor_encoding(op.results[0])
        following = rule.layout_operands(op)
        # Triton's rewriteGenericOpInPlace: keep an operand's propagated layout when it is
        # what gave this result (join(split(x)) need not be x), else infer one backwards.
        source = next(
            (layouts[o] for o in following if o in layouts and infer_result_encoding(op, layouts[o]) == result),
            None,
        )
        if source is None and result is not None:
            source = infer_source_encoding(op, result)
        return [source if o in following else original.get(o, tensor_encoding(o)) for o in op.operands]
    return [original.get(o, tensor_encoding(o)) for o in op.operands]


def propagate_layouts(func: AnyFuncOp) -> bool:
    """Give every value the layout its anchors propagate to it, converting only where
    needed; whether any value's layout changed."""
    offered = _offered_encodings(func)
    chosen = {v: _resolve(v, e) for v, e in offered.items()}
    changes = {v: e for v, e in chosen.items() if tensor_encoding(v) != e}
    if not changes:
        return False
    original: dict[SSAValue, DistributedEncoding | None] = {}
    retyped: set[Operation] = set()
    layouts = {v: e for v, e in chosen.items() if v not in changes}
    for value, encoding in changes.items():
        new = Rewriter.replace_value_with_new_type(value, with_encoding(value.type, encoding))
        original[new] = tensor_encoding(value)
        layouts[new] = encoding
        if isinstance(new, OpResult):
            retyped.add(new.op)
    cache = ConversionCache()
    for op in list(func.body.walk()):
        required = _required_operand_encodings(op, retyped, original, layouts)
        operands = list(op.operands)
        for index, (operand, needed) in enumerate(zip(operands, required)):
            if needed is not None and tensor_encoding(operand) not in (None, needed):
                operands[index] = cache.value_as(operand, needed)
        if operands != list(op.operands):
            op.operands = operands
    return True
