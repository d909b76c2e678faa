// A tree of joins, as reported publicly against Triton: four 32-bit random words are cut
// into sixteen bytes, joined pairwise in four levels and flattened with a reshape, and
// the layout was converted at several levels of the tree.  Each join below reads its
// operands in the default layout of their rank, as converting to TTGIR leaves them.
// Triton 3.9 already forwards each join's layout to the next and converts once, at the
// reshape, before a byte-wide store.  assign-layouts converts nothing: the flattened bytes
// lie 16 contiguous to a thread, so they are stored from the joins' layout, one 128-bit
// store per thread.
// RUN: layout-opt %s -p assign-layouts 2>/dev/null | filecheck %s

#d1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#d2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#d3 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [8, 2, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#d4 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [4, 2, 2, 2], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
#d5 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 1], threadsPerWarp = [2, 2, 2, 2, 2], warpsPerCTA = [4, 1, 1, 1, 1], order = [4, 3, 2, 1, 0]}>
#j1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#j2 = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [16, 2, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#j3 = #ttg.blocked<{sizePerThread = [1, 1, 1, 2], threadsPerWarp = [8, 2, 2, 1], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
#j4 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 2], threadsPerWarp = [4, 2, 2, 2, 1], warpsPerCTA = [4, 1, 1, 1, 1], order = [4, 3, 2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @random_bytes(%ap: tensor<128x!tt.ptr<i32>, #d1>, %bp: tensor<128x!tt.ptr<i32>, #d1>, %cp: tensor<128x!tt.ptr<i32>, #d1>, %dp: tensor<128x!tt.ptr<i32>, #d1>, %outp: !tt.ptr<i8> {tt.divisibility = 16 : i32}) {
    %s1 = arith.constant dense<8> : tensor<128xi32, #d1>
    %s2 = arith.constant dense<16> : tensor<128xi32, #d1>
    %s3 = arith.constant dense<24> : tensor<128xi32, #d1>
    %a = tt.load %ap : tensor<128x!tt.ptr<i32>, #d1>
    %a0 = arith.trunci %a : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %a1s = arith.shrui %a, %s1 : tensor<128xi32, #d1>
    %a1 = arith.trunci %a1s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %a2s = arith.shrui %a, %s2 : tensor<128xi32, #d1>
    %a2 = arith.trunci %a2s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %a3s = arith.shrui %a, %s3 : tensor<128xi32, #d1>
    %a3 = arith.trunci %a3s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %b = tt.load %bp : tensor<128x!tt.ptr<i32>, #d1>
    %b0 = arith.trunci %b : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %b1s = arith.shrui %b, %s1 : tensor<128xi32, #d1>
    %b1 = arith.trunci %b1s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %b2s = arith.shrui %b, %s2 : tensor<128xi32, #d1>
    %b2 = arith.trunci %b2s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %b3s = arith.shrui %b, %s3 : tensor<128xi32, #d1>
    %b3 = arith.trunci %b3s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %c = tt.load %cp : tensor<128x!tt.ptr<i32>, #d1>
    %c0 = arith.trunci %c : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %c1s = arith.shrui %c, %s1 : tensor<128xi32, #d1>
    %c1 = arith.trunci %c1s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %c2s = arith.shrui %c, %s2 : tensor<128xi32, #d1>
    %c2 = arith.trunci %c2s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %c3s = arith.shrui %c, %s3 : tensor<128xi32, #d1>
    %c3 = arith.trunci %c3s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %d = tt.load %dp : tensor<128x!tt.ptr<i32>, #d1>
    %d0 = arith.trunci %d : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %d1s = arith.shrui %d, %s1 : tensor<128xi32, #d1>
    %d1 = arith.trunci %d1s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %d2s = arith.shrui %d, %s2 : tensor<128xi32, #d1>
    %d2 = arith.trunci %d2s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %d3s = arith.shrui %d, %s3 : tensor<128xi32, #d1>
    %d3 = arith.trunci %d3s : tensor<128xi32, #d1> to tensor<128xi8, #d1>
    %t1_0j = tt.join %a0, %a1 : tensor<128xi8, #d1> -> tensor<128x2xi8, #j1>
    %t1_0 = ttg.convert_layout %t1_0j : tensor<128x2xi8, #j1> -> tensor<128x2xi8, #d2>
    %t1_1j = tt.join %a2, %a3 : tensor<128xi8, #d1> -> tensor<128x2xi8, #j1>
    %t1_1 = ttg.convert_layout %t1_1j : tensor<128x2xi8, #j1> -> tensor<128x2xi8, #d2>
    %t1_2j = tt.join %b0, %b1 : tensor<128xi8, #d1> -> tensor<128x2xi8, #j1>
    %t1_2 = ttg.convert_layout %t1_2j : tensor<128x2xi8, #j1> -> tensor<128x2xi8, #d2>
    %t1_3j = tt.join %b2, %b3 : tensor<128xi8, #d1> -> tensor<128x2xi8, #j1>
    %t1_3 = ttg.convert_layout %t1_3j : tensor<128x2xi8, #j1> -> tensor<128x2xi8, #d2>
    %t1_4j = tt.join %c0, %c1 : tensor<128xi8, #d1> -> tensor<128x2xi8, #j1>
    %t1_4 = ttg.convert_layout %t1_4j : tensor<128x2xi8, #j1> -> tensor<128x2xi8, #d2>
    %t1_5j = tt.join %c2, %c3 : tensor<128xi8, #d1> -> tensor<128x2xi8, #j1>
    %t1_5 = ttg.convert_layout %t1_5j : tensor<128x2xi8, #j1> -> tensor<128x2xi8, #d2>
    %t1_6j = tt.join %d0, %d1 : tensor<128xi8, #d1> -> tensor<128x2xi8, #j1>
    %t1_6 = ttg.convert_layout %t1_6j : tensor<128x2xi8, #j1> -> tensor<128x2xi8, #d2>
    %t1_7j = tt.join %d2, %d3 : tensor<128xi8, #d1> -> tensor<128x2xi8, #j1>
    %t1_7 = ttg.convert_layout %t1_7j : tensor<128x2xi8, #j1> -> tensor<128x2xi8, #d2>
    %t2_0j = tt.join %t1_0, %t1_1 : tensor<128x2xi8, #d2> -> tensor<128x2x2xi8, #j2>
    %t2_0 = ttg.convert_layout %t2_0j : tensor<128x2x2xi8, #j2> -> tensor<128x2x2xi8, #d3>
    %t2_1j = tt.join %t1_2, %t1_3 : tensor<128x2xi8, #d2> -> tensor<128x2x2xi8, #j2>
    %t2_1 = ttg.convert_layout %t2_1j : tensor<128x2x2xi8, #j2> -> tensor<128x2x2xi8, #d3>
    %t2_2j = tt.join %t1_4, %t1_5 : tensor<128x2xi8, #d2> -> tensor<128x2x2xi8, #j2>
    %t2_2 = ttg.convert_layout %t2_2j : tensor<128x2x2xi8, #j2> -> tensor<128x2x2xi8, #d3>
    %t2_3j = tt.join %t1_6, %t1_7 : tensor<128x2xi8, #d2> -> tensor<128x2x2xi8, #j2>
    %t2_3 = ttg.convert_layout %t2_3j : tensor<128x2x2xi8, #j2> -> tensor<128x2x2xi8, #d3>
    %t3_0j = tt.join %t2_0, %t2_1 : tensor<128x2x2xi8, #d3> -> tensor<128x2x2x2xi8, #j3>
    %t3_0 = ttg.convert_layout %t3_0j : tensor<128x2x2x2xi8, #j3> -> tensor<128x2x2x2xi8, #d4>
    %t3_1j = tt.join %t2_2, %t2_3 : tensor<128x2x2xi8, #d3> -> tensor<128x2x2x2xi8, #j3>
    %t3_1 = ttg.convert_layout %t3_1j : tensor<128x2x2x2xi8, #j3> -> tensor<128x2x2x2xi8, #d4>
    %t4_0j = tt.join %t3_0, %t3_1 : tensor<128x2x2x2xi8, #d4> -> tensor<128x2x2x2x2xi8, #j4>
    %t4_0 = ttg.convert_layout %t4_0j : tensor<128x2x2x2x2xi8, #j4> -> tensor<128x2x2x2x2xi8, #d5>
    %flat = tt.reshape %t4_0 : tensor<128x2x2x2x2xi8, #d5> -> tensor<2048xi8, #d1>
    %oi = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #d1>
    %os = tt.splat %outp : !tt.ptr<i8> -> tensor<2048x!tt.ptr<i8>, #d1>
    %out = tt.addptr %os, %oi : tensor<2048x!tt.ptr<i8>, #d1>, tensor<2048xi32, #d1>
    tt.store %out, %flat : tensor<2048x!tt.ptr<i8>, #d1>
    tt.return
  }
}

