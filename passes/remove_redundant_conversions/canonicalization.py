"""The folds of ``remove-redundant-conversions``: Triton's canonicalization patterns of
``ttg.convert_layout`` (declared on the ops, see ``layoutdialect.dialect.ttg.canonicalization``),
applied greedily with dead pure ops erased, and every op's own fold
(``layoutdialect.dialect.folds``), as MLIR's greedy driver folds each op it visits, plus
two the pass adds:

- ``AssertReadsPastConversion``: ``tt.assert`` checks its condition in any layout (what
  Triton's ``LayoutPropagation::rewriteAssertOp`` achieves);
- ``BypassEqualLayouts``: a conversion between two encodings with equal linear layouts
  moves nothing, so every user that stays valid reads its operand instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import scf
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriterListener,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import Rewriter
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.folds import FOLDABLE_OPS, folded_replacement
from layoutdialect.dialect.tt.canonicalization import (
    GatherReadsPastConversion,
    HistogramReadsPastConversion,
    ReshapeReadsPastConversion,
    TransposeReadsPastConversion,
)
from layoutdialect.dialect.tt.data_indexed import GatherOp, HistogramOp
from layoutdialect.dialect.tt.debug import AssertOp
from layoutdialect.dialect.tt.func import ReturnOp
from layoutdialect.dialect.tt.ops import ReshapeOp, TransOp
from layoutdialect.dialect.ttg.canonicalization import (
    FoldAllocOfLoad,
    FoldConversionIntoSource,
    LocalMemoryReadsPastConversion,
    read_past_conversion,
    type_pair,
)
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp, LocalAllocOp, LocalStoreOp
from layoutdialect.dialect.ttng.canonicalization import TMEMStoreReadsPastConversion
from layoutdialect.dialect.ttng.tensor_memory import TMEMStoreOp
from layoutdialect.ir.dead_ops import erase_dead_ops, erase_dead_ops_and_tell
from layoutdialect.ir.op_lists import ops_of_types
from layoutdialect.ir.verifier_answers import VerifierAnswers

__all__ = [
    "AssertReadsPastConversion",
    "BypassEqualLayouts",
    "canonicalize_conversions",
    "conversion_folds",
    "fold_ops",
]


@dataclass
class AssertReadsPastConversion(RewritePattern):
    """``tt.assert`` checks every element of its condition, in whatever layout."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: AssertOp, rewriter: PatternRewriter) -> None:
        read_past_conversion(op, 0, rewriter)


_FIXED_OPERAND_TYPES = (scf.YieldOp, scf.ForOp, scf.WhileOp, scf.ConditionOp, ReturnOp)
"""Users whose operand types are tied to types elsewhere (results, signatures)."""


Verdicts = VerifierAnswers[bool]
"""Whether users stay valid, shared by the folds of one pass run (the pass changes no
attribute of the ops around a region)."""


@dataclass
class BypassEqualLayouts(RewritePattern):
    """Point every user of a conversion between equal linear layouts that stays valid at
    the conversion's operand.  A user reading several such conversions of one type
    (``tt.join %a, %b``, whose operands must agree) reads past all of them at once.

    Whether the user stays valid is its own verifier's answer (``verify_``:
    ``Operation.verify`` would print the whole module into the exception's message on
    every refusal), remembered in ``verdicts``: a pass run retries the same refused
    bypass on every fold."""

    verdicts: Verdicts = field(default_factory=Verdicts)

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ConvertLayoutOp, rewriter: PatternRewriter) -> None:
        types = type_pair(op)
        if types.same_type or not types.moves_nothing():
            return
        for user in {use.operation: None for use in op.result.uses}:
            if isinstance(user, _FIXED_OPERAND_TYPES):
                continue
            original = list(user.operands)
            user.operands = [_past_twin_conversion(operand, op) for operand in original]
            if self.verdicts.answer(user, _verifies):
                rewriter.notify_op_modified(user)
            else:
                user.operands = original


def _verifies(op: Operation) -> bool:
    try:
        op.verify_()
    except VerifyException:
        return False
    return True


def _past_twin_conversion(value: SSAValue, conversion: ConvertLayoutOp) -> SSAValue:
    """The operand of ``value``'s conversion when it converts like ``conversion``, else ``value``."""
    twin = value.owner
    if (
        isinstance(twin, ConvertLayoutOp)
        and twin.src.type == conversion.src.type
        and twin.result.type == conversion.result.type
    ):
        return twin.src
    return value


