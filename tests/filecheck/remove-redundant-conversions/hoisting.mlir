// Conversions that stay, hoisted where they run less often or pipeline better.
// RUN: layout-opt %s --split-input-file -p remove-redundant-conversions | filecheck %s

#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// The loaded branch cannot produce #b (the load is an anchor), the constant one can: the
// conversion moves into the loaded branch and runs only when it is taken.
// CHECK-LABEL: @hoist_into_conditional
// CHECK: scf.for
// CHECK: %[[V:.+]] = scf.if %{{.+}} -> (tensor<1024xf32, #[[$B:blocked[0-9]*]]>)
// CHECK-NEXT: %[[L:.+]] = tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, #[[$A:blocked[0-9]*]]>
// CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %[[L]] : tensor<1024xf32, #[[$A]]> -> tensor<1024xf32, #[[$B]]>
// CHECK-NEXT: scf.yield %[[C]] : tensor<1024xf32, #[[$B]]>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %{{.+}} : tensor<1024xf32, #[[$B]]>
// CHECK-NEXT: }
// CHECK-NEXT: tt.store %{{.+}}, %[[V]] : tensor<1024x!tt.ptr<f32>, #[[$B]]>
// Triton keeps: tensor<1024xf32>
tt.func @hoist_into_conditional(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32, %flag: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<1024xf32, #a>
  %ra = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #a>
  %sa = tt.splat %in : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #a>
  %pa = tt.addptr %sa, %ra : tensor<1024x!tt.ptr<f32>, #a>, tensor<1024xi32, #a>
  %rb = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
  %sb = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b>
  %pb = tt.addptr %sb, %rb : tensor<1024x!tt.ptr<f32>, #b>, tensor<1024xi32, #b>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %v = scf.if %flag -> (tensor<1024xf32, #a>) {
      %l = tt.load %pa : tensor<1024x!tt.ptr<f32>, #a>
      scf.yield %l : tensor<1024xf32, #a>
    } else {
      scf.yield %zero : tensor<1024xf32, #a>
    }
    %w = ttg.convert_layout %v : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
    tt.store %pb, %w : tensor<1024x!tt.ptr<f32>, #b>
  }
  tt.return
}

// Outside a loop the conversion stays after the conditional.
// CHECK-LABEL: @no_hoist_outside_loops
// CHECK: scf.if
// CHECK-NOT: ttg.convert_layout
// CHECK: } else {
// CHECK: }
// CHECK-NEXT: ttg.convert_layout
// Triton keeps: tensor<1024xf32>
tt.func @no_hoist_outside_loops(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %flag: i1) {
  %zero = arith.constant dense<0.0> : tensor<1024xf32, #a>
  %ra = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #a>
  %sa = tt.splat %in : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #a>
  %pa = tt.addptr %sa, %ra : tensor<1024x!tt.ptr<f32>, #a>, tensor<1024xi32, #a>
  %rb = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
  %sb = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b>
  %pb = tt.addptr %sb, %rb : tensor<1024x!tt.ptr<f32>, #b>, tensor<1024xi32, #b>
  %v = scf.if %flag -> (tensor<1024xf32, #a>) {
    %l = tt.load %pa : tensor<1024x!tt.ptr<f32>, #a>
    scf.yield %l : tensor<1024xf32, #a>
  } else {
    scf.yield %zero : tensor<1024xf32, #a>
  }
  %w = ttg.convert_layout %v : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
  tt.store %pb, %w : tensor<1024x!tt.ptr<f32>, #b>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// The conversion to the dot operand moves above the scaling, next to the load.
// CHECK-LABEL: @hoist_dot_operand
// CHECK: scf.for
// CHECK-NEXT: %[[L:.+]] = tt.load
// CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %[[L]] : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0
// CHECK-NEXT: %[[S:.+]] = arith.mulf %[[C]], %{{.+}} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0
// CHECK-NEXT: tt.dot %[[S]]
// Triton keeps: tensor<64x32xf16>
tt.func @hoist_dot_operand(%in: tensor<64x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x64xf16, #dotB>, %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %half = arith.constant dense<0.5> : tensor<64x32xf16, #blocked>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %a = tt.load %in : tensor<64x32x!tt.ptr<f16>, #blocked>
    %s = arith.mulf %a, %half : tensor<64x32xf16, #blocked>
    %d = ttg.convert_layout %s : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #dotA>
    %next = tt.dot %d, %b, %acc : tensor<64x32xf16, #dotA> * tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    scf.yield %next : tensor<64x64xf32, #mma>
  }
  tt.return %r : tensor<64x64xf32, #mma>
}
}
