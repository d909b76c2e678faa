// scf.while reads and prints as MLIR writes it: with no loop values the list is left out,
// as Triton writes the spin lock around tt.atomic_cas; a type list that does not match the
// values is MLIR's error, at the colon.
// RUN: not layout-opt %s --split-input-file --verify-roundtrip 2>/dev/null | filecheck %s
// RUN: not layout-opt %s --split-input-file 2>&1 >/dev/null | filecheck %s --check-prefix=ERR

tt.func @spin(%lock: !tt.ptr<i32>) {
  %free = arith.constant 0 : i32
  %held = arith.constant 1 : i32
  scf.while : () -> () {
    %old = tt.atomic_cas acq_rel, gpu, %lock, %free, %held : (!tt.ptr<i32>, i32, i32) -> i32
    %busy = arith.cmpi ne, %old, %free : i32
    scf.condition(%busy)
  } do {
    scf.yield
  }
  tt.return
}
// CHECK-LABEL: tt.func @spin
// CHECK:       scf.while : () -> () {
// CHECK-NEXT:    tt.atomic_cas acq_rel, gpu
// CHECK:         scf.condition(%busy)
// CHECK-NEXT:  } do {
// CHECK-NEXT:    scf.yield
// CHECK-NEXT:  }

// -----

tt.func @count(%n: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = scf.while (%i = %zero) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %next = arith.addi %j, %one : i32
    scf.yield %next : i32
  }
  tt.return %r : i32
}
// CHECK-LABEL: tt.func @count
// CHECK:       %r = scf.while (%i = %zero) : (i32) -> i32 {
// CHECK:       } do {
// CHECK-NEXT:  ^bb0(%j: i32):

// -----

tt.func @mismatch() {
  scf.while : (i32) -> () {
    %c = arith.constant true
    scf.condition(%c)
  } do {
    scf.yield
  }
  tt.return
}
// ERR: scf-while.mlir:{{[0-9]+}}:13: error: expected as many input types as operands (expected 0 got 1)
