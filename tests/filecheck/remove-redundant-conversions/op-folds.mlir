// Ops fold as in Triton 3.9, whose remove-layout-conversions applies its patterns with
// MLIR's greedy driver, which also folds every op it visits: tt.addptr by zero,
// tt.splat of a constant, a one-element tt.make_range, views of a splat constant,
// tt.fp_to_fp of zero; arith identities, constants computed, casts of constants,
// comparisons of a value with itself and selects of a constant condition.
// RUN: layout-opt %s -p remove-redundant-conversions | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#flat = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @triton_folds
  // CHECK-DAG:     %[[SEVENS:.+]] = arith.constant dense<7> : tensor<32x16xi32, #blocked>
  // CHECK-DAG:     %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<32x16xf8E4M3FN, #blocked>
  // CHECK:         %[[PTRS:.+]] = tt.splat %p : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>, #blocked>
  // CHECK-NEXT:    %[[X:.+]] = tt.load %[[PTRS]]
  // CHECK-NEXT:    tt.return %[[X]], %[[SEVENS]], %[[ZERO]]
  tt.func @triton_folds(%p: !tt.ptr<f16>, %q: tensor<32x16x!tt.ptr<f16>, #blocked>) -> (tensor<32x16xf16, #blocked>, tensor<32x16xi32, #blocked>, tensor<32x16xf8E4M3FN, #blocked>) {
    %c0_i32 = arith.constant 0 : i32
    %zeros = arith.constant dense<0> : tensor<32x16xi32, #blocked>
    %moved = tt.addptr %p, %c0_i32 : !tt.ptr<f16>, i32
    %ptrs = tt.splat %moved : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>, #blocked>
    %same = tt.addptr %ptrs, %zeros : tensor<32x16x!tt.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
    %x = tt.load %same : tensor<32x16x!tt.ptr<f16>, #blocked>
    %seven = arith.constant 7 : i32
    %sevens = tt.splat %seven : i32 -> tensor<32x16xi32, #blocked>
    %one = tt.make_range {end = 1 : i32, start = 0 : i32} : tensor<1xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %row = tt.expand_dims %one {axis = 1 : i32} : tensor<1xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<1x1xi32, #blocked>
    %wide = tt.broadcast %row : tensor<1x1xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %sum = arith.addi %sevens, %wide : tensor<32x16xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<32x16xf32, #blocked>
    %f8 = tt.fp_to_fp %zero, rounding = rtne : tensor<32x16xf32, #blocked> -> tensor<32x16xf8E4M3FN, #blocked>
    tt.return %x, %sum, %f8 : tensor<32x16xf16, #blocked>, tensor<32x16xi32, #blocked>, tensor<32x16xf8E4M3FN, #blocked>
  }
  // CHECK-LABEL: @arith_folds
  // CHECK-DAG:     %[[TRUE:.+]] = arith.constant dense<true> : tensor<32x16xi1, #blocked>
  // CHECK-DAG:     %[[WIDE:.+]] = arith.constant dense<1> : tensor<32x16xi64, #blocked>
  // CHECK-DAG:     %[[NARROW:.+]] = arith.constant dense<1.500000e+00> : tensor<32x16xf16, #blocked>
  // CHECK-DAG:     %[[SIX:.+]] = arith.constant 6 : i32
  // CHECK-NOT:     arith.
  // CHECK:         tt.return %x, %y, %[[TRUE]], %[[WIDE]], %[[NARROW]], %[[SIX]]
  tt.func @arith_folds(%x: tensor<32x16xi32, #blocked>, %y: tensor<32x16xf32, #blocked>, %c: i1) -> (tensor<32x16xi32, #blocked>, tensor<32x16xf32, #blocked>, tensor<32x16xi1, #blocked>, tensor<32x16xi64, #blocked>, tensor<32x16xf16, #blocked>, i32) {
    %zeros = arith.constant dense<0> : tensor<32x16xi32, #blocked>
    %ones = arith.constant dense<1> : tensor<32x16xi32, #blocked>
    %a = arith.addi %zeros, %x : tensor<32x16xi32, #blocked>
    %b = arith.muli %a, %ones : tensor<32x16xi32, #blocked>
    %d = arith.subi %b, %zeros : tensor<32x16xi32, #blocked>
    %e = arith.xori %x, %x : tensor<32x16xi32, #blocked>
    %f = arith.ori %d, %e : tensor<32x16xi32, #blocked>
    %negzero = arith.constant dense<-0.0> : tensor<32x16xf32, #blocked>
    %fone = arith.constant dense<1.0> : tensor<32x16xf32, #blocked>
    %g = arith.addf %y, %negzero : tensor<32x16xf32, #blocked>
    %h = arith.mulf %fone, %g : tensor<32x16xf32, #blocked>
    %k = arith.divf %h, %fone : tensor<32x16xf32, #blocked>
    %cmp = arith.cmpi sle, %x, %x : tensor<32x16xi32, #blocked>
    %wide = arith.extsi %ones : tensor<32x16xi32, #blocked> to tensor<32x16xi64, #blocked>
    %half = arith.constant dense<1.5> : tensor<32x16xf32, #blocked>
    %narrow = arith.truncf %half : tensor<32x16xf32, #blocked> to tensor<32x16xf16, #blocked>
    %t = arith.constant true
    %s1 = arith.constant 3 : i32
    %s2 = arith.constant 5 : i32
    %s = arith.select %t, %s1, %s2 : i32
    %twice = arith.addi %s, %s : i32
    tt.return %f, %k, %cmp, %wide, %narrow, %twice : tensor<32x16xi32, #blocked>, tensor<32x16xf32, #blocked>, tensor<32x16xi1, #blocked>, tensor<32x16xi64, #blocked>, tensor<32x16xf16, #blocked>, i32
  }
  // A select of true and false is its condition on an i1; MLIR leaves a tensor of i1 alone.
  // CHECK-LABEL: @select_of_booleans
  // CHECK:         %[[R:.+]] = arith.select %c, %{{.+}}, %{{.+}} : tensor<128xi1, #blocked1>, tensor<128xi1, #blocked1>
  // CHECK-NEXT:    tt.return %[[R]], %s : tensor<128xi1, #blocked1>, i1
  tt.func @select_of_booleans(%c: tensor<128xi1, #flat>, %s: i1) -> (tensor<128xi1, #flat>, i1) {
    %t = arith.constant dense<true> : tensor<128xi1, #flat>
    %f = arith.constant dense<false> : tensor<128xi1, #flat>
    %r = arith.select %c, %t, %f : tensor<128xi1, #flat>, tensor<128xi1, #flat>
    %true = arith.constant true
    %false = arith.constant false
    %q = arith.select %s, %true, %false : i1
    tt.return %r, %q : tensor<128xi1, #flat>, i1
  }
}
