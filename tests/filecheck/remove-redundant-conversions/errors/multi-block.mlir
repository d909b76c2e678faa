// A tt.func with several blocks (cf.br / cf.cond_br, as Triton's range-analysis tests write) parses and
// verifies; remove-redundant-conversions leaves it unchanged with a located remark instead of failing.
// RUN: layout-opt %s -p remove-redundant-conversions 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file %t.err

#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @branches(%x: tensor<32x32xf32, #b>, %p: i1) -> tensor<32x32xf32, #c> {
    %0 = ttg.convert_layout %x : tensor<32x32xf32, #b> -> tensor<32x32xf32, #c>
    cf.cond_br %p, ^bb1, ^bb2
  ^bb1:
    tt.return %0 : tensor<32x32xf32, #c>
  ^bb2:
    tt.return %0 : tensor<32x32xf32, #c>
  }
}
// CHECK: tt.func @branches
// CHECK: ttg.convert_layout
// CHECK: cf.cond_br %p, ^bb1, ^bb2
// REMARK: multi-block.mlir:9:3: remark: @branches has several blocks; remove-redundant-conversions leaves it unchanged
