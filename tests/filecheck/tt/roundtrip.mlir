// tt ops print as Triton prints them, and what they print parses back to the same text.
// RUN: layout-opt %s | filecheck %s
// RUN: layout-opt %s | layout-opt | filecheck %s

#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#r = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @data_indexed
// CHECK-NEXT: %0 = tt.histogram %x : tensor<256xi32, #[[$R:.+]]> -> tensor<64xi32, #[[$R]]>
// CHECK-NEXT: %1 = tt.histogram %x, %m : tensor<256xi32, #[[$R]]> -> tensor<64xi32, #[[$R]]>
// CHECK-NEXT: %2 = tt.gather %s[%i] {axis = 1 : i32} : (tensor<16x32xf16, #[[$A:.+]]>, tensor<16x8xi32, #[[$A]]>) -> tensor<16x8xf16, #[[$A]]>
// CHECK-NEXT: %3 = tt.gather %s[%i] {axis = 1 : i32, efficient_layout} : (tensor<16x32xf16, #[[$A]]>, tensor<16x8xi32, #[[$A]]>) -> tensor<16x8xf16, #[[$A]]>
tt.func @data_indexed(%x: tensor<256xi32, #r>, %m: tensor<256xi1, #r>, %s: tensor<16x32xf16, #a>, %i: tensor<16x8xi32, #a>) {
  %0 = tt.histogram %x : tensor<256xi32, #r> -> tensor<64xi32, #r>
  %1 = tt.histogram %x, %m : tensor<256xi32, #r> -> tensor<64xi32, #r>
  %2 = tt.gather %s[%i] {axis = 1 : i32} : (tensor<16x32xf16, #a>, tensor<16x8xi32, #a>) -> tensor<16x8xf16, #a>
  %3 = tt.gather %s[%i] {axis = 1 : i32, efficient_layout} : (tensor<16x32xf16, #a>, tensor<16x8xi32, #a>) -> tensor<16x8xf16, #a>
  tt.return
}
}
