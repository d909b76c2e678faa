"""``remove-redundant-conversions``: Triton's ``tritongpu-remove-layout-conversions``,
then CSE, per ``tt.func`` (spec §5).

The pipeline: fold conversions (Triton's canonicalizations, and conversions between
encodings with equal linear layouts); propagate anchor layouts forward; fold again;
rematerialise backward slices where Triton's cost model says so, to a fixed point;
hoist conversions above ops that grow the data; then drop dead loop-carried
values and common subexpressions.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.transforms.common_subexpression_elimination import cse

from layoutdialect.dialect.ops import ConvertLayoutOp
from layoutdialect.dialect.tt_func import FuncOp

from .conversion_canonicalization import canonicalize_conversions
from .layout_propagation import propagate_layouts
from .loop_cleanup import remove_dead_loop_values
from .rematerialisation import Rematerialiser

__all__ = ["RemoveRedundantConversionsPass", "remove_redundant_conversions"]

MAX_REMATERIALISATION_ROUNDS = 16


def _conversions(func: FuncOp) -> list[ConvertLayoutOp]:
    return [op for op in func.walk() if isinstance(op, ConvertLayoutOp)]


def _attached(op: ConvertLayoutOp) -> bool:
    return op.parent is not None


def hoist_constants(func: FuncOp) -> None:
    """Move every ``arith.constant`` to the start of the function, as MLIR's folder does,
    so that CSE merges copies made inside loops and branches."""
    entry = func.body.block
    constants = [op for op in func.walk() if isinstance(op, arith.ConstantOp)]
    for op in reversed(constants):
        block = op.parent_block()
        assert block is not None
        block.detach_op(op)
        Rewriter.insert_op(op, InsertPoint.at_start(entry))


def remove_redundant_conversions(func: FuncOp, mma_to_dot_bailout: bool = True, equal_layouts: bool = True) -> None:
    """Run the whole pipeline on one function."""

    def cleanup() -> None:
        canonicalize_conversions(func, mma_to_dot_bailout, equal_layouts)

    cleanup()
    propagate_layouts(func)
    cleanup()
    for _ in range(MAX_REMATERIALISATION_ROUNDS):
        before = len(_conversions(func))
        rematerialiser = Rematerialiser()
        for conversion in _conversions(func):
            if _attached(conversion):
                rematerialiser.rematerialise(conversion)
            if _attached(conversion):
                rematerialiser.remember(conversion)
        cleanup()
        if len(_conversions(func)) == before:
            break
    hoister = Rematerialiser()
    for conversion in _conversions(func):
        if _attached(conversion):
            hoister.hoist_above_growth(conversion)
    while remove_dead_loop_values(func):
        pass
    cleanup()
    hoist_constants(func)
    cse(func)


@dataclass(frozen=True)
class RemoveRedundantConversionsPass(ModulePass):
    """``remove-redundant-conversions{mma-to-dot-bailout=true equal-layouts=true}``

    ``mma-to-dot-bailout`` keeps Triton's refusal to fold an ``nvidia_mma`` to
    ``dot_op`` conversion; ``equal-layouts`` removes conversions between encodings
    with equal linear layouts, which Triton keeps.
    """

    name = "remove-redundant-conversions"

    mma_to_dot_bailout: bool = True
    equal_layouts: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in [f for f in op.walk() if isinstance(f, FuncOp)]:
            remove_redundant_conversions(func, self.mma_to_dot_bailout, self.equal_layouts)
