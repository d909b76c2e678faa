"""Plan, emit and verify one layout conversion: the single path that
``lower-convert-layout``, ``layout-tool plan`` and ``layout-tool codegen`` share.

``plan_layout_conversion`` chooses how data move between two linear layouts
(``layoutdialect.analysis.conversion``); ``lower_conversion`` writes the thread-level
ops for that plan (``thread_ir``) and, when asked, runs them on the CTA simulator,
returning the ops, the value that replaces the conversion, and the simulated
``ConversionTrace`` so that callers can show what each value holds without running
the code again.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import memref
from xdsl.dialects.builtin import IntegerAttr, TensorType, i64
from xdsl.ir import Attribute, Block, Operation, SSAValue

from layoutdialect.analysis.conversion import ConversionPath, ConversionStrategy, choose_strategy
from layoutdialect.f2 import LinearLayout
from layoutdialect.lowering.scratch_ir import scratch_type
from layoutdialect.lowering.thread_ir import emit_conversion
from layoutdialect.sim.verify import ConversionTrace, verify_conversion
from layoutdialect.target import SHUFFLES_ONLY, CrossLane, SharedMemory

__all__ = [
    "SCRATCH_ALIGNMENT",
    "LayoutConversion",
    "LoweredConversion",
    "lower_conversion",
    "lower_detached",
    "plan_layout_conversion",
    "scratch_buffer",
]

SCRATCH_ALIGNMENT = 16
"""Bytes the scratch buffer is aligned to: the widest vector access."""


@dataclass(frozen=True)
class LayoutConversion:
    """Moving a tensor of ``element_bits``-bit elements from layout ``src`` to ``dst``,
    as ``strategy`` says."""

    src: LinearLayout
    dst: LinearLayout
    element_bits: int
    strategy: ConversionStrategy

    @property
    def lowerable(self) -> bool:
        """Whether thread-level code can carry the plan out: a plan through (distributed)
        shared memory needs a scratch buffer that fits."""
        shared = (ConversionPath.SHARED_MEMORY, ConversionPath.DISTRIBUTED_SHARED_MEMORY)
        return self.strategy.path not in shared or self.strategy.scratch is not None

    @property
    def lanes(self) -> int:
        return self.src.get_in_dim_size("lane")


def plan_layout_conversion(
    src: LinearLayout,
    dst: LinearLayout,
    element_bits: int,
    memory: SharedMemory,
    max_mixed_transpositions: int = 1,
    max_scratch_bytes: int | None = None,
    cross_lane: CrossLane = SHUFFLES_ONLY,
) -> LayoutConversion:
    """The plan for converting ``src`` to ``dst`` on a GPU with shared memory ``memory``;
    ``max_mixed_transpositions`` is the most register-lane transpositions to take by
    shuffles (Triton: 1), ``max_scratch_bytes`` the largest scratch buffer (``None``:
    Triton 3.9's for the pair), ``cross_lane`` the target's moves beyond shuffles (``Target.cross_lane``)."""
    plan = choose_strategy(src, dst, element_bits, memory, max_mixed_transpositions, max_scratch_bytes, cross_lane)
    return LayoutConversion(src, dst, element_bits, plan)


@dataclass(frozen=True)
class LoweredConversion:
    """The ops of one lowered conversion, the value that replaces its result, and the
    simulated run when it was verified."""

    ops: list[Operation]
    result: SSAValue
    trace: ConversionTrace | None


def lower_conversion(
    conversion: LayoutConversion,
    source: SSAValue,
    result_type: TensorType[Attribute],
    scratch: SSAValue | None = None,
    verify: bool = False,
) -> LoweredConversion:
    """The ops converting ``source`` to ``result_type`` as ``conversion`` is planned, using
    ``scratch`` (``memref<N x i8, 3>``) when data go through shared memory.  With
    ``verify`` the ops run on the CTA simulator first and a wrong result raises
    ``ConversionMismatch``.

    Precondition: ``conversion.lowerable``, and ``scratch`` holds at least the plan's
    ``scratch_bytes`` when it has a scratch plan."""
    code = emit_conversion(source, result_type, conversion.strategy, conversion.lanes, scratch)
    trace = None
    if verify:
        trace = verify_conversion(
            code.ops, source, code.result, conversion.src, conversion.dst, conversion.element_bits, scratch=scratch
        )
    return LoweredConversion(code.ops, code.result, trace)


def scratch_buffer(scratch_bytes: int) -> memref.AllocOp:
    """A fresh ``memref.alloc`` of a ``scratch_bytes`` workgroup buffer, not yet inserted."""
    alloc = memref.AllocOp([], [], scratch_type(scratch_bytes), IntegerAttr(SCRATCH_ALIGNMENT, i64))
    alloc.memref.name_hint = "scratch"
    return alloc


def lower_detached(
    conversion: LayoutConversion,
    source_type: TensorType[Attribute],
    result_type: TensorType[Attribute],
    verify: bool = False,
) -> tuple[Block, memref.AllocOp | None, LoweredConversion]:
    """``lower_conversion`` of a fresh block's argument (the source tensor), with its own
    scratch ``memref.alloc`` when the plan needs one (returned, not inserted)."""
    block = Block(arg_types=[source_type])
    scratch = conversion.strategy.scratch
    alloc = scratch_buffer(scratch.scratch_bytes) if scratch is not None else None
    lowered = lower_conversion(
        conversion, block.args[0], result_type, alloc.memref if alloc is not None else None, verify
    )
    return block, alloc, lowered
