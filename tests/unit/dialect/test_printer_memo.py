"""The printer makes each attribute object's text once; what it prints must be what
printing every attribute afresh prints, in every print mode, on every FileCheck input
(locations nested in ``loc(fused[...])`` print without their ``loc(...)``, so a text
remembered there would be wrong at the top level)."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from filecheck_inputs import chunk_module, filecheck_chunks
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.printer import Printer

from layoutdialect.dialect import aliases
from layoutdialect.dialect.aliases import AliasPrinter, print_with_aliases
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module
from layoutdialect.ir.diagnostics import IRError

MODES: list[dict[str, bool]] = [
    {},
    {"print_debuginfo": True},
    {"print_generic_format": True, "print_debuginfo": True},
]


class AfreshPrinter(AliasPrinter):
    """The printer without the memo: every attribute printed from scratch."""

    def print_attribute(self, attribute: Attribute) -> None:
        self._print_attribute_afresh(attribute)


def printed(module: Any, options: dict[str, bool]) -> str:
    stream = StringIO()
    print_with_aliases(module, stream, **options)
    return stream.getvalue()


@pytest.mark.parametrize("chunk", filecheck_chunks(error_cases=False))
def test_remembered_texts_print_as_afresh(chunk: str, monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        module = chunk_module(chunk)
    except IRError:
        pytest.skip("an input that only a pass reads")
    remembered = [printed(module, options) for options in MODES]
    monkeypatch.setattr(aliases, "AliasPrinter", AfreshPrinter)
    assert [printed(module, options) for options in MODES] == remembered


FUSED = """
#loc = loc("a.py":1:2)
module {
  tt.func @f(%x: i32) {
    %y = arith.addi %x, %x : i32 loc(fused[#loc, "b.py":3:4])
    %z = arith.addi %y, %y : i32 loc(#loc)
    tt.return loc(#loc)
  } loc(#loc)
}
"""


def test_a_location_first_printed_inside_a_fused_one_prints_whole_alone() -> None:
    module = parse_module(FUSED, "fused.mlir", make_context())
    text = printed(module, {"print_debuginfo": True})
    assert 'loc(fused["a.py":1:2, "b.py":3:4])' in text
    assert ': i32 loc("a.py":1:2)' in text
    assert 'tt.return loc("a.py":1:2)' in text


@irdl_attr_definition
class TwoLineAttr(ParametrizedAttribute):
    """An attribute whose text spans two lines, so its indentation depends on where it is."""

    name = "test.two_lines"

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<first\nsecond>")


def test_an_attribute_spanning_lines_is_printed_afresh_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    two_lines = TwoLineAttr()
    deeper = ModuleOp([ModuleOp([], attributes={"b": two_lines})])
    module = ModuleOp([ModuleOp([], attributes={"a": two_lines}), deeper])
    remembered = printed(module, {})
    monkeypatch.setattr(aliases, "AliasPrinter", AfreshPrinter)
    assert printed(module, {}) == remembered
    assert remembered.count("second>") == 2
