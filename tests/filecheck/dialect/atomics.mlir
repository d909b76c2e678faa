// Atomics, grid dependencies, tt.get_num_programs and the float/integer elementwise tt ops read and print as Triton 3.9 prints them;
// printing is a fixed point, and the generic form keeps the enums as the i32 values Triton stores.
// RUN: layout-opt %s --verify-roundtrip | filecheck %s
// RUN: layout-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @atomics(%ptrs: tensor<128x!tt.ptr<f32>, #blocked>, %vals: tensor<128xf32, #blocked>, %mask: tensor<128xi1, #blocked>,
                   %ptr: !tt.ptr<i32>, %i: i32, %pred: i1) {
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %vals, %mask : (tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xf32, #blocked>, tensor<128xi1, #blocked>) -> tensor<128xf32, #blocked>
    %1 = tt.atomic_rmw fadd, relaxed, sys, %ptrs, %vals {allocation.offset = 0 : i32} : (tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    %2 = tt.atomic_rmw and, acquire, cta, %ptr, %i, %pred : (!tt.ptr<i32>, i32, i1) -> i32
    %3 = tt.atomic_rmw or, release, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
    %4 = tt.atomic_rmw xor, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
    %5 = tt.atomic_rmw add, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
    %6 = tt.atomic_rmw max, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
    %7 = tt.atomic_rmw min, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
    %8 = tt.atomic_rmw umax, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
    %9 = tt.atomic_rmw umin, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
    %10 = tt.atomic_rmw exch, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
    %11 = tt.atomic_cas acq_rel, gpu, %ptr, %i, %i : (!tt.ptr<i32>, i32, i32) -> i32
    %12 = tt.atomic_cas relaxed, sys, %ptr, %i, %i {ttg.partition = array<i32: 1>} : (!tt.ptr<i32>, i32, i32) -> i32
    tt.return
  }

  tt.func @ordered_accesses(%ptrs: tensor<128x!tt.ptr<i32>, #blocked>, %vals: tensor<128xi32, #blocked>, %mask: tensor<128xi1, #blocked>,
                            %ptr: !tt.ptr<i32>, %i: i32, %ns: i64) {
    tt.grid_dependency_wait
    %0 = tt.atomic_load acquire, gpu, %ptrs, %mask : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi1, #blocked>) -> tensor<128xi32, #blocked>
    %1 = tt.atomic_load relaxed, cta, %ptr {ttg.partition = array<i32: 1>} : (!tt.ptr<i32>) -> i32
    tt.atomic_store release, gpu, %ptrs, %vals, %mask : tensor<128x!tt.ptr<i32>, #blocked>
    tt.atomic_store relaxed, sys, %ptr, %i : !tt.ptr<i32>
    %2 = tt.atomic_poll acquire, gpu, %ptr, %i timeout %ns : !tt.ptr<i32>, i32 -> i1
    %3 = tt.atomic_poll relaxed, gpu, %ptrs, %vals : tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked> -> tensor<128xi1, #blocked>
    tt.grid_dependency_launch_dependents
    tt.return
  }

  tt.func @grid_and_math(%x: tensor<128xf32, #blocked>, %n: tensor<128xi32, #blocked>, %f: f64, %u: i64, %s: f32) {
    %0 = tt.get_num_programs x : i32
    %1 = tt.get_num_programs y {ttg.partition = array<i32: 0>} : i32
    %2 = tt.get_num_programs z : i32
    %3 = tt.clampf %x, %x, %x, propagateNan = none : tensor<128xf32, #blocked>
    %4 = tt.clampf %f, %f, %f, propagateNan = all {loop.stage = 0 : i32} : f64
    %5 = tt.precise_sqrt %x : tensor<128xf32, #blocked>
    %6 = tt.precise_divf %x, %x : tensor<128xf32, #blocked>
    %7 = tt.precise_divf %f, %f : f64
    %8 = tt.mulhiui %n, %n : tensor<128xi32, #blocked>
    %9 = tt.mulhiui %u, %u : i64
    %10 = tt.approx_divf %x, %x : tensor<128xf32, #blocked>
    %11 = tt.approx_divf %s, %s : f32
    tt.return
  }
}
// CHECK-LABEL: tt.func @atomics
// CHECK-NEXT:    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %vals, %mask : (tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xf32, #blocked>, tensor<128xi1, #blocked>) -> tensor<128xf32, #blocked>
// CHECK-NEXT:    %1 = tt.atomic_rmw fadd, relaxed, sys, %ptrs, %vals {allocation.offset = 0 : i32} : (tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
// CHECK-NEXT:    %2 = tt.atomic_rmw and, acquire, cta, %ptr, %i, %pred : (!tt.ptr<i32>, i32, i1) -> i32
// CHECK-NEXT:    %3 = tt.atomic_rmw or, release, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %4 = tt.atomic_rmw xor, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %5 = tt.atomic_rmw add, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %6 = tt.atomic_rmw max, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %7 = tt.atomic_rmw min, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %8 = tt.atomic_rmw umax, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %9 = tt.atomic_rmw umin, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %10 = tt.atomic_rmw exch, relaxed, gpu, %ptr, %i : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %11 = tt.atomic_cas acq_rel, gpu, %ptr, %i, %i : (!tt.ptr<i32>, i32, i32) -> i32
// CHECK-NEXT:    %12 = tt.atomic_cas relaxed, sys, %ptr, %i, %i {ttg.partition = array<i32: 1>} : (!tt.ptr<i32>, i32, i32) -> i32
// CHECK-LABEL: tt.func @ordered_accesses
// CHECK-NEXT:    tt.grid_dependency_wait
// CHECK-NEXT:    %0 = tt.atomic_load acquire, gpu, %ptrs, %mask : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi1, #blocked>) -> tensor<128xi32, #blocked>
// CHECK-NEXT:    %1 = tt.atomic_load relaxed, cta, %ptr {ttg.partition = array<i32: 1>} : (!tt.ptr<i32>) -> i32
// CHECK-NEXT:    tt.atomic_store release, gpu, %ptrs, %vals, %mask : tensor<128x!tt.ptr<i32>, #blocked>
// CHECK-NEXT:    tt.atomic_store relaxed, sys, %ptr, %i : !tt.ptr<i32>
// CHECK-NEXT:    %2 = tt.atomic_poll acquire, gpu, %ptr, %i timeout %ns : !tt.ptr<i32>, i32 -> i1
// CHECK-NEXT:    %3 = tt.atomic_poll relaxed, gpu, %ptrs, %vals : tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked> -> tensor<128xi1, #blocked>
// CHECK-NEXT:    tt.grid_dependency_launch_dependents
// CHECK-LABEL: tt.func @grid_and_math
// CHECK-NEXT:    %0 = tt.get_num_programs x : i32
// CHECK-NEXT:    %1 = tt.get_num_programs y {ttg.partition = array<i32: 0>} : i32
// CHECK-NEXT:    %2 = tt.get_num_programs z : i32
// CHECK-NEXT:    %3 = tt.clampf %x, %x, %x, propagateNan = none : tensor<128xf32, #blocked>
// CHECK-NEXT:    %4 = tt.clampf %f, %f, %f, propagateNan = all {loop.stage = 0 : i32} : f64
// CHECK-NEXT:    %5 = tt.precise_sqrt %x : tensor<128xf32, #blocked>
// CHECK-NEXT:    %6 = tt.precise_divf %x, %x : tensor<128xf32, #blocked>
// CHECK-NEXT:    %7 = tt.precise_divf %f, %f : f64
// CHECK-NEXT:    %8 = tt.mulhiui %n, %n : tensor<128xi32, #blocked>
// CHECK-NEXT:    %9 = tt.mulhiui %u, %u : i64
// CHECK-NEXT:    %10 = tt.approx_divf %x, %x : tensor<128xf32, #blocked>
// CHECK-NEXT:    %11 = tt.approx_divf %s, %s : f32

// GENERIC: "tt.atomic_rmw"(%ptrs, %vals, %mask) <{atomic_rmw_op = 5 : i32, scope = 1 : i32, sem = 4 : i32}>
// GENERIC: "tt.atomic_cas"(%ptr, %i, %i) <{scope = 1 : i32, sem = 4 : i32}>
// GENERIC: "tt.grid_dependency_wait"() : () -> ()
// GENERIC: "tt.atomic_load"(%ptrs, %mask) <{scope = 1 : i32, sem = 2 : i32}>
// GENERIC: "tt.atomic_store"(%ptrs, %vals, %mask) <{scope = 1 : i32, sem = 3 : i32}> : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>, tensor<128xi1, #blocked>) -> ()
// GENERIC: "tt.atomic_poll"(%ptr, %i, %ns) <{scope = 1 : i32, sem = 2 : i32}> : (!tt.ptr<i32>, i32, i64) -> i1
// GENERIC: "tt.get_num_programs"() <{axis = 1 : i32}> {ttg.partition = array<i32: 0>} : () -> i32
// GENERIC: "tt.clampf"(%x, %x, %x) <{propagateNan = 0 : i32}>
// GENERIC: "tt.clampf"(%f, %f, %f) <{propagateNan = 65535 : i32}>
