// The pass's CSE merges two equal reads across a write only where the write cannot touch what
// they read, as Triton 3.9's CSE (MLIR's) does: each op's effects name Triton's memory
// (global, shared, tensor), or MLIR's default resource, which those reads do not conflict with.
// The CHECK lines match what Triton 3.9 prints for this input after its CSE.
// RUN: layout-opt %s --split-input-file -p remove-redundant-conversions | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // A store to shared memory does not keep two loads of global memory apart.
  // CHECK-LABEL: tt.func @global_read_across_shared_write
  // CHECK-NEXT:    %[[L:.+]] = tt.load
  // CHECK-NEXT:    ttg.local_store
  // CHECK-NEXT:    tt.return %[[L]], %[[L]] :
  tt.func @global_read_across_shared_write(%p: tensor<128x!tt.ptr<f32>, #blocked>, %v: tensor<128xf32, #blocked>, %m: !ttg.memdesc<128xf32, #shared, #smem, mutable>) -> (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) {
    %0 = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    ttg.local_store %v, %m : tensor<128xf32, #blocked> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    %1 = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return %0, %1 : tensor<128xf32, #blocked>, tensor<128xf32, #blocked>
  }

  // A store to global memory does.
  // CHECK-LABEL: tt.func @global_read_across_global_write
  // CHECK-NEXT:    %[[L0:.+]] = tt.load
  // CHECK-NEXT:    tt.store
  // CHECK-NEXT:    %[[L1:.+]] = tt.load
  // CHECK-NEXT:    tt.return %[[L0]], %[[L1]] :
  tt.func @global_read_across_global_write(%p: tensor<128x!tt.ptr<f32>, #blocked>, %q: tensor<128x!tt.ptr<f32>, #blocked>, %v: tensor<128xf32, #blocked>) -> (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) {
    %0 = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    tt.store %q, %v : tensor<128x!tt.ptr<f32>, #blocked>
    %1 = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return %0, %1 : tensor<128xf32, #blocked>, tensor<128xf32, #blocked>
  }

  // A store to global memory does not keep two reads of shared memory apart.
  // CHECK-LABEL: tt.func @shared_read_across_global_write
  // CHECK-NEXT:    %[[L:.+]] = ttg.local_load
  // CHECK-NEXT:    tt.store
  // CHECK-NEXT:    tt.return %[[L]], %[[L]] :
  tt.func @shared_read_across_global_write(%m: !ttg.memdesc<128xf32, #shared, #smem, mutable>, %q: tensor<128x!tt.ptr<f32>, #blocked>, %v: tensor<128xf32, #blocked>) -> (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) {
    %0 = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #blocked>
    tt.store %q, %v : tensor<128x!tt.ptr<f32>, #blocked>
    %1 = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #blocked>
    tt.return %0, %1 : tensor<128xf32, #blocked>, tensor<128xf32, #blocked>
  }

  // Impure inline assembly reads and writes MLIR's default resource, disjoint from Triton's.
  // CHECK-LABEL: tt.func @global_read_across_default_write
  // CHECK-NEXT:    %[[L:.+]] = tt.load
  // CHECK-NEXT:    %[[A:.+]] = tt.elementwise_inline_asm
  // CHECK-NEXT:    tt.return %[[L]], %[[L]], %[[A]] :
  tt.func @global_read_across_default_write(%p: tensor<128x!tt.ptr<f32>, #blocked>, %x: tensor<128xi32, #blocked>) -> (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xi32, #blocked>) {
    %0 = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    %a = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %x : tensor<128xi32, #blocked> -> tensor<128xi32, #blocked>
    %1 = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return %0, %1, %a : tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xi32, #blocked>
  }
}

// -----

// Tensor memory: a store to shared memory does not keep two tensor-memory reads apart, a store
// to tensor memory does, and it does not keep two reads of shared memory apart.
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tensor_memory
  // CHECK-NEXT:    %[[T0:.+]] = ttng.tmem_load
  // CHECK-NEXT:    ttg.local_store
  // CHECK-NEXT:    %[[S:.+]] = ttg.local_load
  // CHECK-NEXT:    ttng.tmem_store
  // CHECK-NEXT:    %[[T1:.+]] = ttng.tmem_load
  // CHECK-NEXT:    tt.return %[[T0]], %[[T0]], %[[T1]], %[[S]], %[[S]] :
  tt.func @tensor_memory(%t: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %m: !ttg.memdesc<128x128xf32, #shared, #smem, mutable>, %v: tensor<128x128xf32, #blocked>, %pred: i1) -> (tensor<128x128xf32, #blocked>, tensor<128x128xf32, #blocked>, tensor<128x128xf32, #blocked>, tensor<128x128xf32, #blocked>, tensor<128x128xf32, #blocked>) {
    %0 = ttng.tmem_load %t : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    ttg.local_store %v, %m : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #shared, #smem, mutable>
    %1 = ttng.tmem_load %t : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %2 = ttg.local_load %m : !ttg.memdesc<128x128xf32, #shared, #smem, mutable> -> tensor<128x128xf32, #blocked>
    ttng.tmem_store %v, %t, %pred : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %3 = ttng.tmem_load %t : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %4 = ttg.local_load %m : !ttg.memdesc<128x128xf32, #shared, #smem, mutable> -> tensor<128x128xf32, #blocked>
    tt.return %0, %1, %3, %2, %4 : tensor<128x128xf32, #blocked>, tensor<128x128xf32, #blocked>, tensor<128x128xf32, #blocked>, tensor<128x128xf32, #blocked>, tensor<128x128xf32, #blocked>
  }
}
