// ttng.packed_arith reads and prints as Triton 3.9 prints it, for each family of packed PTX instructions; printing is
// a fixed point.
// RUN: layout-opt %s --split-input-file --verify-roundtrip | filecheck %s

// Two 32-bit or 16-bit lanes per register, same types in and out (f32x2, f16x2, bf16x2), and mixed precisions.
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @x2(%a: tensor<128x2xf32, #blocked>, %b: tensor<128x2xf32, #blocked>, %h: tensor<128x2xf16, #blocked>, %g: tensor<128x2xbf16, #blocked>) {
    %add = ttng.packed_arith add %a, %b : (tensor<128x2xf32, #blocked>, tensor<128x2xf32, #blocked>) -> tensor<128x2xf32, #blocked>
    %fma = ttng.packed_arith fma %add, %b, %a {tag} : (tensor<128x2xf32, #blocked>, tensor<128x2xf32, #blocked>, tensor<128x2xf32, #blocked>) -> tensor<128x2xf32, #blocked>
    %min = ttng.packed_arith min %h, %h : (tensor<128x2xf16, #blocked>, tensor<128x2xf16, #blocked>) -> tensor<128x2xf16, #blocked>
    %max = ttng.packed_arith max %g, %g : (tensor<128x2xbf16, #blocked>, tensor<128x2xbf16, #blocked>) -> tensor<128x2xbf16, #blocked>
    %up = ttng.packed_arith sub %h, %fma : (tensor<128x2xf16, #blocked>, tensor<128x2xf32, #blocked>) -> tensor<128x2xf32, #blocked>
    %down = ttng.packed_arith mul %a, %b : (tensor<128x2xf32, #blocked>, tensor<128x2xf32, #blocked>) -> tensor<128x2xbf16, #blocked>
    %mixed = ttng.packed_arith mul %h, %g : (tensor<128x2xf16, #blocked>, tensor<128x2xbf16, #blocked>) -> tensor<128x2xf16, #blocked>
    tt.return
  }
}
// CHECK-LABEL: tt.func @x2
// CHECK-NEXT:    %add = ttng.packed_arith add %a, %b : (tensor<128x2xf32, #blocked>, tensor<128x2xf32, #blocked>) -> tensor<128x2xf32, #blocked>
// CHECK-NEXT:    %fma = ttng.packed_arith fma %add, %b, %a {tag} : (tensor<128x2xf32, #blocked>, tensor<128x2xf32, #blocked>, tensor<128x2xf32, #blocked>) -> tensor<128x2xf32, #blocked>
// CHECK-NEXT:    %min = ttng.packed_arith min %h, %h : (tensor<128x2xf16, #blocked>, tensor<128x2xf16, #blocked>) -> tensor<128x2xf16, #blocked>
// CHECK-NEXT:    %max = ttng.packed_arith max %g, %g : (tensor<128x2xbf16, #blocked>, tensor<128x2xbf16, #blocked>) -> tensor<128x2xbf16, #blocked>
// CHECK-NEXT:    %up = ttng.packed_arith sub %h, %fma : (tensor<128x2xf16, #blocked>, tensor<128x2xf32, #blocked>) -> tensor<128x2xf32, #blocked>
// CHECK-NEXT:    %down = ttng.packed_arith mul %a, %b : (tensor<128x2xf32, #blocked>, tensor<128x2xf32, #blocked>) -> tensor<128x2xbf16, #blocked>
// CHECK-NEXT:    %mixed = ttng.packed_arith mul %h, %g : (tensor<128x2xf16, #blocked>, tensor<128x2xbf16, #blocked>) -> tensor<128x2xf16, #blocked>
// CHECK-NEXT:    tt.return

// -----

// Four 8-bit lanes (e4m3x4, e5m2x4, ue8m0x4) and fp4 pairs in i8, which halve the result's dim 1 (blocked layouts)
// or dim 0.
#packed = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#fp4 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#result = #ttg.blocked<{sizePerThread = [4, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#fp4_0 = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @x4(%e4: tensor<128x4xf8E4M3FN, #packed>, %e5: tensor<128x4xf8E5M2, #packed>, %u: tensor<128x4xf8E8M0FNU, #packed>,
              %p: tensor<128x2xi8, #fp4>, %q: tensor<2x256xi8, #fp4_0>, %r: tensor<4x256xf8E4M3FN, #result>) {
    %add = ttng.packed_arith add %e5, %e4 : (tensor<128x4xf8E5M2, #packed>, tensor<128x4xf8E4M3FN, #packed>) -> tensor<128x4xf8E4M3FN, #packed>
    %mul = ttng.packed_arith mul %p, %p : (tensor<128x2xi8, #fp4>, tensor<128x2xi8, #fp4>) -> tensor<128x4xf8E4M3FN, #packed>
    %fma = ttng.packed_arith fma %u, %p, %e4 : (tensor<128x4xf8E8M0FNU, #packed>, tensor<128x2xi8, #fp4>, tensor<128x4xf8E4M3FN, #packed>) -> tensor<128x4xf8E4M3FN, #packed>
    %axis0 = ttng.packed_arith sub %q, %r : (tensor<2x256xi8, #fp4_0>, tensor<4x256xf8E4M3FN, #result>) -> tensor<4x256xf8E4M3FN, #result>
    tt.return
  }
}
// CHECK-LABEL: tt.func @x4
// CHECK-NEXT:    %add = ttng.packed_arith add %e5, %e4 : (tensor<128x4xf8E5M2, #blocked>, tensor<128x4xf8E4M3FN, #blocked>) -> tensor<128x4xf8E4M3FN, #blocked>
// CHECK-NEXT:    %mul = ttng.packed_arith mul %p, %p : (tensor<128x2xi8, #blocked1>, tensor<128x2xi8, #blocked1>) -> tensor<128x4xf8E4M3FN, #blocked>
// CHECK-NEXT:    %fma = ttng.packed_arith fma %u, %p, %e4 : (tensor<128x4xf8E8M0FNU, #blocked>, tensor<128x2xi8, #blocked1>, tensor<128x4xf8E4M3FN, #blocked>) -> tensor<128x4xf8E4M3FN, #blocked>
// CHECK-NEXT:    %axis0 = ttng.packed_arith sub %q, %r : (tensor<2x256xi8, #blocked2>, tensor<4x256xf8E4M3FN, #blocked3>) -> tensor<4x256xf8E4M3FN, #blocked3>
// CHECK-NEXT:    tt.return

// -----

// Linear layouts: any register order, and broadcast registers, as long as each thread holds whole registers.
#perm = #ttg.linear<{register = [[2], [1]], lane = [[4], [8], [16], [32], [64]], warp = [[128], [256]], block = []}>
#bcast = #ttg.linear<{register = [[0], [1]], lane = [[2], [4], [8], [16], [32]], warp = [[64], [128]], block = []}>
#fp4 = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], warp = [[64], [128]], block = []}>
#canonical = #ttg.linear<{register = [[1], [2]], lane = [[4], [8], [16], [32], [64]], warp = [[128], [256]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @linear(%a: tensor<512xf32, #perm>, %b: tensor<256xf32, #bcast>, %p: tensor<256xi8, #fp4>, %c: tensor<512xf8E4M3FN, #canonical>) {
    %perm = ttng.packed_arith add %a, %a : (tensor<512xf32, #perm>, tensor<512xf32, #perm>) -> tensor<512xf32, #perm>
    %bcast = ttng.packed_arith mul %b, %b : (tensor<256xf32, #bcast>, tensor<256xf32, #bcast>) -> tensor<256xf32, #bcast>
    %fp4 = ttng.packed_arith add %p, %c : (tensor<256xi8, #fp4>, tensor<512xf8E4M3FN, #canonical>) -> tensor<512xf8E4M3FN, #canonical>
    tt.return
  }
}
// CHECK-LABEL: tt.func @linear
// CHECK-NEXT:    %perm = ttng.packed_arith add %a, %a : (tensor<512xf32, #linear>, tensor<512xf32, #linear>) -> tensor<512xf32, #linear>
// CHECK-NEXT:    %bcast = ttng.packed_arith mul %b, %b : (tensor<256xf32, #linear1>, tensor<256xf32, #linear1>) -> tensor<256xf32, #linear1>
// CHECK-NEXT:    %fp4 = ttng.packed_arith add %p, %c : (tensor<256xi8, #linear2>, tensor<512xf8E4M3FN, #linear3>) -> tensor<512xf8E4M3FN, #linear3>
// CHECK-NEXT:    tt.return
