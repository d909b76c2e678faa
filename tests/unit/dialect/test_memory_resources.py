"""The memory effects of representative ops name the resources Triton 3.9 declares for
them: ``MemRead<GlobalMemory>`` and the like in its ODS, and the hand-written
``getEffects`` of ``tt.load``, ``ttg.local_alloc``, ``ttng.tmem_alloc``,
``ttng.tc_gen5_mma`` and inline assembly (an effect that names no resource falls on
MLIR's ``DefaultResource``)."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.traits import get_effects

from layoutdialect import parse_module
from layoutdialect.dialect.registry import make_context

NVIDIA = """
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
!ptrs = tensor<128x!tt.ptr<f32>, #b>
!ints = tensor<128xi32, #b>
!floats = tensor<128xf32, #b>
!tile = tensor<128x128xf32, #b2>
!mem = !ttg.memdesc<128xf32, #s, #smem, mutable>
!tm = !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
!a = !ttg.memdesc<128x64xf16, #nvmma, #smem>
!bm = !ttg.memdesc<64x128xf16, #nvmma, #smem>
!bar = !ttg.memdesc<1xi64, #s, #smem, mutable>
!buf = !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
!desc = !tt.tensordesc<128x64xf16, #nvmma>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100",
                   "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%p: !ptrs, %v: !floats, %i: !ints, %m: !mem, %t: !tile, %pred: i1, %a: !a, %bm: !bm, %bar: !bar,
             %d: !desc, %buf: !buf, %c: i32) {
    %0 = tt.load %p : !ptrs
    %1 = tt.load %p {isVolatile = true} : !ptrs
    tt.store %p, %v : !ptrs
    tt.print "x: " {hex = false, isSigned = array<i32: 1>} : %i : !ints
    %2 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %i
      : !ints -> !ints
    %3 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i
      : !ints -> !ints
    %4 = ttg.local_load %m : !mem -> !floats
    ttg.local_store %v, %m : !floats -> !mem
    %5 = ttg.local_alloc %v : (!floats) -> !ttg.memdesc<128xf32, #s, #smem>
    %6 = ttg.local_alloc : () -> !mem
    ttg.local_dealloc %6 : !mem
    %7 = ttg.async_copy_global_to_local %p, %m : !ptrs -> !mem
    %8 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1152 : i32} : !tt.ptr<i32>
    %9 = ttng.tmem_alloc %t : (!tile) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
    %10 = ttng.tmem_alloc : () -> !tm
    %11 = ttng.tmem_load %10 : !tm -> !tile
    ttng.tmem_store %t, %10, %pred : !tile -> !tm
    ttng.tc_gen5_mma %a, %bm, %10, %pred, %pred : !a, !bm, !tm
    %false = arith.constant false
    ttng.tc_gen5_mma %a, %bm, %10, %false, %pred, %bar[%pred] {is_async} : !a, !bm, !tm, !bar
    ttng.async_tma_copy_global_to_local %d[%c, %c] %buf, %bar, %pred : !desc, !bar -> !buf
    ttng.async_tma_copy_local_to_global %d[%c, %c] %buf : !desc, !buf
    ttng.wait_barrier %bar, %c : !bar
    tt.return
  }
}
"""

NVIDIA_EFFECTS = [
    ("tt.load", {"read <GlobalMemory>"}),
    ("tt.load", {"read <GlobalMemory>", "write <Default>"}),
    ("tt.store", {"write <GlobalMemory>"}),
    ("tt.print", {"write <GlobalMemory>"}),
    ("tt.elementwise_inline_asm", {"read <Default>", "write <Default>"}),
    ("tt.elementwise_inline_asm", set()),
    ("ttg.local_load", {"read <SharedMemory>"}),
    ("ttg.local_store", {"write <SharedMemory>"}),
    ("ttg.local_alloc", set()),
    ("ttg.local_alloc", {"alloc <SharedMemory>"}),
    ("ttg.local_dealloc", {"free <SharedMemory>"}),
    ("ttg.async_copy_global_to_local", {"read <GlobalMemory>", "write <SharedMemory>"}),
    ("ttg.global_scratch_alloc", {"alloc <GlobalMemory>"}),
    ("ttng.tmem_alloc", set()),
    ("ttng.tmem_alloc", {"alloc <TensorMemory>"}),
    ("ttng.tmem_load", {"read <TensorMemory>"}),
    ("ttng.tmem_store", {"write <TensorMemory>"}),
    ("ttng.tc_gen5_mma", {"read <SharedMemory>", "read <TensorMemory>", "write <TensorMemory>"}),
    ("arith.constant", set()),
    ("ttng.tc_gen5_mma", {"read <SharedMemory>", "write <TensorMemory>", "write <SharedMemory>"}),
    ("ttng.async_tma_copy_global_to_local", {"read <GlobalMemory>", "write <SharedMemory>"}),
    ("ttng.async_tma_copy_local_to_global", {"read <GlobalMemory>", "read <SharedMemory>", "write <GlobalMemory>"}),
    ("ttng.wait_barrier", {"read <SharedMemory>", "write <SharedMemory>"}),
    ("tt.return", None),
]
"""Each op of ``NVIDIA``'s function, in order, with its effects (``None``: undeclared)."""

AMD = """
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
!desc = !tt.tensordesc<64x64xf16, #s>
!buf = !ttg.memdesc<64x64xf16, #s, #smem, mutable>
!bar = !ttg.memdesc<1xi64, #bar, #smem, mutable>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250",
                   "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%ptr: !tt.ptr<f32>, %off: tensor<1024xi32, #b>, %desc: !desc, %buf: !buf, %bar: !bar, %x: i32, %pred: i1) {
    %0 = amdg.buffer_load %ptr[%off] : !tt.ptr<f32> -> tensor<1024xf32, #b>
    %1 = amdg.async_tdm_copy_local_to_global %desc from %buf : !buf -> !desc
    %2 = amdg.async_tdm_copy_local_to_global %desc from %buf, barrier = %bar : !buf, !bar -> !desc
    amdg.tdm_prefetch %desc[%x, %x], %pred, speculative = true : !desc
    tt.return
  }
}
"""

AMD_EFFECTS = [
    ("amdg.buffer_load", {"read <GlobalMemory>"}),
    ("amdg.async_tdm_copy_local_to_global", {"read <SharedMemory>", "write <GlobalMemory>"}),
    ("amdg.async_tdm_copy_local_to_global", {"read <SharedMemory>", "write <GlobalMemory>", "write <SharedMemory>"}),
    ("amdg.tdm_prefetch", {"read <GlobalMemory>", "write <AMDGPU::L2Cache>"}),
    ("tt.return", None),
]
"""Each op of ``AMD``'s function, in order, with its effects."""


def _effects(op: Operation) -> set[str] | None:
    """``op``'s effects as ``"<kind> <resource>"``, or ``None`` where they are undeclared."""
    effects = get_effects(op)
    if effects is None:
        return None
    return {f"{effect.kind.name.lower()} {effect.resource.name()}" for effect in effects}


def _body(module: ModuleOp) -> list[Operation]:
    function = module.body.block.first_op
    assert function is not None
    return list(function.regions[0].block.ops)


@pytest.mark.parametrize(("text", "expected"), [(NVIDIA, NVIDIA_EFFECTS), (AMD, AMD_EFFECTS)], ids=["nvidia", "amd"])
def test_effects_name_the_resources_triton_declares(text: str, expected: list[tuple[str, set[str] | None]]) -> None:
    ops = _body(parse_module(text, "effects.mlir", make_context()))
    assert [(op.name, _effects(op)) for op in ops] == expected
