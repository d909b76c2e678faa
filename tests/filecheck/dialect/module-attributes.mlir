// A tensor's layout must be written for the kernel's lanes, warps and CTAs: "ttg.threads-per-warp"
// (default 32), "ttg.num-warps" (from the nearest function or module) and "ttg.num-ctas" (default 1).
// RUN: layout-opt %s --split-input-file --verify-diagnostics | filecheck %s

#blocked16 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  %0 = "test.op"() : () -> tensor<32x32xf16, #blocked16>
}
// CHECK:      module-attributes.mlir:7:3: error: Result has an invalid layout: #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>. Layout has 16 threads per warp, but the module specifies 32 threads per warp.
// CHECK-NEXT:   %0 = "test.op"() : () -> tensor<32x32xf16, #blocked16>
// CHECK-NEXT:   ^

// -----

#blocked8 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  %0 = "test.op"() : () -> tensor<64x32xf16, #blocked8>
}
// CHECK: module-attributes.mlir:17:3: error: Result has an invalid layout: {{.*}}. Layout has 8 warps per CTA, but the context requires 4 warps per CTA.

// -----

// A function's "ttg.num-warps" overrides the module's, as in Triton's warp-specialized kernels.
#blocked4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked8 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @eight_warps() attributes {"ttg.num-warps" = 8 : i32} {
    %ok = "test.op"() : () -> tensor<64x32xf16, #blocked8>
    %bad = "test.op"() : () -> tensor<32x32xf16, #blocked4>
    func.return
  }
}
// CHECK: module-attributes.mlir:29:5: error: Result has an invalid layout: {{.*}}. Layout has 4 warps per CTA, but the context requires 8 warps per CTA.

// -----

// Slices and dot operands are written for their parent's warps.
#blocked8 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  %0 = "test.op"() : () -> tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked8}>>
}
// CHECK: module-attributes.mlir:40:3: error: Result has an invalid layout: #ttg.slice<{{.*}}>. Layout has 8 warps per CTA, but the context requires 4 warps per CTA.

// -----

// CGALayout = [[1, 0]] spreads the tensor over 2 CTAs; the module runs 1.
#cga = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  %0 = "test.op"() : () -> tensor<64x32xf16, #cga>
}
// CHECK: module-attributes.mlir:49:3: error: Result has an invalid layout: {{.*}}. Layout has 2 CTAs per CGA, but the context requires 1 CTAs per CGA.

// -----

// AMD MFMA layouts use 64-lane waves.
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942"} {
  %0 = "test.op"() : () -> tensor<64x64xf32, #mfma>
}
// CHECK: module-attributes.mlir:58:3: error: Result has an invalid layout: {{.*}}. Layout has 64 threads per warp, but the module specifies 32 threads per warp.

// -----

// An operand is named by its SSA name.
#blocked16 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @f(%arg: tensor<32x32xf16, #blocked16>) {
    %0 = ttg.convert_layout %arg : tensor<32x32xf16, #blocked16> -> tensor<32x32xf16, #blocked>
    func.return
  }
}
// CHECK: module-attributes.mlir:69:5: error: Operand 0 (%arg) has an invalid layout: {{.*}}. Layout has 16 threads per warp, but the module specifies 32 threads per warp.

// -----

// Layouts that fit their kernel verify and print.
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, "ttg.num-ctas" = 1 : i32} {
  %0 = "test.op"() : () -> tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #mfma, kWidth = 8}>>
}
// CHECK:      #mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
// CHECK-NEXT:   %0 = "test.op"() : () -> tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
