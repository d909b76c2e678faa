// A loop whose carried state was duplicated, as reported publicly against Intel's Triton
// backend: a 16x64 state is stored, transposed into one dot, the dot's result into a
// second, and the second's result transposed back as the next state; rematerialising
// backwards, the pass there carried the state in two layouts (and the loop body twice).
// Here on cuda:80's mma and with pointer loads instead of tensor descriptors (a
// descriptor's block is what the pointers below address).  assign-layouts gives each
// loop-carried value one layout, so the state is carried once, and each op of the body
// appears once.
// RUN: layout-opt %s -p assign-layouts 2>/dev/null | filecheck %s

#hl = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#ld = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#ht = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#pl = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#kt = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @carried_state(%hp: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %wp: !tt.ptr<bf16> {tt.divisibility = 16 : i32},
                         %kp: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %op: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %c4096 = arith.constant 4096 : i32
    %h0 = arith.constant dense<0.000000e+00> : tensor<16x64xf32, #hl>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x16xf32, #mma>
    %p64 = arith.constant dense<64> : tensor<64x1xi32, #ld>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #ld}>>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #ld}>> -> tensor<64x1xi32, #ld>
    %rows = arith.muli %re, %p64 : tensor<64x1xi32, #ld>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #ld}>>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #ld}>> -> tensor<1x64xi32, #ld>
    %rb = tt.broadcast %rows : tensor<64x1xi32, #ld> -> tensor<64x64xi32, #ld>
    %cb = tt.broadcast %ce : tensor<1x64xi32, #ld> -> tensor<64x64xi32, #ld>
    %tile = arith.addi %rb, %cb : tensor<64x64xi32, #ld>
    %q64 = arith.constant dense<64> : tensor<16x1xi32, #hl>
    %hr = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #hl}>>
    %hre = tt.expand_dims %hr {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #hl}>> -> tensor<16x1xi32, #hl>
    %hrows = arith.muli %hre, %q64 : tensor<16x1xi32, #hl>
    %hc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #hl}>>
    %hce = tt.expand_dims %hc {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #hl}>> -> tensor<1x64xi32, #hl>
    %hrb = tt.broadcast %hrows : tensor<16x1xi32, #hl> -> tensor<16x64xi32, #hl>
    %hcb = tt.broadcast %hce : tensor<1x64xi32, #hl> -> tensor<16x64xi32, #hl>
    %htile = arith.addi %hrb, %hcb : tensor<16x64xi32, #hl>
    %hbase = tt.splat %hp : !tt.ptr<bf16> -> tensor<16x64x!tt.ptr<bf16>, #hl>
    %hptrs = tt.addptr %hbase, %htile : tensor<16x64x!tt.ptr<bf16>, #hl>, tensor<16x64xi32, #hl>
    %h = scf.for %i = %c0 to %c32 step %c1 iter_args(%h_i = %h0) -> (tensor<16x64xf32, #hl>) : i32 {
      %hb = arith.truncf %h_i : tensor<16x64xf32, #hl> to tensor<16x64xbf16, #hl>
      tt.store %hptrs, %hb : tensor<16x64x!tt.ptr<bf16>, #hl>
      %off = arith.muli %i, %c4096 : i32
      %wi = tt.addptr %wp, %off : !tt.ptr<bf16>, i32
      %ws = tt.splat %wi : !tt.ptr<bf16> -> tensor<64x64x!tt.ptr<bf16>, #ld>
      %wq = tt.addptr %ws, %tile : tensor<64x64x!tt.ptr<bf16>, #ld>, tensor<64x64xi32, #ld>
      %w = tt.load %wq : tensor<64x64x!tt.ptr<bf16>, #ld>
      %ht = tt.trans %h_i {order = array<i32: 1, 0>} : tensor<16x64xf32, #hl> -> tensor<64x16xf32, #ht>
      %htb = arith.truncf %ht : tensor<64x16xf32, #ht> to tensor<64x16xbf16, #ht>
      %wa = ttg.convert_layout %w : tensor<64x64xbf16, #ld> -> tensor<64x64xbf16, #a>
      %hb1 = ttg.convert_layout %htb : tensor<64x16xbf16, #ht> -> tensor<64x16xbf16, #b>
      %p = tt.dot %wa, %hb1, %zero : tensor<64x64xbf16, #a> * tensor<64x16xbf16, #b> -> tensor<64x16xf32, #mma>
      %pl = ttg.convert_layout %p : tensor<64x16xf32, #mma> -> tensor<64x16xf32, #pl>
      %pb = arith.truncf %pl : tensor<64x16xf32, #pl> to tensor<64x16xbf16, #pl>
      %ki = tt.addptr %kp, %off : !tt.ptr<bf16>, i32
      %ks = tt.splat %ki : !tt.ptr<bf16> -> tensor<64x64x!tt.ptr<bf16>, #ld>
      %kq = tt.addptr %ks, %tile : tensor<64x64x!tt.ptr<bf16>, #ld>, tensor<64x64xi32, #ld>
      %k = tt.load %kq : tensor<64x64x!tt.ptr<bf16>, #ld>
      %kt = tt.trans %k {order = array<i32: 1, 0>} : tensor<64x64xbf16, #ld> -> tensor<64x64xbf16, #kt>
      %ka = ttg.convert_layout %kt : tensor<64x64xbf16, #kt> -> tensor<64x64xbf16, #a>
      %pb1 = ttg.convert_layout %pb : tensor<64x16xbf16, #pl> -> tensor<64x16xbf16, #b>
      %q = tt.dot %ka, %pb1, %zero : tensor<64x64xbf16, #a> * tensor<64x16xbf16, #b> -> tensor<64x16xf32, #mma>
      %qh = ttg.convert_layout %q : tensor<64x16xf32, #mma> -> tensor<64x16xf32, #ht>
      %hn = tt.trans %qh {order = array<i32: 1, 0>} : tensor<64x16xf32, #ht> -> tensor<16x64xf32, #hl>
      scf.yield %hn : tensor<16x64xf32, #hl>
    }
    %obase = tt.splat %op : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>, #hl>
    %optrs = tt.addptr %obase, %htile : tensor<16x64x!tt.ptr<f32>, #hl>, tensor<16x64xi32, #hl>
    tt.store %optrs, %h : tensor<16x64x!tt.ptr<f32>, #hl>
    tt.return
  }
}

// CHECK:      tt.func @carried_state({{.*}}status = "optimal"
// CHECK:      %[[H:.+]] = scf.for %{{.+}} iter_args(%{{[^,]+}}) -> (tensor<16x64xf32, #[[STATE:.+]]>) : i32 {
// CHECK:      tt.store
// CHECK:      tt.load
// CHECK:      tt.dot
// CHECK:      tt.load
// CHECK:      tt.dot
// CHECK-NOT:  tt.{{load|dot|store}}
// CHECK:      scf.yield %{{[^,]+}} : tensor<16x64xf32, #[[STATE]]>
// CHECK-NOT:  scf.for
// CHECK:      tt.store %{{.+}}, %[[H]]
