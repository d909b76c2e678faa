// Loop and reuse cases from Triton's test/TritonGPU/combine.mlir, CHECK lines written
// from the documented expected output.  xDSL names a loop's results %a, %b where
// MLIR prints %a:2, so those CHECKs name both.
// A `Triton keeps:` line before each function lists the conversions left in Triton's
// expected output; bench/bench_remove_conversions.py counts ours against them.
// RUN: layout-opt %s --split-input-file -p remove-redundant-conversions | filecheck %s

#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#slice1dim1 = #ttg.slice<{dim = 1, parent = #blocked1}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#slice2dim0 = #ttg.slice<{dim = 0, parent = #blocked2}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [1, 0]}>

// CHECK-DAG: [[$row_layout:#.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: [[$col_layout_novec:#.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-LABEL: @loop
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// Triton keeps: tensor<64x64xf32>
tt.func @loop(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: !tt.ptr<f32>, %arg3: i32, %arg4: i32) {
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[LOOP:[0-9]+]], %{{[0-9]+}} = scf.for {{.*}} -> (tensor<64x64xf32, [[$row_layout]]>, tensor<64x64x!tt.ptr<f32>, [[$row_layout]]>)
  // CHECK-NEXT: {{.*}} = tt.load {{.*}} : tensor<64x64x!tt.ptr<f32>, [[$row_layout]]>
  // CHECK-NEXT: {{.*}} = arith.addf {{.*}} : tensor<64x64xf32, [[$row_layout]]>
  // CHECK-NEXT: {{.*}} = tt.addptr {{.*}} : tensor<64x64x!tt.ptr<f32>, [[$row_layout]]>, tensor<64x64xi32, [[$row_layout]]>
  // CHECK-NEXT: scf.yield {{.*}} : tensor<64x64xf32, [[$row_layout]]>, tensor<64x64x!tt.ptr<f32>, [[$row_layout]]>
  // CHECK-NEXT: }
  // CHECK-NEXT: ttg.convert_layout %{{[0-9]+}} : tensor<64x64xf32, [[$row_layout]]> -> tensor<64x64xf32, #blocked>
  // CHECK-NOT: ttg.convert_layout
  //    CHECK:  tt.return
  %cst = arith.constant dense<true> : tensor<64x64xi1, #blocked1>
  %cst_0 = arith.constant dense<64> : tensor<64x64xi32, #blocked1>
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c0 = arith.constant 0 : index
  %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked1>
  %00 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #slice1dim1>
  %01 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #slice2dim0>
  %1 = tt.reshape %00 : tensor<64xi32, #slice1dim1> -> tensor<64x1xi32, #blocked1>
  %2 = tt.splat %arg1 : i32 -> tensor<64x1xi32, #blocked1>
  %3 = arith.muli %1, %2 : tensor<64x1xi32, #blocked1>
  %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>, #blocked1>
  %5 = tt.addptr %4, %3 : tensor<64x1x!tt.ptr<f32>, #blocked1>, tensor<64x1xi32, #blocked1>
  %6 = tt.reshape %01 : tensor<64xi32, #slice2dim0> -> tensor<1x64xi32, #blocked2>
  %7 = tt.broadcast %5 : tensor<64x1x!tt.ptr<f32>, #blocked1> -> tensor<64x64x!tt.ptr<f32>, #blocked1>
  %8 = tt.broadcast %6 : tensor<1x64xi32, #blocked2> -> tensor<64x64xi32, #blocked2>
  %9 = ttg.convert_layout %8 : tensor<64x64xi32, #blocked2> -> tensor<64x64xi32, #blocked1>
  %10 = tt.addptr %7, %9 : tensor<64x64x!tt.ptr<f32>, #blocked1>, tensor<64x64xi32, #blocked1>
  %11:2 = scf.for %arg5 = %c0 to %c32 step %c1 iter_args(%arg6 = %cst_1, %arg7 = %10) -> (tensor<64x64xf32, #blocked1>, tensor<64x64x!tt.ptr<f32>, #blocked1>) {
    %23 = ttg.convert_layout %arg7 : tensor<64x64x!tt.ptr<f32>, #blocked1> -> tensor<64x64x!tt.ptr<f32>, #blocked3>
    %24 = ttg.convert_layout %cst : tensor<64x64xi1, #blocked1> -> tensor<64x64xi1, #blocked3>
    %25 = ttg.convert_layout %cst_1 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked3>
    %26 = tt.load %23, %24, %25 : tensor<64x64x!tt.ptr<f32>, #blocked3>
    %27 = ttg.convert_layout %26 : tensor<64x64xf32, #blocked3> -> tensor<64x64xf32, #blocked1>
    %28 = arith.addf %arg6, %27 : tensor<64x64xf32, #blocked1>
    %29 = tt.addptr %arg7, %cst_0 : tensor<64x64x!tt.ptr<f32>, #blocked1>, tensor<64x64xi32, #blocked1>
    scf.yield %28, %29 : tensor<64x64xf32, #blocked1>, tensor<64x64x!tt.ptr<f32>, #blocked1>
  }
  %12 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>, #blocked1>
  %13 = tt.addptr %12, %1 : tensor<64x1x!tt.ptr<f32>, #blocked1>, tensor<64x1xi32, #blocked1>
  %14 = tt.splat %arg3 : i32 -> tensor<1x64xi32, #blocked2>
  %15 = arith.muli %6, %14 : tensor<1x64xi32, #blocked2>
  %16 = tt.broadcast %13 : tensor<64x1x!tt.ptr<f32>, #blocked1> -> tensor<64x64x!tt.ptr<f32>, #blocked1>
  %17 = tt.broadcast %15 : tensor<1x64xi32, #blocked2> -> tensor<64x64xi32, #blocked2>
  %18 = ttg.convert_layout %17 : tensor<64x64xi32, #blocked2> -> tensor<64x64xi32, #blocked1>
  %19 = tt.addptr %16, %18 : tensor<64x64x!tt.ptr<f32>, #blocked1>, tensor<64x64xi32, #blocked1>
  %20 = ttg.convert_layout %19 : tensor<64x64x!tt.ptr<f32>, #blocked1> -> tensor<64x64x!tt.ptr<f32>, #blocked1>
  %21 = ttg.convert_layout %11#0 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked1>
  %22 = ttg.convert_layout %cst : tensor<64x64xi1, #blocked1> -> tensor<64x64xi1, #blocked1>
  tt.store %20, %21, %22 : tensor<64x64x!tt.ptr<f32>, #blocked1>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// Triton keeps one conversion, after the trans, and recomputes the mulf from it.
