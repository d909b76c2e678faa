// Triton's AMD ops (amdg) read and print as Triton 3.9 prints them; printing is a fixed point, and the
// generic form (operand segments and properties) reads back the same.
// RUN: layout-opt %s --split-input-file --verify-roundtrip | filecheck %s

// Buffer loads, stores and atomics: a scalar base pointer and a tensor of i32 offsets.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @buffers(%ptr: !tt.ptr<f32>, %off: tensor<1024xi32, #blocked>, %mask: tensor<1024xi1, #blocked>, %other: tensor<1024xf32, #blocked>,
                   %stride: i32, %buf: !ttg.memdesc<1024xf32, #shared, #smem, mutable>, %iptr: !tt.ptr<i32>, %ints: tensor<1024xi32, #blocked>) {
    %0 = amdg.buffer_load %ptr[%off] : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
    %1 = amdg.buffer_load %ptr[%off], %mask : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
    %2 = amdg.buffer_load %ptr[%off], %mask, %other stride = %stride {cachePolicy = 3 : i32, contiguity = 4 : i32} : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
    %3 = amdg.buffer_load %ptr[%off] {contiguity = 1 : i32, loop.stage = 0 : i32} : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
    amdg.buffer_store %0, %ptr[%off] : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
    amdg.buffer_store %1, %ptr[%off], %mask stride = %stride {contiguity = 2 : i32} : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
    %4 = amdg.buffer_load_to_local %ptr[%off] into %buf : !tt.ptr<f32>[tensor<1024xi32, #blocked>] -> <1024xf32, #shared, #smem, mutable>
    %5 = amdg.buffer_load_to_local %ptr[%off] mask = %mask other = %other stride = %stride cachePolicy = 1 : i32 into %buf {contiguity = 4 : i32} : !tt.ptr<f32>[tensor<1024xi32, #blocked>] tensor<1024xf32, #blocked> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
    %6 = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %other, %ptr[%off] : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
    %7 = amdg.buffer_atomic_rmw exch, relaxed, sys, %other, %ptr[%off], %mask stride = %stride : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
    %8 = amdg.buffer_atomic_cas acquire, cta, %ints, %ints, %iptr[%off] : !tt.ptr<i32> -> tensor<1024xi32, #blocked>
    %9 = amdg.buffer_atomic_cas release, gpu, %ints, %ints, %iptr[%off] stride = %stride : !tt.ptr<i32> -> tensor<1024xi32, #blocked>
    tt.return
  }
}
// CHECK-LABEL: tt.func @buffers
// CHECK-NEXT:    %0 = amdg.buffer_load %ptr[%off] : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
// CHECK-NEXT:    %1 = amdg.buffer_load %ptr[%off], %mask : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
// CHECK-NEXT:    %2 = amdg.buffer_load %ptr[%off], %mask, %other stride = %stride {cachePolicy = 3 : i32, contiguity = 4 : i32} : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
// CHECK-NEXT:    %3 = amdg.buffer_load %ptr[%off] {loop.stage = 0 : i32} : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
// CHECK-NEXT:    amdg.buffer_store %0, %ptr[%off] : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
// CHECK-NEXT:    amdg.buffer_store %1, %ptr[%off], %mask stride = %stride {contiguity = 2 : i32} : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
// CHECK-NEXT:    %4 = amdg.buffer_load_to_local %ptr[%off] into %buf : !tt.ptr<f32>[tensor<1024xi32, #blocked>]  -> <1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:    %5 = amdg.buffer_load_to_local %ptr[%off] mask = %mask other = %other stride = %stride cachePolicy = 1 : i32 into %buf {contiguity = 4 : i32} : !tt.ptr<f32>[tensor<1024xi32, #blocked>] tensor<1024xf32, #blocked> -> <1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:    %6 = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %other, %ptr[%off] : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
// CHECK-NEXT:    %7 = amdg.buffer_atomic_rmw exch, relaxed, sys, %other, %ptr[%off], %mask stride = %stride : !tt.ptr<f32> -> tensor<1024xf32, #blocked>
// CHECK-NEXT:    %8 = amdg.buffer_atomic_cas acquire, cta, %ints, %ints, %iptr[%off] : !tt.ptr<i32> -> tensor<1024xi32, #blocked>
// CHECK-NEXT:    %9 = amdg.buffer_atomic_cas release, gpu, %ints, %ints, %iptr[%off] stride = %stride : !tt.ptr<i32> -> tensor<1024xi32, #blocked>
// CHECK-NEXT:    tt.return

// -----

