"""What counts as the same behaviour: runs cut off by their budget, ops that write as
observers and ops that read as functions of what was written before them, opaque
functions (inline assembly) of their operands, branches, warp-specialised partitions and
tensors held in part."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

from layoutdialect import make_context, parse_module
from layoutdialect.sim.same_semantics import SemanticsChanged, check_same_semantics
from layoutdialect.sim.tensor_program import TensorInterpreter
from layoutdialect.sim.tensor_values import Memory, RunBudget, RunCutOff

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


def module(text: str) -> ModuleOp:
    return parse_module(text, "test", CTX)


def test_runs_that_both_pass_the_loop_bound_agree() -> None:
    check_same_semantics(module(WHILE.replace("STEP", "1")), module(WHILE.replace("STEP", "1")), trials=4)


def test_a_rewrite_that_stops_a_loop_terminating_is_caught() -> None:
    check_same_semantics(module(COUNTING.replace("STEP", "1")), module(COUNTING.replace("STEP", "1")))
    with pytest.raises(SemanticsChanged, match="@count: the run terminates only before the rewrite"):
        check_same_semantics(module(COUNTING.replace("STEP", "1")), module(COUNTING.replace("STEP", "0")))


def test_an_unregistered_op_observes_its_operands() -> None:
    check_same_semantics(module(OBSERVED.replace("OPERAND", "%y")), module(OBSERVED.replace("OPERAND", "%y")))
    with pytest.raises(SemanticsChanged, match="observed op execution #0 \\('test.use'\\) sees other operands"):
        check_same_semantics(module(OBSERVED.replace("OPERAND", "%y")), module(OBSERVED.replace("OPERAND", "%x")))


def test_inline_assembly_is_a_function_of_its_text_and_operands() -> None:
    check_same_semantics(module(INLINE_ASM.replace("ASM", "a")), module(INLINE_ASM.replace("ASM", "a")))
    with pytest.raises(SemanticsChanged, match="returned value #0 differs"):
        check_same_semantics(module(INLINE_ASM.replace("ASM", "a")), module(INLINE_ASM.replace("ASM", "b")))


TMEM = """
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32,
                   ttg.target = "cuda:100"} {
  tt.func @f(%x: tensor<128x128xf32, #blocked>) -> (tensor<128x128xf32, #blocked>, tensor<128x128xf32, #blocked>) {
    %m = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %true = arith.constant true
BODY
  }
}
"""
MEMORY = "!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>"
LOAD = "%{0} = ttng.tmem_load %m : " + MEMORY + " -> tensor<128x128xf32, #blocked>"
STORE = "ttng.tmem_store %x, %m, %true : tensor<128x128xf32, #blocked> -> " + MEMORY
RETURN = "tt.return %{0}, %{1} : tensor<128x128xf32, #blocked>, tensor<128x128xf32, #blocked>"


def tmem_function(*lines: str) -> ModuleOp:
    return module(TMEM.replace("BODY", "\n".join(f"    {line}" for line in lines)))


def test_erasing_an_unused_read_is_not_a_change() -> None:
    """A read whose result nobody uses may go: reads are not observations."""
    kept = tmem_function(STORE, LOAD.format("a"), LOAD.format("b"), RETURN.format("b", "b"))
    erased = tmem_function(STORE, LOAD.format("b"), RETURN.format("b", "b"))
    check_same_semantics(kept, erased)


def test_two_reads_with_no_write_between_read_the_same() -> None:
    check_same_semantics(
        tmem_function(LOAD.format("a"), LOAD.format("b"), RETURN.format("a", "b")),
        tmem_function(LOAD.format("a"), RETURN.format("a", "a")),
    )


def test_a_read_moved_across_a_write_is_caught() -> None:
    with pytest.raises(SemanticsChanged, match="returned value #0 differs"):
        check_same_semantics(
            tmem_function(LOAD.format("a"), STORE, RETURN.format("a", "a")),
            tmem_function(STORE, LOAD.format("a"), RETURN.format("a", "a")),
        )


def test_a_dropped_write_is_caught() -> None:
    with pytest.raises(SemanticsChanged, match="1 observed op executions before, 0 after"):
        check_same_semantics(
            tmem_function(STORE, RETURN.format("x", "x")),
            tmem_function(RETURN.format("x", "x")),
        )


BRANCHES = """
module {
  tt.func @f(%c: i1, %x: i32) -> i32 {
    cf.cond_br %c, ^then, ^else(%x : i32)
  ^then:
    %one = arith.constant ONE : i32
    %y = arith.addi %x, %one : i32
    cf.br ^else(%y : i32)
  ^else(%z: i32):
    tt.return %z : i32
  }
}
"""


def test_blocks_joined_by_branches_run_as_written() -> None:
    interpreter = TensorInterpreter(module(BRANCHES.replace("ONE", "1")), Memory())
    assert int(interpreter.call("f", [np.bool_(True), np.int32(5)])[0]) == 6
    assert int(interpreter.call("f", [np.bool_(False), np.int32(5)])[0]) == 5
    check_same_semantics(module(BRANCHES.replace("ONE", "1")), module(BRANCHES.replace("ONE", "1")), trials=6)
    with pytest.raises(SemanticsChanged, match="returned value #0 differs"):
        check_same_semantics(module(BRANCHES.replace("ONE", "1")), module(BRANCHES.replace("ONE", "2")), trials=6)


HUGE = """
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%x: tensor<2147483648xf32, #b>) {
    %y = arith.addf %x, %x : tensor<2147483648xf32, #b>
    %z = ttg.convert_layout %y : tensor<2147483648xf32, #b> -> tensor<2147483648xf32, #b>
    "test.use"(OBSERVED) : (tensor<2147483648xf32, #b>) -> ()
    tt.return
  }
}
"""


def test_a_tensor_larger_than_any_kernel_is_held_in_part() -> None:
    """Two billion elements are checked on their first 2**20, without allocating 8 GiB."""
    check_same_semantics(module(HUGE.replace("OBSERVED", "%z")), module(HUGE.replace("OBSERVED", "%y")))
    with pytest.raises(SemanticsChanged, match="observed op execution #0"):
        check_same_semantics(module(HUGE.replace("OBSERVED", "%z")), module(HUGE.replace("OBSERVED", "%x")))


def test_a_loop_that_never_ends_is_cut_off_and_compared_on_what_both_runs_saw() -> None:
    """``scf.for`` with a step that is not positive runs as MLIR lowers it, until the budget."""
    text = """
