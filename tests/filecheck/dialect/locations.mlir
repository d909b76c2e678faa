// Triton prints every op's source location as an alias and the alias table after the
// module; aliases may name later ones (call sites, names, fused locations).  The module
// reads as written, --print-debuginfo prints the locations back (and reads them again,
// --verify-roundtrip), and diagnostics and `layout-tool plan` name both the IR position
// and the kernel's source position.

// RUN: layout-opt %s --print-debuginfo --verify-roundtrip | filecheck %s
// RUN: layout-tool plan %s | filecheck %s --check-prefix=PLAN
// RUN: layout-tool plan %s --json | filecheck %s --check-prefix=JSON
// RUN: sed -e 's/warpsPerCTA = \[2, 2\]/warpsPerCTA = [2, 1]/' %s | not layout-opt - 2>&1 | filecheck %s --check-prefix=ERROR

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#loc = loc("kernel.py":3:1)
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kernel(%x: tensor<32x32xf32, #blocked> loc("x"(#loc))) -> tensor<32x32xf32, #mma> {
    %acc = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #mma> loc(#loc7)
    %y = arith.addf %acc, %acc : tensor<32x32xf32, #mma> loc(#loc5)
    %z = arith.mulf %y, %y : tensor<32x32xf32, #mma> loc(#loc6)
    tt.return %z : tensor<32x32xf32, #mma> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("kernel.py":12:15)
#loc2 = loc("helpers.py":4:9)
#loc3 = loc(callsite(#loc2 at #loc1))
#loc5 = loc(fused[#loc2, #loc1])
#loc6 = loc(unknown)
#loc7 = loc("acc"(#loc3))

// CHECK:      tt.func public @kernel(%x: tensor<32x32xf32, #blocked> loc("x"("kernel.py":3:1)))
// CHECK-NEXT:   %acc = ttg.convert_layout %x {{.*}} loc("acc"(callsite("helpers.py":4:9 at "kernel.py":12:15)))
// CHECK-NEXT:   %y = arith.addf %acc, %acc {{.*}} loc(fused["helpers.py":4:9, "kernel.py":12:15])
// CHECK-NEXT:   %z = arith.mulf %y, %y {{.*}} loc(unknown)
// CHECK-NEXT:   tt.return %z {{.*}} loc("kernel.py":3:1)

// PLAN: locations.mlir:17:5 %acc (from helpers.py:4:9 'acc'): shared_memory

// JSON:      "loc": "{{.*}}locations.mlir:17:5",
// JSON-NEXT: "value": "%acc",
// JSON-NEXT: "source": "helpers.py:4:9 'acc'",

// ERROR: <stdin>:17:{{[0-9]+}}: error: {{.*}} (from helpers.py:4:9 'acc')
