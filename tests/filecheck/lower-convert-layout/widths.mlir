// Shuffles move 32-bit words. Narrow elements are packed into words along the register bits the exchange
// leaves alone, or widened one per word when no such bit is left; 64-bit elements travel as two words.
// RUN: layout-opt %s --split-input-file -p 'lower-convert-layout{verify=true}' | filecheck %s
// RUN: layout-opt %s --split-input-file -p 'lower-convert-layout{verify=true}' | filecheck %s --check-prefix=COUNT

// The ship case of shuffles.mlir on i8: register bits 0-3 stay put, so four bytes share each word and the
// 32 registers travel as 8 words: 4 shuffles and 12 selects instead of 16 and 48.
#src = #ttg.blocked<{sizePerThread = [32, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1]}>
#dst = #ttg.blocked<{sizePerThread = [16, 2], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  func.func @ship_i8(%x: tensor<32x32xi8, #src>) -> tensor<32x32xi8, #dst> {
    %y = ttg.convert_layout %x : tensor<32x32xi8, #src> -> tensor<32x32xi8, #dst>
    func.return %y : tensor<32x32xi8, #dst>
  }
}
// CHECK-LABEL: func.func @ship_i8
// CHECK-NEXT:  %[[REGS:.*]] = builtin.unrealized_conversion_cast %x : tensor<32x32xi8, #blocked> to vector<32xi8>
// CHECK-NEXT:  %[[WORDS:.*]] = vector.bitcast %[[REGS]] : vector<32xi8> to vector<8xi32>
// CHECK:       vector.bitcast %{{.*}} : vector<8xi32> to vector<32xi8>
// COUNT-LABEL:   func.func @ship_i8
// COUNT-COUNT-4: gpu.shuffle xor
// COUNT-NOT:     gpu.shuffle
// COUNT-NOT:     arith.extui

// -----

// The worked example on i1: its only register bit is the one exchanged, so nothing can share a word (byte
// permutes cannot split a byte). Each element is widened to i32 for the shuffle and truncated back.
#src = #ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[4]], lane = [[1], [2]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32} {
  func.func @widened_i1(%x: tensor<8xi1, #src>) -> tensor<8xi1, #dst> {
    %y = ttg.convert_layout %x : tensor<8xi1, #src> -> tensor<8xi1, #dst>
    func.return %y : tensor<8xi1, #dst>
  }
}
// CHECK-LABEL: func.func @widened_i1
// CHECK:       %[[B0:.*]] = vector.extract %{{.*}}[0] : i1 from vector<2xi1>
// CHECK-NEXT:  %[[B1:.*]] = vector.extract %{{.*}}[1] : i1 from vector<2xi1>
// CHECK-NEXT:  %[[W0:.*]] = arith.extui %[[B0]] : i1 to i32
// CHECK-NEXT:  %[[W1:.*]] = arith.extui %[[B1]] : i1 to i32
// CHECK:       gpu.shuffle idx %{{.*}} : i32
// CHECK:       arith.trunci %{{.*}} : i32 to i1
// CHECK-NEXT:  arith.trunci %{{.*}} : i32 to i1
// CHECK-NOT:   nvvm.prmt
// COUNT-LABEL:   func.func @widened_i1
// COUNT-COUNT-2: gpu.shuffle idx
// COUNT-NOT:     gpu.shuffle

// -----

// The worked example on i64: each element is two words, so each of its two shuffles happens twice.
#src = #ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[4]], lane = [[1], [2]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32} {
  func.func @split_i64(%x: tensor<8xi64, #src>) -> tensor<8xi64, #dst> {
    %y = ttg.convert_layout %x : tensor<8xi64, #src> -> tensor<8xi64, #dst>
    func.return %y : tensor<8xi64, #dst>
  }
}
// CHECK-LABEL: func.func @split_i64
// CHECK-NEXT:  %[[REGS:.*]] = builtin.unrealized_conversion_cast %x : tensor<8xi64, #linear> to vector<2xi64>
// CHECK-NEXT:  %[[WORDS:.*]] = vector.bitcast %[[REGS]] : vector<2xi64> to vector<4xi32>
// CHECK:       %[[BACK:.*]] = vector.bitcast %{{.*}} : vector<4xi32> to vector<2xi64>
// CHECK-NEXT:  builtin.unrealized_conversion_cast %[[BACK]] : vector<2xi64> to tensor<8xi64, #linear1>
// COUNT-LABEL:   func.func @split_i64
// COUNT-COUNT-4: gpu.shuffle idx
// COUNT-NOT:     gpu.shuffle
