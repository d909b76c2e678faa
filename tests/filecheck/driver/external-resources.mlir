// A reproducer's {-# external_resources #-} block is read and dropped, as mlir-opt does.
// RUN: layout-opt %s | filecheck %s
// CHECK: tt.func public @kernel
// CHECK-NOT: external_resources
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @kernel() {
    tt.return
  }
}

{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(convert-triton-gpu-to-llvm{compute-capability=90})",
      disable_threading: false,
      verify_each: false
    }
  }
#-}
