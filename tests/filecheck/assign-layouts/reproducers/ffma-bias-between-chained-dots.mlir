// A conversion fused into an FFMA bias between two chained dots, as reported publicly
// against Triton: each step of the chain adds x[:, None] * y[None, :] to the accumulator
// before the next dot reads it.  The bias vectors are loaded with 128 elements, as many
// as the CTA has threads, so Triton's pass keeps their loads' layout and converts the
// whole 128x128 product to the accumulator's layout at the addf, in every iteration.
// assign-layouts loads x and y directly in slices of the accumulator's layout: the bias
// is computed where the accumulator lives and no conversion is left in the loop.
// RUN: layout-opt %s -p assign-layouts 2>/dev/null | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @biased_dot_chain(%a: tensor<128x32xf16, #a>, %b: tensor<32x128xf16, #b>, %xp: !tt.ptr<f32>, %yp: !tt.ptr<f32>) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c128 = arith.constant 128 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %ri = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %ci = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %acc = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc_i = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %d = tt.dot %a, %b, %acc_i : tensor<128x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<128x128xf32, #mma>
      %off = arith.muli %i, %c128 : i32
      %xo = tt.addptr %xp, %off : !tt.ptr<f32>, i32
      %xs = tt.splat %xo : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>
      %xa = tt.addptr %xs, %ri : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %x = tt.load %xa : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>
      %yo = tt.addptr %yp, %off : !tt.ptr<f32>, i32
      %ys = tt.splat %yo : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #blocked}>>
      %ya = tt.addptr %ys, %ci : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
      %y = tt.load %ya : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #blocked}>>
      %xe = tt.expand_dims %x {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xf32, #blocked>
      %ye = tt.expand_dims %y {axis = 0 : i32} : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xf32, #blocked>
      %xb = tt.broadcast %xe : tensor<128x1xf32, #blocked> -> tensor<128x128xf32, #blocked>
      %yb = tt.broadcast %ye : tensor<1x128xf32, #blocked> -> tensor<128x128xf32, #blocked>
      %xy = arith.mulf %xb, %yb : tensor<128x128xf32, #blocked>
      %db = ttg.convert_layout %d : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
      %biased = arith.addf %db, %xy : tensor<128x128xf32, #blocked>
      %next = ttg.convert_layout %biased : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #mma>
      scf.yield %next : tensor<128x128xf32, #mma>
    }
    tt.return %acc : tensor<128x128xf32, #mma>
  }
}

// CHECK:      #[[MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK:      tt.func @biased_dot_chain({{.*}}status = "optimal"
// CHECK:      scf.for
// CHECK:      %[[D:.+]] = tt.dot
// CHECK-NOT:  ttg.convert_layout
// CHECK:      tt.load %{{.+}} : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #[[MMA]]}>>
// CHECK-NOT:  ttg.convert_layout
// CHECK:      tt.load %{{.+}} : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #[[MMA]]}>>
// CHECK-NOT:  ttg.convert_layout
// CHECK:      %[[XY:.+]] = arith.mulf %{{.+}}, %{{.+}} : tensor<128x128xf32, #[[MMA]]>
// CHECK-NEXT: %[[BIASED:.+]] = arith.addf %[[D]], %[[XY]] : tensor<128x128xf32, #[[MMA]]>
// CHECK-NEXT: scf.yield %[[BIASED]] : tensor<128x128xf32, #[[MMA]]>
// CHECK:      tt.return %{{.+}} : tensor<128x128xf32, #[[MMA]]>
