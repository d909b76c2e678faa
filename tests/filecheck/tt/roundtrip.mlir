// tt ops print as Triton prints them, and what they print parses back to the same text.
// RUN: layout-opt %s --verify-roundtrip | filecheck %s

#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#r = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#p = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#u = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @data_indexed
// CHECK-NEXT: %0 = tt.histogram %x : tensor<256xi32, #[[$R:.+]]> -> tensor<64xi32, #[[$R]]>
// CHECK-NEXT: %1 = tt.histogram %x, %m : tensor<256xi32, #[[$R]]> -> tensor<64xi32, #[[$R]]>
// CHECK-NEXT: %2 = tt.gather %s[%i] {axis = 1 : i32} : (tensor<16x32xf16, #[[$A:.+]]>, tensor<16x8xi32, #[[$A]]>) -> tensor<16x8xf16, #[[$A]]>
// CHECK-NEXT: %3 = tt.gather %s[%i] {axis = 1 : i32, efficient_layout} : (tensor<16x32xf16, #[[$A]]>, tensor<16x8xi32, #[[$A]]>) -> tensor<16x8xf16, #[[$A]]>
tt.func @data_indexed(%x: tensor<256xi32, #r>, %m: tensor<256xi1, #r>, %s: tensor<16x32xf16, #a>, %i: tensor<16x8xi32, #a>) {
  %0 = tt.histogram %x : tensor<256xi32, #r> -> tensor<64xi32, #r>
  %1 = tt.histogram %x, %m : tensor<256xi32, #r> -> tensor<64xi32, #r>
  %2 = tt.gather %s[%i] {axis = 1 : i32} : (tensor<16x32xf16, #a>, tensor<16x8xi32, #a>) -> tensor<16x8xf16, #a>
  %3 = tt.gather %s[%i] {axis = 1 : i32, efficient_layout} : (tensor<16x32xf16, #a>, tensor<16x8xi32, #a>) -> tensor<16x8xf16, #a>
  tt.return
}
}

#j = #ttg.blocked<{sizePerThread = [1, 8, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @combine_and_elementwise
// CHECK-NEXT: %0 = tt.join %a, %a : tensor<16x32xf16, #[[$A2:.+]]> -> tensor<16x32x2xf16, #[[$J:.+]]>
// CHECK-NEXT: %1, %2 = tt.split %0 : tensor<16x32x2xf16, #[[$J]]> -> tensor<16x32xf16, #[[$A2]]>
// CHECK-NEXT: %3 = tt.cat %x, %x : tensor<256xi32, #[[$R2:.+]]> -> tensor<512xi32, #[[$R2]]>
// CHECK-NEXT: %4 = tt.bitcast %a : tensor<16x32xf16, #[[$A2]]> -> tensor<16x32xi16, #[[$A2]]>
// CHECK-NEXT: %5 = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<256xi32, #[[$R2]]> -> tensor<256xi32, #[[$R2]]>
// CHECK-NEXT: %6 = tt.extern_elementwise %a {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_exp2f"} : (tensor<16x32xf16, #[[$A2]]>) -> tensor<16x32xf16, #[[$A2]]>
// CHECK-NEXT: %7 = scf.if %c -> (tensor<256xi32, #[[$R2]]>) {
// CHECK:      %8 = scf.for %i = %lo to %hi step %lo iter_args(%acc = %x) -> (tensor<256xi32, #[[$R2]]>) : i32 {
// CHECK:      tt.print "x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<256xi32, #[[$R2]]>
// CHECK-NEXT: tt.assert %c, "c must hold" : i1
tt.func @combine_and_elementwise(%a: tensor<16x32xf16, #a>, %x: tensor<256xi32, #r>, %c: i1, %lo: i32, %hi: i32) {
  %0 = tt.join %a, %a : tensor<16x32xf16, #a> -> tensor<16x32x2xf16, #j>
  %1, %2 = tt.split %0 : tensor<16x32x2xf16, #j> -> tensor<16x32xf16, #a>
  %3 = tt.cat %x, %x : tensor<256xi32, #r> -> tensor<512xi32, #r>
  %4 = tt.bitcast %a : tensor<16x32xf16, #a> -> tensor<16x32xi16, #a>
  %5 = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<256xi32, #r> -> tensor<256xi32, #r>
  %6 = tt.extern_elementwise %a {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_exp2f"} : (tensor<16x32xf16, #a>) -> tensor<16x32xf16, #a>
  %7 = scf.if %c -> tensor<256xi32, #r> {
    scf.yield %x : tensor<256xi32, #r>
  } else {
    scf.yield %5 : tensor<256xi32, #r>
  }
  %8 = scf.for %i = %lo to %hi step %lo iter_args(%acc = %x) -> tensor<256xi32, #r> : i32 {
    scf.yield %acc : tensor<256xi32, #r>
  }
  tt.print "x: " { hex = false, isSigned = array<i32: 1> } : %x : tensor<256xi32, #r>
  tt.assert %c, "c must hold" : i1
  tt.return
}

