"""Backward rematerialisation and hoisting of conversions (Triton's
``LayoutRematerialization``: ``backwardRematerialization`` and the hoists).

For a conversion of ``x`` to layout B, the *backward slice* is every value that
``x`` is computed from and that would have to change for ``x`` to be produced in
B directly.  It stops at ops that can simply be re-created in B (constants,
``make_range``, ``splat``, other conversions) and passes through ``scf.if``
results and loop-carried values.  When Triton's cost model says recomputing the
slice is cheaper than moving the bytes, the slice is cloned in B and the
conversion disappears.

Beyond Triton, a slice may start at a function argument, converted where it
enters the function, when that conversion moves no more bytes than the one it
replaces (Triton gives up on such slices).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import AnyFloat, TensorType
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue, Use
from xdsl.rewriter import InsertPoint, Rewriter

from layoutdialect.analysis.conversion import reorders_registers
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.tt.memory import LoadOp
from layoutdialect.dialect.tt.ops import BroadcastOp, ExpandDimsOp, FpToFpOp, ReduceOp
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp, LocalLoadOp
from layoutdialect.encodings import DistributedEncoding, DotOperandEncoding, to_linear_layout
from layoutdialect.encodings.layout_properties import threads_per_warp, unique_elements_per_thread, warps_per_cta
from layoutdialect.passes.remove_redundant_conversions.loop_cleanup import rebuild_loop
from layoutdialect.passes.remove_redundant_conversions.op_roles import (
    ARITH_EXTENSIONS,
    EXPENSIVE_MATH,
    byte_count,
    can_be_rematerialised,
    element_bits,
    infer_source_encoding,
    layout_operands,
    recreatable_in,
    shape_of,
    tensor_encoding,
    with_encoding,
)

__all__ = ["Rematerialiser", "Reuse", "backward_slice", "conversion_slice", "rematerialisation_is_cheaper"]

Slice = dict[SSAValue, DistributedEncoding]


def _is_ext_or_broadcast(op: Operation) -> bool:
    """Ops whose result holds more bytes than their operand."""
    if op.name in ARITH_EXTENSIONS or isinstance(op, BroadcastOp | ExpandDimsOp):
        return True
    return isinstance(op, FpToFpOp) and element_bits(op.src) < element_bits(op.result)


@dataclass
class Reuse:
    """Rematerialisations a slice may stop at instead of recomputing: ``remat`` maps a
    (value, encoding) to a value already holding it; ``found`` collects the ones used."""

    remat: Mapping[tuple[SSAValue, DistributedEncoding], SSAValue]
    order: OpOrder
    found: dict[SSAValue, SSAValue] = field(default_factory=dict)

    def stops_at(self, value: SSAValue, encoding: DistributedEncoding, user: Operation) -> bool:
        """Whether ``user``'s copy can read an existing rematerialisation of ``value``: one
        exists and is defined before ``user``."""
        if value in self.found:
            return _dominates(self.found[value], user, self.order)
        existing = self.remat.get((value, encoding))
        if existing is None or not _dominates(existing, user, self.order):
            return False
        self.found[value] = existing
        return True


def backward_slice(
    root: SSAValue,
    encoding: DistributedEncoding,
    user: Operation,
    stop_at_growth: bool = False,
    from_arguments: bool = False,
    stop_at_branches: bool = False,
    reuse: Reuse | None = None,
) -> Slice | None:
    """Triton's ``getRematerializableSlice``: the values to recompute so that ``root``, as
    read by ``user``, is produced in ``encoding``, each with its new encoding; ``None`` if
    that is impossible.  ``from_arguments`` lets function arguments start the slice;
    ``stop_at_branches`` keeps ``scf.if`` results in the slice without looking into the
    branches; ``reuse`` offers rematerialisations to stop at, which stay in the slice."""
    found: Slice = {}
    settled: Slice = {}
    """Values reached that already have their target encoding: another target is a conflict."""
    queue: list[tuple[SSAValue, DistributedEncoding, Operation]] = [(root, encoding, user)]
    while queue:
        value, target, reader = queue.pop()
        if not isinstance(value.type, TensorType):
            continue
        if value in settled:
            if settled[value] != target:
                return None
            continue
        if value in found:
            if found[value] != target or (
                reuse is not None and value in reuse.found and not reuse.stops_at(value, target, reader)
            ):
                return None
            continue
        current = tensor_encoding(value)
        if current == target:
            settled[value] = target
            continue
        if current is None:
            return None  # a layout the pass does not know (a shared or unregistered one)
        found[value] = target
        if reuse is not None and reuse.stops_at(value, target, reader):
            continue
        owner = value.owner
        if isinstance(owner, scf.IfOp):
            assert isinstance(value, OpResult)
            if stop_at_branches:
                continue
            for branch in (owner.true_region, owner.false_region):
                terminator = branch.block.last_op
                assert terminator is not None
                queue.append((terminator.operands[value.index], target, terminator))
            continue
        if isinstance(owner, scf.ForOp | scf.WhileOp):
            return None
        if isinstance(value, BlockArgument):
            loop = value.block.parent_op()
            if isinstance(loop, AnyFuncOp) and from_arguments:
                continue
            if not isinstance(loop, scf.ForOp) or value.index == 0:
                return None
            terminator = loop.body.block.last_op
            assert terminator is not None
            queue.append((loop.operands[value.index + 2], target, loop))
            queue.append((terminator.operands[value.index - 1], target, terminator))
            continue
        assert isinstance(owner, Operation)
        if not can_be_rematerialised(owner):
            return None
        siblings = [r for r in owner.results if r is not value and isinstance(r.type, TensorType)]
        if any(s in settled or found.setdefault(s, target) != target for s in siblings):
            return None
        if recreatable_in(owner, target) is not None or (stop_at_growth and _is_ext_or_broadcast(owner)):
            continue
        source = infer_source_encoding(owner, target)
        if source is None:
            return None
        for operand in layout_operands(owner):
            queue.append((operand, source, owner))
    return found


def merge_slices(found: Slice, more: Slice) -> bool:
    """Add ``more`` to ``found`` unless a value would need two layouts; then ``found`` is
    left as it was and the answer is ``False``."""
    if any(found.get(value, encoding) != encoding for value, encoding in more.items()):
        return False
    found.update(more)
    return True


def conversion_slice(
    conversion: ConvertLayoutOp, stop_at_growth: bool = False, stop_at_branches: bool = False
) -> Slice | None:
    """The backward slice that would produce the conversion's result directly, stopping
    where ``backward_slice`` is told to; ``None`` for a ``dot_op`` target, which only
    ``hoist_dot_operand`` moves."""
    target = tensor_encoding(conversion.result)
    if target is None or isinstance(target, DotOperandEncoding):
        return None
    return backward_slice(
        conversion.src, target, conversion, stop_at_growth=stop_at_growth, stop_at_branches=stop_at_branches
    )


def _ops_of(found: Slice) -> list[Operation]:
    ops = []
    for value in found:
        if isinstance(value, OpResult) and value.op not in ops:
            ops.append(value.op)
    return ops


def _argument_leaves(found: Slice) -> list[BlockArgument]:
    return [v for v in found if isinstance(v, BlockArgument) and isinstance(v.block.parent_op(), AnyFuncOp)]


def _flows_into(use: Use) -> list[SSAValue] | None:
    """The values a use by a region branch passes its operand on to (MLIR's successor
    inputs): a yield's into its ``scf.if`` results, or into a loop's next iteration and
    results; a loop's init into its iteration argument and result.  ``None`` for other uses."""
    user = use.operation
    parent = user.parent_op() if isinstance(user, scf.YieldOp) else user
    if isinstance(parent, scf.IfOp) and isinstance(user, scf.YieldOp):
        return [parent.results[use.index]]
    if isinstance(parent, scf.ForOp):
        index = use.index if isinstance(user, scf.YieldOp) else use.index - 3
        if 0 <= index < len(parent.results):
            return [parent.body.block.args[index + 1], parent.results[index]]
    return None


