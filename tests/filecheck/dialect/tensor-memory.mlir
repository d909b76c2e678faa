// Blackwell tensor memory (ttng): its encodings, the tmem_* ops and the tc_gen5 MMAs read and print as
// Triton 3.9 prints them (lines after test/Conversion/tritongpu_to_llvm_blackwell.mlir and
// test/TritonNvidiaGPU/mma_lowering.mlir); printing is a fixed point.  An encoding prints as its alias
// (#tmem, #tmem_scales) where the printer names it, inline otherwise: the checks accept both.
// RUN: layout-opt %s --verify-roundtrip | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#scales_smem = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem(%t: tensor<128x128xf32, #blocked>, %pred: i1, %dep: !ttg.async.token) {
    %m = ttng.tmem_alloc %t : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
    %acc, %tok = ttng.tmem_alloc {tensor_memory_col_offset = 0 : i32} : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %buf = ttng.tmem_alloc : () -> !ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %v = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> -> tensor<128x128xf32, #blocked>
    %v1, %tok1 = ttng.tmem_load %acc[%tok] {ttg.partition = array<i32: 1>, loop.stage = 2 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %v2, %tok2 = ttng.tmem_load %acc[] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %v3, %red = ttng.tmem_load %acc {redOp = #ttng.redOp<max>, abs = true, NaN = true} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    ttng.tmem_store %t, %acc, %pred : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %tok3 = ttng.tmem_store %t, %acc[%tok1], %pred : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %half = ttng.tmem_subslice %acc {offset = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    %one = ttng.tmem_subslice %buf {offset = 1 : i32, dim = 0 : i32} : !ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<1x128x128xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x128>
    tt.return
  }
// CHECK-LABEL: tt.func @tmem
// CHECK-NEXT:    %m = ttng.tmem_alloc %t : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, {{#tmem|#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>}}, #ttng.tensor_memory>
// CHECK-NEXT:    %acc, %tok = ttng.tmem_alloc {tensor_memory_col_offset = 0 : i32} : () -> (!ttg.memdesc<128x128xf32, {{#tmem|#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>}}, #ttng.tensor_memory, mutable>, !ttg.async.token)
// CHECK-NEXT:    %buf = ttng.tmem_alloc : () -> !ttg.memdesc<2x128x128xf32, {{#tmem|#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>}}, #ttng.tensor_memory, mutable>
// CHECK-NEXT:    %v = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, {{.+}}, #ttng.tensor_memory> -> tensor<128x128xf32, #blocked>
// CHECK-NEXT:    %v1, %tok1 = ttng.tmem_load %acc[%tok] {loop.stage = 2 : i32, ttg.partition = array<i32: 1>} : !ttg.memdesc<128x128xf32, {{.+}}, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
// CHECK-NEXT:    %v2, %tok2 = ttng.tmem_load %acc[] : !ttg.memdesc<128x128xf32, {{.+}}, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
// CHECK-NEXT:    %v3, %red = ttng.tmem_load %acc {NaN = true, abs = true, redOp = #ttng.redOp<max>} : !ttg.memdesc<128x128xf32, {{.+}}, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:    ttng.tmem_store %t, %acc, %pred : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, {{.+}}, #ttng.tensor_memory, mutable>
// CHECK-NEXT:    %tok3 = ttng.tmem_store %t, %acc[%tok1], %pred : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, {{.+}}, #ttng.tensor_memory, mutable>
// CHECK-NEXT:    %half = ttng.tmem_subslice %acc {offset = 64 : i32} : !ttg.memdesc<128x128xf32, {{.+}}, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, {{.+}}, #ttng.tensor_memory, mutable, 128x128>
// CHECK-NEXT:    %one = ttng.tmem_subslice %buf {dim = 0 : i32, offset = 1 : i32} : !ttg.memdesc<2x128x128xf32, {{.+}}, #ttng.tensor_memory, mutable> -> !ttg.memdesc<1x128x128xf32, {{.+}}, #ttng.tensor_memory, mutable, 2x128x128>
// CHECK-NEXT:    tt.return

  tt.func @mma(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>,
               %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
               %barrier: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1, %d: !ttg.async.token) {
    ttng.tc_gen5_mma %a, %b, %c, %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %t0 = ttng.tc_gen5_mma %a, %b, %c[%d], %p, %p, %barrier[%p], %barrier[%p] {loop.stage = 1 : i32, is_async} : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %t1 = ttng.tc_gen5_mma %a, %b, %c[], %p, %p {multicast, is_unsigned} : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_commit %barrier : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.tc_gen5_commit %barrier, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.tc_gen5_commit %barrier, %p descs %a, %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>
    tt.return
  }
// CHECK-LABEL: tt.func @mma
// CHECK-NEXT:    ttng.tc_gen5_mma %a, %b, %c, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, {{.+}}, #ttng.tensor_memory, mutable>
// CHECK-NEXT:    %t0 = ttng.tc_gen5_mma %a, %b, %c[%d], %p, %p, %barrier[%p], %barrier[%p] {is_async, loop.stage = 1 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, {{.+}}, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared{{[0-9]}}, #smem, mutable>, !ttg.memdesc<1xi64, #shared{{[0-9]}}, #smem, mutable>
// CHECK-NEXT:    %t1 = ttng.tc_gen5_mma %a, %b, %c[], %p, %p {is_unsigned, multicast} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, {{.+}}, #ttng.tensor_memory, mutable>
// CHECK-NEXT:    ttng.tc_gen5_commit %barrier : !ttg.memdesc<1xi64, #shared{{[0-9]}}, #smem, mutable>
// CHECK-NEXT:    ttng.tc_gen5_commit %barrier, %p : !ttg.memdesc<1xi64, #shared{{[0-9]}}, #smem, mutable>
// CHECK-NEXT:    ttng.tc_gen5_commit %barrier, %p descs %a, %b : !ttg.memdesc<1xi64, #shared{{[0-9]}}, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>
// CHECK-NEXT:    tt.return

  tt.func @scaled(%x: !ttg.memdesc<128x64xi8, #nvmma8, #smem>, %y: !ttg.memdesc<128x128xf8E4M3FN, #nvmma8, #smem>,
                  %z: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                  %scales: !ttg.memdesc<128x4xi8, #scales_smem, #smem>, %bar1: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %q: i1) {
    %sa = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %scales, %sa : !ttg.memdesc<128x4xi8, #scales_smem, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    %sb = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma_scaled %x, %y, %z, %sa, %sb, %q, %q lhs = e2m1 rhs = e4m3 : !ttg.memdesc<128x64xi8, #nvmma8, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #nvmma8, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma_scaled %x, %y, %z, %sa, %sb, %q, %q lhs = e2m1 rhs = e4m3, %bar1[%q] {is_async} : !ttg.memdesc<128x64xi8, #nvmma8, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #nvmma8, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
// CHECK-LABEL: tt.func @scaled
// CHECK-NEXT:    %sa = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, {{#tmem_scales|#ttng.tensor_memory_scales_encoding<>}}, #ttng.tensor_memory, mutable>
// CHECK-NEXT:    ttng.tmem_copy %scales, %sa : !ttg.memdesc<128x4xi8, #shared{{[0-9]}}, #smem>, !ttg.memdesc<128x4xi8, {{#tmem_scales|#ttng.tensor_memory_scales_encoding<>}}, #ttng.tensor_memory, mutable>
// CHECK-NEXT:    %sb = ttng.tmem_alloc
// CHECK-NEXT:    ttng.tc_gen5_mma_scaled %x, %y, %z, %sa, %sb, %q, %q lhs = e2m1 rhs = e4m3 : !ttg.memdesc<128x64xi8, #shared{{[0-9]}}, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #shared{{[0-9]}}, #smem>, !ttg.memdesc<128x128xf32, {{.+}}, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, {{.+}}, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, {{.+}}, #ttng.tensor_memory, mutable>{{$}}
// CHECK-NEXT:    ttng.tc_gen5_mma_scaled %x, %y, %z, %sa, %sb, %q, %q lhs = e2m1 rhs = e4m3, %bar1[%q] {is_async} : {{.+}}, !ttg.memdesc<1xi64, #shared{{[0-9]}}, #smem, mutable>{{$}}
// CHECK-NEXT:    tt.return
}
