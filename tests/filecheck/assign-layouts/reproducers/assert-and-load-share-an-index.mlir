// One index chain read by a tt.assert and, through a conversion of the pointers, by a
// vectorised load, as reported publicly against Intel's Triton backend: rematerialising
// the chain for the load left it computed twice, once per layout, and the fix there moved
// the assert to the load's layout.  assign-layouts and Triton 3.9 both remove the
// conversion and load each thread's 8 contiguous f16 values directly.  The range is
// built in both layouts, which is free (an affine tensor takes one register), and the
// compare and assert stay where a thread holds 4 values, not in the load's layout, whose
// two rows of warps hold the single row twice (8 per thread).
// RUN: layout-opt %s -p assign-layouts 2>/dev/null | filecheck %s

#wide = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 16], order = [1, 0]}>
#vec = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [2, 8], order = [1, 0]}>
module attributes {"ttg.num-warps" = 16 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @checked_copy(%src: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %n = arith.constant dense<2048> : tensor<1x2048xi32, #wide>
    %r = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #ttg.slice<{dim = 0, parent = #wide}>>
    %i = tt.expand_dims %r {axis = 0 : i32} : tensor<2048xi32, #ttg.slice<{dim = 0, parent = #wide}>> -> tensor<1x2048xi32, #wide>
    %ok = arith.cmpi slt, %i, %n : tensor<1x2048xi32, #wide>
    tt.assert %ok, "index out of range" : tensor<1x2048xi1, #wide>
    %s = tt.splat %src : !tt.ptr<f16> -> tensor<1x2048x!tt.ptr<f16>, #wide>
    %p = tt.addptr %s, %i : tensor<1x2048x!tt.ptr<f16>, #wide>, tensor<1x2048xi32, #wide>
    %pv = ttg.convert_layout %p : tensor<1x2048x!tt.ptr<f16>, #wide> -> tensor<1x2048x!tt.ptr<f16>, #vec>
    %x = tt.load %pv : tensor<1x2048x!tt.ptr<f16>, #vec>
    %d = tt.splat %dst : !tt.ptr<f16> -> tensor<1x2048x!tt.ptr<f16>, #vec>
    %r2 = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #ttg.slice<{dim = 0, parent = #vec}>>
    %i2 = tt.expand_dims %r2 {axis = 0 : i32} : tensor<2048xi32, #ttg.slice<{dim = 0, parent = #vec}>> -> tensor<1x2048xi32, #vec>
    %q = tt.addptr %d, %i2 : tensor<1x2048x!tt.ptr<f16>, #vec>, tensor<1x2048xi32, #vec>
    tt.store %q, %x : tensor<1x2048x!tt.ptr<f16>, #vec>
    tt.return
  }
}

// CHECK-DAG:  #[[WIDE:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 16], order = [1, 0]}>
// CHECK-DAG:  #[[VEC:.+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [2, 8], order = [1, 0]}>
// CHECK:      tt.func @checked_copy({{.*}}status = "optimal"
// CHECK-NOT:  ttg.convert_layout
// CHECK:      tt.assert %{{.+}}, "index out of range" : tensor<1x2048xi1, #[[WIDE]]>
// CHECK-NOT:  ttg.convert_layout
// CHECK:      %[[X:.+]] = tt.load %{{.+}} : tensor<1x2048x!tt.ptr<f16>, #[[VEC]]>
// CHECK-NOT:  ttg.convert_layout
// CHECK:      tt.store %{{.+}}, %[[X]] : tensor<1x2048x!tt.ptr<f16>, #[[VEC]]>
