// ttg.warp_specialize, its partition regions, ttg.warp_yield and ttg.warp_return read and print as Triton 3.9
// prints them; printing is a fixed point, and the generic form (with ttg.warp_specialize.partitions) reads back.
// RUN: layout-opt %s --split-input-file --verify-roundtrip | filecheck %s
// RUN: layout-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --split-input-file -p canonicalize | filecheck %s --check-prefix=CANON

// No partitions, no captures, no results.
tt.func @nothing() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  } : () -> ()
  tt.return
}
// CHECK-LABEL: tt.func @nothing()
// CHECK-NEXT:    ttg.warp_specialize()
// CHECK-NEXT:    default {
// CHECK-NEXT:      ttg.warp_yield
// CHECK-NEXT:    } : () -> ()
// CHECK-NEXT:    tt.return
// GENERIC-LABEL: "tt.func"() <{sym_name = "nothing"
// GENERIC-NEXT:    "ttg.warp_specialize"() <{partitionNumWarps = array<i32>}> ({
// GENERIC-NEXT:      "ttg.warp_yield"() : () -> ()
// GENERIC-NEXT:    }, {
// GENERIC-NEXT:      "ttg.warp_specialize.partitions"() : () -> ()
// GENERIC-NEXT:    }) : () -> ()

// -----

// Partitions of several sizes, each with the captures as arguments (the same names in each: a
// partition is isolated from the others), and the default region yielding the results.
tt.func @partitions(%arg0: i32, %arg1: i64) -> (i64, i32) {
  %0:2 = ttg.warp_specialize(%arg0, %arg1)
  default {
    ttg.warp_yield %arg1, %arg0 : i64, i32
  }
  partition0(%arg2: i32, %arg3: i64) num_warps(4) {
    %1 = arith.addi %arg2, %arg2 : i32
    ttg.warp_return
  }
  partition1(%arg2: i32, %arg3: i64) num_warps(1) {
    ttg.warp_return
  }
  partition2(%arg2: i32, %arg3: i64) num_warps(8) {
    %1 = arith.muli %arg3, %arg3 : i64
    ttg.warp_return
  } : (i32, i64) -> (i64, i32)
  tt.return %0#0, %0#1 : i64, i32
}
// CHECK-LABEL: tt.func @partitions(%arg0: i32, %arg1: i64) -> (i64, i32)
// CHECK-NEXT:    %[[R0:.+]], %[[R1:.+]] = ttg.warp_specialize(%arg0, %arg1)
// CHECK-NEXT:    default {
// CHECK-NEXT:      ttg.warp_yield %arg1, %arg0 : i64, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    partition0(%arg2: i32, %arg3: i64) num_warps(4) {
// CHECK-NEXT:      arith.addi %arg2, %arg2 : i32
// CHECK-NEXT:      ttg.warp_return
// CHECK-NEXT:    }
// CHECK-NEXT:    partition1(%arg2: i32, %arg3: i64) num_warps(1) {
// CHECK-NEXT:      ttg.warp_return
// CHECK-NEXT:    }
// CHECK-NEXT:    partition2(%arg2: i32, %arg3: i64) num_warps(8) {
// CHECK-NEXT:      arith.muli %arg3, %arg3 : i64
// CHECK-NEXT:      ttg.warp_return
// CHECK-NEXT:    } : (i32, i64) -> (i64, i32)
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]] : i64, i32
// GENERIC-LABEL: "tt.func"() <{sym_name = "partitions"
// GENERIC:         "ttg.warp_specialize"() <{partitionNumWarps = array<i32: 4, 1, 8>}> ({
// GENERIC-NEXT:      "ttg.warp_yield"(%arg1, %arg0) : (i64, i32) -> ()
// GENERIC-NEXT:    }, {
// GENERIC-NEXT:      "ttg.warp_specialize.partitions"(%arg0, %arg1) ({
// GENERIC-NEXT:      ^bb0(%arg2: i32, %arg3: i64):
// GENERIC:             "ttg.warp_return"() : () -> ()
// GENERIC-NEXT:      }, {
// GENERIC:           }) : (i32, i64) -> ()
// GENERIC-NEXT:    }) : () -> (i64, i32)

// -----

