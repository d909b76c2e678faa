"""What counts as the same behaviour: runs cut off by the loop bound, unregistered ops
as observers, and opaque functions (inline assembly) of their operands."""

from __future__ import annotations

import pytest

from layoutdialect import make_context, parse_module
from layoutdialect.sim.same_semantics import SemanticsChanged, check_same_semantics

CTX = make_context(allow_unregistered=True)

WHILE = """
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @spin(%go: i1, %x: i32) -> i32 {
    %r = scf.while (%a = %x) : (i32) -> i32 {
      scf.condition(%go) %a : i32
    } do {
    ^bb0(%a: i32):
      %one = arith.constant STEP : i32
      %b = arith.addi %a, %one : i32
      scf.yield %b : i32
    }
    tt.return %r : i32
  }
}
"""

COUNTING = """
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @count(%x: i32) -> i32 {
    %limit = arith.constant 100 : i32
    %r = scf.while (%a = %x) : (i32) -> i32 {
      %more = arith.cmpi slt, %a, %limit : i32
      scf.condition(%more) %a : i32
    } do {
    ^bb0(%a: i32):
      %step = arith.constant STEP : i32
      %b = arith.addi %a, %step : i32
      scf.yield %b : i32
    }
    tt.return %r : i32
  }
}
"""

OBSERVED = """
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @observe(%x: tensor<128xf32, #b>) {
    %y = arith.addf %x, %x : tensor<128xf32, #b>
    "test.use"(OPERAND) : (tensor<128xf32, #b>) -> ()
    tt.return
  }
}
"""

INLINE_ASM = """
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @asm(%x: tensor<128xf32, #b>) -> tensor<128xf32, #b> {
    %y = tt.elementwise_inline_asm "ASM" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x
        : tensor<128xf32, #b> -> tensor<128xf32, #b>
    tt.return %y : tensor<128xf32, #b>
  }
}
"""


def module(text: str):  # type: ignore[no-untyped-def]
    return parse_module(text, "test", CTX)


def test_runs_that_both_pass_the_loop_bound_agree() -> None:
    check_same_semantics(module(WHILE.replace("STEP", "1")), module(WHILE.replace("STEP", "1")), trials=4)


def test_a_rewrite_that_stops_a_loop_terminating_is_caught() -> None:
    check_same_semantics(module(COUNTING.replace("STEP", "1")), module(COUNTING.replace("STEP", "1")))
    with pytest.raises(SemanticsChanged, match="@count: the run terminates only before the rewrite"):
        check_same_semantics(module(COUNTING.replace("STEP", "1")), module(COUNTING.replace("STEP", "0")))


def test_an_unregistered_op_observes_its_operands() -> None:
    check_same_semantics(module(OBSERVED.replace("OPERAND", "%y")), module(OBSERVED.replace("OPERAND", "%y")))
    with pytest.raises(SemanticsChanged, match="unregistered op execution #0 \\('test.use'\\) sees other operands"):
        check_same_semantics(module(OBSERVED.replace("OPERAND", "%y")), module(OBSERVED.replace("OPERAND", "%x")))


def test_inline_assembly_is_a_function_of_its_text_and_operands() -> None:
    check_same_semantics(module(INLINE_ASM.replace("ASM", "a")), module(INLINE_ASM.replace("ASM", "a")))
    with pytest.raises(SemanticsChanged, match="returned value #0 differs"):
        check_same_semantics(module(INLINE_ASM.replace("ASM", "a")), module(INLINE_ASM.replace("ASM", "b")))