// Asynchronous copies to global memory, waits and mbarriers.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @async(%buf: !ttg.memdesc<256xf16, #shared, #smem, mutable>, %ptrs: tensor<256x!tt.ptr<f16>, #blocked>, %mask: tensor<256xi1, #blocked>,
                 %bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %phase: i32, %pred: i1) {
    %0 = amdg.async_copy_local_to_global %buf, %ptrs : !ttg.memdesc<256xf16, #shared, #smem, mutable> -> tensor<256x!tt.ptr<f16>, #blocked>
    %1 = amdg.async_copy_local_to_global %buf, %ptrs mask %mask {contiguity = 4 : i32} : !ttg.memdesc<256xf16, #shared, #smem, mutable> -> tensor<256x!tt.ptr<f16>, #blocked>
    %2 = amdg.async_wait {num_inst = 0 : i32}
    %3 = amdg.async_wait %0, %1 {num_inst = 1 : i32, ttg.num_commit_groups = 2 : i64}
    %4 = amdg.async_tdm_wait  {num = 0 : i32}
    %5 = amdg.async_tdm_wait %0 {num = 2 : i32}
    %6 = amdg.async_tdm_intrinsic_wait {count = 1 : i32}
    %7 = amdg.async_tdm_intrinsic_wait %0, %1 {count = 0 : i32}
    amdg.cond_barrier %pred
    amdg.init_barrier %bar, 2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    amdg.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %8 = amdg.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable> -> i32
    amdg.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
// CHECK-LABEL: tt.func @async
// CHECK-NEXT:    %0 = amdg.async_copy_local_to_global %buf, %ptrs : !ttg.memdesc<256xf16, #shared, #smem, mutable> -> tensor<256x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:    %1 = amdg.async_copy_local_to_global %buf, %ptrs mask %mask {contiguity = 4 : i32} : !ttg.memdesc<256xf16, #shared, #smem, mutable> -> tensor<256x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:    %2 = amdg.async_wait {num_inst = 0 : i32}
// CHECK-NEXT:    %3 = amdg.async_wait %0, %1 {num_inst = 1 : i32, ttg.num_commit_groups = 2 : i64}
// CHECK-NEXT:    %4 = amdg.async_tdm_wait  {num = 0 : i32}
// CHECK-NEXT:    %5 = amdg.async_tdm_wait %0 {num = 2 : i32}
// CHECK-NEXT:    %6 = amdg.async_tdm_intrinsic_wait {count = 1 : i32}
// CHECK-NEXT:    %7 = amdg.async_tdm_intrinsic_wait %0, %1 {count = 0 : i32}
// CHECK-NEXT:    amdg.cond_barrier %pred
// CHECK-NEXT:    amdg.init_barrier %bar, 2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    amdg.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    %8 = amdg.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable> -> i32
// CHECK-NEXT:    amdg.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    tt.return

// -----

// Register tensors: slices, concatenations, an in-thread transpose, a packed transposed load and scaled upcasts.
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[1, 0], [0, 1]], lane = [[0, 2], [0, 4], [0, 8], [2, 0], [4, 0], [8, 0]], warp = [], block = []}>
#src = #ttg.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0], [16, 0]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16], [32, 0], [0, 32]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0], [16, 0]], warp = [], block = []}>
#mma = #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 1], instrShape = [32, 32, 16], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#fp4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#up = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#scale = #ttg.linear<{register = [[8, 0]], lane = [[0, 0], [0, 0], [0, 1], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @registers(%x: tensor<16x16xf16, #blocked>, %a: tensor<32x32xf32, #src>, %b: tensor<64x64xf32, #dst>,
                     %packed: !ttg.memdesc<16x64xi8, #shared, #smem, mutable>, %fp4: tensor<16x32xi8, #fp4>, %s4: tensor<16x2xbf16, #scale>,
                     %full: tensor<16x64xbf16, #up>, %fp8: tensor<16x64xf8E4M3FN, #up>, %s8: tensor<16x64xi8, #up>) {
    %0 = amdg.in_thread_transpose %x : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #linear>
    %1 = amdg.concat %a, %a, %a, %a : tensor<32x32xf32, #src>, tensor<32x32xf32, #src>, tensor<32x32xf32, #src>, tensor<32x32xf32, #src> -> tensor<64x64xf32, #dst>
    %2 = amdg.extract_slice %b [32, 0] : tensor<64x64xf32, #dst> to tensor<32x64xf32, #dst>
    %3 = amdg.concat %a : tensor<32x32xf32, #src> -> tensor<32x32xf32, #src>
    %4 = amdg.local_load_packed_transposed %packed : !ttg.memdesc<16x64xi8, #shared, #smem, mutable> -> tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>
    %5 = amdg.scaled_upcast_fp4 %fp4 scale %s4 {axis = 1 : i32} : tensor<16x32xi8, #fp4>, tensor<16x2xbf16, #scale> -> tensor<16x64xbf16, #up>
    %6 = amdg.scaled_upcast_fp4 %fp4 scale %full {axis = 1 : i32} : tensor<16x32xi8, #fp4>, tensor<16x64xbf16, #up> -> tensor<16x64xf16, #up>
    %7 = amdg.scaled_upcast_fp8 %fp8 scale %s8 : tensor<16x64xf8E4M3FN, #up>, tensor<16x64xi8, #up> -> tensor<16x64xbf16, #up>
    tt.return
  }
}
// CHECK-LABEL: tt.func @registers
// CHECK-NEXT:    %0 = amdg.in_thread_transpose %x : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #linear3>
// CHECK-NEXT:    %1 = amdg.concat %a, %a, %a, %a : tensor<32x32xf32, #linear>, tensor<32x32xf32, #linear>, tensor<32x32xf32, #linear>, tensor<32x32xf32, #linear> -> tensor<64x64xf32, #linear1>
// CHECK-NEXT:    %2 = amdg.extract_slice %b [32, 0] : tensor<64x64xf32, #linear1> to tensor<32x64xf32, #linear1>
// CHECK-NEXT:    %3 = amdg.concat %a : tensor<32x32xf32, #linear> -> tensor<32x32xf32, #linear>
// CHECK-NEXT:    %4 = amdg.local_load_packed_transposed %packed : !ttg.memdesc<16x64xi8, #shared, #smem, mutable> -> tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>
// CHECK-NEXT:    %5 = amdg.scaled_upcast_fp4 %fp4 scale %s4 {axis = 1 : i32} : tensor<16x32xi8, #blocked1>, tensor<16x2xbf16, #linear2> -> tensor<16x64xbf16, #blocked2>
// CHECK-NEXT:    %6 = amdg.scaled_upcast_fp4 %fp4 scale %full {axis = 1 : i32} : tensor<16x32xi8, #blocked1>, tensor<16x64xbf16, #blocked2> -> tensor<16x64xf16, #blocked2>
// CHECK-NEXT:    %7 = amdg.scaled_upcast_fp8 %fp8 scale %s8 : tensor<16x64xf8E4M3FN, #blocked2>, tensor<16x64xi8, #blocked2> -> tensor<16x64xbf16, #blocked2>
// CHECK-NEXT:    tt.return

