"""``lower-convert-layout``: each ``ttg.convert_layout`` becomes thread-level IR.

The conversion is planned with F2 algebra (``layoutdialect.analysis.conversion``)
and, when it stays in registers or within a warp, replaced by straight-line code
over one thread's registers (``thread_ir``): nothing for equal layouts, one
``vector.shuffle`` for a register permutation, selects and ``gpu.shuffle`` for an
intra-warp one.  Conversions that need shared memory are left in place with a
remark.  With ``verify``, each lowering is run on a simulated CTA and a wrong
result is a located error.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from layoutdialect.analysis.conversion import ConversionPath, ConversionPlan, plan_conversion
from layoutdialect.dialect.attributes import EncodingAttr
from layoutdialect.dialect.ops import ConvertLayoutOp
from layoutdialect.dialect.text import located_error
from layoutdialect.encodings import EncodingError, to_linear_layout
from layoutdialect.passes.remarks import Remark
from layoutdialect.passes.thread_ir import emit_conversion
from layoutdialect.sim.cta import SimulationError, bit_width
from layoutdialect.sim.verify import ConversionMismatch, verify_conversion

__all__ = ["LowerConvertLayoutPass", "lower_convert_layouts"]

LOWERED_PATHS = (ConversionPath.NONE, ConversionPath.REGISTERS, ConversionPath.WARP_SHUFFLES)


def lower_convert_layouts(module: ModuleOp, *, verify: bool = False, max_mixed_transpositions: int = 1) -> list[Remark]:
    """Lower every ``ttg.convert_layout`` of ``module`` that stays within a warp; return
    remarks on those left in place.  ``max_mixed_transpositions`` is the most
    register-lane transpositions a conversion may take by shuffles (Triton: 1)."""
    remarks = []
    for op in [op for op in module.walk() if isinstance(op, ConvertLayoutOp)]:
        source_type, result_type = op.src.type, op.result.type
        assert isinstance(source_type, TensorType) and isinstance(result_type, TensorType)
        source, result = source_type.encoding, result_type.encoding
        if not isinstance(source, EncodingAttr) or not isinstance(result, EncodingAttr):
            remarks.append(Remark(op, "the conversion has no ttg encoding on both sides; kept"))
            continue
        shape = list(source_type.get_shape())
        try:
            src = to_linear_layout(source.data, shape)
            dst = to_linear_layout(result.data, shape)
            element_bits = bit_width(source_type.element_type)
        except (EncodingError, SimulationError) as error:
            remarks.append(Remark(op, f"the conversion cannot be planned: {error}; kept"))
            continue
        plan = plan_conversion(src, dst, element_bits, max_mixed_transpositions)
        if plan.path not in LOWERED_PATHS:
            remarks.append(Remark(op, _why_kept(plan)))
            continue
        code = emit_conversion(op.src, result_type, plan, src.get_in_dim_size("lane"))
        if verify:
            try:
                verify_conversion(code.ops, op.src, code.result, src, dst, element_bits)
            except ConversionMismatch as error:
                raise located_error(op, f"the lowered conversion is wrong: {error}") from None
        Rewriter.replace_op(op, code.ops, [code.result])
    return remarks


def _why_kept(plan: ConversionPlan) -> str:
    return (
        f"{plan.kind.value} conversion needs {plan.path.value} ({plan.reason}); "
        "left in place until the shared-memory lowering lands"
    )


@dataclass(frozen=True)
class LowerConvertLayoutPass(ModulePass):
    """``lower-convert-layout{verify=false max-mixed-transpositions=1}``; remarks go to stderr."""

    name = "lower-convert-layout"

    verify: bool = False
    max_mixed_transpositions: int = 1

    def __post_init__(self) -> None:
        if self.max_mixed_transpositions < 0:
            raise ValueError(f"'max-mixed-transpositions' must be at least 0, got {self.max_mixed_transpositions}")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        remarks = lower_convert_layouts(op, verify=self.verify, max_mixed_transpositions=self.max_mixed_transpositions)
        for remark in remarks:
            print(remark, file=sys.stderr)
