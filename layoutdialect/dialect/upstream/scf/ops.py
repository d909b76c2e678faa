"""``scf`` as MLIR reads and verifies it: xDSL's ops, with the result types of ``scf.if``
and ``scf.for`` accepted with or without parentheses (``scf.if %c -> tensor<...> {`` is
how MLIR prints one result), the implicit ``scf.yield`` added after a trailing
unregistered op, and MLIR's checks that the values each region passes on (its
``scf.yield`` or ``scf.condition``) fit where they go, with MLIR's messages."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Self

from xdsl.dialects import scf
from xdsl.dialects.builtin import IndexType, UnitAttr, i1
from xdsl.dialects.utils import parse_assignment
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import traits_def
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import IsTerminator, RecursiveMemoryEffect, SingleBlockImplicitTerminator, ensure_terminator

from layoutdialect.dialect.ttg.custom_format import op_error

__all__ = ["ExecuteRegionOp", "ForOp", "IfOp", "WhileOp"]

PARENT = "parent"
"""How MLIR names the op itself as the source of a control-flow edge (its operands)."""

Edge = tuple[str, str, Sequence[SSAValue], Sequence[Attribute]]
"""A control-flow edge of a region op: its source and target as MLIR names them, the
values passed along it and the types they arrive as (block arguments or results)."""


def _verify_edges(op: Operation, edges: Iterator[Edge]) -> None:
    """MLIR's ``RegionBranchOpInterface`` check: along each edge, in MLIR's order, as many
    values as the target takes, each of the type it takes."""
    for source, target, values, types in edges:
        where = f"along control flow edge from {source} to {target}"
        if len(values) != len(types):
            message = f"region branch point has {len(values)} operands, but region successor needs {len(types)} inputs"
            raise op_error(op, f"{where}: {message}")
        for index, (value, type_) in enumerate(zip(values, types)):
            if value.type != type_:
                message = f"successor operand type #{index} '{value.type}' should match successor input type #{index}"
                raise op_error(op, f"{where}: {message} '{type_}'")


def _entry_types(region: Region) -> Sequence[Attribute]:
    """The argument types of ``region``'s entry block (none for a region without blocks)."""
    return [] if region.first_block is None else region.first_block.arg_types


def _terminators(region: Region, kind: type[Operation]) -> Iterator[Operation]:
    """The ops of class ``kind`` that end the blocks of ``region``."""
    return (last for block in region.blocks if isinstance(last := block.last_op, kind))


def _named(op: Operation | type[Operation]) -> str:
    """How MLIR names an op at either end of a control-flow edge: a terminator as the
    source, the region op (its results) as the target."""
    return f"Operation {op.name}"


def _parse_arrow_types(parser: Parser) -> Sequence[Attribute]:
    """The types after ``->``: a parenthesised list, or one bare type."""
    parenthesised = parser.parse_optional_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    return parenthesised if parenthesised is not None else [parser.parse_type()]


class IfOp(scf.IfOp):
    """``scf.if`` whose ``-> T`` may name one result type without parentheses, as MLIR's
    ``parseOptionalArrowTypeList`` allows."""

    @staticmethod
    def parse_region_with_yield(parser: Parser) -> Region:
        """A branch, with the ``scf.yield`` MLIR leaves implicit; an unregistered op at
        its end is not taken for a terminator."""
        region = parser.parse_region()
        block = region.blocks.last
        if block is None:
            block = Block()
            region.add_block(block)
        last_op = block.last_op
        if last_op is None or not last_op.has_trait(IsTerminator, value_if_unregistered=False):
            block.add_op(scf.YieldOp())
        return region

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        condition = parser.parse_operand(i1)
        result_types: Sequence[Attribute] = []
        if parser.parse_optional_punctuation("->"):
            result_types = _parse_arrow_types(parser)
        then_region = cls.parse_region_with_yield(parser)
        else_region = cls.parse_region_with_yield(parser) if parser.parse_optional_keyword("else") else Region()
        attributes = parser.parse_optional_attr_dict()
        return cls(condition, result_types, then_region, else_region, attributes)

    def print(self, printer: Printer) -> None:
        """As MLIR prints it: the yields only where there are results, and the attributes
        after a space (``} {marker = 7 : i32}``; xDSL's leaves the space out)."""
        printer.print_string(" ")
        printer.print_operand(self.cond)
        if self.output:
            printer.print_string(" -> (")
            printer.print_list(self.output.types, printer.print_attribute)
            printer.print_string(")")
        terminators = bool(self.output)
        printer.print_string(" ")
        printer.print_region(self.true_region, print_entry_block_args=False, print_block_terminators=terminators)
        if self.false_region.blocks:
            printer.print_string(" else ")
            printer.print_region(self.false_region, print_entry_block_args=False, print_block_terminators=terminators)
        if self.attributes:
            printer.print_string(" ")
            printer.print_attr_dict(self.attributes)

    def verify_(self) -> None:
        """MLIR's: branches without arguments, an ``else`` when there are results, and
        each branch's ``scf.yield`` giving the results."""
        for index, region in enumerate(self.regions):
            if _entry_types(region):
                raise op_error(self, f"region #{index} should have no arguments")
        if self.output and not self.false_region.blocks:
            raise op_error(self, "must have an else block if defining values")
        _verify_edges(self, self._edges())

    def _edges(self) -> Iterator[Edge]:
        results = self.output.types
        yield PARENT, "Region #0", [], _entry_types(self.true_region)
        if self.false_region.blocks:
            yield PARENT, "Region #1", [], _entry_types(self.false_region)
        else:
            yield PARENT, _named(self), [], results
        for region in self.regions:
            for terminator in _terminators(region, scf.YieldOp):
                yield _named(terminator), _named(self), terminator.operands, results


