// A loop or conditional the pass rebuilds keeps its attributes, as Triton 3.9's pass keeps
// them: a loop losing a dead loop-carried value keeps tt.num_stages, which the pipeliner
// reads; a conditional losing an unused result keeps its own.  Both print as MLIR does.
// RUN: layout-opt %s -p remove-redundant-conversions --split-input-file | filecheck %s

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @dead_arg
  // CHECK:       scf.for {{.*}} iter_args(%a = %x) -> (tensor<128xf32, #blocked>) : i32 {
  // CHECK:       } {tt.num_stages = 3 : i32}
  tt.func @dead_arg(%x: tensor<128xf32, #b>, %n: i32) -> tensor<128xf32, #b> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %d = %x) -> (tensor<128xf32, #b>, tensor<128xf32, #b>) : i32 {
      %y = arith.addf %a, %a : tensor<128xf32, #b>
      %z = arith.mulf %d, %d : tensor<128xf32, #b>
      scf.yield %y, %z : tensor<128xf32, #b>, tensor<128xf32, #b>
    } {tt.num_stages = 3 : i32}
    tt.return %r#0 : tensor<128xf32, #b>
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @dead_result
  // CHECK:       scf.if %c -> (tensor<128xf32, #blocked>) {
  // CHECK:       } {marker = 7 : i32}
  tt.func @dead_result(%x: tensor<128xf32, #b>, %c: i1, %p: tensor<128x!tt.ptr<f32>, #b>) -> tensor<128xf32, #b> {
    %r:2 = scf.if %c -> (tensor<128xf32, #b>, tensor<128xf32, #b>) {
      %y = arith.addf %x, %x : tensor<128xf32, #b>
      tt.store %p, %y : tensor<128x!tt.ptr<f32>, #b>
      scf.yield %y, %y : tensor<128xf32, #b>, tensor<128xf32, #b>
    } else {
      %z = arith.mulf %x, %x : tensor<128xf32, #b>
      scf.yield %z, %x : tensor<128xf32, #b>, tensor<128xf32, #b>
    } {marker = 7 : i32}
    tt.return %r#0 : tensor<128xf32, #b>
  }
}
