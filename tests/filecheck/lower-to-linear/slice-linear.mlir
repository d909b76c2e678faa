// lower-to-linear on #ttg.slice (of blocked and of mma, nested) and on #ttg.linear itself: slices drop only
// their zero register bases; a #ttg.linear at a smaller shape drops registers, at a larger one adds them.
// Bases are Triton 3.9's where tests/unit/encodings/reference_layouts.py has them (V6, X24-X26).
// RUN: layout-opt %s -p lower-to-linear --split-input-file | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 2 : i32} {
  func.func @slices(%rows: tensor<16xf16, #ttg.slice<{dim = 1, parent = #blocked}>>, %cols: tensor<16xf16, #ttg.slice<{dim = 0, parent = #blocked}>>) {
    func.return
  }
}
// CHECK:      #[[ROWS:linear[0-9]*]] = #ttg.linear<{register = [[1]], lane = [[0], [0], [2], [4], [8]], warp = [[0]], block = []}>
// CHECK-NEXT: #[[COLS:linear[0-9]*]] = #ttg.linear<{register = [[1]], lane = [[2], [4], [0], [0], [0]], warp = [[8]], block = []}>
// CHECK:      func.func @slices(%rows: tensor<16xf16, #[[ROWS]]>, %cols: tensor<16xf16, #[[COLS]]>)

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked3d = #ttg.blocked<{sizePerThread = [1, 2, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [2, 1, 2], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @of_mma(%cols: tensor<32xf16, #ttg.slice<{dim = 0, parent = #mma}>>) {
    func.return
  }
  func.func @nested(%x: tensor<16xf16, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #blocked3d}>}>>) {
    func.return
  }
}
// CHECK:      #[[MMACOLS:linear[0-9]*]] = #ttg.linear<{register = [[1], [16]], lane = [[2], [4], [0], [0], [0]], warp = [[8], [0]], block = []}>
// CHECK-NEXT: #[[NESTED:linear[0-9]*]] = #ttg.linear<{register = [[4], [8]], lane = [[0], [0], [0], [0], [1]], warp = [[0], [2]], block = []}>
// CHECK:      func.func @of_mma(%cols: tensor<32xf16, #[[MMACOLS]]>)
// CHECK:      func.func @nested(%x: tensor<16xf16, #[[NESTED]]>)

// -----

#linear = #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32} {
  func.func @linear(%same: tensor<16x8xf16, #linear>, %fewer: tensor<8x8xf16, #linear>, %narrow: tensor<16x4xf16, #linear>, %more: tensor<16x16xf16, #linear>) {
    func.return
  }
}
// CHECK:      #[[SAME:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-NEXT: #[[FEWER:linear[0-9]*]] = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-NEXT: #[[NARROW:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 0], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-NEXT: #[[MORE:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK:      func.func @linear(%same: tensor<16x8xf16, #[[SAME]]>, %fewer: tensor<8x8xf16, #[[FEWER]]>, %narrow: tensor<16x4xf16, #[[NARROW]]>, %more: tensor<16x16xf16, #[[MORE]]>)

// -----

// A generic_linear layout (swizzled warps) stays generic_linear.
#generic = #ttg.generic_linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 1]], block = []}>
module attributes {"ttg.num-warps" = 2 : i32} {
  func.func @generic(%x: tensor<16x8xf16, #generic>) {
    func.return
  }
}
// CHECK: #[[GENERIC:generic_linear[0-9]*]] = #ttg.generic_linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 1]], block = []}>
// CHECK: func.func @generic(%x: tensor<16x8xf16, #[[GENERIC]]>)

// -----

// A slice larger than its parent's tile: the parent wraps, and only registers along the kept dim remain.
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 2 : i32} {
  func.func @wide(%rows: tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>) {
    func.return
  }
}
// CHECK: #[[WIDE:linear[0-9]*]] = #ttg.linear<{register = [[1], [16], [32]], lane = [[0], [0], [2], [4], [8]], warp = [[0]], block = []}>
// CHECK: func.func @wide(%rows: tensor<64xf16, #[[WIDE]]>)
