// A load and a store whose layouts differ, linked through an advanced pointer, as
// reported publicly against Intel's Triton backend: the tile is loaded in a vectorised
// layout and the new tile, which arrives in another, is converted to it for the store.
// Removing that conversion means storing in the new tile's layout, which there would have
// cost a conversion of the load's pointers, and no heuristic said which pays.  Both
// Triton 3.9 and this repository's dialect lack tt.make_tensor_ptr and tt.advance, so
// here the block pointer is a tensor of pointers built from ranges and the advance a
// tt.addptr of a splat offset.  assign-layouts removes the conversion: the pointer
// arithmetic is recomputed in the new tile's layout for the store (each warp still writes
// 64 contiguous bytes at a time), while the load keeps its 128-bit vectors.
// RUN: layout-opt %s -p assign-layouts 2>/dev/null | filecheck %s

#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>
#vec = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @exchange(%base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %new: tensor<4x128xf16, #rows>) -> tensor<4x128xf16, #vec> {
    %pitch = arith.constant dense<128> : tensor<4x1xi32, #vec>
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #vec}>>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #vec}>> -> tensor<4x1xi32, #vec>
    %rows = arith.muli %re, %pitch : tensor<4x1xi32, #vec>
    %c = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #vec}>>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #vec}>> -> tensor<1x128xi32, #vec>
    %rb = tt.broadcast %rows : tensor<4x1xi32, #vec> -> tensor<4x128xi32, #vec>
    %cb = tt.broadcast %ce : tensor<1x128xi32, #vec> -> tensor<4x128xi32, #vec>
    %offs = arith.addi %rb, %cb : tensor<4x128xi32, #vec>
    %b = tt.splat %base : !tt.ptr<f16> -> tensor<4x128x!tt.ptr<f16>, #vec>
    %tile = tt.addptr %b, %offs : tensor<4x128x!tt.ptr<f16>, #vec>, tensor<4x128xi32, #vec>
    %pid = tt.get_program_id x : i32
    %c512 = arith.constant 512 : i32
    %step = arith.muli %pid, %c512 : i32
    %steps = tt.splat %step : i32 -> tensor<4x128xi32, #vec>
    %adv = tt.addptr %tile, %steps : tensor<4x128x!tt.ptr<f16>, #vec>, tensor<4x128xi32, #vec>
    %old = tt.load %adv : tensor<4x128x!tt.ptr<f16>, #vec>
    %newv = ttg.convert_layout %new : tensor<4x128xf16, #rows> -> tensor<4x128xf16, #vec>
    tt.store %adv, %newv : tensor<4x128x!tt.ptr<f16>, #vec>
    tt.return %old : tensor<4x128xf16, #vec>
  }
}

// CHECK-DAG:  #[[ROWS:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>
// CHECK-DAG:  #[[VEC:.+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK:      tt.func @exchange(%{{.+}}, %[[NEW:.+]]: tensor<4x128xf16, #[[ROWS]]>) {{.*}}status = "optimal"
// CHECK-NOT:  ttg.convert_layout
// CHECK:      %[[OLD:.+]] = tt.load %{{.+}} : tensor<4x128x!tt.ptr<f16>, #[[VEC]]>
// CHECK-NEXT: tt.store %{{.+}}, %[[NEW]] : tensor<4x128x!tt.ptr<f16>, #[[ROWS]]>
// CHECK-NEXT: tt.return %[[OLD]] : tensor<4x128xf16, #[[VEC]]>
