// The scf verifiers: every region passes on as many values as go where it leads, of
// their types, with MLIR's messages (Triton 3.9 gives the same), located at the scf op.
// RUN: layout-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: not layout-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=EVERY
// EVERY: invalid-scf.mlir:11:5: error: 'scf.if' op along control flow edge from Operation scf.yield to Operation scf.if: region branch point has 0 operands, but region successor needs 1 inputs
// EVERY: invalid-scf.mlir:{{[0-9]+}}:5: error: 'scf.if' op must have an else block if defining values
// EVERY-NOT: Traceback

// An empty branch yields nothing: MLIR adds the scf.yield it leaves out.
tt.func @empty_then(%c: i1, %x: tensor<128xi32>) -> tensor<128xi32> {
    %r = scf.if %c -> (tensor<128xi32>) {
    } else {
      scf.yield %x : tensor<128xi32>
    }
    tt.return %r : tensor<128xi32>
}
// CHECK: invalid-scf.mlir:{{[0-9]+}}:5: error: 'scf.if' op along control flow edge from Operation scf.yield to Operation scf.if: region branch point has 0 operands, but region successor needs 1 inputs
// CHECK-NEXT{LITERAL}: %r = scf.if %c -> (tensor<128xi32>) {

// -----

tt.func @no_else(%c: i1, %x: tensor<128xi32>) -> tensor<128xi32> {
    %r = scf.if %c -> (tensor<128xi32>) {
      scf.yield %x : tensor<128xi32>
    }
    tt.return %r : tensor<128xi32>
}
// CHECK: invalid-scf.mlir:{{[0-9]+}}:5: error: 'scf.if' op must have an else block if defining values

// -----

tt.func @loop_yields_too_much(%x: tensor<128xi32>, %n: i32) -> tensor<128xi32> {
    %r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (tensor<128xi32>) : i32 {
      scf.yield %a, %a : tensor<128xi32>, tensor<128xi32>
    }
    tt.return %r : tensor<128xi32>
}
// CHECK: invalid-scf.mlir:{{[0-9]+}}:5: error: 'scf.for' op different number of region iter_args and yielded values: 1 != 2

// -----

tt.func @loop_yields_another_type(%x: tensor<128xi32>, %y: tensor<128xi64>, %n: i32) -> tensor<128xi32> {
    %r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (tensor<128xi32>) : i32 {
      scf.yield %y : tensor<128xi64>
    }
    tt.return %r : tensor<128xi32>
}
// CHECK: invalid-scf.mlir:{{[0-9]+}}:5: error: 'scf.for' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'tensor<128xi64>' should match successor input type #0 'tensor<128xi32>'

// -----

tt.func @condition_passes_too_much(%x: tensor<128xi32>, %c: i1) -> tensor<128xi32> {
    %r = scf.while (%a = %x) : (tensor<128xi32>) -> tensor<128xi32> {
      scf.condition(%c) %a, %a : tensor<128xi32>, tensor<128xi32>
    } do {
    ^bb0(%b: tensor<128xi32>):
      scf.yield %b : tensor<128xi32>
    }
    tt.return %r : tensor<128xi32>
}
// CHECK: invalid-scf.mlir:{{[0-9]+}}:5: error: 'scf.while' op along control flow edge from Operation scf.condition to Operation scf.while: region branch point has 2 operands, but region successor needs 1 inputs

// -----

// A region of an scf.while holds one block: a second is an error, not a traceback.
tt.func @while_region_of_two_blocks(%x: tensor<128xi32>, %c: i1) -> tensor<128xi32> {
    %r = scf.while (%a = %x) : (tensor<128xi32>) -> tensor<128xi32> {
      scf.condition(%c) %a : tensor<128xi32>
    } do {
      tt.return %x : tensor<128xi32>
    ^bb0(%b: tensor<128xi32>):
      scf.yield %b : tensor<128xi32>
    }
    tt.return %r : tensor<128xi32>
}
// CHECK: invalid-scf.mlir:{{[0-9]+}}:5: error: 'scf.while' op expects region #1 to have 0 or 1 blocks
