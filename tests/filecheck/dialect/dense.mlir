// Dense literals: a splat costs the same whatever its type's size (it is held as its one element
// past a million elements), prints as it read, and printing is a fixed point; a literal that does not
// fill its type is MLIR's located error (Triton 3.9 gives the same messages).
// RUN: layout-opt %s --split-input-file --verify-roundtrip | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @splats() {
    %0 = arith.constant dense<0> : tensor<2097152xi32>
    %1 = arith.constant dense<1> : tensor<1099511627776xi32>
    %2 = arith.constant dense<0x7FC00000> : tensor<2097152xf32>
    %3 = arith.constant dense<"0x003C"> : tensor<9223372036854775807xf16>
    %4 = arith.constant dense<-1.500000e+00> : tensor<1048576xf32, #blocked>
    %5 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %6 = arith.constant dense<true> : tensor<4194304xi1>
    tt.return
  }
}
// CHECK-LABEL: tt.func @splats()
// CHECK-NEXT:    %0 = arith.constant dense<0> : tensor<2097152xi32>
// CHECK-NEXT:    %1 = arith.constant dense<1> : tensor<1099511627776xi32>
// CHECK-NEXT:    %2 = arith.constant dense<0x7FC00000> : tensor<2097152xf32>
// CHECK-NEXT:    %3 = arith.constant dense<1.000000e+00> : tensor<9223372036854775807xf16>
// CHECK-NEXT:    %4 = arith.constant dense<-1.500000e+00> : tensor<1048576xf32, #blocked>
// CHECK-NEXT:    %5 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT:    %6 = arith.constant dense<true> : tensor<4194304xi1>
// CHECK-NEXT:    tt.return
