// Rewrites that must not happen, and the options that go beyond Triton.
// RUN: layout-opt %s --split-input-file -p remove-redundant-conversions | filecheck %s
// RUN: layout-opt %s --split-input-file -p 'remove-redundant-conversions{try-without-propagation=false equal-layouts=false mma-to-dot-bailout=false}' | filecheck %s --check-prefix=TRITON

#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// Five exponentials also stored in #a would all be recomputed: 5 x 8 x 4096 plus the
// sitofp's 4096 exceed the conversion's 32 x 4096, so the conversion stays.
// CHECK-LABEL: @remat_costs_more
// CHECK-COUNT-5: math.exp
// CHECK: ttg.convert_layout
// CHECK-NOT: math.exp
// CHECK: tt.return
// TRITON-LABEL: @remat_costs_more
// TRITON: ttg.convert_layout
// Triton keeps: tensor<1024xf32>
tt.func @remat_costs_more(%pa: !tt.ptr<f32>, %pb: !tt.ptr<f32>) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #a>
  %f = arith.sitofp %r : tensor<1024xi32, #a> to tensor<1024xf32, #a>
  %e1 = math.exp %f : tensor<1024xf32, #a>
  %e2 = math.exp %e1 : tensor<1024xf32, #a>
  %e3 = math.exp %e2 : tensor<1024xf32, #a>
  %e4 = math.exp %e3 : tensor<1024xf32, #a>
  %e5 = math.exp %e4 : tensor<1024xf32, #a>
  %sa = tt.splat %pa : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #a>
  %qa = tt.addptr %sa, %r : tensor<1024x!tt.ptr<f32>, #a>, tensor<1024xi32, #a>
  tt.store %qa, %e5 : tensor<1024x!tt.ptr<f32>, #a>
  %c = ttg.convert_layout %e5 : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
  %rb = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
  %sb = tt.splat %pb : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b>
  %qb = tt.addptr %sb, %rb : tensor<1024x!tt.ptr<f32>, #b>, tensor<1024xi32, #b>
  tt.store %qb, %c : tensor<1024x!tt.ptr<f32>, #b>
  tt.return
}

// Three cost 3 x 8 x 4096 plus 4096, less than the conversion: they are recomputed in #b.
// CHECK-LABEL: @remat_costs_less
// CHECK-NOT: ttg.convert_layout
// CHECK-COUNT-6: math.exp
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
// TRITON-LABEL: @remat_costs_less
// TRITON-NOT: ttg.convert_layout
// TRITON: tt.return
// Triton keeps: none
tt.func @remat_costs_less(%pa: !tt.ptr<f32>, %pb: !tt.ptr<f32>) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #a>
  %f = arith.sitofp %r : tensor<1024xi32, #a> to tensor<1024xf32, #a>
  %e1 = math.exp %f : tensor<1024xf32, #a>
  %e2 = math.exp %e1 : tensor<1024xf32, #a>
  %e3 = math.exp %e2 : tensor<1024xf32, #a>
  %sa = tt.splat %pa : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #a>
  %qa = tt.addptr %sa, %r : tensor<1024x!tt.ptr<f32>, #a>, tensor<1024xi32, #a>
  tt.store %qa, %e3 : tensor<1024x!tt.ptr<f32>, #a>
  %c = ttg.convert_layout %e3 : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
  %rb = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
  %sb = tt.splat %pb : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b>
  %qb = tt.addptr %sb, %rb : tensor<1024x!tt.ptr<f32>, #b>, tensor<1024xi32, #b>
  tt.store %qb, %c : tensor<1024x!tt.ptr<f32>, #b>
  tt.return
}
}

// -----

