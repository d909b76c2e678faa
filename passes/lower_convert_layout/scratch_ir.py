"""Thread-level IR for a conversion through a shared-memory scratch buffer.

Each thread stores its source registers as vectors into a typed view of the
function's workgroup scratch (``memref<N x i8, 3>``), waits at ``gpu.barrier``,
and loads its destination registers back; reps repeat this on one slice of the
tensor at a time, with a barrier between them.  The address of every access is
``thread part ^ register part``: the thread part is a linear function of the lane
and warp ids, computed once with ``arith`` ops; the register part is a constant.
Where the plan says so, a side moves whole 8x8 matrices instead: stores with
``nvvm.stmatrix`` (its 32-bit words, at an ``!llvm.ptr<3>``) and loads with
``nvgpu.ldmatrix``, each lane giving the address of the row it supplies.
"""

from __future__ import annotations

from xdsl.dialects import arith, gpu, memref, vector
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
from layoutdialect.dialect.gpu.ops import BarrierOp
from layoutdialect.dialect.nvgpu.ops import LdMatrixOp
from layoutdialect.dialect.nvvm.ops import StMatrixOp, shared_pointer
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.vector.ops import ShapeCastOp
from layoutdialect.passes.lower_convert_layout.thread_builder import ThreadIR

__all__ = ["WORKGROUP_MEMORY_SPACE", "scratch_type", "shared_memory_round_trip"]

WORKGROUP_MEMORY_SPACE = 3


def scratch_type(scratch_bytes: int) -> MemRefType[Attribute]:
    """``memref<scratch_bytes x i8, 3>``: the raw scratch buffer of a function."""
    return MemRefType(i8, [scratch_bytes], memory_space=IntegerAttr(WORKGROUP_MEMORY_SPACE, i64))


def _thread_offset(ir: ThreadIR, access: ScratchAccess, warp_id: SSAValue | None) -> SSAValue:
    """``XOR`` over the set lane and warp bits of their element offsets, as ``i32``: for a
    matrix access, the lane bits are those of the row address each lane supplies."""
    lane_offsets = access.matrix.address_lane_offsets if access.matrix is not None else access.lane_offsets
    parts = ir.linear_terms(ir.lane(), list(lane_offsets), "bits", "offset")
    if warp_id is not None:
        parts += ir.linear_terms(warp_id, list(access.warp_offsets), "bits", "offset")
    result = parts[0] if parts else ir.constant(0)
    for part in parts[1:]:
        result = ir.binary(arith.XOrIOp, result, part, "offset")
    return result


class _Addresses:
    """``index`` addresses ``base ^ start``: the thread's base cast to ``index`` once,
    then one ``arith.xori`` per distinct start."""

    def __init__(self, ir: ThreadIR) -> None:
        self.ir = ir
        self._bases: dict[SSAValue, SSAValue] = {}

    def __call__(self, base: SSAValue, start: int) -> SSAValue:
        if base not in self._bases:
            self._bases[base] = self.ir.add(arith.IndexCastOp(base, IndexType()), "addr")
        index = self._bases[base]
        return self.ir.binary(arith.XOrIOp, index, start, "addr") if start else index


def _concatenate(ir: ThreadIR, parts: list[SSAValue], element: Attribute) -> SSAValue:
    """One vector holding ``parts`` back to back, by a balanced tree of ``vector.shuffle``."""
    while len(parts) > 1:
        joined = []
        for left, right in zip(parts[::2], parts[1::2]):
            size = sum(_length(part) for part in (left, right))
            mask = DenseArrayBase.from_list(i64, list(range(size)))
            joined.append(ir.add(vector.ShuffleOp(left, right, mask, result_type=VectorType(element, [size])), "regs"))
        if len(parts) % 2:
            joined.append(parts[-1])
        parts = joined
    return parts[0]


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
    warp_id = _warp_id(ir) if needs_warp else None
    address = _Addresses(ir)
    store_base = _thread_offset(ir, plan.store, warp_id)
    load_base = _thread_offset(ir, plan.load, warp_id)
    pointers = _Pointers(ir, view, element)
    stores, loads = _accesses(plan.store), _accesses(plan.load)
    loaded: dict[tuple[int, int], int] = {}
    parts: list[SSAValue] = []
    position = 0
    for rep in range(plan.reps):
        if rep and plan.barriers:
            ir.append(BarrierOp())
        for _, start, slots in (access for access in stores if access[0] == rep):
            values = ir.shuffle_registers(registers, list(slots), element)
            if plan.store.matrix is None:
                ir.append(vector.StoreOp(values, view, [address(store_base, start)]))
                continue
            words = ir.add(vector.BitcastOp(values, VectorType(i32, [plan.store.matrix.matrices])), "words")
            sources = [ir.add(vector.ExtractOp(words, [k], i32), "word") for k in range(plan.store.matrix.matrices)]
            ir.append(StMatrixOp(pointers(address(store_base, start)), sources, plan.store.matrix.transpose))
        if plan.barriers:
            ir.append(BarrierOp())
        for _, start, slots in (access for access in loads if access[0] == rep):
            matrix = plan.load.matrix
            if matrix is None:
                part = ir.add(vector.LoadOp(view, [address(load_base, start)], VectorType(element, [len(slots)])))
            else:
                per_matrix = len(slots) // matrix.matrices
                tiles = VectorType(element, [matrix.matrices, per_matrix])
                loaded_tiles = LdMatrixOp(view, [address(load_base, start)], matrix.matrices, matrix.transpose, tiles)
                part = ir.add(ShapeCastOp(ir.add(loaded_tiles, "tiles"), VectorType(element, [len(slots)])))
            part.name_hint = "loaded"
            parts.append(part)
            for k, register in enumerate(slots):
                loaded[plan.load.register_slots[register]] = position + k
            position += len(slots)
    gathered = _concatenate(ir, parts, element)
    mask = [loaded[plan.load.register_slots[register]] for register in range(destination_registers)]
    return ir.shuffle_registers(gathered, mask, element)


def _accesses(access: ScratchAccess) -> list[tuple[int, int, tuple[int, ...]]]:
    """The accesses of one side as ``(rep, offset, registers)``: vectors, or matrix instructions."""
    return list(access.matrix.instructions) if access.matrix is not None else access.vectors()


class _Pointers:
    """``!llvm.ptr<3>`` pointers to elements of the scratch view, for ``nvvm.stmatrix``: the
    view's address extracted once, then ``address + element offset * element bytes``."""

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


def _warp_id(ir: ThreadIR) -> SSAValue:
    thread = ir.add(gpu.ThreadIdOp(gpu.DimensionAttr(gpu.DimensionEnum.X)), "tid")
    thread = ir.add(arith.IndexCastOp(thread, i32), "tid")
    return ir.add(arith.ShRUIOp(thread, ir.constant(ir.lanes.bit_length() - 1)), "warp")