module {
  tt.func @f(%x: tensor<256x128xf32>) {
    %lo = arith.constant 0 : i32
    %hi = arith.constant 8 : i32
    %step = arith.constant STEP : i32
    scf.for %i = %lo to %hi step %step : i32 {
      %y = arith.addf %x, %x : tensor<256x128xf32>
      "test.use"(OPERAND) : (tensor<256x128xf32>) -> ()
    }
    tt.return
  }
}
"""
    forever = text.replace("STEP", "-1")
    check_same_semantics(module(forever.replace("OPERAND", "%y")), module(forever.replace("OPERAND", "%y")))
    with pytest.raises(SemanticsChanged, match="observed op execution #0 \\('test.use'\\) sees other operands"):
        check_same_semantics(module(forever.replace("OPERAND", "%y")), module(forever.replace("OPERAND", "%x")))
    with pytest.raises(RunCutOff):
        TensorInterpreter(module(forever.replace("OPERAND", "%y")), Memory(), budget=RunBudget(1 << 20)).call(
            "f", [np.zeros((256, 128), np.float32)]
        )


def test_erasing_a_loop_without_effects_that_never_ends_is_not_a_change() -> None:
    """MLIR erases a loop whose body has no effects, whether or not it ends."""
    spin = """
module {
  tt.func @f(%x: i32) -> i32 {
    %true = arith.constant true
LOOP
    tt.return %x : i32
  }
}
"""
    loop = """    %r = scf.while (%a = %x) : (i32) -> i32 {
      scf.condition(%true) %a : i32
    } do {
    ^bb0(%a: i32):
      scf.yield %a : i32
    }"""
    check_same_semantics(module(spin.replace("LOOP", loop)), module(spin.replace("LOOP", "")))


WARP_SPECIALIZE = """
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%x: i32, %y: i32) -> i32 {
    %r = ttg.warp_specialize(%x, %y)
    default {
      %d = arith.addi %x, %y : i32
      ttg.warp_yield %d : i32
    }
    partition0(%a: i32, %b: i32) num_warps(4) {
      %s = arith.muli %a, %b : i32
      "test.use"(OPERAND) : (i32) -> ()
      ttg.warp_return
    } : (i32, i32) -> i32
    tt.return %r : i32
  }
}
"""


def test_warp_specialized_partitions_run_on_their_captures() -> None:
    interpreter = TensorInterpreter(module(WARP_SPECIALIZE.replace("OPERAND", "%s")), Memory())
    assert int(interpreter.call("f", [np.int32(3), np.int32(4)])[0]) == 7
    assert [int(seen[0]) for _, seen in interpreter.observed] == [12]
    with pytest.raises(SemanticsChanged, match="observed op execution #0"):
        check_same_semantics(
            module(WARP_SPECIALIZE.replace("OPERAND", "%s")), module(WARP_SPECIALIZE.replace("OPERAND", "%a"))
        )


def test_execute_region_runs_its_blocks() -> None:
    text = """