// CHECK-LABEL: @mma_era_ops
// CHECK-NEXT: %0 = ttg.fp4_to_fp %p {axis = 1 : i32} : tensor<32x32xi8, #[[$P:.+]]> -> tensor<32x64xbf16, #[[$U:.+]]>
// CHECK-NEXT: %1 = ttg.local_alloc %h
// CHECK-NEXT: %2 = ttg.memdesc_trans %1 {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #{{.+}}, #smem> -> !ttg.memdesc<64x32xf16, #{{.+}}, #smem>
// CHECK-NEXT: %3 = "tt.scan"(%r) <{axis = 0 : i32, reverse = true}> ({
// CHECK: tt.scan.return %{{.+}} : i32
// CHECK: %4 = ttng.warp_group_dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA:.+]], kWidth = 2}>> * !ttg.memdesc<64x64xf16, #{{.+}}, #smem> -> tensor<64x64xf32, #[[$MMA]]>
// CHECK-NEXT: %5 = ttng.warp_group_dot %a, %b, %c, %t {isAsync = true} : tensor<64x64xf16, {{.+}}> * !ttg.memdesc<64x64xf16, {{.+}}> -> tensor<64x64xf32, #[[$MMA]]>
// CHECK-NEXT: %6, %7 = ttng.warp_group_dot_wait %4, %5 {pendings = 0 : i32} : tensor<64x64xf32, #[[$MMA]]>, tensor<64x64xf32, #[[$MMA]]>
// CHECK-NEXT: %8 = tt.dot_scaled %x scale %xs, %y, %acc lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<32x32xi8, #{{.+}}>, tensor<32x2xi8, #{{.+}}> * tensor<64x32xbf16, #{{.+}}> -> tensor<32x32xf32, #{{.+}}>
tt.func @mma_era_ops(%p: tensor<32x32xi8, #p>, %h: tensor<32x64xf16, #p>, %r: tensor<256xi32, #r>,
                     %a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                     %b: !ttg.memdesc<64x64xf16, #nv, #smem>, %c: tensor<64x64xf32, #mma>, %t: i1,
                     %x: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 8}>>, %xs: tensor<32x2xi8, #p>,
                     %y: tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 8}>>, %acc: tensor<32x32xf32, #mma2>) {
  %0 = ttg.fp4_to_fp %p {axis = 1 : i32} : tensor<32x32xi8, #p> -> tensor<32x64xbf16, #u>
  %1 = ttg.local_alloc %h : (tensor<32x64xf16, #p>) -> !ttg.memdesc<32x64xf16, #s0, #smem>
  %2 = ttg.memdesc_trans %1 {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #s0, #smem> -> !ttg.memdesc<64x32xf16, #s1, #smem>
  %3 = "tt.scan"(%r) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%l: i32, %k: i32):
    %m = arith.maxsi %l, %k : i32
    tt.scan.return %m : i32
  }) : (tensor<256xi32, #r>) -> tensor<256xi32, #r>
  %4 = ttng.warp_group_dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #nv, #smem> -> tensor<64x64xf32, #mma>
  %5 = ttng.warp_group_dot %a, %b, %c, %t {isAsync = true} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #nv, #smem> -> tensor<64x64xf32, #mma>
  %6:2 = ttng.warp_group_dot_wait %4, %5 {pendings = 0 : i32} : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  %8 = tt.dot_scaled %x scale %xs, %y, %acc lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 8}>>, tensor<32x2xi8, #p> * tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 8}>> -> tensor<32x32xf32, #mma2>
  tt.return
}
}

// A broadcast between two spellings of one layout (the row is #bc's layout at 1x2x1).
#bc = #ttg.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [1, 1, 1], warpsPerCTA = [1, 1, 1], order = [0, 1, 2]}>
#row = #ttg.linear<{register = [[0, 1, 0]], lane = [], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 1 : i32} {
// CHECK-LABEL: @broadcast_between_spellings
// CHECK-NEXT: tt.broadcast %x : tensor<1x2x1xi32, #[[$ROW:.+]]> -> tensor<1x2x2xi32, #[[$BC:.+]]>
tt.func @broadcast_between_spellings(%x: tensor<1x2x1xi32, #row>) -> tensor<1x2x2xi32, #bc> {
  %0 = tt.broadcast %x : tensor<1x2x1xi32, #row> -> tensor<1x2x2xi32, #bc>
  tt.return %0 : tensor<1x2x2xi32, #bc>
}
}

