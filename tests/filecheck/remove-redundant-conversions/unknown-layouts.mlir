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
