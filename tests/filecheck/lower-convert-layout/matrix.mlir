// Matrix instructions where the target has them, as Triton 3.9 chooses them: the
// f16 transpose loads with ldmatrix.x4.trans from sm_75 on (8 KB, two reps, three
// barriers), the mma accumulator stores with stmatrix.x4 from sm_90 on; each
// lowering runs on the simulator (verify=true).
// RUN: layout-opt %s -p 'lower-convert-layout{verify=true target="cuda:80"}' | filecheck %s --check-prefix=SM80
// RUN: layout-opt %s -p 'lower-convert-layout{verify=true target="cuda:90"}' | filecheck %s --check-prefix=SM90
// RUN: layout-opt %s -p 'lower-convert-layout{verify=true target="cuda:70"}' | filecheck %s --check-prefix=SM70
// RUN: layout-opt %s -p 'lower-convert-layout{verify=true target="cuda:80" max-scratch-bytes=65536}' | filecheck %s --check-prefix=ROOMY

#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @transpose(%x: tensor<128x64xf16, #rows>) -> tensor<128x64xf16, #cols> {
    %y = ttg.convert_layout %x : tensor<128x64xf16, #rows> -> tensor<128x64xf16, #cols>
    tt.return %y : tensor<128x64xf16, #cols>
  }
  tt.func @accumulator(%x: tensor<128x64xf16, #mma>) -> tensor<128x64xf16, #rows> {
    %y = ttg.convert_layout %x : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #rows>
    tt.return %y : tensor<128x64xf16, #rows>
  }
}

// SM80-LABEL: tt.func @transpose
// SM80:         %scratch = memref.alloc() {alignment = 16 : i64} : memref<8192xi8, 3 : i64>
// SM80-COUNT-4: vector.store {{.*}} : memref<4096xf16, 3 : i64>, vector<8xf16>
// SM80:         gpu.barrier
// SM80:         %tiles = nvgpu.ldmatrix %scratch_1[%{{.*}}] {numTiles = 4 : i32, transpose = true} : memref<4096xf16, 3 : i64> -> vector<4x2xf16>
// SM80-NEXT:    %loaded = vector.shape_cast %tiles : vector<4x2xf16> to vector<8xf16>
// SM80-COUNT-2: gpu.barrier
// SM80-NOT:     nvvm.stmatrix
// SM80-LABEL: tt.func @accumulator
// SM80-NOT:     nvvm.stmatrix
// SM80:         tt.return

// SM90-LABEL: tt.func @accumulator
// SM90:         %intptr = memref.extract_aligned_pointer_as_index %scratch_{{[0-9]+}} : memref<2048xf16, 3 : i64> -> index
// SM90:         %ptr = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// SM90-NEXT:    nvvm.stmatrix %ptr, %word, %word_1, %word_2, %word_3 {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
// SM90:         gpu.barrier

// SM70-NOT: nvgpu.ldmatrix
// SM70-NOT: nvvm.stmatrix

// ROOMY-LABEL: tt.func @transpose
// ROOMY:         memref<16384xi8, 3 : i64>
// ROOMY:         gpu.barrier
// ROOMY:         nvgpu.ldmatrix
// ROOMY-NOT:     gpu.barrier
// ROOMY-LABEL: tt.func @accumulator
