// A conversion whose threads hold more registers than the pass lowers (MAX_REGISTERS, 2048)
// stays, with a remark at the op: a broadcasting dot operand with kWidth = 65536 (which
// Triton 3.9 verifies) holds 2^19 registers a thread. 2048 registers are still lowered.
// RUN: layout-opt %s --split-input-file -p 'lower-convert-layout' 2>&1 | filecheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#wide = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 65536}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wide(%x: tensor<128x64xf16, #b>) -> tensor<128x64xf16, #wide> {
    %y = ttg.convert_layout %x : tensor<128x64xf16, #b> -> tensor<128x64xf16, #wide>
    tt.return %y : tensor<128x64xf16, #wide>
  }
}
// CHECK: kept-registers.mlir:11:5: remark: the conversion is kept: a thread holds 524288 registers of one side, more than the 2048 lower-convert-layout lowers
// CHECK-LABEL: tt.func @wide
// CHECK-NEXT:  ttg.convert_layout

// -----

#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @many(%x: tensor<512x512xf32, #a>) -> tensor<512x512xf32, #t> {
    %y = ttg.convert_layout %x : tensor<512x512xf32, #a> -> tensor<512x512xf32, #t>
    tt.return %y : tensor<512x512xf32, #t>
  }
}
// CHECK-NOT:   remark
// CHECK-LABEL: tt.func @many
// CHECK-NOT:   ttg.convert_layout
// CHECK:       memref.alloc
