"""The layout-assignment problem of one function: each op chooses among the layouts it
may take, each choice has a modelled cost, and a value read in a layout its producer
did not take pays a conversion.

Conversions dissolve: every ``ttg.convert_layout`` is dropped from the problem and its
readers read the value it converts, in the layout they demand.  What is left are
*choices*, one per op (and one per block, for its arguments, and one per tensor a loop
or a conditional carries), each with *strategies*:

- an op whose layout is free takes one or several (copies, each paying the op again,
  for pure ops) of its candidate layouts: a ``Recreatable`` op (a splat, a range, a splat
  constant) any layout, a ``SameLayout`` op (elementwise ops, loads, stores) one layout
  for all its tensors, an ``InferredLayout`` op (``expand_dims``, ``reduce``, ...) one
  layout for its operands that its results follow;
- a tensor an ``scf.for`` or ``scf.if`` carries (``CarriedSlot``) takes one layout in
  all its places;
- every other op (dots, loops and conditionals apart from what they carry, terminators,
  ops with regions) keeps the types it has: one strategy, fixed.

Candidates are found by closure: each op starts from its own layout (a reduction also
from its reduce-friendly one, ``candidates``) and takes every
layout a neighbour offers, through the ops' rules (a producer is offered what its
readers demand, a reader what its producer makes; a block's arguments offer theirs), at
most ``MAX_CANDIDATES`` each.  A layout in which one of the op's tensors alone would hold
more registers than a thread of the target has is never a candidate (a layout that puts
a whole tensor in every thread).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from xdsl.dialects import scf
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.traits import get_effects

from layoutdialect.cost import Pricer, trip_count, trips
from layoutdialect.cost.register_pressure import type_registers
from layoutdialect.dialect.semantics import (
    InferredLayout,
    KeepsLayout,
    Recreatable,
    SameLayout,
    distributed_encoding,
    layout_rule,
    semantic_trait,
)
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.tt.memory import LoadOp, StoreOp
from layoutdialect.dialect.tt.ops import ReduceOp
from layoutdialect.dialect.tt.scan import ScanOp
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.dialect.ttg.tensors import with_encoding
from layoutdialect.encodings import DistributedEncoding, EncodingError, to_linear_layout
from layoutdialect.passes.assign_layouts.candidates import reduce_friendly

__all__ = [
    "MAX_CANDIDATES",
    "Choice",
    "LayoutProblem",
    "CarriedSlot",
    "Read",
    "Strategy",
    "dissolves",
    "recreatable_anywhere",
    "root",
]

MAX_CANDIDATES = 6
"""The most layouts one op chooses among."""


@dataclass(frozen=True)
class Strategy:
    """One way to compute an op: the types of its results, the type each operand must be
    read in (``None``: as it is, not a distributed tensor), and what it costs in all
    (its modelled cost each time, times its trip count)."""

    encoding: DistributedEncoding | None
    results: tuple[Attribute, ...]
    demands: tuple[Attribute | None, ...]
    cost: float


@dataclass(frozen=True)
class CarriedSlot:
    """A value a region op carries, in one type everywhere: the values it is ``made`` as (a
    loop's result and its body's argument; a conditional's result) and the operands that
    ``pass`` it in (a loop's init and its body's yield; each branch's yield)."""

    made: tuple[SSAValue, ...]
    passed: tuple[tuple[Operation, int], ...]

    @staticmethod
    def of_loop(loop: scf.ForOp, index: int) -> CarriedSlot:
        """The ``index``-th value ``loop`` carries."""
        body = loop.body.block
        assert body.last_op is not None
        init = len(loop.operands) - len(loop.iter_args) + index
        return CarriedSlot((loop.results[index], body.args[index + 1]), ((loop, init), (body.last_op, index)))

    @staticmethod
    def of_conditional(conditional: scf.IfOp, index: int) -> CarriedSlot:
        """The ``index``-th result of ``conditional``, which each branch yields."""
        yields = [region.block.last_op for region in conditional.regions if region.blocks]
        assert all(y is not None for y in yields)
        return CarriedSlot((conditional.results[index],), tuple((y, index) for y in yields if y is not None))

    def passed_values(self) -> Iterator[SSAValue]:
        for op, index in self.passed:
            yield op.operands[index]


@dataclass
class Choice:
    """What one op, one block's arguments (``op`` then ``None``) or one carried value
    (``slot``) may be computed as.  ``copies``: whether several strategies may be taken at
    once; ``fixed``: whether only its own types are allowed.  ``trips``: how many times it
    runs (a slot's: its region op's)."""

    op: Operation | None
    block: Block | None
    strategies: list[Strategy]
    fixed: bool
    copies: bool
    trips: int
    slot: CarriedSlot | None = None


@dataclass(frozen=True)
class Read:
    """``choice``'s ``strategy`` reads ``value`` in type ``demand``."""

    choice: int
    strategy: int
    value: SSAValue
    demand: Attribute


def dissolves(op: Operation) -> bool:
    """Whether ``op`` is a conversion between distributed layouts, which the problem drops
    (one to or from another kind of encoding stays as it is)."""
    return (
        isinstance(op, ConvertLayoutOp)
        and distributed_encoding(op.src.type) is not None
        and distributed_encoding(op.result.type) is not None
    )


def root(value: SSAValue) -> SSAValue:
    """The value a chain of conversions converts (``value`` itself when it is no conversion's)."""
    while isinstance(value, OpResult) and dissolves(value.op):
        value = value.op.operands[0]
    return value


def _readers(value: SSAValue) -> Iterator[tuple[Operation, int]]:
    """Every (op, operand index) reading ``value``, through conversions."""
    for use in list(value.uses):
        if dissolves(use.operation):
            yield from _readers(use.operation.results[0])
        else:
            yield use.operation, use.index


@dataclass
class LayoutProblem:
    """The choices of a function and the reads between them."""

    pricer: Pricer
    choices: list[Choice] = field(default_factory=list)
    index: dict[Operation | Block, int] = field(default_factory=dict)
    reads: list[Read] = field(default_factory=list)
    slot_values: dict[SSAValue, int] = field(default_factory=dict)
    """Each carried value (a loop's result or body argument, a conditional's result) to its slot's choice."""
    slot_operands: dict[tuple[Operation, int], int] = field(default_factory=dict)
    """Each (op, operand index) that passes a carried value in to its slot's choice."""

    @staticmethod
    def of(func: AnyFuncOp, pricer: Pricer) -> LayoutProblem:
        problem = LayoutProblem(pricer)
        problem._collect(func.body.block, 1)
        problem._generate_candidates()
        problem._close_candidates()
        for number, choice in enumerate(problem.choices):
            for strategy_number, strategy in enumerate(choice.strategies):
                if choice.slot is not None:
                    for value in choice.slot.passed_values():
                        problem.reads.append(Read(number, strategy_number, root(value), strategy.results[0]))
                    continue
                assert choice.op is not None or not strategy.demands
                if choice.op is None:
                    continue
                for operand, demand in zip(choice.op.operands, strategy.demands):
                    if demand is not None:
                        problem.reads.append(Read(number, strategy_number, root(operand), demand))
        return problem

    def producer(self, value: SSAValue) -> tuple[int, int]:
        """The choice that produces ``value`` and the index of ``value`` among its results."""
        if value in self.slot_values:
            return self.slot_values[value], 0
        if isinstance(value, BlockArgument):
            return self.index[value.block], value.index
        assert isinstance(value, OpResult)
        return self.index[value.op], value.index

    def value_trips(self, value: SSAValue) -> int:
        """How many times ``value`` is made: a loop body's argument each trip of its loop."""
        if isinstance(value, BlockArgument):
            return self.choices[self.index[value.block]].trips
        return self.choices[self.producer(value)[0]].trips

    def _collect(self, block: Block, block_trips: int) -> None:
        arguments = tuple(argument.type for argument in block.args)
        self.index[block] = len(self.choices)
        self.choices.append(Choice(None, block, [Strategy(None, arguments, (), 0.0)], True, False, block_trips))
        for op in block.ops:
            if dissolves(op):
                continue
            if isinstance(op, scf.ForOp | scf.IfOp):
                self._collect_slots(op)
            self.index[op] = len(self.choices)
            self.choices.append(self._choice(op))
            if op.regions and not isinstance(op, ReduceOp | ScanOp):
                inner_trips = trips(op) * (trip_count(op) if isinstance(op, scf.ForOp | scf.WhileOp) else 1)
                for region in op.regions:
                    for inner in region.blocks:
                        self._collect(inner, inner_trips)

    def _collect_slots(self, op: scf.ForOp | scf.IfOp) -> None:
        """A choice for each tensor ``op`` carries (a loop's iter args, a conditional's
        results): the one type its places share."""
        for index, result in enumerate(op.results):
            encoding = distributed_encoding(result.type)
            if encoding is None:
                continue
            slot = (
                CarriedSlot.of_loop(op, index) if isinstance(op, scf.ForOp) else CarriedSlot.of_conditional(op, index)
            )
            number = len(self.choices)
            own = Strategy(encoding, (result.type,), (), 0.0)
            self.choices.append(Choice(None, None, [own], False, False, trips(op), slot))
            for value in slot.made:
                self.slot_values[value] = number
            for place in slot.passed:
                self.slot_operands[place] = number

    def _choice(self, op: Operation) -> Choice:
        own = self._own_strategy(op)
        encoding = _free_encoding(op)
        if encoding is None:
            return Choice(op, None, [own], True, False, trips(op))
        strategy = self.strategy(op, encoding)
        effects = get_effects(op)
        copies = effects is not None and not effects
        if strategy is None or strategy.results != own.results or strategy.demands != own.demands:
            # its rule does not give the types it has (a histogram's bins, a broadcast into
            # another layout): those stay one of its choices, beside what its rule allows
            return Choice(op, None, [own], False, copies, trips(op))
        return Choice(op, None, [strategy], False, copies, trips(op))

    def _own_strategy(self, op: Operation) -> Strategy:
        """``op`` with its own types; an operand passing a carried value in is read by the
        value's slot, not by ``op``."""
        results = tuple(result.type for result in op.results)
        demands = tuple(
            operand.type
            if distributed_encoding(operand.type) is not None and (op, index) not in self.slot_operands
            else None
            for index, operand in enumerate(op.operands)
        )
        item = self.pricer.price(op)
        return Strategy(None, results, demands, 0.0 if item is None else item.cost)

    def strategy(self, op: Operation, encoding: DistributedEncoding) -> Strategy | None:
        """``op`` computed with its free layout ``encoding`` (``_free_encoding``'s sense),
        or ``None`` when it cannot be."""
        result_encoding = _result_encoding(op, encoding)
        if result_encoding is None:
            return None
        try:
            results = tuple(
                _retyped(result.type, result_encoding) if distributed_encoding(result.type) else result.type
                for result in op.results
            )
            demands: tuple[Attribute | None, ...] = tuple(
                _retyped(operand.type, encoding) if distributed_encoding(operand.type) else None
                for operand in op.operands
            )
        except EncodingError:
            return None
        if not self._fits_in_registers(type_ for type_ in (*results, *demands) if type_ is not None):
            return None
        item = self.pricer.price(op, ([d or o.type for d, o in zip(demands, op.operands)], list(results)))
        return Strategy(encoding, results, demands, 0.0 if item is None else item.cost)

    def _generate_candidates(self) -> None:
        """Give each reduction its reduce-friendly layout (``candidates``) beside its own."""
        for choice in list(self.choices):
            op = choice.op
            if not isinstance(op, ReduceOp) or choice.fixed:
                continue
            source = op.operands[0].type
            encoding = distributed_encoding(source)
            if encoding is None or not isinstance(source, TensorType):
                continue
            friendly = reduce_friendly(encoding, tuple(source.get_shape()), op.axis.value.data)
            if friendly is not None:
                self._add_candidate(self.index[op], friendly)

    def _close_candidates(self) -> None:
        """Offer each free choice the layouts its neighbours make or demand, to a fixed point."""
        offered = list(range(len(self.choices)))
        while offered:
            number = offered.pop()
            choice = self.choices[number]
            offers: list[tuple[int, DistributedEncoding]]
            if choice.slot is not None:
                offers = [
                    offer
                    for strategy in list(choice.strategies)
                    for offer in self._offers_of_slot(choice.slot, strategy)
                ]
            elif choice.op is None:
                assert choice.block is not None
                offers = list(self._offers_of_arguments(choice.block))
            else:
                offers = [offer for strategy in list(choice.strategies) for offer in self._offers(choice.op, strategy)]
            for neighbour, encoding in offers:
                if self._add_candidate(neighbour, encoding):
                    offered.append(neighbour)

    def _offer_to_producer(
        self, value: SSAValue, wanted: DistributedEncoding
    ) -> Iterator[tuple[int, DistributedEncoding]]:
        """The producer of ``value`` offered the layout that makes ``value`` in ``wanted``."""
        value = root(value)
        if value in self.slot_values:
            yield self.slot_values[value], wanted
            return
        producer = value.owner
        if isinstance(producer, Operation) and producer in self.index:
            offer = _operand_encoding_for(producer, wanted)
            if offer is not None:
                yield self.index[producer], offer

    def _offers_to_readers(
        self, value: SSAValue, made: DistributedEncoding
    ) -> Iterator[tuple[int, DistributedEncoding]]:
        """Each reader of ``value`` (the slot, where it passes a carried value in) offered ``made``."""
        for reader, index in _readers(value):
            number = self.slot_operands.get((reader, index), self.index.get(reader))
            if number is not None:
                yield number, made

    def _offers(self, op: Operation, strategy: Strategy) -> Iterator[tuple[int, DistributedEncoding]]:
        """(choice, layout) pairs: each producer of an operand offered the layout the
        operand is read in, each reader of a result the layout the result is made in."""
        for operand, demand in zip(op.operands, strategy.demands):
            wanted = distributed_encoding(demand) if demand is not None else None
            if wanted is not None:
                yield from self._offer_to_producer(operand, wanted)
        for result, type_ in zip(op.results, strategy.results):
            made = distributed_encoding(type_)
            if made is not None and result not in self.slot_values:
                yield from self._offers_to_readers(result, made)

    def _offers_of_arguments(self, block: Block) -> Iterator[tuple[int, DistributedEncoding]]:
        """Each reader of a block argument offered the argument's layout."""
        for argument in block.args:
            made = distributed_encoding(argument.type)
            if made is not None and argument not in self.slot_values:
                yield from self._offers_to_readers(argument, made)

    def _offers_of_slot(self, slot: CarriedSlot, strategy: Strategy) -> Iterator[tuple[int, DistributedEncoding]]:
        """A carried value's layout offered to what makes the values passed in, and to
        what reads it."""
        made = strategy.encoding
        assert made is not None
        for value in slot.passed_values():
            yield from self._offer_to_producer(value, made)
        for value in slot.made:
            yield from self._offers_to_readers(value, made)

    def _add_candidate(self, number: int, encoding: DistributedEncoding) -> bool:
        choice = self.choices[number]
        if choice.fixed or len(choice.strategies) >= MAX_CANDIDATES:
            return False
        if any(strategy.encoding == encoding for strategy in choice.strategies):
            return False
        if choice.slot is not None:
            strategy = self._slot_strategy(choice.slot, encoding)
        else:
            assert choice.op is not None
            strategy = self.strategy(choice.op, encoding)
        if strategy is None:
            return False
        choice.strategies.append(strategy)
        return True

    def _slot_strategy(self, slot: CarriedSlot, encoding: DistributedEncoding) -> Strategy | None:
        """A carried value in ``encoding``, or ``None`` where it does not fit or would alone
        hold more registers than a thread has."""
        try:
            type_ = _retyped(slot.made[0].type, encoding)
        except EncodingError:
            return None
        if not self._fits_in_registers([type_]):
            return None
        return Strategy(encoding, (type_,), (), 0.0)

    def _fits_in_registers(self, types: Iterable[Attribute]) -> bool:
        """Whether no tensor of ``types`` alone holds more registers than a thread has (a
        layout that puts a whole tensor in every thread does not)."""
        limit = self.pricer.gpu.registers_per_thread
        return all(type_registers(type_) <= limit for type_ in types)


def recreatable_anywhere(op: Operation) -> Recreatable | None:
    """How ``op`` is built again in any layout (a splat, a range, a splat constant), or
    ``None`` when it cannot be."""
    recreatable = semantic_trait(op, Recreatable)
    if recreatable is not None and recreatable.holds_anywhere(op) and len(op.results) == 1:
        return recreatable
    return None


def _free_encoding(op: Operation) -> DistributedEncoding | None:
    """The layout ``op`` is free to change, as it has it now: the encoding of its layout
    operands (of its result for an op without them); ``None`` for an op that keeps its types."""
    if op.regions and not isinstance(op, ReduceOp | ScanOp):
        return None
    if isinstance(op, StoreOp):
        encodings = {distributed_encoding(o.type) for o in op.operands if isinstance(o.type, TensorType)}
        return encodings.pop() if len(encodings) == 1 else None
    keeps = semantic_trait(op, KeepsLayout)
    if keeps is not None and keeps.holds(op) and not isinstance(op, LoadOp):
        return None
    if recreatable_anywhere(op) is not None:
        return distributed_encoding(op.results[0].type)
    rule = layout_rule(op)
    if not isinstance(rule, SameLayout | InferredLayout):
        return None
    tensors = [o for o in op.operands if isinstance(o.type, TensorType)]
    if not tensors or rule.layout_operands(op) != tensors:
        return None
    encodings = {distributed_encoding(o.type) for o in tensors}
    if len(encodings) != 1 or None in encodings:
        return None
    results = [r for r in op.results if isinstance(r.type, TensorType)]
    if any(distributed_encoding(r.type) is None for r in results):
        return None
    return encodings.pop()


def _result_encoding(op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
    """The encoding of ``op``'s tensor results when its free layout is ``encoding``."""
    if isinstance(op, StoreOp):
        return encoding
    if (recreatable := recreatable_anywhere(op)) is not None:
        return encoding if recreatable.holds(op, encoding) else None
    rule = layout_rule(op)
    return None if rule is None else rule.result_encoding(op, encoding)


def _operand_encoding_for(op: Operation, result: DistributedEncoding) -> DistributedEncoding | None:
    """The free layout of ``op`` that makes its results in ``result``."""
    if isinstance(op, StoreOp):
        return None
    if recreatable_anywhere(op) is not None:
        return result
    rule = layout_rule(op)
    return None if rule is None else rule.operand_encoding(op, result)


def _retyped(type_: Attribute, encoding: DistributedEncoding) -> TensorType[Attribute]:
    """``type_`` in ``encoding``; ``EncodingError`` when the encoding does not fit its shape."""
    assert isinstance(type_, TensorType)
    shape = list(type_.get_shape())
    if encoding.rank != len(shape):
        raise EncodingError(f"a rank-{encoding.rank} encoding for a rank-{len(shape)} tensor")
    to_linear_layout(encoding, shape)
    return with_encoding(type_, encoding)
