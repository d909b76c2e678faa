// A kernel that loads a row of 1024 floats, converts it to another layout for one
// elementwise op and back for the store. Both conversions move data for nothing: the add
// can run in the layout the data arrives in.
//
// Run: layout-opt examples/redundant_conversions.mlir -p remove-redundant-conversions

#coalesced = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#strided = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @add_one(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %offsets = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #coalesced>
    %in_ptrs = tt.splat %in : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #coalesced>
    %in_at = tt.addptr %in_ptrs, %offsets : tensor<1024x!tt.ptr<f32>, #coalesced>, tensor<1024xi32, #coalesced>
    %x = tt.load %in_at : tensor<1024x!tt.ptr<f32>, #coalesced>
    %x_strided = ttg.convert_layout %x : tensor<1024xf32, #coalesced> -> tensor<1024xf32, #strided>
    %one = arith.constant dense<1.000000e+00> : tensor<1024xf32, #strided>
    %y_strided = arith.addf %x_strided, %one : tensor<1024xf32, #strided>
    %y = ttg.convert_layout %y_strided : tensor<1024xf32, #strided> -> tensor<1024xf32, #coalesced>
    %out_ptrs = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #coalesced>
    %out_at = tt.addptr %out_ptrs, %offsets : tensor<1024x!tt.ptr<f32>, #coalesced>, tensor<1024xi32, #coalesced>
    tt.store %out_at, %y : tensor<1024x!tt.ptr<f32>, #coalesced>
    tt.return
  }
}