#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// The load in #b propagates first and Triton's first-offered rule puts the maxnumf in
// #b, which then needs two conversions (of %x and for the store).  Without forward
// propagation one conversion stays, so that result is kept.
// CHECK-LABEL: @propagation_would_add_a_conversion
// CHECK-COUNT-1: ttg.convert_layout
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
// TRITON-LABEL: @propagation_would_add_a_conversion
// TRITON-COUNT-2: ttg.convert_layout
// TRITON-NOT: ttg.convert_layout
// TRITON: tt.return
// Triton keeps: tensor<1024xf32>, tensor<1024xf32>
tt.func @propagation_would_add_a_conversion(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %ra = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #a>
  %sa = tt.splat %in : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #a>
  %pa = tt.addptr %sa, %ra : tensor<1024x!tt.ptr<f32>, #a>, tensor<1024xi32, #a>
  %x = tt.load %pa : tensor<1024x!tt.ptr<f32>, #a>
  %rb = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
  %sb = tt.splat %in : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b>
  %pb = tt.addptr %sb, %rb : tensor<1024x!tt.ptr<f32>, #b>, tensor<1024xi32, #b>
  %y = tt.load %pb : tensor<1024x!tt.ptr<f32>, #b>
  %c = ttg.convert_layout %y : tensor<1024xf32, #b> -> tensor<1024xf32, #a>
  %m = arith.maxnumf %x, %c : tensor<1024xf32, #a>
  %so = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #a>
  %po = tt.addptr %so, %ra : tensor<1024x!tt.ptr<f32>, #a>, tensor<1024xi32, #a>
  tt.store %po, %m : tensor<1024x!tt.ptr<f32>, #a>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// #linear spells out #blocked's layout at 32x16, so the conversion moves nothing and the
// reduction can read the argument.  A reduction's result must be exactly the slice of its
// operand's encoding (Triton's verifier compares the types), so the row is converted back
// before the return, between two slices with equal layouts: no data moves.  Triton
// propagates #linear the same way.
// CHECK-LABEL: @equal_layouts
// CHECK: "tt.reduce"(%arg0)
// CHECK: (tensor<32x16xf32, #linear>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #linear}>>
// CHECK-NEXT: ttg.convert_layout %{{.+}} : tensor<32xf32, #ttg.slice<{dim = 1, parent = #linear}>> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: tt.return
// TRITON-LABEL: @equal_layouts
// TRITON: ttg.convert_layout %{{.+}} : tensor<32xf32, #ttg.slice<{dim = 1, parent = #linear}>> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// Triton keeps: tensor<32xf32>
tt.func @equal_layouts(%arg0: tensor<32x16xf32, #linear>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
  %0 = ttg.convert_layout %arg0 : tensor<32x16xf32, #linear> -> tensor<32x16xf32, #blocked>
  %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  tt.return %1 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#dot = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// Triton will not fold an nvidia_mma -> dot_op conversion into the one before it (a
// heuristic for fused attention); with the bail-out off the pair becomes one conversion.
// The loop keeps forward propagation and rematerialisation away from %x.
// CHECK-LABEL: @mma_to_dot_bailout
// CHECK: %[[M:.+]] = ttg.convert_layout %[[X:.+]] : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #mma>
// CHECK-NEXT: ttg.convert_layout %[[M]] : tensor<64x32xf16, #mma> -> tensor<64x32xf16, #ttg.dot_op
// TRITON-LABEL: @mma_to_dot_bailout
// TRITON: %[[M:.+]] = ttg.convert_layout %[[X:.+]] : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #mma>
// TRITON-NEXT: ttg.convert_layout %[[X]] : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op
// Triton keeps: tensor<64x32xf16>, tensor<64x32xf16>
tt.func @mma_to_dot_bailout(%n: index) -> (tensor<64x32xf16, #mma>, tensor<64x32xf16, #dot>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant dense<1.0> : tensor<64x32xf16, #blocked>
  %x = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x32xf16, #blocked>) {
    %next = arith.addf %acc, %acc : tensor<64x32xf16, #blocked>
    scf.yield %next : tensor<64x32xf16, #blocked>
  }
  %0 = ttg.convert_layout %x : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #mma>
  %1 = ttg.convert_layout %0 : tensor<64x32xf16, #mma> -> tensor<64x32xf16, #dot>
  tt.return %0, %1 : tensor<64x32xf16, #mma>, tensor<64x32xf16, #dot>
}
}

// -----

