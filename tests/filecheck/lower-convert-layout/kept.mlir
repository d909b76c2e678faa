// What the pass cannot lower stays, each with a remark at the op that says why: an element type of no
// fixed width, and a conversion whose data move between the CTAs of a cluster. The rest is lowered.
// RUN: layout-opt %s -p 'lower-convert-layout{verify=true}' 2>&1 | filecheck %s

#ship = #ttg.blocked<{sizePerThread = [32, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
#shipped = #ttg.blocked<{sizePerThread = [16, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]}>
#cta0 = #ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = [[4, 0]]}>
#cta1 = #ttg.linear<{register = [[4, 0]], lane = [[1, 0], [2, 0]], warp = [], block = [[0, 1]]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @mixed(%c: tensor<128x32xcomplex<f32>, #ship>, %d: tensor<128x32xf16, #ship>) {
    %complex = ttg.convert_layout %c : tensor<128x32xcomplex<f32>, #ship> -> tensor<128x32xcomplex<f32>, #shipped>
    %shipped = ttg.convert_layout %d : tensor<128x32xf16, #ship> -> tensor<128x32xf16, #shipped>
    func.return
  }
}
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32, "ttg.num-ctas" = 2 : i32} {
  func.func @cluster(%x: tensor<8x2xf32, #cta0>) -> tensor<8x2xf32, #cta1> {
    %y = ttg.convert_layout %x : tensor<8x2xf32, #cta0> -> tensor<8x2xf32, #cta1>
    func.return %y : tensor<8x2xf32, #cta1>
  }
}
// CHECK:      {{.*}}kept.mlir:11:5: remark: the conversion cannot be planned: type complex<f32> has no fixed bit width; kept
// CHECK-NEXT: {{.*}}kept.mlir:18:5: remark: cross-CTA conversion needs distributed shared memory (data crosses CTAs); kept
// CHECK-LABEL: func.func @mixed
// CHECK-NEXT:  %complex = ttg.convert_layout %c
// CHECK-NOT:   ttg.convert_layout
// CHECK:       gpu.shuffle xor
// CHECK-LABEL: func.func @cluster
// CHECK-NEXT:  %y = ttg.convert_layout %x
