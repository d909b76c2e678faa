// assign-layouts{explain=true} says at each conversion it leaves why it pays: what reads it,
// what makes its operand, and what the cheapest assignment without it would cost.  Here
// the output pointers arrive in a layout whose stores would not coalesce (row-major
// pointers, columns across lanes): converting the pointers lets the store go out in the
// loaded layout, and keeping the data in it spares a conversion of the wider f32 values.
// RUN: layout-opt %s -p 'assign-layouts{explain=true}' 2>&1 >/dev/null | filecheck %s
// RUN: layout-opt %s -p 'assign-layouts' | filecheck %s --check-prefix=IR

#rows = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @widen(%in: tensor<128x64x!tt.ptr<i8>, #rows>, %out: tensor<128x64x!tt.ptr<f32>, #cols>) {
    %x = tt.load %in : tensor<128x64x!tt.ptr<i8>, #rows>
    %y = arith.sitofp %x : tensor<128x64xi8, #rows> to tensor<128x64xf32, #rows>
    %z = ttg.convert_layout %y : tensor<128x64xf32, #rows> -> tensor<128x64xf32, #cols>
    tt.store %out, %z : tensor<128x64x!tt.ptr<f32>, #cols>
    tt.return
  }
}
// CHECK:      explain.mlir:12:3: remark: @widen: modelled cost 3204, lower bound 3204, gap 0.0%, optimal; remove-redundant-conversions: 9492
// CHECK-NEXT: explain.mlir:16:5: remark: the conversion to tensor<128x64x!tt.ptr<f32>, #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>> pays: tt.store at 16:5 read it, an argument makes its operand; without it the cheapest assignment costs 8988 (+5784)

// IR:      %[[P:.+]] = ttg.convert_layout %out : tensor<128x64x!tt.ptr<f32>, #[[COLS:.+]]> -> tensor<128x64x!tt.ptr<f32>, #[[ROWS:.+]]>
// IR:      %y = arith.sitofp %x : tensor<128x64xi8, #[[ROWS]]> to tensor<128x64xf32, #[[ROWS]]>
// IR-NEXT: tt.store %[[P]], %y : tensor<128x64x!tt.ptr<f32>, #[[ROWS]]>
