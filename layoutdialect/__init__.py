"""layoutdialect: GPU tensor data layouts as linear maps over F2.

The public API, re-exported from the layers below it:

- the F2 core (``layoutdialect.f2``): ``LinearLayout`` with the semantics of
  Triton's, and its helpers;
- the encodings (``layoutdialect.encodings``): each TTGIR layout's parameters
  as a validated value, and ``to_linear_layout(encoding, shape)``, its exact
  F2 layout;
- the ``ttg`` dialect on xDSL (``layoutdialect.dialect``): the ``TTG`` dialect
  object, its attribute, type and op classes, ``load_dialects(ctx)``,
  ``parse_module`` / ``verify_module`` / ``print_module`` and ``IRError``;
- what a compiler stack calls (``layoutdialect.compiler``): ``run_pipeline`` with a
  ``-p`` string or the pass objects (``LowerToLinearPass``,
  ``RemoveRedundantConversionsPass``, ``LowerConvertLayoutPass``), and ``plan`` /
  ``plan_module``, which return ``ConversionPlan``.

Every name is imported the first time it is asked for: ``import layoutdialect`` loads
nothing, the F2 core and the encodings load no xDSL, and the dialect and compiler names
load it on first use.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from layoutdialect.encodings import (
        AmdMfmaEncoding,
        AMDRotatingSharedEncoding,
        AmdWmmaEncoding,
        BlockedEncoding,
        CGALayout,
        DistributedEncoding,
        DotOperandEncoding,
        Encoding,
        EncodingError,
        GenericLinearEncoding,
        LinearEncoding,
        NvidiaMmaEncoding,
        NVMMASharedEncoding,
        PaddedSharedEncoding,
        PartitionedSharedEncoding,
        SharedEncoding,
        SharedLinearEncoding,
        SliceEncoding,
        SwizzledSharedEncoding,
        to_linear_layout,
    )
    from layoutdialect.f2 import (
        Bases,
        ColumnAction,
        LayoutBuilder,
        LinearLayout,
        LinearLayoutError,
        divide_left,
        divide_right,
        ensure_layout_not_larger_than,
        ensure_layout_not_smaller_than,
        identity_standard_nd,
        lstsq,
        standard_out_dim_names,
        supremum,
    )

_LAZY_MODULES = {
    "layoutdialect.encodings": (
        "AmdMfmaEncoding",
        "AMDRotatingSharedEncoding",
        "AmdWmmaEncoding",
        "BlockedEncoding",
        "CGALayout",
        "DistributedEncoding",
        "DotOperandEncoding",
        "Encoding",
        "EncodingError",
        "GenericLinearEncoding",
        "LinearEncoding",
        "NvidiaMmaEncoding",
        "NVMMASharedEncoding",
        "PaddedSharedEncoding",
        "PartitionedSharedEncoding",
        "SharedEncoding",
        "SharedLinearEncoding",
        "SliceEncoding",
        "SwizzledSharedEncoding",
        "to_linear_layout",
    ),
    "layoutdialect.f2": (
        "Bases",
        "ColumnAction",
        "LayoutBuilder",
        "LinearLayout",
        "LinearLayoutError",
        "divide_left",
        "divide_right",
        "ensure_layout_not_larger_than",
        "ensure_layout_not_smaller_than",
        "identity_standard_nd",
        "lstsq",
        "standard_out_dim_names",
        "supremum",
    ),
    "layoutdialect.dialect.ttg.attributes": (
        "AMDRotatingSharedEncodingAttr",
        "AmdMfmaEncodingAttr",
        "AmdWmmaEncodingAttr",
        "BlockedEncodingAttr",
        "DistributedEncodingAttr",
        "DotOperandEncodingAttr",
        "EncodingAttr",
        "GenericLinearEncodingAttr",
        "LinearEncodingAttr",
        "NVMMASharedEncodingAttr",
        "NvidiaMmaEncodingAttr",
        "PaddedSharedEncodingAttr",
        "PartitionedSharedEncodingAttr",
        "SharedEncodingAttr",
        "SharedLinearEncodingAttr",
        "SharedMemorySpaceAttr",
        "SliceEncodingAttr",
        "SwizzledSharedEncodingAttr",
        "encoding_attr",
    ),
    "layoutdialect.dialect.ttg.types": ("AsyncTokenType", "MemDescType"),
    "layoutdialect.dialect.ttg.ops": (
        "ConvertLayoutOp",
        "LocalAllocOp",
        "LocalDeallocOp",
        "LocalLoadOp",
        "LocalStoreOp",
    ),
    "layoutdialect.dialect.ttg": ("TTG",),
    "layoutdialect.dialect.registry": ("load_dialects", "make_context"),
    "layoutdialect.dialect.text": ("parse_module", "print_module", "verify_module"),
    "layoutdialect.ir.diagnostics": ("IRError",),
    "layoutdialect.compiler": ("ConversionPlan", "plan", "plan_module", "run_pipeline"),
    "layoutdialect.passes.lower_to_linear": ("LowerToLinearPass",),
    "layoutdialect.passes.remove_redundant_conversions": ("RemoveRedundantConversionsPass",),
    "layoutdialect.passes.lower_convert_layout": ("LowerConvertLayoutPass",),
}
_LAZY_NAMES = {name: module for module, names in _LAZY_MODULES.items() for name in names}
"""Each public name and the module it is loaded from."""


def __getattr__(name: str) -> Any:
    """Import a name (a dialect or compiler name with xDSL) the first time it is asked for."""
    if name in _LAZY_NAMES:
        value = getattr(import_module(_LAZY_NAMES[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'layoutdialect' has no attribute {name!r}")


__all__ = [
    "AmdMfmaEncoding",
    "AmdMfmaEncodingAttr",
    "AMDRotatingSharedEncoding",
    "AMDRotatingSharedEncodingAttr",
    "AmdWmmaEncoding",
    "AmdWmmaEncodingAttr",
    "AsyncTokenType",
    "Bases",
    "BlockedEncoding",
    "BlockedEncodingAttr",
    "CGALayout",
    "ColumnAction",
    "ConversionPlan",
    "ConvertLayoutOp",
    "DistributedEncoding",
    "DistributedEncodingAttr",
    "divide_left",
    "divide_right",
    "DotOperandEncoding",
    "DotOperandEncodingAttr",
    "Encoding",
    "encoding_attr",
    "EncodingAttr",
    "EncodingError",
    "ensure_layout_not_larger_than",
    "ensure_layout_not_smaller_than",
    "GenericLinearEncoding",
    "GenericLinearEncodingAttr",
    "identity_standard_nd",
    "IRError",
    "LayoutBuilder",
    "LinearEncoding",
    "LinearEncodingAttr",
    "LinearLayout",
    "LinearLayoutError",
    "load_dialects",
    "LocalAllocOp",
    "LocalDeallocOp",
    "LocalLoadOp",
    "LocalStoreOp",
    "LowerConvertLayoutPass",
    "LowerToLinearPass",
    "lstsq",
    "make_context",
    "MemDescType",
    "NvidiaMmaEncoding",
    "NvidiaMmaEncodingAttr",
    "NVMMASharedEncoding",
    "NVMMASharedEncodingAttr",
    "PaddedSharedEncoding",
    "PaddedSharedEncodingAttr",
    "parse_module",
    "PartitionedSharedEncoding",
    "PartitionedSharedEncodingAttr",
    "plan",
    "plan_module",
    "print_module",
    "RemoveRedundantConversionsPass",
    "run_pipeline",
    "SharedEncoding",
    "SharedEncodingAttr",
    "SharedLinearEncoding",
    "SharedLinearEncodingAttr",
    "SharedMemorySpaceAttr",
    "SliceEncoding",
    "SliceEncodingAttr",
    "standard_out_dim_names",
    "supremum",
    "SwizzledSharedEncoding",
    "SwizzledSharedEncodingAttr",
    "to_linear_layout",
    "TTG",
    "verify_module",
]
