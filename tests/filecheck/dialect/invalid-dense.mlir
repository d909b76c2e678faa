// Dense literals that do not fill their type: MLIR's messages (Triton 3.9 gives the same), at the
// `dense` keyword, however large the type.
// RUN: layout-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: not layout-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=EVERY
// EVERY: invalid-dense.mlir:7:27: error: inferred shape of elements literal ([2]) does not match type ([1099511627776])
// EVERY-NOT: Traceback
%0 = "test.op"() {value = dense<[1, 2]> : tensor<1099511627776xi32>} : () -> ()
// CHECK: invalid-dense.mlir:7:27: error: inferred shape of elements literal ([2]) does not match type ([1099511627776])

// -----

%0 = "test.op"() {value = dense<"0x0100000002000000"> : tensor<1099511627776xi32>} : () -> ()
// CHECK: invalid-dense.mlir:12:27: error: elements hex data size is invalid for provided type: 'tensor<1099511627776xi32>'

// -----

%0 = "test.op"() {value = dense<> : tensor<2xi32>} : () -> ()
// CHECK: invalid-dense.mlir:17:27: error: parsed zero elements, but type ('tensor<2xi32>') expected at least 1

// -----

%0 = "test.op"() {value = dense<"0xZZ"> : tensor<4xi32>} : () -> ()
// CHECK: invalid-dense.mlir:22:33: error: expected string containing hex digits starting with `0x`

// -----

// MLIR counts a type's elements in an int64 (Triton 3.9 stops on an assertion here)
%0 = "test.op"() {value = dense<0> : tensor<1099511627776x1099511627776xi32>} : () -> ()
// CHECK: invalid-dense.mlir:28:38: error: integer overflow in element count computation of 'tensor<1099511627776x1099511627776xi32>'
