"""The warp-wide matrix instructions of shared memory, exactly as PTX defines them, for
``CTASimulator``: ``nvgpu.ldmatrix`` and ``nvvm.stmatrix`` (``.m8n8``, ``.x1/.x2/.x4``,
with and without ``.trans``, ``.b16``), and the values around them.

Each instruction moves ``m`` 8x8 matrices of 16-bit elements, one 32-bit register per
matrix and lane.  Lane ``l`` gives the address of row ``l % 8`` of matrix ``l / 8`` (only
lanes below ``8 m`` matter); each row is 16 contiguous bytes and must be 16-byte aligned.
Register ``j`` of lane ``t`` is bytes ``4 (t % 4)`` to ``4 (t % 4) + 3`` of row ``t / 4``
of matrix ``j`` (so any element of up to 32 bits loads: 2 f16, 1 f32, 4 i8 per word); with
``.trans`` its low and high 16 bits are the elements at (row ``2 (t % 4)``, column ``t / 4``)
and (row ``2 (t % 4) + 1``, column ``t / 4``).  ``stmatrix`` writes each register where
``ldmatrix`` reads it.  As for ``vector.load`` and ``vector.store``, reading a byte nobody
wrote, or two lanes writing different values to one byte in one instruction, is a
``SharedMemoryError``; so is a misaligned row or one that leaves its buffer.

Pointers: an address in shared memory (the ``index`` that
``memref.extract_aligned_pointer_as_index`` gives, and the ``i64`` and ``!llvm.ptr<3>``
made from it) is ``buffer << 32 | byte``: the simulator's buffer number in the high bits,
the byte within that buffer (below 4 GiB) in the low ones, so adding a byte offset
moves within the buffer.  A vector of rank 2 (``ldmatrix``'s ``vector<4x2xf16>``) is held
flattened, row-major, on the last axis, which makes ``vector.shape_cast`` the identity;
the other vector ops are modelled on 1-D vectors only.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import llvm
from xdsl.dialects.builtin import MemRefType, NoneAttr, VectorType
from xdsl.interpreter import InterpreterFunctions, PythonValues, impl, register_impls

from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.upstream.memref.ops import ExtractAlignedPointerAsIndexOp
from layoutdialect.dialect.upstream.nvgpu.ops import MATRIX_ROW_BYTES, MATRIX_ROWS, LdMatrixOp
from layoutdialect.dialect.upstream.nvvm.ops import StMatrixOp
from layoutdialect.dialect.upstream.vector.ops import ShapeCastOp
from layoutdialect.sim.cta import CTASimulator, SharedMemoryError, SimulationError, register_thread_functions

__all__ = ["ADDRESS_BUFFER_SHIFT", "MatrixMemoryFunctions", "shared_address"]

ADDRESS_BUFFER_SHIFT = 32
"""A shared-memory address is ``buffer << ADDRESS_BUFFER_SHIFT | byte``."""

WARP_LANES = 32
WORD_BYTES = 4

Array = np.ndarray


def shared_address(buffer: int, byte: int) -> int:
    """The address the simulator gives byte ``byte`` of buffer ``buffer``."""
    return buffer << ADDRESS_BUFFER_SHIFT | byte


def _fragment(matrices: int, transposed: bool) -> tuple[Array, Array]:
    """Where each byte of each register comes from: for lane ``t``, register ``j`` and byte
    ``k`` (shape ``(32, matrices, 4)``), the lane whose row address it is read at, and its
    byte within that row."""
    lane, matrix, byte = np.ogrid[:WARP_LANES, :matrices, :WORD_BYTES]
    if transposed:
        row = 2 * (lane % 4) + byte // 2
        column_byte = 2 * (lane // 4) + byte % 2
    else:
        row = lane // 4 + 0 * byte
        column_byte = 4 * (lane % 4) + byte
    source_lane, byte_in_row = np.broadcast_arrays(MATRIX_ROWS * matrix + row, column_byte + 0 * matrix)
    return source_lane, byte_in_row


class _MatrixAccess:
    """The bytes one ``ldmatrix``/``stmatrix`` moves: per ``(cta, warp, lane, register, byte)``,
    its buffer and its byte address there."""

    def __init__(
        self, sim: CTASimulator, op_name: str, buffers: Array, rows: Array, matrices: int, transposed: bool
    ) -> None:
        """``buffers`` and ``rows``: each lane's row address, shape ``(cta, warp, lane)``."""
        if sim.lanes != WARP_LANES:
            raise SimulationError(f"{op_name} needs warps of {WARP_LANES} lanes, not {sim.lanes}")
        if matrices not in (1, 2, 4):
            raise SimulationError(f"{op_name} moves 1, 2 or 4 matrices, not {matrices}")
        self.sim = sim
        self.op_name = op_name
        used = (slice(None), slice(None), slice(MATRIX_ROWS * matrices))
        self._check_rows(buffers[used], rows[used])
        source_lane, column_byte = _fragment(matrices, transposed)
        self.buffers = buffers[:, :, source_lane]
        self.addresses = (rows[:, :, source_lane] + column_byte).astype(np.intp)

    def _check_rows(self, buffers: Array, rows: Array) -> None:
        if int(buffers.max()) >= len(self.sim.buffers):
            self._fail(buffers >= len(self.sim.buffers), buffers, rows, "in no shared-memory buffer")
        sizes = np.array([memory.shape[1] for memory, _ in self.sim.buffers], dtype=np.uint64)[buffers]
        if (rows % MATRIX_ROW_BYTES != 0).any():
            self._fail(rows % MATRIX_ROW_BYTES != 0, buffers, rows, "not 16-byte aligned")
        if (rows + MATRIX_ROW_BYTES > sizes).any():
            self._fail(rows + MATRIX_ROW_BYTES > sizes, buffers, rows, "so its 16 bytes leave the buffer")

    def _fail(self, bad: Array, buffers: Array, rows: Array, why: str) -> None:
        cta, warp, lane = (int(i) for i in np.argwhere(bad)[0])
        buffer, byte = int(buffers[cta, warp, lane]), int(rows[cta, warp, lane])
        if buffer < len(self.sim.buffers):
            where = f"byte {byte} of a {self.sim.buffers[buffer][0].shape[1]}-byte buffer"
        else:
            where = f"address {shared_address(buffer, byte):#x}"
        global_warp = int(self.sim.warp_ids[self.sim.current][cta, warp, lane])
        cta = int(self.sim.cta_ids()[cta])
        raise SharedMemoryError(
            f"{self.op_name}: lane {lane} of warp {global_warp} in CTA {cta} gives row {lane % MATRIX_ROWS} "
            f"of matrix {lane // MATRIX_ROWS} at {where}, {why}"
        )

    def read(self) -> Array:
        """The 32-bit registers, shape ``(cta, warp, lane, matrices)``."""
        data = np.zeros(self.addresses.shape, dtype=np.uint64)
        ctas = np.broadcast_to(self.sim.cta_ids().reshape(-1, 1, 1, 1, 1), self.addresses.shape)
        for buffer in np.unique(self.buffers):
            here = self.buffers == buffer
            memory, written = self.sim.buffers[int(buffer)]
            addresses, at_ctas = self.addresses[here], ctas[here]
            unwritten = ~written[at_ctas, addresses]
            if unwritten.any():
                byte = int(addresses[unwritten][0])
                raise SharedMemoryError(f"{self.op_name} reads byte {byte}, which no thread has written")
            data[here] = memory[at_ctas, addresses]
        shifts = np.arange(WORD_BYTES, dtype=np.uint64) * np.uint64(8)
        words: Array = np.bitwise_or.reduce(data << shifts, axis=-1)
        return words

    def write(self, words: Array) -> None:
        """Store the 32-bit registers ``words``, shape ``(cta, warp, lane, matrices)``."""
        shifts = np.arange(WORD_BYTES, dtype=np.uint64) * np.uint64(8)
        data = ((words[..., None] >> shifts) & np.uint64(0xFF)).astype(np.uint8)
        for buffer in np.unique(self.buffers):
            here = self.buffers == buffer
            memory, written = self.sim.buffers[int(buffer)]
            for position, cta in enumerate(self.sim.cta_ids()):
                addresses, values = self.addresses[position][here[position]], data[position][here[position]]
                order = np.lexsort((values, addresses))
                addresses, values = addresses[order], values[order]
                racing = (addresses[1:] == addresses[:-1]) & (values[1:] != values[:-1])
                if racing.any():
                    byte = int(addresses[1:][racing][0])
                    raise SharedMemoryError(
                        f"lanes of CTA {cta} write different values to byte {byte} in one {self.op_name}"
                    )
                memory[cta, addresses] = values
                written[cta, addresses] = True


