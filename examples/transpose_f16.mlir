// A 128x64 f16 tile read row-wise and needed column-wise: the two layouts share
// one register bit, so plain vectors would be 32 bits wide; ldmatrix.trans loads
// 128 bits a lane.  Try: layout-tool plan examples/transpose_f16.mlir --target cuda:80
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @transpose(%x: tensor<128x64xf16, #rows>) -> tensor<128x64xf16, #cols> {
    %y = ttg.convert_layout %x : tensor<128x64xf16, #rows> -> tensor<128x64xf16, #cols>
    tt.return %y : tensor<128x64xf16, #cols>
  }
}
