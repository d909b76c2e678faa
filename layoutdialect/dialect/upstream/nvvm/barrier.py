"""``nvvm.barrier``: the CTA barrier (PTX ``bar.sync``), as Triton's NVIDIA pipelines write it
into TTGIR, with its optional barrier id and thread count."""

from __future__ import annotations

from typing import Self

from xdsl.dialects.builtin import I32, i32
from xdsl.ir import SSAValue
from xdsl.irdl import AttrSizedOperandSegments, IRDLOperation, irdl_op_definition, opt_operand_def
from xdsl.parser import Parser
from xdsl.printer import Printer

__all__ = ["BarrierOp"]


@irdl_op_definition
class BarrierOp(IRDLOperation):
    """``nvvm.barrier`` (every thread of the CTA), ``nvvm.barrier id = %b`` (named barrier
    ``%b``) or ``nvvm.barrier id = %b number_of_threads = %n``; it declares no effects, so
    passes keep it where it is."""

    name = "nvvm.barrier"

    barrier_id = opt_operand_def(I32)
    number_of_threads = opt_operand_def(I32)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(self, barrier_id: SSAValue | None = None, number_of_threads: SSAValue | None = None) -> None:
        super().__init__(operands=[barrier_id, number_of_threads])

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        operands: list[SSAValue | None] = []
        for keyword in ("id", "number_of_threads"):
            if parser.parse_optional_keyword(keyword) is None:
                operands.append(None)
                continue
            parser.parse_punctuation("=")
            operands.append(parser.resolve_operand(parser.parse_unresolved_operand(), i32))
        op = cls(*operands)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        for keyword, value in (("id", self.barrier_id), ("number_of_threads", self.number_of_threads)):
            if value is not None:
                printer.print_string(f" {keyword} = ")
                printer.print_operand(value)
        printer.print_op_attributes(self.attributes)