@register_impls
class MatrixMemoryFunctions(InterpreterFunctions):
    """``ldmatrix`` and ``stmatrix``, shared-memory pointers and ``vector.shape_cast``,
    for every thread of ``sim`` at once (the registers of the threads ``sim.current`` selects)."""

    @impl(LdMatrixOp)
    def run_ldmatrix(self, sim: CTASimulator, op: LdMatrixOp, args: PythonValues) -> PythonValues:
        view_id, *indices = args
        memref_type = op.src_memref.type
        result_type = op.res.type
        assert isinstance(memref_type, MemRefType) and isinstance(result_type, VectorType)
        if not isinstance(memref_type.layout, NoneAttr) or not memref_type.has_static_shape():
            raise SimulationError(f"{op.name}: the simulator models static row-major memrefs only")
        view = sim.views[int(view_id)]
        lanes = sim.lane_ids[sim.current]
        element = np.zeros(lanes.shape, dtype=np.uint64)
        for index, size in zip(indices, memref_type.get_shape()):
            element = element * np.uint64(size) + np.broadcast_to(index, lanes.shape)
        rows = view.byte_shift + element * np.uint64(view.element_bytes)
        buffers = np.full(lanes.shape, view.buffer, dtype=np.uint64)
        words = _MatrixAccess(sim, op.name, buffers, rows, op.tiles, op.transposed).read()
        bits = bit_width(result_type.element_type)
        assert bits is not None
        per_word = 32 // bits
        shifts = np.arange(per_word, dtype=np.uint64) * np.uint64(bits)
        elements = (words[..., None] >> shifts) & np.uint64((1 << bits) - 1)
        return (elements.reshape(words.shape[:3] + (words.shape[3] * per_word,)),)

    @impl(StMatrixOp)
    def run_stmatrix(self, sim: CTASimulator, op: StMatrixOp, args: PythonValues) -> PythonValues:
        pointer, *sources = args
        lanes = sim.lane_ids[sim.current]
        pointer = np.broadcast_to(pointer, lanes.shape)
        buffers = pointer >> np.uint64(ADDRESS_BUFFER_SHIFT)
        rows = pointer & np.uint64((1 << ADDRESS_BUFFER_SHIFT) - 1)
        words = np.stack([np.broadcast_to(source, lanes.shape) for source in sources], axis=-1)
        _MatrixAccess(sim, op.name, buffers, rows, len(sources), op.transposed).write(words & np.uint64(0xFFFF_FFFF))
        return ()

    @impl(ExtractAlignedPointerAsIndexOp)
    def run_extract_aligned_pointer(
        self, sim: CTASimulator, op: ExtractAlignedPointerAsIndexOp, args: PythonValues
    ) -> PythonValues:
        view = sim.views[int(args[0])]
        return (np.array(shared_address(view.buffer, view.byte_shift), dtype=np.uint64),)

    @impl(llvm.IntToPtrOp)
    def run_inttoptr(self, sim: CTASimulator, op: llvm.IntToPtrOp, args: PythonValues) -> PythonValues:
        return args

    @impl(ShapeCastOp)
    def run_shape_cast(self, sim: CTASimulator, op: ShapeCastOp, args: PythonValues) -> PythonValues:
        return args


register_thread_functions(MatrixMemoryFunctions(), vectors_of_any_rank=True)
