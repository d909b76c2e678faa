"""``ttg``'s layout encodings and types as a dialect without its ops: what a layout or a
type written alone (a ``layout-tool`` argument) needs.  The ops' modules load ``tt`` and
most of the package; this one loads the attributes and types alone."""

from __future__ import annotations

from xdsl.ir import Dialect

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
from layoutdialect.dialect.ttg.types import AsyncTokenType, MemDescType

__all__ = ["TTG_ATTRIBUTES"]

TTG_ATTRIBUTES = Dialect(
    "ttg",
    [],
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
"""``ttg``'s encodings, ``#ttg.shared_memory``, ``!ttg.memdesc`` and ``!ttg.async.token``."""
