"""The last step of Triton's ``tritongpu-remove-layout-conversions``: the canonicalization
patterns of ``scf.for`` and ``scf.if`` (``scf::ForOp`` and ``scf::IfOp``'s
``getCanonicalizationPatterns``), applied greedily, as the LLVM that Triton 3.9 pins has them.

There both ops take MLIR's generic ``RegionBranchOpInterface`` patterns, which see a loop's
iteration arguments and results, and a branch's results, as *successor inputs*, each fed by
*successor operands*: the loop's initial values (into the body, and into the results
where the loop may run zero times) and each ``scf.yield``:

- ``InlineRegionBranchOp``: a loop known to run zero times is replaced by its initial
  values, one known to run once by its body, the induction variable its lower bound
  (``scf.for %i = %c0 to %c1 step %c1``); an ``scf.if`` on a constant by the branch taken;
- ``MakeRegionBranchOpSuccessorInputsDead``: an input every path feeds the same value
  defined before the op reads that value, e.g. ``iter_args(%a = %x) { scf.yield %a }``
  (or ``scf.yield %x``): ``%a`` and the loop's result are ``%x``;
- ``RemoveDuplicateSuccessorInputUses``: of two inputs fed the same values on every
  edge, the later is read as the earlier;
- ``RemoveDeadRegionBranchOpSuccessorInputs``: an unused loop result whose iteration
  argument is unused too, or an unused branch result, goes, with what feeds it.

``scf.if`` adds its own: ``ConvertTrivialIfToSelect``, ``ConditionPropagation``,
``ReplaceIfYieldWithConditionOrValue``, ``CombineIfs``, ``RemoveEmptyElseBranch``,
``CombineNestedIfs``, and its fold (``IfOp::fold``). MLIR's greedy driver also folds every
op, erases dead ones and moves constants to the start of the function, which ``FoldOp``,
``erase_dead_ops`` and ``HoistConstant`` do here (the constants already there when it
starts: ``hoist_constants``, the stage before), in the order its worklist visits ops
(``MlirOrderWalker``). ``ForOpTensorCastFolder`` is left out: TTGIR has no ``tensor.cast``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, i1
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint
from xdsl.traits import ConstantLike

from layoutdialect.dialect.folds import FOLDABLE_OPS, FoldOp, as_signed, as_unsigned, constant_value, integer_width
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.upstream.arith.ops import SelectOp
from layoutdialect.dialect.upstream.scf.ops import ForOp, IfOp
from layoutdialect.ir.dead_ops import erase_dead_ops
from layoutdialect.ir.op_lists import ops_of_types
from layoutdialect.ir.regions import isolated_region
from layoutdialect.passes.remove_redundant_conversions.loop_cleanup import branch_keeping

__all__ = [
    "SCF_CLEANUP_PATTERNS",
    "clean_up_scf",
    "static_trip_count",
]

Sources = dict[SSAValue, dict[Operation, SSAValue]]
"""Each successor input of an op, with the value each op that passes it one (the op
itself, or an ``scf.yield`` in it) passes: MLIR's ``getSuccessorInputOperandMapping``."""


# -- constants ----------------------------------------------------------------------


def _constant_bits(value: SSAValue) -> int | None:
    """The bits of the integer an ``arith.constant`` gives ``value`` (MLIR's
    ``m_ConstantInt``), unsigned; ``None`` for any other value."""
    found = constant_value(value)
    return as_unsigned(found, value.type) if isinstance(found, int) and integer_width(value.type) else None


def _constant_int(value: SSAValue) -> int | None:
    """The integer an ``arith.constant`` gives ``value``, read signed."""
    found = constant_value(value)
    return as_signed(found, value.type) if isinstance(found, int) and integer_width(value.type) else None


def _bool_constant(value: SSAValue) -> bool | None:
    """What an ``i1`` ``arith.constant`` gives ``value`` (MLIR's ``m_Constant`` to a ``BoolAttr``)."""
    return None if value.type != i1 or (bits := _constant_bits(value)) is None else bool(bits)


