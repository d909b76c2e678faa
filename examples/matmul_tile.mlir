// One 128x128 tile of an fp16 matmul on Ampere (4 warps, mma.sync), written in Triton 3.9's TTGIR.
//
// The A and B tiles arrive in coalesced blocked layouts, are staged through swizzled shared memory
// and loaded into the mma.sync operand layouts (#ttg.dot_op); the f32 accumulator is scaled, rounded
// to f16 and converted to a blocked layout for a coalesced store. Each ttg.convert_layout and each
// shared-memory round trip is a data movement that later passes analyse and lower.
//
// Run: layout-opt examples/matmul_tile.mlir

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  func.func @stage_operands(%a: tensor<128x64xf16, #blocked>, %b: tensor<64x128xf16, #blocked1>)
      -> (tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
          tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>) {
    %a_smem = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %b_smem = ttg.local_alloc %b : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %a_dot = ttg.local_load %a_smem : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b_dot = ttg.local_load %b_smem : !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    func.return %a_dot, %b_dot : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }

  func.func @epilogue(%acc: tensor<128x128xf32, #mma>, %alpha: tensor<128x128xf32, #mma>) -> tensor<128x128xf16, #blocked2> {
    %scaled = arith.mulf %acc, %alpha : tensor<128x128xf32, #mma>
    %half = arith.truncf %scaled : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %out = ttg.convert_layout %half : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked2>
    func.return %out : tensor<128x128xf16, #blocked2>
  }

  func.func @transpose_through_shared(%x: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked1> {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %x, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %y = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked1>
    ttg.local_dealloc %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    func.return %y : tensor<64x64xf16, #blocked1>
  }
}
