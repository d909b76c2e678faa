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

#j = #ttg.blocked<{sizePerThread = [1, 8, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @combine_and_elementwise
// CHECK-NEXT: %0 = tt.join %a, %a : tensor<16x32xf16, #[[$A2:.+]]> -> tensor<16x32x2xf16, #[[$J:.+]]>
// CHECK-NEXT: %1, %2 = tt.split %0 : tensor<16x32x2xf16, #[[$J]]> -> tensor<16x32xf16, #[[$A2]]>
// CHECK-NEXT: %3 = tt.cat %x, %x : tensor<256xi32, #[[$R2:.+]]> -> tensor<512xi32, #[[$R2]]>
// CHECK-NEXT: %4 = tt.bitcast %a : tensor<16x32xf16, #[[$A2]]> -> tensor<16x32xi16, #[[$A2]]>
// CHECK-NEXT: %5 = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<256xi32, #[[$R2]]> -> tensor<256xi32, #[[$R2]]>
// CHECK-NEXT: %6 = tt.extern_elementwise %a {libname = "libdevice", libpath = "", symbol = "__nv_exp2f", pure = true} : (tensor<16x32xf16, #[[$A2]]>) -> tensor<16x32xf16, #[[$A2]]>
// CHECK-NEXT: %7 = scf.if %c -> (tensor<256xi32, #[[$R2]]>) {
// CHECK:      %8 = scf.for %i = %lo to %hi step %lo iter_args(%acc = %x) -> (tensor<256xi32, #[[$R2]]>) : i32 {
// CHECK:      tt.print "x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<256xi32, #[[$R2]]>
// CHECK-NEXT: tt.assert %c, "c must hold" : i1
tt.func @combine_and_elementwise(%a: tensor<16x32xf16, #a>, %x: tensor<256xi32, #r>, %c: i1, %lo: i32, %hi: i32) {
  %0 = tt.join %a, %a : tensor<16x32xf16, #a> -> tensor<16x32x2xf16, #j>
  %1, %2 = tt.split %0 : tensor<16x32x2xf16, #j> -> tensor<16x32xf16, #a>
  %3 = tt.cat %x, %x : tensor<256xi32, #r> -> tensor<512xi32, #r>
  %4 = tt.bitcast %a : tensor<16x32xf16, #a> -> tensor<16x32xi16, #a>
  %5 = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<256xi32, #r> -> tensor<256xi32, #r>
  %6 = tt.extern_elementwise %a {libname = "libdevice", libpath = "", symbol = "__nv_exp2f", pure = true} : (tensor<16x32xf16, #a>) -> tensor<16x32xf16, #a>
  %7 = scf.if %c -> tensor<256xi32, #r> {
    scf.yield %x : tensor<256xi32, #r>
  } else {
    scf.yield %5 : tensor<256xi32, #r>
  }
  %8 = scf.for %i = %lo to %hi step %lo iter_args(%acc = %x) -> tensor<256xi32, #r> : i32 {
    scf.yield %acc : tensor<256xi32, #r>
  }
  tt.print "x: " { hex = false, isSigned = array<i32: 1> } : %x : tensor<256xi32, #r>
  tt.assert %c, "c must hold" : i1
  tt.return
}
}
