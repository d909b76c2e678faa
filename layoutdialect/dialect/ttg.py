"""The ``ttg`` dialect object: Triton GPU layout encodings, ``!ttg.memdesc`` and the layout ops."""

from __future__ import annotations

from xdsl.context import Context
from xdsl.ir import Dialect

from layoutdialect.dialect.arith_tensor import ARITH
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
from layoutdialect.dialect.scf_text import SCF
from layoutdialect.dialect.tt import TT
from layoutdialect.dialect.ttg_views import Fp4ToFpOp, MemDescTransOp
from layoutdialect.dialect.ttng import TTNG
from layoutdialect.dialect.types import AsyncTokenType, MemDescType

__all__ = ["PROVIDED_DIALECTS", "TTG", "load_dialects"]

TTG = Dialect(
    "ttg",
    [ConvertLayoutOp, LocalAllocOp, LocalLoadOp, LocalStoreOp, LocalDeallocOp, Fp4ToFpOp, MemDescTransOp],
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


PROVIDED_DIALECTS = {
    "ttg": lambda: TTG,
    "tt": lambda: TT,
    "ttng": lambda: TTNG,
    "arith": lambda: ARITH,
    "scf": lambda: SCF,
}
"""The dialects this package defines, by name; ``arith`` replaces xDSL's to take tensors,
and ``scf`` xDSL's to read ``scf.if`` as MLIR prints it."""


def load_dialects(ctx: Context) -> None:
    """Make ``ctx`` understand ``ttg``, ``tt``, tensor ``arith`` and ``gpu.shuffle`` (a no-op
    for those it already knows: a context that registered xDSL's ``arith`` keeps it)."""
    for name, factory in PROVIDED_DIALECTS.items():
        if name not in ctx.registered_dialect_names:
            ctx.register_dialect(name, factory)
    if "gpu_ext" not in ctx.registered_dialect_names:
        ctx.load_dialect(GPU_EXT)
