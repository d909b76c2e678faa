"""``lower-convert-layout``: each ``ttg.convert_layout`` becomes straight-line code for one
thread (register renaming, warp shuffles, or a shared-memory round trip)."""

from layoutdialect.passes.lower_convert_layout.planning import (
    LowerConvertLayoutPass,
    PlannedConversion,
    lower_convert_layouts,
    lower_planned,
    plan_convert_layouts,
    plan_convert_op,
)

__all__ = [
    "LowerConvertLayoutPass",
    "PlannedConversion",
    "lower_convert_layouts",
    "lower_planned",
    "plan_convert_layouts",
    "plan_convert_op",
]
