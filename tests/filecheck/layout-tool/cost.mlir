// `layout-tool cost` prices what the layouts of each function make a warp pay: the terms,
// the registers against the target's limit, and each op that costs anything, dearest
// first, times the trip count of its loop (4 here, from constant bounds).
// RUN: layout-tool cost %s | filecheck %s
// RUN: layout-tool cost %s --json | filecheck %s --check-prefix=JSON
// RUN: layout-tool cost %s --target hip:gfx942 | filecheck %s --check-prefix=AMD
// RUN: not layout-tool cost %s --target sm_12x 2>&1 | filecheck %s --check-prefix=BAD-TARGET
// RUN: not layout-tool cost %S/no-such-file.mlir 2>&1 | filecheck %s --check-prefix=NO-FILE

#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_sums(%base: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: tensor<32x16x!tt.ptr<f32>, #cols>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #rows}>>
    %cols = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #rows}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<32x1xi32, #rows>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #rows}>> -> tensor<1x16xi32, #rows>
    %pitch = arith.constant dense<16> : tensor<32x1xi32, #rows>
    %row_starts = arith.muli %r, %pitch : tensor<32x1xi32, #rows>
    %rb = tt.broadcast %row_starts : tensor<32x1xi32, #rows> -> tensor<32x16xi32, #rows>
    %cb = tt.broadcast %c : tensor<1x16xi32, #rows> -> tensor<32x16xi32, #rows>
    %offsets = arith.addi %rb, %cb : tensor<32x16xi32, #rows>
    %splat = tt.splat %base : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #rows>
    %ptrs = tt.addptr %splat, %offsets : tensor<32x16x!tt.ptr<f32>, #rows>, tensor<32x16xi32, #rows>
    scf.for %i = %c0 to %c4 step %c1 : i32 {
      %x = tt.load %ptrs : tensor<32x16x!tt.ptr<f32>, #rows>
      %y = arith.mulf %x, %x : tensor<32x16xf32, #rows>
      %z = ttg.convert_layout %y : tensor<32x16xf32, #rows> -> tensor<32x16xf32, #cols>
      tt.store %out, %z : tensor<32x16x!tt.ptr<f32>, #cols>
    }
    tt.return
  }
}
// CHECK:      @row_sums on cuda:90: {{[0-9]+}} warp instruction issues per warp
// CHECK-NEXT:   conversions {{ +}}[[CONVERSIONS:[0-9]+]]
// CHECK-NEXT:   memory {{ +}}[[MEMORY:[0-9]+]]
// CHECK-NEXT:   shared {{ +}}0
// CHECK-NEXT:   reductions {{ +}}0
// CHECK-NEXT:   elementwise {{ +}}{{[0-9]+}}
// CHECK-NEXT:   registers: {{[0-9]+}} per thread at the peak (limit 255: within it)
// CHECK-EMPTY:
// CHECK-NEXT:   location {{ +}}op {{ +}}term {{ +}}each {{ +}}trips  cost {{ +}}what it does
// CHECK-NEXT:   cost.mlir:32:7  tt.store {{ +}}memory {{ +}}
// CHECK-NEXT:   cost.mlir:29:7  tt.load {{ +}}memory {{ +}}65 {{ +}}4 {{ +}}260 {{ +}}1 x 128b: 1 instruction, 16 sectors
// CHECK-NEXT:   cost.mlir:31:7  ttg.convert_layout  conversions  {{[0-9]+}} {{ +}}4 {{ +}}[[CONVERSIONS]] {{ +}}shared_memory: {{.*}} 1 barrier, 2048 scratch bytes
// CHECK-NEXT:   cost.mlir:30:7  arith.mulf {{ +}}elementwise  4 {{ +}}4 {{ +}}16 {{ +}}4 instructions
// CHECK:        cost.mlir:27:5  tt.addptr {{ +}}elementwise  1 {{ +}}1 {{ +}}1 {{ +}}1 instruction
// CHECK-NOT:    {{.}}

// JSON:      "unit": "warp instruction issues",
// JSON:      "name": "row_sums",
// JSON-NEXT: "target": "cuda:90",
// JSON:      "terms": {
// JSON-NEXT:   "conversions":
// JSON-NEXT:   "memory":
// JSON-NEXT:   "shared": 0.0,
// JSON-NEXT:   "reductions": 0.0,
// JSON-NEXT:   "elementwise":
// JSON-NEXT: },
// JSON-NEXT: "registers":
// JSON-NEXT: "register_limit": 255,
// JSON:      "op": "tt.load",
// JSON-NEXT: "term": "memory",
// JSON-NEXT: "detail": "1 x 128b",
// JSON-NEXT: "counts": {
// JSON-NEXT:   "instructions": 1,
// JSON-NEXT:   "sectors": 16
// JSON-NEXT: },
// JSON-NEXT: "each": 65.0,
// JSON-NEXT: "trips": 4,
// JSON-NEXT: "cost": 260.0

// AMD:       @row_sums on hip:gfx942:
// AMD:       registers: {{[0-9]+}} per thread at the peak (limit 512: within it)

// BAD-TARGET: --target:1:1: error: unknown target 'sm_12x'
// NO-FILE:    no-such-file.mlir:1:1: error: cannot read the input
