// lower-to-linear on AMD matrix-core layouts: #ttg.amd_mfma (32x32, 16x16, 64x4, transposed, tilesPerWarp,
// 64-bit elements, 3-D batch), its dot operands, and #ttg.amd_wmma v1-v3 with ctaLayout repetitions and its
// dot operands. Bases are Triton 3.9's (reference layouts V5 and X9-X22 in
// tests/unit/encodings/reference_layouts.py).
// RUN: layout-opt %s -p lower-to-linear --split-input-file | filecheck %s

#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>
#mfmaT = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#mfma16 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 32], isTransposed = true}>
#tiles = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [16, 16, 32], isTransposed = true, tilesPerWarp = [2, 2]}>
#f64 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 4], isTransposed = true, elementBitWidth = 64}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  func.func @mfma(%acc: tensor<64x64xf16, #mfma>, %accT: tensor<64x64xf16, #mfmaT>, %acc16: tensor<64x16xf16, #mfma16>,
                  %tiles: tensor<64x64xf16, #tiles>, %f64: tensor<32x32xf16, #f64>) {
    func.return
  }
  func.func @operands(%a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mfma, kWidth = 8}>>,
                      %b: tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mfma, kWidth = 8}>>) {
    func.return
  }
}
// CHECK:      #[[ACC:linear[0-9]*]] = #ttg.linear<{register = [[1, 0], [2, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 32], [32, 0]], block = []}>
// CHECK-NEXT: #[[ACCT:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [0, 2], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], warp = [[0, 32], [32, 0]], block = []}>
// CHECK-NEXT: #[[ACC16:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [[16, 0], [32, 0]], block = []}>
// CHECK-NEXT: #[[TILES:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [0, 2], [0, 16], [16, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [[0, 32], [32, 0]], block = []}>
// CHECK-NEXT: #[[F64:linear[0-9]*]] = #ttg.linear<{register = [[0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], [0, 2]], warp = [[0, 16], [16, 0]], block = []}>
// CHECK-NEXT: #[[A:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 8]], warp = [[0, 0], [32, 0]], block = []}>
// CHECK-NEXT: #[[B:linear[0-9]*]] = #ttg.linear<{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [8, 0]], warp = [[0, 32], [0, 0]], block = []}>
// CHECK:      func.func @mfma(%acc: tensor<64x64xf16, #[[ACC]]>, %accT: tensor<64x64xf16, #[[ACCT]]>, %acc16: tensor<64x16xf16, #[[ACC16]]>, %tiles: tensor<64x64xf16, #[[TILES]]>, %f64: tensor<32x32xf16, #[[F64]]>)
// CHECK:      func.func @operands(%a: tensor<64x16xf16, #[[A]]>, %b: tensor<16x64xf16, #[[B]]>)

// -----

#mfma64x4 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = true}>
#batch = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 1, 1], instrShape = [32, 32, 8], isTransposed = false}>
module attributes {"ttg.threads-per-warp" = 64 : i32} {
  func.func @narrow(%acc: tensor<64x4xf16, #mfma64x4>) attributes {"ttg.num-warps" = 1 : i32} {
    func.return
  }
  func.func @batch(%acc: tensor<4x32x32xf16, #batch>) attributes {"ttg.num-warps" = 2 : i32} {
    func.return
  }
}
// CHECK:      #[[NARROW:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [], block = []}>
// CHECK-NEXT: #[[BATCH:linear[0-9]*]] = #ttg.linear<{register = [[0, 1, 0], [0, 2, 0], [0, 8, 0], [0, 16, 0], [2, 0, 0]], lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 16], [0, 4, 0]], warp = [[1, 0, 0]], block = []}>
// CHECK:      func.func @narrow(%acc: tensor<64x4xf16, #[[NARROW]]>)
// CHECK:      func.func @batch(%acc: tensor<4x32x32xf16, #[[BATCH]]>)

// -----

#wmma1 = #ttg.amd_wmma<{version = 1, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}}>
#wmma2 = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}}>
#wmma3T = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, 32]}>
#wmma32 = #ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [32, 16, 64]}>
#reps = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {register = [[0, 1], [1, 0]], warp = [[0, 2], [2, 0]]}}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @wmma(%v1: tensor<32x32xf16, #wmma1>, %v2: tensor<32x32xf16, #wmma2>, %v3: tensor<32x32xf16, #wmma3T>,
                  %tall: tensor<64x32xf16, #wmma32>, %reps: tensor<64x64xf16, #reps>,
                  %a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #wmma2, kWidth = 8}>>) {
    func.return
  }
}
// CHECK:      #[[V1:linear[0-9]*]] = #ttg.linear<{register = [[2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[0, 16], [16, 0]], block = []}>
// CHECK-NEXT: #[[V2:linear[0-9]*]] = #ttg.linear<{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0]], warp = [[0, 16], [16, 0]], block = []}>
// CHECK-NEXT: #[[V3:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]], warp = [[0, 16], [16, 0]], block = []}>
// CHECK-NEXT: #[[TALL:linear[0-9]*]] = #ttg.linear<{register = [[1, 0], [2, 0], [4, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0]], warp = [[0, 16], [32, 0]], block = []}>
// CHECK-NEXT: #[[REPS:linear[0-9]*]] = #ttg.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0]], warp = [[0, 32], [32, 0]], block = []}>
// CHECK-NEXT: #[[WA:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]], warp = [[0, 0], [16, 0]], block = []}>
// CHECK:      func.func @wmma(%v1: tensor<32x32xf16, #[[V1]]>, %v2: tensor<32x32xf16, #[[V2]]>, %v3: tensor<32x32xf16, #[[V3]]>, %tall: tensor<64x32xf16, #[[TALL]]>, %reps: tensor<64x64xf16, #[[REPS]]>, %a: tensor<32x16xf16, #[[WA]]>)

// -----

// An MFMA accumulator smaller than its 64x64 CTA tile: the warps hold copies.
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  func.func @small(%acc: tensor<32x32xf32, #mfma>) {
    func.return
  }
}
// CHECK: #[[SMALLACC:linear[0-9]*]] = #ttg.linear<{register = [[1, 0], [2, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
// CHECK: func.func @small(%acc: tensor<32x32xf32, #[[SMALLACC]]>)