// The optional properties and other attributes print together after `attributes`, sorted by
// name, as MLIR's dictionary sorts them.
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @registers(%arg0: i32) {
    ttg.warp_specialize(%arg0) attributes {warpGroupStartIds = array<i32: 4, 6>, requestedRegisters = array<i32: 24, 24>, defaultRequestedRegisters = 232 : i32, actualRegisters = array<i32: 232, 24, 24>, ttg.partition.types = ["load", "mma"]}
    default {
      ttg.warp_yield
    }
    partition0(%arg1: i32) num_warps(2) {
      ttg.warp_return
    }
    partition1(%arg1: i32) num_warps(1) {
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}
// CHECK-LABEL: tt.func @registers(%arg0: i32)
// CHECK-NEXT:    ttg.warp_specialize(%arg0) attributes {actualRegisters = array<i32: 232, 24, 24>, defaultRequestedRegisters = 232 : i32, requestedRegisters = array<i32: 24, 24>, ttg.partition.types = ["load", "mma"], warpGroupStartIds = array<i32: 4, 6>}
// CHECK-NEXT:    default {
// CHECK-NEXT:      ttg.warp_yield
// CHECK-NEXT:    }
// CHECK-NEXT:    partition0(%arg1: i32) num_warps(2) {
// CHECK-NEXT:      ttg.warp_return
// CHECK-NEXT:    }
// CHECK-NEXT:    partition1(%arg1: i32) num_warps(1) {
// CHECK-NEXT:      ttg.warp_return
// CHECK-NEXT:    } : (i32) -> ()
// GENERIC-LABEL: "tt.func"() <{sym_name = "registers"
// GENERIC:         "ttg.warp_specialize"() <{
// GENERIC-SAME:      partitionNumWarps = array<i32: 2, 1>
// GENERIC-SAME:    }> ({
// GENERIC:         }) {defaultRequestedRegisters = 232 : i32, ttg.partition.types = ["load", "mma"]} : () -> ()

// -----

// Tensors and shared memory: captured, converted inside a partition, and yielded by the default region.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tensors(%t: tensor<256xf32, #blocked>, %m: !ttg.memdesc<256xf32, #shared, #smem, mutable>) -> tensor<256xf32, #blocked1> {
    %0 = ttg.warp_specialize(%t, %m)
    default {
      %1 = ttg.convert_layout %t : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked1>
      ttg.warp_yield %1 : tensor<256xf32, #blocked1>
    }
    partition0(%a: tensor<256xf32, #blocked>, %b: !ttg.memdesc<256xf32, #shared, #smem, mutable>) num_warps(4) {
      %2 = ttg.convert_layout %a : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked1>
      %3 = ttg.convert_layout %2 : tensor<256xf32, #blocked1> -> tensor<256xf32, #blocked>
      ttg.local_store %3, %b : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
      ttg.warp_return
    } : (tensor<256xf32, #blocked>, !ttg.memdesc<256xf32, #shared, #smem, mutable>) -> tensor<256xf32, #blocked1>
    tt.return %0 : tensor<256xf32, #blocked1>
  }
}
// CHECK-LABEL: tt.func @tensors(%t: tensor<256xf32, #blocked>, %m: !ttg.memdesc<256xf32, #shared, #smem, mutable>) -> tensor<256xf32, #blocked1>
// CHECK-NEXT:    %[[R:.+]] = ttg.warp_specialize(%t, %m)
// CHECK-NEXT:    default {
// CHECK-NEXT:      %[[C:.+]] = ttg.convert_layout %t : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked1>
// CHECK-NEXT:      ttg.warp_yield %[[C]] : tensor<256xf32, #blocked1>
// CHECK-NEXT:    }
// CHECK-NEXT:    partition0(%a: tensor<256xf32, #blocked>, %b: !ttg.memdesc<256xf32, #shared, #smem, mutable>) num_warps(4) {
// CHECK-NEXT:      %[[A:.+]] = ttg.convert_layout %a : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked1>
// CHECK-NEXT:      %[[B:.+]] = ttg.convert_layout %[[A]] : tensor<256xf32, #blocked1> -> tensor<256xf32, #blocked>
// CHECK-NEXT:      ttg.local_store %[[B]], %b : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
// CHECK-NEXT:      ttg.warp_return
// CHECK-NEXT:    } : (tensor<256xf32, #blocked>, !ttg.memdesc<256xf32, #shared, #smem, mutable>) -> tensor<256xf32, #blocked1>
// CHECK-NEXT:    tt.return %[[R]] : tensor<256xf32, #blocked1>

