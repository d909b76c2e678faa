// lower-to-linear rewrites every type in place: op results, block arguments of nested regions and function
// signatures; the ops keep their places, and a second run changes nothing.
// RUN: layout-opt %s -p lower-to-linear | filecheck %s
// RUN: layout-opt %s -p lower-to-linear -o %t.once.mlir
// RUN: layout-opt %t.once.mlir -p lower-to-linear | diff %t.once.mlir -

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @loop(%x: tensor<32x32xf32, #blocked>, %n: index) -> tensor<32x32xf32, #blocked1> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<32x32xf32, #blocked>) {
      %twice = arith.addf %acc, %acc : tensor<32x32xf32, #blocked>
      scf.yield %twice : tensor<32x32xf32, #blocked>
    }
    %buf = ttg.local_alloc %sum : (tensor<32x32xf32, #blocked>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
    %out = ttg.local_load %buf : !ttg.memdesc<32x32xf32, #shared, #smem> -> tensor<32x32xf32, #blocked1>
    func.return %out : tensor<32x32xf32, #blocked1>
  }
}
// CHECK:      #[[ROWS:linear[0-9]*]] = #ttg.linear<{register = [[0, 1], [0, 2], [0, 16]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
// CHECK:      #[[COLS:linear[0-9]*]] = #ttg.linear<{register = [[1, 0], [2, 0], [16, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>
// CHECK:      #[[SMEM:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0], [16, 0]]}, alignment = 16>
// CHECK:      func.func @loop(%x: tensor<32x32xf32, #[[ROWS]]>, %n: index) -> tensor<32x32xf32, #[[COLS]]> {
// CHECK:        %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<32x32xf32, #[[ROWS]]>) {
// CHECK-NEXT:     %twice = arith.addf %acc, %acc : tensor<32x32xf32, #[[ROWS]]>
// CHECK-NEXT:     scf.yield %twice : tensor<32x32xf32, #[[ROWS]]>
// CHECK:        %buf = ttg.local_alloc %sum : (tensor<32x32xf32, #[[ROWS]]>) -> !ttg.memdesc<32x32xf32, #[[SMEM]], #smem>
// CHECK-NEXT:   %out = ttg.local_load %buf : !ttg.memdesc<32x32xf32, #[[SMEM]], #smem> -> tensor<32x32xf32, #[[COLS]]>
// CHECK-NEXT:   func.return %out : tensor<32x32xf32, #[[COLS]]>
