"""``remove-redundant-conversions``: Triton's ``tritongpu-remove-layout-conversions``,
then CSE, per ``tt.func`` (the order of Triton's
``RemoveLayoutConversionsPass::runOnOperation``).

The pipeline: fold conversions (Triton's canonicalizations, and conversions between
encodings with equal linear layouts); propagate anchor layouts forward; fold again;
rematerialise backward slices where Triton's cost model says so, to a fixed point;
hoist conversions above ops that grow the data, into the branch of a conditional
that needs them, and to ``dot_op`` up to the loads; then drop dead loop-carried
values, simplify ``scf.for`` and ``scf.if`` as MLIR's canonicalizations do, and drop
common subexpressions and dead ops.

Forward propagation follows Triton's conflict rule (the first layout offered
wins), which can leave more conversions than came in.  Beyond Triton, the
pipeline therefore also runs without propagation on a copy of the function and
keeps that copy when its conversions move fewer bytes, loops weighted by
``ASSUMED_TRIP_COUNT`` per level; on a tie Triton's result stays.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from typing import ClassVar, cast

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.ir.common_subexpressions import eliminate_common_subexpressions
from layoutdialect.ir.dead_ops import erase_dead_ops
from layoutdialect.ir.locations import located_error
from layoutdialect.ir.op_lists import ops_of_types
from layoutdialect.ir.pass_options import check_application, check_options
from layoutdialect.ir.regions import isolated_region, replace_blocks
from layoutdialect.ir.remarks import Remark
from layoutdialect.passes.remove_redundant_conversions.canonicalization import (
    Verdicts,
    canonicalize_conversions,
    fold_ops,
)
from layoutdialect.passes.remove_redundant_conversions.hoisting import hoist_dot_operand, hoist_into_conditionals
from layoutdialect.passes.remove_redundant_conversions.loop_cleanup import (
    remove_dead_branch_results,
    remove_dead_loop_values,
)
from layoutdialect.passes.remove_redundant_conversions.op_roles import byte_count
from layoutdialect.passes.remove_redundant_conversions.propagation import propagate_layouts
from layoutdialect.passes.remove_redundant_conversions.rematerialisation import Rematerialiser
from layoutdialect.passes.remove_redundant_conversions.scf_cleanup import clean_up_scf

__all__ = ["Options", "RemoveRedundantConversionsPass", "remove_redundant_conversions"]

MAX_REMATERIALISATION_ROUNDS = 16
ASSUMED_TRIP_COUNT = 8


def _conversions(func: AnyFuncOp) -> list[ConvertLayoutOp]:
    return cast(list[ConvertLayoutOp], ops_of_types(func, [ConvertLayoutOp]))


def _attached(op: ConvertLayoutOp) -> bool:
    return op.parent is not None


def hoist_constants(func: AnyFuncOp) -> None:
    """Move every ``arith.constant`` to the start of the function, or of the region
    isolated from above that holds it (a ``ttg.warp_specialize`` partition), as MLIR's
    folder does, so that CSE merges copies made inside loops and branches."""
    constants = ops_of_types(func, [arith.ConstantOp])
    for op in reversed(constants):
        entry = isolated_region(op).blocks.first
        block = op.parent_block()
        assert entry is not None and block is not None
        block.detach_op(op)
        Rewriter.insert_op(op, InsertPoint.at_start(entry))


@dataclass(frozen=True)
class Options:
    """The pass options the stages read."""

    mma_to_dot_bailout: bool = True
    equal_layouts: bool = True
    try_without_propagation: bool = True
    verdicts: Verdicts = field(default_factory=Verdicts, compare=False, repr=False)
    """The folds' verifier answers, which ``remove_redundant_conversions`` makes new for each run."""


def weighted_conversion_bytes(func: AnyFuncOp) -> int:
    """Bytes the conversions in ``func`` move, each times ``ASSUMED_TRIP_COUNT`` per enclosing loop."""
    total = 0
    for conversion in _conversions(func):
        loops = 0
        parent = conversion.parent_op()
        while parent is not None and parent is not func:
            loops += isinstance(parent, scf.ForOp | scf.WhileOp)
            parent = parent.parent_op()
        total += byte_count(conversion.src) * ASSUMED_TRIP_COUNT**loops
    return total


