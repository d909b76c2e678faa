// lower-to-linear on a real tt kernel: ops that tie encodings across shapes or need a kind of
// encoding keep the module valid. tt.expand_dims reads a #ttg.slice of its result's encoding, so
// slices keep their form with the parent lowered; tt.broadcast keeps one encoding across two shapes,
// so #blocked becomes one #ttg.linear written at its largest shape; tt.dot needs #ttg.dot_op
// operands of its accumulator, so the MMA encodings are kept, each with a located remark. The output
// verifies here and in Triton 3.9.
// RUN: layout-opt %s -p lower-to-linear 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file %t.err

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_sums(%p: !tt.ptr<f32>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cols = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %rb = tt.broadcast %r : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %cb = tt.broadcast %c : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %offsets = arith.addi %rb, %cb : tensor<64x32xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %offsets : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tt.load %ptrs : tensor<64x32x!tt.ptr<f32>, #blocked>
    %sum = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<64x32xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %sum : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
  tt.func @matmul(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}
// CHECK:      #[[L:linear]] = #ttg.linear<{register = [[0, 1], [0, 2], [0, 16], [32, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
// CHECK:      %rows = tt.make_range {{.+}} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[L]]}>>
// CHECK:      %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[L]]}>> -> tensor<64x1xi32, #[[L]]>
// CHECK:      %rb = tt.broadcast %r : tensor<64x1xi32, #[[L]]> -> tensor<64x32xi32, #[[L]]>
// CHECK:      (tensor<64x32xf32, #[[L]]>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[L]]}>>
// CHECK:      %d = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
// REMARK-DAG: kernel.mlir:32:5: remark: #ttg.nvidia_mma<{{.+}}> kept: 'tt.dot' rejects its linear form: Dot's a/b's encoding should be of DotOperandEncodingAttr
// REMARK-DAG: kernel.mlir:32:5: remark: #ttg.dot_op<{opIdx = 0, {{.+}}> kept: 'tt.dot'
