// mbarriers, fences and cluster launch control (ttng) read and print as Triton 3.9 prints them; printing is a fixed point.
// RUN: layout-opt %s --split-input-file --verify-roundtrip | filecheck %s

// One CTA: a barrier's whole life, with and without predicates, dependencies and attributes.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @life(%pred: i1, %phase: i32, %buf: !ttg.memdesc<64xf16, #shared, #smem, mutable>) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.barrier_expect %bar, 128 {loop.stage = 1 : i32}, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %bar, 1, %pred {multicastCTA = 0 : i32} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %phase deps %buf : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %pred deps %buf, %buf {ttg.partition = array<i32: 0>} : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<64xf16, #shared, #smem, mutable>, !ttg.memdesc<64xf16, #shared, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
// CHECK-LABEL: tt.func @life
// CHECK-NEXT:    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.init_barrier %bar, 2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT:    ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.barrier_expect %bar, 128 {loop.stage = 1 : i32}, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.arrive_barrier %bar, 1, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.wait_barrier %bar, %phase, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.wait_barrier %bar, %phase deps %buf : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.wait_barrier %bar, %phase, %pred deps %buf, %buf {ttg.partition = array<i32: 0>} : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<64xf16, #shared, #smem, mutable>, !ttg.memdesc<64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    tt.return

// -----

// Two CTAs: one barrier word per CTA (CGA [[1]]) or one shared by both ([[0]]), multicast and routed
// arrivals, the cluster-wide fence and barrier.
#per_cta = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cluster(%pred: i1, %bar: !ttg.memdesc<2xi64, #per_cta, #smem, mutable>, %one: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
    ttng.init_barrier %bar, 1 : !ttg.memdesc<2xi64, #per_cta, #smem, mutable>
    ttng.init_barrier %one, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.fence_mbarrier_init_release_cluster
    ttng.cluster_barrier {relaxed = true}
    ttng.cluster_barrier {relaxed = false}
    ttng.cluster_barrier
    ttng.fence_async_shared {bCluster = true}
    ttng.arrive_barrier %bar, 1 {multicastCTA = 1 : i32} : !ttg.memdesc<2xi64, #per_cta, #smem, mutable>
    ttng.arrive_barrier %bar, 1, %pred {fromCTA = 0 : i32} : !ttg.memdesc<2xi64, #per_cta, #smem, mutable>
    ttng.barrier_expect %bar, 4096 {fromCTA = 1 : i32}, %pred : !ttg.memdesc<2xi64, #per_cta, #smem, mutable>
    tt.return
  }
}
// CHECK-LABEL: tt.func public @cluster
// CHECK-NEXT:    ttng.init_barrier %bar, 1 : !ttg.memdesc<2xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.init_barrier %one, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:    ttng.fence_mbarrier_init_release_cluster
// CHECK-NEXT:    ttng.cluster_barrier {relaxed = true}
// CHECK-NEXT:    ttng.cluster_barrier{{$}}
// CHECK-NEXT:    ttng.cluster_barrier{{$}}
// CHECK-NEXT:    ttng.fence_async_shared {bCluster = true}
// CHECK-NEXT:    ttng.arrive_barrier %bar, 1 {multicastCTA = 1 : i32} : !ttg.memdesc<2xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.arrive_barrier %bar, 1, %pred {fromCTA = 0 : i32} : !ttg.memdesc<2xi64, #shared, #smem, mutable>
// CHECK-NEXT:    ttng.barrier_expect %bar, 4096 {fromCTA = 1 : i32}, %pred : !ttg.memdesc<2xi64, #shared, #smem, mutable>

// -----

// Cluster launch control: cancel a pending cluster, read the answer, decode it.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @clc(%result: !ttg.memdesc<2xi64, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>) -> (i1, i32, i32) {
    ttng.clc_try_cancel %result, %bar : !ttg.memdesc<2xi64, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %r = ttng.clc_load_result %result : !ttg.memdesc<2xi64, #shared, #smem, mutable> -> i128
    %canceled = ttng.clc_is_canceled %r : i128 -> i1
    %x = ttng.clc_get_program_id %r, x : i128 -> i32
    %z = ttng.clc_get_program_id %r, z {loop.stage = 0 : i32} : i128 -> i32
    tt.return %canceled, %x, %z : i1, i32, i32
  }
}
// CHECK-LABEL: tt.func @clc
// CHECK-NEXT:    ttng.clc_try_cancel %result, %bar : !ttg.memdesc<2xi64, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:    %r = ttng.clc_load_result %result : !ttg.memdesc<2xi64, #shared, #smem, mutable> -> i128
// CHECK-NEXT:    %canceled = ttng.clc_is_canceled %r : i128 -> i1
// CHECK-NEXT:    %x = ttng.clc_get_program_id %r, x : i128 -> i32
// CHECK-NEXT:    %z = ttng.clc_get_program_id %r, z {loop.stage = 0 : i32} : i128 -> i32
