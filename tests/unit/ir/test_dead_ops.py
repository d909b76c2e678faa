"""``erase_dead_ops`` must erase exactly the ops xDSL's ``region_dce`` erases.

Each input is parsed twice, one copy cleaned by each, and the two must print the
same.  The inputs are a kernel built to hold every case (dead chains, dead ops in a
live loop, a dead loop, an unreachable block, effects inside a loop) and every
function of the FileCheck inputs."""

from __future__ import annotations

import pytest
from filecheck_inputs import chunk_module, filecheck_chunks
from xdsl.dialects import arith
from xdsl.pattern_rewriter import PatternRewriterListener
from xdsl.transforms.dead_code_elimination import region_dce, would_be_trivially_dead

from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module, print_module
from layoutdialect.dialect.tt.elementwise import ElementwiseInlineAsmOp
from layoutdialect.ir import dead_ops
from layoutdialect.ir.dead_ops import (
    DeadOpErasure,
    _would_be_dead,
    erase_dead_ops,
    erase_dead_ops_and_tell,
)
from layoutdialect.ir.memory_effects import effects_ignore_the_op

EVERY_CASE = """
tt.func @f(%p: !tt.ptr<i32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %dead = arith.addi %c0, %c1 : i32
  %chain = arith.muli %dead, %dead : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %x = arith.addi %acc, %c1 : i32
    %unused = arith.muli %x, %x : i32
    tt.store %p, %x : !tt.ptr<i32>
    scf.yield %x : i32
  }
  %w = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %x = arith.addi %acc, %c1 : i32
    scf.yield %x : i32
  }
  cf.br ^bb1(%r : i32)
^bb2:
  %u = arith.addi %c0, %c1 : i32
  %v = arith.addi %u, %c1 : i32
  cf.br ^bb1(%v : i32)
^bb1(%z: i32):
  tt.return %z : i32
}
"""

CHUNKS = filecheck_chunks(error_cases=False)


def cleaned_by_both(text: str) -> tuple[str, str]:
    ours, xdsls = chunk_module(text), chunk_module(text)
    for region in ours.regions:
        erase_dead_ops(region)
    for region in xdsls.regions:
        region_dce(region)
    return print_module(ours), print_module(xdsls)


def test_every_case_is_cleaned_as_region_dce_cleans_it() -> None:
    ours, xdsls = cleaned_by_both(EVERY_CASE)
    assert ours == xdsls
    assert "%chain" not in ours and "^bb2" not in ours and "arith.muli" not in ours
    assert ours.count("scf.for") == 1 and "tt.store" in ours


@pytest.mark.parametrize("chunk", CHUNKS)
def test_filecheck_functions_are_cleaned_as_region_dce_cleans_them(chunk: str) -> None:
    ours, xdsls = cleaned_by_both(chunk)
    assert ours == xdsls


@pytest.mark.parametrize("chunk", [pytest.param(EVERY_CASE, id="every-case"), *CHUNKS])
def test_each_op_is_dead_when_xdsl_says_it_would_be(chunk: str) -> None:
    """The answers built from remembered summaries of children are xDSL's own."""
    module = chunk_module(chunk)
    with_regions: dict = {}
    for op in module.walk():
        assert _would_be_dead(op, with_regions) == would_be_trivially_dead(op), op.name


INLINE_ASM = """
tt.func @f(%x: i32) {
  %pure = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true}
    %x : i32 -> i32
  %impure = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = false}
    %x : i32 -> i32
  %pure2 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true}
    %x : i32 -> i32
  tt.return
}
"""


def test_answers_are_shared_by_class_only_where_the_effects_ignore_the_op() -> None:
    """``tt.elementwise_inline_asm`` is pure only when it says so: each op is asked."""
    assert effects_ignore_the_op(arith.AddiOp)
    assert not effects_ignore_the_op(ElementwiseInlineAsmOp)
    ours, xdsls = cleaned_by_both(INLINE_ASM)
    assert ours == xdsls
    assert ours.count("tt.elementwise_inline_asm") == 1 and "pure = false" in ours


