// Distributed encodings read and print exactly as Triton 3.9's TTGIR, and printing is a fixed point.
// RUN: layout-opt %s --split-input-file | filecheck %s
// RUN: layout-opt %s --split-input-file > %t.1 && layout-opt %t.1 --split-input-file > %t.2 && diff %t.1 %t.2

// Blocked, from test/TritonGPU/combine.mlir and (with CGA) test/TritonGPU/nvidia-fpsan.mlir.
#layout2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked_cga = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#blocked_copy = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[0, 0]]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  %0 = "test.op"() : () -> tensor<8x64xf16, #layout2>
}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 2 : i32} {
  %1 = "test.op"() : () -> tensor<64x64xf16, #blocked_cga>
  %2 = "test.op"() : () -> tensor<128x4xf16, #blocked_copy>
}
// CHECK:      #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
// CHECK-NEXT: #blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[0, 0]]}>
// CHECK:      tensor<8x64xf16, #blocked>
// CHECK:      tensor<64x64xf16, #blocked1>
// CHECK:      tensor<128x4xf16, #blocked2>

// -----

// nvidia_mma v2 and v3 (test/TritonGPU/loop-pipeline-*.mlir, tritongpu_to_llvm_blackwell.mlir);
// the legacy CTA keys of one CTA are read as no CGALayout.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 8]}>
#mma_legacy = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 1, warpsPerCTA = [2, 2], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0], instrShape = [16, 8]}>
#mma_fp64 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [8, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  %0 = "test.op"() : () -> tensor<64x64xf32, #mma>
  %1 = "test.op"() : () -> tensor<64x128xf32, #mma1>
  %2 = "test.op"() : () -> tensor<32x32xf32, #mma_legacy>
  %3 = "test.op"() : () -> tensor<8x32xf64, #mma_fp64>
}
module attributes {"ttg.num-warps" = 8 : i32, "ttg.num-ctas" = 2 : i32} {
  %4 = "test.op"() : () -> tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], CGALayout = [[0, 0]], instrShape = [16, 256, 32]}>>
}
// CHECK:      #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-NEXT: #mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 8]}>
// CHECK-NEXT: #mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 1, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-NEXT: #mma3 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [8, 8]}>
// CHECK-NEXT: #mma4 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], CGALayout = [[0, 0]], instrShape = [16, 256, 32]}>

// -----

// dot_op: the whitespace-free form of test/Conversion/tritongpu_to_llvm.mlir, a blocked (FMA) parent
// without kWidth, and an MFMA parent; dot_op and slice always print inline.
#mma0 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#dot_operand_a = #ttg.dot_op<{opIdx=0, parent=#mma0, kWidth=2}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  %0 = "test.op"() : () -> tensor<32x16xf16, #dot_operand_a>
  %1 = "test.op"() : () -> tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
}
// CHECK:      #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-NEXT: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK:      tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK:      tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>

// -----

// slice, nested too (test/TritonGPU/combine.mlir).
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#slice1dim1 = #ttg.slice<{dim = 1, parent = #blocked1}>
module attributes {"ttg.num-warps" = 4 : i32} {
  %0 = "test.op"() : () -> tensor<8x32xf32, #slice1dim1>
  %1 = "test.op"() : () -> tensor<8xf32, #ttg.slice<{dim = 1, parent = #slice1dim1}>>
}
// CHECK:      #blocked = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK:      tensor<8x32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK:      tensor<8xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 1, parent = #blocked}>}>>

// -----

// linear (test/Conversion/tritongpu_to_llvm.mlir) and generic_linear with a swizzled warp; extra keys are ignored.
#linear0 = #ttg.linear<{register=[[1, 0], [2, 0], [4, 0]], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[], block=[]}>
#linear1 = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [0, 0]], block = [], order = [1, 0]}>
#generic = #ttg.generic_linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 8], [0, 8]], block = []}>
module attributes {"ttg.num-warps" = 1 : i32} {
  %0 = "test.op"() : () -> tensor<8x32xf32, #linear0>
}
module attributes {"ttg.num-warps" = 4 : i32} {
  %1 = "test.op"() : () -> tensor<16x8xf32, #linear1>
  %2 = "test.op"() : () -> tensor<16x16xf32, #generic>
}
// CHECK{LITERAL}:      #linear = #ttg.linear<{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
// CHECK-NEXT{LITERAL}: #linear1 = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [0, 0]], block = []}>
// CHECK-NEXT{LITERAL}: #generic_linear = #ttg.generic_linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 8], [0, 8]], block = []}>

