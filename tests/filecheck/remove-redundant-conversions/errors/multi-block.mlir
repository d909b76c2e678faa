// A tt.func with a region of several blocks (cf.br / cf.cond_br, as Triton's range-analysis tests
// write, at the top or inside scf.execute_region) parses and verifies; remove-redundant-conversions
// leaves it unchanged with a located remark instead of failing, and a function without a body is
// a declaration it skips.
// RUN: layout-opt %s -p 'remove-redundant-conversions{verify=true}' 2>%t.err | filecheck %s
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
  tt.func @nested(%x: tensor<32x32xf32, #b>, %p: i1) -> tensor<32x32xf32, #c> {
    %r = scf.execute_region -> tensor<32x32xf32, #c> {
      %0 = ttg.convert_layout %x : tensor<32x32xf32, #b> -> tensor<32x32xf32, #c>
      cf.cond_br %p, ^bb1, ^bb2
    ^bb1:
      scf.yield %0 : tensor<32x32xf32, #c>
    ^bb2:
      scf.yield %0 : tensor<32x32xf32, #c>
    }
    tt.return %r : tensor<32x32xf32, #c>
  }
  tt.func @declared() {
  }
}
// CHECK: tt.func @branches
// CHECK: ttg.convert_layout
// CHECK: cf.cond_br %p, ^bb1, ^bb2
// CHECK: tt.func @nested
// CHECK: ttg.convert_layout
// CHECK: tt.func @declared
// REMARK: multi-block.mlir:11:3: remark: @branches has a region of several blocks; remove-redundant-conversions leaves it unchanged
// REMARK: multi-block.mlir:19:3: remark: @nested has a region of several blocks; remove-redundant-conversions leaves it unchanged
// REMARK-NOT: remark
