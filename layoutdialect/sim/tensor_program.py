"""Run a Triton function on whole tensors with layouts ignored: the program's meaning.

Every ``ttg.convert_layout`` is the identity and every encoding is dropped, so a
pass that only moves data between layouts must leave the results of this
interpreter unchanged.  Ops run on numpy arrays (see ``tensor_values``); a memdesc
is a mutable array, and ``tt.get_program_id`` reads the program ids given:
``TensorInterpreter(module, Memory(), program_ids=(0, 0, 0)).call("kernel", arguments)``.

Control flow runs as MLIR defines it: structured ops (``scf.for``, ``scf.while``,
``scf.if``, ``scf.execute_region``, ``tt.reduce``, ``tt.scan``), the blocks of a region
joined by ``cf.br`` and ``cf.cond_br``, and ``ttg.warp_specialize``, whose default region
and then each partition run in turn.  An op the interpreter has no model of is treated
by its declared memory effects: without effects it is a fixed function of its operands;
reading or allocating, a fixed function of its operands and of the writes before it to
what it reads (so two reads with no such write between them agree, as CSE merges them,
and a read that nobody uses may go); writing, or with effects it does not declare, an
*observer*, whose operands are recorded in order as what the program shows (``observed``).

Each op's meaning is an ``@impl`` of ``ProgramFunctions`` (xDSL's
``InterpreterFunctions`` style, as the CTA simulator's ``ThreadFunctions``), written
once in the tables below by op name and registered for every class of that name.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np
from xdsl.dialects import cf, scf
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr, ModuleOp, UnregisteredOp
from xdsl.interpreter import InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.traits import IsTerminator, MemoryEffectKind, Resource, get_effects, is_side_effect_free

from layoutdialect.dialect.memory_resources import GlobalMemory
from layoutdialect.dialect.registry import PROVIDED_DIALECTS
from layoutdialect.dialect.tt.data_indexed import GatherOp
from layoutdialect.dialect.tt.elementwise import ElementwiseInlineAsmOp, ExternElementwiseOp
from layoutdialect.dialect.tt.func import CallOp, FuncOp
from layoutdialect.dialect.tt.memory import LoadOp, StoreOp
from layoutdialect.dialect.tt.ops import ExpandDimsOp, ReduceOp, TransOp
from layoutdialect.dialect.tt.scan import ScanOp
from layoutdialect.dialect.tt.types import bit_width, pointee_type
from layoutdialect.dialect.ttg.views import Fp4ToFpOp, MemDescTransOp
from layoutdialect.dialect.ttg.warp_specialize import WarpSpecializeOp
from layoutdialect.dialect.upstream.arith.ops import ComparisonOp
from layoutdialect.ir.dense import splat_value
from layoutdialect.ir.memory_effects import resources_read, resources_written
from layoutdialect.ir.multiverse import multiverse
from layoutdialect.sim.tensor_values import (
    NATIVE_WIDTHS,
    Memory,
    ProgramError,
    RunBudget,
    RunCutOff,
    Sampling,
    dtype_of,
    element_type,
    integer_width,
    seeded_value,
    unsigned,
    wrapped,
)

__all__ = ["DEFAULT_WORK", "TensorInterpreter"]

Array = np.ndarray
Handler = Callable[["TensorInterpreter", Operation, list[Array]], list[Array]]
Binary = Callable[[Array, Array, int | None], Array]

DEFAULT_WORK = 1 << 26
"""The work budget of a run (``RunBudget``) when none is given: about half a second."""

MAX_CALL_DEPTH = 64
"""The deepest chain of ``tt.call``s a run follows before it is cut off (recursion)."""


def _divide_signed(a: Array, b: Array) -> Array:
    safe = np.where(b == 0, 1, b)
    quotient = np.abs(a) // np.abs(safe) * np.sign(a) * np.sign(safe)
    return np.where(b == 0, 0, quotient)


def _divide_unsigned(a: Array, b: Array, width: int | None) -> Array:
    divisor = unsigned(b, width)
    return unsigned(a, width) // np.where(divisor == 0, 1, divisor)


def _remainder_unsigned(a: Array, b: Array, width: int | None) -> Array:
    divisor = unsigned(b, width)
    return unsigned(a, width) % np.where(divisor == 0, 1, divisor)


def _shift(function: Callable[[Array, Array, int | None], Array]) -> Binary:
    """A shift by ``b``: zero where ``b`` is negative or not below the width."""

    def run(a: Array, b: Array, width: int | None) -> Array:
        bits = width if width is not None else a.dtype.itemsize * 8
        in_range = (b >= 0) & (b < bits)
        return np.where(in_range, function(a, np.where(in_range, b, 0).astype(a.dtype), width), 0)

    return run


BINARY: dict[str, Binary] = {
    "arith.addi": lambda a, b, w: np.add(a, b),
    "arith.subi": lambda a, b, w: np.subtract(a, b),
    "arith.muli": lambda a, b, w: np.multiply(a, b),
    "arith.divsi": lambda a, b, w: _divide_signed(a, b),
    "arith.remsi": lambda a, b, w: a - _divide_signed(a, b) * b,
    "arith.divui": _divide_unsigned,
    "arith.remui": _remainder_unsigned,
    "arith.andi": lambda a, b, w: np.bitwise_and(a, b),
    "arith.ori": lambda a, b, w: np.bitwise_or(a, b),
    "arith.xori": lambda a, b, w: np.bitwise_xor(a, b),
    "arith.shli": _shift(lambda a, b, w: np.left_shift(a, b)),
    "arith.shrsi": _shift(lambda a, b, w: np.right_shift(a, b)),
    "arith.shrui": _shift(lambda a, b, w: np.right_shift(unsigned(a, w), unsigned(b, w))),
    "arith.maxsi": lambda a, b, w: np.maximum(a, b),
    "arith.minsi": lambda a, b, w: np.minimum(a, b),
    "arith.maxui": lambda a, b, w: np.maximum(unsigned(a, w), unsigned(b, w)),
    "arith.minui": lambda a, b, w: np.minimum(unsigned(a, w), unsigned(b, w)),
    "arith.addf": lambda a, b, w: np.add(a, b),
    "arith.subf": lambda a, b, w: np.subtract(a, b),
    "arith.mulf": lambda a, b, w: np.multiply(a, b),
    "arith.divf": lambda a, b, w: np.divide(a, b),
    "arith.maximumf": lambda a, b, w: np.maximum(a, b),
    "arith.minimumf": lambda a, b, w: np.minimum(a, b),
    "arith.maxnumf": lambda a, b, w: np.fmax(a, b),
    "arith.minnumf": lambda a, b, w: np.fmin(a, b),
    "math.powf": lambda a, b, w: np.power(a, b),
    "math.atan2": lambda a, b, w: np.arctan2(a, b),
    "math.copysign": lambda a, b, w: np.copysign(a, b),
    "tt.precise_divf": lambda a, b, w: np.divide(a, b),
    "tt.approx_divf": lambda a, b, w: np.divide(a, b),
}
"""Each binary op on its operands, given their integer width (``None`` for floats)."""

UNARY: dict[str, Callable[[Array], Array]] = {
    "arith.negf": np.negative,
    "math.absf": np.abs,
    "math.absi": np.abs,
    "math.exp": np.exp,
    "math.exp2": np.exp2,
    "math.expm1": np.expm1,
    "math.log": np.log,
    "math.log2": np.log2,
    "math.log10": np.log10,
    "math.log1p": np.log1p,
    "math.sqrt": np.sqrt,
    "math.rsqrt": lambda a: 1 / np.sqrt(a),
    "math.sin": np.sin,
    "math.cos": np.cos,
    "math.tan": np.tan,
    "math.tanh": np.tanh,
    "math.floor": np.floor,
    "math.ceil": np.ceil,
    "math.trunc": np.trunc,
    "math.roundeven": np.rint,
    "math.erf": np.vectorize(math.erf, otypes=[np.float64]),
}

CASTS = ("extsi", "extf", "truncf", "trunci", "sitofp", "fptosi", "fptoui", "index_cast")

INTEGER_COMPARISONS: dict[str, Binary] = {
    "eq": lambda a, b, w: np.equal(a, b),
    "ne": lambda a, b, w: np.not_equal(a, b),
    "slt": lambda a, b, w: np.less(a, b),
    "sle": lambda a, b, w: np.less_equal(a, b),
    "sgt": lambda a, b, w: np.greater(a, b),
    "sge": lambda a, b, w: np.greater_equal(a, b),
    "ult": lambda a, b, w: unsigned(a, w) < unsigned(b, w),
    "ule": lambda a, b, w: unsigned(a, w) <= unsigned(b, w),
    "ugt": lambda a, b, w: unsigned(a, w) > unsigned(b, w),
    "uge": lambda a, b, w: unsigned(a, w) >= unsigned(b, w),
}

ORDERED_COMPARISONS: dict[str, Callable[[Array, Array], Array]] = {
    "eq": np.equal,
    "ne": lambda a, b: (a < b) | (a > b),
    "lt": np.less,
    "le": np.less_equal,
    "gt": np.greater,
    "ge": np.greater_equal,
}


def _compare_floats(predicate: str, a: Array, b: Array) -> Array:
    """``arith.cmpf``: ``o``-predicates are false and ``u``-predicates true when either side is NaN."""
    unordered: Array = np.isnan(a) | np.isnan(b)
    if predicate in ("false", "true"):
        return np.full(unordered.shape, predicate == "true")
    if predicate in ("ord", "uno"):
        return unordered if predicate == "uno" else ~unordered
    ordered = ORDERED_COMPARISONS[predicate[1:]](a, b)
    result: Array = ordered | unordered if predicate.startswith("u") else ordered
    return result


class _HeldType(NamedTuple):
    """How the interpreter holds values of one type: their held shape, numpy type and
    integer width (``None`` for any other type)."""

    shape: tuple[int, ...]
    dtype: np.dtype
    width: int | None


class _BlockPlan(NamedTuple):
    steps: list[tuple[Operation, list[_HeldType]]]
    exit: Operation | None


class _Model(NamedTuple):
    """How the interpreter treats an op it has no model of (``TensorInterpreter._model``)."""

    kind: str
    key: str
    read: tuple[Resource, ...]


def _digest(value: Array) -> bytes:
    """The bytes of an array's values (an object array's Python integers by their text)."""
    return repr(value.tolist()).encode() if value.dtype == object else np.ascontiguousarray(value).tobytes()


class TensorInterpreter:
    """Executes the ``tt.func``s of one module against one ``Memory``, holding each tensor
    as ``sampling`` says and stopping (``RunCutOff``) when ``budget`` is spent."""

    def __init__(
        self,
        module: ModuleOp,
        memory: Memory,
        program_ids: Sequence[int] = (0, 0, 0),
        sampling: Sampling | None = None,
        budget: RunBudget | None = None,
    ) -> None:
        self.functions = {op.sym_name.data: op for op in module.walk() if isinstance(op, FuncOp)}
        self.memory = memory
        self.program_ids = tuple(program_ids)
        self.sampling = sampling or Sampling()
        self.budget = budget or RunBudget(DEFAULT_WORK)
        self.values: dict[SSAValue, Array] = {}
        """The values of the block being run, which ops with regions read."""
        self.observed: list[tuple[str, list[Array]]] = []
        """What each observer (an op that writes or whose effects are unknown, ``tt.print``,
        ``tt.assert``, impure inline assembly) was given, in execution order: the
        program's effects besides global memory."""
        self._observer_writes: Counter[Resource | None] = Counter()
        """How many observers so far may have written each resource (under ``None``, those
        whose effects are unknown, which may write any)."""
        self._models: dict[Operation, _Model] = {}
        self._plans: dict[Block, _BlockPlan] = {}
        self._calls = 0

    def call(self, name: str, arguments: Sequence[Array]) -> list[Array]:
        """The values ``tt.func @name`` returns for ``arguments``; overflow, division by
        zero and NaN are the values numpy gives, without warnings."""
        if name not in self.functions:
            raise ProgramError(f"no function @{name}")
        if self._calls == MAX_CALL_DEPTH:
            raise RunCutOff(f"the run nests more than {MAX_CALL_DEPTH} calls", by_iterations=True)
        self._calls += 1
        try:
            with np.errstate(all="ignore"):
                return self._run_region(self.functions[name].body, list(arguments), {})
        finally:
            self._calls -= 1

    def _run_region(self, region: Region, arguments: list[Array], values: dict[SSAValue, Array]) -> list[Array]:
        """Run ``region`` from its entry block, following branches, to the terminator that
        leaves it; return that terminator's operands."""
        block = region.first_block
        if block is None:
            raise ProgramError("a region without a block cannot be run", region.parent_op())
        while True:
            for argument, value in zip(block.args, arguments, strict=True):
                values[argument] = value
            steps, exit = self._plans.get(block) or self._plan(block)
            for op, held in steps:
                for result, value, result_held in zip(op.results, self._run_op(op, values), held, strict=True):
                    values[result] = self._held(value, result_held)
            if exit is None:
                return []
            if not exit.successors:
                return [values[operand] for operand in exit.operands]
            block, arguments = self._branch(exit, values)
            self.budget.iterate()

    def _plan(self, block: Block) -> _BlockPlan:
        """What running ``block`` takes: its ops before the terminator, each with how its
        results are held, and the terminator or branch that ends it (``None`` if none)."""
        ops = list(block.ops)
        exit = None
        if ops and (ops[-1].successors or ops[-1].has_trait(IsTerminator, value_if_unregistered=False)):
            exit = ops.pop()
        steps = [(op, [self._held_type(result.type) for result in op.results]) for op in ops]
        plan = self._plans[block] = _BlockPlan(steps, exit)
        return plan

    def _held_type(self, type: Attribute) -> _HeldType:
        return _HeldType(self.sampling.shape(type), dtype_of(type), integer_width(type))

    def _branch(self, op: Operation, values: dict[SSAValue, Array]) -> tuple[Block, list[Array]]:
        """The block a branch goes to, and the values it passes."""
        if isinstance(op, cf.BranchOp):
            return op.successor, [values[v] for v in op.arguments]
        if isinstance(op, cf.ConditionalBranchOp):
            if bool(values[op.cond]):
                return op.then_block, [values[v] for v in op.then_arguments]
            return op.else_block, [values[v] for v in op.else_arguments]
        raise ProgramError(f"'{op.name}' is not interpreted", op)

    def _run_op(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        arguments = [values[operand] for operand in op.operands]
        implementation = _IMPLEMENTATIONS.get(type(op))
        if isinstance(op, UnregisteredOp):
            results = self._opaque(op, arguments, op.op_name.data)
        elif implementation is None:
            results = self._uninterpreted(op, arguments)
        else:
            self.values = values
            results = list(implementation(_FUNCTIONS, self, op, tuple(arguments)).values)  # type: ignore[arg-type]
        self.budget.spend(sum(np.size(result) for result in results))
        return results

    def _held(self, value: Array, held: _HeldType) -> Array:
        """``value`` in its result's numpy type (wrapped to its integer width), broadcast
        to its held shape if it is a tensor.  Scalars stay as they are, as inside a
        ``tt.reduce`` region every lane of the reduction runs at once.  Under a sampling,
        a value computed larger than its held shape keeps its held part, and one of
        another shape (a reshape across a cut dimension) is repeated to fit."""
        if held.shape and np.shape(value) != held.shape:
            value = self._fitted(np.asarray(value), held.shape)
        result = np.asarray(value).astype(held.dtype, copy=False)
        return wrapped(result, held.width) if held.width is not None else result

    def _fitted(self, value: Array, shape: tuple[int, ...]) -> Array:
        broadcasts = value.ndim <= len(shape) and all(v in (1, s) for v, s in zip(value.shape[::-1], shape[::-1]))
        if broadcasts or self.sampling.limit is None:
            return np.broadcast_to(value, shape)
        if value.ndim == len(shape) and all(v >= s for v, s in zip(value.shape, shape)):
            return value[tuple(slice(0, s) for s in shape)]
        return np.resize(value, shape)

    def _model(self, op: Operation) -> _Model:
        """How an op without a model is treated: ``"pure"``, ``"reads"`` (reads or
        allocates only) or ``"writes"`` (anything else, or effects the op does not
        declare); the key its stand-in values are drawn from (its name and properties); and
        the resources it reads."""
        model = self._models.get(op)
        if model is None:
            effects = get_effects(op)
            if effects is None:
                kind = "writes"
            elif not effects:
                kind = "pure"
            elif all(e.kind in (MemoryEffectKind.READ, MemoryEffectKind.ALLOC) for e in effects):
                kind = "reads"
            else:
                kind = "writes"
            key = f"{op.name} {sorted((name, str(value)) for name, value in op.properties.items())}"
            read = tuple(sorted(resources_read(effects), key=lambda resource: resource.name()))
            model = self._models[op] = _Model(kind, key, read)
        return model

    def _opaque(self, op: Operation, arguments: list[Array], key: str) -> list[Array]:
        """An op of unknown meaning (``key`` names it): it observes its operands (recorded
        in ``observed``) and returns values drawn from its key, its operands and its place
        among such ops, so two runs agree when they feed them the same values in the same
        order.  It counts as a write of each resource it may write."""
        self.observed.append((key, [a.copy() for a in arguments]))
        written = resources_written(get_effects(op))
        self._observer_writes.update((None,) if written is None else written)
        return self.derived_values(op, arguments, f"{key}#{len(self.observed)}")

    def _writes_to(self, read: tuple[Resource, ...]) -> tuple[int, ...]:
        """The writes so far that may have changed what is in the resources ``read``: by
        observers whose effects are unknown, by observers to each of them, and the stores
        to global memory if it is one."""
        stores = self.memory.writes if GlobalMemory() in read else 0
        return (self._observer_writes[None], *(self._observer_writes[resource] for resource in read), stores)

    def _uninterpreted(self, op: Operation, arguments: list[Array]) -> list[Array]:
        """A registered op whose meaning the interpreter does not model (an mbarrier, a TMA
        copy, a tensor-memory access), by its declared effects: a pure one is a fixed
        function of its operands and properties; one that only reads or allocates, of those
        and of the writes before it to what it reads; any other is an observer
        (``_opaque``) whose operands, order and count a rewrite must keep.  An op with
        regions cannot be run."""
        if op.regions:
            raise ProgramError(f"'{op.name}' is not interpreted", op)
        kind, key, read = self._model(op)
        if kind == "pure":
            return self.derived_values(op, arguments, key)
        if kind == "reads":
            return self.derived_values(op, arguments, f"{key} after {self._writes_to(read)}")
        return self._opaque(op, arguments, key)

    def derived_values(self, op: Operation, arguments: list[Array], key: str) -> list[Array]:
        """Results for ``op`` that depend only on ``key`` and the operands' values: a stand-in
        for a function the interpreter cannot evaluate."""
        digest = hashlib.sha256(key.encode())
        for value in arguments:
            digest.update(_digest(np.asarray(value)))
        seed = digest.digest()
        return [
            seeded_value(result.type, seed + index.to_bytes(2, "little"), self.memory, self.sampling)
            for index, result in enumerate(op.results)
        ]

    def _observer(self, op: Operation, arguments: list[Array]) -> list[Array]:
        """``tt.print`` and ``tt.assert``: their operands are what the program shows."""
        return self._opaque(op, arguments, op.name)

    def _bitcast(self, op: Operation, arguments: list[Array]) -> list[Array]:
        """The operand's bits in the result's type; where the interpreter holds one of the
        types in a wider stand-in (8-bit floats, odd integer widths), a fixed function of
        the operand's bits."""
        result_type = op.results[0].type
        result_dtype = dtype_of(result_type)
        source = arguments[0]
        held_exactly = all(integer_width(t) in (None, 1, *NATIVE_WIDTHS) for t in (op.operands[0].type, result_type))
        if (
            held_exactly
            and object not in (source.dtype, result_dtype)
            and source.dtype.itemsize == result_dtype.itemsize
        ):
            return [source.view(result_dtype)]
        return self.derived_values(op, arguments, f"bitcast to {element_type(result_type)}")

    def _outside_function(self, op: Operation, arguments: list[Array]) -> list[Array]:
        """Inline assembly or a library call: a function of its operands, with the
        effects of an unregistered op unless declared pure."""
        assert isinstance(op, ElementwiseInlineAsmOp | ExternElementwiseOp)
        key = op.asm_string.data if isinstance(op, ElementwiseInlineAsmOp) else op.symbol.data
        if not is_side_effect_free(op):
            return self._opaque(op, arguments, key)
        return self.derived_values(op, arguments, key)

    def _for(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        """``scf.for`` as MLIR lowers it: from the lower bound, while below the upper one,
        adding the step (a step that is not positive runs until the budget stops it), and
        at most the budget's ``loop_cap`` iterations."""
        assert isinstance(op, scf.ForOp)
        lower, upper, step = (int(values[v]) for v in (op.lb, op.ub, op.step))
        carried = [values[v] for v in op.iter_args]
        index_dtype = dtype_of(op.lb.type)
        induction, done = lower, 0
        while induction < upper and self.budget.loop_continues(done):
            self.budget.iterate()
            carried = self._run_region(op.body, [np.asarray(induction).astype(index_dtype), *carried], values)
            induction += step
            done += 1
        return carried

    def _if(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        assert isinstance(op, scf.IfOp)
        region = op.true_region if bool(values[op.cond]) else op.false_region
        return self._run_region(region, [], values) if region.blocks else []

    def _while(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        """``scf.while``: the condition region, then the body while it says so; after the
        budget's ``loop_cap`` bodies the loop leaves at its next condition."""
        assert isinstance(op, scf.WhileOp)
        carried = [values[v] for v in op.arguments]
        done = 0
        while True:
            self.budget.iterate()
            condition, *forwarded = self._run_region(op.before_region, carried, values)
            if not bool(condition) or not self.budget.loop_continues(done):
                return forwarded
            carried = self._run_region(op.after_region, forwarded, values)
            done += 1

    def _execute_region(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        assert isinstance(op, scf.ExecuteRegionOp)
        return self._run_region(op.region, [], values)

    def _warp_specialize(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        """The default region, then each partition on the captured values, in order: the
        partitions' observations follow the default region's."""
        assert isinstance(op, WarpSpecializeOp)
        results = self._run_region(op.default_region, [], values)
        partitions = op.partition_op
        captured = [values[v] for v in partitions.explicit_captures]
        for region in partitions.partition_regions:
            self._run_region(region, list(captured), values)
        return results

    def _reduce(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        assert isinstance(op, ReduceOp)
        axis = op.axis.value.data
        sources = [np.moveaxis(values[v], axis, 0) for v in op.srcs]
        if sources[0].shape[0] == 0:
            return self.derived_values(op, [], "a reduction of no elements")
        accumulators = [source[0] for source in sources]
        for index in range(1, sources[0].shape[0]):
            accumulators = self._run_region(op.combine_op, [*accumulators, *(s[index] for s in sources)], values)
        return accumulators

    def _scan(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        """Inclusive prefix combination along the axis, from the far end when ``reverse``."""
        assert isinstance(op, ScanOp)
        axis = op.axis.value.data
        sources = [np.moveaxis(values[v], axis, 0) for v in op.srcs]
        steps = range(sources[0].shape[0])
        if op.reverse.value.data:
            steps = steps[::-1]
        results = [np.empty_like(source) for source in sources]
        accumulators: list[Array] = []
        for index in steps:
            current = [source[index] for source in sources]
            accumulators = (
                current if not accumulators else self._run_region(op.combine_op, [*accumulators, *current], values)
            )
            for result, accumulator in zip(results, accumulators):
                result[index] = accumulator
        return [np.moveaxis(result, 0, axis) for result in results]

    def _dot_scaled(self, op: Operation, arguments: list[Array]) -> list[Array]:
        """A microscaled product: the interpreter does not model the scaled formats, so the
        result is a fixed function of every operand and scale."""
        return self.derived_values(op, arguments, op.name)


def _cat(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    """``tt.cat``'s order is unspecified; the interpreter fixes it as ``lhs`` then ``rhs``."""
    joined = np.concatenate([arguments[0].ravel(), arguments[1].ravel()])
    shape = interpreter.sampling.shape(op.results[0].type)
    return [joined.reshape(shape) if joined.size == math.prod(shape) else np.resize(joined, shape)]


def _call(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    """A call runs the callee's body; a callee declared without one is an observer."""
    assert isinstance(op, CallOp)
    name = op.callee.root_reference.data
    callee = interpreter.functions.get(name)
    if callee is not None and not callee.body.blocks:
        return interpreter._opaque(op, arguments, f"call @{name}")
    return interpreter.call(name, arguments)


def _constant(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    value = op.properties["value"]
    if isinstance(value, DenseIntOrFPElementsAttr):
        every = splat_value(value)
        if every is not None:
            return [np.full(interpreter.sampling.shape(value.get_type()), every)]
        return [np.array(value.get_values()).reshape(value.get_shape() or ())]
    if isinstance(value, IntegerAttr | FloatAttr):
        return [np.array(value.value.data)]
    raise ProgramError(f"constant {value} is not interpreted", op)


def _load(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    assert isinstance(op, LoadOp)
    pointers, *rest = arguments
    dtype = dtype_of(op.results[0].type)
    mask = rest[0] if op.mask is not None else np.ones((), np.bool_)
    other = rest[-1] if op.other is not None else np.zeros((), dtype)
    return [interpreter.memory.load(pointers, np.broadcast_to(mask, pointers.shape), other, dtype)]


def _store(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    assert isinstance(op, StoreOp)
    pointers, stored, *rest = arguments
    mask = rest[0] if rest else np.ones((), np.bool_)
    interpreter.memory.store(pointers, stored, np.broadcast_to(mask, pointers.shape))
    return []


def _local_store(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    stored, buffer = arguments
    buffer[...] = stored
    return []


def _comparison(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    assert isinstance(op, ComparisonOp)
    if op.name == "arith.cmpf":
        return [_compare_floats(op.predicate_name, *arguments)]
    lhs, rhs = arguments
    return [INTEGER_COMPARISONS[op.predicate_name](lhs, rhs, integer_width(op.operands[0].type))]


def _make_range(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    start = op.properties["start"]
    assert isinstance(start, IntegerAttr)
    (held,) = interpreter.sampling.shape(op.results[0].type)
    return [np.arange(start.value.data, start.value.data + held)]


def _program_id(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    axis = op.properties["axis"]
    assert isinstance(axis, IntegerAttr)
    return [np.array(interpreter.program_ids[axis.value.data])]


def _expand_dims(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    assert isinstance(op, ExpandDimsOp)
    return [np.expand_dims(arguments[0], op.axis.value.data)]


def _trans(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    assert isinstance(op, TransOp)
    return [np.transpose(arguments[0], op.permutation)]


def _dot(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    """``a b + c``; a warp-group dot whose ``use_c`` flag is false ignores ``c``.  Its work
    is its multiply-adds; half-precision products are computed in ``float32`` (numpy has
    no fast half-precision product), the same in every run."""
    a, b, c, *use_c = arguments
    interpreter.budget.spend(a.size * b.shape[-1])
    dtype = dtype_of(op.results[0].type)
    computed = np.promote_types(dtype, np.float32) if dtype.kind == "f" else dtype
    product = np.matmul(a.astype(computed), b.astype(computed))
    return [product if use_c and not bool(use_c[0]) else product + c]


E2M1_VALUES = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0])
"""The sixteen e2m1 (fp4) values by bit pattern: sign, two exponent bits, one mantissa bit."""


def _fp4_to_fp(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    """Each byte's low nibble, then its high nibble, along the axis."""
    assert isinstance(op, Fp4ToFpOp)
    packed = np.moveaxis(arguments[0].astype(np.uint8), op.axis.value.data, -1)
    pairs = np.stack([E2M1_VALUES[packed & 0xF], E2M1_VALUES[packed >> 4]], axis=-1)
    unpacked = pairs.reshape(*packed.shape[:-1], packed.shape[-1] * 2)
    return [np.moveaxis(unpacked, -1, op.axis.value.data)]


def _memdesc_trans(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    assert isinstance(op, MemDescTransOp)
    return [np.transpose(arguments[0], op.permutation)]


def _histogram(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    """Bin ``i`` counts the unmasked elements equal to ``i``; values outside the bins count nowhere."""
    values = arguments[0].astype(np.int64).ravel()
    if len(arguments) > 1:
        values = values[arguments[1].ravel().astype(bool)]
    (bins,) = interpreter.sampling.shape(op.results[0].type)
    counts = np.bincount(values[(values >= 0) & (values < bins)], minlength=bins)
    return [counts.astype(dtype_of(op.results[0].type))]


def _gather(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    """``r[.., i, ..] = src[.., idx[.., i, ..], ..]`` along the axis.  Triton leaves an index
    outside the source undefined; here it wraps around, the same before and after a rewrite."""
    assert isinstance(op, GatherOp)
    src, indices = arguments
    axis = op.axis.value.data
    window = tuple(slice(None) if d == axis else slice(0, n) for d, n in enumerate(indices.shape))
    wrapped_indices = np.mod(indices.astype(np.int64), src.shape[axis])
    return [np.take_along_axis(src[window], wrapped_indices, axis)]


def _same_values(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    """Ops whose result holds the operand's elements, broadcast or reshaped in row-major order."""
    result_shape = interpreter.sampling.shape(op.results[0].type)
    if arguments[0].size == math.prod(result_shape):
        return [arguments[0].reshape(result_shape)]
    return [arguments[0]]


def _local_alloc(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    result_type = op.results[0].type
    if arguments:
        return [np.array(arguments[0])]
    return [np.zeros(interpreter.sampling.shape(result_type), dtype_of(result_type))]


def _cast(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    return [arguments[0].astype(dtype_of(op.results[0].type))]


def _element_bytes(pointer: Attribute) -> int:
    """Bytes of what ``pointer`` (or a tensor of them) points to: a pointer here counts
    elements (``tt.addptr`` adds its offsets as they are), an address counts bytes."""
    return max(1, (bit_width(pointee_type(element_type(pointer))) or 8) // 8)


def _unsigned_cast(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    """``arith.extui`` and ``arith.uitofp``: the operand read as unsigned."""
    return [unsigned(arguments[0], integer_width(op.operands[0].type)).astype(dtype_of(op.results[0].type))]


HANDLERS: dict[str, Handler] = {
    "arith.constant": _constant,
    "arith.cmpi": _comparison,
    "arith.cmpf": _comparison,
    "arith.select": lambda _, op, a: [np.where(a[0], a[1], a[2])],
    "arith.bitcast": TensorInterpreter._bitcast,
    "arith.extui": _unsigned_cast,
    "arith.uitofp": _unsigned_cast,
    "math.fma": lambda _, op, a: [a[0] * a[1] + a[2]],
    "tt.fp_to_fp": _cast,
    "tt.make_range": _make_range,
    "tt.get_program_id": _program_id,
    "tt.splat": _same_values,
    "tt.unsplat": lambda _, op, a: [np.asarray(a[0]).reshape(-1)[0]],
    "tt.broadcast": _same_values,
    "tt.expand_dims": _expand_dims,
    "tt.reshape": _same_values,
    "tt.trans": _trans,
    "tt.dot": _dot,
    "tt.dot_scaled": TensorInterpreter._dot_scaled,
    "ttng.warp_group_dot": _dot,
    "ttng.warp_group_dot_wait": lambda _, op, a: list(a),
    "ttg.fp4_to_fp": _fp4_to_fp,
    "ttg.memdesc_trans": _memdesc_trans,
    "tt.histogram": _histogram,
    "tt.gather": _gather,
    "tt.print": TensorInterpreter._observer,
    "tt.assert": TensorInterpreter._observer,
    "tt.join": lambda _, op, a: [np.stack([a[0], a[1]], axis=-1)],
    "tt.split": lambda _, op, a: [a[0][..., 0], a[0][..., 1]],
    "tt.cat": _cat,
    "tt.bitcast": TensorInterpreter._bitcast,
    "tt.int_to_ptr": lambda _, op, a: [a[0].astype(np.int64) // _element_bytes(op.results[0].type)],
    "tt.ptr_to_int": lambda _, op, a: [a[0].astype(np.int64) * _element_bytes(op.operands[0].type)],
    "tt.elementwise_inline_asm": TensorInterpreter._outside_function,
    "tt.extern_elementwise": TensorInterpreter._outside_function,
    "tt.addptr": lambda _, op, a: [a[0] + a[1].astype(np.int64)],
    "tt.load": _load,
    "tt.store": _store,
    "tt.call": _call,
    "ttg.convert_layout": _same_values,
    "ttg.local_alloc": _local_alloc,
    "ttg.local_load": lambda _, op, a: [np.array(a[0])],
    "ttg.local_store": _local_store,
    "ttg.local_dealloc": lambda _, op, a: [],
    "gpu.barrier": lambda _, op, a: [],
}

STRUCTURED: dict[str, Callable[[TensorInterpreter, Operation, dict[SSAValue, Array]], list[Array]]] = {
    "scf.for": TensorInterpreter._for,
    "scf.if": TensorInterpreter._if,
    "scf.while": TensorInterpreter._while,
    "scf.execute_region": TensorInterpreter._execute_region,
    "ttg.warp_specialize": TensorInterpreter._warp_specialize,
    "tt.reduce": TensorInterpreter._reduce,
    "tt.scan": TensorInterpreter._scan,
}


class ProgramFunctions(InterpreterFunctions):
    """What each op means on whole tensors, in xDSL's ``@impl`` style: one implementation
    per op class, registered from the tables above for every class that spells the op's
    name (this package's dialects and xDSL's own)."""


def _op_classes() -> dict[str, list[type[Operation]]]:
    """Every op class of this package's dialects and of xDSL's, by op name, for the
    names the tables give a meaning."""
    wanted = {*BINARY, *UNARY, *(f"arith.{cast}" for cast in CASTS), *HANDLERS, *STRUCTURED}
    prefixes = {name.split(".", 1)[0] for name in wanted}
    xdsl_dialects = multiverse().all_dialects
    classes: dict[str, set[type[Operation]]] = {name: set() for name in wanted}
    for prefix in prefixes:
        for load in (PROVIDED_DIALECTS.get(prefix), xdsl_dialects.get(prefix)):
            for op in load().operations if load is not None else ():
                if op.name in classes:
                    classes[op.name].add(op)
    return {name: sorted(found, key=lambda op: op.__module__) for name, found in classes.items()}


def _register(
    op_classes: list[type[Operation]], run: Callable[[TensorInterpreter, Operation, PythonValues], list[Array]]
) -> None:
    def implementation(
        self: ProgramFunctions, interpreter: TensorInterpreter, op: Operation, args: PythonValues
    ) -> PythonValues:
        return tuple(run(interpreter, op, args))

    for op_class in op_classes:
        setattr(ProgramFunctions, f"run_{op_class.__module__}_{op_class.__name__}", impl(op_class)(implementation))


def _register_all() -> None:
    classes = _op_classes()
    for name, binary in BINARY.items():
        _register(classes[name], lambda _, op, a, f=binary: [f(a[0], a[1], integer_width(op.operands[0].type))])
    for name, unary in UNARY.items():
        _register(classes[name], lambda _, op, a, f=unary: [f(a[0])])
    for name in [f"arith.{cast}" for cast in CASTS]:
        _register(classes[name], lambda interpreter, op, a: _cast(interpreter, op, list(a)))
    for name, handler in HANDLERS.items():
        _register(classes[name], lambda interpreter, op, a, f=handler: f(interpreter, op, list(a)))
    for name, structured in STRUCTURED.items():
        _register(classes[name], lambda interpreter, op, a, f=structured: f(interpreter, op, interpreter.values))
    register_impls(ProgramFunctions)


_register_all()
_FUNCTIONS = ProgramFunctions()
_IMPLEMENTATIONS = dict(ProgramFunctions._impls())
