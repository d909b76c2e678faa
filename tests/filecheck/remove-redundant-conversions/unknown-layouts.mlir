// A layout the pass cannot read (an unregistered dialect's encoding) is left alone: a
// conversion from it stays, and no slice through it is rematerialised in another layout.
// RUN: layout-opt %s --split-input-file --allow-unregistered-dialect -p remove-redundant-conversions | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#user = #tlx.user_layout<#tlx.no_verify_layout<#blocked>>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  // CHECK-LABEL: @conversion_from_unknown_layout
  tt.func @conversion_from_unknown_layout(%arg0: tensor<128x64xf16, #user>) -> tensor<128x64xf16, #blocked> {
    // CHECK: %[[C:.*]] = ttg.convert_layout %arg0 : tensor<128x64xf16, #tlx.user_layout<{{.*}}>> -> tensor<128x64xf16, #blocked>
    // CHECK-NEXT: tt.return %[[C]]
    %0 = ttg.convert_layout %arg0 : tensor<128x64xf16, #user> -> tensor<128x64xf16, #blocked>
    tt.return %0 : tensor<128x64xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#user = #tlx.user_layout<#tlx.no_verify_layout<#blocked>>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  // CHECK-LABEL: @slice_through_unknown_layout
  tt.func @slice_through_unknown_layout(%arg0: tensor<128x64xf16, #user>) -> tensor<128x64xf16, #blocked1> {
    // CHECK: %[[S:.*]] = arith.addf %arg0, %arg0 : tensor<128x64xf16, #tlx.user_layout<{{.*}}>>
    // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[S]] : {{.*}} -> tensor<128x64xf16, #blocked{{[0-9]*}}>
    // CHECK-NEXT: tt.return %[[C]]
    %0 = arith.addf %arg0, %arg0 : tensor<128x64xf16, #user>
    %1 = ttg.convert_layout %0 : tensor<128x64xf16, #user> -> tensor<128x64xf16, #blocked1>
    tt.return %1 : tensor<128x64xf16, #blocked1>
  }
}

// -----

// A conversion to an encoding without a linear layout (Gluon's `#gluon.auto_encoding`)
// still folds into an op that can be built in any encoding, as Triton's
// `CanonicalizeConvertFromConvert` does: a splat constant, a splat, a make_range.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  // CHECK-LABEL: @fold_into_auto_encoding
  tt.func @fold_into_auto_encoding(%arg0: i32) -> (tensor<16xi32, #blocked1>, tensor<16xi32, #blocked1>) {
    // CHECK-NOT: ttg.convert_layout
    // CHECK-DAG: %[[C:.*]] = arith.constant dense<7> : tensor<16xi32, #gluon.auto_encoding>
    // CHECK-DAG: %[[S:.*]] = tt.splat %arg0 : i32 -> tensor<16xi32, #gluon.auto_encoding>
    // CHECK-DAG: %[[R:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #gluon.auto_encoding>
    // CHECK: arith.addi %[[C]], %[[S]]
    %0 = arith.constant dense<7> : tensor<16xi32, #blocked>
    %1 = ttg.convert_layout %0 : tensor<16xi32, #blocked> -> tensor<16xi32, #gluon.auto_encoding>
    %2 = tt.splat %arg0 : i32 -> tensor<16xi32, #blocked>
    %3 = ttg.convert_layout %2 : tensor<16xi32, #blocked> -> tensor<16xi32, #gluon.auto_encoding>
    %4 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #blocked>
    %5 = ttg.convert_layout %4 : tensor<16xi32, #blocked> -> tensor<16xi32, #gluon.auto_encoding>
    %6 = arith.addi %1, %3 : tensor<16xi32, #gluon.auto_encoding>
    %7 = gluon.set_auto_layout %6 : tensor<16xi32, #gluon.auto_encoding> -> tensor<16xi32, #blocked1>
    %8 = gluon.set_auto_layout %5 : tensor<16xi32, #gluon.auto_encoding> -> tensor<16xi32, #blocked1>
    tt.return %7, %8 : tensor<16xi32, #blocked1>, tensor<16xi32, #blocked1>
  }
}

// -----

// A broadcast is not rebuilt into an encoding without a linear layout: its operand's
// layout depends on the result's.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  // CHECK-LABEL: @broadcast_keeps_conversion_to_auto
  tt.func @broadcast_keeps_conversion_to_auto(%arg0: tensor<1x64xf32, #blocked>) -> tensor<32x64xf32, #blocked1> {
    // CHECK: tt.broadcast
    // CHECK-NEXT: ttg.convert_layout {{.*}} -> tensor<32x64xf32, #gluon.auto_encoding>
    %0 = tt.broadcast %arg0 : tensor<1x64xf32, #blocked> -> tensor<32x64xf32, #blocked>
    %1 = ttg.convert_layout %0 : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #gluon.auto_encoding>
    %2 = gluon.set_auto_layout %1 : tensor<32x64xf32, #gluon.auto_encoding> -> tensor<32x64xf32, #blocked1>
    tt.return %2 : tensor<32x64xf32, #blocked1>
  }
}
