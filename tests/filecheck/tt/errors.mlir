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
// CHECK: errors.mlir:39:3: error: 'tt.reduce' op inferred type(s) 'tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 4]{{.*}}' are incompatible with return type(s) of operation 'tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [4, 1]
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

// -----
#packed = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#same = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: ttg.fp4_to_fp: fp4_to_fp needs at least 2 elements per thread along the axis
tt.func @fp4_pair_split_across_threads(%p: tensor<32x32xi8, #packed>) {
  %0 = ttg.fp4_to_fp %p {axis = 1 : i32} : tensor<32x32xi8, #packed> -> tensor<32x64xbf16, #same>
  tt.return
}
}

// -----
#packed = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#unpacked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: ttg.fp4_to_fp: the result shape must be [32, 64], twice the operand's along the axis
tt.func @fp4_wrong_shape(%p: tensor<32x32xi8, #packed>) {
  %0 = ttg.fp4_to_fp %p {axis = 1 : i32} : tensor<32x32xi8, #packed> -> tensor<64x32xbf16, #unpacked>
  tt.return
}
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:[[# @LINE + 3]]:3: error: ttg.memdesc_trans: result encoding {{.*}} does not place the elements where the transposed operand has them
tt.func @memdesc_trans_keeps_order(%x: tensor<32x64xf16, #blocked>) {
  %m = ttg.local_alloc %x : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
  %t = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #shared, #smem> -> !ttg.memdesc<64x32xf16, #shared, #smem>
  tt.return
}
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#other = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: tt.scan: all operands and results must have the same shape and encoding
tt.func @scan_changes_layout(%x: tensor<256xi32, #blocked>) {
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.scan.return %s : i32
  }) : (tensor<256xi32, #blocked>) -> tensor<256xi32, #other>
  tt.return
}
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: tt.dot_scaled: the lhs scale must be 32x(K/16) or 32x(K/32) for K = 128, got 32x2
tt.func @dot_scaled_scale_shape(%a: tensor<32x64xi8, #blocked>, %s: tensor<32x2xi8, #blocked>, %b: tensor<128x32xf8E4M3FN, #blocked>, %c: tensor<32x32xf32, #blocked>) {
  %0 = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<32x64xi8, #blocked>, tensor<32x2xi8, #blocked> * tensor<128x32xf8E4M3FN, #blocked> -> tensor<32x32xf32, #blocked>
  tt.return
}
}

// -----
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: ttng.warp_group_dot_wait: each result must have its operand's type
tt.func @dot_wait_retypes(%x: tensor<64x64xf32, #mma>) {
  %0 = "ttng.warp_group_dot_wait"(%x) <{pendings = 0 : i32}> : (tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma1>
  tt.return
}
}

// -----
// tt.expand_dims's result must be exactly its operand's slice parent, not an encoding with the same layout.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#linear = #ttg.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [0, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'tt.expand_dims' op inferred type(s) 'tensor<64x1xi32, #ttg.blocked<{{.*}}>>' are incompatible with return type(s) of operation 'tensor<64x1xi32, #ttg.linear<{{.*}}>>'
tt.func @expand_dims_needs_the_exact_parent(%x: tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
  %0 = tt.expand_dims %x {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #linear>
  tt.return
}
}

// -----
// A reordering reshape may take any result encoding that moves no data between threads, but not one that does.
#blocked0 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 8 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: tt.reshape: result encoding #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}> differs from the inferred #ttg.linear
tt.func @expensive_reordering_reshape(%x: tensor<64x64xf32, #blocked2>) {
  %0 = tt.reshape %x allow_reorder : tensor<64x64xf32, #blocked2> -> tensor<4096xf32, #blocked1>
  tt.return
}
}

// -----
// tt.dot: Triton's encoding rule "Dot's a/b's encoding should be of DotOperandEncodingAttr".
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @dot(%a: tensor<32x16xf16, #dotA>, %b: tensor<16x32xf16, #blocked>, %c: tensor<32x32xf32, #mma>) {
// CHECK: errors.mlir:[[# @LINE + 1]]:3: error: Dot's a/b's encoding should be of DotOperandEncodingAttr
  %0 = tt.dot %a, %b, %c : tensor<32x16xf16, #dotA> * tensor<16x32xf16, #blocked> -> tensor<32x32xf32, #mma>
  tt.return
}
}

// -----
// tt.dot: Triton's encoding rule "Wrong opIdx".
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @dot(%a: tensor<32x16xf16, #dotA>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) {
// CHECK: errors.mlir:[[# @LINE + 1]]:3: error: Wrong opIdx
  %0 = tt.dot %a, %b, %c : tensor<32x16xf16, #dotA> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
  tt.return
}
}

// -----
// tt.dot: Triton's encoding rule "Incompatible parent encoding".
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @dot(%a: tensor<32x16xf16, #dotA>, %b: tensor<16x32xf16, #dotB>, %c: tensor<32x32xf32, #blocked>) {
// CHECK: errors.mlir:[[# @LINE + 1]]:3: error: Incompatible parent encoding
  %0 = tt.dot %a, %b, %c : tensor<32x16xf16, #dotA> * tensor<16x32xf16, #dotB> -> tensor<32x32xf32, #blocked>
  tt.return
}
}