// We convert the argument instead (the same bytes) and recompute both from it.
// CHECK-LABEL: @reuse_layout_conversion
// Triton keeps: tensor<64x64xf32>
tt.func @reuse_layout_conversion(%arg0: tensor<64x64xf32, #blocked>) -> (tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>) {
  // CHECK: %[[C:.+]] = ttg.convert_layout %arg0
  // CHECK-NEXT: %[[T:.+]] = tt.trans %[[C]] {{.*}} -> tensor<64x64xf32, #blocked>
  // CHECK-NEXT: %[[M:.+]] = arith.mulf %[[T]], %{{.+}} : tensor<64x64xf32, #blocked>
  // CHECK-NEXT: tt.return %[[T]], %[[M]]
  %cst = arith.constant dense<2.000000e+00> : tensor<64x64xf32, #blocked1>
  %0 = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
  %1 = ttg.convert_layout %0 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
  %2 = arith.mulf %0, %cst : tensor<64x64xf32, #blocked1>
  %3 = ttg.convert_layout %2 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
  tt.return %1, %3 : tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>
}

// The mulf comes before the trans's conversion, which therefore cannot be reused for
// it: Triton keeps two conversions.  Converting the argument, which dominates both,
// needs one.
// CHECK-LABEL: @respect_dominance
// Triton keeps: tensor<64x64xf32>, tensor<64x64xf32>
tt.func @respect_dominance(%arg0: tensor<64x64xf32, #blocked>) -> (tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>) {
  // CHECK: ttg.convert_layout %arg0
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  %cst = arith.constant dense<2.000000e+00> : tensor<64x64xf32, #blocked1>
  %0 = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
  %2 = arith.mulf %0, %cst : tensor<64x64xf32, #blocked1>
  %1 = ttg.convert_layout %0 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
  %3 = ttg.convert_layout %2 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
  tt.return %1, %3 : tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// The argument's layout flows through the loop; one conversion is left, before the store.
// CHECK-LABEL: @fw_propagate_for_op
// Triton keeps: tensor<1024x4xi32>
tt.func @fw_propagate_for_op(%arg0: tensor<1024x4xi32, #blocked>, %arg1: tensor<1024x4x!tt.ptr<i32>, #blocked1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // CHECK-NOT: ttg.convert_layout
  // CHECK: arith.muli
  // CHECK: scf.for
  // CHECK: scf.yield
  // CHECK: ttg.convert_layout
  // CHECK-NEXT: tt.store
  %0 = ttg.convert_layout %arg0 : tensor<1024x4xi32, #blocked> -> tensor<1024x4xi32, #blocked1>
  %1 = arith.muli %0, %0 : tensor<1024x4xi32, #blocked1>
  %2 = scf.for %arg2 = %c0 to %c2 step %c1 iter_args(%arg3 = %1) -> (tensor<1024x4xi32, #blocked1>) {
    %3 = arith.addi %arg3, %arg3 : tensor<1024x4xi32, #blocked1>
    scf.yield %3 : tensor<1024x4xi32, #blocked1>
  }
  tt.store %arg1, %2 : tensor<1024x4x!tt.ptr<i32>, #blocked1>
  tt.return
}
}

