// lower-to-linear on #ttg.nvidia_mma (v2 incl. fp64, v3) and its #ttg.dot_op operands with kWidth: Triton 3.9's
// bases (reference layouts V2-V4 and X3-X8 in tests/unit/encodings/reference_layouts.py). Warps along K hold
// copies (zero warp bases); shapes larger than a tile wrap.
// RUN: layout-opt %s -p lower-to-linear --split-input-file | filecheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @ampere(%acc: tensor<32x32xf32, #mma>,
                    %a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                    %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
                    %a8: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>) {
    func.return
  }
}
// CHECK:      #[[ACC:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [8, 0], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]], block = []}>
// CHECK-NEXT: #[[A:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [16, 0]], block = []}>
// CHECK-NEXT: #[[B:linear[0-9]*]] = #ttg.linear<{register = [[1, 0], [8, 0], [0, 16]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 0]], block = []}>
// CHECK-NEXT: #[[A8:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [0, 2], [8, 0], [0, 16]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [16, 0]], block = []}>
// CHECK:      func.func @ampere(%acc: tensor<32x32xf32, #[[ACC]]>, %a: tensor<32x16xf16, #[[A]]>, %b: tensor<16x32xf16, #[[B]]>, %a8: tensor<32x32xi8, #[[A8]]>)

// -----

// fp64 mma.sync (instrShape [8, 8]): the tile is 8 rows and its A operand 4 * kWidth columns.
#mma64 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [8, 8]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  func.func @fp64(%acc: tensor<8x8xf16, #mma64>, %a: tensor<8x4xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 1}>>) {
    func.return
  }
}
// CHECK:      #[[ACC64:linear[0-9]*]] = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-NEXT: #[[A64:linear[0-9]*]] = #ttg.linear<{register = [], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK:      func.func @fp64(%acc: tensor<8x8xf16, #[[ACC64]]>, %a: tensor<8x4xf16, #[[A64]]>)

// -----

// Hopper (v3): warps go along M first; the N extent of one wgmma is in registers.
#wgmma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#wgmma8 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @hopper(%acc: tensor<64x32xf16, #wgmma>, %a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>) {
    func.return
  }
  func.func @hopper_eight_warps(%acc: tensor<64x128xf16, #wgmma8>) attributes {"ttg.num-warps" = 8 : i32} {
    func.return
  }
}
// CHECK:      #[[WACC:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
// CHECK-NEXT: #[[WA:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
// CHECK-NEXT: #[[W8:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [0, 64]], block = []}>
// CHECK:      func.func @hopper(%acc: tensor<64x32xf16, #[[WACC]]>, %a: tensor<64x16xf16, #[[WA]]>)
// CHECK:      func.func @hopper_eight_warps(%acc: tensor<64x128xf16, #[[W8]]>)

// -----

// Smaller than the CTA tile (the warps' bases broadcast), and split over 2 CTAs (the rest wraps along N first).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mmaCGA = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], CGALayout = [[1, 0]], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 2 : i32} {
  func.func @fit(%small: tensor<16x8xf32, #mma>, %split: tensor<64x32xf32, #mmaCGA>) {
    func.return
  }
}
// CHECK:      #[[SMALL:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
// CHECK-NEXT: #[[SPLIT:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [8, 0], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]], block = [[32, 0]]}>
// CHECK:      func.func @fit(%small: tensor<16x8xf32, #[[SMALL]]>, %split: tensor<64x32xf32, #[[SPLIT]]>)