DEAD_LOOPS = """
tt.func @f(%a: f32, %n: index) -> f32 {
  %only_in_a_dead_loop = arith.addf %a, %a : f32
  %also_read_outside = arith.mulf %a, %a : f32
  %r = scf.for %i = %n to %n step %n iter_args(%s = %a) -> (f32) {
    %t = arith.addf %s, %only_in_a_dead_loop : f32
    scf.yield %t : f32
  }
  %q = scf.for %i = %n to %n step %n iter_args(%s = %a) -> (f32) {
    %t = arith.addf %s, %also_read_outside : f32
    scf.yield %t : f32
  }
  tt.return %also_read_outside : f32
}
"""


@pytest.mark.parametrize("chunk", [pytest.param(DEAD_LOOPS, id="dead-loops"), *CHUNKS])
def test_a_complete_erasure_leaves_no_dead_op(chunk: str) -> None:
    """Erasing until nothing is left, every call that says it is complete is followed by
    one that erases nothing, and each call erases what ``region_dce`` erases."""
    ours, xdsls = chunk_module(chunk), chunk_module(chunk)
    while True:
        erasure = erase_dead_ops_and_tell(ours.body)
        region_dce(xdsls.body)
        assert print_module(ours) == print_module(xdsls)
        if not erasure.erased:
            break
        if erasure.complete:
            assert not erase_dead_ops_and_tell(ours.body).erased
            break


def test_an_erased_loop_leaves_dead_only_what_only_it_read() -> None:
    module = parse_module(DEAD_LOOPS, "input.mlir", make_context())
    assert erase_dead_ops_and_tell(module.body) == DeadOpErasure(erased=True, complete=False)
    assert "%only_in_a_dead_loop" in print_module(module) and "scf.for" not in print_module(module)
    assert erase_dead_ops_and_tell(module.body) == DeadOpErasure(erased=True, complete=True)
    assert "%only_in_a_dead_loop" not in print_module(module) and "%also_read_outside" in print_module(module)


class RemovalRecorder(PatternRewriterListener):
    """The text of each op it is told is removed."""

    def __init__(self) -> None:
        super().__init__()
        self.removed: list[str] = []
        self.operation_removal_handler.append(lambda op: self.removed.append(str(op)))


DEAD_INSIDE_DEAD = """
tt.func @f(%a: f32, %n: index) -> f32 {
  %r = scf.for %i = %n to %n step %n iter_args(%s = %a) -> (f32) {
    %dead_in_a_dead_loop = arith.mulf %s, %s : f32
    %inner = scf.for %j = %n to %n step %n iter_args(%u = %s) -> (f32) {
      %dead_deeper = arith.mulf %u, %u : f32
      scf.yield %u : f32
    }
    %t = arith.addf %s, %inner : f32
    scf.yield %t : f32
  }
  %live = scf.for %i = %n to %n step %n iter_args(%s = %a) -> (f32) {
    %dead_in_a_live_loop = arith.mulf %s, %s : f32
    scf.yield %s : f32
  }
  tt.return %live : f32
}
"""


@pytest.mark.parametrize(
    "chunk",
    [pytest.param(DEAD_LOOPS, id="dead-loops"), pytest.param(DEAD_INSIDE_DEAD, id="dead-inside-dead"), *CHUNKS],
)
def test_erasing_the_dead_ops_directly_is_erasing_by_walk(chunk: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where every region has one block, the dead ops are erased from the list the
    liveness walk made; the general walk over the region must do the same: same
    module, same answer, the same ops told removed."""

    def erase_until_clean() -> tuple[str, list[DeadOpErasure], list[str]]:
        module = chunk_module(chunk)
        recorder = RemovalRecorder()
        erasures = [erase_dead_ops_and_tell(module.body, recorder)]
        while erasures[-1].erased:
            erasures.append(erase_dead_ops_and_tell(module.body, recorder))
        return print_module(module), erasures, sorted(recorder.removed)

    direct = erase_until_clean()
    walking = dead_ops._live_ops
    monkeypatch.setattr(dead_ops, "_live_ops", lambda region: walking(region)._replace(single_blocks=False))
    assert erase_until_clean() == direct
