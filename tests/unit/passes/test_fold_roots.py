"""The folds' worklist holds only ops of ``FOLD_ROOTS`` types, and dead ops are erased
only after sweeps that may have left some; that must change nothing.

Every chunk of the remove-redundant-conversions FileCheck inputs is folded twice, once
by xDSL's walker over every op with dead ops erased after every sweep and once by
``RootsFirstWalker``, and the two results must print the same.  A pattern added to
``conversion_folds`` for an op type missing from ``FOLD_ROOTS`` shows here as soon as
an input exercises it."""

from __future__ import annotations

import pytest
from filecheck_inputs import chunk_module, filecheck_chunks
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker

from layoutdialect.dialect.text import print_module
from layoutdialect.ir.dead_ops import erase_dead_ops
from layoutdialect.passes.remove_redundant_conversions.canonicalization import (
    canonicalize_conversions,
    conversion_folds,
)

DEAD_LOOP_READING_AN_OP_OUTSIDE = """
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: tensor<128xf32, #b>, %n: i32, %p: tensor<128x!tt.ptr<f32>, #b>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %outside = arith.addf %a, %a : tensor<128xf32, #b>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (tensor<128xf32, #b>) : i32 {
      %y = arith.addf %acc, %outside : tensor<128xf32, #b>
      scf.yield %y : tensor<128xf32, #b>
    }
    %0 = ttg.convert_layout %a : tensor<128xf32, #b> -> tensor<128xf32, #c>
    %1 = ttg.convert_layout %0 : tensor<128xf32, #c> -> tensor<128xf32, #b>
    tt.store %p, %1 : tensor<128x!tt.ptr<f32>, #b>
    tt.return
  }
}
"""
"""The fold leaves the loop dead; erasing it leaves ``%outside`` dead, for the next sweep."""

CHUNKS = [
    pytest.param(DEAD_LOOP_READING_AN_OP_OUTSIDE, id="dead-loop-reading-an-op-outside"),
    *filecheck_chunks("remove-redundant-conversions"),
]


@pytest.mark.parametrize("chunk", CHUNKS)
def test_seeded_folds_equal_folds_over_every_op(chunk: str) -> None:
    seeded, everything = chunk_module(chunk), chunk_module(chunk)
    canonicalize_conversions(seeded)
    walker = PatternRewriteWalker(
        GreedyRewritePatternApplier(conversion_folds()), walk_reverse=True, post_walk_func=erase_dead_ops
    )
    for region in everything.regions:
        walker.rewrite_region(region)
    assert print_module(seeded) == print_module(everything)
