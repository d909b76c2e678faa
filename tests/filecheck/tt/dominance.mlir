// A value may only be used where its definition has run on every path (MLIR's dominance
// rule), and never outside the region defining it.
// RUN: layout-opt %s --split-input-file --verify-diagnostics | filecheck %s

module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: dominance.mlir:[[# @LINE + 2]]:5: error: operand #0 does not dominate this use
  tt.func @use_before_definition(%x: i32) -> i32 {
    %a = arith.addi %b, %x : i32
    %b = arith.addi %x, %x : i32
    tt.return %a : i32
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @use_outside_the_branch(%x: i32, %c: i1) -> i32 {
    %r = scf.if %c -> i32 {
      %in = arith.addi %x, %x : i32
      scf.yield %in : i32
    } else {
      scf.yield %x : i32
    }
// CHECK: dominance.mlir:[[# @LINE + 1]]:21: error: use of undeclared SSA value name
    %o = arith.addi %in, %r : i32
    tt.return %o : i32
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @defined_on_one_path(%x: i32, %c: i1) -> i32 {
    cf.cond_br %c, ^a, ^b
  ^a:
    %v = arith.addi %x, %x : i32
    cf.br ^c
  ^b:
    cf.br ^c
  ^c:
// CHECK: dominance.mlir:[[# @LINE + 1]]:5: error: operand #0 does not dominate this use
    tt.return %v : i32
  }
}

// -----

// Defined in the entry block, which dominates both successors: valid.
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @defined_on_every_path
  tt.func @defined_on_every_path(%x: i32, %c: i1) -> i32 {
    %v = arith.addi %x, %x : i32
    cf.cond_br %c, ^a, ^b
  ^a:
    tt.return %v : i32
  ^b:
    tt.return %x : i32
  }
}
