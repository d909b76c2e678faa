"""``ttg``: Triton GPU layout encodings, ``!ttg.memdesc`` and the ops that move tensors
between layouts and shared memory."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.ttg import async_copies, warp_specialize
from layoutdialect.dialect.ttg.attributes import (
    AmdMfmaEncodingAttr,
    AMDRotatingSharedEncodingAttr,
    AmdWmmaEncodingAttr,
    BlockedEncodingAttr,
    DotOperandEncodingAttr,
    GenericLinearEncodingAttr,
    LinearEncodingAttr,
    NvidiaMmaEncodingAttr,
    NVMMASharedEncodingAttr,
    PaddedSharedEncodingAttr,
    PartitionedSharedEncodingAttr,
    SharedLinearEncodingAttr,
    SharedMemorySpaceAttr,
    SliceEncodingAttr,
    SwizzledSharedEncodingAttr,
)
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp, LocalAllocOp, LocalDeallocOp, LocalLoadOp, LocalStoreOp
from layoutdialect.dialect.ttg.types import AsyncTokenType, MemDescType
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
    [
        BlockedEncodingAttr,
        NvidiaMmaEncodingAttr,
        DotOperandEncodingAttr,
        SliceEncodingAttr,
        LinearEncodingAttr,
        GenericLinearEncodingAttr,
        AmdMfmaEncodingAttr,
        AmdWmmaEncodingAttr,
        SwizzledSharedEncodingAttr,
        NVMMASharedEncodingAttr,
        SharedLinearEncodingAttr,
        PaddedSharedEncodingAttr,
        AMDRotatingSharedEncodingAttr,
        PartitionedSharedEncodingAttr,
        SharedMemorySpaceAttr,
        MemDescType,
        AsyncTokenType,
        *async_copies.ATTRIBUTES,
        *warp_specialize.ATTRIBUTES,
    ],
)
