"""``scf`` as MLIR reads it: xDSL's ops, with the result types of ``scf.if`` and ``scf.for``
accepted with or without parentheses (``scf.if %c -> tensor<...> {`` is how MLIR prints
one result) and
its implicit ``scf.yield`` added after a trailing unregistered op."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from xdsl.dialects import scf
from xdsl.dialects.builtin import IndexType, UnitAttr, i1
from xdsl.dialects.utils import parse_assignment
from xdsl.ir import Attribute, Block, Region
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import IsTerminator, SingleBlockImplicitTerminator, ensure_terminator

__all__ = ["ExecuteRegionOp", "ForOp", "IfOp"]


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
        if not carried:
            for trait in loop.get_traits_of_type(SingleBlockImplicitTerminator):
                ensure_terminator(loop, trait)
        return loop


class ExecuteRegionOp(scf.ExecuteRegionOp):
    """``scf.execute_region -> T no_inline { ... } {attrs}`` as MLIR reads and prints it:
    xDSL's loses the attributes when parsing, and the ``scf.yield`` when printing a
    region without results, so its text does not read back."""

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