def _negated(value: SSAValue) -> SSAValue | None:
    """``%c`` where ``value`` is ``arith.xori %c, %one`` (a constant 1 on the right, MLIR's
    ``m_One``), else ``None``."""
    if isinstance(value, OpResult) and isinstance(xor := value.op, arith.XOrIOp) and _constant_bits(xor.rhs) == 1:
        return xor.lhs
    return None


def _bool(value: bool) -> arith.ConstantOp:
    """A new ``arith.constant true`` or ``false``."""
    return arith.ConstantOp(IntegerAttr(-1 if value else 0, i1))


class HoistConstant(RewritePattern):
    """MLIR's greedy driver on a constant (``OperationFolder::insertKnownConstant``): it moves
    to the start of the function (or ``ttg.warp_specialize`` partition), unless already
    among the constants there; CSE merges copies later."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not op.has_trait(ConstantLike, value_if_unregistered=False):
            return
        entry = isolated_region(op).blocks.first
        assert entry is not None
        previous = op.prev_op
        if op.parent is entry and (previous is None or previous.has_trait(ConstantLike, value_if_unregistered=False)):
            return
        block = op.parent_block()
        assert block is not None
        block.detach_op(op)
        rewriter.insert(op, InsertPoint.at_start(entry))


# -- where values live ------------------------------------------------------------------


def _region_of(value: SSAValue) -> Region | None:
    """The region whose block defines ``value`` (MLIR's ``Value::getParentRegion``)."""
    if isinstance(value, BlockArgument):
        return value.block.parent
    assert isinstance(value, OpResult)
    return value.op.parent_region()


def _within(region: Region | None, outer: Region) -> bool:
    """Whether ``region`` is ``outer`` or nested in it (MLIR's ``Region::isAncestor``)."""
    while region is not None:
        if region is outer:
            return True
        owner = region.parent
        region = owner.parent_region() if owner is not None else None
    return False


def _only_op(block: Block) -> bool:
    """Whether ``block`` holds a single op (its terminator)."""
    return block.first_op is not None and block.first_op is block.last_op


def _yield_of(region: Region) -> Operation:
    """The ``scf.yield`` ending ``region``'s block."""
    terminator = region.block.last_op
    assert isinstance(terminator, scf.YieldOp)
    return terminator


def _move_ops(block: Block, where: InsertPoint, rewriter: PatternRewriter, arguments: Sequence[SSAValue] = ()) -> None:
    """Move ``block``'s ops to ``where``, its arguments replaced by ``arguments`` (MLIR's
    ``inlineBlockBefore``), telling the walker of each moved op, as MLIR's rewriter does."""
    moved = list(block.ops)
    rewriter.inline_block(block, where, arguments)
    for op in moved:
        rewriter.handle_operation_insertion(op)


def _replace_by_block(
    op: Operation, block: Block, rewriter: PatternRewriter, arguments: Sequence[SSAValue] = ()
) -> None:
    """Put ``block``'s ops in place of ``op``, whose results become what the block's
    ``scf.yield`` gives."""
    terminator = block.last_op
    assert isinstance(terminator, scf.YieldOp)
    _move_ops(block, InsertPoint.before(op), rewriter, arguments)
    rewriter.replace(op, [], list(terminator.operands))
    rewriter.erase(terminator)


# -- scf.for: its trip count ---------------------------------------------------------------


def _upper_minus_lower(lower: SSAValue, upper: SSAValue) -> int | None:
    """MLIR's ``scf::computeUbMinusLb``: ``c`` where ``upper`` is ``arith.addi lower, c``
    that cannot wrap signed (``overflow<nsw>``)."""
    if not isinstance(upper, OpResult) or not isinstance(add := upper.op, arith.AddiOp):
        return None
    if arith.IntegerOverflowFlag.NSW not in add.overflow_flags.data or add.lhs is not lower:
        return None
    return _constant_int(add.rhs)


def static_trip_count(loop: scf.ForOp) -> int | None:
    """How many times ``loop`` runs when its bounds tell (MLIR's ``ForOp::getStaticTripCount``,
    ``constantTripCount`` with signed bounds), else ``None``.

    Zero when both bounds are one value, or the upper is not above the lower; else the
    distance over a positive constant step, rounded up, where both bounds are constants or
    the upper is the lower plus a constant (``arith.addi %lb, %c8 overflow<nsw>``).
    """
    if loop.lb is loop.ub:
        return 0
    step = _constant_int(loop.step)
    if step == 0:
        return None
    lower, upper = _constant_int(loop.lb), _constant_int(loop.ub)
    if lower is not None:
        if upper is None:
            return None
        if upper <= lower:
            return 0
        distance = upper - lower
    else:
        if upper is not None or (difference := _upper_minus_lower(loop.lb, loop.ub)) is None:
            return None
        if difference < 0:
            return 0
        distance = difference
    if step is None or step < 0:
        return None
    return -(-distance // step)


# -- the successor inputs of scf.for and scf.if -----------------------------------------------


def _sources(op: scf.ForOp | scf.IfOp) -> Sources:
    """The successor inputs of ``op`` and what feeds each.  A loop's argument takes its
    initial value if the loop may run, and the yielded value if it may run again; its
    result takes the yielded value, and the initial value if the loop may not run.  A
    branch's result takes what each branch yields."""
    sources: Sources = {}
    if isinstance(op, scf.IfOp):
        yields = [_yield_of(region) for region in op.regions if region.blocks]
        for index, result in enumerate(op.results):
            sources[result] = {terminator: terminator.operands[index] for terminator in yields}
        return sources
    trips = static_trip_count(op)
    terminator = _yield_of(op.body)
    for init, argument, result, yielded in zip(op.iter_args, op.body.block.args[1:], op.res, terminator.operands):
        sources[argument] = {}
        sources[result] = {}
        if trips != 0:
            sources[argument][op] = init
        if trips is None or trips == 0:
            sources[result][op] = init
        if trips != 1:
            sources[argument][terminator] = yielded
        sources[result][terminator] = yielded
    return sources


def _reachable(value: SSAValue, sources: Sources) -> set[SSAValue]:
    """The values, not themselves successor inputs, that reach the input ``value``, through
    other inputs (MLIR's ``computeReachableValuesFromSuccessorInput``)."""
    reachable: set[SSAValue] = set()
    seen: set[SSAValue] = set()
    waiting = [value]
    while waiting:
        current = waiting.pop()
        if current not in sources:
            reachable.add(current)
            continue
        for source in sources[current].values():
            if source not in seen:
                seen.add(source)
                waiting.append(source)
    return reachable


def _defined_before(op: Operation, value: SSAValue, input_: SSAValue) -> bool:
    """Whether ``value`` may stand for the input ``input_`` of ``op`` (MLIR's
    ``isDefinedBefore``): it is defined outside ``op``, or is an argument of the block that
    ``input_`` is an argument of."""
    region = _region_of(value)
    if region is None or region.parent is not op:
        return True
    return isinstance(value, BlockArgument) and isinstance(input_, BlockArgument) and value.block is input_.block


class MakeSuccessorInputsDead(RewritePattern):
    """MLIR's ``MakeRegionBranchOpSuccessorInputsDead``: an input that can only receive one
    value defined before it is read as that value.

    ``%r = scf.for ... iter_args(%a = %x) { use(%a); scf.yield %a }`` reads ``%x`` for
    ``%a`` and ``%r``; so does ``scf.yield %x``.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.ForOp | scf.IfOp, rewriter: PatternRewriter) -> None:
        _replace_while_found(op, rewriter, self._one_value_input)

    @staticmethod
    def _one_value_input(op: scf.ForOp | scf.IfOp, sources: Sources) -> tuple[SSAValue, SSAValue] | None:
        for input_ in sources:
            if not input_.uses or len(reachable := _reachable(input_, sources)) != 1:
                continue
            (value,) = reachable
            if _defined_before(op, value, input_):
                return input_, value
        return None


def _replace_while_found(
    op: scf.ForOp | scf.IfOp,
    rewriter: PatternRewriter,
    find: Callable[[scf.ForOp | scf.IfOp, Sources], tuple[SSAValue, SSAValue] | None],
) -> None:
    """Read the input ``find`` names as the value it names, asking again after each
    replacement (which changes the inputs' sources), until it names none."""
    while (found := find(op, _sources(op))) is not None:
        rewriter.replace_all_uses_with(*found)


def _number(value: SSAValue) -> int:
    """The position of a successor input among its op's results or its block's arguments."""
    assert isinstance(value, OpResult | BlockArgument)
    return value.index


def _owner(value: SSAValue) -> Operation | Block:
    """The op whose result, or the block whose argument, a successor input is."""
    return value.block if isinstance(value, BlockArgument) else value.owner


class RemoveDuplicateSuccessorInputUses(RewritePattern):
    """MLIR's ``RemoveDuplicateSuccessorInputUses``: of two loop arguments (or two results)
    fed the same value along every edge, the later is read as the earlier.

    ``iter_args(%a = %x, %b = %x) { ...; scf.yield %y, %y }``: ``%b`` is read as ``%a``,
    the second result as the first.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.ForOp | scf.IfOp, rewriter: PatternRewriter) -> None:
        _replace_while_found(op, rewriter, self._duplicate_input)

    @staticmethod
    def _duplicate_input(op: scf.ForOp | scf.IfOp, sources: Sources) -> tuple[SSAValue, SSAValue] | None:
        inputs = sorted(sources, key=_number)
        for index, first in enumerate(inputs):
            for second in inputs[index + 1 :]:
                if second.uses and _owner(first) is _owner(second) and _same_sources(sources, first, second):
                    return second, first
        return None


def _same_sources(sources: Sources, first: SSAValue, second: SSAValue) -> bool:
    """Whether the inputs ``first`` and ``second`` are fed by the same ops, each passing both one value."""
    a, b = sources[first], sources[second]
    return a.keys() == b.keys() and all(a[owner] is b[owner] for owner in a)


class RemoveDeadLoopValues(RewritePattern):
    """MLIR's ``RemoveDeadRegionBranchOpSuccessorInputs`` on ``scf.for``: a loop-carried
    value whose argument and result nobody reads goes, with its initial and yielded value
    (the ops computing them stay, for dead-op erasure to judge)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.ForOp, rewriter: PatternRewriter) -> None:
        body = op.body.block
        slots = list(zip(body.args[1:], op.res))
        keep = [i for i, (argument, result) in enumerate(slots) if argument.uses or result.uses]
        if len(keep) == len(slots):
            return
        terminator = _yield_of(op.body)
        terminator.operands = [terminator.operands[i] for i in keep]
        for index in reversed(range(len(slots))):
            if index not in keep:
                rewriter.erase_block_argument(body.args[index + 1])
        loop = ForOp(
            op.lb,
            op.ub,
            op.step,
            [op.iter_args[i] for i in keep],
            rewriter.move_region_contents_to_new_regions(op.body),
        )
        loop.attributes |= op.attributes
        _replace_keeping(op, loop, keep, rewriter)


class RemoveDeadBranchResults(RewritePattern):
    """MLIR's ``RemoveDeadRegionBranchOpSuccessorInputs`` on ``scf.if``: a result nobody
    reads goes, with what each branch yields for it."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.IfOp, rewriter: PatternRewriter) -> None:
        keep = [i for i, result in enumerate(op.results) if result.uses]
        if len(keep) < len(op.results):
            _replace_keeping(op, branch_keeping(op, keep), keep, rewriter)


def _replace_keeping(op: Operation, new: Operation, keep: list[int], rewriter: PatternRewriter) -> None:
    """Put ``new`` in place of ``op``, its result ``j`` for ``op``'s result ``keep[j]``
    (the others unused)."""
    results: list[SSAValue | None] = [None] * len(op.results)
    for new_index, old_index in enumerate(keep):
        results[old_index] = new.results[new_index]
    rewriter.replace(op, new, results)


# -- scf.for ---------------------------------------------------------------------------------


class InlineTrivialLoop(RewritePattern):
    """MLIR's ``InlineRegionBranchOp`` on ``scf.for``: a loop that runs zero times is its
    initial values; one that runs once is its body, its induction variable the lower bound
    and its arguments the initial values (``static_trip_count``)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.ForOp, rewriter: PatternRewriter) -> None:
        trips = static_trip_count(op)
        if trips == 0:
            rewriter.replace(op, [], list(op.iter_args))
        elif trips == 1:
            _replace_by_block(op, op.body.block, rewriter, (op.lb, *op.iter_args))


# -- scf.if ----------------------------------------------------------------------------------


class InlineConstantBranch(RewritePattern):
    """MLIR's ``InlineRegionBranchOp`` on ``scf.if``: one on a constant is the branch taken,
    or nothing (xDSL's ``IfPropagateConstantCondition``, save that it tells the walker of the
    ops it moves, which MLIR's driver then visits first)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.IfOp, rewriter: PatternRewriter) -> None:
        condition = _bool_constant(op.cond)
        if condition is None:
            return
        region = op.true_region if condition else op.false_region
        if region.blocks:
            _replace_by_block(op, region.block, rewriter)
        else:
            rewriter.erase(op)


class SwapNegatedCondition(RewritePattern):
    """MLIR's ``IfOp::fold``: ``scf.if (xori %c, true) A else B`` is ``scf.if %c B else A``."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.IfOp, rewriter: PatternRewriter) -> None:
        if not op.false_region.blocks or (condition := _negated(op.cond)) is None:
            return
        op.operands = [condition]
        then_block = op.true_region.detach_block(0)
        else_block = op.false_region.detach_block(0)
        op.true_region.add_block(else_block)
        op.false_region.add_block(then_block)
        rewriter.notify_op_modified(op)


class ConvertTrivialIfToSelect(RewritePattern):
    """MLIR's ``ConvertTrivialIfToSelect``: a result both branches yield from outside is an
    ``arith.select`` of the two before the ``scf.if`` (or the one value, if the same); the
    ``scf.if`` keeps only the other results."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.IfOp, rewriter: PatternRewriter) -> None:
        if not op.results:
            return
        then_yield, else_yield = _yield_of(op.true_region), _yield_of(op.false_region)
        pairs = list(zip(then_yield.operands, else_yield.operands))
        kept = [
            i for i, (a, b) in enumerate(pairs) if _region_of(a) is op.true_region or _region_of(b) is op.false_region
        ]
        if len(kept) == len(op.results):
            return
        then_region, else_region = (rewriter.move_region_contents_to_new_regions(r) for r in op.regions)
        branch = IfOp(op.cond, [op.results[i].type for i in kept], then_region, else_region)
        rewriter.insert(branch)
        results: list[SSAValue] = []
        for index, (if_true, if_false) in enumerate(pairs):
            if index in kept:
                results.append(branch.results[kept.index(index)])
            elif if_true is if_false:
                results.append(if_true)
            else:
                select = rewriter.insert(SelectOp(op.cond, if_true, if_false), InsertPoint.before(branch))
                results.append(select.result)
        then_yield.operands = [then_yield.operands[i] for i in kept]
        else_yield.operands = [else_yield.operands[i] for i in kept]
        rewriter.replace(op, [], results)


class ConditionPropagation(RewritePattern):
    """MLIR's ``ConditionPropagation``: inside the ``then`` branch the condition is ``true``,
    inside the ``else`` branch ``false``, where it is not a constant already."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.IfOp, rewriter: PatternRewriter) -> None:
        condition = op.cond
        if isinstance(condition, OpResult) and condition.op.has_trait(ConstantLike, value_if_unregistered=False):
            return
        constants: dict[bool, SSAValue] = {}
        for use in list(condition.uses):
            branch = _branch_holding(use.operation, op, _region_of(condition))
            if branch is None:
                continue
            if branch not in constants:
                constants[branch] = rewriter.insert(_bool(branch)).result
            use.operation.operands[use.index] = constants[branch]
            rewriter.notify_op_modified(use.operation)


def _branch_holding(user: Operation, op: scf.IfOp, end: Region | None) -> bool | None:
    """Whether ``user`` sits in ``op``'s ``then`` branch (``True``) or its ``else`` branch
    (``False``), looking out no further than ``end``; ``None`` if in neither."""
    region = user.parent_region()
    while region is not None and region is not end:
        if region is op.true_region:
            return True
        if region is op.false_region:
            return False
        owner = region.parent
        region = owner.parent_region() if owner is not None else None
    return None


class ReplaceIfYieldWithConditionOrValue(RewritePattern):
    """MLIR's ``ReplaceIfYieldWithConditionOrValue``: a result both branches yield as one
    value is that value; one yielded as ``true``/``false`` is the condition, as
    ``false``/``true`` its negation (``arith.xori %c, true``)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.IfOp, rewriter: PatternRewriter) -> None:
        if not op.results:
            return
        then_yield, else_yield = _yield_of(op.true_region), _yield_of(op.false_region)
        for if_true, if_false, result in zip(then_yield.operands, else_yield.operands, op.results):
            if not result.uses:
                continue
            if if_true is if_false:
                rewriter.replace_all_uses_with(result, if_true)
                continue
            constants = (_bool_constant(if_true), _bool_constant(if_false))
            if constants == (False, True):
                one = rewriter.insert(_bool(True)).result
                negation = rewriter.insert(arith.XOrIOp(op.cond, one))
                rewriter.replace_all_uses_with(result, negation.result)
            elif constants == (True, False):
                rewriter.replace_all_uses_with(result, op.cond)


class CombineIfs(RewritePattern):
    """MLIR's ``CombineIfs``: an ``scf.if`` right after one on the same condition (or on
    its negation, ``arith.xori %c, true``) joins it: each branch runs the first op's part,
    then the second's; the second's reads of the first's results become the yielded values.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, second: scf.IfOp, rewriter: PatternRewriter) -> None:
        first = second.prev_op
        if not isinstance(first, scf.IfOp):
            return
        second_then: Block | None = None
        second_else: Block | None = None
        second_else_block = second.false_region.blocks.first
        if second.cond is first.cond:
            second_then, second_else = second.true_region.block, second_else_block
        if _negated(second.cond) is first.cond or _negated(first.cond) is second.cond:
            second_else = second.true_region.block
            if second_else_block is not None:
                second_then = second_else_block
        if second_then is None and second_else is None:
            return
        if first.results:  # which also gives it an else branch
            yielded = zip(first.results, _yield_of(first.true_region).operands, _yield_of(first.false_region).operands)
            for result, if_true, if_false in yielded:
                for use in list(result.uses):
                    region = use.operation.parent_region()
                    if second_then is not None and _within(region, second_then.parent):  # type: ignore[arg-type]
                        use.operation.operands[use.index] = if_true
                    elif second_else is not None and _within(region, second_else.parent):  # type: ignore[arg-type]
                        use.operation.operands[use.index] = if_false
                    else:
                        continue
                    rewriter.notify_op_modified(use.operation)
        count = len(first.results)
        types = [*first.result_types, *second.result_types]
        combined = rewriter.insert(IfOp(first.cond, types, Region(), Region()))
        first.true_region.move_blocks(combined.true_region)
        if second_then is not None:
            _append_block(combined.true_region.block, second_then, rewriter)
        first.false_region.move_blocks(combined.false_region)
        if second_else is not None:
            if not combined.false_region.blocks:
                second_else.parent.move_blocks(combined.false_region)  # type: ignore[union-attr]
            else:
                _append_block(combined.false_region.block, second_else, rewriter)
        rewriter.replace(first, [], combined.results[:count])
        rewriter.replace(second, [], combined.results[count:])


