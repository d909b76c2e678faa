"""Thread-level IR for a conversion through a shared-memory scratch buffer.

Each thread stores its source registers as vectors into a typed view of the
function's workgroup scratch (``memref<N x i8, 3>``), waits at ``gpu.barrier``,
and loads its destination registers back; reps repeat this on one slice of the
tensor at a time, with a barrier between them.  The address of every access is
``thread part ^ register part``: the thread part is a linear function of the lane
and warp ids, computed once with ``arith`` ops; the register part is a constant, whose
bits the thread part never sets are added rather than XORed (``_Addresses``).
Where the plan says so, a side moves whole 8x8 matrices instead: stores with
``nvvm.stmatrix`` (its 32-bit words, at an ``!llvm.ptr<3>``) and loads with
``nvgpu.ldmatrix``, each lane giving the address of the row it supplies; on CDNA4 a side
may load with the transposing ``rocdl.ds.read.tr16.b64`` (``tr8`` for bytes), each lane
giving the address of the 64-bit chunk it reads for its group of 16.

Across the CTAs of a cluster (distributed shared memory) each CTA stores its own part,
the barriers are cluster barriers (``nvvm.cluster.arrive`` and ``wait``), one more
follows the last loads, and each load reads the part of the CTA that holds its
elements: ``nvvm.mapa`` maps the element's address to that CTA's shared memory and
``llvm.load`` reads it (``ld.shared::cluster``).  The holder's rank and the offset are
linear in the lane, warp and own rank, as offsets are.
"""

from __future__ import annotations

import functools

from xdsl.dialects import arith, llvm, memref, vector
from xdsl.dialects.builtin import (
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    MemRefType,
    VectorType,
    i8,
    i32,
    i64,
)
from xdsl.ir import Attribute, SSAValue

from layoutdialect.analysis.scratch_layout import ScratchAccess, ScratchPlan, memory_bits
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.upstream.gpu.ops import BarrierOp
from layoutdialect.dialect.upstream.nvgpu.ops import LdMatrixOp
from layoutdialect.dialect.upstream.nvvm.cluster import ClusterCtaRankOp, MapaOp, cluster_barrier
from layoutdialect.dialect.upstream.nvvm.ops import StMatrixOp, shared_pointer
from layoutdialect.dialect.upstream.rocdl.lds import TRANSPOSED_READ_OPS
from layoutdialect.dialect.upstream.vector.ops import ShapeCastOp
from layoutdialect.lowering.thread_builder import ThreadIR

__all__ = ["WORKGROUP_MEMORY_SPACE", "scratch_type", "shared_memory_round_trip"]

WORKGROUP_MEMORY_SPACE = 3


def scratch_type(scratch_bytes: int) -> MemRefType[Attribute]:
    """``memref<scratch_bytes x i8, 3>``: the raw scratch buffer of a function."""
    return MemRefType(i8, [scratch_bytes], memory_space=IntegerAttr(WORKGROUP_MEMORY_SPACE, i64))


def _thread_offset(ir: ThreadIR, access: ScratchAccess, warp_id: SSAValue | None) -> SSAValue:
    """``XOR`` over the set lane and warp bits of their element offsets, as ``i32``: for a
    matrix or transposed access, the lane bits are those of the address each lane supplies."""
    parts = ir.linear_terms(ir.lane(), list(access.address_lane_offsets), "bits", "offset")
    if warp_id is not None:
        parts += ir.linear_terms(warp_id, list(access.warp_offsets), "bits", "offset")
    return _xor_all(ir, parts, "offset")


class _Addresses:
    """``index`` addresses ``base ^ xor + added``: the thread's base cast to ``index`` once,
    each distinct ``xor`` part XORed into it once, and the ``added`` part added
    (``arith.addi`` of a constant).  With a start split by ``ScratchAccess.address_parts``
    this is ``base ^ start``, and accesses from one base differ by constants an instruction
    carries (and AMD's LDS pairs, ``ScratchAccess.paired``)."""

    def __init__(self, ir: ThreadIR) -> None:
        self.ir = ir
        self._bases: dict[tuple[SSAValue, int], SSAValue] = {}

    def __call__(self, base: SSAValue, shared: int, added: int = 0) -> SSAValue:
        if (base, shared) not in self._bases:
            if (base, 0) not in self._bases:
                self._bases[(base, 0)] = self.ir.add(arith.IndexCastOp(base, IndexType()), "addr")
            index = self._bases[(base, 0)]
            self._bases[(base, shared)] = self.ir.binary(arith.XOrIOp, index, shared, "addr") if shared else index
        index = self._bases[(base, shared)]
        return self.ir.binary(arith.AddiOp, index, added, "addr") if added else index


