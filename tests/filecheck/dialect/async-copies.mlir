// Async copies into shared memory, the memdesc views, shared-memory scatter/gather and the
// CTA barrier, in Triton 3.9's assembly formats; every op line below is what Triton 3.9 prints
// for this input (a copy's buffer type unqualified, default properties left out, an
// async_copy attr-dict sorted, `all` for every address space). Printing is a fixed point.
// RUN: layout-opt %s --verify-roundtrip | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#shared1d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma4d = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 4}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @copies(%ptrs: tensor<16x64x!tt.ptr<f16>, #blocked>, %mask: tensor<16x64xi1, #blocked>, %other: tensor<16x64xf16, #blocked>, %i: i32) -> tensor<16x64xf16, #blocked> {
    %bufs = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #shared, #smem, mutable>
    %buf = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<2x16x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable>
    %t0 = ttg.async_copy_global_to_local %ptrs, %buf : tensor<16x64x!tt.ptr<f16>, #blocked> -> <16x64xf16, #shared, #smem, mutable>
    %t1 = ttg.async_copy_global_to_local %ptrs, %buf mask %mask other %other : tensor<16x64x!tt.ptr<f16>, #blocked> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable>
    %t2 = ttg.async_copy_global_to_local %ptrs, %buf mask %mask {isVolatile = true, contiguity = 8 : i32, cachePolicy = 2 : i32, loop.stage = 0 : i32} : tensor<16x64x!tt.ptr<f16>, #blocked> -> <16x64xf16, #shared, #smem, mutable>
    %t3 = ttg.async_copy_global_to_local %ptrs, %buf {contiguity = 1 : i32, isVolatile = false} : tensor<16x64x!tt.ptr<f16>, #blocked> -> <16x64xf16, #shared, #smem, mutable>
    %g0 = ttg.async_commit_group
    %g1 = ttg.async_commit_group tokens %t0, %t1 {loop.stage = 1 : i32}
    %w0 = ttg.async_wait {num = 1 : i32}
    %w1 = ttg.async_wait %g0, %g1 {num = 0 : i32}
    %v = ttg.local_load %buf token %w1 : !ttg.memdesc<16x64xf16, #shared, #smem, mutable> -> tensor<16x64xf16, #blocked>
    tt.return %v : tensor<16x64xf16, #blocked>
  }
  tt.func @views(%m: !ttg.memdesc<4x64x64xf16, #nvmma, #smem, mutable>, %r: !ttg.memdesc<32x1x4x64xf16, #nvmma4d, #smem>, %i: i32) {
    %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<4x64x64xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %1 = ttg.memdesc_subslice %0[0, 0] : !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable, 64x64>
    %2 = ttg.memdesc_subslice %m [1, 32, 0] : !ttg.memdesc<4x64x64xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<3x32x64xf16, #nvmma, #smem, mutable, 4x64x64>
    %3 = ttg.memdesc_reinterpret %m : !ttg.memdesc<4x64x64xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<8192xi32, #shared1d, #smem, mutable>
    %4 = ttg.memdesc_reshape %r : !ttg.memdesc<32x1x4x64xf16, #nvmma4d, #smem> -> !ttg.memdesc<128x64xf16, #nvmma, #smem>
    tt.return
  }
  tt.func @scatter_gather(%values: tensor<32xi32, #b1>, %indices: tensor<32xi32, #b1>, %mask: tensor<32xi1, #b1>, %tok: !ttg.async.token) -> tensor<32xi32, #b1> {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xi32, #shared1d, #smem, mutable>
    %0 = ttg.local_atomic_scatter_rmw add, %buf[%indices], %values {axis = 0 : i32} : (!ttg.memdesc<32xi32, #shared1d, #smem, mutable>, tensor<32xi32, #b1>, tensor<32xi32, #b1>) -> tensor<32xi32, #b1>
    %1 = ttg.local_atomic_scatter_rmw "umax", %buf[%indices], %values, %mask {axis = 0 : i32, loop.stage = 2 : i32} : (!ttg.memdesc<32xi32, #shared1d, #smem, mutable>, tensor<32xi32, #b1>, tensor<32xi32, #b1>, tensor<32xi1, #b1>) -> tensor<32xi32, #b1>
    ttg.local_scatter %buf[%indices], %1 {axis = 0 : i32} : !ttg.memdesc<32xi32, #shared1d, #smem, mutable>, tensor<32xi32, #b1>, tensor<32xi32, #b1>
    %2 = ttg.local_gather %buf[%indices] token %tok {axis = 0 : i32} : !ttg.memdesc<32xi32, #shared1d, #smem, mutable>, tensor<32xi32, #b1> -> tensor<32xi32, #b1>
    tt.return %2 : tensor<32xi32, #b1>
  }
  tt.func @sync() -> i32 {
    ttg.barrier local
    ttg.barrier global_write|local|tensor_read
    ttg.barrier "global_read|global_write"
    ttg.barrier local|global_read|global_write|tensor_read|tensor_write
    ttg.barrier none
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1152 : i32} : !tt.ptr<i32>
    %owned = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32, third_party_allocation} : !tt.ptr<i8>
    %w = ttg.warp_id
    %u = ttg.warp_id {omitUniformHint}
    tt.return %w : i32
  }
}