class ForOp(scf.ForOp):
    """``scf.for`` whose ``iter_args(...) -> T`` may name one type without parentheses."""

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        induction = parser.parse_argument(expect_type=False)
        parser.parse_punctuation("=")
        bounds = [parser.parse_unresolved_operand()]
        for keyword in ("to", "step"):
            parser.parse_keyword(keyword)
            bounds.append(parser.parse_unresolved_operand())
        position = parser.pos
        assignments: list[tuple[Parser.UnresolvedArgument, UnresolvedOperand]] = []
        carried_types: Sequence[Attribute] = []
        if parser.parse_optional_keyword("iter_args"):
            assignments = parser.parse_comma_separated_list(parser.Delimiter.PAREN, lambda: parse_assignment(parser))
            parser.parse_punctuation("->")
            carried_types = _parse_arrow_types(parser)
        initial = parser.resolve_operands([operand for _, operand in assignments], carried_types, position)
        carried = [argument.resolve(t) for (argument, _), t in zip(assignments, carried_types)]
        induction_type = parser.parse_type() if parser.parse_optional_punctuation(":") else IndexType()
        lower, upper, step = (parser.resolve_operand(bound, induction_type) for bound in bounds)
        body = parser.parse_region((induction.resolve(induction_type), *carried))
        loop = cls(lower, upper, step, initial, body)
        loop.attributes |= parser.parse_optional_attr_dict()
        for trait in loop.get_traits_of_type(SingleBlockImplicitTerminator):
            ensure_terminator(loop, trait)
        return loop

    def verify_(self) -> None:
        """MLIR's checks in MLIR's order: as many results as initial values, then
        ``LoopLikeOpInterface``'s counts (yielding nothing is left to the edges), then the
        edges: the initial values and each ``scf.yield`` give the loop-carried values and
        the results; xDSL's checks of the induction variable last."""
        if len(self.iter_args) != len(self.res):
            raise op_error(self, "mismatch in number of loop-carried values and defined values")
        if self.body.blocks and self.body.block.args:
            carried = self.body.block.arg_types[1:]
            yielded = [list(terminator.operands) for terminator in _terminators(self.body, scf.YieldOp)]
            counts = (
                ("inits", len(self.iter_args), "region iter_args", len(carried)),
                *(("region iter_args", len(carried), "yielded values", len(values)) for values in yielded if values),
                ("loop results", len(self.res), "region iter_args", len(carried)),
            )
            for first, first_count, second, second_count in counts:
                if first_count != second_count:
                    raise op_error(self, f"different number of {first} and {second}: {first_count} != {second_count}")
            _verify_edges(self, self._edges(carried, yielded))
        super().verify_()

    def _edges(self, carried: Sequence[Attribute], yielded: list[list[SSAValue]]) -> Iterator[Edge]:
        results = self.res.types
        yield PARENT, "Region #0", self.iter_args, carried
        yield PARENT, _named(self), self.iter_args, results
        for values in yielded:
            yield _named(scf.YieldOp), "Region #0", values, carried
            yield _named(scf.YieldOp), _named(self), values, results


