// nvvm.barrier, the CTA barrier Triton's NVIDIA pipelines write into TTGIR, with its optional
// named-barrier id and thread count, reads and prints as Triton 3.9 prints it.
// RUN: layout-opt %s --verify-roundtrip | filecheck %s

tt.func @barriers(%id: i32, %threads: i32) {
  nvvm.barrier
  nvvm.barrier id = %id
  nvvm.barrier id = %id number_of_threads = %threads
  tt.return
}
// CHECK-LABEL: tt.func @barriers
// CHECK-NEXT:    nvvm.barrier
// CHECK-NEXT:    nvvm.barrier id = %id
// CHECK-NEXT:    nvvm.barrier id = %id number_of_threads = %threads
