// Conversions where every thread keeps its own data need no shuffle and no select. Equal layouts only
// retype the source (or are the source, when the types agree); a register permutation or broadcast is one
// vector.shuffle over the thread's registers.
// RUN: layout-opt %s --split-input-file -p 'lower-convert-layout{verify=true}' | filecheck %s

// mma v2 with warps [4, 1] and its A operand with kWidth = 2 are the same layout at 128x64 (Triton: no-op).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#dot = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @same(%x: tensor<128x64xf16, #mma>) -> tensor<128x64xf16, #dot> {
    %y = ttg.convert_layout %x : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #dot>
    func.return %y : tensor<128x64xf16, #dot>
  }
}
// CHECK-LABEL: func.func @same
// CHECK-NEXT:  %[[OUT:.*]] = builtin.unrealized_conversion_cast %x : tensor<128x64xf16, #mma> to tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:  func.return %[[OUT]]

// -----

// A conversion to its own type is its source.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @itself(%x: tensor<32x32xf16, #blocked>) -> tensor<32x32xf16, #blocked> {
    %y = ttg.convert_layout %x : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked>
    func.return %y : tensor<32x32xf16, #blocked>
  }
}
// CHECK-LABEL: func.func @itself
// CHECK-NEXT:  func.return %x : tensor<32x32xf16, #blocked>

// -----

// order [1, 0] against [0, 1] with threadsPerWarp [32, 1]: lanes and warps agree, only the register order
// differs. Destination register i = (dim0 bit, dim1 bits) reads source register (dim1 bits, dim0 bit).
#src = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @renamed(%x: tensor<256x64xf32, #src>) -> tensor<256x64xf32, #dst> {
    %y = ttg.convert_layout %x : tensor<256x64xf32, #src> -> tensor<256x64xf32, #dst>
    func.return %y : tensor<256x64xf32, #dst>
  }
}
// CHECK-LABEL: func.func @renamed
// CHECK-NEXT:  %[[REGS:.*]] = builtin.unrealized_conversion_cast %x : tensor<256x64xf32, #blocked> to vector<128xf32>
// CHECK-NEXT:  %[[MOVED:.*]] = vector.shuffle %[[REGS]], %[[REGS]] [0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, {{.*}}, 120, 124, 121, 125, 122, 126, 123, 127] : vector<128xf32>, vector<128xf32>
// CHECK-NEXT:  %[[OUT:.*]] = builtin.unrealized_conversion_cast %[[MOVED]] : vector<128xf32> to tensor<256x64xf32, #blocked1>
// CHECK-NEXT:  func.return %[[OUT]]

// -----

// The source holds each element twice (a zero register basis); the destination holds the two elements
// twice over, so it reads source registers 0, 0, 1, 1.
#src = #ttg.linear<{register = [[1], [0]], lane = [[2], [4]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[0], [1]], lane = [[2], [4]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32} {
  func.func @broadcast(%x: tensor<8xf32, #src>) -> tensor<8xf32, #dst> {
    %y = ttg.convert_layout %x : tensor<8xf32, #src> -> tensor<8xf32, #dst>
    func.return %y : tensor<8xf32, #dst>
  }
}
// CHECK-LABEL: func.func @broadcast
// CHECK-NEXT:  %[[REGS:.*]] = builtin.unrealized_conversion_cast %x : tensor<8xf32, #linear> to vector<4xf32>
// CHECK-NEXT:  %[[MOVED:.*]] = vector.shuffle %[[REGS]], %[[REGS]] [0, 0, 1, 1] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:  %[[OUT:.*]] = builtin.unrealized_conversion_cast %[[MOVED]] : vector<4xf32> to tensor<8xf32, #linear1>
// CHECK-NEXT:  func.return %[[OUT]]
