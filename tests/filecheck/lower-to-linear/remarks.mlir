// Encodings without a linear layout are kept, each with a remark at the op that holds the type:
// padded_shared (padding is not linear), partitioned_shared (an extra partition dim), a pipeline's
// 3-buffer allocation (not a power of two), an nvmma layout too small for its swizzle, a layout with
// no bases at all (its #ttg.linear text could not say its rank), and maxPhase = 0 (Triton divides by it).
// RUN: layout-opt %s -p lower-to-linear 2>&1 | filecheck %s

#padded = #ttg.padded_shared<[16:+4] {order = [1, 0], shape = [16, 32]}>
#inner = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#parts = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, partitionLayout = #inner}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#single = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [1], warpsPerCTA = [1], order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.threads-per-warp" = 1 : i32} {
  %padded = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #padded, #smem, mutable>
  %parts = ttg.local_alloc : () -> !ttg.memdesc<16x4xf16, #parts, #smem, mutable>
  %stages = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #swizzled, #smem, mutable>
  %small = ttg.local_alloc : () -> !ttg.memdesc<8x16xf16, #nvmma, #smem, mutable>
  %one = "test.op"() : () -> tensor<1xf32, #single>
  %nophase = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 0, order = [1, 0]}>, #smem, mutable>
}
// CHECK:      remarks.mlir:15:3: remark: #ttg.padded_shared has no linear layout (its padding is not linear); kept
// CHECK-NEXT: remarks.mlir:16:3: remark: #ttg.partitioned_shared has no #ttg.shared_linear form (its layout has a partition dim); kept
// CHECK-NEXT: remarks.mlir:17:3: remark: #ttg.swizzled_shared at shape 3x64x64 has no linear layout: a tensor of shape [3, 64, 64] has rank 3, but the encoding has rank 2; kept
// CHECK-NEXT: remarks.mlir:18:3: remark: #ttg.nvmma_shared at shape 8x16 has no linear layout: block shape along the contiguous dimension 1 is too small for the swizzle byte size 128 in NVMMA Shared Layout; kept
// CHECK-NEXT: remarks.mlir:19:3: remark: #ttg.blocked at shape 1 has no bases to write its rank with; kept
// CHECK-NEXT: remarks.mlir:20:3: remark: #ttg.swizzled_shared at shape 32x32 has no linear layout: maxPhase = 0 gives no layout: the phase (row / perPhase) % maxPhase divides by it (Triton 3.9 reads it and then divides by zero); kept
// CHECK:      #[[PADDED:shared[0-9]*]] = #ttg.padded_shared<[16:+4] {order = [1, 0], shape = [16, 32]}>
// CHECK:      #[[STAGES:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK:      %padded = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #[[PADDED]], #smem, mutable>
// CHECK:      %stages = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #[[STAGES]], #smem, mutable>
