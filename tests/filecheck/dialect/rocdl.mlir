// The rocdl ops Triton's AMD pipelines write into TTGIR (the ping-pong schedule's, barriers and
// the thread and workgroup ids) read and print as
// Triton 3.9 prints them: a sched.barrier mask in enum order, `all` for every kind, an s.setprio
// priority as a 16-bit integer; what Triton refuses is refused with its message.
// RUN: not layout-opt %s --split-input-file --verify-roundtrip 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=ERR --input-file %t.err

module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @ping_pong() {
    rocdl.s.setprio 1
    rocdl.sched.barrier none
    rocdl.sched.barrier salu|valu
    rocdl.sched.barrier valu|all
    rocdl.sched.barrier none {triton.warp_pipeline.border = "stage"}
    rocdl.s.barrier
    rocdl.s.setprio 40000
    %tid = rocdl.workitem.id.x : i32
    %wg = rocdl.workgroup.id.y : i64
    rocdl.barrier
    tt.return
  }
}
// CHECK-LABEL: tt.func @ping_pong
// CHECK-NEXT:    rocdl.s.setprio 1
// CHECK-NEXT:    rocdl.sched.barrier none
// CHECK-NEXT:    rocdl.sched.barrier valu|salu
// CHECK-NEXT:    rocdl.sched.barrier all
// CHECK-NEXT:    rocdl.sched.barrier none {triton.warp_pipeline.border = "stage"}
// CHECK-NEXT:    rocdl.s.barrier
// CHECK-NEXT:    rocdl.s.setprio -25536
// CHECK-NEXT:    %tid = rocdl.workitem.id.x : i32
// CHECK-NEXT:    %wg = rocdl.workgroup.id.y : i64
// CHECK-NEXT:    rocdl.barrier

// -----

tt.func @bad_mask() {
  rocdl.sched.barrier vmem
  tt.return
}
// ERR: rocdl.mlir:{{[0-9]+}}:23: error: expected one of [none, non_mem_non_sideeffect, valu, salu, mfma_wmma, all_vmem, vmem_read, vmem_write, all_ds, ds_read, ds_write, transcendental, ldsdma, all] for instruction type mask for scheduling barriers, got: vmem

// -----

tt.func @bad_priority() {
  rocdl.s.setprio 70000
  tt.return
}
// ERR: rocdl.mlir:{{[0-9]+}}:19: error: integer constant out of range for attribute