// CHECK:      #[[SIXTEEN:.+]] = #ttg.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK:      tt.func @random_bytes({{.*}}status = "optimal"
// CHECK-NOT:  ttg.convert_layout
// CHECK-COUNT-8: tt.join %{{.+}} : tensor<128xi8, #{{.+}}> -> tensor<128x2xi8, #{{.+}}>
// CHECK-COUNT-4: tt.join %{{.+}} : tensor<128x2xi8, #{{.+}}> -> tensor<128x2x2xi8, #{{.+}}>
// CHECK-COUNT-2: tt.join %{{.+}} : tensor<128x2x2xi8, #{{.+}}> -> tensor<128x2x2x2xi8, #{{.+}}>
// CHECK:      %[[TREE:.+]] = tt.join %{{.+}} -> tensor<128x2x2x2x2xi8, #[[JOINED:.+]]>
// CHECK-NEXT: %[[FLAT:.+]] = tt.reshape %[[TREE]] : tensor<128x2x2x2x2xi8, #[[JOINED]]> -> tensor<2048xi8, #[[SIXTEEN]]>
// CHECK-NOT:  ttg.convert_layout
// CHECK:      tt.store %{{.+}}, %[[FLAT]] : tensor<2048x!tt.ptr<i8>, #[[SIXTEEN]]>