def conversion_folds(
    mma_to_dot_bailout: bool = True, equal_layouts: bool = True, verdicts: Verdicts | None = None
) -> list[RewritePattern]:
    """Triton's conversion folds, the assert's, and with ``equal_layouts`` ours (which
    keeps its verifier answers in ``verdicts``, when given, for later folds to reuse)."""
    patterns: list[RewritePattern] = [
        FoldConversionIntoSource(mma_to_dot_bailout),
        LocalMemoryReadsPastConversion(),
        FoldAllocOfLoad(),
        GatherReadsPastConversion(),
        HistogramReadsPastConversion(),
        ReshapeReadsPastConversion(),
        TransposeReadsPastConversion(),
        TMEMStoreReadsPastConversion(),
        AssertReadsPastConversion(),
    ]
    if equal_layouts:
        patterns.append(BypassEqualLayouts(Verdicts() if verdicts is None else verdicts))
    return patterns


FOLD_ROOTS: tuple[type[Operation], ...] = (
    ConvertLayoutOp,
    LocalAllocOp,
    LocalStoreOp,
    GatherOp,
    HistogramOp,
    ReshapeOp,
    TransOp,
    TMEMStoreOp,
    AssertOp,
)
"""Every op type a pattern of ``conversion_folds`` matches; no other op can fold."""


@dataclass
class RootsFirstWalker(PatternRewriteWalker):
    """xDSL's greedy walker, its worklist seeded with the ops of ``roots`` types only.

    The walker would pop every op of the function and try each pattern on it; ops of
    other types match nothing, so leaving them out changes nothing but the time
    (ops a rewrite creates or modifies still join the worklist, whatever their type).
    It overrides the walker's ``_populate_worklist``, an xDSL internal, which the
    pinned xDSL release keeps; ``test_fold_roots.py`` checks the two agree.
    """

    roots: tuple[type[Operation], ...] = field(default=())
    _free_of_dead_ops: bool = field(default=False, init=False)
    """Whether no dead op can be left: dead ops were erased and no rewrite followed."""

    def _populate_worklist(self, op: Operation | Region | Block) -> None:
        if isinstance(op, Block) or not self.walk_reverse:
            return super()._populate_worklist(op)
        for sub_op in ops_of_types(op, self.roots, region_first=not self.walk_regions_first):
            self._worklist.push(sub_op)

    def _process_worklist(self, listener: PatternRewriterListener) -> bool:
        modified = super()._process_worklist(listener)
        self._free_of_dead_ops &= not modified
        return modified

    def erase_dead_ops_after_rewrites(self, region: Region, listener: PatternRewriterListener) -> bool:
        """``erase_dead_ops`` as the walker's ``post_walk_func``, skipped when no dead op
        can be left: it ran, left none behind (see ``DeadOpErasure.complete``), and
        nothing was rewritten since (the walker's last sweep of each fold rewrites nothing)."""
        if self._free_of_dead_ops:
            return False
        erasure = erase_dead_ops_and_tell(region, listener)
        self._free_of_dead_ops = erasure.complete
        return erasure.erased


def canonicalize_conversions(
    root: Operation, mma_to_dot_bailout: bool = True, equal_layouts: bool = True, verdicts: Verdicts | None = None
) -> None:
    """Apply ``conversion_folds`` under ``root`` until none applies, erasing dead pure ops;
    ``verdicts``, when given, carries verifier answers from fold to fold of one pass run."""
    applier = GreedyRewritePatternApplier(conversion_folds(mma_to_dot_bailout, equal_layouts, verdicts))
    walker = RootsFirstWalker(applier, walk_reverse=True, roots=FOLD_ROOTS)
    walker.post_walk_func = walker.erase_dead_ops_after_rewrites
    for region in root.regions:
        walker.rewrite_region(region)


def fold_ops(root: Operation) -> bool:
    """Replace every op under ``root`` that folds by what it folds to, the readers of a
    folded op tried again, until none folds; whether any did.  Constants a fold leaves
    unread are erased with the other dead pure ops."""
    waiting = [op for op in root.walk() if op.name in FOLDABLE_OPS]
    folded_any = False
    while waiting:
        op = waiting.pop()
        if op.parent is None or (found := folded_replacement(op)) is None:
            continue
        new_ops, value = found
        waiting += [use.operation for use in op.results[0].uses if use.operation.name in FOLDABLE_OPS]
        Rewriter.replace_op(op, new_ops, [value])
        folded_any = True
    if folded_any:
        for region in root.regions:
            erase_dead_ops(region)
    return folded_any
