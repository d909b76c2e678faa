// The ttg layout ops in Triton's assembly formats (lines from test/Conversion/tritongpu_to_llvm*.mlir,
// test/TritonGPU/combine.mlir and test/NVWS/assign_stage_phase.mlir); printing is a fixed point.
// RUN: layout-opt %s --verify-roundtrip | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#layout0 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#layout1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared0 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  func.func @ops(%x: tensor<1024xi32, #layout0>, %t: tensor<16x16xf16, #blocked>, %tok: !ttg.async.token) {
    %1 = ttg.convert_layout %x : tensor<1024xi32, #layout0> -> tensor<1024xi32, #layout1>
    %2 = ttg.convert_layout %t {force_warp_shuffle} : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #mma>
    %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared0, #smem, mutable>
    %b = ttg.local_alloc %t {allocation.offset = 0 : i32} : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared0, #smem>
    ttg.local_store %t, %0 : tensor<16x16xf16, #blocked> -> !ttg.memdesc<16x16xf16, #shared0, #smem, mutable>
    %AA_DOT = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #shared0, #smem, mutable> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %3 = ttg.local_load %b token %tok : !ttg.memdesc<16x16xf16, #shared0, #smem> -> tensor<16x16xf16, #blocked>
    ttg.local_dealloc %0 : !ttg.memdesc<16x16xf16, #shared0, #smem, mutable>
    func.return
  }
}
// CHECK:      #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked2 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK:      func.func @ops(%x: tensor<1024xi32, #blocked>, %t: tensor<16x16xf16, #blocked1>, %tok: !ttg.async.token) {
// CHECK-NEXT:   %0 = ttg.convert_layout %x : tensor<1024xi32, #blocked> -> tensor<1024xi32, #blocked2>
// CHECK-NEXT:   %1 = ttg.convert_layout %t {force_warp_shuffle} : tensor<16x16xf16, #blocked1> -> tensor<16x16xf16, #mma>
// CHECK-NEXT:   %2 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
// CHECK-NEXT:   %b = ttg.local_alloc %t {allocation.offset = 0 : i32} : (tensor<16x16xf16, #blocked1>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
// CHECK-NEXT:   ttg.local_store %t, %2 : tensor<16x16xf16, #blocked1> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
// CHECK-NEXT:   %AA_DOT = ttg.local_load %2 : !ttg.memdesc<16x16xf16, #shared, #smem, mutable> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:   %3 = ttg.local_load %b token %tok : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked1>
// CHECK-NEXT:   ttg.local_dealloc %2 : !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
// CHECK-NEXT:   func.return
