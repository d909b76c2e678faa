// A tensor of pointers moves as the 64-bit integers its registers hold (a vector of
// pointers is no vector type), here by shuffles of 32-bit words, proven on the simulator.
// RUN: layout-opt %s -p 'lower-convert-layout{verify=true}' | filecheck %s

#src = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32} {
  tt.func @pointers(%p: tensor<16x16x!tt.ptr<i32>, #src>) -> tensor<16x16x!tt.ptr<i32>, #dst> {
    %q = ttg.convert_layout %p : tensor<16x16x!tt.ptr<i32>, #src> -> tensor<16x16x!tt.ptr<i32>, #dst>
    tt.return %q : tensor<16x16x!tt.ptr<i32>, #dst>
  }
}
// CHECK-LABEL: tt.func @pointers
// CHECK:       %[[REGS:.*]] = builtin.unrealized_conversion_cast %p : tensor<16x16x!tt.ptr<i32>, #blocked> to vector<8xi64>
// CHECK:       vector.bitcast %[[REGS]] : vector<8xi64> to vector<16xi32>
// CHECK:       gpu.shuffle
// CHECK:       builtin.unrealized_conversion_cast %{{.*}} : vector<8xi64> to tensor<16x16x!tt.ptr<i32>, #blocked1>
// CHECK-NOT:   ttg.convert_layout
