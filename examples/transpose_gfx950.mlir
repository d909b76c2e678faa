// A 64x64 f16 tile from rows of 8 halves a thread to columns of 4, on gfx950: each thread's
// column registers come from one transposing LDS read (ds_read_b64_tr_b16) per 4 registers.
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#columns = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx950"} {
  tt.func public @rows_to_columns(%x: tensor<64x64xf16, #rows>) -> tensor<64x64xf16, #columns> {
    // The conversion the plan lowers with transposing reads.
    %y = ttg.convert_layout %x : tensor<64x64xf16, #rows> -> tensor<64x64xf16, #columns>
    tt.return %y : tensor<64x64xf16, #columns>
  }
}
