// An scf.execute_region has the effects of its body (MLIR's RecursiveMemoryEffects): one
// whose body only reads and whose result nobody uses is dead, and the passes erase it, as
// Triton 3.9's do; one that stores stays.
// RUN: layout-opt %s -p remove-redundant-conversions | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: @regions
  // CHECK-NOT:     tt.load
  // CHECK-NOT:     ttg.local_load
  // CHECK:         scf.execute_region no_inline {
  // CHECK:           ttg.local_store
  // CHECK-NEXT:      scf.yield
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return
  tt.func @regions(%ptr: tensor<256x64x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<256x64xf16, #shared, #smem, mutable>) {
    %read = scf.execute_region -> tensor<256x64xf16, #blocked> no_inline {
      %data = tt.load %ptr : tensor<256x64x!tt.ptr<f16>, #blocked>
      %old = ttg.local_load %buf : !ttg.memdesc<256x64xf16, #shared, #smem, mutable> -> tensor<256x64xf16, #blocked>
      %sum = arith.addf %data, %old : tensor<256x64xf16, #blocked>
      scf.yield %sum : tensor<256x64xf16, #blocked>
    }
    scf.execute_region no_inline {
      %zero = arith.constant dense<0.0> : tensor<256x64xf16, #blocked>
      ttg.local_store %zero, %buf : tensor<256x64xf16, #blocked> -> !ttg.memdesc<256x64xf16, #shared, #smem, mutable>
      scf.yield
    }
    tt.return
  }
}
