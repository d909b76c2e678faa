"""The ``amdg`` ops of Triton 3.9: buffer loads, stores and atomics through a scalar base
pointer and a tensor of offsets (``buffer_ops``), waits and barriers (``barriers``),
register-tensor slices, concatenations and upcasts (``tensors``), and the tensor data
mover (``tdm``).

Triton's remove-layout-conversions treats the buffer loads and atomics as it treats ops
with ``SameLoadStoreOperandsAndResultEncoding``: a result layout is inferred back onto the
offsets, mask and other operands, never forward; ``scaled_upcast_fp8`` does the same as an
elementwise op.  No other ``amdg`` op passes a layout on: a slice or a concatenation keeps
the layouts it is written with, which its verifier checks at the CTA-tile level.  Unlike
``tt`` and ``ttg`` ops, ``amdg`` ops do not check their tensors' layouts against the kernel.
"""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

from layoutdialect.dialect.amdg.barriers import (
    ArriveBarrierOp,
    AsyncCopyMbarrierArriveOp,
    AsyncTDMIntrinsicWaitOp,
    AsyncTDMWaitOp,
    AsyncWaitOp,
    ClusterBarrierArriveOp,
    ClusterBarrierWaitOp,
    CondBarrierOp,
    InitBarrierOp,
    WaitBarrierOp,
)
from layoutdialect.dialect.amdg.base import CACHE_MODIFIERS, AMDGOp, UncheckedLayouts
from layoutdialect.dialect.amdg.buffer_ops import (
    AsyncCopyLocalToGlobalOp,
    BufferAtomicCASOp,
    BufferAtomicRMWOp,
    BufferLoadOp,
    BufferLoadToLocalOp,
    BufferStoreOp,
)
from layoutdialect.dialect.amdg.tdm import (
    AsyncTDMCopyGlobalToLocalOp,
    AsyncTDMCopyLocalToGlobalOp,
    AsyncTDMFusedCopyGlobalToLocalOp,
    AsyncTDMGatherOp,
    AsyncTDMScatterOp,
    TDMPrefetchOp,
    UpdateTensorDescriptorOp,
    prefetch_offsets_type,
)
from layoutdialect.dialect.amdg.tensors import (
    ConcatOp,
    ExtractSliceOp,
    InThreadTransposeOp,
    LocalLoadPackedTransposedOp,
    ScaledUpcastFp4Op,
    ScaledUpcastFp8Op,
    in_thread_transposed_layout,
    scale_layout,
)

__all__ = [
    "ATTRIBUTES",
    "CACHE_MODIFIERS",
    "OPS",
    "AMDGOp",
    "ArriveBarrierOp",
    "AsyncCopyLocalToGlobalOp",
    "AsyncCopyMbarrierArriveOp",
    "AsyncTDMCopyGlobalToLocalOp",
    "AsyncTDMCopyLocalToGlobalOp",
    "AsyncTDMFusedCopyGlobalToLocalOp",
    "AsyncTDMGatherOp",
    "AsyncTDMIntrinsicWaitOp",
    "AsyncTDMScatterOp",
    "AsyncTDMWaitOp",
    "AsyncWaitOp",
    "BufferAtomicCASOp",
    "BufferAtomicRMWOp",
    "BufferLoadOp",
    "BufferLoadToLocalOp",
    "BufferStoreOp",
    "ClusterBarrierArriveOp",
    "ClusterBarrierWaitOp",
    "ConcatOp",
    "CondBarrierOp",
    "ExtractSliceOp",
    "InThreadTransposeOp",
    "InitBarrierOp",
    "LocalLoadPackedTransposedOp",
    "ScaledUpcastFp4Op",
    "ScaledUpcastFp8Op",
    "TDMPrefetchOp",
    "UncheckedLayouts",
    "UpdateTensorDescriptorOp",
    "WaitBarrierOp",
    "in_thread_transposed_layout",
    "prefetch_offsets_type",
    "scale_layout",
]

OPS: list[type[Operation]] = [
    BufferLoadOp,
    BufferStoreOp,
    BufferLoadToLocalOp,
    BufferAtomicRMWOp,
    BufferAtomicCASOp,
    AsyncCopyLocalToGlobalOp,
    AsyncWaitOp,
    AsyncTDMWaitOp,
    AsyncTDMIntrinsicWaitOp,
    CondBarrierOp,
    ClusterBarrierArriveOp,
    ClusterBarrierWaitOp,
    InitBarrierOp,
    WaitBarrierOp,
    ArriveBarrierOp,
    AsyncCopyMbarrierArriveOp,
    ExtractSliceOp,
    ConcatOp,
    InThreadTransposeOp,
    LocalLoadPackedTransposedOp,
    ScaledUpcastFp8Op,
    ScaledUpcastFp4Op,
    AsyncTDMCopyGlobalToLocalOp,
    AsyncTDMFusedCopyGlobalToLocalOp,
    AsyncTDMCopyLocalToGlobalOp,
    AsyncTDMGatherOp,
    AsyncTDMScatterOp,
    UpdateTensorDescriptorOp,
    TDMPrefetchOp,
]
"""The ``amdg`` ops, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The ``amdg`` attributes and types: Triton 3.9's TTGIR uses none (its ``amdg.*`` names
are discardable attributes, such as ``amdg.two_dot_schedule``, which need no definition)."""
