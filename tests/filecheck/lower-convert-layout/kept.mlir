// What the pass cannot lower stays, with a remark at the op that says why (an element type of no
// fixed width). The rest is lowered.
// RUN: layout-opt %s -p 'lower-convert-layout{verify=true}' 2>&1 | filecheck %s

#ship = #ttg.blocked<{sizePerThread = [32, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
#shipped = #ttg.blocked<{sizePerThread = [16, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @mixed(%c: tensor<128x32xcomplex<f32>, #ship>, %d: tensor<128x32xf16, #ship>) {
    %complex = ttg.convert_layout %c : tensor<128x32xcomplex<f32>, #ship> -> tensor<128x32xcomplex<f32>, #shipped>
    %shipped = ttg.convert_layout %d : tensor<128x32xf16, #ship> -> tensor<128x32xf16, #shipped>
    func.return
  }
}
// CHECK:      {{.*}}kept.mlir:9:5: remark: the conversion cannot be planned: type complex<f32> has no fixed bit width; kept
// CHECK-LABEL: func.func @mixed
// CHECK-NEXT:  %complex = ttg.convert_layout %c
// CHECK-NOT:   ttg.convert_layout
// CHECK:       gpu.shuffle xor
