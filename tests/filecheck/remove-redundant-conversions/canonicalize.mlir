// Cases from Triton's test/TritonGPU/canonicalize.mlir that concern conversions and
// shared-memory round trips; the CHECK lines are written from the documented
// expected output (Triton runs -canonicalize; the whole pass must do no worse).
// A `Triton keeps:` line before each function lists the conversions left in Triton's
// expected output; bench/bench_remove_conversions.py counts ours against them.
// Stock canonicalize applies the same folds, registered on the ops, and meets the same checks.
// RUN: layout-opt %s --split-input-file -p remove-redundant-conversions | filecheck %s
// RUN: layout-opt %s --split-input-file -p canonicalize | filecheck %s

#blocked0 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.num-ctas" = 1 : i32} {
// A reordering reshape reads past the conversion.
// CHECK-LABEL: @test_canonicalize_convert_view
// CHECK-SAME: (%[[ARG:.+]]: tensor<64x64xf32
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[V:.+]] = tt.reshape %[[ARG]] allow_reorder
// CHECK-NEXT: tt.return %[[V]]
// Triton keeps: none
tt.func @test_canonicalize_convert_view(%arg0: tensor<64x64xf32, #blocked0>) -> tensor<4096xf32, #blocked1> {
  %c = ttg.convert_layout %arg0 : tensor<64x64xf32, #blocked0> -> tensor<64x64xf32, #blocked2>
  %r = tt.reshape %c allow_reorder : tensor<64x64xf32, #blocked2> -> tensor<4096xf32, #blocked1>
  tt.return %r : tensor<4096xf32, #blocked1>
}
}

// -----

#blocked0 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.num-ctas" = 1 : i32} {
// Without the conversion the reshape would move data between threads: it stays.
// CHECK-LABEL: @test_canonicalize_convert_expensive_view
// CHECK-SAME: (%[[ARG:.+]]: tensor<256x16xf32
// CHECK: %[[C:.+]] = ttg.convert_layout %[[ARG]]
// CHECK-NEXT: %[[V:.+]] = tt.reshape %[[C]] allow_reorder
// CHECK-NEXT: tt.return %[[V]]
// Triton keeps: tensor<4096xf32>
tt.func @test_canonicalize_convert_expensive_view(%arg0: tensor<256x16xf32, #blocked0>) -> tensor<4096xf32, #blocked1> {
  %c = ttg.convert_layout %arg0 : tensor<256x16xf32, #blocked0> -> tensor<256x16xf32, #blocked2>
  %r = tt.reshape %c allow_reorder : tensor<256x16xf32, #blocked2> -> tensor<4096xf32, #blocked1>
  tt.return %r : tensor<4096xf32, #blocked1>
}
}

// -----

