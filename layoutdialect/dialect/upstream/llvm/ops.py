"""``llvm.intr.assume``, which Triton's passes write into TTGIR and xDSL's ``llvm`` dialect lacks."""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, i1, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def
from xdsl.parser import Parser
from xdsl.printer import Printer

__all__ = ["AssumeOp"]


def _no_bundles() -> dict[str, Attribute]:
    """The operand-bundle properties of an assumption without bundles, as MLIR's generic
    form requires them."""
    return {"op_bundle_sizes": DenseArrayBase.from_list(i32, ()), "op_bundle_tags": ArrayAttr(())}


@irdl_op_definition
class AssumeOp(IRDLOperation):
    """``llvm.intr.assume %cond : i1``: the optimiser may take ``%cond`` to be true.  It has
    no results but is kept, as the fact it states is its effect.  LLVM's operand bundles
    are not used in TTGIR; their (empty) properties are kept for MLIR's generic form."""

    name = "llvm.intr.assume"

    cond = operand_def(i1)
    op_bundle_sizes = prop_def(DenseArrayBase)
    op_bundle_tags = prop_def(ArrayAttr)

    def __init__(self, cond: SSAValue) -> None:
        super().__init__(operands=[cond], properties=_no_bundles())

    @classmethod
    def parse(cls, parser: Parser) -> AssumeOp:
        name = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        cond = parser.resolve_operand(name, parser.parse_type())
        op = cls(cond)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.cond)
        printer.print_string(" : ")
        printer.print_attribute(self.cond.type)
        printer.print_op_attributes(self.attributes)
