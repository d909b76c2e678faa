// The same conversion done on fp32 after an arith.extf instead of on the fp16 values
// before it, as reported publicly against Triton: the fp32 conversion moved twice the
// bytes and cost about twice as much.  Here f16 values are loaded, widened and converted
// to a tf32 dot's operand layout.  The model prices the fp32 conversion at more than twice
// the f16 one, and assign-layouts, like Triton 3.9, converts the f16 values and widens
// them in the operand layout.
// RUN: layout-opt %s -p assign-layouts 2>/dev/null | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @widened_operand(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: tensor<32x128xf32, #b>) -> tensor<128x128xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %pitch = arith.constant dense<32> : tensor<128x1xi32, #blocked>
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %rows = arith.muli %re, %pitch : tensor<128x1xi32, #blocked>
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %rb = tt.broadcast %rows : tensor<128x1xi32, #blocked> -> tensor<128x32xi32, #blocked>
    %cb = tt.broadcast %ce : tensor<1x32xi32, #blocked> -> tensor<128x32xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<128x32xi32, #blocked>
    %base = tt.splat %x : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %base, %offs : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
    %h = tt.load %ptrs : tensor<128x32x!tt.ptr<f16>, #blocked>
    %w = arith.extf %h : tensor<128x32xf16, #blocked> to tensor<128x32xf32, #blocked>
    %wa = ttg.convert_layout %w : tensor<128x32xf32, #blocked> -> tensor<128x32xf32, #a>
    %d = tt.dot %wa, %b, %zero, inputPrecision = tf32 : tensor<128x32xf32, #a> * tensor<32x128xf32, #b> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}

// CHECK:      tt.func @widened_operand({{.*}}status = "optimal"
// CHECK:      %[[H:.+]] = tt.load %{{.+}} : tensor<128x32x!tt.ptr<f16>, #[[BLOCKED:.+]]>
// CHECK-NEXT: %[[HA:.+]] = ttg.convert_layout %[[H]] : tensor<128x32xf16, #[[BLOCKED]]> -> tensor<128x32xf16, #[[A:ttg.dot_op<{opIdx = 0, .+}>]]>
// CHECK-NEXT: %[[W:.+]] = arith.extf %[[HA]] : tensor<128x32xf16, #[[A]]> to tensor<128x32xf32, #[[A]]>
// CHECK-NOT:  ttg.convert_layout
// CHECK:      tt.dot %[[W]], %{{.+}}
