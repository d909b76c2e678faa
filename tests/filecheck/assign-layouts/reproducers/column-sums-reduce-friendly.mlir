// Column sums of a 256x32 tile, as in a change proposed publicly to Triton's reductions:
// converting the coalesced tile to a reduce-friendly layout (each warp's lanes down a
// column, so the sums stay within warps) made the kernel faster there, and removing that
// conversion by loading in the reduce-friendly layout made it slower.  The model agrees
// on the second point: a load with lanes down the columns touches a sector per lane and
// is priced far above the conversion, so no load here is ever made in that layout.  It
// does not reproduce the first: it prices the conversion of the whole tile above the
// cross-warp stage of the reduction (the proposal measured an ordered reduction whose
// lowering this model does not know), so assign-layouts, like Triton 3.9, reduces in the
// loaded layout; it also stores the 32 sums from the reduction's layout, where Triton
// converts them.
// RUN: layout-opt %s -p assign-layouts 2>/dev/null | filecheck %s

#coalesced = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#friendly = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @column_sums(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %pitch = arith.constant dense<32> : tensor<256x1xi32, #coalesced>
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 1, parent = #coalesced}>>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<256xi32, #ttg.slice<{dim = 1, parent = #coalesced}>> -> tensor<256x1xi32, #coalesced>
    %rows = arith.muli %re, %pitch : tensor<256x1xi32, #coalesced>
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #coalesced}>>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #coalesced}>> -> tensor<1x32xi32, #coalesced>
    %rb = tt.broadcast %rows : tensor<256x1xi32, #coalesced> -> tensor<256x32xi32, #coalesced>
    %cb = tt.broadcast %ce : tensor<1x32xi32, #coalesced> -> tensor<256x32xi32, #coalesced>
    %offs = arith.addi %rb, %cb : tensor<256x32xi32, #coalesced>
    %base = tt.splat %x : !tt.ptr<f32> -> tensor<256x32x!tt.ptr<f32>, #coalesced>
    %ptrs = tt.addptr %base, %offs : tensor<256x32x!tt.ptr<f32>, #coalesced>, tensor<256x32xi32, #coalesced>
    %tile = tt.load %ptrs : tensor<256x32x!tt.ptr<f32>, #coalesced>
    %moved = ttg.convert_layout %tile : tensor<256x32xf32, #coalesced> -> tensor<256x32xf32, #friendly>
    %sums = "tt.reduce"(%moved) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<256x32xf32, #friendly>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #friendly}>>
    %oi = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #friendly}>>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #friendly}>>
    %optrs = tt.addptr %os, %oi : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #friendly}>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #friendly}>>
    tt.store %optrs, %sums : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #friendly}>>
    tt.return
  }
}

// CHECK-NOT:  threadsPerWarp = [32, 1], warpsPerCTA = [1, 4]
// CHECK:      #[[COALESCED:.+]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NOT:  threadsPerWarp = [32, 1], warpsPerCTA = [1, 4]
// CHECK:      tt.func @column_sums({{.*}}status = "optimal"
// CHECK-NOT:  ttg.convert_layout
// CHECK:      %[[TILE:.+]] = tt.load %{{.+}} : tensor<256x32x!tt.ptr<f32>, #[[COALESCED]]>
// CHECK-NEXT: %[[SUMS:.+]] = "tt.reduce"(%[[TILE]]) <{axis = 0 : i32}>
// CHECK:      }) : (tensor<256x32xf32, #[[COALESCED]]>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #[[COALESCED]]}>>
// CHECK-NOT:  ttg.convert_layout
// CHECK:      tt.store %{{.+}}, %[[SUMS]] : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #[[COALESCED]]}>>
