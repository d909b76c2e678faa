#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  %0 = "test.op"() : () -> tensor<32x32xf16, #blocked>
  %1 = ttg.convert_layout %0 : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #mma>
  %2 = ttg.convert_layout %1 : tensor<32x32xf16, #mma> -> tensor<32x32xf16, #blocked>
  "test.op"(%2) : (tensor<32x32xf16, #blocked>) -> ()
}
