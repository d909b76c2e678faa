"""Distributed shared memory, exactly as PTX defines it, for ``CTASimulator``: the CTA's
rank in its cluster, ``nvvm.mapa``, loads through its ``!llvm.ptr<7>`` (PTX's
``ld.shared::cluster``) and the cluster barrier.

A cluster address is ``rank << CLUSTER_RANK_SHIFT | buffer << 32 | byte``: the shared
address (see ``matrix_memory``) of byte ``byte`` of buffer ``buffer`` in the CTA of rank
``rank``.  Each CTA's buffers are its own (``CTASimulator`` keeps one byte array per CTA),
so a load reads what the holder wrote; reading a byte the holder has not written, or a
vector that is not aligned to its size, is a ``SharedMemoryError``.  The barrier itself
does nothing when every thread runs in step; its wait is where ``CTASimulator.run`` lets
the next CTA of a ``cta_order`` start.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import llvm
from xdsl.dialects.builtin import IntAttr, VectorType
from xdsl.interpreter import InterpreterFunctions, PythonValues, impl, register_impls

from layoutdialect.dialect.upstream.nvvm.cluster import (
    CLUSTER_SHARED_MEMORY_SPACE,
    ClusterArriveOp,
    ClusterCtaRankOp,
    ClusterWaitOp,
    MapaOp,
)
from layoutdialect.sim.cta import (
    CTASimulator,
    SharedMemoryError,
    SimulationError,
    element_bytes,
    little_endian,
    register_thread_functions,
)
from layoutdialect.sim.matrix_memory import ADDRESS_BUFFER_SHIFT

__all__ = ["CLUSTER_RANK_SHIFT", "ClusterMemoryFunctions"]

CLUSTER_RANK_SHIFT = 48
"""A cluster address is ``rank << CLUSTER_RANK_SHIFT | shared address``."""

BUFFER_MASK = (1 << (CLUSTER_RANK_SHIFT - ADDRESS_BUFFER_SHIFT)) - 1
"""The buffer number's bits in a cluster address, once shifted down."""


@register_impls
class ClusterMemoryFunctions(InterpreterFunctions):
    """The cluster's ops, for every thread ``sim.current`` selects at once."""

    @impl(ClusterCtaRankOp)
    def run_cta_rank(self, sim: CTASimulator, op: ClusterCtaRankOp, args: PythonValues) -> PythonValues:
        return (np.broadcast_to(sim.cta_ids().reshape(-1, 1, 1), sim.lane_ids[sim.current].shape),)

    @impl(MapaOp)
    def run_mapa(self, sim: CTASimulator, op: MapaOp, args: PythonValues) -> PythonValues:
        address, rank = args
        if (np.asarray(rank) >= sim.shape[0]).any():
            ctas = sim.shape[0]
            raise SharedMemoryError(f"{op.name}: rank {int(np.max(rank))} names no CTA of the {ctas} in the cluster")
        return (np.asarray(rank, dtype=np.uint64) << np.uint64(CLUSTER_RANK_SHIFT) | address,)

    @impl(llvm.LoadOp)
    def run_load(self, sim: CTASimulator, op: llvm.LoadOp, args: PythonValues) -> PythonValues:
        pointer_type, result_type = op.ptr.type, op.dereferenced_value.type
        assert isinstance(pointer_type, llvm.LLVMPointerType)
        space = pointer_type.addr_space
        if not isinstance(space, IntAttr) or space.data != CLUSTER_SHARED_MEMORY_SPACE:
            raise SimulationError(f"the simulator models llvm.load from !llvm.ptr<{CLUSTER_SHARED_MEMORY_SPACE}> only")
        element = result_type.element_type if isinstance(result_type, VectorType) else result_type
        elements = int(result_type.get_shape()[0]) if isinstance(result_type, VectorType) else 1
        size = element_bytes(element)
        address = np.broadcast_to(args[0], sim.lane_ids[sim.current].shape)
        ranks = (address >> np.uint64(CLUSTER_RANK_SHIFT)).astype(np.intp)
        buffers = address >> np.uint64(ADDRESS_BUFFER_SHIFT) & np.uint64(BUFFER_MASK)
        bytes_ = (address & np.uint64((1 << ADDRESS_BUFFER_SHIFT) - 1)).astype(np.intp)
        if len(np.unique(buffers)) != 1:
            raise SimulationError(f"{op.name}: the simulator models loads from one buffer at a time")
        memory, written = sim.buffers[int(buffers.flat[0])]
        if (bytes_ % (elements * size)).any():
            raise SharedMemoryError(f"{op.name}: a {elements * size}-byte load is not aligned to its size")
        spans = bytes_[..., None] + np.arange(elements * size)
        if int(spans.max()) >= memory.shape[1]:
            raise SharedMemoryError(f"{op.name} reaches byte {int(spans.max())} of a {memory.shape[1]}-byte buffer")
        holders = np.broadcast_to(ranks[..., None], spans.shape)
        unwritten = ~written[holders, spans]
        if unwritten.any():
            cta, byte = int(holders[unwritten][0]), int(spans[unwritten][0])
            raise SharedMemoryError(f"{op.name} reads byte {byte} of CTA {cta}, which no thread of it has written")
        values = little_endian(memory[holders, spans], size)
        return (values if isinstance(result_type, VectorType) else values[..., 0],)

    @impl(ClusterArriveOp)
    def run_arrive(self, sim: CTASimulator, op: ClusterArriveOp, args: PythonValues) -> PythonValues:
        return ()

    @impl(ClusterWaitOp)
    def run_wait(self, sim: CTASimulator, op: ClusterWaitOp, args: PythonValues) -> PythonValues:
        return ()


register_thread_functions(ClusterMemoryFunctions())
