// `layout-tool plan` explains each conversion without changing the file: the path, the shuffles, or the
// scratch buffer with its accesses, wavefronts, barriers and bytes, and whether the lowering verified.
// RUN: layout-tool plan %s | filecheck %s
// RUN: layout-tool plan %s --json | filecheck %s --check-prefix=JSON
// RUN: layout-tool plan %s --json | %python -c "import json, sys; print(len(json.load(sys.stdin)['conversions']))" | filecheck %s --check-prefix=COUNT

#row4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#col4 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#ship = #ttg.blocked<{sizePerThread = [32, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
#shipped = #ttg.blocked<{sizePerThread = [16, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @f(%a: tensor<128x64xf32, #row4>, %b: tensor<128x64xf32, #mma>, %c: tensor<128x32xf16, #ship>) {
    %0 = ttg.convert_layout %a : tensor<128x64xf32, #row4> -> tensor<128x64xf32, #col4>
    %1 = ttg.convert_layout %b : tensor<128x64xf32, #mma> -> tensor<128x64xf32, #row4>
    %2 = ttg.convert_layout %c : tensor<128x32xf16, #ship> -> tensor<128x32xf16, #shipped>
    %3 = ttg.convert_layout %a : tensor<128x64xf32, #row4> -> tensor<128x64xf32, #row4>
    func.return
  }
}
// CHECK:      location {{ +}}path {{ +}}tensor {{ +}}shfl/sel/prmt  stores {{ +}}loads {{ +}}wavefronts  bar  scratch  ok
// CHECK-NEXT: plan.mlir:14:5  shared_memory  128x64xf32  - {{ +}}32 x 64b {{ +}}32 x 64b {{ +}}64+64 {{ +}}1 {{ +}}32768 B  yes
// CHECK-NEXT: plan.mlir:15:5  shared_memory  128x64xf32  - {{ +}}16 x 128b  16 x 128b  64+64 {{ +}}7 {{ +}}8192 B {{ +}}yes
// CHECK-NEXT: plan.mlir:16:5  warp_shuffle   128x32xf16  8/24/0 {{ +}}- {{ +}}- {{ +}}- {{ +}}- {{ +}}- {{ +}}yes
// CHECK-NEXT: plan.mlir:17:5  noop {{ +}}128x64xf32  - {{ +}}- {{ +}}- {{ +}}- {{ +}}- {{ +}}- {{ +}}yes
// CHECK:      plan.mlir:15:5: shared_memory (data crosses warps)
// CHECK-NEXT:   src: #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-NEXT:   dst: #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT:   stores: 16 x st.shared.b128 (128 bits a lane), 4 wavefronts each (4 phases, conflict-free), 64 in all
// CHECK-NEXT:   loads: 16 x ld.shared.b128 (128 bits a lane), 4 wavefronts each (4 phases, conflict-free), 64 in all
// CHECK-NEXT:   barriers: 7, reps: 4, scratch: 8192 bytes
// CHECK-NEXT:   scratch layout:
// CHECK-NEXT:      - offset=1 -> (0, 1)
// CHECK:           - reps=1 -> (32, 0)
// CHECK-NEXT:        reps=2 -> (64, 0)
// CHECK:      plan.mlir:16:5: warp_shuffle (1 register-lane transposition, by ship)
// CHECK:        shuffles: ship: 16 words of 32 bits; register bit 3 <-> lane bit 0

// JSON:      "conversions": [
// JSON:        "loc": "{{.*}}plan.mlir:14:5",
// JSON:        "path": "shared_memory",
// JSON:        "store": {
// JSON-NEXT:     "instruction": "st.shared.b64",
// JSON-NEXT:     "vector_bits": 64,
// JSON-NEXT:     "instructions": 32,
// JSON-NEXT:     "accesses": 32,
// JSON-NEXT:     "phases": 2,
// JSON-NEXT:     "wavefronts_per_instruction": 2,
// JSON-NEXT:     "wavefronts_per_access": 64,
// JSON-NEXT:     "bank_conflicts": 0,
// JSON-NEXT:     "conflict_free": true
// JSON-NEXT:   },
// JSON-NEXT:   "load": {
// JSON-NEXT:     "instruction": "ld.shared.b64",
// JSON-NEXT:     "vector_bits": 64,
// JSON-NEXT:     "instructions": 32,
// JSON-NEXT:     "accesses": 32,
// JSON:          "wavefronts_per_access": 64,
// JSON:        "wavefronts": 128,
// JSON-NEXT:   "barriers": 1,
// JSON-NEXT:   "scratch_bytes": 32768,
// JSON:        "verified": true,
// JSON:        "loc": "{{.*}}plan.mlir:16:5",
// JSON:        "path": "warp_shuffle",
// JSON:        "shuffles": 8,
// JSON-NEXT:   "selects": 24,
// JSON:        "path": "noop",

// COUNT: 4

// The f16 transpose on sm_80: ldmatrix.trans loads, Triton's 8 KB in two reps; with a
// larger budget, one rep and one barrier; with too small a one, kept and said why.
// RUN: layout-tool plan %S/../../../examples/transpose_f16.mlir --target cuda:80 | filecheck %s --check-prefix=SM80
// RUN: layout-tool plan %S/../../../examples/transpose_f16.mlir --target cuda:80 --max-scratch-bytes 16384 | filecheck %s --check-prefix=ROOMY
// RUN: layout-tool plan %S/../../../examples/transpose_f16.mlir --target cuda:80 --max-scratch-bytes 4096 | filecheck %s --check-prefix=TIGHT
// RUN: not layout-tool plan %S/../../../examples/transpose_f16.mlir --max-scratch-bytes 0 2>&1 | filecheck %s --check-prefix=ZERO
// SM80:      transpose_f16.mlir:8:5  shared_memory  128x64xf16  - {{ +}}8 x 128b  8 x ldmatrix.x4.trans  32+32 {{ +}}3 {{ +}}8192 B {{ +}}yes
// SM80:        loads: 8 x ldmatrix.x4.trans (128 bits a lane), 4 wavefronts each (4 phases, conflict-free), 32 in all
// ROOMY:     transpose_f16.mlir:8:5  shared_memory  128x64xf16  - {{ +}}8 x 128b  8 x ldmatrix.x4.trans  32+32 {{ +}}1 {{ +}}16384 B {{ +}}yes
// TIGHT:     transpose_f16.mlir:8:5 %y: shared_memory (data crosses warps, but the smallest scratch buffer takes 8192 bytes, more than the 4096 allowed)
// ZERO:      --max-scratch-bytes:1:1: error: --max-scratch-bytes must be positive

// On gfx950 the rows-to-columns f16 tile loads 4 registers a lane with each transposing read; on
// gfx942, which has none, it loads single halves.
// RUN: layout-tool plan %S/../../../examples/transpose_gfx950.mlir | filecheck %s --check-prefix=GFX950
// RUN: layout-tool plan %S/../../../examples/transpose_gfx950.mlir --target hip:gfx942 | filecheck %s --check-prefix=GFX942
// GFX950:    transpose_gfx950.mlir:8:5  shared_memory  64x64xf16  - {{ +}}2 x ds_write2_b64  4 x ds_read_b64_tr_b16  8+8 {{ +}}1 {{ +}}8192 B {{ +}}yes
// GFX950:      loads: 4 x ds_read_b64_tr_b16 (64 bits a lane), 2 wavefronts each (2 phases, conflict-free), 8 in all
// GFX942:    transpose_gfx950.mlir:8:5  shared_memory  64x64xf16  - {{ +}}{{.*}}16 x ds_read_u16
