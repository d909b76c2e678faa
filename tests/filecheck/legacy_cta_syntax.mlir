// Triton before 3.5 wrote an encoding's CGA as CTAsPerCGA/CTASplitNum/CTAOrder; they read as those
// versions meant them (for each dim in CTAOrder, its split bits, then its copies), with a remark at
// the first legacy key, and print as today's CGALayout; all three go together.
// RUN: layout-opt %s 2>&1 | filecheck %s
// RUN: layout-opt %s 2>/dev/null | layout-opt 2>&1 | filecheck %s --check-prefix=AGAIN
// RUN: sed -e 's/CTASplitNum = \[2, 1\], //' %s | not layout-opt - 2>&1 | filecheck %s --check-prefix=PARTIAL

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [1, 0], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [1, 1], CTAOrder = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @legacy(%x: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// CHECK:      legacy_cta_syntax.mlir:8:113: remark: read the legacy CTAsPerCGA/CTASplitNum/CTAOrder as CGALayout = [[1, 0]]
// CHECK-NEXT: legacy_cta_syntax.mlir:9:83: remark: read the legacy CTAsPerCGA/CTASplitNum/CTAOrder as CGALayout = [[0, 1]]
// CHECK-NEXT: legacy_cta_syntax.mlir:10:86: remark: read the legacy CTAsPerCGA/CTASplitNum/CTAOrder as CGALayout = [[0, 0]]
// CHECK:      #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[0, 1]], instrShape = [16, 8]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[0, 0]]}>
// CHECK:      tt.func @legacy(%x: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>)

// AGAIN-NOT:  remark
// AGAIN:      CGALayout = [[1, 0]]
// AGAIN-NOT:  CTAsPerCGA

// PARTIAL:      <stdin>:8:113: error: the legacy CTAsPerCGA, CTASplitNum and CTAOrder go together: CTAsPerCGA and CTAOrder without CTASplitNum
// PARTIAL-NEXT: #blocked = #ttg.blocked<{{.*}}, CTAsPerCGA = [2, 1], CTAOrder = [1, 0]}>
// PARTIAL-NEXT: {{^ +}}^^^^^^^^^^{{$}}
