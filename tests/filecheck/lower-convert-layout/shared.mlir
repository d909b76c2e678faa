// Conversions that cross warps go through one swizzled scratch buffer per function, sized for the largest
// conversion: stores as wide as the source allows, a barrier, loads as wide as the destination allows,
// and a loop over reps (2 * reps - 1 barriers) where both sides hold a tensor bit in registers.
// A warp-synchronous conversion (each warp reads only what it wrote) needs no CTA barrier.
// RUN: layout-opt %s -p 'lower-convert-layout{verify=true}' | filecheck %s

#row4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#col4 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#row8 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col8 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma41 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dotA41 = #ttg.dot_op<{opIdx = 0, parent = #mma41, kWidth = 2}>
#wide = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#tall = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: func.func @transpose_f32
  // CHECK-NEXT:    %scratch = memref.alloc() {alignment = 16 : i64} : memref<32768xi8, 3 : i64>
  // CHECK:         memref.view %scratch[%c0][] : memref<32768xi8, 3 : i64> to memref<8192xf32, 3 : i64>
  // CHECK:         "gpu.thread_id"() <{dimension = #gpu<dim x>}>
  // CHECK-COUNT-32: vector.store {{.*}} vector<2xf32>
  // CHECK-NOT:     vector.store
  // CHECK:         gpu.barrier
  // CHECK-NOT:     gpu.barrier
  // CHECK-COUNT-32: vector.load {{.*}} vector<2xf32>
  // CHECK-NOT:     vector.load
  // CHECK-NOT:     ttg.convert_layout
  func.func @transpose_f32(%x: tensor<128x64xf32, #row4>) -> tensor<128x64xf32, #col4> {
    %y = ttg.convert_layout %x : tensor<128x64xf32, #row4> -> tensor<128x64xf32, #col4>
    func.return %y : tensor<128x64xf32, #col4>
  }

  // Four reps of 2 KB: 16 stores and 16 loads of 128 bits, 7 barriers, in an 8 KB buffer.
  // CHECK-LABEL: func.func @mma_to_blocked_f32
  // CHECK-NEXT:    %scratch = memref.alloc() {alignment = 16 : i64} : memref<8192xi8, 3 : i64>
  // CHECK-COUNT-4: vector.store {{.*}} vector<4xf32>
  // CHECK-NEXT:    gpu.barrier
  // CHECK-COUNT-4: vector.load {{.*}} vector<4xf32>
  // CHECK-NEXT:    gpu.barrier
  // CHECK-COUNT-4: vector.store {{.*}} vector<4xf32>
  // CHECK-NEXT:    gpu.barrier
  // CHECK-COUNT-4: vector.load {{.*}} vector<4xf32>
  // CHECK-NEXT:    gpu.barrier
  // CHECK-COUNT-4: vector.store {{.*}} vector<4xf32>
  // CHECK-NEXT:    gpu.barrier
  // CHECK-COUNT-4: vector.load {{.*}} vector<4xf32>
  // CHECK-NEXT:    gpu.barrier
  // CHECK-COUNT-4: vector.store {{.*}} vector<4xf32>
  // CHECK-NEXT:    gpu.barrier
  // CHECK-COUNT-4: vector.load {{.*}} vector<4xf32>
  // CHECK-NOT:     gpu.barrier
  // CHECK-NOT:     vector.load
  // CHECK:         func.return
  func.func @mma_to_blocked_f32(%x: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #row4> {
    %y = ttg.convert_layout %x : tensor<128x64xf32, #mma> -> tensor<128x64xf32, #row4>
    func.return %y : tensor<128x64xf32, #row4>
  }

  // 128-bit both ways in one 16 KB rep.
  // CHECK-LABEL: func.func @mma_to_blocked_f16
  // CHECK-NEXT:    %scratch = memref.alloc() {alignment = 16 : i64} : memref<16384xi8, 3 : i64>
  // CHECK-COUNT-8: vector.store {{.*}} vector<8xf16>
  // CHECK-NEXT:    gpu.barrier
  // CHECK-COUNT-8: vector.load {{.*}} vector<8xf16>
  // CHECK-NOT:     gpu.barrier
  // CHECK:         func.return
  func.func @mma_to_blocked_f16(%x: tensor<128x64xf16, #mma>) -> tensor<128x64xf16, #row8> {
    %y = ttg.convert_layout %x : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #row8>
    func.return %y : tensor<128x64xf16, #row8>
  }

  // Within each warp, but two register-lane transpositions: 64-bit accesses, each warp in its own part of
  // the buffer, and no CTA barrier.
  // CHECK-LABEL: func.func @warp_transpose
  // CHECK-NEXT:    %scratch = memref.alloc() {alignment = 16 : i64} : memref<4096xi8, 3 : i64>
  // CHECK-COUNT-4: vector.store {{.*}} vector<2xf32>
  // CHECK-NOT:     gpu.barrier
  // CHECK-COUNT-4: vector.load {{.*}} vector<2xf32>
  // CHECK-NOT:     gpu.barrier
  // CHECK:         func.return
  func.func @warp_transpose(%x: tensor<32x32xf32, #wide>) -> tensor<32x32xf32, #tall> {
    %y = ttg.convert_layout %x : tensor<32x32xf32, #wide> -> tensor<32x32xf32, #tall>
    func.return %y : tensor<32x32xf32, #tall>
  }

  // f16 transpose: the one tensor bit both sides hold in registers (row 64) pairs rows into 32-bit words.
  // CHECK-LABEL: func.func @transpose_f16
  // CHECK:         memref<16384xi8, 3 : i64>
  // CHECK-COUNT-32: vector.store {{.*}} vector<2xf16>
  // CHECK-NEXT:    gpu.barrier
  // CHECK-COUNT-32: vector.load {{.*}} vector<2xf16>
  // CHECK-NOT:     gpu.barrier
  // CHECK:         func.return
  func.func @transpose_f16(%x: tensor<128x64xf16, #row8>) -> tensor<128x64xf16, #col8> {
    %y = ttg.convert_layout %x : tensor<128x64xf16, #row8> -> tensor<128x64xf16, #col8>
    func.return %y : tensor<128x64xf16, #col8>
  }

  // To a dot operand: A is replicated over the N warps, so each thread loads twice what it stored.
  // CHECK-LABEL: func.func @blocked_to_dot_a
  // CHECK-COUNT-8: vector.store {{.*}} vector<8xf16>
  // CHECK-NEXT:    gpu.barrier
  // CHECK-COUNT-16: vector.load {{.*}} vector<8xf16>
  // CHECK-NOT:     gpu.barrier
  // CHECK:         func.return
  func.func @blocked_to_dot_a(%x: tensor<128x64xf16, #row8>) -> tensor<128x64xf16, #dotA> {
    %y = ttg.convert_layout %x : tensor<128x64xf16, #row8> -> tensor<128x64xf16, #dotA>
    func.return %y : tensor<128x64xf16, #dotA>
  }

  // CHECK-LABEL: func.func @blocked_to_dot_a_4x1
  // CHECK-COUNT-16: vector.store {{.*}} vector<4xf16>
  // CHECK-NEXT:    gpu.barrier
  // CHECK-COUNT-16: vector.load {{.*}} vector<4xf16>
  // CHECK-NOT:     gpu.barrier
  // CHECK:         func.return
  func.func @blocked_to_dot_a_4x1(%x: tensor<128x64xf16, #row8>) -> tensor<128x64xf16, #dotA41> {
    %y = ttg.convert_layout %x : tensor<128x64xf16, #row8> -> tensor<128x64xf16, #dotA41>
    func.return %y : tensor<128x64xf16, #dotA41>
  }

  // Eight reps of 256 bytes a warp: one 128-bit store and two loads per rep, 15 barriers, a 2 KB buffer.
  // CHECK-LABEL: func.func @mma_to_dot_a
  // CHECK:         memref<2048xi8, 3 : i64>
  // CHECK:         vector.store {{.*}} vector<8xf16>
  // CHECK-NOT:     vector.store
  // CHECK:         gpu.barrier
  // CHECK-COUNT-2: vector.load {{.*}} vector<8xf16>
  // CHECK-NOT:     vector.load
  // CHECK:         gpu.barrier
  // CHECK-COUNT-13: gpu.barrier
  // CHECK-NOT:     gpu.barrier
  // CHECK:         func.return
  func.func @mma_to_dot_a(%x: tensor<128x64xf16, #mma>) -> tensor<128x64xf16, #dotA> {
    %y = ttg.convert_layout %x : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #dotA>
    func.return %y : tensor<128x64xf16, #dotA>
  }
}