def fold(func: AnyFuncOp, options: Options) -> bool:
    """Triton's canonicalizations, conversions between equal linear layouts and the ops'
    own folds, until none applies."""
    canonicalize_conversions(func, options.mma_to_dot_bailout, options.equal_layouts, options.verdicts)
    if fold_ops(func):
        canonicalize_conversions(func, options.mma_to_dot_bailout, options.equal_layouts, options.verdicts)
    return True


def rematerialise(func: AnyFuncOp, options: Options) -> bool:
    """Rematerialise backward slices where the cost model says so, folding after each
    round, until a round removes nothing (so it ends on a fold; it starts on one too,
    which a round that changes nothing leaves standing)."""
    conversions = _conversions(func)
    for _ in range(MAX_REMATERIALISATION_ROUNDS):
        before = len(conversions)
        rematerialiser = Rematerialiser()
        for conversion in conversions:
            if _attached(conversion):
                rematerialiser.rematerialise(conversion)
            if _attached(conversion):
                rematerialiser.remember(conversion)
        if not rematerialiser.rewrites:
            break
        fold(func, options)
        conversions = _conversions(func)  # also the next round's, as nothing changes in between
        if len(conversions) == before:
            break
    return True


def hoist(func: AnyFuncOp, options: Options) -> bool:
    """Move each remaining conversion above the ops that grow its data, then into the
    branch of a conditional that needs it, then (to ``dot_op``) up to its loads;
    whether any moved (every move rewrites a slice)."""
    hoister = Rematerialiser()
    steps = (hoister.hoist_above_growth, partial(hoist_into_conditionals, hoister), partial(hoist_dot_operand, hoister))
    for step in steps:
        for conversion in _conversions(func):
            if _attached(conversion):
                step(conversion)
    return bool(hoister.rewrites)


def drop_dead_scf_values(func: AnyFuncOp, options: Options) -> bool:
    """Drop unused loop-carried values and branch results until none is left; whether
    any was dropped."""
    dropped = False
    while remove_dead_loop_values(func) | remove_dead_branch_results(func):
        dropped = True
    return dropped


def scf_cleanup(func: AnyFuncOp, options: Options) -> bool:
    """MLIR's canonicalizations of ``scf.for`` and ``scf.if`` (``clean_up_scf``), until none
    applies; whether any did."""
    return clean_up_scf(func)


def remove_dead_ops(func: AnyFuncOp) -> None:
    """Erase the pure ops whose results nobody reads, such as the originals of slices
    whose copies replaced a conversion."""
    erase_dead_ops(func.body)


Stage = Callable[[AnyFuncOp, Options], bool]
"""A step of the pipeline, answering whether it may have changed the function."""


def _may_change(step: Callable[[AnyFuncOp], object]) -> Stage:
    def stage(func: AnyFuncOp, options: Options) -> bool:
        step(func)
        return True

    return stage


AFTER_PROPAGATION: tuple[tuple[str, Stage], ...] = (
    ("fold", fold),
    ("rematerialise", rematerialise),
    ("hoist", hoist),
    ("dead scf values", drop_dead_scf_values),
    ("fold", fold),
    ("hoist constants", _may_change(hoist_constants)),
    ("scf cleanup", scf_cleanup),
    ("cse", _may_change(eliminate_common_subexpressions)),
    ("dce", _may_change(remove_dead_ops)),
)
"""The stages after forward propagation, which both runs of the pipeline share."""

_ENDING_ON_A_FOLD: tuple[Stage, ...] = (fold, rematerialise)


def run_pipeline(
    func: AnyFuncOp,
    options: Options,
    stages: tuple[tuple[str, Stage], ...],
    on_stage: Callable[[str, float], None] | None,
    folded: bool = False,
) -> None:
    """Run ``stages`` on ``func``, skipping each ``fold`` that could only change nothing:
    where folds ran to completion (``folded``: before the first stage; after ``fold``
    and ``rematerialise``, which end on one) and no stage since changed the function."""
    fold_may_find_work = not folded
    for name, stage in stages:
        if stage is fold and not fold_may_find_work:
            continue
        with _timed(name, on_stage):
            changed = stage(func, options)
        fold_may_find_work = stage not in _ENDING_ON_A_FOLD and (fold_may_find_work or changed)


