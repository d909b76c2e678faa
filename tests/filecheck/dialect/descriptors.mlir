// Tensor descriptors (tt) and TMA copies (ttng) read and print as Triton 3.9 prints them; printing is a fixed point.
// RUN: layout-opt %s --split-input-file --verify-roundtrip | filecheck %s

// Descriptors made and used in registers: Triton prints make_tensor_descriptor's types without
// their dialect prefix, and its default padding (1, zero) not at all.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @registers(%p: !tt.ptr<f16>, %q: !tt.ptr<i8>, %m: i32, %s: i64, %x: tensor<32xi32, #blocked>, %t: tensor<128x64xf16, #blocked1>, %g: tensor<32x64xf16, #blocked1>) {
    %d = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] : !tt.ptr<f16>, !tt.tensordesc<128x64xf16, #shared>
    %nan = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] {padding = 2 : i32} : <f16>, <128x64xf16>
    %zero = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] {padding = 1 : i32, async_task_id = array<i32: 0>} : !tt.ptr<f16>, !tt.tensordesc<128x64xf16>
    %u8 = tt.make_tensor_descriptor %q, [%m, %m], [%s, %s] : !tt.ptr<i8>, !tt.tensordesc<64x64xui8>
    %v = tt.descriptor_load %d[%m, %m] : !tt.tensordesc<128x64xf16, #shared> -> tensor<128x64xf16, #blocked1>
    %w = tt.descriptor_load %d[%m, %m] {cachePolicy = 1 : i32, loop.stage = 0 : i32} : !tt.tensordesc<128x64xf16, #shared> -> tensor<128x64xf16, #blocked1>
    %b = tt.descriptor_load %u8[%m, %m] : !tt.tensordesc<64x64xui8> -> tensor<64x64xi8, #blocked1>
    tt.descriptor_store %d[%m, %m], %t : !tt.tensordesc<128x64xf16, #shared>, tensor<128x64xf16, #blocked1>
    tt.descriptor_reduce add, %d[%m, %m], %t : !tt.tensordesc<128x64xf16, #shared>, tensor<128x64xf16, #blocked1>
    tt.descriptor_reduce "xor", %d[%m, %m], %t {loop.cluster = 2 : i32} : !tt.tensordesc<128x64xf16, #shared>, tensor<128x64xf16, #blocked1>
    %d1 = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] : !tt.ptr<f16>, !tt.tensordesc<1x64xf16, #shared>
    %rows = tt.descriptor_gather %d1[%x, %m] : (!tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #blocked>, i32) -> tensor<32x64xf16, #blocked1>
    tt.descriptor_scatter %d1[%x, %m], %g : !tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #blocked>, i32, tensor<32x64xf16, #blocked1>
    tt.return
  }
}
// CHECK-LABEL: tt.func @registers
// CHECK-NEXT:    %d = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] : <f16>, <128x64xf16, #shared>
// CHECK-NEXT:    %nan = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] {padding = 2 : i32} : <f16>, <128x64xf16>
// CHECK-NEXT:    %zero = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] {async_task_id = array<i32: 0>} : <f16>, <128x64xf16>
// CHECK-NEXT:    %u8 = tt.make_tensor_descriptor %q, [%m, %m], [%s, %s] : <i8>, <64x64xui8>
// CHECK-NEXT:    %v = tt.descriptor_load %d[%m, %m] : !tt.tensordesc<128x64xf16, #shared> -> tensor<128x64xf16, #blocked1>
// CHECK-NEXT:    %w = tt.descriptor_load %d[%m, %m] {cachePolicy = 1 : i32, loop.stage = 0 : i32} : !tt.tensordesc<128x64xf16, #shared> -> tensor<128x64xf16, #blocked1>
// CHECK-NEXT:    %b = tt.descriptor_load %u8[%m, %m] : !tt.tensordesc<64x64xui8> -> tensor<64x64xi8, #blocked1>
// CHECK-NEXT:    tt.descriptor_store %d[%m, %m], %t : !tt.tensordesc<128x64xf16, #shared>, tensor<128x64xf16, #blocked1>
// CHECK-NEXT:    tt.descriptor_reduce add, %d[%m, %m], %t : !tt.tensordesc<128x64xf16, #shared>, tensor<128x64xf16, #blocked1>
// CHECK-NEXT:    tt.descriptor_reduce xor, %d[%m, %m], %t {loop.cluster = 2 : i32} : !tt.tensordesc<128x64xf16, #shared>, tensor<128x64xf16, #blocked1>
// CHECK-NEXT:    %d1 = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] : <f16>, <1x64xf16, #shared>
// CHECK-NEXT:    %rows = tt.descriptor_gather %d1[%x, %m] : (!tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #blocked>, i32) -> tensor<32x64xf16, #blocked1>
// CHECK-NEXT:    tt.descriptor_scatter %d1[%x, %m], %g : !tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #blocked>, i32, tensor<32x64xf16, #blocked1>
// CHECK-NEXT:    tt.return

