// With verify=true, an op the layout-blind interpreter cannot run (one with regions it
// does not model) is a located error (and no output), not a silent pass.
// RUN: not layout-opt %s -p 'remove-redundant-conversions{verify=true}' 2>&1 | filecheck %s
// CHECK: verify.mlir:10:5: error: cannot verify the rewrite: 'scf.execute_region' is not interpreted
// CHECK-NOT: Traceback
// CHECK-NOT: tt.func

module {
  tt.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    %b = scf.execute_region -> tensor<4xf32> {
      scf.yield %a : tensor<4xf32>
    }
    tt.return %b : tensor<4xf32>
  }
}
