// A loop-carried value is a choice too: its init, the body's argument, the value the body
// yields and the loop's result share the layout the solver picks.  Here a tile is loaded
// each trip in a layout whose lanes run down columns (each load touches 32 sectors) and
// added to an accumulator carried in rows.  Triton's pass, and ours, carry the
// accumulator in the load's layout and convert it before and after the loop;
// assign-layouts carries it in rows and computes the pointers in rows as well, so the
// loads coalesce and no conversion is left.
// RUN: layout-opt %s -p 'assign-layouts{verify=true}' 2>%t.remarks | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK < %t.remarks
// RUN: layout-opt %s -p remove-redundant-conversions | filecheck %s --check-prefix=REMOVE

#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @accumulate(%x: !tt.ptr<f32>, %out: tensor<64x64x!tt.ptr<f32>, #rows>, %init: tensor<64x64xf32, #rows>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c16 = arith.constant 16 : i32
    %pitch = arith.constant dense<64> : tensor<64x1xi32, #cols>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #cols}>>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #cols}>> -> tensor<64x1xi32, #cols>
    %row_starts = arith.muli %re, %pitch : tensor<64x1xi32, #cols>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #cols}>>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #cols}>> -> tensor<1x64xi32, #cols>
    %rb = tt.broadcast %row_starts : tensor<64x1xi32, #cols> -> tensor<64x64xi32, #cols>
    %cb = tt.broadcast %ce : tensor<1x64xi32, #cols> -> tensor<64x64xi32, #cols>
    %offsets = arith.addi %rb, %cb : tensor<64x64xi32, #cols>
    %base = tt.splat %x : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #cols>
    %ptrs = tt.addptr %base, %offsets : tensor<64x64x!tt.ptr<f32>, #cols>, tensor<64x64xi32, #cols>
    %sum = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32, #rows>) : i32 {
      %tile = tt.load %ptrs : tensor<64x64x!tt.ptr<f32>, #cols>
      %acc_cols = ttg.convert_layout %acc : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
      %next = arith.addf %acc_cols, %tile : tensor<64x64xf32, #cols>
      %next_rows = ttg.convert_layout %next : tensor<64x64xf32, #cols> -> tensor<64x64xf32, #rows>
      scf.yield %next_rows : tensor<64x64xf32, #rows>
    }
    tt.store %out, %sum : tensor<64x64x!tt.ptr<f32>, #rows>
    tt.return
  }
}

// CHECK:     #[[ROWS:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NOT: ttg.convert_layout
// CHECK:     %[[PTRS:.+]] = tt.addptr {{.*}} : tensor<64x64x!tt.ptr<f32>, #[[ROWS]]>
// CHECK:     %[[SUM:.+]] = scf.for {{.*}} iter_args(%[[ACC:.+]] = %init) -> (tensor<64x64xf32, #[[ROWS]]>)
// CHECK-NEXT:  %[[TILE:.+]] = tt.load %[[PTRS]] : tensor<64x64x!tt.ptr<f32>, #[[ROWS]]>
// CHECK-NEXT:  %[[NEXT:.+]] = arith.addf %[[ACC]], %[[TILE]] : tensor<64x64xf32, #[[ROWS]]>
// CHECK-NEXT:  scf.yield %[[NEXT]] : tensor<64x64xf32, #[[ROWS]]>
// CHECK:     tt.store %out, %[[SUM]]
// CHECK-NOT: ttg.convert_layout

// REMARK: loop-carried.mlir:15:3: remark: @accumulate: modelled cost 9763, lower bound 9763, gap 0.0%, optimal; remove-redundant-conversions: 67299

// REMOVE:      ttg.convert_layout %init
// REMOVE:      scf.for
// REMOVE:      ttg.convert_layout %sum