// -----

#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// As @fw_propagate_for_op, through an scf.while: the argument's layout flows through
// the conversion, both regions and the results; one conversion is left, before the store.
// CHECK-LABEL: @fw_propagate_while_op
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[R:.+]], %{{.+}} = scf.while (%{{.+}} = %arg0, %{{.+}} = %{{.+}}) : (tensor<1024xf32, #[[$A:blocked[0-9]*]]>, i32)
// CHECK: scf.condition
// CHECK: arith.addf %{{.+}} : tensor<1024xf32, #[[$A]]>
// CHECK: scf.yield
// CHECK: ttg.convert_layout %[[R]] : tensor<1024xf32, #[[$A]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
// Triton keeps: tensor<1024xf32>
tt.func @fw_propagate_while_op(%arg0: tensor<1024xf32, #a>, %n: i32, %out: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = ttg.convert_layout %arg0 : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
  %r, %k = scf.while (%x = %0, %i = %c0) : (tensor<1024xf32, #b>, i32) -> (tensor<1024xf32, #b>, i32) {
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %x, %i : tensor<1024xf32, #b>, i32
  } do {
  ^bb0(%y: tensor<1024xf32, #b>, %j: i32):
    %z = arith.addf %y, %y : tensor<1024xf32, #b>
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %z, %j1 : tensor<1024xf32, #b>, i32
  }
  %rb = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
  %sb = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b>
  %pb = tt.addptr %sb, %rb : tensor<1024x!tt.ptr<f32>, #b>, tensor<1024xi32, #b>
  tt.store %pb, %r : tensor<1024x!tt.ptr<f32>, #b>
  tt.return
}
}

// -----

// A loop-carried sum of loads that nothing reads after the loop is dropped with its loads,
// as Triton's ForOpDeadArgElimination drops it: a load only reads memory, so it keeps
// nothing alive (MLIR's wouldOpBeTriviallyDead).
#blocked0 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: @unread_sum_of_loads
  // CHECK:       %{{.+}} = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[P:.+]] = %arg0) -> (tensor<1024x!tt.ptr<f32>, #{{.+}}>) {
  // CHECK-NEXT:    %[[NEXT:.+]] = tt.addptr %[[P]], %arg1
  // CHECK-NEXT:    scf.yield %[[NEXT]]
  // CHECK-NOT:   tt.load
// Triton keeps: none
  tt.func @unread_sum_of_loads(%arg0: tensor<1024x!tt.ptr<f32>, #blocked0>, %arg1: tensor<1024xi32, #blocked0>, %init: tensor<1024xf32, #blocked0>) -> tensor<1024x!tt.ptr<f32>, #blocked0> {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %r:2 = scf.for %i = %c0 to %c16 step %c1 iter_args(%p = %arg0, %acc = %init) -> (tensor<1024x!tt.ptr<f32>, #blocked0>, tensor<1024xf32, #blocked0>) {
      %next = tt.addptr %p, %arg1 : tensor<1024x!tt.ptr<f32>, #blocked0>, tensor<1024xi32, #blocked0>
      %x = tt.load %next : tensor<1024x!tt.ptr<f32>, #blocked0>
      %sum = arith.addf %x, %acc : tensor<1024xf32, #blocked0>
      scf.yield %next, %sum : tensor<1024x!tt.ptr<f32>, #blocked0>, tensor<1024xf32, #blocked0>
    }
    tt.return %r#0 : tensor<1024x!tt.ptr<f32>, #blocked0>
  }
}