def _append_block(block: Block, appended: Block, rewriter: PatternRewriter) -> None:
    """Move ``appended``'s ops to the end of ``block``, one ``scf.yield`` of both yields' values
    ending it."""
    first_yield, second_yield = block.last_op, appended.last_op
    assert isinstance(first_yield, scf.YieldOp) and isinstance(second_yield, scf.YieldOp)
    values = [*first_yield.operands, *second_yield.operands]
    _move_ops(appended, InsertPoint.at_end(block), rewriter)
    rewriter.erase(first_yield)
    rewriter.erase(second_yield)
    rewriter.insert(scf.YieldOp(*values), InsertPoint.at_end(block))


class RemoveEmptyElseBranch(RewritePattern):
    """MLIR's ``RemoveEmptyElseBranch``: an ``else`` branch that only yields nothing is left out."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.IfOp, rewriter: PatternRewriter) -> None:
        else_block = op.false_region.blocks.first
        if op.results or else_block is None or not _only_op(else_block):
            return
        branch = IfOp(op.cond, [], rewriter.move_region_contents_to_new_regions(op.true_region), Region())
        branch.attributes |= op.attributes
        rewriter.replace(op, branch)


class CombineNestedIfs(RewritePattern):
    """MLIR's ``CombineNestedIfs``: ``scf.if %a { scf.if %b { ... } }``, the inner ``scf.if``
    the outer's only op and both ``else`` branches (if any) only yielding, is
    ``scf.if (arith.andi %a, %b) { ... }``.

    A result the outer branch takes from the inner must be yielded by both ``else``
    branches alike; one the outer ``then`` branch yields from outside becomes
    ``arith.select %a, then-value, else-value``.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.IfOp, rewriter: PatternRewriter) -> None:
        then_block = op.true_region.block
        inner = then_block.first_op
        if not isinstance(inner, scf.IfOp) or inner.next_op is not then_block.last_op:
            return
        else_block = op.false_region.blocks.first
        inner_else = inner.false_region.blocks.first
        if (else_block is not None and not _only_op(else_block)) or (
            inner_else is not None and not _only_op(inner_else)
        ):
            return
        then_values = list(_yield_of(op.true_region).operands)
        else_values = list(_yield_of(op.false_region).operands) if else_block is not None else []
        selected: list[int] = []
        for index, value in enumerate(then_values):
            if isinstance(value, OpResult) and value.op is inner:
                if _yield_of(inner.false_region).operands[value.index] is not else_values[index]:
                    return
                then_values[index] = _yield_of(inner.true_region).operands[value.index]
                continue
            if _region_of(value) is op.true_region:
                return
            selected.append(index)
        condition = rewriter.insert(arith.AndIOp(op.cond, inner.cond))
        branch = rewriter.insert(IfOp(condition.result, op.result_types, Region(Block()), Region()))
        results: list[SSAValue] = list(branch.results)
        for index in selected:
            select = SelectOp(op.cond, then_values[index], else_values[index])
            results[index] = rewriter.insert(select, InsertPoint.before(branch)).result
        body = branch.true_region.block
        _move_ops(inner.true_region.block, InsertPoint.at_end(body), rewriter)
        inner_yield = body.last_op
        assert inner_yield is not None
        rewriter.erase(inner_yield)
        rewriter.insert(scf.YieldOp(*then_values), InsertPoint.at_end(body))
        if else_values:
            branch.false_region.add_block(Block())
            rewriter.insert(scf.YieldOp(*else_values), InsertPoint.at_end(branch.false_region.block))
        rewriter.replace(op, [], results)


