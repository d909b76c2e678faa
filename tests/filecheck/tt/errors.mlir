// The tt verifiers reject result encodings Triton would not infer, with a located error,
// exit status 1, no traceback and nothing on stdout.
// RUN: not layout-opt %s --split-input-file > %t.out 2> %t.err
// RUN: filecheck %s --check-prefix=FIRST --input-file %t.err
// RUN: %python -c "import sys; sys.exit(open(sys.argv[1]).read() != '')" %t.out
// RUN: layout-opt %s --split-input-file --verify-diagnostics | filecheck %s
// FIRST: errors.mlir:17:3: error: tt.expand_dims: Incompatible slice dimension for ExpandDimsOp operand
// FIRST-NOT: Traceback

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:17:3: error: tt.expand_dims: Incompatible slice dimension for ExpandDimsOp operand
tt.func @expand_dims_wrong_axis() {
  %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
  tt.return
}
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:28:3: error: tt.trans: result encoding #ttg.blocked<{{.*}}> differs from the inferred #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
tt.func @trans_wrong_encoding(%arg0: tensor<64x64xf32, #blocked>) {
  %0 = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked2>
  tt.return
}
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:39:3: error: tt.reduce: result encoding #ttg.slice<{{.*}}> differs from the inferred #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 4]
tt.func @reduce_wrong_slice(%arg0: tensor<64x64xf32, #blocked>) {
  %0 = "tt.reduce"(%arg0) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>
  tt.return
}
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:54:3: error: tt.gather: the result must have the indices' encoding
tt.func @gather_result_not_in_the_indices_layout(%src: tensor<16x16xf16, #blocked>, %idx: tensor<16x16xi32, #blocked>) {
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<16x16xf16, #blocked>, tensor<16x16xi32, #blocked>) -> tensor<16x16xf16, #blocked1>
  tt.return
}
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:64:3: error: tt.histogram: the result must be a 1-D tensor of bins
tt.func @histogram_of_2d_bins(%x: tensor<256xi32, #blocked>) {
  %0 = tt.histogram %x : tensor<256xi32, #blocked> -> tensor<16x16xi32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>>
  tt.return
}
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: errors.mlir:[[# @LINE + 2]]:36: error: hexadecimal literal 0x1FFFF does not fit the 16 bits of f16
tt.func @hex_float_too_wide() {
  %too_wide = arith.constant dense<0x1FFFF> : tensor<512xf16, #blocked>
  tt.return
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#joined = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: tt.join: operand encoding #ttg.blocked<{sizePerThread = [1, 4]{{.*}}> differs from the inferred #ttg.blocked<{sizePerThread = [1, 1]
tt.func @join_wrong_encoding(%a: tensor<32x16xf16, #blocked>) {
  %0 = tt.join %a, %a : tensor<32x16xf16, #blocked> -> tensor<32x16x2xf16, #joined>
  tt.return
}
}

// -----
#lanes = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#out = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: tt.split: SplitOp requires at least 2 elements per thread in the last dimension
tt.func @split_across_lanes(%x: tensor<64x2xf32, #lanes>) {
  %a, %b = tt.split %x : tensor<64x2xf32, #lanes> -> tensor<64xf32, #out>
  tt.return
}
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#wide = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: tt.cat: the result encoding requires 4 distinct registers per thread, but the operands provide 2
tt.func @cat_register_mismatch(%a: tensor<128xi32, #blocked>) {
  %0 = tt.cat %a, %a : tensor<128xi32, #blocked> -> tensor<256xi32, #wide>
  tt.return
}
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: tt.bitcast: the operand and result elements must have the same bit width
tt.func @bitcast_width(%a: tensor<128xi32, #blocked>) {
  %0 = tt.bitcast %a : tensor<128xi32, #blocked> -> tensor<128xf16, #blocked>
  tt.return
}
}