// -----

// The same through a nested loop: the inner loop stays for the value that is read, and
// loses the sum with its loads, as in Triton.
#blocked0 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: @unread_sum_through_a_nested_loop
  // CHECK:       scf.for {{.*}} iter_args(%[[P:.+]] = %arg0) -> (tensor<1024x!tt.ptr<f32>, #{{.+}}>) {
  // CHECK-NEXT:    scf.for {{.*}} iter_args(%[[Q:.+]] = %[[P]]) -> (tensor<1024x!tt.ptr<f32>, #{{.+}}>) {
  // CHECK-NEXT:      %[[NEXT:.+]] = tt.addptr %[[Q]], %arg1
  // CHECK-NEXT:      scf.yield %[[NEXT]]
  // CHECK-NOT:   tt.load
// Triton keeps: none
  tt.func @unread_sum_through_a_nested_loop(%arg0: tensor<1024x!tt.ptr<f32>, #blocked0>, %arg1: tensor<1024xi32, #blocked0>, %init: tensor<1024xf32, #blocked0>) -> tensor<1024x!tt.ptr<f32>, #blocked0> {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %r:2 = scf.for %i = %c0 to %c16 step %c1 iter_args(%p = %arg0, %acc = %init) -> (tensor<1024x!tt.ptr<f32>, #blocked0>, tensor<1024xf32, #blocked0>) {
      %n:2 = scf.for %j = %c0 to %c16 step %c1 iter_args(%q = %p, %a = %acc) -> (tensor<1024x!tt.ptr<f32>, #blocked0>, tensor<1024xf32, #blocked0>) {
        %next = tt.addptr %q, %arg1 : tensor<1024x!tt.ptr<f32>, #blocked0>, tensor<1024xi32, #blocked0>
        %x = tt.load %next : tensor<1024x!tt.ptr<f32>, #blocked0>
        %sum = arith.addf %x, %a : tensor<1024xf32, #blocked0>
        scf.yield %next, %sum : tensor<1024x!tt.ptr<f32>, #blocked0>, tensor<1024xf32, #blocked0>
      }
      scf.yield %n#0, %n#1 : tensor<1024x!tt.ptr<f32>, #blocked0>, tensor<1024xf32, #blocked0>
    }
    tt.return %r#0 : tensor<1024x!tt.ptr<f32>, #blocked0>
  }
}
