// On AMD GPUs the lowering takes AMD's cross-lane moves where Triton 3.9's AMD backend does: gfx950's
// register-lane swaps (a 3-cycle (r l4 l5) is two of them), DPP row moves for XORs within 16 lanes on
// gfx942, row_xmask and v_permlanex16 on RDNA; and through the LDS paired accesses from one base
// (ds_write2/ds_read2) and gfx950's transposing reads.
// verify=true runs every lowering on the CTA simulator, with the module's waves (64 lanes, 32 on RDNA).
// RUN: layout-opt %s --split-input-file -p 'lower-convert-layout{verify=true}' | filecheck %s

// The 3-cycle: one v_permlane32_swap, then one v_permlane16_swap, no select (Triton 3.9: the same).
#wave = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32], [64]], warp = [], block = []}>
#cycled = #ttg.linear<{register = [[32]], lane = [[2], [4], [8], [16], [64], [1]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx950"} {
  func.func @three_cycle(%x: tensor<128xi32, #wave>) -> tensor<128xi32, #cycled> {
    %y = ttg.convert_layout %x : tensor<128xi32, #wave> -> tensor<128xi32, #cycled>
    func.return %y : tensor<128xi32, #cycled>
  }
}
// CHECK-LABEL: func.func @three_cycle
// CHECK-NOT:     arith.select
// CHECK:         %[[PAIR:.*]] = rocdl.permlane32.swap %[[A:.*]], %[[B:.*]], false, false : (i32, i32) -> !llvm.struct<(i32, i32)>
// CHECK-NEXT:    %[[LOW:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i32)>
// CHECK-NEXT:    %[[HIGH:.*]] = llvm.extractvalue %[[PAIR]][1] : !llvm.struct<(i32, i32)>
// CHECK-NEXT:    rocdl.permlane16.swap %[[LOW]], %[[HIGH]], false, false
// CHECK-NOT:     gpu.shuffle
// CHECK-NOT:     arith.select
// CHECK:         func.return

// -----

// Register bit 0 with lane bit 2: each shipped word crosses lanes by row_half_mirror (0x141 = 321),
// then quad_perm [3, 2, 1, 0] (0x1b = 27); Triton 3.9: 2 v_mov_b32_dpp, 3 v_cndmask.
#wave = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32], [64]], warp = [], block = []}>
#swapped = #ttg.linear<{register = [[8]], lane = [[2], [4], [1], [16], [32], [64]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
  func.func @dpp(%x: tensor<128xi32, #wave>) -> tensor<128xi32, #swapped> {
    %y = ttg.convert_layout %x : tensor<128xi32, #wave> -> tensor<128xi32, #swapped>
    func.return %y : tensor<128xi32, #swapped>
  }
}
// CHECK-LABEL: func.func @dpp
// CHECK:         %[[MIRRORED:.*]] = rocdl.update.dpp %[[SENT:.*]], %[[SENT]] with 321, 15, 15, false : i32
// CHECK-NEXT:    rocdl.update.dpp %[[MIRRORED]], %[[MIRRORED]] with 27, 15, 15, false : i32
// CHECK-NOT:     gpu.shuffle
// CHECK-COUNT-2: arith.select
// CHECK:         func.return

// -----

// A 64x64 f32 transpose through the LDS: 8 stores and 8 loads of 64 bits a lane, each pair from one base
// at constant offsets, so 4 ds_write2_b64 and 4 ds_read2_b64.
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#columns = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
  func.func @paired(%x: tensor<64x64xf32, #rows>) -> tensor<64x64xf32, #columns> {
    %y = ttg.convert_layout %x : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #columns>
    func.return %y : tensor<64x64xf32, #columns>
  }
}
// CHECK-LABEL: func.func @paired
// CHECK:         %[[BASE:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT:    vector.store %{{.*}}, %{{.*}}[%[[BASE]]] : memref<4096xf32, 3 : i64>, vector<2xf32>
// CHECK:         %[[NEXT:.*]] = arith.addi %[[BASE]], %{{.*}} : index
// CHECK-NEXT:    vector.store %{{.*}}, %{{.*}}[%[[NEXT]]] : memref<4096xf32, 3 : i64>, vector<2xf32>
// CHECK:         gpu.barrier
// CHECK:         %[[LOAD_BASE:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT:    vector.load %{{.*}}[%[[LOAD_BASE]]] : memref<4096xf32, 3 : i64>, vector<2xf32>
// CHECK:         arith.addi %[[LOAD_BASE]], %{{.*}} : index

// -----

// Rows of 8 halves a thread to columns on gfx950: a thread's 4 registers are the chunk elements its lane
// bits 0 and 1 pick, so each wave reads them with one transposing ds_read_b64_tr_b16 per 4 registers; each
// lane addresses the 64-bit chunk that its group of 16 deals out.  Triton 3.9 reads 16 ds_read_u16.
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#columns = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx950"} {
  func.func @transposed_reads(%x: tensor<64x64xf16, #rows>) -> tensor<64x64xf16, #columns> {
    %y = ttg.convert_layout %x : tensor<64x64xf16, #rows> -> tensor<64x64xf16, #columns>
    func.return %y : tensor<64x64xf16, #columns>
  }
}
// CHECK-LABEL: func.func @transposed_reads
// CHECK:         gpu.barrier
// CHECK-COUNT-4: rocdl.ds.read.tr16.b64 %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NOT:     vector.load
// CHECK:         func.return

// -----

// RDNA (gfx1100, waves of 32): an XOR of the lane id below 16 is one DPP row_xmask move (0x164 = 356 for 4),
// one from 16 to 31 one v_permlanex16 whose selectors name each lane of the other row; Triton 3.9's
// gfx1100 AMDGCN takes the same v_mov_b32_dpp row_xmask:4 and v_permlanex16_b32.
#wave = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], warp = [], block = []}>
#across = #ttg.linear<{register = [[32]], lane = [[2], [4], [8], [16], [1]], warp = [], block = []}>
#within = #ttg.linear<{register = [[8]], lane = [[2], [4], [1], [16], [32]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "hip:gfx1100"} {
  func.func @row_xmask(%x: tensor<64xi32, #wave>) -> tensor<64xi32, #within> {
    %y = ttg.convert_layout %x : tensor<64xi32, #wave> -> tensor<64xi32, #within>
    func.return %y : tensor<64xi32, #within>
  }
  func.func @permlane_x16(%x: tensor<64xi32, #wave>) -> tensor<64xi32, #across> {
    %y = ttg.convert_layout %x : tensor<64xi32, #wave> -> tensor<64xi32, #across>
    func.return %y : tensor<64xi32, #across>
  }
}
// CHECK-LABEL: func.func @row_xmask
// CHECK:         rocdl.update.dpp %[[SENT:.*]], %[[SENT]] with 356, 15, 15, false : i32
// CHECK-NOT:     gpu.shuffle
// CHECK:         func.return
// CHECK-LABEL: func.func @permlane_x16
// CHECK-DAG:     %[[LOW:.*]] = arith.constant 1985229328 : i32
// CHECK-DAG:     %[[HIGH:.*]] = arith.constant -19088744 : i32
// CHECK:         rocdl.permlanex16 %[[SENT:.*]], %[[SENT]], %[[LOW]], %[[HIGH]], true, false : i32, i32
// CHECK-NOT:     gpu.shuffle
// CHECK:         func.return
