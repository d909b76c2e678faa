"""The folds' worklist holds only ops of ``FOLD_ROOTS`` types; that must change nothing.

Every chunk of the remove-redundant-conversions FileCheck inputs is folded twice, once
by xDSL's walker over every op and once by ``RootsFirstWalker``, and the two results
must print the same.  A pattern added to ``conversion_folds`` for an op type missing
from ``FOLD_ROOTS`` shows here as soon as an input exercises it."""

from __future__ import annotations

import pytest
from filecheck_inputs import filecheck_chunks
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker

from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module, print_module
from layoutdialect.passes.dead_ops import erase_dead_ops
from layoutdialect.passes.remove_redundant_conversions.canonicalization import (
    canonicalize_conversions,
    conversion_folds,
)

CHUNKS = filecheck_chunks("remove-redundant-conversions")


@pytest.mark.parametrize("chunk", CHUNKS)
def test_seeded_folds_equal_folds_over_every_op(chunk: str) -> None:
    context = make_context(allow_unregistered=True)
    seeded, everything = parse_module(chunk, "chunk.mlir", context), parse_module(chunk, "chunk.mlir", context)
    canonicalize_conversions(seeded)
    walker = PatternRewriteWalker(
        GreedyRewritePatternApplier(conversion_folds()), walk_reverse=True, post_walk_func=erase_dead_ops
    )
    for region in everything.regions:
        walker.rewrite_region(region)
    assert print_module(seeded) == print_module(everything)