def _concatenate(ir: ThreadIR, parts: list[SSAValue], element: Attribute) -> SSAValue:
    """One vector holding ``parts`` back to back, by a balanced tree of ``vector.shuffle``."""
    while len(parts) > 1:
        joined = []
        for left, right in zip(parts[::2], parts[1::2]):
            size = sum(_length(part) for part in (left, right))
            mask = _identity_mask(size)
            joined.append(ir.add(vector.ShuffleOp(left, right, mask, result_type=VectorType(element, [size])), "regs"))
        if len(parts) % 2:
            joined.append(parts[-1])
        parts = joined
    return parts[0]


@functools.cache
def _identity_mask(size: int) -> DenseArrayBase:
    """The ``vector.shuffle`` mask ``[0, 1, ..., size - 1]``: an attribute, so one per size serves every op."""
    return DenseArrayBase.from_list(i64, list(range(size)))


def _length(value: SSAValue) -> int:
    value_type = value.type
    assert isinstance(value_type, VectorType)
    return int(value_type.get_shape()[0])


def shared_memory_round_trip(
    ir: ThreadIR,
    registers: SSAValue,
    element: Attribute,
    plan: ScratchPlan,
    scratch: SSAValue,
    destination_registers: int,
) -> SSAValue:
    """Store ``registers`` (``vector<R x element>``) to the scratch buffer as ``plan``
    says and load the destination's ``destination_registers`` back."""
    elements = plan.layout.get_in_dim_size("offset")
    view_type = MemRefType(element, [elements], memory_space=IntegerAttr(WORKGROUP_MEMORY_SPACE, i64))
    view = ir.add(memref.ViewOp(scratch, ir.constant(0, IndexType()), [], view_type), "scratch")
    needs_warp = any(plan.store.warp_offsets) or any(plan.load.warp_offsets)
    warp_id = ir.warp_id() if needs_warp else None
    address = _Addresses(ir)
    store_base = _thread_offset(ir, plan.store, warp_id)
    pointers = _Pointers(ir, view, element)
    loads_from: _LocalLoads | _RemoteLoads
    if plan.load.remote is not None:
        loads_from = _RemoteLoads(ir, plan.load, address, pointers, warp_id)
    else:
        loads_from = _LocalLoads(ir, plan.load, view, address, pointers, warp_id)
    stores, loads = plan.store.instructions, plan.load.instructions
    loaded: dict[tuple[int, int], int] = {}
    parts: list[SSAValue] = []
    position = 0
    for rep in range(plan.reps):
        if rep and plan.barriers:
            _barrier(ir, plan)
        for _, start, slots in (access for access in stores if access[0] == rep):
            values = ir.shuffle_registers(registers, list(slots), element)
            if plan.store.matrix is None:
                ir.append(vector.StoreOp(values, view, [address(store_base, *plan.store.address_parts(start))]))
                continue
            words = ir.add(vector.BitcastOp(values, VectorType(i32, [plan.store.matrix.matrices])), "words")
            sources = [ir.add(vector.ExtractOp(words, [k], i32), "word") for k in range(plan.store.matrix.matrices)]
            pointer = pointers(address(store_base, *plan.store.address_parts(start)))
            ir.append(StMatrixOp(pointer, sources, plan.store.matrix.transpose))
        if plan.barriers:
            _barrier(ir, plan)
        for _, start, slots in (access for access in loads if access[0] == rep):
            part = loads_from.load(start, VectorType(element, [len(slots)]))
            part.name_hint = "loaded"
            parts.append(part)
            for k, register in enumerate(slots):
                loaded[plan.load.register_slots[register]] = position + k
            position += len(slots)
    if plan.cross_cta and plan.barriers:
        _barrier(ir, plan)
    gathered = _concatenate(ir, parts, element)
    mask = [loaded[plan.load.register_slots[register]] for register in range(destination_registers)]
    return ir.shuffle_registers(gathered, mask, element)


def _barrier(ir: ThreadIR, plan: ScratchPlan) -> None:
    """The plan's barrier: the cluster's when CTAs read each other's parts, else the CTA's."""
    for op in cluster_barrier() if plan.cross_cta else (BarrierOp(),):
        ir.append(op)


