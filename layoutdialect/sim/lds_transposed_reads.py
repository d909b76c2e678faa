"""CDNA4's transposing LDS reads for ``CTASimulator``: ``rocdl.ds.read.tr16.b64`` and
``rocdl.ds.read.tr8.b64`` on waves of 64 lanes.

Each lane's pointer (``buffer << 32 | byte``, as ``matrix_memory`` makes them) addresses an
8-byte-aligned chunk of ``E`` elements; lane ``l`` receives as its element ``r`` element
``l % E`` of the chunk of lane ``16 (l // 16) + (l % 16) // E + r (16 / E)``.  Reading a
byte nobody wrote, a misaligned chunk, or one that leaves its buffer is a
``SharedMemoryError``.

>>> source_lanes(16)[[0, 1, 4, 15]].tolist()
[[0, 4, 8, 12], [0, 4, 8, 12], [1, 5, 9, 13], [3, 7, 11, 15]]
"""

from __future__ import annotations

import numpy as np
from xdsl.interpreter import InterpreterFunctions, PythonValues, impl, register_impls

from layoutdialect.dialect.upstream.rocdl.lds import CHUNK_BITS, DsReadTr8B64Op, DsReadTr16B64Op, TransposedReadOp
from layoutdialect.sim.cta import CTASimulator, SharedMemoryError, SimulationError, register_thread_functions
from layoutdialect.sim.matrix_memory import ADDRESS_BUFFER_SHIFT

__all__ = ["TransposedReadFunctions", "source_lanes"]

WAVE_LANES = 64
GROUP_LANES = 16
CHUNK_BYTES = CHUNK_BITS // 8

Array = np.ndarray


def source_lanes(element_bits: int) -> Array:
    """For each lane ``l`` and element ``r`` it receives (shape ``(64, E)``), the lane whose
    chunk holds it."""
    chunk = CHUNK_BITS // element_bits
    lane, element = np.ogrid[:WAVE_LANES, :chunk]
    return GROUP_LANES * (lane // GROUP_LANES) + (lane % GROUP_LANES) // chunk + element * (GROUP_LANES // chunk)


@register_impls
class TransposedReadFunctions(InterpreterFunctions):
    """The transposing reads, for every thread ``sim.current`` selects (whole waves)."""

    @impl(DsReadTr16B64Op)
    def run_read_tr16(self, sim: CTASimulator, op: DsReadTr16B64Op, args: PythonValues) -> PythonValues:
        return (self._read(sim, op, args[0]),)

    @impl(DsReadTr8B64Op)
    def run_read_tr8(self, sim: CTASimulator, op: DsReadTr8B64Op, args: PythonValues) -> PythonValues:
        elements = self._read(sim, op, args[0])
        shifts = np.arange(4, dtype=np.uint64) * np.uint64(8)
        words = elements.reshape(elements.shape[:-1] + (2, 4)) << shifts
        return (np.bitwise_or.reduce(words, axis=-1),)

    def _read(self, sim: CTASimulator, op: TransposedReadOp, pointer: Array) -> Array:
        """The elements each lane receives, shape ``(cta, warp, lane, E)``."""
        if sim.lanes != WAVE_LANES:
            raise SimulationError(f"'{op.name}' needs waves of {WAVE_LANES} lanes, not {sim.lanes}")
        lanes = sim.lane_ids[sim.current]
        pointer = np.broadcast_to(pointer, lanes.shape)
        buffers = (pointer >> np.uint64(ADDRESS_BUFFER_SHIFT)).astype(np.intp)
        chunks = (pointer & np.uint64((1 << ADDRESS_BUFFER_SHIFT) - 1)).astype(np.intp)
        self._check_chunks(sim, op, buffers, chunks)
        element_bytes = op.ELEMENT_BITS // 8
        chunk = CHUNK_BITS // op.ELEMENT_BITS
        sources = source_lanes(op.ELEMENT_BITS)
        within = (np.arange(WAVE_LANES) % chunk)[:, None, None] * element_bytes + np.arange(element_bytes)
        addresses = chunks[:, :, sources][..., None] + within
        at_buffers = np.broadcast_to(buffers[:, :, sources][..., None], addresses.shape)
        ctas = np.broadcast_to(sim.cta_ids().reshape(-1, 1, 1, 1, 1), addresses.shape)
        data = np.zeros(addresses.shape, dtype=np.uint64)
        for buffer in np.unique(at_buffers):
            here = at_buffers == buffer
            memory, written = sim.buffers[int(buffer)]
            if not written[ctas[here], addresses[here]].all():
                byte = int(addresses[here][~written[ctas[here], addresses[here]]][0])
                raise SharedMemoryError(f"'{op.name}' reads byte {byte}, which no thread has written")
            data[here] = memory[ctas[here], addresses[here]]
        shifts = np.arange(element_bytes, dtype=np.uint64) * np.uint64(8)
        elements: Array = np.bitwise_or.reduce(data << shifts, axis=-1)
        return elements

    def _check_chunks(self, sim: CTASimulator, op: TransposedReadOp, buffers: Array, chunks: Array) -> None:
        sizes = np.array([memory.shape[1] for memory, _ in sim.buffers] + [0], dtype=np.intp)
        known = np.minimum(buffers, len(sim.buffers))
        bad = (buffers >= len(sim.buffers)) | (chunks % CHUNK_BYTES != 0) | (chunks + CHUNK_BYTES > sizes[known])
        if bad.any():
            cta, warp, lane = (int(i) for i in np.argwhere(bad)[0])
            raise SharedMemoryError(
                f"'{op.name}': lane {lane} of warp {warp} in CTA {cta} addresses byte {int(chunks[cta, warp, lane])} "
                f"of buffer {int(buffers[cta, warp, lane])}, not an aligned 8-byte chunk inside a buffer"
            )


register_thread_functions(TransposedReadFunctions())