// -----

// The generic form names the container op the custom form hides; it reads as the custom form.
tt.func @generic(%arg0: i32) {
  "ttg.warp_specialize"() ({
    "ttg.warp_yield"() : () -> ()
  }, {
    "ttg.warp_specialize.partitions"(%arg0) ({
    ^bb0(%arg1: i32):
      "ttg.warp_return"() : () -> ()
    }) : (i32) -> ()
  }) {partitionNumWarps = array<i32: 4>} : () -> ()
  tt.return
}
// CHECK-LABEL: tt.func @generic(%arg0: i32)
// CHECK-NEXT:    ttg.warp_specialize(%arg0)
// CHECK-NEXT:    default {
// CHECK-NEXT:      ttg.warp_yield
// CHECK-NEXT:    }
// CHECK-NEXT:    partition0(%arg1: i32) num_warps(4) {
// CHECK-NEXT:      ttg.warp_return
// CHECK-NEXT:    } : (i32) -> ()
// GENERIC-LABEL: "tt.func"() <{sym_name = "generic"
// GENERIC:         "ttg.warp_specialize.partitions"(%arg0) ({
// GENERIC-NEXT:    ^bb0(%arg1: i32):
// GENERIC-NEXT:      "ttg.warp_return"() : () -> ()
// GENERIC-NEXT:    }) : (i32) -> ()
// GENERIC-NEXT:  }) : () -> ()

// -----

// A partition argument may carry its location, as Triton prints it with debug info.
tt.func @located(%arg0: i32) {
  ttg.warp_specialize(%arg0)
  default {
    ttg.warp_yield
  }
  partition0(%arg1: i32 loc("kernel.py":7:14)) num_warps(1) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}
// CHECK-LABEL: tt.func @located(%arg0: i32)
// CHECK:         partition0(%arg1: i32) num_warps(1) {

// -----

// Canonicalization, as Triton's: unused results go with what the default region yields for them; a
// capture no partition uses goes, and one captured twice is read from its first capture.
tt.func @canonical(%arg0: i32, %arg1: i64) -> i64 {
  %0:3 = ttg.warp_specialize(%arg0, %arg1, %arg0, %arg1) attributes {foo = 1 : i32}
  default {
    ttg.warp_yield %arg0, %arg1, %arg0 : i32, i64, i32
  }
  partition0(%a: i32, %b: i64, %c: i32, %d: i64) num_warps(4) {
    tt.print "x" {hex = false, isSigned = array<i32: 1, 1>} : %c, %a : i32, i32
    ttg.warp_return
  }
  partition1(%a: i32, %b: i64, %c: i32, %d: i64) num_warps(1) {
    tt.print "y" {hex = false, isSigned = array<i32: 1>} : %d : i64
    ttg.warp_return
  } : (i32, i64, i32, i64) -> (i32, i64, i32)
  tt.return %0#1 : i64
}
// CANON-LABEL: tt.func @canonical(%arg0: i32, %arg1: i64) -> i64
// CANON-NEXT:    %[[R:.+]] = ttg.warp_specialize(%arg0, %arg1) attributes {foo = 1 : i32}
// CANON-NEXT:    default {
// CANON-NEXT:      ttg.warp_yield %arg1 : i64
// CANON-NEXT:    }
// CANON-NEXT:    partition0(%a: i32, %d: i64) num_warps(4) {
// CANON-NEXT:      tt.print "x" {hex = false, isSigned = array<i32: 1, 1>} : %a, %a : i32, i32
// CANON-NEXT:      ttg.warp_return
// CANON-NEXT:    }
// CANON-NEXT:    partition1(%a: i32, %d: i64) num_warps(1) {
// CANON-NEXT:      tt.print "y" {hex = false, isSigned = array<i32: 1>} : %d : i64
// CANON-NEXT:      ttg.warp_return
// CANON-NEXT:    } : (i32, i64) -> i64
// CANON-NEXT:    tt.return %[[R]] : i64
