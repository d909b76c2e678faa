// lower-to-linear on #ttg.blocked: the bases are Triton 3.9's (reference layouts V1, X1, X2 and X27-X29 in
// tests/unit/encodings/reference_layouts.py) at a shape equal to the CTA tile, smaller (bases broadcast to 0),
// larger (extra register bases wrap, order[0] dim first) and with CGAs that split or copy the tensor over CTAs.
// RUN: layout-opt %s -p lower-to-linear --split-input-file | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 2 : i32} {
  func.func @shapes(%tile: tensor<16x16xf16, #blocked>, %small: tensor<8x4xf16, #blocked>, %large: tensor<32x32xf16, #blocked>) {
    func.return
  }
}
// CHECK:      #[[TILE:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 2], [0, 4], [2, 0], [4, 0], [8, 0]], warp = [[0, 8]], block = []}>
// CHECK-NEXT: #[[SMALL:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 2], [0, 0], [2, 0], [4, 0], [0, 0]], warp = [[0, 0]], block = []}>
// CHECK-NEXT: #[[LARGE:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [1, 0], [0, 16], [16, 0]], lane = [[0, 2], [0, 4], [2, 0], [4, 0], [8, 0]], warp = [[0, 8]], block = []}>
// CHECK:      func.func @shapes(%tile: tensor<16x16xf16, #[[TILE]]>, %small: tensor<8x4xf16, #[[SMALL]]>, %large: tensor<32x32xf16, #[[LARGE]]>)

// -----

#split = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[0, 1], [1, 0]]}>
#copied = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[0, 1], [0, 0]]}>
module attributes {"ttg.num-warps" = 2 : i32, "ttg.num-ctas" = 4 : i32} {
  func.func @cga(%split: tensor<64x64xf16, #split>, %copied: tensor<64x64xf16, #copied>) {
    func.return
  }
}
// CHECK:      #[[SPLIT:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [0, 2], [0, 16], [16, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0]], block = [[0, 32], [32, 0]]}>
// CHECK-NEXT: #[[COPIED:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [0, 2], [0, 16], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0]], block = [[0, 32], [0, 0]]}>
// CHECK:      func.func @cga(%split: tensor<64x64xf16, #[[SPLIT]]>, %copied: tensor<64x64xf16, #[[COPIED]]>)

// -----

#blocked3d = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @rank3(%t: tensor<8x4x32xf16, #blocked3d>) {
    func.return
  }
}
// CHECK: #[[R3:linear[0-9]*]] = #ttg.linear<{register = [[0, 0, 1], [0, 0, 2], [0, 0, 16]], lane = [[0, 0, 4], [0, 0, 8], [0, 1, 0], [0, 2, 0], [1, 0, 0]], warp = [[2, 0, 0], [4, 0, 0]], block = []}>
// CHECK: func.func @rank3(%t: tensor<8x4x32xf16, #[[R3]]>)