def _flowing_in(value: SSAValue) -> list[SSAValue] | None:
    """The operands a region branch passes on to ``value`` (the inverse of ``_flows_into``):
    the yields of an ``scf.if`` result, a loop argument's init and yield; ``None`` otherwise."""
    if isinstance(value, OpResult) and isinstance(value.op, scf.IfOp):
        branches = (value.op.true_region, value.op.false_region)
        return [region.block.last_op.operands[value.index] for region in branches if region.block.last_op is not None]
    loop = value.block.parent_op() if isinstance(value, BlockArgument) else value.owner
    if isinstance(loop, scf.ForOp):
        index = value.index - 1 if isinstance(value, BlockArgument) else value.index
        if isinstance(value, BlockArgument) and value.index == 0:
            return None
        terminator = loop.body.block.last_op
        assert terminator is not None
        return [loop.iter_args[index], terminator.operands[index]]
    return None


def used_outside(found: Slice, conversion: ConvertLayoutOp) -> set[SSAValue]:
    """Triton's ``nonSliceOnlyValues``: the slice values that survive the rewrite, because
    an op outside the slice reads them (a value passed on by a yield or loop counts
    only if where it flows is read outside the slice), and the slice values they are
    computed from."""
    slice_ops = {v.op for v in found if isinstance(v, OpResult)}
    outside: list[SSAValue] = []
    for value in found:
        for use in value.uses:
            if use.operation is conversion or use.operation in slice_ops:
                continue
            successors = _flows_into(use)
            if successors is not None and all(v in found or not v.uses for v in successors):
                continue
            outside.append(value)
            break
    seen = set(outside)
    for value in outside:
        tied = _flowing_in(value)
        if tied is None:
            owner = value.owner if isinstance(value, OpResult) else value.block.parent_op()
            tied = list(owner.operands) if owner is not None else []
        for operand in tied:
            if operand in found and operand not in seen:
                seen.add(operand)
                outside.append(operand)
    return seen


