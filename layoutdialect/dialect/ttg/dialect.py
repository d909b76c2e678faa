"""The ``ttg`` dialect: its encodings and types (``attribute_dialect``) and its ops."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.ttg import async_copies, warp_specialize
from layoutdialect.dialect.ttg.attribute_dialect import TTG_ATTRIBUTES
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp, LocalAllocOp, LocalDeallocOp, LocalLoadOp, LocalStoreOp
from layoutdialect.dialect.ttg.views import Fp4ToFpOp, MemDescTransOp

__all__ = ["TTG"]

TTG = Dialect(
    "ttg",
    [
        ConvertLayoutOp,
        LocalAllocOp,
        LocalLoadOp,
        LocalStoreOp,
        LocalDeallocOp,
        Fp4ToFpOp,
        MemDescTransOp,
        *async_copies.OPS,
        *warp_specialize.OPS,
    ],
    [*TTG_ATTRIBUTES.attributes, *async_copies.ATTRIBUTES, *warp_specialize.ATTRIBUTES],
)