class WhileOp(scf.WhileOp):
    """``scf.while`` read, printed and verified as MLIR does: the loop values' list is left
    out when there are none (``scf.while : () -> () {``, Triton's spin lock around
    ``tt.atomic_cas``), which xDSL requires; and xDSL's checks compare the ``after``
    block's arguments with the results, which MLIR does not ask, and raise a bare
    ``Exception``."""

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        assignments = parser.parse_optional_comma_separated_list(
            parser.Delimiter.PAREN, lambda: parse_assignment(parser)
        )
        pairs = assignments or []
        type_start = parser.pos
        parser.parse_punctuation(":")
        function_type = parser.parse_function_type()
        inputs = function_type.inputs.data
        if len(pairs) != len(inputs):
            parser.raise_error(
                f"expected as many input types as operands (expected {len(pairs)} got {len(inputs)})",
                type_start,
                parser.pos,
            )
        block_args = tuple(argument.resolve(t) for (argument, _), t in zip(pairs, inputs, strict=True))
        arguments = tuple(parser.resolve_operand(operand, t) for (_, operand), t in zip(pairs, inputs, strict=True))
        before_region = parser.parse_region(block_args)
        parser.parse_characters("do")
        after_region = parser.parse_region()
        op = cls(arguments, function_type.outputs.data, before_region, after_region)
        if (attributes := parser.parse_optional_attr_dict_with_keyword()) is not None:
            op.attributes |= attributes.data
        return op

    def print(self, printer: Printer) -> None:
        if self.arguments:
            printer.print_string(" (")
            printer.print_list(
                zip(self.before_region.block.args, self.arguments, strict=True),
                lambda pair: self._print_pair(printer, pair),
            )
            printer.print_string(")")
        printer.print_string(" : ")
        printer.print_operation_type(self)
        printer.print_string(" ")
        printer.print_region(self.before_region, print_entry_block_args=False)
        printer.print_string(" do ")
        printer.print_region(self.after_region)
        if self.attributes:
            printer.print_op_attributes(self.attributes, print_keyword=True)

    def verify_(self) -> None:
        """The ``before`` region ends in ``scf.condition``, the ``after`` region in
        ``scf.yield``; the initial values and each ``scf.yield`` give the ``before``
        region's arguments, the condition's values give the results and the ``after``
        region's arguments."""
        regions = (
            (self.before_region, "before", scf.ConditionOp),
            (self.after_region, "after", scf.YieldOp),
        )
        for index, (region, name, terminator) in enumerate(regions):
            if len(region.blocks) > 1:
                raise op_error(self, f"expects region #{index} to have 0 or 1 blocks")
            if region.blocks and not isinstance(region.block.last_op, terminator):
                raise op_error(self, f"expects the '{name}' region to terminate with '{terminator.name}'")
        _verify_edges(self, self._edges())

    def _edges(self) -> Iterator[Edge]:
        before, after = _entry_types(self.before_region), _entry_types(self.after_region)
        yield PARENT, "Region #0", self.arguments, before
        for condition in _terminators(self.before_region, scf.ConditionOp):
            assert isinstance(condition, scf.ConditionOp)
            yield _named(condition), _named(self), condition.args, self.res.types
            yield _named(condition), "Region #1", condition.args, after
        for terminator in _terminators(self.after_region, scf.YieldOp):
            yield _named(terminator), "Region #0", terminator.operands, before


class ExecuteRegionOp(scf.ExecuteRegionOp):
    """``scf.execute_region -> T no_inline { ... } {attrs}`` as MLIR reads and prints it:
    xDSL's loses the attributes when parsing, and the ``scf.yield`` when printing a
    region without results, so its text does not read back.  Its effects are those of
    its body (MLIR's ``RecursiveMemoryEffects``, which xDSL's lacks), so one whose body
    only reads and whose results nobody uses is dead, as Triton's passes find it."""

    traits = traits_def(scf.ExecuteRegionOpHasCanonicalizationPatternsTrait(), RecursiveMemoryEffect())

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        result_types = _parse_arrow_types(parser) if parser.parse_optional_punctuation("->") else []
        no_inline = parser.parse_optional_keyword("no_inline") is not None
        op = cls(result_types, parser.parse_region())
        op.attributes |= parser.parse_optional_attr_dict()
        if no_inline:
            op.attributes["no_inline"] = UnitAttr()
        return op

    def print(self, printer: Printer) -> None:
        if self.outs:
            printer.print_string(" -> ")
            if len(self.outs) == 1:
                printer.print_attribute(self.outs.types[0])
            else:
                printer.print_string("(")
                printer.print_list(self.outs.types, printer.print_attribute)
                printer.print_string(")")
        printer.print_string(" no_inline" if "no_inline" in self.attributes else "")
        printer.print_string(" ")
        printer.print_region(self.region, print_entry_block_args=False, print_block_terminators=True)
        printer.print_op_attributes(self.attributes, reserved_attr_names=("no_inline",))

    def verify_(self) -> None:
        """xDSL's check (a block), then MLIR's: each ``scf.yield`` gives the results."""
        super().verify_()
        results = self.outs.types
        edges = (
            (_named(terminator), _named(self), terminator.operands, results)
            for terminator in _terminators(self.region, scf.YieldOp)
        )
        _verify_edges(self, edges)