// -----
// tt.dot: Triton's encoding rule "element types of operands A and B must have same bit width".
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @dot(%a: tensor<32x16xf16, #dotA>, %b: tensor<16x32xi8, #dotB>, %c: tensor<32x32xf32, #mma>) {
// CHECK: errors.mlir:[[# @LINE + 1]]:3: error: element types of operands A and B must have same bit width
  %0 = tt.dot %a, %b, %c : tensor<32x16xf16, #dotA> * tensor<16x32xi8, #dotB> -> tensor<32x32xf32, #mma>
  tt.return
}
}

// -----
// tt.dot: Triton's encoding rule "mismatching kWidth between A and B operands".
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @dot(%a: tensor<32x16xf16, #dotA>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) {
// CHECK: errors.mlir:[[# @LINE + 1]]:3: error: mismatching kWidth between A and B operands
  %0 = tt.dot %a, %b, %c : tensor<32x16xf16, #dotA> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
  tt.return
}
}

// -----
// ttng.warp_group_dot: Triton's WarpGroupDotOp::verify, "WGMMA result layout must be Hopper NVMMA".
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @wgmma(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<64x64xf16, #nv, #smem>, %c: tensor<64x64xf32, #mma2>) {
// CHECK: errors.mlir:[[# @LINE + 1]]:3: error: 'ttng.warp_group_dot' op WGMMA result layout must be Hopper NVMMA
  %0 = ttng.warp_group_dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #nv, #smem> -> tensor<64x64xf32, #mma2>
  tt.return
}
}

// -----
// ttng.warp_group_dot: Triton's WarpGroupDotOp::verify, "WGMMA B operand must have NVMMA shared layout".
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @wgmma(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<64x64xf16, #sw, #smem>, %c: tensor<64x64xf32, #mma>) {
// CHECK: errors.mlir:[[# @LINE + 1]]:3: error: 'ttng.warp_group_dot' op WGMMA B operand must have NVMMA shared layout
  %0 = ttng.warp_group_dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #sw, #smem> -> tensor<64x64xf32, #mma>
  tt.return
}
}

// -----
// ttng.warp_group_dot: Triton's WarpGroupDotOp::verify, "in-register LHS operand must have a kWidth of 2 but got 1".
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @wgmma(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: !ttg.memdesc<64x64xf16, #nv, #smem>, %c: tensor<64x64xf32, #mma>) {
// CHECK: errors.mlir:[[# @LINE + 1]]:3: error: 'ttng.warp_group_dot' op in-register LHS operand must have a kWidth of 2 but got 1
  %0 = ttng.warp_group_dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * !ttg.memdesc<64x64xf16, #nv, #smem> -> tensor<64x64xf32, #mma>
  tt.return
}
}

// -----
// A broadcast may change the encoding only to one that places the operand's elements alike.
#a = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 2, 1], warpsPerCTA = [1, 1, 1], order = [0, 1, 2]}>
#b = #ttg.blocked<{sizePerThread = [1, 2, 1], threadsPerWarp = [1, 1, 2], warpsPerCTA = [1, 1, 1], order = [0, 1, 2]}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 2 : i32} {
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'tt.broadcast' op requires matching source and result layouts up to broadcasting
tt.func @broadcast_moves_elements(%arg0: tensor<1x2x1xi32, #a>) {
  %0 = tt.broadcast %arg0 : tensor<1x2x1xi32, #a> -> tensor<1x2x2xi32, #b>
  tt.return
}
}

// -----

module attributes {"ttg.num-warps" = 1 : i32} {
tt.func @fp_to_fp_of_int(%x: i32) {
  // CHECK: error: 'tt.fp_to_fp' op operand #0 must be floating-point or ranked tensor of floating-point values, but got 'i32'
  %0 = tt.fp_to_fp %x : i32 -> f16
  tt.return
}
}

// -----

module attributes {"ttg.num-warps" = 1 : i32} {
tt.func @fp_to_fp_scalar_to_tensor(%x: f32) {
  // CHECK: error: 'tt.fp_to_fp' op if a result is non-scalar, then at least one operand must be non-scalar
  %0 = tt.fp_to_fp %x, rounding = rtne : f32 -> tensor<2xf16>
  tt.return
}
}

// -----

module attributes {"ttg.num-warps" = 1 : i32} {
tt.func @fp_to_fp_downcast_unrounded(%x: f32) {
  // CHECK: error: Rounding mode is required for FP downcast
  %0 = tt.fp_to_fp %x : f32 -> f16
  tt.return
}
}

// -----

module attributes {"ttg.num-warps" = 1 : i32} {
tt.func @fp_to_fp_unknown_rounding(%x: f32) {
  // CHECK: error: custom op 'tt.fp_to_fp' expected string or keyword containing one of the following enum values for attribute 'rounding' [rtz, rtne]
  %0 = tt.fp_to_fp %x, rounding = up : f32 -> f16
  tt.return
}
}

