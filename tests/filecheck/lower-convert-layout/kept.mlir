// Conversions that need shared memory are kept, each with a remark at the op that says why; the rest of the
// function is still lowered. With a budget of two register-lane transpositions the intra-warp transpose
// takes shuffles instead (Triton's rule allows one).
// RUN: layout-opt %s -p lower-convert-layout 2>&1 | filecheck %s
// RUN: layout-opt %s -p 'lower-convert-layout{max-mixed-transpositions=2 verify=true}' 2>&1 | filecheck %s --check-prefix=BUDGET

#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#wide = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#tall = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]}>
#ship = #ttg.blocked<{sizePerThread = [32, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
#shipped = #ttg.blocked<{sizePerThread = [16, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @mixed(%a: tensor<128x64xf16, #row>, %b: tensor<32x32xf32, #wide>, %c: tensor<128x32xcomplex<f32>, #ship>,
                   %d: tensor<128x32xf16, #ship>) {
    %across = ttg.convert_layout %a : tensor<128x64xf16, #row> -> tensor<128x64xf16, #col>
    %within = ttg.convert_layout %b : tensor<32x32xf32, #wide> -> tensor<32x32xf32, #tall>
    %complex = ttg.convert_layout %c : tensor<128x32xcomplex<f32>, #ship> -> tensor<128x32xcomplex<f32>, #shipped>
    %shipped = ttg.convert_layout %d : tensor<128x32xf16, #ship> -> tensor<128x32xf16, #shipped>
    func.return
  }
}
// CHECK:      {{.*}}kept.mlir:16:5: remark: cross-warp conversion needs shared memory (data crosses warps); left in place until the shared-memory lowering lands
// CHECK-NEXT: {{.*}}kept.mlir:17:5: remark: intra-warp conversion needs shared memory (2 register-lane transpositions; shuffles take at most 1); left in place until the shared-memory lowering lands
// CHECK-NEXT: {{.*}}kept.mlir:18:5: remark: the conversion cannot be planned: type complex<f32> has no fixed bit width; kept
// CHECK-LABEL: func.func @mixed
// CHECK-NEXT:  %across = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked{{[0-9]+}}>
// CHECK-NEXT:  %within = ttg.convert_layout %b : tensor<32x32xf32, #blocked1> -> tensor<32x32xf32, #blocked{{[0-9]+}}>
// CHECK-NEXT:  %complex = ttg.convert_layout %c
// CHECK-NOT:   ttg.convert_layout
// CHECK:       gpu.shuffle xor
// CHECK-NOT:   ttg.convert_layout

// BUDGET:      {{.*}}kept.mlir:16:5: remark: cross-warp conversion
// BUDGET-NEXT: {{.*}}kept.mlir:18:5: remark: the conversion cannot be planned
// BUDGET-LABEL: func.func @mixed
// BUDGET:       ttg.convert_layout %a
// BUDGET-NOT:   ttg.convert_layout %b
// BUDGET:       ttg.convert_layout %c
// BUDGET-NOT:   ttg.convert_layout