#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// The row maxima are also returned in #a, so recomputing them in #b duplicates the
// reduction.  A maximum regroups exactly, and Triton prices the copy at its 4 lanes along
// the axis plus 8 x its 1 warp, far below the conversion's 32 x 128 B: it is recomputed.
// CHECK-LABEL: @remat_through_max_reduce
// CHECK-NOT: ttg.convert_layout
// CHECK-DAG: (tensor<32x16xf32, #{{.+}}>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[B:.+]]}>>
// CHECK-DAG: (tensor<32x16xf32, #{{.+}}>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[A:.+]]}>>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return %{{.+}}, %{{.+}} : tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[A]]}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[B]]}>>
// Triton keeps: none
tt.func @remat_through_max_reduce(%x: f32) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #a}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>) {
  %0 = tt.splat %x : f32 -> tensor<32x16xf32, #a>
  %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %m = arith.maxnumf %l, %r : f32
    tt.reduce.return %m : f32
  }) : (tensor<32x16xf32, #a>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #a}>>
  %2 = ttg.convert_layout %1 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #a}>> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
  tt.return %1, %2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #a}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
}

// The same with a float sum over 16 elements: it is not associative, so a copy computed
// in another layout could round differently, and Triton keeps the conversion.
// CHECK-LABEL: @no_remat_through_float_sum
// CHECK-COUNT-1: "tt.reduce"
// CHECK: ttg.convert_layout %{{.+}} : tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[A:.+]]}>> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[B:.+]]}>>
// CHECK-NOT: "tt.reduce"
// CHECK: tt.return
// TRITON-LABEL: @no_remat_through_float_sum
// TRITON: ttg.convert_layout
// Triton keeps: tensor<32xf32>
tt.func @no_remat_through_float_sum(%x: f32) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #a}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>) {
  %0 = tt.splat %x : f32 -> tensor<32x16xf32, #a>
  %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16xf32, #a>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #a}>>
  %2 = ttg.convert_layout %1 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #a}>> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
  tt.return %1, %2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #a}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
}
}

// -----

