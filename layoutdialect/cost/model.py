"""The modelled cost of a function: what its layouts make one warp pay, term by term.

Each op that a layout choice changes is priced per warp in ``CostWeights`` units, times
the trip counts of the loops around it:

- ``conversions``: each ``ttg.convert_layout`` as ``lower-convert-layout`` plans it
  (``lowering.conversion_plan``): its shuffles, selects and byte permutes, and for a
  shared-memory round trip its store and load instructions, their wavefronts, its
  barriers and scratch bytes; a register renaming is free, and a conversion the planner
  keeps pays a conflict-free round trip of its bytes and one barrier;
- ``memory``: each global ``tt.load``, ``tt.store``, atomic and
  ``ttg.async_copy_global_to_local``: its instruction issues and 32-byte sectors
  (``analysis.global_access``), the contiguous dimension found by ``contiguity``;
- ``shared``: each ``ttg.local_load``, ``local_store`` and initialising
  ``local_alloc``: its instructions and wavefronts (``analysis.bank_conflicts``);
- ``reductions``: each ``tt.reduce`` and ``tt.scan``: the combines within a thread, one
  shuffle round per lane bit along the axis, and a shared-memory exchange with two
  barriers when warps share the axis;
- ``elementwise``: each op that the ``Elementwise`` trait marks, one instruction per
  register of its result; one in all when the result is affine in its element's
  coordinates (index and pointer arithmetic, ``contiguity``), whose registers differ
  by constants the compiler folds into the instructions that read them.

Dots, views (``expand_dims``, ``broadcast``, ``trans``), splats, ranges and constants
cost nothing here: they cost the same in every layout, or nothing at all.  A loop runs
its constant trip count, else ``DEFAULT_TRIP_COUNT`` times; a ``scf.while`` always the
latter.  Registers are a limit, not a term: ``registers`` is the peak a thread needs
(``register_pressure``), against the target's ``registers_per_thread``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from math import prod
from typing import Any

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import DictionaryAttr, FloatAttr, ModuleOp, StringAttr, TensorType
from xdsl.ir import Attribute, Operation, SSAValue

from layoutdialect.analysis.bank_conflicts import bank_conflicts
from layoutdialect.analysis.global_access import global_access_cost
from layoutdialect.cost.contiguity import Strides, contiguous_dim, vector_limit
from layoutdialect.cost.register_pressure import layout_registers, peak_registers
from layoutdialect.cost.weights import CostWeights, weights_for
from layoutdialect.dialect.folds import constant_value
from layoutdialect.dialect.semantics import Elementwise, distributed_encoding, semantic_trait
from layoutdialect.dialect.tt.atomics import AtomicCASOp, AtomicRMWOp
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.tt.memory import LoadOp, StoreOp
from layoutdialect.dialect.tt.ops import ReduceOp
from layoutdialect.dialect.tt.scan import ScanOp
from layoutdialect.dialect.tt.types import PointerType, bit_width
from layoutdialect.dialect.ttg.async_copies import AsyncCopyGlobalToLocalOp
from layoutdialect.dialect.ttg.attributes import EncodingAttr
from layoutdialect.dialect.ttg.layout_checks import MODULE_TARGET, TargetOverride
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp, LocalAllocOp, LocalLoadOp, LocalStoreOp
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.encodings import to_linear_layout
from layoutdialect.encodings.layout_properties import elements_per_thread, threads_per_warp, warps_per_cta
from layoutdialect.ir.locations import located_error, op_location
from layoutdialect.lowering.conversion_plan import conversion_plan
from layoutdialect.lowering.convert_layout_op import plan_conversion_types
from layoutdialect.lowering.layout_conversion import LayoutConversion
from layoutdialect.target import Target, TargetError

__all__ = [
    "ASSIGNMENT_ATTRIBUTE",
    "DEFAULT_TRIP_COUNT",
    "TERMS",
    "CostItem",
    "FunctionCost",
    "OpTypes",
    "Pricer",
    "function_cost",
    "module_cost",
    "trip_count",
    "trips",
]

DEFAULT_TRIP_COUNT = 8
"""The trip count assumed of a loop whose bounds are not constants."""

TERMS = ("conversions", "memory", "shared", "reductions", "elementwise")
"""The terms of a function's cost, in the order they are printed."""

ASSIGNMENT_ATTRIBUTE = "assign_layouts"
"""The discardable attribute of a function that ``assign-layouts`` made: its cost, lower
bound, gap and status."""

EVENT_WEIGHTS = {
    "instructions": "instruction",
    "shuffles": "shuffle",
    "wavefronts": "wavefront",
    "barriers": "barrier",
    "sectors": "sector",
    "scratch_bytes": "scratch_byte",
}
"""Which weight of ``CostWeights`` prices each event an item counts."""

