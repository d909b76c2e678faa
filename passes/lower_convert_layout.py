"""``lower-convert-layout``: each ``ttg.convert_layout`` becomes thread-level IR.

The conversion is planned with F2 algebra (``layoutdialect.analysis.conversion``)
and replaced by straight-line code over one thread's registers (``layoutdialect.lowering``):
nothing for equal layouts, one ``vector.shuffle`` for a register permutation,
selects and ``gpu.shuffle`` within a warp, and a round trip through a swizzled
scratch buffer when data crosses warps.  Each function gets one scratch
``memref.alloc`` in workgroup memory (space 3), sized for its largest conversion.
Conversions between CTAs, and those whose threads hold more than ``MAX_REGISTERS``
registers (``lowering.convert_layout_op``), are left in place with a remark.  With ``verify``, each lowering is run on a
simulated CTA, warps also in adversarial orders, and a wrong result is a located error.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Attribute, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from layoutdialect.dialect.ttg.layout_checks import MODULE_TARGET, TargetOverride
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.ir.locations import located_error
from layoutdialect.ir.pass_options import check_application, check_options
from layoutdialect.ir.regions import isolated_region
from layoutdialect.ir.remarks import Remark
from layoutdialect.lowering.convert_layout_op import PlannedConversion, plan_convert_op
from layoutdialect.lowering.layout_conversion import (
    LayoutConversion,
    lower_conversion,
    scratch_buffer,
)
from layoutdialect.sim.verify import ConversionMismatch
from layoutdialect.target import Target, TargetError

__all__ = [
    "LowerConvertLayoutPass",
    "lower_convert_layouts",
    "lower_planned",
    "plan_convert_layouts",
]


def lower_convert_layouts(
    module: ModuleOp,
    *,
    verify: bool = False,
    max_mixed_transpositions: int = 1,
    target: TargetOverride = MODULE_TARGET,
    max_scratch_bytes: int | None = None,
) -> list[Remark]:
    """Lower every ``ttg.convert_layout`` of ``module`` that stays within a CTA; return
    remarks on those left in place.  ``max_mixed_transpositions`` is the most
    register-lane transpositions a conversion may take by shuffles (Triton: 1); the GPU
    is the module's (``kernel_target``) unless ``target`` says otherwise; each scratch
    buffer holds at most ``max_scratch_bytes`` (``None``: Triton 3.9's for the pair)."""
    planned, remarks = plan_convert_layouts(module, max_mixed_transpositions, target, max_scratch_bytes)
    lower_planned(planned, verify=verify)
    return remarks


def plan_convert_layouts(
    module: ModuleOp,
    max_mixed_transpositions: int = 1,
    target: TargetOverride = MODULE_TARGET,
    max_scratch_bytes: int | None = None,
) -> tuple[list[PlannedConversion], list[Remark]]:
    """The plans of the conversions of ``module`` that can be lowered, and remarks on the rest."""
    remarks: list[Remark] = []
    planned: list[PlannedConversion] = []
    for op in [op for op in module.walk() if isinstance(op, ConvertLayoutOp)]:
        item = plan_convert_op(op, max_mixed_transpositions, target, max_scratch_bytes)
        if isinstance(item, Remark):
            remarks.append(item)
        elif not item.conversion.lowerable:
            plan = item.conversion.strategy
            remarks.append(Remark(op, f"{plan.kind.value} conversion needs {plan.path.value} ({plan.reason}); kept"))
        else:
            planned.append(item)
    return planned, remarks


def lower_planned(planned: list[PlannedConversion], verify: bool = False) -> None:
    """Replace each planned conversion by its thread-level code, one scratch buffer per
    function; ``verify`` runs each on the CTA simulator first, once per code: conversions
    alike in plan, types and scratch buffer are lowered to the same ops."""
    scratch = _allocate_scratch([item for item in planned if item.conversion.strategy.scratch is not None])
    verified: set[tuple[LayoutConversion, Attribute, Attribute, Attribute | None]] = set()
    for item in planned:
        op, conversion = item.op, item.conversion
        buffer = scratch.get(isolated_region(op)) if conversion.strategy.scratch is not None else None
        result_type = op.result.type
        assert isinstance(result_type, TensorType)
        code_key = (conversion, op.src.type, result_type, buffer.type if buffer is not None else None)
        try:
            lowered = lower_conversion(conversion, op.src, result_type, buffer, verify and code_key not in verified)
        except ConversionMismatch as error:
            raise located_error(op, f"the lowered conversion is wrong: {error}") from None
        verified.add(code_key)
        Rewriter.replace_op(op, lowered.ops, [lowered.result])


def _allocate_scratch(shared: list[PlannedConversion]) -> dict[Region, SSAValue]:
    """One scratch buffer at the top of each isolated region (function or warp-specialised
    partition), as large as its largest conversion."""
    sizes: dict[Region, int] = {}
    for item in shared:
        scratch = item.conversion.strategy.scratch
        assert scratch is not None
        region = isolated_region(item.op)
        sizes[region] = max(sizes.get(region, 0), scratch.scratch_bytes)
    buffers: dict[Region, SSAValue] = {}
    for region, size in sizes.items():
        alloc = scratch_buffer(size)
        entry = region.blocks.first
        assert entry is not None
        Rewriter.insert_op(alloc, InsertPoint.at_start(entry))
        buffers[region] = alloc.memref
    return buffers


@dataclass(frozen=True)
class LowerConvertLayoutPass(ModulePass):
    """``lower-convert-layout{verify=false max-mixed-transpositions=1 target="" num-banks=0
    max-scratch-bytes=0}``; remarks go to stderr.  ``target`` (``cuda:90``, ``hip:gfx950``)
    and ``num-banks`` replace the module's ``ttg.target`` and its bank count when given;
    ``max-scratch-bytes`` caps each scratch buffer (0: as large as Triton 3.9's for the
    pair), so a kernel with shared memory to spare can trade it for fewer barriers."""

    name = "lower-convert-layout"
    summary: ClassVar[str] = (
        "each ttg.convert_layout becomes thread-level IR: register moves, warp shuffles or a shared-memory round trip"
    )

    verify: bool = False
    max_mixed_transpositions: int = 1
    target: str = ""
    num_banks: int = 0
    max_scratch_bytes: int = 0

    def __post_init__(self) -> None:
        check_options(self)
        if self.max_mixed_transpositions < 0:
            raise ValueError(f"'max-mixed-transpositions' must be at least 0, got {self.max_mixed_transpositions}")
        if self.max_scratch_bytes < 0:
            raise ValueError(f"'max-scratch-bytes' must be at least 0, got {self.max_scratch_bytes}")
        try:
            Target.named(self.target or None, banks=self.num_banks or None)
        except TargetError as error:
            option = "num-banks" if self.num_banks and "bank" in str(error) else "target"
            raise ValueError(f"'{option}': {error}") from None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        check_application(self, ctx, op)
        choice = TargetOverride(self.target or None, self.num_banks or None)
        remarks = lower_convert_layouts(
            op,
            verify=self.verify,
            max_mixed_transpositions=self.max_mixed_transpositions,
            target=choice,
            max_scratch_bytes=self.max_scratch_bytes or None,
        )
        for remark in remarks:
            print(remark, file=sys.stderr)
