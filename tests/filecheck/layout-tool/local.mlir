// `layout-tool plan` gives the width and wavefronts of every local_alloc, local_load and local_store.
// The nine stores match Triton 3.9's gluon `bank_conflicts` for a 128x64 f16 tensor (the excess
// wavefronts per wavefront: 7 is 8-way).
// RUN: layout-tool plan %s | filecheck %s
// RUN: layout-tool plan %s --json | filecheck %s --check-prefix=JSON

#rowlane = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#rowmajor = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#colmajor = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @f(%rowlane: tensor<128x64xf16, #rowlane>, %rowmajor: tensor<128x64xf16, #rowmajor>, %colmajor: tensor<128x64xf16, #colmajor>) {
    %rowlane_plain = ttg.local_alloc %rowlane : (tensor<128x64xf16, #rowlane>) -> !ttg.memdesc<128x64xf16, #plain, #smem, mutable>
    %rowmajor_plain = ttg.local_alloc %rowmajor : (tensor<128x64xf16, #rowmajor>) -> !ttg.memdesc<128x64xf16, #plain, #smem, mutable>
    %colmajor_plain = ttg.local_alloc %colmajor : (tensor<128x64xf16, #colmajor>) -> !ttg.memdesc<128x64xf16, #plain, #smem, mutable>
    %rowlane_swizzled = ttg.local_alloc %rowlane : (tensor<128x64xf16, #rowlane>) -> !ttg.memdesc<128x64xf16, #swizzled, #smem, mutable>
    %rowmajor_swizzled = ttg.local_alloc %rowmajor : (tensor<128x64xf16, #rowmajor>) -> !ttg.memdesc<128x64xf16, #swizzled, #smem, mutable>
    %colmajor_swizzled = ttg.local_alloc %colmajor : (tensor<128x64xf16, #colmajor>) -> !ttg.memdesc<128x64xf16, #swizzled, #smem, mutable>
    %rowlane_nvmma = ttg.local_alloc %rowlane : (tensor<128x64xf16, #rowlane>) -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    %rowmajor_nvmma = ttg.local_alloc %rowmajor : (tensor<128x64xf16, #rowmajor>) -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    %colmajor_nvmma = ttg.local_alloc %colmajor : (tensor<128x64xf16, #colmajor>) -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    %back = ttg.local_load %rowlane_swizzled : !ttg.memdesc<128x64xf16, #swizzled, #smem, mutable> -> tensor<128x64xf16, #colmajor>
    ttg.local_store %rowmajor, %rowlane_nvmma : tensor<128x64xf16, #rowmajor> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    func.return
  }
}
// CHECK: location {{ +}}op {{ +}}tensor {{ +}}access {{ +}}wavefronts  ideal  conflicts
// CHECK-NEXT: local.mlir:16:5  ttg.local_alloc  128x64xf16  {{.*}}  8-way
// CHECK-NEXT: local.mlir:17:5  ttg.local_alloc  128x64xf16  {{.*}}  none
// CHECK-NEXT: local.mlir:18:5  ttg.local_alloc  128x64xf16  {{.*}}  8-way
// CHECK-NEXT: local.mlir:19:5  ttg.local_alloc  128x64xf16  {{.*}}  none
// CHECK-NEXT: local.mlir:20:5  ttg.local_alloc  128x64xf16  {{.*}}  none
// CHECK-NEXT: local.mlir:21:5  ttg.local_alloc  128x64xf16  {{.*}}  8-way
// CHECK-NEXT: local.mlir:22:5  ttg.local_alloc  128x64xf16  {{.*}}  none
// CHECK-NEXT: local.mlir:23:5  ttg.local_alloc  128x64xf16  {{.*}}  none
// CHECK-NEXT: local.mlir:24:5  ttg.local_alloc  128x64xf16  {{.*}}  8-way
// CHECK-NEXT: local.mlir:25:5  ttg.local_load   128x64xf16  64 x 16b {{ +}}512 {{ +}}64 {{ +}}8-way
// CHECK-NEXT: local.mlir:26:5  ttg.local_store  128x64xf16  8 x 128b {{ +}}32 {{ +}}32 {{ +}}none

// JSON: "bank_conflicts": 7,
// JSON: "bank_conflicts": 0,
// JSON: "bank_conflicts": 7,
// JSON: "bank_conflicts": 0,
// JSON: "bank_conflicts": 0,
// JSON: "bank_conflicts": 7,
// JSON: "bank_conflicts": 0,
// JSON: "bank_conflicts": 0,
// JSON: "bank_conflicts": 7,