// -----

// TMA copies through shared memory, the store wait, and descriptors made on the device.
#blocked = #ttg.blocked<{sizePerThread = [32], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma(%d: !tt.tensordesc<128x64xf16, #shared>, %d1: !tt.tensordesc<1x64xf16, #shared>, %i: i32, %pred: i1, %x: tensor<32xi32, #blocked>, %q: !tt.ptr<i8>, %p: !tt.ptr<f16>, %s: i64) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %bar, %pred : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %bar, %pred {isVolatile = false, loop.stage = 1 : i32} : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %d[%i, %i] %buf : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_reduce add, %d[%i, %i] %buf {async_task_id = array<i32: 0>} : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_reduce max, %d[%i, %i] %buf : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %rows = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    ttng.async_tma_gather %d1[%x, %i] %rows, %bar, %pred : !tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
    ttng.async_tma_scatter %d1[%x, %i] %rows : !tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.async_tma_store_wait {pendings = 1 : i32, read_only}
    ttng.tensormap_create %q, %p, [%i, %i], [%i, %i], [%s], [%i, %i] {swizzle_mode = 3 : i32, interleave_layout = 0 : i32, fill_mode = 0 : i32, elem_type = 6 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_create %q, %p, [%i], [%i], [], [%i] {allocation.offset = 0 : i32, elem_type = 6 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %q : !tt.ptr<i8>
    %r = ttng.reinterpret_tensor_descriptor %q : !tt.ptr<i8> to !tt.tensordesc<128x64xf16, #shared>
    tt.return
  }
}
// CHECK-LABEL: tt.func @tma
// CHECK-NEXT:    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %bar, %pred : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %bar, %pred {loop.stage = 1 : i32} : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.async_tma_copy_local_to_global %d[%i, %i] %buf : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.async_tma_reduce add, %d[%i, %i] %buf {async_task_id = array<i32: 0>} : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.async_tma_reduce max, %d[%i, %i] %buf : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %rows = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.async_tma_gather %d1[%x, %i] %rows, %bar, %pred : !tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
// CHECK-NEXT:    ttng.async_tma_scatter %d1[%x, %i] %rows : !tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT:    ttng.async_tma_store_wait {pendings = 1 : i32, read_only}
// CHECK-NEXT:    ttng.tensormap_create %q, %p, [%i, %i], [%i, %i], [%s], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT:    ttng.tensormap_create %q, %p, [%i], [%i], [], [%i] {allocation.offset = 0 : i32, elem_type = 6 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32) -> ()
// CHECK-NEXT:    ttng.tensormap_fenceproxy_acquire %q : !tt.ptr<i8>
// CHECK-NEXT:    %r = ttng.reinterpret_tensor_descriptor %q : !tt.ptr<i8> to !tt.tensordesc<128x64xf16, #shared>
// CHECK-NEXT:    tt.return

// -----

// An im2col load: the 4-D tensor's coordinates, and two fewer i16 offsets.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @im2col(%d: !ttng.tensordesc_im2col<64x128xf16, #shared>, %i: i32, %w: i16, %h: i16, %pred: i1) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%i, %i, %i, %i] offsets = [%w, %h] %buf, %bar, %pred : !ttng.tensordesc_im2col<64x128xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    tt.return
  }
}
// CHECK-LABEL: tt.func @im2col(%d: !ttng.tensordesc_im2col<64x128xf16, #shared>
// CHECK:         ttng.async_tma_copy_global_to_local %d[%i, %i, %i, %i] offsets = [%w, %h] %buf, %bar, %pred : !ttng.tensordesc_im2col<64x128xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>

// -----

// Two CTAs that share the buffer: a multicast copy and gather fill both.
#blocked = #ttg.blocked<{sizePerThread = [32], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[0]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @multicast(%d: !tt.tensordesc<128x64xf16, #shared>, %d1: !tt.tensordesc<1x64xf16, #shared>, %i: i32, %pred: i1, %x: tensor<32xi32, #blocked>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %rows: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>) {
    ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %bar, %pred {multicast} : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_gather %d1[%x, %i] %rows, %bar, %pred {multicast} : !tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
    tt.return
  }
}
// CHECK-LABEL: tt.func @multicast
// CHECK-NEXT:    ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %bar, %pred {multicast} : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.async_tma_gather %d1[%x, %i] %rows, %bar, %pred {multicast} : !tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