module {
  tt.func @f(%c: i1, %x: i32) -> i32 {
    %r = scf.execute_region -> i32 {
      cf.cond_br %c, ^a, ^b
    ^a:
      %y = arith.muli %x, %x : i32
      scf.yield %y : i32
    ^b:
      scf.yield %x : i32
    }
    tt.return %r : i32
  }
}
"""
    run = TensorInterpreter(module(text), Memory()).call
    assert int(run("f", [np.bool_(True), np.int32(5)])[0]) == 25
    assert int(run("f", [np.bool_(False), np.int32(5)])[0]) == 5


def test_a_splat_larger_than_any_kernel_is_held_in_part() -> None:
    """A splat of 2**21 elements (which the dialect holds as its one element) runs on its
    held part, and a changed value is caught."""
    text = """
module {
  tt.func @f() {
    %c = arith.constant dense<VALUE> : tensor<2097152xi32>
    %d = arith.addi %c, %c : tensor<2097152xi32>
    "test.use"(%d) : (tensor<2097152xi32>) -> ()
    tt.return
  }
}
"""
    check_same_semantics(module(text.replace("VALUE", "3")), module(text.replace("VALUE", "3")))
    with pytest.raises(SemanticsChanged, match="observed op execution #0"):
        check_same_semantics(module(text.replace("VALUE", "3")), module(text.replace("VALUE", "4")))


LONG_LOOP = """
module {
  tt.func @f(%p: !tt.ptr<i32>) {
    %lo = arith.constant 0 : i32
    %hi = arith.constant TRIPS : i32
    %one = arith.constant 1 : i32
    %init = arith.constant INIT : i32
    %r = scf.for %i = %lo to %hi step %one iter_args(%a = %init) -> (i32) : i32 {
      %b = arith.addi %a, %i : i32
      scf.yield %b : i32
    }
    tt.store %p, %r : !tt.ptr<i32>
    tt.return
  }
}
"""


def test_what_follows_a_loop_too_long_to_run_is_compared_with_the_loop_cut_short() -> None:
    """A million iterations pass the budget; the trial runs again with each loop cut at
    ``LOOP_CAP`` iterations, so the store after it still sees a changed initial value."""
    original = LONG_LOOP.replace("TRIPS", "1000000")
    check_same_semantics(module(original.replace("INIT", "0")), module(original.replace("INIT", "0")))
    with pytest.raises(SemanticsChanged, match="global buffer #0 differs .*loops cut at 2 iterations"):
        check_same_semantics(module(original.replace("INIT", "0")), module(original.replace("INIT", "1")))


def test_a_changed_trip_count_of_a_loop_too_long_to_run_is_not_seen() -> None:
    """The documented limit of cut-short loops: both runs stop before the iterations differ."""
    before, after = (LONG_LOOP.replace("INIT", "0").replace("TRIPS", trips) for trips in ("1000000", "999999"))
    check_same_semantics(module(before), module(after))