// -----

// amd_mfma (test/Conversion/amd/*.mlir, test/TritonGPU/amd/mfma-xf32.mlir): defaults are left out,
// tilesPerWarp and elementBitWidth print only when they differ from them; keys may come in any order.
#mma = #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 1], instrShape = [32, 32, 16], isTransposed = true}>
#mma1 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], tilesPerWarp = [2, 1], instrShape = [16, 16, 32], isTransposed = true}>
#mma2 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 4], isTransposed = true, elementBitWidth = 64}>
#mma3 = #ttg.amd_mfma<{isTransposed = false, version = 3, instrShape = [32, 32, 8], warpsPerCTA = [2, 2], tilesPerWarp = [1, 1], elementBitWidth = 32}>
module attributes {"ttg.threads-per-warp" = 64 : i32} {
  %0 = "test.op"() : () -> tensor<32x32xf32, #mma>
  %1 = "test.op"() : () -> tensor<64x16xf32, #mma1>
  %2 = "test.op"() : () -> tensor<32x32xf64, #mma2>
  %3 = "test.op"() : () -> tensor<64x64xf32, #mma3>
}
// CHECK:      #mma = #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 1], instrShape = [32, 32, 16], isTransposed = true}>
// CHECK-NEXT: #mma1 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 32], isTransposed = true, tilesPerWarp = [2, 1]}>
// CHECK-NEXT: #mma2 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 4], isTransposed = true, elementBitWidth = 64}>
// CHECK-NEXT: #mma3 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>

// -----

// amd_wmma (test/TritonGPU/amd/in-thread-transpose.mlir, test/Conversion/amd/tritongpu_to_llvm_gfx1250.mlir,
// test/TritonGPU/amd/amd-convert-tensor-ops.mlir): isTranspose (no d), ctaLayout prints only non-empty in-dims.
#mma_wmma = #ttg.amd_wmma<{version = 1, isTranspose = true, ctaLayout = {warp = [[1, 0]]}}>
#mma = #ttg.amd_wmma<{version = 3, ctaLayout = {warp = [[1, 0]]}, isTranspose = true, instrShape = [16, 16, 32]}>
#mma2 = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {register = [[0, 1], [1, 0]], warp = [[0, 2], [2, 0]]}}>
#mma3 = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {register = [], warp = []}, instrShape = [16, 16, 16]}>
module attributes {"ttg.num-warps" = 2 : i32} {
  %0 = "test.op"() : () -> tensor<32x32xf32, #mma_wmma>
  %1 = "test.op"() : () -> tensor<32x32xf32, #mma>
}
module attributes {"ttg.num-warps" = 4 : i32} {
  %2 = "test.op"() : () -> tensor<64x64xf32, #mma2>
}
module {
  %3 = "test.op"() : () -> tensor<16x16xf32, #mma3>
}
module attributes {"ttg.num-warps" = 8 : i32, "ttg.num-ctas" = 4 : i32} {
  %4 = "test.op"() : () -> tensor<64x64xf32, #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}, CGALayout = [[0, 1], [1, 0]], instrShape = [16, 16, 32]}>>
}
module attributes {"ttg.num-warps" = 8 : i32} {
  %5 = "test.op"() : () -> tensor<2x16x16xf16, #ttg.amd_wmma<{version = 1, rank = 3, ctaLayout = {warp = [[0, 0, 1], [0, 0, 2], [1, 0, 0]]}}>>
}
// CHECK{LITERAL}:      #mma = #ttg.amd_wmma<{version = 1, isTranspose = true, ctaLayout = {warp = [[1, 0]]}}>
// CHECK-NEXT{LITERAL}: #mma1 = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[1, 0]]}, instrShape = [16, 16, 32]}>
// CHECK-NEXT{LITERAL}: #mma2 = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {register = [[0, 1], [1, 0]], warp = [[0, 2], [2, 0]]}}>
// CHECK-NEXT{LITERAL}: #mma3 = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = []}}>
// CHECK-NEXT{LITERAL}: #mma4 = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}, CGALayout = [[0, 1], [1, 0]], instrShape = [16, 16, 32]}>
// A rank-3 WMMA layout keeps its rank, which Triton's parser needs (its printer drops it):
// CHECK-NEXT{LITERAL}: #mma5 = #ttg.amd_wmma<{version = 1, isTranspose = false, ctaLayout = {warp = [[0, 0, 1], [0, 0, 2], [1, 0, 0]]}, rank = 3}>