// -----

// The tensor data mover: descriptors positioned by update_tensor_descriptor, copies, gathers, scatters, prefetches.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#padded = #ttg.padded_shared<[64:+8] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tdm(%desc: !tt.tensordesc<64x64xf16, #shared>, %pdesc: !tt.tensordesc<64x64xf16, #padded>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>,
               %pbuf: !ttg.memdesc<64x64xf16, #padded, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>,
               %rows: tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, %x: i32, %y: i32, %pred: i1) {
    %0 = amdg.update_tensor_descriptor %desc add_offsets = [%x, %y] set_bounds = [%x, %y] pred = %x : !tt.tensordesc<64x64xf16, #shared>
    %1 = amdg.update_tensor_descriptor %desc add_offsets = [%x, %y] {clamp_bounds} : !tt.tensordesc<64x64xf16, #shared>
    %2 = amdg.update_tensor_descriptor %desc pred = %y set_bounds = [%x, %y] : !tt.tensordesc<64x64xf16, #shared>
    %3 = amdg.async_tdm_copy_global_to_local %0 into %buf : !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %4 = amdg.async_tdm_copy_global_to_local %pdesc into %pbuf, barrier = %bar {cache = 2 : i32, warp_used_hint = 3 : i32} : !tt.tensordesc<64x64xf16, #padded>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #padded, #smem, mutable>
    %5 = amdg.async_tdm_fused_copy_global_to_local %0, %1 into %buf, %buf {warp_used_hints = array<i32: 3, 12>} : !tt.tensordesc<64x64xf16, #shared>, !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %6 = amdg.async_tdm_copy_local_to_global %desc from %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
    %7 = amdg.async_tdm_copy_local_to_global %pdesc from %pbuf, barrier = %bar {cache = 3 : i32} : !ttg.memdesc<64x64xf16, #padded, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !tt.tensordesc<64x64xf16, #padded>
    %8 = amdg.async_tdm_gather %desc[%rows] to %buf : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
    %9 = amdg.async_tdm_scatter %desc[%rows] from %buf, barrier = %bar : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
    %10 = amdg.async_tdm_wait %3, %4 {num = 0 : i32}
    amdg.tdm_prefetch %desc[%x, %y], %pred, speculative = true : !tt.tensordesc<64x64xf16, #shared>
    %11 = amdg.tdm_prefetch %desc[%x, %y], %pred, speculative = false returnOffsets : !tt.tensordesc<64x64xf16, #shared> -> tensor<64x1xi64, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>
    tt.return
  }
}
// CHECK-LABEL: tt.func @tdm
// CHECK-NEXT:    %0 = amdg.update_tensor_descriptor %desc add_offsets = [%x, %y] set_bounds = [%x, %y] pred = %x : !tt.tensordesc<64x64xf16, #shared>
// CHECK-NEXT:    %1 = amdg.update_tensor_descriptor %desc add_offsets = [%x, %y] {clamp_bounds} : !tt.tensordesc<64x64xf16, #shared>
// CHECK-NEXT:    %2 = amdg.update_tensor_descriptor %desc set_bounds = [%x, %y] pred = %y : !tt.tensordesc<64x64xf16, #shared>
// CHECK-NEXT:    %3 = amdg.async_tdm_copy_global_to_local %0 into %buf : !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %4 = amdg.async_tdm_copy_global_to_local %pdesc into %pbuf, barrier = %bar {cache = 2 : i32, warp_used_hint = 3 : i32} : !tt.tensordesc<64x64xf16, #shared1>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:    %5 = amdg.async_tdm_fused_copy_global_to_local %0, %1 into %buf, %buf {warp_used_hints = array<i32: 3, 12>} : !tt.tensordesc<64x64xf16, #shared>, !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %6 = amdg.async_tdm_copy_local_to_global %desc from %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
// CHECK-NEXT:    %7 = amdg.async_tdm_copy_local_to_global %pdesc from %pbuf, barrier = %bar {cache = 3 : i32} : !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared1>
// CHECK-NEXT:    %8 = amdg.async_tdm_gather %desc[%rows] to %buf : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
// CHECK-NEXT:    %9 = amdg.async_tdm_scatter %desc[%rows] from %buf, barrier = %bar : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
// CHECK-NEXT:    %10 = amdg.async_tdm_wait %3, %4 {num = 0 : i32}
// CHECK-NEXT:    amdg.tdm_prefetch %desc[%x, %y], %pred, speculative = true : !tt.tensordesc<64x64xf16, #shared>
// CHECK-NEXT:    %11 = amdg.tdm_prefetch %desc[%x, %y], %pred, speculative = false returnOffsets : !tt.tensordesc<64x64xf16, #shared> -> tensor<64x1xi64, #blocked1>
// CHECK-NEXT:    tt.return

