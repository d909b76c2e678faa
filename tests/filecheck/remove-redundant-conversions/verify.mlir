// The proof behind verify=true passes the rewrites Triton's kernels need, and runs what they
// contain: an unused tensor-memory buffer and read the pass erases, as Triton 3.9 does (a read
// is no observation, nor is a buffer that nothing reads), blocks
// joined by branches, warp-specialised partitions, scf.execute_region, a loop with a negative
// step, odd integer widths, and an argument of 2^31 elements (held in part, not allocated).
// RUN: layout-opt %s --split-input-file -p 'remove-redundant-conversions{verify=true}' 2>&1 | filecheck %s
// CHECK-NOT: error
// CHECK-NOT: Traceback

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:100"} {
  // CHECK-LABEL: tt.func @unused_tmem_load
  // CHECK-NEXT:    tt.return
  tt.func @unused_tmem_load() {
    %c = arith.constant dense<0.0> : tensor<128x128xf32, #blocked>
    %m = ttng.tmem_alloc %c : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %v = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    tt.return
  }
}

// -----

// CHECK-LABEL: tt.func @blocks
module {
  tt.func @blocks(%c: i1, %x: i32) -> i32 {
    cf.cond_br %c, ^a, ^b(%x : i32)
  ^a:
    %y = arith.muli %x, %x : i32
    cf.br ^b(%y : i32)
  ^b(%z: i32):
    tt.return %z : i32
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @partitions
  // CHECK-NOT:     ttg.convert_layout
  // CHECK:         ttg.warp_return
  tt.func @partitions(%p: !tt.ptr<i32>, %x: tensor<128xi32, #b>) {
    ttg.warp_specialize(%p, %x)
    default {
      ttg.warp_yield
    }
    partition0(%q: !tt.ptr<i32>, %v: tensor<128xi32, #b>) num_warps(4) {
      %w = ttg.convert_layout %v : tensor<128xi32, #b> -> tensor<128xi32, #c>
      %u = ttg.convert_layout %w : tensor<128xi32, #c> -> tensor<128xi32, #b>
      %qs = tt.splat %q : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #b>
      %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
      %ptrs = tt.addptr %qs, %r : tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>
      tt.store %ptrs, %u : tensor<128x!tt.ptr<i32>, #b>
      ttg.warp_return
    } : (!tt.ptr<i32>, tensor<128xi32, #b>) -> ()
    tt.return
  }
}

// -----

// CHECK-LABEL: tt.func @region_loop_and_widths
module {
  tt.func @region_loop_and_widths(%c: i1, %x: i4, %y: i128, %lo: i32, %hi: i32) -> (i4, i128, i32) {
    %r = scf.execute_region -> i4 {
      cf.cond_br %c, ^a, ^b
    ^a:
      %s = arith.addi %x, %x : i4
      scf.yield %s : i4
    ^b:
      scf.yield %x : i4
    }
    %w = arith.muli %y, %y : i128
    %step = arith.constant -1 : i32
    %n = scf.for %i = %lo to %hi step %step iter_args(%a = %lo) -> (i32) : i32 {
      %b = arith.addi %a, %i : i32
      scf.yield %b : i32
    }
    tt.return %r, %w, %n : i4, i128, i32
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @huge
  // CHECK-NOT:     ttg.convert_layout
  tt.func @huge(%x: tensor<2147483648xf32, #b>) {
    %y = ttg.convert_layout %x : tensor<2147483648xf32, #b> -> tensor<2147483648xf32, #c>
    %z = arith.addf %y, %y : tensor<2147483648xf32, #c>
    %w = ttg.convert_layout %z : tensor<2147483648xf32, #c> -> tensor<2147483648xf32, #b>
    tt.return
  }
}
