"""Planning one ``ttg.convert_layout`` of a module: its two layouts, its element width and
the GPU it runs on, or a remark on why it stays as it is.  The pass and ``layout-tool
plan`` plan each conversion here."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute

from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.ttg.attributes import EncodingAttr
from layoutdialect.dialect.ttg.layout_checks import MODULE_TARGET, TargetOverride
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.encodings import EncodingError, to_linear_layout
from layoutdialect.ir.locations import located_error
from layoutdialect.ir.remarks import Remark
from layoutdialect.lowering.layout_conversion import LayoutConversion, plan_layout_conversion
from layoutdialect.target import SHUFFLES_ONLY, CrossLane, SharedMemory, TargetError

__all__ = ["MAX_REGISTERS", "PlannedConversion", "plan_conversion_types", "plan_convert_op"]


MAX_REGISTERS = 2048
"""The most registers a thread may hold of a conversion's source or destination for it to
be lowered: eight times the 255 32-bit registers a GPU thread has (Triton's code spills
long before), and the straight-line code of larger ones takes seconds to build and
simulate (a broadcasting ``#ttg.dot_op`` with ``kWidth = 65536`` holds 2^19)."""


@dataclass(frozen=True)
class PlannedConversion:
    """A ``ttg.convert_layout`` with its planned ``conversion``."""

    op: ConvertLayoutOp
    conversion: LayoutConversion


def plan_convert_op(
    op: ConvertLayoutOp,
    max_mixed_transpositions: int = 1,
    target: TargetOverride = MODULE_TARGET,
    max_scratch_bytes: int | None = None,
) -> PlannedConversion | Remark:
    """The plan of one conversion, or a remark on why it cannot be planned."""
    source_type, result_type = op.src.type, op.result.type
    assert isinstance(source_type, TensorType) and isinstance(result_type, TensorType)
    try:
        gpu = target.resolve(op)
    except TargetError as error:
        raise located_error(op, str(error)) from None
    planned = plan_conversion_types(
        source_type, result_type, gpu.shared, max_mixed_transpositions, max_scratch_bytes, gpu.cross_lane
    )
    return PlannedConversion(op, planned) if isinstance(planned, LayoutConversion) else Remark(op, planned)


def plan_conversion_types(
    source_type: TensorType[Attribute],
    result_type: TensorType[Attribute],
    memory: SharedMemory,
    max_mixed_transpositions: int = 1,
    max_scratch_bytes: int | None = None,
    cross_lane: CrossLane = SHUFFLES_ONLY,
) -> LayoutConversion | str:
    """The plan of converting a tensor of ``source_type`` to ``result_type`` on a GPU with
    shared memory ``memory`` and the cross-lane moves ``cross_lane``, or why it
    cannot be planned (ending in ``; kept``)."""
    source, result = source_type.encoding, result_type.encoding
    if not isinstance(source, EncodingAttr) or not isinstance(result, EncodingAttr):
        return "the conversion has no ttg encoding on both sides; kept"
    shape = list(source_type.get_shape())
    try:
        src = to_linear_layout(source.data, shape)
        dst = to_linear_layout(result.data, shape)
    except EncodingError as error:
        return f"the conversion cannot be planned: {error}; kept"
    registers = max(src.get_in_dim_size("register"), dst.get_in_dim_size("register"))
    if registers > MAX_REGISTERS:
        return (
            f"the conversion is kept: a thread holds {registers} registers of one side, "
            f"more than the {MAX_REGISTERS} lower-convert-layout lowers"
        )
    element_bits = bit_width(source_type.element_type)
    if element_bits is None:
        return f"the conversion cannot be planned: type {source_type.element_type} has no fixed bit width; kept"
    try:
        return plan_layout_conversion(
            src, dst, element_bits, memory, max_mixed_transpositions, max_scratch_bytes, cross_lane
        )
    except ValueError as error:
        return f"the conversion cannot be planned: {error}; kept"
