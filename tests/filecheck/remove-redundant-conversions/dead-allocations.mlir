// An unused ttg.local_alloc is dead, as in Triton 3.9, whose LocalAllocOp::getEffects
// declares nothing for an immutable buffer before memory is assigned and only the
// allocation of its result otherwise: the passes erase it, and what only it read.
// A buffer that a local_store writes stays.
// RUN: layout-opt %s -p remove-redundant-conversions | filecheck %s
// RUN: layout-opt %s -p canonicalize | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = false}>
#shared = #ttg.swizzled_shared<{vec = 16, perPhase = 4, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: @unused_buffers
  // CHECK-NEXT:    %[[KEPT:.+]] = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  // CHECK-NEXT:    ttg.local_store %arg0, %[[KEPT]]
  // CHECK-NEXT:    tt.return
  tt.func @unused_buffers(%arg0: tensor<16x16xf16, #mma>) {
    %0 = ttg.convert_layout %arg0 {allocation.offset = 0 : i32} : tensor<16x16xf16, #mma> -> tensor<16x16xf16, #blocked>
    %1 = ttg.local_alloc %0 {allocation.offset = 0 : i32} : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %2 = ttg.local_load %1 : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
    %3 = ttg.local_alloc %arg0 : (tensor<16x16xf16, #mma>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %4 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
    %5 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
    ttg.local_store %arg0, %5 : tensor<16x16xf16, #mma> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
    tt.return
  }
}
