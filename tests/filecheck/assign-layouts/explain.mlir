// assign-layouts{explain=true} says at each conversion it leaves why it pays: what reads it,
// what makes its operand, and what the cheapest assignment without it would cost.  Here
// bytes are loaded in one layout, widened to f32 and stored in another: the conversion
// moves the i8 values before the widening rather than four times the bytes after it.
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
// CHECK:      explain.mlir:11:3: remark: @widen: modelled cost 16728, lower bound 16728, gap 0.0%, optimal; remove-redundant-conversions: 17232
// CHECK-NEXT: explain.mlir:13:5: remark: the conversion to tensor<128x64xi8, #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>> pays: arith.sitofp at 13:5 read it, tt.load at 12:5 makes its operand; without it the cheapest assignment costs 17136 (+408)

// IR:      %x = tt.load %in : tensor<128x64x!tt.ptr<i8>, #[[ROWS:.+]]>
// IR-NEXT: %[[NARROW:.+]] = ttg.convert_layout %x : tensor<128x64xi8, #[[ROWS]]> -> tensor<128x64xi8, #[[COLS:.+]]>
// IR-NEXT: %y = arith.sitofp %[[NARROW]] : tensor<128x64xi8, #[[COLS]]> to tensor<128x64xf32, #[[COLS]]>
// IR-NEXT: tt.store %out, %y : tensor<128x64x!tt.ptr<f32>, #[[COLS]]>
