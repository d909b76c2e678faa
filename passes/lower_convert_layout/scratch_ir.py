"""Thread-level IR for a conversion through a shared-memory scratch buffer.

Each thread stores its source registers as vectors into a typed view of the
function's workgroup scratch (``memref<N x i8, 3>``), waits at ``gpu.barrier``,
and loads its destination registers back; reps repeat this on one slice of the
tensor at a time, with a barrier between them.  The address of every access is
``thread part ^ register part``: the thread part is a linear function of the lane
and warp ids, computed once with ``arith`` ops; the register part is a constant.
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

from layoutdialect.analysis.scratch_layout import ScratchAccess, ScratchPlan
from layoutdialect.dialect.gpu.ops import BarrierOp
from layoutdialect.passes.lower_convert_layout.thread_builder import ThreadIR

__all__ = ["WORKGROUP_MEMORY_SPACE", "scratch_type", "shared_memory_round_trip"]

WORKGROUP_MEMORY_SPACE = 3


def scratch_type(scratch_bytes: int) -> MemRefType[Attribute]:
    """``memref<scratch_bytes x i8, 3>``: the raw scratch buffer of a function."""
    return MemRefType(i8, [scratch_bytes], memory_space=IntegerAttr(WORKGROUP_MEMORY_SPACE, i64))


def _thread_offset(ir: ThreadIR, access: ScratchAccess, warp_id: SSAValue | None) -> SSAValue:
    """``XOR`` over the set lane and warp bits of their element offsets, as ``i32``."""
    parts = ir.linear_terms(ir.lane(), list(access.lane_offsets), "bits", "offset")
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
    stores, loads = plan.store.vectors(), plan.load.vectors()
    loaded: dict[tuple[int, int], int] = {}
    parts: list[SSAValue] = []
    position = 0
    for rep in range(plan.reps):
        if rep and plan.barriers:
            ir.append(BarrierOp())
        for _, start, slots in (access for access in stores if access[0] == rep):
            values = ir.shuffle_registers(registers, list(slots), element)
            ir.append(vector.StoreOp(values, view, [address(store_base, start)]))
        if plan.barriers:
            ir.append(BarrierOp())
        for _, start, slots in (access for access in loads if access[0] == rep):
            result_type = VectorType(element, [len(slots)])
            parts.append(ir.add(vector.LoadOp(view, [address(load_base, start)], result_type), "loaded"))
            for k in range(len(slots)):
                loaded[(rep, start + k)] = position + k
            position += len(slots)
    gathered = _concatenate(ir, parts, element)
    mask = [loaded[plan.load.register_slots[register]] for register in range(destination_registers)]
    return ir.shuffle_registers(gathered, mask, element)


def _warp_id(ir: ThreadIR) -> SSAValue:
    thread = ir.add(gpu.ThreadIdOp(gpu.DimensionAttr(gpu.DimensionEnum.X)), "tid")
    thread = ir.add(arith.IndexCastOp(thread, i32), "tid")
    return ir.add(arith.ShRUIOp(thread, ir.constant(ir.lanes.bit_length() - 1)), "warp")
