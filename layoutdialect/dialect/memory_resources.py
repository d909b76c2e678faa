"""Triton's memory resources, and the effect traits that say which one an op touches.

Triton declares where its ops' effects fall (``MemRead<GlobalMemory>``, ...):
``triton::GlobalMemory``, ``triton::gpu::SharedMemory``, ``triton::nvidia_gpu::TensorMemory``
and ``triton::amd::L2Cache``; an effect that names none falls on MLIR's ``DefaultResource``
(xDSL's ``MemoryReadEffect()`` and the like).  Each of Triton's resources overrides
``getParent`` to return ``nullptr``, so they and ``DefaultResource`` are disjoint roots:
CSE merges two equal reads of one across writes to the others
(``layoutdialect.ir.memory_effects``).  Each trait subclasses xDSL's trait of its kind, so
a question about the kind of an op's effects finds it.  (Triton 3.9 also tags a
shared-memory effect with a ``SharedKind`` parameter, generic, async or barrier; nothing
here asks it.)
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.traits import (
    EffectInstance,
    MemoryEffectKind,
    MemoryFreeEffect,
    MemoryReadEffect,
    MemoryWriteEffect,
    Resource,
)

from layoutdialect.ir.memory_effects import FixedMemoryEffect

__all__ = [
    "FreesSharedMemory",
    "GlobalMemory",
    "L2Cache",
    "ReadsGlobalMemory",
    "ReadsSharedMemory",
    "ReadsTensorMemory",
    "SharedMemory",
    "TensorMemory",
    "WritesGlobalMemory",
    "WritesL2Cache",
    "WritesSharedMemory",
    "WritesTensorMemory",
]


@dataclass(frozen=True)
class GlobalMemory(Resource):
    """Triton's ``triton::GlobalMemory``: device memory, reached through pointers and
    tensor descriptors."""

    def name(self) -> str:
        return "<GlobalMemory>"


@dataclass(frozen=True)
class SharedMemory(Resource):
    """Triton's ``triton::gpu::SharedMemory``: a CTA's shared memory (``#ttg.shared_memory``)."""

    def name(self) -> str:
        return "<SharedMemory>"


@dataclass(frozen=True)
class TensorMemory(Resource):
    """Triton's ``triton::nvidia_gpu::TensorMemory``: Blackwell's tensor memory
    (``#ttng.tensor_memory``)."""

    def name(self) -> str:
        return "<TensorMemory>"


@dataclass(frozen=True)
class L2Cache(Resource):
    """Triton's ``triton::amd::L2Cache``: the L2 cache an AMD prefetch fills."""

    def name(self) -> str:
        return "<AMDGPU::L2Cache>"


def _effect_on(kind: MemoryEffectKind, resource: Resource) -> frozenset[EffectInstance]:
    """The one effect of ``kind`` on ``resource``, on no value in particular."""
    return frozenset({EffectInstance(kind, resource=resource)})


class ReadsGlobalMemory(FixedMemoryEffect, MemoryReadEffect):
    """``MemRead<GlobalMemory>``."""

    EFFECTS = _effect_on(MemoryEffectKind.READ, GlobalMemory())


class WritesGlobalMemory(FixedMemoryEffect, MemoryWriteEffect):
    """``MemWrite<GlobalMemory>``."""

    EFFECTS = _effect_on(MemoryEffectKind.WRITE, GlobalMemory())


class ReadsSharedMemory(FixedMemoryEffect, MemoryReadEffect):
    """``MemRead<SharedMemory>``."""

    EFFECTS = _effect_on(MemoryEffectKind.READ, SharedMemory())


class WritesSharedMemory(FixedMemoryEffect, MemoryWriteEffect):
    """``MemWrite<SharedMemory>``."""

    EFFECTS = _effect_on(MemoryEffectKind.WRITE, SharedMemory())


class FreesSharedMemory(FixedMemoryEffect, MemoryFreeEffect):
    """``MemFree<SharedMemory>``."""

    EFFECTS = _effect_on(MemoryEffectKind.FREE, SharedMemory())


class ReadsTensorMemory(FixedMemoryEffect, MemoryReadEffect):
    """``MemRead<TensorMemory>``."""

    EFFECTS = _effect_on(MemoryEffectKind.READ, TensorMemory())


class WritesTensorMemory(FixedMemoryEffect, MemoryWriteEffect):
    """``MemWrite<TensorMemory>``."""

    EFFECTS = _effect_on(MemoryEffectKind.WRITE, TensorMemory())


class WritesL2Cache(FixedMemoryEffect, MemoryWriteEffect):
    """``MemWrite<L2Cache>``."""

    EFFECTS = _effect_on(MemoryEffectKind.WRITE, L2Cache())
