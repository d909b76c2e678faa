// Proton's profiling ops (proton, proton_gpu) and the !proton_gpu.segment type read and print as Triton 3.9 prints
// them; printing is a fixed point.
// RUN: layout-opt %s --split-input-file --verify-roundtrip | filecheck %s

// A profiled scope.
module {
  tt.func @record() {
    proton.record start "name0"
    proton.record end "name0" {tag = 1 : i32}
    tt.return
  }
}
// CHECK-LABEL: tt.func @record
// CHECK-NEXT:    proton.record start "name0"
// CHECK-NEXT:    proton.record end "name0" {tag = 1 : i32}
// CHECK-NEXT:    tt.return

// -----

// Its lowering: a shared-memory buffer cut into one segment per warp, counter reads stored in it, and the context
// and profile written back to global scratch memory.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @shared_buffer() {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64xi32, #shared, #smem, mutable>
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 384 : i32, third_party_allocation} : !tt.ptr<i32>
    proton_gpu.initialize %scratch : !tt.ptr<i32>
    %seg = proton_gpu.segment_alloc %buf : !ttg.memdesc<64xi32, #shared, #smem, mutable> -> !proton_gpu.segment<256, #shared, warp>
    proton_gpu.init_ctx %scratch : !tt.ptr<i32>
    proton_gpu.restore_ctx %seg, %scratch : !proton_gpu.segment<256, #shared, warp>, !tt.ptr<i32>
    %start = proton_gpu.read_counter : i32
    proton_gpu.circular_store start %seg, %start {scopeId = 0 : i32} : !proton_gpu.segment<256, #shared, warp>, i32
    %end = proton_gpu.read_counter {metric = 0 : i32} : i64
    proton_gpu.circular_store end %seg, %end {scopeId = 0 : i32, tag} : !proton_gpu.segment<256, #shared, warp>, i64
    proton_gpu.save_ctx %seg, %scratch : !proton_gpu.segment<256, #shared, warp>, !tt.ptr<i32>
    proton_gpu.finalize %seg, %scratch : !proton_gpu.segment<256, #shared, warp>, !tt.ptr<i32>
    tt.return
  }
}
// CHECK-LABEL: tt.func @shared_buffer
// CHECK:         proton_gpu.initialize %scratch : !tt.ptr<i32>
// CHECK-NEXT:    %seg = proton_gpu.segment_alloc %buf : !ttg.memdesc<64xi32, #shared, #smem, mutable> -> <256, #shared, warp>
// CHECK-NEXT:    proton_gpu.init_ctx %scratch : !tt.ptr<i32>
// CHECK-NEXT:    proton_gpu.restore_ctx %seg, %scratch : !proton_gpu.segment<256, #shared, warp>, !tt.ptr<i32>
// CHECK-NEXT:    %start = proton_gpu.read_counter : i32
// CHECK-NEXT:    proton_gpu.circular_store start %seg, %start {scopeId = 0 : i32} : !proton_gpu.segment<256, #shared, warp>, i32
// CHECK-NEXT:    %end = proton_gpu.read_counter : i64
// CHECK-NEXT:    proton_gpu.circular_store end %seg, %end {scopeId = 0 : i32, tag} : !proton_gpu.segment<256, #shared, warp>, i64
// CHECK-NEXT:    proton_gpu.save_ctx %seg, %scratch : !proton_gpu.segment<256, #shared, warp>, !tt.ptr<i32>
// CHECK-NEXT:    proton_gpu.finalize %seg, %scratch : !proton_gpu.segment<256, #shared, warp>, !tt.ptr<i32>
// CHECK-NEXT:    tt.return

// -----

// A global-memory buffer with selected warps, and a scope id computed at run time.
module attributes {"ttg.num-warps" = 8 : i32, "ttg.total-num-warps" = 16 : i32} {
  tt.func @global_buffer(%buf: !tt.ptr<i32>, %id: i32) {
    %seg = proton_gpu.segment_alloc %buf : !tt.ptr<i32> -> <1024, #proton_gpu.global_memory, warp, [0, 2]>
    %c = proton_gpu.read_counter : i32
    proton_gpu.circular_store start %seg, %c, %id : !proton_gpu.segment<1024, #proton_gpu.global_memory, warp, [0, 2]>, i32
    %all = proton_gpu.segment_alloc %buf : !tt.ptr<i32> -> <2048, #proton_gpu.global_memory, warp_group_2>
    proton_gpu.circular_store end %all, %c {scopeId = 255 : i32} : !proton_gpu.segment<2048, #proton_gpu.global_memory, warp_group_2>, i32
    tt.return
  }
}
// CHECK-LABEL: tt.func @global_buffer
// CHECK-NEXT:    %seg = proton_gpu.segment_alloc %buf : !tt.ptr<i32> -> <1024, #proton_gpu.global_memory, warp, [0, 2]>
// CHECK-NEXT:    %c = proton_gpu.read_counter : i32
// CHECK-NEXT:    proton_gpu.circular_store start %seg, %c, %id : !proton_gpu.segment<1024, #proton_gpu.global_memory, warp, [0, 2]>, i32
// CHECK-NEXT:    %all = proton_gpu.segment_alloc %buf : !tt.ptr<i32> -> <2048, #proton_gpu.global_memory, warp_group_2>
// CHECK-NEXT:    proton_gpu.circular_store end %all, %c {scopeId = 255 : i32} : !proton_gpu.segment<2048, #proton_gpu.global_memory, warp_group_2>, i32
// CHECK-NEXT:    tt.return