// -----

// Cluster barriers need more than one CTA.
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cluster() {
    amdg.cluster_barrier_arrive
    amdg.cluster_barrier_wait {loop.stage = 1 : i32}
    tt.return
  }
}
// CHECK-LABEL: tt.func @cluster
// CHECK-NEXT:    amdg.cluster_barrier_arrive
// CHECK-NEXT:    amdg.cluster_barrier_wait {loop.stage = 1 : i32}
// CHECK-NEXT:    tt.return

// -----

// in_thread_transpose at shapes smaller than its blocked tile (1 row of a 4-row tile) and repeating it
// (512 columns of a 256-column tile): the tile cut to the shape goes first, in the other order, then
// the repeats; these are Triton 3.9's deduced layouts.
#skinny = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 64], warpsPerCTA = [1, 1], order = [1, 0]}>
#cut = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], warp = [], block = []}>
#repeated = #ttg.linear<{register = [[1, 0], [0, 1], [0, 2], [0, 256]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @skinny(%a: tensor<1x256xf16, #skinny>, %b: tensor<2x512xf16, #skinny>) {
    %0 = amdg.in_thread_transpose %a : tensor<1x256xf16, #skinny> -> tensor<1x256xf16, #cut>
    %1 = amdg.in_thread_transpose %b : tensor<2x512xf16, #skinny> -> tensor<2x512xf16, #repeated>
    tt.return
  }
}
// CHECK: #linear = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], warp = [], block = []}>
// CHECK: #linear1 = #ttg.linear<{register = [[1, 0], [0, 1], [0, 2], [0, 256]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], warp = [], block = []}>
// CHECK-LABEL: tt.func @skinny
// CHECK-NEXT:    %0 = amdg.in_thread_transpose %a : tensor<1x256xf16, #blocked> -> tensor<1x256xf16, #linear>
// CHECK-NEXT:    %1 = amdg.in_thread_transpose %b : tensor<2x512xf16, #blocked> -> tensor<2x512xf16, #linear1>
