"""Rebuilding a function as a solution of its layout-assignment problem says.

The body is built again, op by op in program order: each op once per strategy taken
(an op taking two is rematerialised), with the types of its strategy, reading each
operand in the type it demands; right after the op (or at the start of a block, for
its arguments) come the conversions the solution makes of its results.  A carried value
takes its slot's type in every place: a loop's init operand, result, body argument and
yielded value; a conditional's result and each branch's yielded value.  The old
conversions are not rebuilt: their readers read the value they converted.
"""

from __future__ import annotations

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.tt.ops import ReduceOp
from layoutdialect.dialect.tt.scan import ScanOp
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.ir.dead_ops import erase_dead_ops
from layoutdialect.ir.locations import op_location, record_op_position
from layoutdialect.ir.regions import replace_blocks
from layoutdialect.passes.assign_layouts.problem import LayoutProblem, Strategy, dissolves, recreatable_anywhere, root
from layoutdialect.passes.assign_layouts.solver import Solution

__all__ = ["rewrite_function"]


class _Rebuilder:
    def __init__(self, problem: LayoutProblem, solution: Solution) -> None:
        self.problem = problem
        self.solution = solution
        self.available: dict[tuple[SSAValue, Attribute], SSAValue] = {}
        self.conversions: dict[SSAValue, list[tuple[Attribute, Attribute]]] = {}
        for value, source, demand in solution.conversions:
            self.conversions.setdefault(value, []).append((source, demand))
        self.slot_types = {value: self._slot_type(number) for value, number in problem.slot_values.items()}
        self.slot_reads = {place: self._slot_type(number) for place, number in problem.slot_operands.items()}

    def _slot_type(self, number: int) -> Attribute:
        """The type the solution gives the carried value of choice ``number``."""
        (taken,) = self.solution.taken[number]
        return self.problem.choices[number].strategies[taken].results[0]

    def block(self, old: Block) -> Block:
        new = Block(arg_types=[self.slot_types.get(argument, argument.type) for argument in old.args])
        for argument, fresh_argument in zip(old.args, new.args):
            fresh_argument.name_hint = argument.name_hint
            self.available[(argument, fresh_argument.type)] = fresh_argument
        for argument in old.args:
            self._convert(argument, new)
        for op in old.ops:
            if dissolves(op):
                continue
            number = self.problem.index[op]
            choice = self.problem.choices[number]
            for taken in self.solution.taken[number]:
                strategy = choice.strategies[taken]
                rebuilt = self._op(op, strategy)
                new.add_op(rebuilt)
                for result, fresh in zip(op.results, rebuilt.results):
                    fresh.name_hint = result.name_hint
                    self.available.setdefault((result, fresh.type), fresh)
            for result in op.results:
                self._convert(result, new)
        return new

    def _convert(self, value: SSAValue, block: Block) -> None:
        """Append to ``block`` the conversions the solution makes of ``value``, each once its
        source is there (a conversion of a conversion after the first)."""
        waiting = list(self.conversions.get(value, []))
        while waiting:
            ready = [(source, demand) for source, demand in waiting if (value, source) in self.available]
            assert ready, "a conversion's source is never made"
            for source, demand in ready:
                waiting.remove((source, demand))
                if (value, demand) in self.available:
                    continue
                assert isinstance(demand, TensorType)
                conversion = ConvertLayoutOp(self.available[(value, source)], demand)
                conversion.result.name_hint = value.name_hint
                block.add_op(conversion)
                self.available[(value, demand)] = conversion.result

    def _read(self, op: Operation, index: int, demand: Attribute | None) -> SSAValue:
        operand = op.operands[index]
        slot_type = self.slot_reads.get((op, index))
        if slot_type is not None:
            return self.available[(root(operand), slot_type)]
        if demand is None:
            return self.available[(operand, operand.type)]
        return self.available[(root(operand), demand)]

    def _op(self, op: Operation, strategy: Strategy) -> Operation:
        operands = [self._read(op, index, demand) for index, demand in enumerate(strategy.demands)]
        if len(operands) < len(op.operands):
            operands += [self._read(op, index, None) for index in range(len(operands), len(op.operands))]
        recreatable = recreatable_anywhere(op)
        rebuilt: Operation
        if strategy.encoding is not None and recreatable is not None:
            result_type = strategy.results[0]
            assert isinstance(result_type, TensorType)
            rebuilt = recreatable.rebuild(op, result_type)
            rebuilt.operands = operands
        else:
            if isinstance(op, ReduceOp | ScanOp):
                regions = [region.clone() for region in op.regions]
            else:
                regions = [self._region(region) for region in op.regions]
            rebuilt = op.__class__.create(
                operands=operands,
                result_types=[
                    self.slot_types.get(result, type_) for result, type_ in zip(op.results, strategy.results)
                ],
                properties=dict(op.properties),
                attributes=dict(op.attributes),
                location=op.location,
                regions=regions,
            )
        rebuilt.location = op.location
        if (position := op_location(op)) is not None:
            record_op_position(rebuilt, position)
        return rebuilt

    def _region(self, old: Region) -> Region:
        return Region([self.block(block) for block in old.blocks])


def rewrite_function(func: AnyFuncOp, problem: LayoutProblem, solution: Solution) -> None:
    """Replace the body of ``func`` by the one ``solution`` chooses, dead ops erased."""
    replace_blocks(func.body, Region([_Rebuilder(problem, solution).block(func.body.block)]))
    erase_dead_ops(func.body)
