// tt.broadcast accepts what Triton 3.9 accepts: at the operand's shape the two layouts agree
// once their broadcast registers are dropped. An MMA v3 column broadcasts from instrShape N = 64
// into N = 128 (Hopper attention writes it); registers in another order, or warps, do not agree.
// A side without an encoding agrees with any.
// RUN: layout-opt %s --split-input-file --verify-diagnostics | filecheck %s

#a = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#b = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @column(%x: tensor<128x1xf32, #a>) -> tensor<128x128xf32, #b> {
    %y = tt.broadcast %x : tensor<128x1xf32, #a> -> tensor<128x128xf32, #b>
    tt.return %y : tensor<128x128xf32, #b>
  }
}
// CHECK-LABEL: tt.func @column
// CHECK:       tt.broadcast %x : tensor<128x1xf32, #mma> -> tensor<128x128xf32, #mma1>
// -----
#a = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#b = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @warps(%x: tensor<128x1xf32, #a>) -> tensor<128x128xf32, #b> {
    %y = tt.broadcast %x : tensor<128x1xf32, #a> -> tensor<128x128xf32, #b>
    tt.return %y : tensor<128x128xf32, #b>
  }
}
// CHECK: broadcast.mlir:{{[0-9]+}}:5: error: 'tt.broadcast' op requires matching source and result layouts up to broadcasting
// -----
#a = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#b = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @row(%x: tensor<1x128xf32, #a>) -> tensor<128x128xf32, #b> {
    %y = tt.broadcast %x : tensor<1x128xf32, #a> -> tensor<128x128xf32, #b>
    tt.return %y : tensor<128x128xf32, #b>
  }
}
// CHECK-LABEL: tt.func @row
// -----
#a = #ttg.linear<{register = [[1, 0], [2, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ttg.linear<{register = [[2, 0], [1, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @registers_reordered(%x: tensor<4x1xf32, #a>) -> tensor<4x32xf32, #b> {
    %y = tt.broadcast %x : tensor<4x1xf32, #a> -> tensor<4x32xf32, #b>
    tt.return %y : tensor<4x32xf32, #b>
  }
}
// CHECK: broadcast.mlir:{{[0-9]+}}:5: error: 'tt.broadcast' op requires matching source and result layouts up to broadcasting
// -----
#a = #ttg.linear<{register = [[1, 0], [2, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ttg.linear<{register = [[0, 0], [1, 0], [2, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @zero_first(%x: tensor<4x1xf32, #a>) -> tensor<4x32xf32, #b> {
    %y = tt.broadcast %x : tensor<4x1xf32, #a> -> tensor<4x32xf32, #b>
    tt.return %y : tensor<4x32xf32, #b>
  }
}
// CHECK-LABEL: tt.func @zero_first
// -----
#a = #ttg.linear<{register = [[1, 0], [2, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ttg.linear<{register = [[1, 0], [2, 0]], lane = [[0, 2], [0, 1], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @lanes_swapped(%x: tensor<4x1xf32, #a>) -> tensor<4x32xf32, #b> {
    %y = tt.broadcast %x : tensor<4x1xf32, #a> -> tensor<4x32xf32, #b>
    tt.return %y : tensor<4x32xf32, #b>
  }
}
// CHECK-LABEL: tt.func @lanes_swapped
// -----
#a = #ttg.linear<{register = [[1, 0], [2, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ttg.linear<{register = [[1, 0], [0, 1], [2, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @zero_middle(%x: tensor<4x1xf32, #a>) -> tensor<4x64xf32, #b> {
    %y = tt.broadcast %x : tensor<4x1xf32, #a> -> tensor<4x64xf32, #b>
    tt.return %y : tensor<4x64xf32, #b>
  }
}
// CHECK-LABEL: tt.func @zero_middle
// -----
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @plain_to_encoded(%x: tensor<1x64xf32>) -> tensor<32x64xf32, #b> {
    %y = tt.broadcast %x : tensor<1x64xf32> -> tensor<32x64xf32, #b>
    tt.return %y : tensor<32x64xf32, #b>
  }
}
// CHECK-LABEL: tt.func @plain_to_encoded
// -----
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @encoded_to_plain(%x: tensor<1x64xf32, #b>) -> tensor<32x64xf32> {
    %y = tt.broadcast %x : tensor<1x64xf32, #b> -> tensor<32x64xf32>
    tt.return %y : tensor<32x64xf32>
  }
}
// CHECK-LABEL: tt.func @encoded_to_plain
