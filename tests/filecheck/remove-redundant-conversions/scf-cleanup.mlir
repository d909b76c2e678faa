// The last step of Triton 3.9's remove-layout-conversions: MLIR's canonicalization patterns
// of scf.for and scf.if, applied greedily. Each CHECK matches Triton's own output for its case
// (tritongpu-remove-layout-conversions, then cse).
// RUN: layout-opt %s --split-input-file -p remove-redundant-conversions | filecheck %s

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // InlineRegionBranchOp: a loop of one trip is its body, the induction variable its lower
  // bound (the splat of it then folds to zeros, and the addition of zeros to %x).
  // CHECK-LABEL: @one_trip
  // CHECK-NOT:     scf.for
  // CHECK:         %[[C:.+]] = arith.muli %x, %x
  // CHECK-NEXT:    tt.store %p, %[[C]]
  // CHECK-NEXT:    tt.return %[[C]]
  tt.func @one_trip(%x: tensor<512xi32, #blocked>, %p: tensor<512x!tt.ptr<i32>, #blocked>) -> tensor<512xi32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x) -> (tensor<512xi32, #blocked>) : i32 {
      %s = tt.splat %i : i32 -> tensor<512xi32, #blocked>
      %b = arith.addi %a, %s : tensor<512xi32, #blocked>
      %c = arith.muli %b, %b : tensor<512xi32, #blocked>
      tt.store %p, %c : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %c : tensor<512xi32, #blocked>
    }
    tt.return %r : tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // InlineRegionBranchOp: a loop of no trips (the upper bound below the lower, or both one
  // value) is its initial values.
  // CHECK-LABEL: @no_trip
  // CHECK-NEXT:    tt.return %x, %x
  tt.func @no_trip(%x: tensor<512xi32, #blocked>, %p: tensor<512x!tt.ptr<i32>, #blocked>, %n: i32) -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) {
    %c1 = arith.constant 1 : i32
    %c5 = arith.constant 5 : i32
    %r = scf.for %i = %c5 to %c1 step %c1 iter_args(%a = %x) -> (tensor<512xi32, #blocked>) : i32 {
      %b = arith.muli %a, %a : tensor<512xi32, #blocked>
      tt.store %p, %b : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %b : tensor<512xi32, #blocked>
    }
    %s = scf.for %i = %n to %n step %c1 iter_args(%a = %r) -> (tensor<512xi32, #blocked>) : i32 {
      %b = arith.muli %a, %a : tensor<512xi32, #blocked>
      tt.store %p, %b : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %b : tensor<512xi32, #blocked>
    }
    tt.return %r, %s : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // The upper bound the lower plus one (arith.addi that cannot wrap, overflow<nsw>) is one
  // trip too; one that may wrap is not (MLIR's scf::computeUbMinusLb).
  // CHECK-LABEL: @one_more
  // CHECK:         %[[WRAPPING:.+]] = arith.addi %n, %{{.+}} : i32
  // CHECK-NEXT:    %[[B:.+]] = arith.muli %x, %x
  // CHECK-NEXT:    tt.store %p, %[[B]]
  // CHECK-NEXT:    %[[S:.+]] = scf.for %{{.+}} = %n to %[[WRAPPING]] step %{{.+}} iter_args(%{{.+}} = %[[B]])
  // CHECK:         tt.return %[[B]], %[[S]]
  tt.func @one_more(%x: tensor<512xi32, #blocked>, %p: tensor<512x!tt.ptr<i32>, #blocked>, %n: i32) -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) {
    %c1 = arith.constant 1 : i32
    %exact = arith.addi %n, %c1 overflow<nsw> : i32
    %wrapping = arith.addi %n, %c1 : i32
    %r = scf.for %i = %n to %exact step %c1 iter_args(%a = %x) -> (tensor<512xi32, #blocked>) : i32 {
      %b = arith.muli %a, %a : tensor<512xi32, #blocked>
      tt.store %p, %b : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %b : tensor<512xi32, #blocked>
    }
    %s = scf.for %i = %n to %wrapping step %c1 iter_args(%a = %r) -> (tensor<512xi32, #blocked>) : i32 {
      %b = arith.addi %a, %a : tensor<512xi32, #blocked>
      tt.store %p, %b : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %b : tensor<512xi32, #blocked>
    }
    tt.return %r, %s : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // MakeRegionBranchOpSuccessorInputsDead reads %x for an argument yielded unchanged;
  // RemoveDuplicateSuccessorInputUses reads %c as %b and the third result as the second
  // (both fed %y, then %d); RemoveDeadRegionBranchOpSuccessorInputs drops what is left unread.
  // CHECK-LABEL: @forwarded
  // CHECK:         %[[R:.+]] = scf.for %{{.+}} = %{{.+}} to %n step %{{.+}} iter_args(%[[B:.+]] = %y) -> (tensor<512xi32, #blocked>) : i32 {
  // CHECK-NEXT:      tt.store %p, %x
  // CHECK-NEXT:      %[[D:.+]] = arith.addi %[[B]], %[[B]]
  // CHECK-NEXT:      tt.store %p, %[[D]]
  // CHECK-NEXT:      scf.yield %[[D]] : tensor<512xi32, #blocked>
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return %x, %[[R]], %[[R]]
  tt.func @forwarded(%x: tensor<512xi32, #blocked>, %y: tensor<512xi32, #blocked>, %p: tensor<512x!tt.ptr<i32>, #blocked>, %n: i32) -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y, %c = %y) -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) : i32 {
      tt.store %p, %a : tensor<512x!tt.ptr<i32>, #blocked>
      %d = arith.addi %b, %c : tensor<512xi32, #blocked>
      tt.store %p, %d : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %a, %d, %d : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
    }
    tt.return %r#0, %r#1, %r#2 : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A loop known to run can only end on what it yields: here %y, defined outside it. One
  // that may not run can also end on its initial value, and keeps its result.
  // CHECK-LABEL: @yield_from_outside
  // CHECK:         scf.for
  // CHECK:         %[[S:.+]] = scf.for
  // CHECK:         tt.return %y, %[[S]]
  tt.func @yield_from_outside(%x: tensor<512xi32, #blocked>, %y: tensor<512xi32, #blocked>, %p: tensor<512x!tt.ptr<i32>, #blocked>, %n: i32) -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (tensor<512xi32, #blocked>) : i32 {
      tt.store %p, %a : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %y : tensor<512xi32, #blocked>
    }
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<512xi32, #blocked>) : i32 {
      tt.store %p, %a : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %y : tensor<512xi32, #blocked>
    }
    tt.return %r, %s : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // ConvertTrivialIfToSelect: results both branches take from outside are selected before
  // the scf.if (or are the one value both yield); the scf.if keeps the others.
  // CHECK-LABEL: @if_to_select
  // CHECK-NEXT:    %[[SELECTED:.+]] = arith.select %c, %x, %y : tensor<512xi32, #blocked>
  // CHECK-NEXT:    %[[R:.+]] = scf.if %c -> (tensor<512xi32, #blocked>) {
  // CHECK:             scf.yield %{{.+}} : tensor<512xi32, #blocked>
  // CHECK-NEXT:    } else {
  // CHECK-NEXT:      scf.yield %y : tensor<512xi32, #blocked>
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return %[[SELECTED]], %[[R]], %y
  tt.func @if_to_select(%x: tensor<512xi32, #blocked>, %y: tensor<512xi32, #blocked>, %c: i1, %p: tensor<512x!tt.ptr<i32>, #blocked>) -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) {
    %r:3 = scf.if %c -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) {
      %z = arith.addi %x, %y : tensor<512xi32, #blocked>
      tt.store %p, %z : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %x, %z, %y : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
    } else {
      scf.yield %y, %y, %y : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
    }
    tt.return %r#0, %r#1, %r#2 : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // InlineRegionBranchOp: an scf.if on a constant is the branch taken, or nothing.
  // CHECK-LABEL: @constant_condition
  // CHECK-NOT:     scf.if
  // CHECK:         %[[SUM:.+]] = arith.addi %x, %y
  // CHECK-NEXT:    tt.store %p, %[[SUM]]
  // CHECK-NEXT:    %[[DIFFERENCE:.+]] = arith.subi %x, %y
  // CHECK-NEXT:    tt.store %p, %[[DIFFERENCE]]
  // CHECK-NEXT:    tt.return %[[SUM]], %[[DIFFERENCE]]
  tt.func @constant_condition(%x: tensor<512xi32, #blocked>, %y: tensor<512xi32, #blocked>, %p: tensor<512x!tt.ptr<i32>, #blocked>) -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) {
    %true = arith.constant true
    %false = arith.constant false
    %r = scf.if %true -> (tensor<512xi32, #blocked>) {
      %z = arith.addi %x, %y : tensor<512xi32, #blocked>
      tt.store %p, %z : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %z : tensor<512xi32, #blocked>
    } else {
      scf.yield %y : tensor<512xi32, #blocked>
    }
    %s = scf.if %false -> (tensor<512xi32, #blocked>) {
      %z = arith.addi %x, %y : tensor<512xi32, #blocked>
      tt.store %p, %z : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %z : tensor<512xi32, #blocked>
    } else {
      %z = arith.subi %x, %y : tensor<512xi32, #blocked>
      tt.store %p, %z : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %z : tensor<512xi32, #blocked>
    }
    scf.if %false {
      tt.store %p, %x : tensor<512x!tt.ptr<i32>, #blocked>
    }
    tt.return %r, %s : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // ConditionPropagation: in the then branch the condition is true, in the else branch false.
  // CHECK-LABEL: @condition_inside
  // CHECK-DAG:     %[[FALSE:.+]] = arith.constant false
  // CHECK-DAG:     %[[TRUE:.+]] = arith.constant true
  // CHECK:         scf.if %c {
  // CHECK-NEXT:      tt.store %q, %[[TRUE]]
  // CHECK-NEXT:    } else {
  // CHECK-NEXT:      tt.store %q, %[[FALSE]]
  // CHECK-NEXT:    }
  tt.func @condition_inside(%c: i1, %q: !tt.ptr<i1>) {
    scf.if %c {
      tt.store %q, %c : !tt.ptr<i1>
    } else {
      tt.store %q, %c : !tt.ptr<i1>
    }
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Booleans yielded from outside are selected (ConvertTrivialIfToSelect comes before
  // ReplaceIfYieldWithConditionOrValue); the scf.if left without results keeps its store, and
  // RemoveEmptyElseBranch drops its else.
  // CHECK-LABEL: @yielded_booleans
  // CHECK:         %[[R:.+]] = arith.select %c, %false, %true : i1
  // CHECK-NEXT:    scf.if %c {
  // CHECK-NEXT:      tt.store %p, %x
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return %[[R]], %x
  tt.func @yielded_booleans(%x: tensor<512xi32, #blocked>, %c: i1, %p: tensor<512x!tt.ptr<i32>, #blocked>) -> (i1, tensor<512xi32, #blocked>) {
    %true = arith.constant true
    %false = arith.constant false
    %r:2 = scf.if %c -> (i1, tensor<512xi32, #blocked>) {
      tt.store %p, %x : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %false, %x : i1, tensor<512xi32, #blocked>
    } else {
      scf.yield %true, %x : i1, tensor<512xi32, #blocked>
    }
    tt.return %r#0, %r#1 : i1, tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CombineIfs: an scf.if right after one on the same condition joins it; its reads of the
  // first's result become what each branch yields.
  // CHECK-LABEL: @same_condition
  // CHECK:         %[[R:.+]], %[[S:.+]] = scf.if %c -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) {
  // CHECK-NEXT:      %[[A:.+]] = arith.addi %x, %y
  // CHECK-NEXT:      tt.store %p, %[[A]]
  // CHECK-NEXT:      %[[B:.+]] = arith.muli %[[A]], %x
  // CHECK-NEXT:      tt.store %p, %[[B]]
  // CHECK-NEXT:      scf.yield %[[A]], %[[B]]
  // CHECK-NEXT:    } else {
  // CHECK-NEXT:      tt.store %p, %y
  // CHECK-NEXT:      %[[D:.+]] = arith.subi %y, %x
  // CHECK-NEXT:      tt.store %p, %[[D]]
  // CHECK-NEXT:      scf.yield %y, %[[D]]
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return %[[R]], %[[S]]
  tt.func @same_condition(%x: tensor<512xi32, #blocked>, %y: tensor<512xi32, #blocked>, %c: i1, %p: tensor<512x!tt.ptr<i32>, #blocked>) -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) {
    %r = scf.if %c -> (tensor<512xi32, #blocked>) {
      %a = arith.addi %x, %y : tensor<512xi32, #blocked>
      tt.store %p, %a : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %a : tensor<512xi32, #blocked>
    } else {
      tt.store %p, %y : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %y : tensor<512xi32, #blocked>
    }
    %s = scf.if %c -> (tensor<512xi32, #blocked>) {
      %b = arith.muli %r, %x : tensor<512xi32, #blocked>
      tt.store %p, %b : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %b : tensor<512xi32, #blocked>
    } else {
      %b = arith.subi %r, %x : tensor<512xi32, #blocked>
      tt.store %p, %b : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %b : tensor<512xi32, #blocked>
    }
    tt.return %r, %s : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CombineIfs on a negated condition (arith.xori %c, true): the second's then branch
  // becomes the else branch.
  // CHECK-LABEL: @negated_condition
  // CHECK-NEXT:    scf.if %c {
  // CHECK-NEXT:      tt.store %p, %x
  // CHECK-NEXT:    } else {
  // CHECK-NEXT:      tt.store %p, %y
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return
  tt.func @negated_condition(%x: tensor<512xi32, #blocked>, %y: tensor<512xi32, #blocked>, %c: i1, %p: tensor<512x!tt.ptr<i32>, #blocked>) {
    %true = arith.constant true
    %not = arith.xori %c, %true : i1
    scf.if %c {
      tt.store %p, %x : tensor<512x!tt.ptr<i32>, #blocked>
    }
    scf.if %not {
      tt.store %p, %y : tensor<512x!tt.ptr<i32>, #blocked>
    }
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // RemoveEmptyElseBranch.
  // CHECK-LABEL: @empty_else
  // CHECK-NEXT:    scf.if %c {
  // CHECK-NEXT:      tt.store %p, %x
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return
  tt.func @empty_else(%x: tensor<512xi32, #blocked>, %c: i1, %p: tensor<512x!tt.ptr<i32>, #blocked>) {
    scf.if %c {
      tt.store %p, %x : tensor<512x!tt.ptr<i32>, #blocked>
    } else {
    }
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CombineNestedIfs: the inner scf.if, the outer's only op, runs on both conditions; a
  // result the outer then branch yields from outside is selected on the outer condition.
  // CHECK-LABEL: @nested
  // CHECK-NEXT:    %[[BOTH:.+]] = arith.andi %a, %b : i1
  // CHECK-NEXT:    %[[SELECTED:.+]] = arith.select %a, %x, %y
  // CHECK-NEXT:    %[[R:.+]] = scf.if %[[BOTH]] -> (tensor<512xi32, #blocked>) {
  // CHECK-NEXT:      %[[Z:.+]] = arith.addi %x, %y
  // CHECK-NEXT:      tt.store %p, %[[Z]]
  // CHECK-NEXT:      scf.yield %[[Z]]
  // CHECK-NEXT:    } else {
  // CHECK-NEXT:      scf.yield %y
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return %[[R]], %[[SELECTED]]
  tt.func @nested(%x: tensor<512xi32, #blocked>, %y: tensor<512xi32, #blocked>, %a: i1, %b: i1, %p: tensor<512x!tt.ptr<i32>, #blocked>) -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) {
    %r:2 = scf.if %a -> (tensor<512xi32, #blocked>, tensor<512xi32, #blocked>) {
      %s = scf.if %b -> (tensor<512xi32, #blocked>) {
        %z = arith.addi %x, %y : tensor<512xi32, #blocked>
        tt.store %p, %z : tensor<512x!tt.ptr<i32>, #blocked>
        scf.yield %z : tensor<512xi32, #blocked>
      } else {
        scf.yield %y : tensor<512xi32, #blocked>
      }
      scf.yield %s, %x : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
    } else {
      scf.yield %y, %y : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
    }
    tt.return %r#0, %r#1 : tensor<512xi32, #blocked>, tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // scf.if's fold: on a negated condition its branches swap.
  // CHECK-LABEL: @negated_branches
  // CHECK-NEXT:    scf.if %c -> (tensor<512xi32, #blocked>) {
  // CHECK-NEXT:      arith.subi %x, %y
  // CHECK:         } else {
  // CHECK-NEXT:      arith.addi %x, %y
  tt.func @negated_branches(%x: tensor<512xi32, #blocked>, %y: tensor<512xi32, #blocked>, %c: i1, %p: tensor<512x!tt.ptr<i32>, #blocked>) -> tensor<512xi32, #blocked> {
    %true = arith.constant true
    %not = arith.xori %c, %true : i1
    %r = scf.if %not -> (tensor<512xi32, #blocked>) {
      %z = arith.addi %x, %y : tensor<512xi32, #blocked>
      tt.store %p, %z : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %z : tensor<512xi32, #blocked>
    } else {
      %z = arith.subi %x, %y : tensor<512xi32, #blocked>
      tt.store %p, %z : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %z : tensor<512xi32, #blocked>
    }
    tt.return %r : tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A chain of branches, each result feeding the next, stays as it is.
  // CHECK-LABEL: @chain
  // CHECK:         %[[R0:.+]] = scf.if
  // CHECK:           scf.yield %x
  // CHECK:         scf.if
  // CHECK:           arith.addi %[[R0]], %y
  // CHECK:           scf.yield %[[R0]]
  tt.func @chain(%x: tensor<512xi32, #blocked>, %y: tensor<512xi32, #blocked>, %k: i32, %p: tensor<512x!tt.ptr<i32>, #blocked>) -> tensor<512xi32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %f0 = arith.cmpi sgt, %k, %c0 : i32
    %r0 = scf.if %f0 -> (tensor<512xi32, #blocked>) {
      %z = arith.addi %x, %y : tensor<512xi32, #blocked>
      tt.store %p, %z : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %z : tensor<512xi32, #blocked>
    } else {
      scf.yield %x : tensor<512xi32, #blocked>
    }
    %f1 = arith.cmpi sgt, %k, %c1 : i32
    %r1 = scf.if %f1 -> (tensor<512xi32, #blocked>) {
      %z = arith.addi %r0, %y : tensor<512xi32, #blocked>
      tt.store %p, %z : tensor<512x!tt.ptr<i32>, #blocked>
      scf.yield %z : tensor<512xi32, #blocked>
    } else {
      scf.yield %r0 : tensor<512xi32, #blocked>
    }
    tt.return %r1 : tensor<512xi32, #blocked>
  }
}