@contextmanager
def _timed(name: str, on_stage: Callable[[str, float], None] | None) -> Iterator[None]:
    start = time.perf_counter()
    yield
    if on_stage is not None:
        on_stage(name, time.perf_counter() - start)


def remove_redundant_conversions(
    func: AnyFuncOp, options: Options = Options(), on_stage: Callable[[str, float], None] | None = None
) -> None:
    """Run the whole pipeline on one function; ``on_stage`` hears each stage's name and seconds.

    The run without propagation starts from a copy taken after the first fold (the
    stage both runs begin with), and is skipped where it cannot win: when
    propagation changed nothing (both runs would be the same) or when the run with
    it leaves no conversion."""
    options = replace(options, verdicts=Verdicts())
    with _timed("fold", on_stage):
        fold(func, options)
    alternative = func.clone() if options.try_without_propagation else None
    with _timed("propagate", on_stage):
        propagated = propagate_layouts(func)
    run_pipeline(func, options, AFTER_PROPAGATION, on_stage, folded=not propagated)
    if alternative is None:
        return
    if propagated and weighted_conversion_bytes(func) > 0:
        run_pipeline(alternative, options, AFTER_PROPAGATION, on_stage, folded=True)
        if weighted_conversion_bytes(alternative) < weighted_conversion_bytes(func):
            replace_blocks(func.body, alternative.body)
    alternative.erase()


@dataclass(frozen=True)
class RemoveRedundantConversionsPass(ModulePass):
    """``remove-redundant-conversions{mma-to-dot-bailout=true equal-layouts=true
    try-without-propagation=true verify=false}``

    ``mma-to-dot-bailout`` keeps Triton's refusal to fold an ``nvidia_mma`` to
    ``dot_op`` conversion; ``equal-layouts`` removes conversions between encodings
    with equal linear layouts, which Triton keeps; ``try-without-propagation`` keeps
    the pipeline's result without forward propagation when that is cheaper;
    ``verify`` runs every function before and after on random inputs with layouts
    ignored and fails if anything differs.
    """

    name = "remove-redundant-conversions"
    summary: ClassVar[str] = "Triton's tritongpu-remove-layout-conversions, then CSE"

    mma_to_dot_bailout: bool = True
    equal_layouts: bool = True
    try_without_propagation: bool = True
    verify: bool = False

    def __post_init__(self) -> None:
        check_options(self)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        check_application(self, ctx, op)
        original = op.clone() if self.verify else None
        for func in [f for f in op.walk() if isinstance(f, AnyFuncOp)]:
            if not func.body.blocks:
                continue
            if any(len(region.blocks) > 1 for inner in func.walk() for region in inner.regions):
                name = func.sym_name.data
                message = f"@{name} has a region of several blocks; remove-redundant-conversions leaves it unchanged"
                print(Remark(func, message), file=sys.stderr)
                continue
            remove_redundant_conversions(
                func, Options(self.mma_to_dot_bailout, self.equal_layouts, self.try_without_propagation)
            )
        if original is not None:
            verify_same_semantics(original, op)


def verify_same_semantics(original: ModuleOp, rewritten: ModuleOp) -> None:
    """Raise a located error at the first function whose meaning changed, or that
    the layout-blind interpreter cannot run."""
    # Loaded only when asked for: the interpreter registers a meaning for every op of
    # every dialect it knows, which took a second of each layout-opt start.
    from layoutdialect.sim.same_semantics import SemanticsChanged, check_same_semantics
    from layoutdialect.sim.tensor_values import ProgramError

    functions = {f.sym_name.data: f for f in rewritten.walk() if isinstance(f, AnyFuncOp)}
    try:
        check_same_semantics(original, rewritten)
    except SemanticsChanged as error:
        raise located_error(functions[error.function], f"the rewrite changed the program's meaning: {error}") from None
    except ProgramError as error:
        raise located_error(error.op or rewritten, f"cannot verify the rewrite: {error}") from None
