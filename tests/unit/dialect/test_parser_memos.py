"""The parser reads each distinct bracketed type and each attribute dictionary once;
what it hands out must be what reading the text afresh gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import IntegerAttr, StringAttr

from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import (
    _closing_angle_bracket,
    _closing_angle_bracket_by_scan,
    parse_module,
    print_module,
)

RANGES = """
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f() {
    %a = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %b = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %c = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %r = tt.make_range {end = 256 : i32, start = 128 : i32} : tensor<128xi32, #blocked>
    %d = "tt.scan"(%a) ({
    ^bb0(%x: i32, %y: i32):
      %s = arith.addi %x, %y : i32
      tt.scan.return %s : i32
    }) {axis = 0 : i32, reverse = false} : (tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    %e = "tt.scan"(%b) ({
    ^bb0(%x: i32, %y: i32):
      %s = arith.addi %x, %y : i32
      tt.scan.return %s : i32
    }) {axis = 0 : i32, reverse = false, note = "a}b"} : (tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    tt.return
  }
}
"""


def test_repeated_dictionaries_give_each_op_its_own_attributes() -> None:
    module = parse_module(RANGES, "ranges.mlir", make_context())
    ranges = [op for op in module.walk() if op.name == "tt.make_range"]
    assert [(op.properties["start"], op.properties["end"]) for op in ranges] == [
        (IntegerAttr(0, 32), IntegerAttr(128, 32)),
        (IntegerAttr(0, 32), IntegerAttr(128, 32)),
        (IntegerAttr(0, 32), IntegerAttr(128, 32)),
        (IntegerAttr(128, 32), IntegerAttr(256, 32)),
    ]
    first, second = (op for op in module.walk() if op.name == "tt.scan")
    assert "note" not in first.attributes and second.attributes["note"] == StringAttr("a}b")
    assert ranges[0].results[0].type is ranges[1].results[0].type


def test_reading_the_printed_module_prints_it_again() -> None:
    printed = print_module(parse_module(RANGES, "ranges.mlir", make_context()))
    assert print_module(parse_module(printed, "printed.mlir", make_context())) == printed
    assert printed.count("{end = 128 : i32, start = 0 : i32}") == 3


@settings(deadline=None)
@given(st.text(alphabet='<>-"a ', max_size=16))
def test_a_type_ends_where_the_bracket_scan_says(tail: str) -> None:
    """The one-match reading of a bracket without nesting (most types) agrees with the
    bracket-by-bracket scan, on every text."""
    text = "tensor<" + tail
    assert _closing_angle_bracket(text, 6) == _closing_angle_bracket_by_scan(text, 6)