WAVEFRONT_BYTES = 128
"""The bytes a conflict-free shared-memory wavefront moves (32 banks of 4 bytes), for a
conversion the planner keeps."""


@dataclass(frozen=True)
class CostItem:
    """One priced op: its ``term``, what it does each time it runs (``counts`` of events:
    ``{"shuffles": 2, "instructions": 4}``, and a ``detail`` such as a conversion's
    path or an access's vectors), what that costs (``each``), and how many times it
    runs (``trips``)."""

    loc: str
    op: str
    term: str
    counts: dict[str, int]
    detail: str
    each: float
    trips: int

    @property
    def cost(self) -> float:
        return self.each * self.trips

    def to_json(self) -> dict[str, Any]:
        return {"loc": self.loc, "op": self.op, "term": self.term, "detail": self.detail, "counts": dict(self.counts),
                "each": self.each, "trips": self.trips, "cost": self.cost}  # fmt: skip


@dataclass(frozen=True)
class FunctionCost:
    """A function's modelled cost on ``target``: the sum of its ``terms``, each the sum of
    its ``items``; and the peak ``registers`` a thread needs against ``register_limit``."""

    name: str
    target: str
    terms: dict[str, float]
    registers: int
    register_limit: int
    items: tuple[CostItem, ...] = field(default=())
    assignment: dict[str, float | str] | None = None
    """What ``assign-layouts`` proved of the function (``objective``, ``lower_bound``, ``gap``,
    ``status``), read from its ``ASSIGNMENT_ATTRIBUTE``; ``None`` when the pass did not run
    on it."""

    @property
    def cost(self) -> float:
        return sum(self.terms.values())

    @property
    def fits_registers(self) -> bool:
        return self.registers <= self.register_limit

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "target": self.target,
            "cost": self.cost,
            "terms": dict(self.terms),
            "registers": self.registers,
            "register_limit": self.register_limit,
            "items": [item.to_json() for item in self.items],
        } | (dict(self.assignment) if self.assignment is not None else {})


def module_cost(module: ModuleOp, target: TargetOverride = MODULE_TARGET) -> list[FunctionCost]:
    """The cost of every function of ``module`` that has a body, in order, on the module's
    GPU unless ``target`` says otherwise."""
    return [function_cost(op, target) for op in module.walk() if isinstance(op, AnyFuncOp) and op.body.blocks]


def function_cost(func: AnyFuncOp, target: TargetOverride = MODULE_TARGET) -> FunctionCost:
    """The modelled cost of ``func`` (the module docstring says what is priced and how); an
    ``IRError`` at the function when its module names no GPU this package knows."""
    try:
        gpu = target.resolve(func)
    except TargetError as error:
        raise located_error(func, str(error)) from None
    pricer = Pricer(gpu)
    items = [item for op in _priced_ops(func) if (item := pricer.price(op)) is not None]
    terms = {term: sum((item.cost for item in items if item.term == term), 0.0) for term in TERMS}
    registers = max((peak_registers(block, pricer.strides) for block in func.body.blocks), default=0)
    limit = gpu.registers_per_thread
    return FunctionCost(func.sym_name.data, gpu.arch, terms, registers, limit, tuple(items), _assignment(func))


def _assignment(func: AnyFuncOp) -> dict[str, float | str] | None:
    """The lower bound, gap and status ``assign-layouts`` left on ``func``, if it did."""
    found = func.attributes.get(ASSIGNMENT_ATTRIBUTE)
    if not isinstance(found, DictionaryAttr):
        return None
    assignment: dict[str, float | str] = {}
    for key in ("objective", "lower_bound", "gap", "status"):
        value = found.data.get(key)
        if isinstance(value, FloatAttr):
            assignment[key] = value.value.data
        elif isinstance(value, StringAttr):
            assignment[key] = value.data
    return assignment


def _priced_ops(func: AnyFuncOp) -> Iterator[Operation]:
    """The ops of ``func`` outside the combiners of reductions and scans."""
    for op in func.walk():
        if op is func:
            continue
        parent = op.parent_op()
        while parent is not None and parent is not func and not isinstance(parent, ReduceOp | ScanOp):
            parent = parent.parent_op()
        if parent is func:
            yield op


