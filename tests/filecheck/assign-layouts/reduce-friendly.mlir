// assign-layouts prices the whole kernel and generates the reduce-friendly layout of each
// reduction: the tile's layout with its warps moved off the reduced axis.  Loading in it
// costs the same (each warp's lanes still read whole rows), and the reduction then stays
// within each warp: no shared-memory exchange, no barriers, a quarter of the shuffles.
// The row sums are converted to a plain layout for the store, which is cheaper than
// storing them from the lanes that hold copies.  remove-redundant-conversions keeps the
// warps on the axis, as Triton's pass does.
// RUN: layout-opt %s -p assign-layouts 2>%t.remarks | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK < %t.remarks
// RUN: layout-opt %s -p remove-redundant-conversions | filecheck %s --check-prefix=REMOVE
// RUN: layout-opt %s -p 'assign-layouts{objective=count}' 2>&1 >/dev/null | filecheck %s --check-prefix=COUNT
// RUN: layout-opt %s -p 'assign-layouts{verify=true}' 2>/dev/null | layout-tool cost - | filecheck %s --check-prefix=COST

#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#flat = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_sums(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %pitch = arith.constant dense<128> : tensor<64x1xi32, #rows>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #rows}>>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<64x1xi32, #rows>
    %row_starts = arith.muli %re, %pitch : tensor<64x1xi32, #rows>
    %base = tt.splat %x : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>, #rows>
    %row_ptrs = tt.addptr %base, %row_starts : tensor<64x1x!tt.ptr<f32>, #rows>, tensor<64x1xi32, #rows>
    %c = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #rows}>>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #rows}>> -> tensor<1x128xi32, #rows>
    %rb = tt.broadcast %row_ptrs : tensor<64x1x!tt.ptr<f32>, #rows> -> tensor<64x128x!tt.ptr<f32>, #rows>
    %cb = tt.broadcast %ce : tensor<1x128xi32, #rows> -> tensor<64x128xi32, #rows>
    %ptrs = tt.addptr %rb, %cb : tensor<64x128x!tt.ptr<f32>, #rows>, tensor<64x128xi32, #rows>
    %tile = tt.load %ptrs : tensor<64x128x!tt.ptr<f32>, #rows>
    %sums = "tt.reduce"(%tile) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<64x128xf32, #rows>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #rows}>>
    %flat_sums = ttg.convert_layout %sums : tensor<64xf32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<64xf32, #flat>
    %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #flat>
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #flat>
    %out_ptrs = tt.addptr %o, %i : tensor<64x!tt.ptr<f32>, #flat>, tensor<64xi32, #flat>
    tt.store %out_ptrs, %flat_sums : tensor<64x!tt.ptr<f32>, #flat>
    tt.return
  }
}
// CHECK:     #[[FRIENDLY:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK:     tt.func @row_sums({{.*}}) attributes {assign_layouts = {objective = "cost", cost = 1.435000e+03 : f64, lower_bound = 1.435000e+03 : f64, gap = 0.000000e+00 : f64, status = "optimal"}}
// CHECK:     %[[TILE:.+]] = tt.load %{{.+}} : tensor<64x128x!tt.ptr<f32>, #[[FRIENDLY]]>
// CHECK:     %[[SUMS:.+]] = "tt.reduce"(%[[TILE]])
// CHECK:     }) : (tensor<64x128xf32, #[[FRIENDLY]]>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[FRIENDLY]]}>>
// CHECK:     %[[FLAT:.+]] = ttg.convert_layout %[[SUMS]]
// CHECK:     tt.store %{{.+}}, %[[FLAT]]

// REMARK: reduce-friendly.mlir:17:3: remark: @row_sums: modelled cost 1435, lower bound 1435, gap 0.0%, optimal; remove-redundant-conversions: 3031

// REMOVE: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// REMOVE: ttg.convert_layout

// COUNT: remark: @row_sums: conversions 0, lower bound 0, gap 0.0%, optimal; remove-redundant-conversions: 1

// COST:      @row_sums on cuda:80: 1435 warp instruction issues per warp
// COST-NEXT:   assign-layouts (cost): lower bound 1435, gap 0.0%, optimal
// COST-NEXT:   conversions 38
// COST-NEXT:   memory 1105
// COST-NEXT:   shared 0
// COST-NEXT:   reductions 288

// An option no spelling allows is a located error, exit status 1, nothing on stdout.
// RUN: not layout-opt %s -p 'assign-layouts{objective=fast}' 2>&1 >/dev/null | filecheck %s --check-prefix=BAD
// RUN: not layout-opt %s -p 'assign-layouts{objective=fast}' 2>/dev/null | wc -c | filecheck %s --check-prefix=EMPTY
// BAD:      <pass-pipeline>:1:16: error: 'objective' must be cost or count, got 'fast'
// BAD-NEXT: assign-layouts{objective=fast}
// BAD-NOT:  Traceback
// EMPTY:    {{^ *0$}}
