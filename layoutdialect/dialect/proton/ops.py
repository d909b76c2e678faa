"""``proton.record``: the start or end of a profiled scope, which Proton's passes lower to
``proton_gpu`` counter reads and buffer stores.  It touches no tensors."""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr, UnitAttr
from xdsl.ir import Attribute, Operation
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_prop_def, prop_def, traits_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect

__all__ = ["ATTRIBUTES", "OPS", "RecordOp", "parse_start_or_end", "print_start_or_end"]


def parse_start_or_end(parser: Parser, op_name: str) -> bool:
    """Proton's ``(`start` $isStart^):(`end`)?``: whether the keyword read is ``start``."""
    if parser.parse_optional_keyword("start") is not None:
        return True
    if parser.parse_optional_keyword("end") is None:
        parser.raise_error(f"custom op '{op_name}' expected 'end'")
    return False


def print_start_or_end(printer: Printer, op: Operation) -> None:
    """`` start`` when ``op`` has the unit property ``isStart``, else `` end``."""
    printer.print_string(" start" if "isStart" in op.properties else " end")


@irdl_op_definition
class RecordOp(IRDLOperation):
    """``proton.record start "name0"`` ... ``proton.record end "name0"``

    Marks where the profiled scope ``name`` starts or ends; a scope name is used once per
    function.  It reads and writes memory, so it is never dead.
    """

    name = "proton.record"

    is_start = opt_prop_def(UnitAttr, prop_name="isStart")
    scope_name = prop_def(StringAttr, prop_name="name")

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, is_start: bool, scope_name: str) -> None:
        properties: dict[str, Attribute] = {"name": StringAttr(scope_name)}
        if is_start:
            properties["isStart"] = UnitAttr()
        super().__init__(properties=properties)

    @classmethod
    def parse(cls, parser: Parser) -> RecordOp:
        is_start = parse_start_or_end(parser, cls.name)
        op = cls(is_start, parser.parse_str_literal())
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        print_start_or_end(printer, self)
        printer.print_string(" ")
        printer.print_string_literal(self.scope_name.data)
        printer.print_op_attributes(self.attributes)


OPS: list[type[Operation]] = [RecordOp]
ATTRIBUTES: list[type[Attribute]] = []
