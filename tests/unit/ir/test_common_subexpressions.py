"""``eliminate_common_subexpressions`` must rewrite exactly as xDSL's ``cse`` would with
MLIR's rule for a write between two equal reads (``memory_effects.write_between`` in
place of xDSL's ``has_other_side_effecting_op_in_between``).

Each input is parsed twice, one copy simplified by each, and the two must print the
same.  The inputs are a kernel built to hold every case (equal constants and
arithmetic, attributes in another order, equal types from distinct objects, NaN
constants, equal loops, reads across a store, reads of global memory across a store
to shared memory, an isolated function inside a module, unregistered ops) and every
chunk of the FileCheck inputs."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from filecheck_inputs import chunk_module, filecheck_chunks
from xdsl.transforms.common_subexpression_elimination import cse

from layoutdialect.dialect.text import print_module
from layoutdialect.ir.common_subexpressions import eliminate_common_subexpressions
from layoutdialect.ir.diagnostics import IRError
from layoutdialect.ir.memory_effects import write_between

BLOCKED = "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"
"""The layout of ``#blocked`` written out: an equal type from a distinct object."""

EVERY_CASE = """
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%p: !tt.ptr<i32>, %n: i32, %buf: !ttg.memdesc<128xi32, #shared, #smem, mutable>) -> i32 {
    %c0 = arith.constant 0 : i32
    %c0_again = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %nan = arith.constant 0x7FC00000 : f32
    %nan_again = arith.constant 0x7FC00000 : f32
    %a = arith.addi %c0, %c1 : i32
    %b = arith.addi %c0_again, %c1 : i32
    %s = arith.addf %nan, %nan_again : f32
    %r1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %r2 = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, INLINE_BLOCKED>
    %x1 = tt.load %p : !tt.ptr<i32>
    %x2 = tt.load %p : !tt.ptr<i32>
    tt.store %p, %x1 : !tt.ptr<i32>
    %x3 = tt.load %p : !tt.ptr<i32>
    ttg.local_store %r1, %buf : tensor<128xi32, #blocked> -> !ttg.memdesc<128xi32, #shared, #smem, mutable>
    %x4 = tt.load %p : !tt.ptr<i32>
    %l1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) : i32 {
      %y = arith.addi %acc, %b : i32
      %y_again = arith.addi %acc, %a : i32
      %z = arith.muli %y, %y_again : i32
      scf.yield %z : i32
    }
    %l2 = scf.for %i = %c0_again to %n step %c1 iter_args(%acc = %b) -> (i32) : i32 {
      %y = arith.addi %acc, %b : i32
      %y_again = arith.addi %acc, %a : i32
      %z = arith.muli %y, %y_again : i32
      scf.yield %z : i32
    }
    %u1 = "test.unknown"(%a) {k = 1 : i32} : (i32) -> i32
    %u2 = "test.unknown"(%b) {k = 1 : i32} : (i32) -> i32
    %m = arith.addi %l1, %l2 : i32
    %m2 = arith.addi %m, %x2 : i32
    %m3 = arith.addi %m2, %x3 : i32
    %m3_again = arith.addi %m3, %x4 : i32
    %m4 = arith.addi %m3_again, %u1 : i32
    %m5 = arith.addi %m4, %u2 : i32
    %r = arith.addi %r1, %r2 : tensor<128xi32, #blocked>
    tt.store %p, %m5 : !tt.ptr<i32>
    tt.return %m5 : i32
  }
  tt.func @g() -> i32 {
    %c0 = arith.constant 0 : i32
    tt.return %c0 : i32
  }
}
""".replace("INLINE_BLOCKED", BLOCKED)

CHUNKS = filecheck_chunks(functions_only=False, error_cases=False)


def simplified_by_both(text: str) -> tuple[str, str]:
    ours, xdsls = chunk_module(text), chunk_module(text)
    eliminate_common_subexpressions(ours)
    with patch(f"{cse.__module__}.has_other_side_effecting_op_in_between", write_between):
        cse(xdsls)
    return print_module(ours), print_module(xdsls)


def test_every_case_is_simplified_as_cse_simplifies_it() -> None:
    ours, xdsls = simplified_by_both(EVERY_CASE)
    assert ours == xdsls
    assert "%c0_again" not in ours and "%r2" not in ours and "%x2" not in ours and "%l2" not in ours
    assert "%x3 = tt.load" in ours and "%u2" in ours  # a load after a store; unknown effects
    assert "%x4" not in ours  # a load of global memory after a store to shared memory
    assert ours.count("arith.constant 0 : i32") == 2  # one per function


@pytest.mark.parametrize("chunk", CHUNKS)
def test_every_filecheck_input_is_simplified_as_cse_simplifies_it(chunk: str) -> None:
    try:
        ours, xdsls = simplified_by_both(chunk)
    except IRError:
        pytest.skip("an input that only a pass reads")
    assert ours == xdsls