#blocked0 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.num-ctas" = 1 : i32} {
// An efficient-layout reshape still reads past the conversion.
// CHECK-LABEL: @test_canonicalize_convert_efficient_view
// CHECK-SAME: (%[[ARG:.+]]: tensor<64x64xf32
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[V:.+]] = tt.reshape %[[ARG]] allow_reorder
// CHECK-NEXT: tt.return %[[V]]
// Triton keeps: none
tt.func @test_canonicalize_convert_efficient_view(%arg0: tensor<64x64xf32, #blocked0>) -> tensor<4096xf32, #blocked1> {
  %c = ttg.convert_layout %arg0 : tensor<64x64xf32, #blocked0> -> tensor<64x64xf32, #blocked2>
  %r = tt.reshape %c allow_reorder efficient_layout : tensor<64x64xf32, #blocked2> -> tensor<4096xf32, #blocked1>
  tt.return %r : tensor<4096xf32, #blocked1>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// The load is re-created in the target layout where it stood, before the barrier.
// CHECK-LABEL: @test_canonicalize_convert_local_load
// CHECK-NOT: gpu.barrier
// CHECK: %[[V:.+]] = ttg.local_load {{.*}} -> tensor<256xi32, #[[$B1:blocked[0-9]*]]>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.return %[[V]] : tensor<256xi32, #[[$B1]]>
// Triton keeps: none
tt.func @test_canonicalize_convert_local_load() -> tensor<256xi32, #blocked1> {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<256xi32, #shared, #smem, mutable>
  %1 = ttg.local_load %0 : !ttg.memdesc<256xi32, #shared, #smem, mutable> -> tensor<256xi32, #blocked>
  gpu.barrier
  %2 = ttg.convert_layout %1 : tensor<256xi32, #blocked> -> tensor<256xi32, #blocked1>
  tt.return %2 : tensor<256xi32, #blocked1>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 2, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32} {
// A mutable buffer may change after the load: the copy stays.
// CHECK-LABEL: @local_alloc_nofold1
// CHECK: %[[A:.+]] = ttg.local_alloc %arg0
// CHECK-NEXT: %[[L:.+]] = ttg.local_load %[[A]]
// CHECK-NEXT: %[[B:.+]] = ttg.local_alloc %[[L]]
// CHECK-NEXT: tt.return %[[B]]
// Triton keeps: none
tt.func @local_alloc_nofold1(%arg0: tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem> {
  %0 = ttg.local_alloc %arg0 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #shared, #smem, mutable> -> tensor<16x16xf16, #blocked>
  %2 = ttg.local_alloc %1 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
  tt.return %2 : !ttg.memdesc<16x16xf16, #shared, #smem>
}

// A copy into another shared layout stays.
// CHECK-LABEL: @local_alloc_nofold2
// CHECK: %[[A:.+]] = ttg.local_alloc %arg0
// CHECK-NEXT: %[[L:.+]] = ttg.local_load %[[A]]
// CHECK-NEXT: %[[B:.+]] = ttg.local_alloc %[[L]]
// CHECK-NEXT: tt.return %[[B]]
// Triton keeps: none
tt.func @local_alloc_nofold2(%arg0: tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared1, #smem> {
  %0 = ttg.local_alloc %arg0 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
  %2 = ttg.local_alloc %1 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared1, #smem>
  tt.return %2 : !ttg.memdesc<16x16xf16, #shared1, #smem>
}

// Loading an immutable buffer to store it again in the same layout is the buffer.
// CHECK-LABEL: @local_alloc_fold
// CHECK-NEXT: %[[A:.+]] = ttg.local_alloc %arg0
// CHECK-NEXT: tt.return %[[A]]
// Triton keeps: none
tt.func @local_alloc_fold(%arg0: tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem> {
  %0 = ttg.local_alloc %arg0 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
  %2 = ttg.local_alloc %1 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
  tt.return %2 : !ttg.memdesc<16x16xf16, #shared, #smem>
}
}

// -----

#linear = #ttg.linear<{register = [[0, 1], [8, 0], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [0, 16]], block = []}>
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked_trans = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// The linear layout equals the blocked one, so the transpose reads the argument.
// CHECK-LABEL: @infer_trans
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
// Triton keeps: tensor<32x32xf32>
tt.func @infer_trans(%arg0: tensor<32x32xf32, #linear>) -> tensor<32x32xf32, #blocked_trans> {
  %0 = ttg.convert_layout %arg0 : tensor<32x32xf32, #linear> -> tensor<32x32xf32, #blocked>
  %1 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked_trans>
  tt.return %1 : tensor<32x32xf32, #blocked_trans>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// The slice replicates across other lanes than #blocked1 does, so the reshape cannot
// take the conversion's place.
// CHECK-LABEL: @test_canonicalize_convert_expensive_view2
// CHECK-SAME: (%[[ARG:.+]]: tensor<2xf32
// CHECK: %[[C:.+]] = ttg.convert_layout %[[ARG]]
// CHECK-NEXT: %[[V:.+]] = tt.reshape %[[C]] allow_reorder
// CHECK-NEXT: tt.return %[[V]]
// Triton keeps: tensor<2xf32>
tt.func @test_canonicalize_convert_expensive_view2(%arg0: tensor<2xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> tensor<2xf32, #blocked1> {
  %c = ttg.convert_layout %arg0 : tensor<2xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<2xf32, #blocked1>
  %r = tt.reshape %c allow_reorder : tensor<2xf32, #blocked1> -> tensor<2xf32, #blocked1>
  tt.return %r : tensor<2xf32, #blocked1>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// Every bin depends on every element, so a histogram reads its operand in any layout
// and produces its bins in whichever layout its user wants.
// CHECK-LABEL: @test_canonicalize_convert_histogram
// CHECK-SAME: (%[[ARG:.+]]: tensor<256xi32
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[V:.+]] = tt.histogram %[[ARG]] : tensor<256xi32, #{{.+}}> -> tensor<512xi32, #[[$OUT:.+]]>
// CHECK-NEXT: tt.return %[[V]] : tensor<512xi32, #[[$OUT]]>
// Triton keeps: none
tt.func @test_canonicalize_convert_histogram(%arg0: tensor<256xi32, #blocked1>) -> tensor<512xi32, #blocked2> {
  %0 = ttg.convert_layout %arg0 : tensor<256xi32, #blocked1> -> tensor<256xi32, #blocked>
  %1 = tt.histogram %0 : tensor<256xi32, #blocked> -> tensor<512xi32, #blocked>
  %2 = ttg.convert_layout %1 : tensor<512xi32, #blocked> -> tensor<512xi32, #blocked2>
  tt.return %2 : tensor<512xi32, #blocked2>
}

// With a mask, the mask follows the operand's layout instead: an i1 conversion is
// cheaper than the i32 one it replaces.
// CHECK-LABEL: @histogram_mask_follows_the_operand
// CHECK-SAME: (%[[ARG:.+]]: tensor<256xi32, #[[$IN:[^>]+]]>, %[[MASK:.+]]: tensor<256xi1
// CHECK: %[[M:.+]] = ttg.convert_layout %[[MASK]] : tensor<256xi1, #{{.+}}> -> tensor<256xi1, #[[$IN]]>
// CHECK-NEXT: %[[V:.+]] = tt.histogram %[[ARG]], %[[M]]
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return %[[V]]
// Triton keeps: tensor<256xi1>
tt.func @histogram_mask_follows_the_operand(%arg0: tensor<256xi32, #blocked1>, %mask: tensor<256xi1, #blocked>) -> tensor<512xi32, #blocked> {
  %0 = ttg.convert_layout %arg0 : tensor<256xi32, #blocked1> -> tensor<256xi32, #blocked>
  %1 = tt.histogram %0, %mask : tensor<256xi32, #blocked> -> tensor<512xi32, #blocked>
  tt.return %1 : tensor<512xi32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32} {
// A gather reads its source in any layout, unless the layout was chosen for it.
// CHECK-LABEL: @convert_layout_gather_src
// CHECK-NEXT: %[[V:.+]] = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<16x16xf16, #[[$B:.+]]>, tensor<16x16xi32, #[[$B]]>) -> tensor<16x16xf16, #[[$B]]>
// CHECK-NEXT: tt.return %[[V]]
// Triton keeps: none
tt.func @convert_layout_gather_src(%arg0: tensor<16x16xf16, #blocked>, %arg1: tensor<16x16xi32, #blocked>) -> tensor<16x16xf16, #blocked> {
  %0 = ttg.convert_layout %arg0 : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #blocked1>
  %1 = tt.gather %0[%arg1] {axis = 0 : i32} : (tensor<16x16xf16, #blocked1>, tensor<16x16xi32, #blocked>) -> tensor<16x16xf16, #blocked>
  tt.return %1 : tensor<16x16xf16, #blocked>
}

// CHECK-LABEL: @gather_efficient_layout
// CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %arg0
// CHECK-NEXT: tt.gather %[[C]][%arg1] {axis = 0 : i32, efficient_layout} : (tensor<16x16xf16, #blocked1>
// Triton keeps: tensor<16x16xf16>
tt.func @gather_efficient_layout(%arg0: tensor<16x16xf16, #blocked>, %arg1: tensor<16x16xi32, #blocked>) -> tensor<16x16xf16, #blocked> {
  %0 = ttg.convert_layout %arg0 : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #blocked1>
  %1 = tt.gather %0[%arg1] {axis = 0 : i32, efficient_layout} : (tensor<16x16xf16, #blocked1>, tensor<16x16xi32, #blocked>) -> tensor<16x16xf16, #blocked>
  tt.return %1 : tensor<16x16xf16, #blocked>
}
}
