"""Thread-level IR for one layout conversion, in standard dialects.

``emit_conversion`` turns a ``ConversionStrategy`` into straight-line ops over one
thread's registers: the source tensor becomes a ``vector<R x T>`` of its
registers (``builtin.unrealized_conversion_cast``), data moves with
``vector.shuffle`` (register renaming), selects and ``gpu.shuffle``
(``shuffle_ir``) or a round trip through shared memory (``scratch_ir``), and the
destination registers become the result tensor.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import AnyFloat, IntegerType, TensorType, UnrealizedConversionCastOp, VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from layoutdialect.analysis.conversion import ConversionPath, ConversionStrategy
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.lowering.scratch_ir import shared_memory_round_trip
from layoutdialect.lowering.shuffle_ir import warp_shuffles
from layoutdialect.lowering.thread_builder import ThreadIR

__all__ = ["ConversionCode", "emit_conversion", "register_type"]


@dataclass(frozen=True)
class ConversionCode:
    """The ops of one lowered conversion and the value that replaces its result:
    ``source`` itself, with no ops, when nothing moves and the types agree."""

    ops: list[Operation]
    result: SSAValue


def register_type(element: Attribute) -> Attribute:
    """The type a register holds an element of ``element`` as: itself for an integer or a
    float, else (a pointer) the integer of its width, as Triton's lowering holds pointers."""
    if isinstance(element, IntegerType | AnyFloat):
        return element
    width = bit_width(element)
    if width is None:
        raise ValueError(f"elements of type {element} have no bit width to move")
    return IntegerType(width)


def emit_conversion(
    source: SSAValue,
    result_type: TensorType[Attribute],
    plan: ConversionStrategy,
    lanes: int,
    scratch: SSAValue | None = None,
) -> ConversionCode:
    """The ops that convert ``source`` to ``result_type`` as ``plan`` says; a conversion
    through shared memory uses the function's ``scratch`` buffer (``memref<N x i8, 3>``)."""
    source_type = source.type
    assert isinstance(source_type, TensorType)
    if plan.path is ConversionPath.NONE:
        if source_type == result_type:
            return ConversionCode([], source)
        retyped = UnrealizedConversionCastOp.get([source], [result_type])
        return ConversionCode([retyped], retyped.results[0])
    element = register_type(source_type.element_type)
    warp_lanes = plan.warp.warp_lane_bits if plan.path is ConversionPath.WARP_SHUFFLES and plan.warp else ()
    ir = ThreadIR(lanes, warp_lanes)
    values = ir.add(UnrealizedConversionCastOp.get([source], [VectorType(element, [plan.source_registers])]), "regs")
    if plan.path is ConversionPath.REGISTERS:
        values = ir.shuffle_registers(values, list(plan.register_map), element)
    elif plan.path is ConversionPath.WARP_SHUFFLES:
        assert plan.warp is not None
        values = warp_shuffles(ir, values, element, plan.warp)
    elif plan.scratch is not None and scratch is not None:
        values = shared_memory_round_trip(ir, values, element, plan.scratch, scratch, plan.destination_registers)
    else:
        raise ValueError(f"a conversion by {plan.path.value} has no thread-level lowering here")
    result = ir.add(UnrealizedConversionCastOp.get([values], [result_type]))
    return ConversionCode(ir.ops, result)
