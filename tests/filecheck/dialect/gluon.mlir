// Gluon's placeholder encodings (#gluon.auto_encoding, #gluon.coalesced_encoding) and gluon.set_auto_layout read and
// print as Triton 3.9 prints them; printing is a fixed point.
// RUN: layout-opt %s --split-input-file --verify-roundtrip | filecheck %s

// Auto-encoded tensors flow through shape-changing ops, control flow and conversions; set_auto_layout fixes them.
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @auto(%cond: i1) -> tensor<8x16xi32, #blocked> {
    %x = arith.constant dense<7> : tensor<16xi32, #gluon.auto_encoding>
    %y = tt.expand_dims %x {axis = 0 : i32} : tensor<16xi32, #gluon.auto_encoding> -> tensor<1x16xi32, #gluon.auto_encoding>
    %z = tt.broadcast %y : tensor<1x16xi32, #gluon.auto_encoding> -> tensor<8x16xi32, #gluon.auto_encoding>
    %w = scf.if %cond -> (tensor<8x16xi32, #gluon.auto_encoding>) {
      scf.yield %z : tensor<8x16xi32, #gluon.auto_encoding>
    } else {
      %sum = arith.addi %z, %z : tensor<8x16xi32, #gluon.auto_encoding>
      scf.yield %sum : tensor<8x16xi32, #gluon.auto_encoding>
    }
    %r = gluon.set_auto_layout %w : tensor<8x16xi32, #gluon.auto_encoding> -> tensor<8x16xi32, #blocked>
    %c = arith.constant dense<1> : tensor<16xi32, #blocked1>
    %a = ttg.convert_layout %c : tensor<16xi32, #blocked1> -> tensor<16xi32, #gluon.auto_encoding>
    %b = gluon.set_auto_layout %a {tag} : tensor<16xi32, #gluon.auto_encoding> -> tensor<16xi32, #blocked1>
    tt.return %r : tensor<8x16xi32, #blocked>
  }
}
// CHECK:       #blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT:  #blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @auto
// CHECK-NEXT:    %x = arith.constant dense<7> : tensor<16xi32, #gluon.auto_encoding>
// CHECK-NEXT:    %y = tt.expand_dims %x {axis = 0 : i32} : tensor<16xi32, #gluon.auto_encoding> -> tensor<1x16xi32, #gluon.auto_encoding>
// CHECK-NEXT:    %z = tt.broadcast %y : tensor<1x16xi32, #gluon.auto_encoding> -> tensor<8x16xi32, #gluon.auto_encoding>
// CHECK-NEXT:    %w = scf.if %cond -> (tensor<8x16xi32, #gluon.auto_encoding>) {
// CHECK:         %r = gluon.set_auto_layout %w : tensor<8x16xi32, #gluon.auto_encoding> -> tensor<8x16xi32, #blocked>
// CHECK-NEXT:    %c = arith.constant dense<1> : tensor<16xi32, #blocked1>
// CHECK-NEXT:    %a = ttg.convert_layout %c : tensor<16xi32, #blocked1> -> tensor<16xi32, #gluon.auto_encoding>
// CHECK-NEXT:    %b = gluon.set_auto_layout %a {tag} : tensor<16xi32, #gluon.auto_encoding> -> tensor<16xi32, #blocked1>
// CHECK-NEXT:    tt.return %r : tensor<8x16xi32, #blocked>

// -----

// A coalesced placeholder is what set_auto_layout may resolve to; loads, stores and elementwise ops take it.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @coalesced(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %mask = arith.constant dense<true> : tensor<128x256xi1, #gluon.auto_encoding>
    %ptrs = tt.splat %in : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #gluon.auto_encoding>
    %p = gluon.set_auto_layout %ptrs : tensor<128x256x!tt.ptr<f32>, #gluon.auto_encoding> -> tensor<128x256x!tt.ptr<f32>, #gluon.coalesced_encoding>
    %m = gluon.set_auto_layout %mask : tensor<128x256xi1, #gluon.auto_encoding> -> tensor<128x256xi1, #gluon.coalesced_encoding>
    %v = tt.load %p, %m : tensor<128x256x!tt.ptr<f32>, #gluon.coalesced_encoding>
    %s = math.sin %v : tensor<128x256xf32, #gluon.coalesced_encoding>
    tt.store %p, %s, %m : tensor<128x256x!tt.ptr<f32>, #gluon.coalesced_encoding>
    tt.return
  }
}
// CHECK-LABEL: tt.func public @coalesced
// CHECK-NEXT:    %mask = arith.constant dense<true> : tensor<128x256xi1, #gluon.auto_encoding>
// CHECK-NEXT:    %ptrs = tt.splat %in : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #gluon.auto_encoding>
// CHECK-NEXT:    %p = gluon.set_auto_layout %ptrs : tensor<128x256x!tt.ptr<f32>, #gluon.auto_encoding> -> tensor<128x256x!tt.ptr<f32>, #gluon.coalesced_encoding>
// CHECK-NEXT:    %m = gluon.set_auto_layout %mask : tensor<128x256xi1, #gluon.auto_encoding> -> tensor<128x256xi1, #gluon.coalesced_encoding>
// CHECK-NEXT:    %v = tt.load %p, %m : tensor<128x256x!tt.ptr<f32>, #gluon.coalesced_encoding>
// CHECK-NEXT:    %s = math.sin %v : tensor<128x256xf32, #gluon.coalesced_encoding>
// CHECK-NEXT:    tt.store %p, %s, %m : tensor<128x256x!tt.ptr<f32>, #gluon.coalesced_encoding>
// CHECK-NEXT:    tt.return