def trip_count(loop: Operation) -> int:
    """How many times the body of ``loop`` runs: a ``scf.for``'s from constant bounds,
    else ``DEFAULT_TRIP_COUNT``."""
    if isinstance(loop, scf.ForOp):
        bounds = [_integer_constant(value) for value in (loop.lb, loop.ub, loop.step)]
        if all(bound is not None for bound in bounds):
            lower, upper, step = bounds
            assert lower is not None and upper is not None and step is not None
            return max(0, -(-(upper - lower) // step)) if step > 0 else DEFAULT_TRIP_COUNT
    return DEFAULT_TRIP_COUNT


def _integer_constant(value: SSAValue) -> int | None:
    found = constant_value(value)
    return found if isinstance(found, int) else None


def trips(op: Operation) -> int:
    """The times ``op`` runs: the product of the trip counts of the loops around it."""
    trips, parent = 1, op.parent_op()
    while parent is not None and not isinstance(parent, AnyFuncOp):
        if isinstance(parent, scf.ForOp | scf.WhileOp):
            trips *= trip_count(parent)
        parent = parent.parent_op()
    return trips


OpTypes = tuple[Sequence[Attribute], Sequence[Attribute]]
"""The operand and result types to price an op with: its own, or a layout it could take."""


@dataclass
class Pricer:
    """Prices ops of one function on one target, in the types they have or in others
    (``price(op, types)``: the op as it would be with other layouts)."""

    gpu: Target
    strides: Strides = field(default_factory=Strides)
    _conversions: dict[tuple[Attribute, Attribute], tuple[dict[str, int], str]] = field(
        default_factory=dict, init=False, repr=False
    )
    """The events of each conversion planned so far, by its two types: a layout problem
    asks about the same pair for many values, and again for every explanation."""

    @property
    def weights(self) -> CostWeights:
        return weights_for(self.gpu)

    def price(self, op: Operation, types: OpTypes | None = None) -> CostItem | None:
        """The item of ``op`` with operand and result ``types`` (its own by default); ``None``
        for an op the model does not price."""
        operands, results = types or ([o.type for o in op.operands], [r.type for r in op.results])
        if isinstance(op, ConvertLayoutOp):
            return self._conversion(op, operands[0], results[0])
        if isinstance(op, LoadOp | StoreOp | AtomicRMWOp | AtomicCASOp | AsyncCopyGlobalToLocalOp):
            return self._global(op, operands[0])
        if isinstance(op, LocalLoadOp):
            return self._local(op, results[0], operands[0], load=True)
        if isinstance(op, LocalStoreOp):
            return self._local(op, operands[0], operands[1], load=False)
        if isinstance(op, LocalAllocOp) and op.src is not None:
            return self._local(op, operands[0], results[0], load=False)
        if isinstance(op, ReduceOp | ScanOp):
            return self._reduction(op, operands, results)
        if semantic_trait(op, Elementwise) is not None and not isinstance(op, arith.ConstantOp):
            registers = sum(self._elementwise_registers(value, type_) for value, type_ in zip(op.results, results))
            if registers:
                return self._item(op, "elementwise", {"instructions": registers})
        return None

    def conversion(self, source: TensorType[Attribute], result: TensorType[Attribute]) -> float:
        """What converting a tensor of type ``source`` to ``result`` costs each time."""
        counts, _ = self._conversion_counts(source, result)
        return self._each(counts)

    def _elementwise_registers(self, result: SSAValue, type_: Attribute) -> int:
        """The instructions computing ``result`` in ``type_``: one per register of its layout,
        or one for an affine tensor (its registers differ by constants the compiler folds)."""
        registers = layout_registers(type_)
        strides = self.strides.of(result)
        return min(registers, 1) if strides is not None and None not in strides else registers

    def _each(self, counts: dict[str, int]) -> float:
        return float(sum(count * getattr(self.weights, EVENT_WEIGHTS[event]) for event, count in counts.items()))

    def _item(self, op: Operation, term: str, counts: dict[str, int], detail: str = "") -> CostItem:
        """The item of ``op``: each event of ``counts`` at its weight."""
        counts = {event: count for event, count in counts.items() if count}
        return CostItem(
            str(op_location(op) or "<unknown>"), op.name, term, counts, detail, self._each(counts), trips(op)
        )

    def _conversion(self, op: ConvertLayoutOp, source: Attribute, result: Attribute) -> CostItem:
        assert isinstance(source, TensorType) and isinstance(result, TensorType)
        counts, detail = self._conversion_counts(source, result)
        return self._item(op, "conversions", counts, detail)

    def _conversion_counts(
        self, source: TensorType[Attribute], result: TensorType[Attribute]
    ) -> tuple[dict[str, int], str]:
        """The events of a conversion as the planner plans it, and its path (each pair of
        types planned once)."""
        key = (source, result)
        if key not in self._conversions:
            self._conversions[key] = self._plan_counts(source, result)
        return self._conversions[key]

    def _plan_counts(self, source: TensorType[Attribute], result: TensorType[Attribute]) -> tuple[dict[str, int], str]:
        """``_conversion_counts`` from the planner; a conversion it keeps pays a conflict-free
        round trip of its bytes and one barrier."""
        planned = plan_conversion_types(source, result, self.gpu.shared, cross_lane=self.gpu.cross_lane)
        if not isinstance(planned, LayoutConversion):
            bits = bit_width(source.element_type) or 32
            per_warp = prod(source.get_shape()) * bits // 8 // max(1, _type_warps(source))
            wavefronts = 2 * max(1, per_warp // WAVEFRONT_BYTES)
            return {"instructions": wavefronts, "wavefronts": wavefronts, "barriers": 1}, "kept"
        plan = conversion_plan(planned, source, result, verify=False)
        counts = {"shuffles": plan.shuffles, "instructions": plan.selects + plan.permutes}
        if plan.store is not None and plan.load is not None:
            counts["instructions"] += plan.store.instructions + plan.load.instructions
            counts |= {"wavefronts": plan.wavefronts, "barriers": plan.barriers, "scratch_bytes": plan.scratch_bytes}
        return counts, plan.path or "kept"

    def _global(self, op: Operation, pointer_type: Attribute) -> CostItem | None:
        encoding = distributed_encoding(pointer_type)
        if encoding is None:
            return None
        assert isinstance(pointer_type, TensorType)
        pointee = pointer_type.element_type
        bits = (bit_width(pointee.pointee) if isinstance(pointee, PointerType) else None) or 32
        layout = to_linear_layout(encoding, list(pointer_type.get_shape()))
        pointers = op.operands[0]
        limit = vector_limit(pointers, bits, self.strides)
        access = global_access_cost(layout, contiguous_dim(pointers, self.strides), bits, limit)
        counts = {"instructions": access.instructions, "sectors": access.sectors}
        return self._item(op, "memory", counts, f"{access.instructions} x {access.vector_bits}b")

    def _local(self, op: Operation, tensor: Attribute, memdesc: Attribute, load: bool) -> CostItem | None:
        if not isinstance(tensor, TensorType) or not isinstance(memdesc, MemDescType):
            return None
        registers, shared = tensor.encoding, memdesc.encoding
        bits = bit_width(tensor.element_type)
        if not isinstance(registers, EncodingAttr) or not isinstance(shared, EncodingAttr) or bits is None:
            return None
        try:
            reg_layout = to_linear_layout(registers.data, list(tensor.get_shape()))
            shared_layout = to_linear_layout(shared.data, list(memdesc.shape))
            access = bank_conflicts(reg_layout, shared_layout, bits, self.gpu.shared, load=load)
        except ValueError:
            return None
        counts = {"instructions": access.instructions, "wavefronts": access.total_wavefronts}
        return self._item(op, "shared", counts, f"{access.instructions} x {access.vector_bits}b")

    def _reduction(
        self, op: ReduceOp | ScanOp, operands: Sequence[Attribute], results: Sequence[Attribute]
    ) -> CostItem | None:
        """A reduction: the combines of each thread's registers, a shuffle round per lane
        bit along the axis, and where warps share the axis a store of each warp's partial
        results, two barriers and a load of every warp's; a scan also adds each thread's
        carry back to its registers."""
        source = operands[0]
        encoding = distributed_encoding(source)
        if encoding is None:
            return None
        assert isinstance(source, TensorType)
        shape, axis = list(source.get_shape()), op.axis.value.data
        combiner = max(1, sum(1 for _ in op.regions[0].block.ops) - 1)
        registers = layout_registers(source)
        lanes, warps = threads_per_warp(encoding, shape)[axis], warps_per_cta(encoding, shape)[axis]
        rounds = lanes.bit_length() - 1
        if isinstance(op, ReduceOp):
            exchanged = max(1, max((layout_registers(result) for result in results), default=1))
            combines = max(0, registers - exchanged)
        else:
            exchanged = max(1, registers // elements_per_thread(encoding, shape)[axis])
            combines = 2 * registers
        combines += (rounds + warps - 1) * exchanged
        counts = {"instructions": combines * combiner, "shuffles": rounds * exchanged * len(operands)}
        if warps > 1:
            wavefronts = (1 + warps) * exchanged * len(operands)
            counts["instructions"] += wavefronts
            counts |= {"wavefronts": wavefronts, "barriers": 2}
        return self._item(op, "reductions", counts)


def _type_warps(type_: TensorType[Attribute]) -> int:
    encoding = distributed_encoding(type_)
    return 1 if encoding is None else to_linear_layout(encoding, list(type_.get_shape())).get_in_dim_size("warp")
