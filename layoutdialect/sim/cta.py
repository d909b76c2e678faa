"""A simulator of thread-level IR: every thread of a CTA (or cluster) at once, with numpy.

Each SSA value is a numpy array whose leading axes are ``(cta, warp, lane)``; a
``vector<N x T>`` adds a last axis of ``N``.  Values that every thread shares
(constants) stay 0-D and broadcast.  Elements are kept as raw bits in ``uint64``
(a 16-bit float is its 16-bit pattern), so bitcasts, packing and shuffles are
exact.  ``gpu.shuffle`` has PTX ``shfl.sync`` semantics within each warp.

Shared memory is a byte array per CTA.  A memref value is the id of a view
(buffer, byte shift, element size; ``i1`` takes a byte).  Reading a byte no
thread has written, or two threads writing different values to one byte in one
instruction, is a ``SharedMemoryError``.

Straight-line code runs either for all threads together or, to expose races,
warp by warp in a chosen order (``warp_order``): between two ``gpu.barrier``s
each warp runs all its ops before the next warp starts, the most adversarial
interleaving the barriers allow.  The CTAs of a cluster can run one by one too
(``cta_order``): between two cluster barriers (``nvvm.cluster.wait``) each CTA runs
all its ops before the next starts, as ``cluster_memory`` models their reads of each
other's shared memory.

Each op's meaning is one ``@impl`` of ``ThreadFunctions``, in xDSL's
``InterpreterFunctions`` style, as the whole-tensor interpreter's are
(``tensor_program.ProgramFunctions``), entered in ``THREAD_OPS`` by
``register_thread_functions``.  Extensions register their own functions from their own
modules, which the package imports: ``matrix_memory`` adds ``ldmatrix``, ``stmatrix``,
pointers into shared memory and vectors of rank 2, ``cluster_memory`` the cluster's
shared memory and barrier, ``byte_permute`` ``nvvm.prmt``.  ``CTASimulator`` only walks
the ops and keeps the threads' values and shared memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from xdsl.dialects import arith, builtin, gpu, memref, vector
from xdsl.dialects.builtin import IntegerAttr, MemRefType, VectorType
from xdsl.interpreter import InterpreterFunctions, OpImpl, PythonValues, impl, register_impls
from xdsl.ir import Attribute, Operation, SSAValue

from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.upstream.gpu.ops import BarrierOp, ShuffleMode, ShuffleOp
from layoutdialect.dialect.upstream.nvvm.cluster import ClusterWaitOp

__all__ = [
    "THREAD_OPS",
    "CTASimulator",
    "SharedMemoryError",
    "SimulationError",
    "ThreadOp",
    "element_bytes",
    "little_endian",
    "register_thread_functions",
]

Array = np.ndarray


class SimulationError(ValueError):
    """The IR uses an op, type or form the simulator does not model."""


class SharedMemoryError(SimulationError):
    """A read of shared memory nobody wrote, or two threads racing to write one byte."""


@dataclass(frozen=True)
class _View:
    """A typed window on a shared-memory buffer."""

    buffer: int
    byte_shift: int
    element_bytes: int


def _bits(type: Attribute) -> int:
    """``bit_width`` of a scalar type the simulator holds in registers."""
    width = bit_width(type)
    if width is None:
        raise SimulationError(f"type {type} has no fixed bit width")
    return width


def _element_type(type: Attribute) -> Attribute:
    return type.element_type if isinstance(type, VectorType) else type


def _mask(type: Attribute) -> np.uint64:
    bits = _bits(_element_type(type))
    return np.uint64((1 << bits) - 1) if bits < 64 else np.uint64(0xFFFF_FFFF_FFFF_FFFF)


class CTASimulator:
    """Runs straight-line thread-level IR for ``ctas x warps x lanes`` threads."""

    def __init__(self, ctas: int, warps: int, lanes: int) -> None:
        self.shape = (ctas, warps, lanes)
        self.lanes = lanes
        grid = np.indices(self.shape, dtype=np.uint64)
        self.warp_ids = grid[1]
        self.lane_ids = grid[2]
        self.current: tuple[slice, slice] = (slice(None), slice(None))
        self.buffers: list[tuple[Array, Array]] = []
        self.views: list[_View] = []

    # ------------------------------------------------------------------ running

    def run(
        self,
        ops: Sequence[Operation],
        inputs: dict[SSAValue, Array],
        warp_order: Iterable[int] | None = None,
        cta_order: Iterable[int] | None = None,
    ) -> dict[SSAValue, Array]:
        """Run ``ops`` in order; ``inputs`` gives the values defined outside them.

        With ``warp_order``, between barriers each warp runs every op before the
        next warp starts; with ``cta_order``, between cluster barriers each CTA runs
        every op before the next CTA starts.  Returns every value, each with the full
        ``(cta, warp, lane)`` axes (memrefs stay view ids).
        """
        entries = {op: _modelled(op) for op in ops}
        values = {value: array if array.ndim == 0 else self._full(array) for value, array in inputs.items()}
        ctas = self._selection(cta_order, 0, "CTA")
        warps = self._selection(warp_order, 1, "warp")
        for cluster_segment in _segments(ops, ClusterWaitOp):
            for cta in ctas:
                for segment in _segments(cluster_segment, gpu.BarrierOp):
                    for warp in warps:
                        self._run_on(segment, entries, values, (cta, warp))
        return values

    def _selection(self, order: Iterable[int] | None, axis: int, name: str) -> list[slice]:
        """One slice per step of ``order`` along ``axis`` (all at once without an order)."""
        if order is None:
            return [slice(None)]
        steps = list(order)
        if sorted(steps) != list(range(self.shape[axis])):
            raise SimulationError(f"{name} order {steps} is not a permutation of the {self.shape[axis]} {name}s")
        return [slice(step, step + 1) for step in steps]

    def cta_ids(self) -> Array:
        """The CTAs that run now, as the cluster numbers them."""
        return np.arange(self.shape[0])[self.current[0]]

    def allocate(self, size_bytes: int) -> Array:
        """A fresh, never-written shared-memory buffer of ``size_bytes`` per CTA, as a memref value."""
        self.buffers.append(
            (np.zeros((self.shape[0], size_bytes), np.uint8), np.zeros((self.shape[0], size_bytes), bool))
        )
        return self.new_view(_View(len(self.buffers) - 1, 0, 1))

    def new_view(self, view: _View) -> Array:
        """Register ``view`` and return its id, the value a memref holds."""
        self.views.append(view)
        return np.array(len(self.views) - 1, dtype=np.uint64)

    def _full(self, array: Array) -> Array:
        array = np.asarray(array, dtype=np.uint64)
        return np.broadcast_to(array, np.broadcast_shapes(array.shape[:3], self.shape) + array.shape[3:]).copy()

    def _run_on(
        self,
        ops: Sequence[Operation],
        entries: dict[Operation, ThreadOp],
        values: dict[SSAValue, Array],
        threads: tuple[slice, slice],
    ) -> None:
        for op in ops:
            entry = entries[op]
            args = tuple(self._operand(values, operand, threads) for operand in op.operands)
            self.current = threads
            results = entry.implementation(entry.functions, self, op, args).values  # type: ignore[arg-type]
            for value, result in zip(op.results, results):
                self._store(values, value, np.asarray(result, dtype=np.uint64), threads)

    def _operand(self, values: dict[SSAValue, Array], value: SSAValue, threads: tuple[slice, slice]) -> Array:
        if value not in values:
            raise SimulationError(f"the value {value.name_hint or value} is used before it is defined")
        array = values[value]
        return array if array.ndim == 0 else array[threads]

    def _store(
        self, values: dict[SSAValue, Array], value: SSAValue, result: Array, threads: tuple[slice, slice]
    ) -> None:
        if result.ndim == 0 and (value not in values or values[value].ndim == 0):
            values[value] = result
            return
        if value not in values or values[value].ndim == 0:
            trailing = result.shape[3:] if result.ndim > 3 else ()
            values[value] = np.zeros(self.shape + trailing, dtype=np.uint64)
        values[value][threads] = result

    def addresses(self, view_id: Array, index: Array, elements: int) -> tuple[_View, Array]:
        """Per thread, the byte addresses of ``elements`` elements from ``index`` on:
        shape ``(cta, warp, lane, bytes)``."""
        view = self.views[int(view_id)]
        index = np.broadcast_to(index, self.lane_ids[self.current].shape)
        spans = np.arange(elements * view.element_bytes, dtype=np.uint64)
        addresses = view.byte_shift + index[..., None] * np.uint64(view.element_bytes) + spans
        size = self.buffers[view.buffer][0].shape[1]
        if addresses.size and int(addresses.max()) >= size:
            raise SharedMemoryError(f"an access reaches byte {int(addresses.max())} of a {size}-byte buffer")
        return view, addresses.astype(np.intp)


class ThreadOp(NamedTuple):
    """How ``CTASimulator`` runs one op type: ``implementation`` is the ``@impl`` method
    of ``functions`` for it; ``vectors_of_any_rank`` says it models vectors of rank 2 and
    more, held flattened (else every vector it takes or gives must have one dimension)."""

    functions: InterpreterFunctions
    implementation: OpImpl[Any, Any]
    vectors_of_any_rank: bool


THREAD_OPS: dict[type[Operation], ThreadOp] = {}
"""Every op type ``CTASimulator`` runs, by exact type, filled by ``register_thread_functions``."""


def register_thread_functions(functions: InterpreterFunctions, vectors_of_any_rank: bool = False) -> None:
    """Make ``CTASimulator`` run each op type ``functions`` has an ``@impl`` for (its class
    registered with ``register_impls``); ``vectors_of_any_rank`` as in ``ThreadOp``.  An op
    type has one meaning, so registering one twice is an error."""
    implementations = dict(functions._impls())
    for op_type in implementations.keys() & THREAD_OPS.keys():
        known = type(THREAD_OPS[op_type].functions).__name__
        raise ValueError(f"'{op_type.name}' is already simulated by {known}")
    for op_type, implementation in implementations.items():
        THREAD_OPS[op_type] = ThreadOp(functions, implementation, vectors_of_any_rank)


class ThreadFunctions(InterpreterFunctions):
    """What each op does, for every thread of ``sim`` at once (xDSL's ``@impl`` style):
    the registers of the threads ``sim.current`` selects in, the op's results out."""

    @impl(builtin.UnrealizedConversionCastOp)
    def run_cast(self, sim: CTASimulator, op: builtin.UnrealizedConversionCastOp, args: PythonValues) -> PythonValues:
        return args

    @impl(arith.SelectOp)
    def run_select(self, sim: CTASimulator, op: arith.SelectOp, args: PythonValues) -> PythonValues:
        return (np.where(args[0].astype(bool), args[1], args[2]),)

    @impl(gpu.LaneIdOp)
    def run_lane_id(self, sim: CTASimulator, op: gpu.LaneIdOp, args: PythonValues) -> PythonValues:
        return (sim.lane_ids[sim.current],)

    @impl(BarrierOp)
    def run_barrier(self, sim: CTASimulator, op: BarrierOp, args: PythonValues) -> PythonValues:
        return ()

    @impl(arith.IndexCastOp)
    def run_index_cast(self, sim: CTASimulator, op: arith.IndexCastOp, args: PythonValues) -> PythonValues:
        return (args[0] & _mask(op.result.type),)

    @impl(arith.ExtUIOp)
    def run_extui(self, sim: CTASimulator, op: arith.ExtUIOp, args: PythonValues) -> PythonValues:
        return (args[0] & _mask(op.result.type),)

    @impl(arith.TruncIOp)
    def run_trunci(self, sim: CTASimulator, op: arith.TruncIOp, args: PythonValues) -> PythonValues:
        return (args[0] & _mask(op.result.type),)

    @impl(arith.ConstantOp)
    def run_constant(self, sim: CTASimulator, op: arith.ConstantOp, args: PythonValues) -> PythonValues:
        value = op.value
        if not isinstance(value, IntegerAttr):
            raise SimulationError(f"the simulator models integer constants only, not {value}")
        return (np.array(value.value.data & int(_mask(op.result.type)), dtype=np.uint64),)

    @impl(arith.CmpiOp)
    def run_compare(self, sim: CTASimulator, op: arith.CmpiOp, args: PythonValues) -> PythonValues:
        comparisons = {0: np.equal, 1: np.not_equal, 6: np.less, 7: np.less_equal, 8: np.greater, 9: np.greater_equal}
        predicate = op.predicate.value.data
        if predicate not in comparisons:
            raise SimulationError(f"the simulator models unsigned and equality comparisons only, not {predicate}")
        return (comparisons[predicate](args[0], args[1]).astype(np.uint64),)

    @impl(gpu.ThreadIdOp)
    def run_thread_id(self, sim: CTASimulator, op: gpu.ThreadIdOp, args: PythonValues) -> PythonValues:
        if op.dimension.data != gpu.DimensionEnum.X:
            raise SimulationError("the simulator lays threads out along x only")
        ids = sim.warp_ids * np.uint64(sim.lanes) + sim.lane_ids
        return (ids[sim.current],)

    @impl(ShuffleOp)
    def run_shuffle(self, sim: CTASimulator, op: ShuffleOp, args: PythonValues) -> PythonValues:
        value, offset, width = args
        lanes = sim.lane_ids[sim.current]
        value = np.broadcast_to(value, lanes.shape)
        if int(np.max(width)) != sim.lanes or int(np.min(width)) != sim.lanes:
            raise SimulationError(f"the simulator models shuffles over the whole warp of {sim.lanes} lanes")
        offset = np.broadcast_to(offset, lanes.shape) & np.uint64(sim.lanes - 1)
        mode = op.mode.data
        if mode is ShuffleMode.XOR:
            source = lanes ^ offset
        elif mode is ShuffleMode.IDX:
            source = offset
        elif mode is ShuffleMode.UP:
            source = np.where(lanes >= offset, lanes - offset, lanes)
        else:
            source = np.where(lanes + offset < sim.lanes, lanes + offset, lanes)
        valid = np.ones(lanes.shape, dtype=np.uint64)
        if mode in (ShuffleMode.UP, ShuffleMode.DOWN):
            valid = (source != lanes) | (offset == 0)
        gathered = np.take_along_axis(value, source.astype(np.intp), axis=2)
        return (
            gathered,
            valid.astype(np.uint64),
        )

    @impl(vector.ShuffleOp)
    def run_vector_shuffle(self, sim: CTASimulator, op: vector.ShuffleOp, args: PythonValues) -> PythonValues:
        both = np.concatenate(np.broadcast_arrays(args[0], args[1]), axis=-1)
        return (both[..., list(op.mask.get_values())],)

    @impl(vector.ExtractOp)
    def run_extract(self, sim: CTASimulator, op: vector.ExtractOp, args: PythonValues) -> PythonValues:
        positions = list(op.static_position.get_values())
        if len(positions) != 1 or op.dynamic_position:
            raise SimulationError("the simulator models vector.extract at one static position")
        return (args[0][..., positions[0]],)

    @impl(vector.InsertOp)
    def run_insert(self, sim: CTASimulator, op: vector.InsertOp, args: PythonValues) -> PythonValues:
        positions = list(op.static_position.get_values())
        if len(positions) != 1 or op.dynamic_position:
            raise SimulationError("the simulator models vector.insert at one static position")
        value, destination = args
        result = np.array(np.broadcast_to(destination, np.broadcast_shapes(destination.shape, value.shape + (1,))))
        result[..., positions[0]] = value
        return (result,)

    @impl(vector.BroadcastOp)
    def run_broadcast(self, sim: CTASimulator, op: vector.BroadcastOp, args: PythonValues) -> PythonValues:
        result_type = op.vector.type
        assert isinstance(result_type, VectorType)
        if isinstance(op.source.type, VectorType) or result_type.get_num_dims() != 1:
            raise SimulationError("the simulator models vector.broadcast of a scalar to 1-D only")
        return (np.repeat(np.asarray(args[0])[..., None], result_type.get_shape()[0], axis=-1),)

    @impl(vector.BitcastOp)
    def run_bitcast(self, sim: CTASimulator, op: vector.BitcastOp, args: PythonValues) -> PythonValues:
        source_bits = _bits(_element_type(op.source.type))
        result_bits = _bits(_element_type(op.result.type))
        source = args[0]
        if result_bits > source_bits:
            per = result_bits // source_bits
            grouped = source.reshape(source.shape[:-1] + (source.shape[-1] // per, per))
            shifts = np.arange(per, dtype=np.uint64) * np.uint64(source_bits)
            return (np.bitwise_or.reduce(grouped << shifts, axis=-1),)
        per = source_bits // result_bits
        shifts = np.arange(per, dtype=np.uint64) * np.uint64(result_bits)
        split = (source[..., None] >> shifts) & _mask(op.result.type)
        return (split.reshape(source.shape[:-1] + (source.shape[-1] * per,)),)

    @impl(memref.AllocOp)
    def run_alloc(self, sim: CTASimulator, op: memref.AllocOp, args: PythonValues) -> PythonValues:
        memref_type = op.memref.type
        assert isinstance(memref_type, MemRefType)
        if op.dynamic_sizes:
            raise SimulationError("the simulator models statically sized allocations only")
        return (sim.allocate(memref_type.element_count() * element_bytes(memref_type.element_type)),)

    @impl(memref.ViewOp)
    def run_view(self, sim: CTASimulator, op: memref.ViewOp, args: PythonValues) -> PythonValues:
        source = sim.views[int(args[0])]
        shift = np.unique(args[1])
        if len(shift) != 1 or op.sizes:
            raise SimulationError("the simulator models views at one byte shift with a static shape")
        result_type = op.result.type
        assert isinstance(result_type, MemRefType)
        size = element_bytes(result_type.element_type)
        return (sim.new_view(_View(source.buffer, source.byte_shift + int(shift[0]), size)),)

    @impl(vector.StoreOp)
    def run_vector_store(self, sim: CTASimulator, op: vector.StoreOp, args: PythonValues) -> PythonValues:
        value, view_id, *indices = args
        if len(indices) != 1:
            raise SimulationError("the simulator models stores to 1-D memrefs only")
        vector_type = op.vector.type
        assert isinstance(vector_type, VectorType)
        elements = int(vector_type.get_shape()[0])
        view, addresses = sim.addresses(view_id, indices[0], elements)
        shifts = np.arange(view.element_bytes, dtype=np.uint64) * np.uint64(8)
        value = np.broadcast_to(value, addresses.shape[:3] + (elements,))
        data = ((value[..., None] >> shifts) & np.uint64(0xFF)).reshape(addresses.shape).astype(np.uint8)
        memory, written = sim.buffers[view.buffer]
        for position, cta in enumerate(sim.cta_ids()):
            flat_addresses, flat_data = addresses[position].ravel(), data[position].ravel()
            order = np.lexsort((flat_data, flat_addresses))
            sorted_addresses, sorted_data = flat_addresses[order], flat_data[order]
            racing = (sorted_addresses[1:] == sorted_addresses[:-1]) & (sorted_data[1:] != sorted_data[:-1])
            if racing.any():
                byte = int(sorted_addresses[1:][racing][0])
                raise SharedMemoryError(f"threads of CTA {cta} write different values to byte {byte} in one store")
            memory[cta, flat_addresses] = flat_data
            written[cta, flat_addresses] = True
        return ()

    @impl(vector.LoadOp)
    def run_vector_load(self, sim: CTASimulator, op: vector.LoadOp, args: PythonValues) -> PythonValues:
        view_id, *indices = args
        if len(indices) != 1:
            raise SimulationError("the simulator models loads from 1-D memrefs only")
        result_type = op.result.type
        assert isinstance(result_type, VectorType)
        elements = int(result_type.get_shape()[0])
        view, addresses = sim.addresses(view_id, indices[0], elements)
        memory, written = sim.buffers[view.buffer]
        ctas = sim.cta_ids().reshape((-1, 1, 1, 1))
        if not written[ctas, addresses].all():
            byte = int(addresses[~written[ctas, addresses]][0])
            raise SharedMemoryError(f"a load reads byte {byte}, which no thread has written")
        return (little_endian(memory[ctas, addresses], view.element_bytes),)


_WRAPPING_BINARY: dict[type[Operation], Callable[[Array, Array], Array]] = {
    arith.AndIOp: np.bitwise_and,
    arith.OrIOp: np.bitwise_or,
    arith.XOrIOp: np.bitwise_xor,
    arith.AddiOp: np.add,
    arith.SubiOp: np.subtract,
    arith.MuliOp: np.multiply,
    arith.ShLIOp: np.left_shift,
    arith.ShRUIOp: np.right_shift,
    arith.DivUIOp: np.floor_divide,
    arith.RemUIOp: np.remainder,
}
"""Integer ops on raw bits, wrapping at the result's width."""


def _wrapping_binary(function: Callable[[Array, Array], Array]) -> Callable[..., PythonValues]:
    def run(self: ThreadFunctions, sim: CTASimulator, op: Operation, args: PythonValues) -> PythonValues:
        with np.errstate(over="ignore"):
            return (function(args[0], args[1]) & _mask(op.results[0].type),)

    return run


for _op_type, _function in _WRAPPING_BINARY.items():
    setattr(ThreadFunctions, f"run_{_op_type.name.replace('.', '_')}", impl(_op_type)(_wrapping_binary(_function)))
register_impls(ThreadFunctions)
register_thread_functions(ThreadFunctions())


def little_endian(data: Array, element_bytes: int) -> Array:
    """The elements whose bytes, lowest first, fill the last axis of ``data``
    (``element_bytes`` each): the values a load of those bytes gives."""
    grouped = data.astype(np.uint64).reshape(data.shape[:-1] + (data.shape[-1] // element_bytes, element_bytes))
    shifts = np.arange(element_bytes, dtype=np.uint64) * np.uint64(8)
    values: Array = np.bitwise_or.reduce(grouped << shifts, axis=-1)
    return values


def element_bytes(type: Attribute) -> int:
    """Bytes of one element in memory: sub-byte types take a whole byte."""
    return (_bits(type) + 7) // 8


def _segments(ops: Sequence[Operation], barrier: type[Operation]) -> list[list[Operation]]:
    """``ops`` split at each ``barrier`` (which ends its segment)."""
    segments: list[list[Operation]] = [[]]
    for op in ops:
        segments[-1].append(op)
        if isinstance(op, barrier):
            segments.append([])
    return segments


def _modelled(op: Operation) -> ThreadOp:
    """How the simulator runs ``op``; a ``SimulationError`` when it does not model it (or
    not on the vectors it takes), before any op runs."""
    entry = THREAD_OPS.get(type(op))
    if entry is None:
        raise SimulationError(f"the simulator does not model '{op.name}'")
    if not entry.vectors_of_any_rank and not _one_dimensional(op):
        raise SimulationError(f"the simulator models '{op.name}' on 1-D vectors only (shape_cast them first)")
    return entry


def _one_dimensional(op: Operation) -> bool:
    """Whether every vector ``op`` takes or gives has one dimension (or none)."""
    return all(not isinstance(t, VectorType) or t.get_num_dims() <= 1 for t in (*op.operand_types, *op.result_types))