def _cost_factor(value: SSAValue, encoding: DistributedEncoding) -> int:
    """Triton's ``getCostFactor``: how many times more distinct elements each thread holds
    in the new ``encoding`` (at least 1)."""
    current = tensor_encoding(value)
    assert current is not None
    shape = list(shape_of(value))
    return max(1, unique_elements_per_thread(encoding, shape) // unique_elements_per_thread(current, shape))


def rematerialisation_is_cheaper(found: Slice, conversion: ConvertLayoutOp, new_conversion_cost: int = 0) -> bool:
    """Triton's ``isRematBeneficial``, in milli-SM-cycles: recomputing the slice (plus
    ``new_conversion_cost`` for a conversion the rewrite adds) costs no more than the
    conversion it removes.  Math costs its bytes (×8 when expensive), times the
    growth in each thread's distinct elements, less one copy when the original dies;
    loads cost ×8 and reductions their lane and warp steps, only when they survive;
    a surviving non-associative float reduction is never recomputed."""
    outside = used_outside(found, conversion)
    cost = new_conversion_cost
    for op in _ops_of(found):
        survives = any(result in outside for result in op.results)
        if isinstance(op, arith.ConstantOp):
            continue
        if op.name.startswith(("arith.", "math.")):
            weight = 8 if op.name in EXPENSIVE_MATH else 1
            for result in op.results:
                factor = _cost_factor(result, found[result]) - (0 if survives else 1)
                cost += weight * byte_count(result) * factor
            continue
        if not survives:
            continue
        if isinstance(op, LoadOp | LocalLoadOp):
            cost += sum(8 * byte_count(r) for r in op.results)
        elif isinstance(op, ReduceOp):
            if not reduce_is_associative(op):
                return False
            cost += reduce_cost(op)
    return conversion_cost(conversion) >= cost


def reduce_is_associative(op: ReduceOp) -> bool:
    """Triton's ``ReduceOpHelper::isAssociative``: a float reduction over more than two
    elements whose combiner adds or multiplies may round differently when regrouped."""
    source = op.operands[0].type
    assert isinstance(source, TensorType)
    if not isinstance(source.element_type, AnyFloat) or source.get_shape()[op.axis.value.data] <= 2:
        return True
    return not any(isinstance(inner, arith.AddfOp | arith.MulfOp) for inner in op.combine_op.walk())


def reduce_cost(op: ReduceOp) -> int:
    """Triton's remat cost of a reduction: the distinct lanes along the axis, plus eight
    times the distinct warps along it (the inter-warp round trip through shared memory)."""
    source = op.operands[0]
    encoding = tensor_encoding(source)
    assert encoding is not None and isinstance(source.type, TensorType)
    axis, shape = op.axis.value.data, source.type.get_shape()
    return threads_per_warp(encoding, shape)[axis] + 8 * warps_per_cta(encoding, shape)[axis]


def conversion_cost(conversion: ConvertLayoutOp) -> int:
    """Triton's ``getConvertCost`` of ``conversion``."""
    target = tensor_encoding(conversion.result)
    assert target is not None
    return conversion_cost_to(conversion.src, target)


def conversion_cost_to(value: SSAValue, target: DistributedEncoding) -> int:
    """Triton's ``getConvertCost``: nothing when each thread keeps its data (the registers
    are only renamed), else a pessimistic shared-memory round trip of 32-bit words."""
    source = tensor_encoding(value)
    assert source is not None
    shape = list(shape_of(value))
    if reorders_registers(to_linear_layout(source, shape), to_linear_layout(target, shape)):
        return 0
    return 32 * byte_count(value, 32, 32)


class OpOrder:
    """Which of two ops of a block comes first, asked many times while a rewrite only
    adds and erases ops (never moves one; blocks may move whole).

    Each block's ops are numbered once, on the first question about it.  An op added
    since is placed by walking back to the nearest numbered op: ``(its number, steps)``.
    Numbered ops keep their order, and an added op lies between the numbered op it
    reaches and the next numbered one, so comparing these pairs orders any two ops.
    Numbering a block costs its length once, where walking from op to op cost the
    distance between them on every question.
    """

    def __init__(self) -> None:
        self._numbers: dict[Block, dict[Operation, int]] = {}

    def position(self, op: Operation, block: Block) -> tuple[int, int]:
        numbers = self._numbers.get(block)
        if numbers is None:
            numbers = self._numbers[block] = {o: i for i, o in enumerate(block.ops)}
        steps, current = 0, op
        while current is not None:
            number = numbers.get(current)
            if number is not None:
                return number, steps
            current, steps = current.prev_op, steps + 1
        return -1, steps

    def is_before(self, first: Operation, second: Operation, block: Block) -> bool:
        """Whether ``first`` comes before ``second``, two ops of ``block``."""
        return self.position(first, block) < self.position(second, block)


def _dominates(value: SSAValue, op: Operation, order: OpOrder) -> bool:
    """Whether ``value`` is defined before ``op`` in a block enclosing it."""
    if isinstance(value, BlockArgument):
        return value.block.find_ancestor_op_in_block(op) is not None
    assert isinstance(value, OpResult)
    block = value.op.parent_block()
    ancestor = None if block is None else block.find_ancestor_op_in_block(op)
    if block is None or ancestor is None:
        return False
    return value.op is not ancestor and order.is_before(value.op, ancestor, block)


def _extend_for(loop: scf.ForOp, inits: list[SSAValue]) -> scf.ForOp:
    """``loop`` with extra loop-carried values, the old results taken over by the new loop."""
    block: Block = loop.body.block
    for init in inits:
        block.insert_arg(init.type, len(block.args))
    return rebuild_loop(loop, [*loop.iter_args, *inits], list(range(len(loop.results))))


def _extend_if(branch: scf.IfOp, types: list[TensorType]) -> scf.IfOp:
    """``branch`` with extra results of ``types`` and its attributes; its yields are extended later."""
    true_region, false_region = Region(), Region()
    branch.true_region.move_blocks(true_region)
    branch.false_region.move_blocks(false_region)
    new = type(branch)(branch.cond, [*branch.result_types, *types], true_region, false_region)
    new.attributes.update(branch.attributes)
    Rewriter.insert_op(new, InsertPoint.before(branch))
    for old, result in zip(branch.results, new.results):
        old.replace_all_uses_with(result)
    Rewriter.erase_op(branch)
    return new


@dataclass
class Rematerialiser:
    """Rewrites slices of one function, remembering each (value, encoding) it produced
    so that later conversions can reuse a rematerialisation that dominates them."""

    remat: dict[tuple[SSAValue, DistributedEncoding], SSAValue] = field(default_factory=dict)
    order: OpOrder = field(default_factory=OpOrder)
    """Op order in the function's blocks: a rematerialiser adds and erases ops, never moves them."""
    rewrites: int = 0
    """How many times it changed the function: slices rewritten, conversions reused."""

    def remember(self, conversion: ConvertLayoutOp) -> None:
        """Offer a conversion that stays for reuse by later ones of the same value and layout."""
        encoding = tensor_encoding(conversion.result)
        if encoding is not None:
            self.remat.setdefault((conversion.src, encoding), conversion.result)

    def reuse(self, conversion: ConvertLayoutOp) -> bool:
        """Replace ``conversion`` by an existing rematerialisation that dominates it."""
        encoding = tensor_encoding(conversion.result)
        assert encoding is not None
        existing = self.remat.get((conversion.src, encoding))
        if existing is None or not _dominates(existing, conversion, self.order):
            return False
        conversion.result.replace_all_uses_with(existing)
        Rewriter.erase_op(conversion)
        self.rewrites += 1
        return True

    def rewrite_slice(self, found: Slice, conversion: ConvertLayoutOp, mapping: dict[SSAValue, SSAValue]) -> None:
        """Clone the slice in its new encodings and let the clone of the root replace the conversion."""
        self.rewrites += 1
        yields: dict[Operation, list[int]] = {}
        to_rewrite: dict[Operation, None] = {}
        for value in found:
            if isinstance(value, OpResult):
                to_rewrite[value.op] = None
                if isinstance(value.op, scf.IfOp):
                    for region in (value.op.true_region, value.op.false_region):
                        terminator = region.block.last_op
                        assert terminator is not None
                        yields.setdefault(terminator, []).append(value.index)
                        to_rewrite[terminator] = None
            elif isinstance(value, BlockArgument) and isinstance(value.block.parent_op(), AnyFuncOp):
                converted = ConvertLayoutOp(value, with_encoding(value.type, found[value]))
                Rewriter.insert_op(converted, InsertPoint.at_start(value.block))
                mapping[value] = converted.result
            else:
                assert isinstance(value, BlockArgument)
                loop = value.block.parent_op()
                assert isinstance(loop, scf.ForOp)
                to_rewrite[loop] = None
                terminator = value.block.last_op
                assert terminator is not None
                yields.setdefault(terminator, []).append(value.index - 1)
                to_rewrite[terminator] = None
        for op in _dependencies_first(list(to_rewrite)):
            if isinstance(op, scf.ForOp):
                carried = [a for a in op.body.block.args[1:] if a in found]
                inits = [mapping.get(op.operands[a.index + 2], op.operands[a.index + 2]) for a in carried]
                width = len(op.results)
                new_loop = _extend_for(op, inits)
                for offset, arg in enumerate(carried):
                    mapping[arg] = new_loop.body.block.args[width + 1 + offset]
                    self.remat[(new_loop.results[arg.index - 1], found[arg])] = new_loop.results[width + offset]
                continue
            if isinstance(op, scf.IfOp):
                rematerialised = [r for r in op.results if r in found]
                width = len(op.results)
                new_if = _extend_if(op, [with_encoding(r.type, found[r]) for r in rematerialised])
                for offset, result in enumerate(rematerialised):
                    mapping[new_if.results[result.index]] = new_if.results[width + offset]
                    self.remat[(new_if.results[result.index], found[result])] = new_if.results[width + offset]
                continue
            if isinstance(op, scf.YieldOp):
                extra = [mapping.get(op.operands[i], op.operands[i]) for i in sorted(yields[op])]
                op.operands = [*op.operands, *extra]
                continue
            clone = self._clone_in(op, found, mapping)
            Rewriter.insert_op(clone, InsertPoint.before(op))
            for old, cloned in zip(op.results, clone.results):
                if old in found:
                    new: SSAValue = cloned
                    if new.type != with_encoding(old.type, found[old]):
                        new = Rewriter.replace_value_with_new_type(new, with_encoding(new.type, found[old]))
                    mapping[old] = new
                    self.remat[(old, found[old])] = new
        conversion.result.replace_all_uses_with(mapping[conversion.src])
        Rewriter.erase_op(conversion)

    @staticmethod
    def _clone_in(op: Operation, found: Slice, mapping: dict[SSAValue, SSAValue]) -> Operation:
        """A copy of ``op`` reading the rematerialised operands; what the slice stopped at
        (constants, ranges, splats, broadcasts of a matching operand) is rebuilt in its new type."""
        if op.results and op.results[0] in found:
            target = found[op.results[0]]
            recreatable = recreatable_in(op, target)
            if recreatable is not None:
                rebuilt = recreatable.rebuild(op, with_encoding(op.results[0].type, target))
                rebuilt.operands = [mapping.get(o, o) for o in rebuilt.operands]
                return rebuilt
        return op.clone(value_mapper=dict(mapping))

    def rematerialise(self, conversion: ConvertLayoutOp) -> None:
        """Triton's ``backwardRematerialization`` of one conversion."""
        target = tensor_encoding(conversion.result)
        if target is None or isinstance(target, DotOperandEncoding) or self.reuse(conversion):
            return
        reuse = Reuse(self.remat, self.order)
        found = backward_slice(conversion.src, target, conversion, from_arguments=True, reuse=reuse)
        if found is None:
            return
        for value in reuse.found:
            del found[value]
        if not rematerialisation_is_cheaper(found, conversion):
            return
        if sum(byte_count(v) for v in _argument_leaves(found)) > byte_count(conversion.src):
            return
        self.rewrite_slice(found, conversion, dict(reuse.found))

    def hoist_above_growth(self, conversion: ConvertLayoutOp) -> None:
        """Triton's ``hoistConvertOnTopOfExtOrBroadcast``: convert before the one op that grows the data."""
        found = conversion_slice(conversion, stop_at_growth=True)
        if found is None:
            return
        growth: Operation | None = None
        for value in list(found):
            owner = value.owner
            if not isinstance(owner, Operation) or not _is_ext_or_broadcast(owner):
                continue
            source = infer_source_encoding(owner, found[value])
            if source is None:
                return
            rest = backward_slice(owner.operands[0], source, owner)
            if rest is not None and merge_slices(found, rest):
                continue
            if growth is not None:
                return
            growth = owner
        if growth is None:
            return
        source = infer_source_encoding(growth, found[growth.results[0]])
        operand = growth.operands[0]
        if source is None or not rematerialisation_is_cheaper(found, conversion, conversion_cost_to(operand, source)):
            return
        result_encoding = found.pop(growth.results[0])
        cvt = ConvertLayoutOp(operand, with_encoding(operand.type, source))
        clone = growth.clone(value_mapper={operand: cvt.result})
        Rewriter.insert_op([cvt, clone], InsertPoint.before(growth))
        new = Rewriter.replace_value_with_new_type(
            clone.results[0], with_encoding(clone.results[0].type, result_encoding)
        )
        self.rewrite_slice(found, conversion, {growth.results[0]: new})


def _dependencies_first(ops: list[Operation]) -> list[Operation]:
    """``ops`` reordered so that each comes after the ops among them that enclose it
    and those whose results it (or an op nested in it, for ops other than loops and
    conditionals, whose nested ops are listed themselves) reads; otherwise in the
    order given.

    This is the part of program order a slice rewrite relies on (an operand is
    re-mapped before its reader is cloned, a loop is extended before its body reads
    the new arguments), found from the slice alone rather than from a walk of the
    whole function per rewrite.
    """
    members = set(ops)
    waiting_on: dict[Operation, int] = {}
    readers: dict[Operation, list[Operation]] = {op: [] for op in ops}
    for op in ops:
        needs: set[Operation] = set()
        ancestor = op.parent_op()
        while ancestor is not None and not isinstance(ancestor, AnyFuncOp):
            if ancestor in members:
                needs.add(ancestor)
            ancestor = ancestor.parent_op()
        nested = [op] if isinstance(op, scf.ForOp | scf.IfOp) or not op.regions else list(op.walk())
        for reader in nested:
            for operand in reader.operands:
                owner = operand.owner
                if isinstance(owner, Operation) and owner in members and owner is not op and not op.is_ancestor(owner):
                    needs.add(owner)
        waiting_on[op] = len(needs)
        for need in needs:
            readers[need].append(op)
    ordered = [op for op in ops if not waiting_on[op]]
    for op in ordered:
        for reader in readers[op]:
            waiting_on[reader] -= 1
            if not waiting_on[reader]:
                ordered.append(reader)
    assert len(ordered) == len(ops), "a slice's ops depend on each other in a cycle"
    return ordered