#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// A gather's result takes its indices' layout, whatever its source's: the indices' #b
// flows through the gather to the sum, and the source stays in #a.
// CHECK-LABEL: @gather_follows_its_indices
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.gather %src[%idx] {axis = 0 : i32} : (tensor<16x16xf16, #[[$A:.+]]>, tensor<16x16xi32, #[[$B:.+]]>) -> tensor<16x16xf16, #[[$B]]>
// CHECK-NEXT: arith.addf %{{.+}} : tensor<16x16xf16, #[[$B]]>
// CHECK-NEXT: tt.return
// Triton keeps: none
tt.func @gather_follows_its_indices(%src: tensor<16x16xf16, #a>, %idx: tensor<16x16xi32, #b>) -> tensor<16x16xf16, #b> {
  %0 = ttg.convert_layout %idx : tensor<16x16xi32, #b> -> tensor<16x16xi32, #a>
  %1 = tt.gather %src[%0] {axis = 0 : i32} : (tensor<16x16xf16, #a>, tensor<16x16xi32, #a>) -> tensor<16x16xf16, #a>
  %2 = arith.addf %1, %1 : tensor<16x16xf16, #a>
  %3 = ttg.convert_layout %2 : tensor<16x16xf16, #a> -> tensor<16x16xf16, #b>
  tt.return %3 : tensor<16x16xf16, #b>
}
}

// -----

#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// The loaded tile must be converted once (a load is not recomputed).  The exponential's
// slice stops at that conversion, which already holds %x in #b and comes first, so the
// exponential is recomputed from it instead of being converted too.
// CHECK-LABEL: @reuse_inside_slice
// CHECK: %[[X:.+]] = tt.load
// CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %[[X]]
// CHECK-NEXT: %[[Y:.+]] = math.exp %[[C]] : tensor<64x64xf32, #[[$B:.+]]>
// CHECK-NEXT: tt.return %[[C]], %[[Y]] : tensor<64x64xf32, #[[$B]]>, tensor<64x64xf32, #[[$B]]>
// Triton keeps: tensor<64x64xf32>
tt.func @reuse_inside_slice(%p: tensor<64x64x!tt.ptr<f32>, #a>) -> (tensor<64x64xf32, #b>, tensor<64x64xf32, #b>) {
  %x = tt.load %p : tensor<64x64x!tt.ptr<f32>, #a>
  %c1 = ttg.convert_layout %x : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
  %y = math.exp %x : tensor<64x64xf32, #a>
  %c2 = ttg.convert_layout %y : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
  tt.return %c1, %c2 : tensor<64x64xf32, #b>, tensor<64x64xf32, #b>
}

// The same, but the conversion of %x comes after the exponential: reading it there
// would not be dominated, so both conversions stay.
// CHECK-LABEL: @no_reuse_of_a_later_conversion
// CHECK-COUNT-2: ttg.convert_layout
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
// Triton keeps: tensor<64x64xf32>, tensor<64x64xf32>
tt.func @no_reuse_of_a_later_conversion(%p: tensor<64x64x!tt.ptr<f32>, #a>) -> (tensor<64x64xf32, #b>, tensor<64x64xf32, #b>) {
  %x = tt.load %p : tensor<64x64x!tt.ptr<f32>, #a>
  %y = math.exp %x : tensor<64x64xf32, #a>
  %c2 = ttg.convert_layout %y : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
  %c1 = ttg.convert_layout %x : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
  tt.return %c1, %c2 : tensor<64x64xf32, #b>, tensor<64x64xf32, #b>
}
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// The pass runs on builtin func.func as on tt.func.
// CHECK-LABEL: func.func @builtin_function
// CHECK-NOT: ttg.convert_layout
// CHECK: func.return %x
// TRITON-LABEL: func.func @builtin_function
// TRITON-NOT: ttg.convert_layout
// Triton keeps: none
  func.func @builtin_function(%x: tensor<32x32xf32, #b>) -> tensor<32x32xf32, #b> {
    %0 = ttg.convert_layout %x : tensor<32x32xf32, #b> -> tensor<32x32xf32, #b>
    func.return %0 : tensor<32x32xf32, #b>
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// Values rotated through a loop's iter_args: %b is yielded straight into the live first slot,
// so its own slot stays although the loop's second result is unused.
// CHECK-LABEL: @rotated_iter_args
// CHECK: scf.for %{{.+}} iter_args(%[[A:.+]] = %x, %[[B:.+]] = %y)
// CHECK-NEXT: scf.yield %[[B]], %[[A]]
// TRITON-LABEL: @rotated_iter_args
// Triton keeps: none
  tt.func @rotated_iter_args(%x: tensor<32x32xf32, #b>, %y: tensor<32x32xf32, #b>, %n: i32) -> tensor<32x32xf32, #b> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y) -> (tensor<32x32xf32, #b>, tensor<32x32xf32, #b>) : i32 {
      scf.yield %b, %a : tensor<32x32xf32, #b>, tensor<32x32xf32, #b>
    }
    tt.return %r#0 : tensor<32x32xf32, #b>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// A conversion to a dot operand whose slice ends at a constant is hoisted to the constant, as
// Triton's hoistConvertDotOperand does for loads or constants; declared-pure inline assembly moves
// no data, so the slice runs through it.
// CHECK-LABEL: @dot_operand_from_a_constant
// CHECK: arith.constant dense<1.000000e+00> : tensor<32x16xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.dot
// TRITON-LABEL: @dot_operand_from_a_constant
// TRITON-NOT: ttg.convert_layout
// Triton keeps: none
  tt.func @dot_operand_from_a_constant(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %c: tensor<64x16xf32, #mma>) -> tensor<64x16xf32, #mma> {
    %cst = arith.constant dense<1.000000e+00> : tensor<32x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %0 = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %cst : tensor<32x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %1 = ttg.convert_layout %0 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x16xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    %2 = tt.dot %a, %1, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x16xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x16xf32, #mma>
    tt.return %2 : tensor<64x16xf32, #mma>
  }
}