// scf.execute_region keeps its yields, no_inline and attributes (xDSL's own drops them).
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @execute_regions
// CHECK:      %r = scf.execute_region -> i32 no_inline {
// CHECK-NEXT:   %c = arith.constant 1 : i32
// CHECK-NEXT:   scf.yield %c : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.execute_region {
// CHECK-NEXT:   tt.store %ptr, %v : !tt.ptr<f32>
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: } {triton.warp_pipeline.stage = "load"}
tt.func @execute_regions(%ptr: !tt.ptr<f32>, %v: f32) {
  %r = scf.execute_region -> i32 no_inline {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  scf.execute_region {
    tt.store %ptr, %v : !tt.ptr<f32>
    scf.yield
  } {triton.warp_pipeline.stage = "load"}
  tt.return
}

// A scalar fp_to_fp, launch-grid reads keeping their attributes, gpu.barrier in custom form.
// CHECK-LABEL: tt.func @scalars_and_grid
// CHECK-NEXT:   %0 = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FN
// CHECK-NEXT:   %1 = tt.fp_to_fp %y : f16 -> f32
// CHECK-NEXT:   %2 = tt.get_program_id y {async_task_id = array<i32: 0>} : i32
// CHECK-NEXT:   %3 = tt.get_num_programs z {async_task_id = array<i32: 1>} : i32
// CHECK-NEXT:   gpu.barrier
tt.func @scalars_and_grid(%x: f32, %y: f16) {
  %0 = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FN
  %1 = tt.fp_to_fp %y : f16 -> f32
  %2 = tt.get_program_id y {async_task_id = array<i32: 0>} : i32
  %3 = tt.get_num_programs z {async_task_id = array<i32: 1>} : i32
  "gpu.barrier"() : () -> ()
  tt.return
}

// A property the op does not declare is ignored, as MLIR does (newer Triton writes
// `reduction_ordering` on tt.reduce; Triton 3.9 reads it as a plain reduction).
// CHECK-LABEL: tt.func @undeclared_property
// CHECK: "tt.reduce"(%x) <{axis = 0 : i32}> ({
tt.func @undeclared_property(%x: tensor<32xf32>) -> f32 {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32, reduction_ordering = "inner_tree"}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32xf32>) -> f32
  tt.return %0 : f32
}
}

#q = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @addresses_and_scalars
// CHECK-NEXT: %0 = tt.unsplat %one : tensor<1xf32, #[[$Q:.+]]>
// CHECK-NEXT: %1 = tt.int_to_ptr %a : i64 -> !tt.ptr<f16>
// CHECK-NEXT: %2 = tt.int_to_ptr %as : tensor<128xi64, #[[$Q]]> -> tensor<128x!tt.ptr<f16>, #[[$Q]]>
// CHECK-NEXT: %3 = tt.ptr_to_int %p : !tt.ptr<i32> -> i64
// CHECK-NEXT: %4 = tt.ptr_to_int %ps : tensor<128x!tt.ptr<i32>, #[[$Q]]> -> tensor<128xi64, #[[$Q]]>
// CHECK-NEXT: %5 = tt.unsplat %one {ttg.partition = array<i32: 1>} : tensor<1xf32, #[[$Q]]>
tt.func @addresses_and_scalars(%one: tensor<1xf32, #q>, %a: i64, %as: tensor<128xi64, #q>, %p: !tt.ptr<i32>, %ps: tensor<128x!tt.ptr<i32>, #q>) {
  %0 = tt.unsplat %one : tensor<1xf32, #q>
  %1 = tt.int_to_ptr %a : i64 -> !tt.ptr<f16>
  %2 = tt.int_to_ptr %as : tensor<128xi64, #q> -> tensor<128x!tt.ptr<f16>, #q>
  %3 = tt.ptr_to_int %p : !tt.ptr<i32> -> i64
  %4 = tt.ptr_to_int %ps : tensor<128x!tt.ptr<i32>, #q> -> tensor<128xi64, #q>
  %5 = tt.unsplat %one {ttg.partition = array<i32: 1>} : tensor<1xf32, #q>
  tt.return
}
}
