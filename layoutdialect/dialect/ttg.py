"""The ``ttg`` dialect object: Triton GPU layout encodings, ``!ttg.memdesc`` and the layout ops."""

from __future__ import annotations

from xdsl.context import Context
from xdsl.ir import Dialect

from layoutdialect.dialect.attributes import (
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
from layoutdialect.dialect.gpu_shuffle import GPU_EXT
from layoutdialect.dialect.ops import ConvertLayoutOp, LocalAllocOp, LocalDeallocOp, LocalLoadOp, LocalStoreOp
from layoutdialect.dialect.types import AsyncTokenType, MemDescType

__all__ = ["TTG", "load_dialects"]

TTG = Dialect(
    "ttg",
    [ConvertLayoutOp, LocalAllocOp, LocalLoadOp, LocalStoreOp, LocalDeallocOp],
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
    ],
)


def load_dialects(ctx: Context) -> None:
    """Make ``ctx`` understand the ``ttg`` dialect and ``gpu.shuffle`` (a no-op if it already does)."""
    if "ttg" not in ctx.registered_dialect_names:
        ctx.register_dialect("ttg", lambda: TTG)
    if "gpu_ext" not in ctx.registered_dialect_names:
        ctx.load_dialect(GPU_EXT)
