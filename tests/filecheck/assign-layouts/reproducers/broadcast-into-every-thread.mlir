// A tensor<2x4x1024xf32> in a layout that holds every element in every thread (register
// bases only, lanes and warps all zero), as reported publicly against Triton's
// RemoveLayoutConversions: such a tensor takes 8,192 registers per thread and the kernel
// does not compile in reasonable time.  Here a row of 8,192 values is summed and the sum,
// reshaped to 1x1x1, is broadcast over a 2x4x1024 view of the row.  The layout Triton
// infers for that reshape holds nothing per thread; broadcast to 2x4x1024 it is exactly the
// reported layout.  assign-layouts offers no op a layout in which one of its tensors would
// hold more registers than a thread has (255 on cuda:90), so the subtraction stays in the
// view's layout and nothing in the output is computed in the broadcast one.
// RUN: layout-opt %s -p assign-layouts 2>/dev/null | filecheck %s

#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#view = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>
#nothing = #ttg.linear<{register = [], lane = [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]], warp = [[0, 0, 0], [0, 0, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @centre_row(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 8192 : i32, start = 0 : i32} : tensor<8192xi32, #ttg.slice<{dim = 0, parent = #row}>>
    %ie = tt.expand_dims %i {axis = 0 : i32} : tensor<8192xi32, #ttg.slice<{dim = 0, parent = #row}>> -> tensor<1x8192xi32, #row>
    %ib = tt.splat %in : !tt.ptr<f32> -> tensor<1x8192x!tt.ptr<f32>, #row>
    %ip = tt.addptr %ib, %ie : tensor<1x8192x!tt.ptr<f32>, #row>, tensor<1x8192xi32, #row>
    %x = tt.load %ip : tensor<1x8192x!tt.ptr<f32>, #row>
    %sum = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<1x8192xf32, #row>) -> tensor<1xf32, #ttg.slice<{dim = 1, parent = #row}>>
    %sum2 = tt.expand_dims %sum {axis = 1 : i32} : tensor<1xf32, #ttg.slice<{dim = 1, parent = #row}>> -> tensor<1x1xf32, #row>
    %sum3 = tt.reshape %sum2 : tensor<1x1xf32, #row> -> tensor<1x1x1xf32, #nothing>
    %sum3v = ttg.convert_layout %sum3 : tensor<1x1x1xf32, #nothing> -> tensor<1x1x1xf32, #view>
    %every = tt.broadcast %sum3v : tensor<1x1x1xf32, #view> -> tensor<2x4x1024xf32, #view>
    %x3 = tt.reshape %x : tensor<1x8192xf32, #row> -> tensor<2x4x1024xf32, #view>
    %d3 = arith.subf %x3, %every : tensor<2x4x1024xf32, #view>
    %d = tt.reshape %d3 : tensor<2x4x1024xf32, #view> -> tensor<1x8192xf32, #row>
    %ob = tt.splat %out : !tt.ptr<f32> -> tensor<1x8192x!tt.ptr<f32>, #row>
    %op = tt.addptr %ob, %ie : tensor<1x8192x!tt.ptr<f32>, #row>, tensor<1x8192xi32, #row>
    tt.store %op, %d : tensor<1x8192x!tt.ptr<f32>, #row>
    tt.return
  }
}

// CHECK-DAG:  #[[NOTHING:.+]] = #ttg.linear<{register = [], lane = {{.+}}, warp = {{.+}}, block = []}>
// CHECK-DAG:  #[[VIEW:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>
// CHECK:      tt.func @centre_row({{.*}}status = "optimal"
// CHECK-NOT:  tensor<2x4x1024xf32, #[[NOTHING]]>
// CHECK:      %[[SUM3:.+]] = tt.reshape %{{.+}} -> tensor<1x1x1xf32, #[[NOTHING]]>
// CHECK-NEXT: %[[EVERY:.+]] = tt.broadcast %[[SUM3]] : tensor<1x1x1xf32, #[[NOTHING]]> -> tensor<2x4x1024xf32, #[[VIEW]]>
// CHECK-NOT:  tensor<2x4x1024xf32, #[[NOTHING]]>
// CHECK:      arith.subf %{{.+}}, %[[EVERY]] : tensor<2x4x1024xf32, #[[VIEW]]>
// CHECK-NOT:  tensor<2x4x1024xf32, #[[NOTHING]]>
// CHECK:      tt.return