SCF_CLEANUP_PATTERNS: tuple[RewritePattern, ...] = (
    HoistConstant(),
    FoldOp(),
    SwapNegatedCondition(),
    CombineIfs(),
    CombineNestedIfs(),
    ConditionPropagation(),
    ConvertTrivialIfToSelect(),
    RemoveEmptyElseBranch(),
    ReplaceIfYieldWithConditionOrValue(),
    MakeSuccessorInputsDead(),
    RemoveDuplicateSuccessorInputUses(),
    RemoveDeadLoopValues(),
    RemoveDeadBranchResults(),
    InlineTrivialLoop(),
    InlineConstantBranch(),
)
"""The patterns in the order MLIR's greedy driver tries them on an op (a constant is moved;
another op folded, then given its patterns in the order they were added,
``ForOpTensorCastFolder`` left out): ``GreedyRewritePatternApplier`` applies the first that
matches, having erased the op if dead."""


def _may_match(op: Operation) -> bool:
    """Whether a pattern of ``SCF_CLEANUP_PATTERNS`` may rewrite ``op``: a loop, a branch, an
    op that folds or a constant.  The walker's sweep leaves out the rest, which it would
    only erase if dead, as ``erase_dead_ops`` does after each sweep."""
    return (
        isinstance(op, scf.ForOp | scf.IfOp)
        or op.name in FOLDABLE_OPS
        or op.has_trait(ConstantLike, value_if_unregistered=False)
    )


