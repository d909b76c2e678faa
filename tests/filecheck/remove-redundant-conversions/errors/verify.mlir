// With verify=true, an op the layout-blind interpreter cannot run (a region op it does
// not model, here scf.index_switch) is a located error (and no output), not a silent pass.
// RUN: not layout-opt %s -p 'remove-redundant-conversions{verify=true}' 2>&1 | filecheck %s
// CHECK: verify.mlir:11:5: error: cannot verify the rewrite: 'scf.index_switch' is not interpreted
// CHECK-NOT: Traceback
// CHECK-NOT: tt.func

module {
  tt.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    %c = arith.constant 0 : index
    %b = scf.index_switch %c -> tensor<4xf32>
    default {
      scf.yield %a : tensor<4xf32>
    }
    tt.return %b : tensor<4xf32>
  }
}