// CHECK-LABEL: tt.func @copies
// CHECK-NEXT:    %bufs = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %buf = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<2x16x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %t0 = ttg.async_copy_global_to_local %ptrs, %buf : tensor<16x64x!tt.ptr<f16>, #blocked> -> <16x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %t1 = ttg.async_copy_global_to_local %ptrs, %buf mask %mask other %other : tensor<16x64x!tt.ptr<f16>, #blocked> -> <16x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %t2 = ttg.async_copy_global_to_local %ptrs, %buf mask %mask {cachePolicy = 2 : i32, contiguity = 8 : i32, isVolatile = true, loop.stage = 0 : i32} : tensor<16x64x!tt.ptr<f16>, #blocked> -> <16x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %t3 = ttg.async_copy_global_to_local %ptrs, %buf : tensor<16x64x!tt.ptr<f16>, #blocked> -> <16x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %g0 = ttg.async_commit_group
// CHECK-NEXT:    %g1 = ttg.async_commit_group tokens %t0, %t1 {loop.stage = 1 : i32}
// CHECK-NEXT:    %w0 = ttg.async_wait {num = 1 : i32}
// CHECK-NEXT:    %w1 = ttg.async_wait %g0, %g1 {num = 0 : i32}
// CHECK-NEXT:    %v = ttg.local_load %buf token %w1 : !ttg.memdesc<16x64xf16, #shared, #smem, mutable> -> tensor<16x64xf16, #blocked>
// CHECK-NEXT:    tt.return %v : tensor<16x64xf16, #blocked>
// CHECK-LABEL: tt.func @views
// CHECK-NEXT:    %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<4x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:    %1 = ttg.memdesc_subslice %0[0, 0] : !ttg.memdesc<64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared1, #smem, mutable, 64x64>
// CHECK-NEXT:    %2 = ttg.memdesc_subslice %m[1, 32, 0] : !ttg.memdesc<4x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable, 4x64x64>
// CHECK-NEXT:    %3 = ttg.memdesc_reinterpret %m : !ttg.memdesc<4x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<8192xi32, #shared3, #smem, mutable>
// CHECK-NEXT:    %4 = ttg.memdesc_reshape %r : !ttg.memdesc<32x1x4x64xf16, #shared2, #smem> -> !ttg.memdesc<128x64xf16, #shared1, #smem>
// CHECK-NEXT:    tt.return
// CHECK-LABEL: tt.func @scatter_gather
// CHECK-NEXT:    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xi32, #shared3, #smem, mutable>
// CHECK-NEXT:    %0 = ttg.local_atomic_scatter_rmw add, %buf[%indices], %values {axis = 0 : i32} : (!ttg.memdesc<32xi32, #shared3, #smem, mutable>, tensor<32xi32, #blocked1>, tensor<32xi32, #blocked1>) -> tensor<32xi32, #blocked1>
// CHECK-NEXT:    %1 = ttg.local_atomic_scatter_rmw umax, %buf[%indices], %values, %mask {axis = 0 : i32, loop.stage = 2 : i32} : (!ttg.memdesc<32xi32, #shared3, #smem, mutable>, tensor<32xi32, #blocked1>, tensor<32xi32, #blocked1>, tensor<32xi1, #blocked1>) -> tensor<32xi32, #blocked1>
// CHECK-NEXT:    ttg.local_scatter %buf[%indices], %1 {axis = 0 : i32} : !ttg.memdesc<32xi32, #shared3, #smem, mutable>, tensor<32xi32, #blocked1>, tensor<32xi32, #blocked1>
// CHECK-NEXT:    %2 = ttg.local_gather %buf[%indices] token %tok {axis = 0 : i32} : !ttg.memdesc<32xi32, #shared3, #smem, mutable>, tensor<32xi32, #blocked1> -> tensor<32xi32, #blocked1>
// CHECK-NEXT:    tt.return %2 : tensor<32xi32, #blocked1>
// CHECK-LABEL: tt.func @sync
// CHECK-NEXT:    ttg.barrier local
// CHECK-NEXT:    ttg.barrier local|global_write|tensor_read
// CHECK-NEXT:    ttg.barrier global_read|global_write
// CHECK-NEXT:    ttg.barrier all
// CHECK-NEXT:    ttg.barrier none
// CHECK-NEXT:    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1152 : i32} : !tt.ptr<i32>
// CHECK-NEXT:    %owned = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32, third_party_allocation} : !tt.ptr<i8>
// CHECK-NEXT:    %w = ttg.warp_id
// CHECK-NEXT:    %u = ttg.warp_id {omitUniformHint}
// CHECK-NEXT:    tt.return %w : i32