@dataclass(eq=False, repr=False)
class MlirOrderWalker(PatternRewriteWalker):
    """xDSL's walker, visiting ops in the order of MLIR's greedy driver: its worklist takes
    the ops of a walk nested-first that a pattern may rewrite (``_may_match``), each pushed
    with the ops around it (MLIR's ``addToWorklist``), an op already there staying where it
    is, and is popped from the end;
    an op a rewrite makes or changes is pushed with the ops around it too.

    So an op with regions is visited after the ops nested in it, save the first: in
    ``scf.if %a { scf.if %b {...} }`` the inner ``scf.if`` folds before the outer one joins
    it (``CombineNestedIfs``).  It overrides the walker's ``_populate_worklist`` and two
    handlers, xDSL internals that the pinned release keeps.
    """

    def _push_with_enclosing(self, op: Operation) -> None:
        """Push ``op``, then each op around it inside the function."""
        current: Operation | None = op
        while current is not None and not isinstance(current, AnyFuncOp):
            self._worklist.push(current)
            current = current.parent_op()

    def _populate_worklist(self, op: Operation | Region | Block) -> None:
        for nested in op.walk(region_first=True):
            if _may_match(nested):
                self._push_with_enclosing(nested)

    def _handle_operation_insertion(self, op: Operation) -> None:
        if self.apply_recursively:
            self._push_with_enclosing(op)

    def _handle_operation_modification(self, op: Operation) -> None:
        if self.apply_recursively:
            self._push_with_enclosing(op)


def clean_up_scf(func: AnyFuncOp) -> bool:
    """Apply ``SCF_CLEANUP_PATTERNS`` under ``func`` until none applies, erasing dead ops after
    each sweep; whether anything changed (nothing can where no ``scf.for`` or ``scf.if`` is).

    Every ``scf.if`` on a negated condition is swapped first: Triton's greedy run before this
    one (the ``fold`` stage) already folds every op, ``scf.if`` included (``IfOp::fold``).
    """
    if not ops_of_types(func, [scf.ForOp, scf.IfOp]):
        return False
    changed = False
    for branch in ops_of_types(func, [scf.IfOp]):
        rewriter = PatternRewriter(branch)
        SwapNegatedCondition().match_and_rewrite(branch, rewriter)
        changed |= rewriter.has_done_action
    walker = MlirOrderWalker(GreedyRewritePatternApplier(list(SCF_CLEANUP_PATTERNS)))
    walker.post_walk_func = erase_dead_ops
    return walker.rewrite_region(func.body) or changed
