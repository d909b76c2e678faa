"""Run a Triton function on whole tensors with layouts ignored: the program's meaning.

Every ``ttg.convert_layout`` is the identity and every encoding is dropped, so a
pass that only moves data between layouts must leave the results of this
interpreter unchanged.  Ops run on numpy arrays (see ``tensor_values``); a memdesc
is a mutable array, and ``tt.get_program_id`` reads the program ids given:
``TensorInterpreter(module, Memory(), program_ids=(0, 0, 0)).call("kernel", arguments)``.

Each op's meaning is an ``@impl`` of ``ProgramFunctions`` (xDSL's
``InterpreterFunctions`` style, as the CTA simulator's ``ThreadFunctions``), written
once in the tables below by op name and registered for every class of that name.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence

import numpy as np
from xdsl.dialects import scf
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr, ModuleOp, UnregisteredOp
from xdsl.interpreter import InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.traits import is_side_effect_free
from xdsl.universe import Universe

from layoutdialect.dialect.arith.ops import ComparisonOp
from layoutdialect.dialect.registry import PROVIDED_DIALECTS
from layoutdialect.dialect.tt.data_indexed import GatherOp
from layoutdialect.dialect.tt.elementwise import ElementwiseInlineAsmOp, ExternElementwiseOp
from layoutdialect.dialect.tt.func import CallOp, FuncOp
from layoutdialect.dialect.tt.memory import LoadOp, StoreOp
from layoutdialect.dialect.tt.ops import ExpandDimsOp, ReduceOp, TransOp
from layoutdialect.dialect.tt.scan import ScanOp
from layoutdialect.dialect.ttg.views import Fp4ToFpOp, MemDescTransOp
from layoutdialect.sim.tensor_values import (
    LoopBoundExceeded,
    Memory,
    ProgramError,
    dtype_of,
    element_type,
    random_value,
    shape_of,
)

__all__ = ["TensorInterpreter"]

Array = np.ndarray
Handler = Callable[["TensorInterpreter", Operation, list[Array]], list[Array]]

MAX_LOOP_ITERATIONS = 4096


def _unsigned(value: Array) -> Array:
    return value.view(np.dtype(f"uint{value.dtype.itemsize * 8}")) if value.dtype.kind == "i" else value


def _divide_signed(a: Array, b: Array) -> Array:
    safe = np.where(b == 0, 1, b)
    quotient = np.abs(a) // np.abs(safe) * np.sign(a) * np.sign(safe)
    return np.where(b == 0, 0, quotient)


def _shift(function: Callable[[Array, Array], Array]) -> Callable[[Array, Array], Array]:
    def run(a: Array, b: Array) -> Array:
        width = a.dtype.itemsize * 8
        in_range = (b >= 0) & (b < width)
        return np.where(in_range, function(a, np.where(in_range, b, 0).astype(a.dtype)), 0)

    return run


BINARY: dict[str, Callable[[Array, Array], Array]] = {
    "arith.addi": np.add,
    "arith.subi": np.subtract,
    "arith.muli": np.multiply,
    "arith.divsi": _divide_signed,
    "arith.remsi": lambda a, b: a - _divide_signed(a, b) * b,
    "arith.divui": lambda a, b: (_unsigned(a) // np.where(b == 0, 1, _unsigned(b))).view(a.dtype),
    "arith.remui": lambda a, b: (_unsigned(a) % np.where(b == 0, 1, _unsigned(b))).view(a.dtype),
    "arith.andi": np.bitwise_and,
    "arith.ori": np.bitwise_or,
    "arith.xori": np.bitwise_xor,
    "arith.shli": _shift(np.left_shift),
    "arith.shrsi": _shift(np.right_shift),
    "arith.shrui": _shift(lambda a, b: (_unsigned(a) >> _unsigned(b)).view(a.dtype)),
    "arith.maxsi": np.maximum,
    "arith.minsi": np.minimum,
    "arith.maxui": lambda a, b: np.maximum(_unsigned(a), _unsigned(b)).view(a.dtype),
    "arith.minui": lambda a, b: np.minimum(_unsigned(a), _unsigned(b)).view(a.dtype),
    "arith.addf": np.add,
    "arith.subf": np.subtract,
    "arith.mulf": np.multiply,
    "arith.divf": np.divide,
    "arith.maximumf": np.maximum,
    "arith.minimumf": np.minimum,
    "arith.maxnumf": np.fmax,
    "arith.minnumf": np.fmin,
    "math.powf": np.power,
    "math.atan2": np.arctan2,
    "math.copysign": np.copysign,
}

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

INTEGER_COMPARISONS: dict[str, Callable[[Array, Array], Array]] = {
    "eq": np.equal,
    "ne": np.not_equal,
    "slt": np.less,
    "sle": np.less_equal,
    "sgt": np.greater,
    "sge": np.greater_equal,
    "ult": lambda a, b: _unsigned(a) < _unsigned(b),
    "ule": lambda a, b: _unsigned(a) <= _unsigned(b),
    "ugt": lambda a, b: _unsigned(a) > _unsigned(b),
    "uge": lambda a, b: _unsigned(a) >= _unsigned(b),
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


def _as_type(value: Array, type: Attribute) -> Array:
    """``value`` in the numpy type of ``type``, broadcast to its shape if it is a tensor.
    Scalars stay as they are, as inside a ``tt.reduce`` region every lane of the
    reduction runs at once."""
    shape = shape_of(type)
    return (np.broadcast_to(value, shape) if shape else np.asarray(value)).astype(dtype_of(type))


class TensorInterpreter:
    """Executes the ``tt.func``s of one module against one ``Memory``."""

    def __init__(self, module: ModuleOp, memory: Memory, program_ids: Sequence[int] = (0, 0, 0)) -> None:
        self.functions = {op.sym_name.data: op for op in module.walk() if isinstance(op, FuncOp)}
        self.memory = memory
        self.program_ids = tuple(program_ids)
        self.values: dict[SSAValue, Array] = {}
        """The values of the block being run, which ops with regions read."""
        self.observed: list[tuple[str, list[Array]]] = []
        """What each observer (an unregistered op, ``tt.print``, ``tt.assert``, impure inline
        assembly) was given, in execution order: the program's effects besides memory."""

    def call(self, name: str, arguments: Sequence[Array]) -> list[Array]:
        """The values ``tt.func @name`` returns for ``arguments``; overflow, division by
        zero and NaN are the values numpy gives, without warnings."""
        if name not in self.functions:
            raise ProgramError(f"no function @{name}")
        with np.errstate(all="ignore"):
            return self._run_block(self.functions[name].body.block, list(arguments), {})

    def _run_region(self, region: Region, arguments: list[Array], values: dict[SSAValue, Array]) -> list[Array]:
        return self._run_block(region.block, arguments, values)

    def _run_block(self, block: Block, arguments: list[Array], values: dict[SSAValue, Array]) -> list[Array]:
        for argument, value in zip(block.args, arguments, strict=True):
            values[argument] = value
        for op in block.ops:
            if op.name in ("tt.return", "scf.yield", "tt.reduce.return", "tt.scan.return", "scf.condition"):
                return [values[operand] for operand in op.operands]
            results = self._run_op(op, values)
            for result, value in zip(op.results, results, strict=True):
                values[result] = _as_type(value, result.type)
        return []

    def _run_op(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        arguments = tuple(values[operand] for operand in op.operands)
        if isinstance(op, UnregisteredOp):
            return self._opaque(op, list(arguments), op.op_name.data)
        implementation = _IMPLEMENTATIONS.get(type(op))
        if implementation is None:
            return self._uninterpreted(op, list(arguments))
        self.values = values
        return list(implementation(_FUNCTIONS, self, op, arguments).values)  # type: ignore[arg-type]

    def _opaque(self, op: Operation, arguments: list[Array], key: str) -> list[Array]:
        """An op of unknown meaning (``key`` names it): it observes its operands (recorded
        in ``observed``) and returns values drawn from its key, its operands and its place
        among such ops, so two runs agree when they feed them the same values in the same order."""
        self.observed.append((key, [a.copy() for a in arguments]))
        return _derived_values(op, arguments, f"{key}#{len(self.observed)}", self.memory)

    def _uninterpreted(self, op: Operation, arguments: list[Array]) -> list[Array]:
        """A registered op whose meaning the interpreter does not model (an mbarrier, a TMA
        copy, a tensor-memory access): a pure one is a fixed function of its operands and
        attributes, any other an observer (``_opaque``) whose operands, order and count a
        rewrite must keep.  An op with regions cannot be run."""
        if op.regions:
            raise ProgramError(f"'{op.name}' is not interpreted", op)
        key = f"{op.name} {sorted((name, str(value)) for name, value in op.properties.items())}"
        if is_side_effect_free(op):
            return _derived_values(op, arguments, key, self.memory)
        return self._opaque(op, arguments, key)

    def _observer(self, op: Operation, arguments: list[Array]) -> list[Array]:
        """``tt.print`` and ``tt.assert``: their operands are what the program shows."""
        return self._opaque(op, arguments, op.name)

    def _bitcast(self, op: Operation, arguments: list[Array]) -> list[Array]:
        """The operand's bits in the result's type; where the interpreter holds one of the
        types in a wider stand-in (8-bit floats), a fixed function of the operand's bits."""
        result_dtype = dtype_of(op.results[0].type)
        if arguments[0].dtype.itemsize == result_dtype.itemsize:
            return [arguments[0].view(result_dtype)]
        return _derived_values(op, arguments, f"bitcast to {element_type(op.results[0].type)}", self.memory)

    def _outside_function(self, op: Operation, arguments: list[Array]) -> list[Array]:
        """Inline assembly or a library call: a function of its operands, with the
        effects of an unregistered op unless declared pure."""
        assert isinstance(op, ElementwiseInlineAsmOp | ExternElementwiseOp)
        key = op.asm_string.data if isinstance(op, ElementwiseInlineAsmOp) else op.symbol.data
        if not is_side_effect_free(op):
            return self._opaque(op, arguments, key)
        return _derived_values(op, arguments, key, self.memory)

    def _for(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        assert isinstance(op, scf.ForOp)
        lower, upper, step = (int(values[v]) for v in (op.lb, op.ub, op.step))
        carried = [values[v] for v in op.iter_args]
        if step <= 0:
            raise ProgramError("scf.for with a step that is not positive")
        if (upper - lower) // step > MAX_LOOP_ITERATIONS:
            raise LoopBoundExceeded(f"scf.for runs more than {MAX_LOOP_ITERATIONS} iterations")
        for induction in range(lower, upper, step):
            index = np.array(induction, dtype=dtype_of(op.lb.type))
            carried = self._run_region(op.body, [index, *carried], values)
        return carried

    def _if(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        assert isinstance(op, scf.IfOp)
        region = op.true_region if bool(values[op.cond]) else op.false_region
        return self._run_region(region, [], values) if region.blocks else []

    def _while(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        assert isinstance(op, scf.WhileOp)
        carried = [values[v] for v in op.arguments]
        for _ in range(MAX_LOOP_ITERATIONS):
            condition, *forwarded = self._run_region(op.before_region, carried, values)
            if not bool(condition):
                return forwarded
            carried = self._run_region(op.after_region, forwarded, values)
        raise LoopBoundExceeded(f"scf.while runs more than {MAX_LOOP_ITERATIONS} iterations")

    def _reduce(self, op: Operation, values: dict[SSAValue, Array]) -> list[Array]:
        assert isinstance(op, ReduceOp)
        axis = op.axis.value.data
        sources = [np.moveaxis(values[v], axis, 0) for v in op.srcs]
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
        return _derived_values(op, arguments, op.name, self.memory)


def _derived_values(op: Operation, arguments: list[Array], key: str, memory: Memory) -> list[Array]:
    """Results for ``op`` that depend only on ``key`` and the operands' values: a stand-in
    for a function the interpreter cannot evaluate."""
    digest = hashlib.sha256(key.encode())
    for value in arguments:
        digest.update(np.ascontiguousarray(value).tobytes())
    rng = np.random.default_rng(int.from_bytes(digest.digest()[:8], "little"))
    return [random_value(result.type, rng, memory) for result in op.results]


def _cat(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    """``tt.cat``'s order is unspecified; the interpreter fixes it as ``lhs`` then ``rhs``."""
    return [np.concatenate([arguments[0].ravel(), arguments[1].ravel()]).reshape(shape_of(op.results[0].type))]


def _call(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    assert isinstance(op, CallOp)
    return interpreter.call(op.callee.root_reference.data, arguments)


def _constant(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    value = op.properties["value"]
    if isinstance(value, DenseIntOrFPElementsAttr):
        return [np.array(value.get_values()).reshape(shape_of(value.get_type()) or ())]
    if isinstance(value, IntegerAttr | FloatAttr):
        return [np.array(value.value.data)]
    raise ProgramError(f"constant {value} is not interpreted")


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
    return [INTEGER_COMPARISONS[op.predicate_name](*arguments)]


def _make_range(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    start, end = (op.properties[name] for name in ("start", "end"))
    assert isinstance(start, IntegerAttr) and isinstance(end, IntegerAttr)
    return [np.arange(start.value.data, end.value.data)]


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
    """``a b + c``; a warp-group dot whose ``use_c`` flag is false ignores ``c``."""
    a, b, c, *use_c = arguments
    dtype = dtype_of(op.results[0].type)
    product = np.matmul(a.astype(dtype), b.astype(dtype))
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
    (bins,) = shape_of(op.results[0].type)
    counts = np.bincount(values[(values >= 0) & (values < bins)], minlength=bins)
    return [counts.astype(dtype_of(op.results[0].type))]


def _gather(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    """``r[.., i, ..] = src[.., idx[.., i, ..], ..]`` along the axis.  Triton leaves an index
    outside the source undefined; here it wraps around, the same before and after a rewrite."""
    assert isinstance(op, GatherOp)
    src, indices = arguments
    axis = op.axis.value.data
    window = tuple(slice(None) if d == axis else slice(0, n) for d, n in enumerate(indices.shape))
    wrapped = np.mod(indices.astype(np.int64), src.shape[axis])
    return [np.take_along_axis(src[window], wrapped, axis)]


def _same_values(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    """Ops whose result holds the operand's elements, broadcast or reshaped in row-major order."""
    result_shape = shape_of(op.results[0].type)
    if arguments[0].size == np.prod(result_shape):
        return [arguments[0].reshape(result_shape)]
    return [np.broadcast_to(arguments[0], result_shape)]


def _local_alloc(interpreter: TensorInterpreter, op: Operation, arguments: list[Array]) -> list[Array]:
    shape = shape_of(op.results[0].type)
    return [np.array(arguments[0]) if arguments else np.zeros(shape, dtype_of(op.results[0].type))]


HANDLERS: dict[str, Handler] = {
    "arith.constant": _constant,
    "arith.cmpi": _comparison,
    "arith.cmpf": _comparison,
    "arith.select": lambda _, op, a: [np.where(a[0], a[1], a[2])],
    "arith.bitcast": TensorInterpreter._bitcast,
    "math.fma": lambda _, op, a: [a[0] * a[1] + a[2]],
    "tt.make_range": _make_range,
    "tt.get_program_id": _program_id,
    "tt.splat": _same_values,
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
    "tt.reduce": TensorInterpreter._reduce,
    "tt.scan": TensorInterpreter._scan,
}


class ProgramFunctions(InterpreterFunctions):
    """What each op means on whole tensors, in xDSL's ``@impl`` style: one implementation
    per op class, registered from the tables above for every class that spells the op's
    name (this package's dialects and xDSL's own)."""


def _op_types(name: str) -> list[type[Operation]]:
    """Every op class called ``name`` in this package's dialects and in xDSL's."""
    prefix = name.split(".", 1)[0]
    loaders = [PROVIDED_DIALECTS.get(prefix), Universe.get_multiverse().all_dialects.get(prefix)]
    found = {op for load in loaders if load is not None for op in load().operations if op.name == name}
    return sorted(found, key=lambda op: op.__module__)


def _register(name: str, run: Callable[[TensorInterpreter, Operation, PythonValues], list[Array]]) -> None:
    def implementation(
        self: ProgramFunctions, interpreter: TensorInterpreter, op: Operation, args: PythonValues
    ) -> PythonValues:
        return tuple(run(interpreter, op, args))

    for index, op_type in enumerate(_op_types(name)):
        setattr(ProgramFunctions, f"run_{name.replace('.', '_')}_{index}", impl(op_type)(implementation))


def _register_all() -> None:
    for name, binary in BINARY.items():
        _register(name, lambda _, op, a, f=binary: [f(a[0], a[1])])
    for name, unary in UNARY.items():
        _register(name, lambda _, op, a, f=unary: [f(a[0])])
    for name in [f"arith.{cast}" for cast in CASTS] + ["tt.fp_to_fp"]:
        _register(name, lambda _, op, a: [a[0].astype(dtype_of(op.results[0].type))])
    for name in ("arith.extui", "arith.uitofp"):
        _register(name, lambda _, op, a: [_unsigned(a[0]).astype(dtype_of(op.results[0].type))])
    for name, handler in HANDLERS.items():
        _register(name, lambda interpreter, op, a, f=handler: f(interpreter, op, list(a)))
    for name, structured in STRUCTURED.items():
        _register(name, lambda interpreter, op, a, f=structured: f(interpreter, op, interpreter.values))
    register_impls(ProgramFunctions)


_register_all()
_FUNCTIONS = ProgramFunctions()
_IMPLEMENTATIONS = dict(ProgramFunctions._impls())