class _LocalLoads:
    """Loads of a side that reads its own CTA's buffer: vectors (``vector.load``), whole
    matrices (``nvgpu.ldmatrix``) or transposed chunks (``rocdl.ds.read.tr16.b64``) at this
    thread's offset XOR each access's."""

    def __init__(
        self,
        ir: ThreadIR,
        access: ScratchAccess,
        view: SSAValue,
        addresses: _Addresses,
        pointers: _Pointers,
        warp_id: SSAValue | None,
    ) -> None:
        self.ir, self.matrix, self.view, self.addresses = ir, access.matrix, view, addresses
        self.transposed, self.pointers = access.transposed, pointers
        self.base = _thread_offset(ir, access, warp_id)
        self.access = access

    def load(self, start: int, result_type: VectorType[Attribute]) -> SSAValue:
        """The registers at element offset ``start`` from this thread's."""
        index = [self.addresses(self.base, *self.access.address_parts(start))]
        if self.transposed is not None:
            read = TRANSPOSED_READ_OPS[self.transposed.element_bits]
            chunk_type = read.chunk_type(result_type.element_type)
            chunk = self.ir.add(read(self.pointers(index[0]), chunk_type), "chunk")
            return chunk if chunk_type == result_type else self.ir.add(vector.BitcastOp(chunk, result_type))
        if self.matrix is None:
            return self.ir.add(vector.LoadOp(self.view, index, result_type))
        per_matrix = result_type.get_shape()[0] // self.matrix.matrices
        tiles = VectorType(result_type.element_type, [self.matrix.matrices, per_matrix])
        loaded_tiles = LdMatrixOp(self.view, index, self.matrix.matrices, self.matrix.transpose, tiles)
        return self.ir.add(ShapeCastOp(self.ir.add(loaded_tiles, "tiles"), result_type))


class _RemoteLoads:
    """Loads of a side that reads other CTAs' parts: per thread, the holder's rank and the
    element offset as linear functions of the lane, warp and own rank (computed once),
    then per access ``nvvm.mapa`` of the address to the holder and an ``llvm.load``."""

    def __init__(
        self, ir: ThreadIR, access: ScratchAccess, addresses: _Addresses, pointers: _Pointers, warp_id: SSAValue | None
    ) -> None:
        assert access.remote is not None
        self.ir, self.reads, self.addresses, self.pointers = ir, access.remote, addresses, pointers
        own_rank = ir.add(ClusterCtaRankOp(), "cta_rank")
        kept = self.reads.kept_rank_bits
        rank_parts: list[SSAValue] = []
        offset_parts: list[SSAValue] = []
        for index, offsets, keeps in (
            (ir.lane(), access.lane_offsets, 0),
            (warp_id, access.warp_offsets, 0),
            (own_rank, self.reads.block_offsets, kept),
        ):
            if index is None:
                continue
            splits = [self.reads.split(offset) for offset in offsets]
            ranks = [rank ^ (keeps & 1 << k) for k, (rank, _) in enumerate(splits)]
            rank_parts += ir.linear_terms(index, ranks, "bits", "rank")
            offset_parts += ir.linear_terms(index, [offset for _, offset in splits], "bits", "offset")
        self.rank_base = _xor_all(ir, rank_parts, "rank") if rank_parts else None
        self.offset_base = _xor_all(ir, offset_parts, "offset")
        self._mapped: dict[tuple[SSAValue, SSAValue], SSAValue] = {}

    def load(self, start: int, result_type: VectorType[Attribute]) -> SSAValue:
        """The vector at cluster offset ``start`` from this thread's, read from its holder."""
        start_rank, start_offset = self.reads.split(start)
        if self.rank_base is None:
            rank = self.ir.constant(start_rank)
        else:
            rank = self.ir.binary(arith.XOrIOp, self.rank_base, start_rank, "rank") if start_rank else self.rank_base
        pointer = self.pointers(self.addresses(self.offset_base, start_offset))
        if (pointer, rank) not in self._mapped:
            self._mapped[(pointer, rank)] = self.ir.add(MapaOp(pointer, rank), "remote")
        return self.ir.add(llvm.LoadOp(self._mapped[(pointer, rank)], result_type), "loaded")


def _xor_all(ir: ThreadIR, parts: list[SSAValue], name: str) -> SSAValue:
    """The XOR of ``parts`` (``0`` for none)."""
    result = parts[0] if parts else ir.constant(0)
    for part in parts[1:]:
        result = ir.binary(arith.XOrIOp, result, part, name)
    return result


class _Pointers:
    """``!llvm.ptr<3>`` pointers to elements of the scratch view, for ``nvvm.stmatrix`` and the
    transposing reads: the view's address extracted once, then ``address + element offset *
    element bytes``."""

    def __init__(self, ir: ThreadIR, view: SSAValue, element: Attribute) -> None:
        self.ir = ir
        self.base = view
        width = bit_width(element)
        assert width is not None
        self.element_bytes = memory_bits(width) // 8
        self._pointers: dict[SSAValue, SSAValue] = {}

    def __call__(self, element_offset: SSAValue) -> SSAValue:
        if element_offset not in self._pointers:
            offset = self.ir.binary(arith.MuliOp, element_offset, self.element_bytes, "bytes")
            ops = shared_pointer(self.base, offset)
            if not isinstance(self.base.type, IndexType):
                self.base = ops[0].results[0]
            for op in ops:
                self.ir.append(op)
            self._pointers[element_offset] = ops[-1].results[0]
        return self._pointers[element_offset]
