"""``lower-convert-layout``: each ``ttg.convert_layout`` becomes straight-line code for one
thread (register renaming, warp shuffles, or a shared-memory round trip)."""

from layoutdialect.passes.lower_convert_layout.lowering import (
    LayoutConversion,
    LoweredConversion,
    lower_conversion,
    lower_detached,
    plan_layout_conversion,
)
from layoutdialect.passes.lower_convert_layout.planning import (
    LowerConvertLayoutPass,
    PlannedConversion,
    lower_convert_layouts,
    lower_planned,
    plan_convert_layouts,
    plan_convert_op,
)

__all__ = [
    "LayoutConversion",
    "LowerConvertLayoutPass",
    "LoweredConversion",
    "PlannedConversion",
    "lower_conversion",
    "lower_convert_layouts",
    "lower_detached",
    "lower_planned",
    "plan_convert_layouts",
    "plan_convert_op",
    "plan_layout_conversion",
]
