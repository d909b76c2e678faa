// A hexadecimal literal in a float tensor is the element's bit pattern, as in MLIR:
// softmax dumps start from dense<0xFF800000> (-inf).  Infinities and NaNs print back
// in MLIR's spelling, and a NaN splat stays a splat.
// RUN: layout-opt %s --verify-roundtrip | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @special_values
// CHECK-NEXT: arith.constant dense<0xFF800000> : tensor<512xf32, #blocked>
// CHECK-NEXT: arith.constant dense<0x7FC00000> : tensor<512xf32, #blocked>
// CHECK-NEXT: arith.constant dense<0xFC00> : tensor<512xf16, #blocked>
// CHECK-NEXT: arith.constant dense<0x7F80> : tensor<512xbf16, #blocked>
// CHECK-NEXT: arith.constant dense<1.000000e+00> : tensor<512xf16, #blocked>
// CHECK-NEXT: arith.constant dense<-1> : tensor<512xi32, #blocked>
// CHECK-NEXT: arith.constant 0xFF800000 : f32
tt.func @special_values() {
  %neg_inf = arith.constant dense<0xFF800000> : tensor<512xf32, #blocked>
  %nan = arith.constant dense<0x7fc00000> : tensor<512xf32, #blocked>
  %neg_inf_f16 = arith.constant dense<0xFC00> : tensor<512xf16, #blocked>
  %inf_bf16 = arith.constant dense<0x7F80> : tensor<512xbf16, #blocked>
  %one_f16 = arith.constant dense<0x3C00> : tensor<512xf16, #blocked>
  %all_ones = arith.constant dense<0xFFFFFFFF> : tensor<512xi32, #blocked>
  %scalar = arith.constant 0xFF800000 : f32
  tt.return
}
}

