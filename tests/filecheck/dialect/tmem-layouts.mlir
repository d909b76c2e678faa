// ttng.tmem_store / tmem_load accept a register layout exactly when Triton 3.9 does (a TMEM
// message moves it), listing Triton's proposals otherwise; a store reads past a conversion
// from a layout it accepts (Triton's CanonicalizeConvertFromTMEMStore), under canonicalize
// and remove-redundant-conversions alike.
// RUN: layout-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: layout-opt %s --split-input-file --verify-diagnostics -p canonicalize | filecheck %s --check-prefix=FOLD
// RUN: layout-opt %s --split-input-file --verify-diagnostics -p remove-redundant-conversions | filecheck %s --check-prefix=FOLD

// The reshape output of Triton's 1D_tmem test: rows on lanes 0-15 and warps, lane 16 a copy.
#lin = #ttg.linear<{register = [[0, 64], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0]], warp = [[16, 0], [32, 0]], block = []}>
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:100"} {
  tt.func @fold(%m: !ttg.memdesc<64x128xf32, #tmem, #ttng.tensor_memory, mutable>, %t: tensor<64x128xf32, #lin>) {
    %true = arith.constant true
    %c = ttg.convert_layout %t : tensor<64x128xf32, #lin> -> tensor<64x128xf32, #blocked>
    ttng.tmem_store %c, %m, %true : tensor<64x128xf32, #blocked> -> !ttg.memdesc<64x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}
// CHECK-LABEL: tt.func @fold
// CHECK:         ttg.convert_layout
// FOLD-LABEL:  tt.func @fold
// FOLD-NOT:      ttg.convert_layout
// FOLD:          ttng.tmem_store %t, %m, %true : tensor<64x128xf32, #linear> ->

// -----

// A conversion from a layout no message moves stays.
#bad = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:100"} {
  tt.func @stays(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %t: tensor<128x128xf32, #bad>) {
    %true = arith.constant true
    %c = ttg.convert_layout %t : tensor<128x128xf32, #bad> -> tensor<128x128xf32, #blocked>
    ttng.tmem_store %c, %m, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}
// FOLD-LABEL: tt.func @stays
// FOLD:         ttg.convert_layout
// FOLD-NEXT:    ttng.tmem_store

// -----

// Warps 1 and 2 do not own the 32-row quarters: the error lists Triton's four proposals.
#bad = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:100"} {
  tt.func @bad(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %t: tensor<128x128xf32, #bad>) {
    %true = arith.constant true
    ttng.tmem_store %t, %m, %true : tensor<128x128xf32, #bad> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}
// CHECK: tmem-layouts.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'ttng.tmem_store' op source
// CHECK-NEXT: note: Got: #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
// CHECK-NEXT{LITERAL}: note: potential TMEM layout: #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
// CHECK-NEXT: note: potential TMEM layout: #ttg.linear<{register = {{.+}}}>
// CHECK-NEXT: note: potential TMEM layout: #ttg.linear<{register = {{.+}}}>
// CHECK-NEXT: note: potential TMEM layout: #ttg.linear<{register = {{.+}}}>
// CHECK-NEXT{LITERAL}: ttng.tmem_store %t, %m, %true : tensor<128x128xf32, #bad> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>

// -----

// A 16x256b message takes 4 registers of a thread, half the budget at most: ttg.maxnreg = 4
// leaves none (Triton 3.9 refuses this load; with 8 registers it accepts it).
#l = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[32, 0], [64, 0]], block = []}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:100", "ttg.maxnreg" = 4 : i32} {
  tt.func @budget(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>) {
    %r = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> -> tensor<128x128xf32, #l>
    tt.return
  }
}
// CHECK: tmem-layouts.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'ttng.tmem_load' op result
// CHECK-NEXT: note: Got: #ttg.linear

// -----

// Bytes two to a thread, the second on row 16 of the quarter, pad a single 32-bit column:
// Triton 3.9 accepts this load (and the scales store below, one 32-row block of four).
#l = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0]], warp = [[16, 0], [32, 0]], block = []}>
#s = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 0], [0, 0]], block = []}>
#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 2, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:100"} {
  tt.func @narrow(%m: !ttg.memdesc<64x4xi8, #tmem, #ttng.tensor_memory>, %s: !ttg.memdesc<32x4xi8, #scales, #ttng.tensor_memory, mutable>, %v: tensor<32x4xi8, #s>) {
    %r = ttng.tmem_load %m : !ttg.memdesc<64x4xi8, #tmem, #ttng.tensor_memory> -> tensor<64x4xi8, #l>
    %true = arith.constant true
    ttng.tmem_store %v, %s, %true : tensor<32x4xi8, #s> -> !ttg.memdesc<32x4xi8, #scales, #ttng.tensor_memory, mutable>
    tt.return
  }
}
// CHECK-LABEL: tt.func @narrow
// CHECK-NEXT:    ttng.tmem_load %m
// CHECK:         ttng.tmem_store %v, %s
