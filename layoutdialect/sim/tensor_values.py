"""Values of a layout-blind Triton program: numpy arrays, pointers into numbered buffers.

A tensor is an array of its shape, a scalar a 0-D array.  An integer ``iN`` is held in
the narrowest numpy integer of at least ``N`` bits (a Python-integer object array above
64) and wrapped to ``N`` bits after every op; ``bf16`` and the 8-bit floats compute in
``float32``, which is enough to compare two runs of the same arithmetic.  A pointer is
an ``int64``: the buffer number times ``2**40`` plus ``2**39`` plus the element offset,
so negative offsets stay inside their buffer's range.  Loads and stores index the
buffer modulo its length, so every address a program forms is valid.

A tensor too large to hold is held in part (``Sampling``): along each dimension, its
first ``limit`` indices.  ``RunBudget`` bounds the work of one run, which then stops
(``RunCutOff``) rather than running for minutes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from math import prod

import numpy as np
from xdsl.dialects.builtin import AnyFloat, BFloat16Type, IndexType, IntegerType, TensorType
from xdsl.ir import Attribute, Operation, TypeAttribute

from layoutdialect.dialect.tt.types import PointerType
from layoutdialect.dialect.ttg.types import MemDescType

__all__ = [
    "NATIVE_WIDTHS",
    "OFFSET_BIAS",
    "Memory",
    "ProgramError",
    "RunBudget",
    "RunCutOff",
    "Sampling",
    "dtype_of",
    "element_type",
    "integer_width",
    "random_value",
    "seeded_value",
    "shape_of",
    "unsigned",
    "wrapped",
]

BUFFER_BITS = 40
OFFSET_BIAS = 1 << (BUFFER_BITS - 1)
FLOAT_DTYPES: dict[int, type] = {16: np.float16, 64: np.float64}
NATIVE_WIDTHS = (8, 16, 32, 64)


class ProgramError(ValueError):
    """The program uses an op or type the layout-blind interpreter does not model;
    ``op`` is the op at fault when one is."""

    def __init__(self, message: str, op: Operation | None = None) -> None:
        super().__init__(message)
        self.op = op


class RunCutOff(ProgramError):
    """A run stopped at its budget: a run cut off is unfinished, not wrong.
    ``by_iterations`` says whether the loop iterations ran out (else the work did)."""

    def __init__(self, message: str, by_iterations: bool) -> None:
        super().__init__(message)
        self.by_iterations = by_iterations


def element_type(type: Attribute) -> Attribute:
    """The scalar type of a tensor or memdesc, or the type itself."""
    return type.element_type if isinstance(type, TensorType | MemDescType) else type


def shape_of(type: Attribute) -> tuple[int, ...]:
    """The shape of a tensor or memdesc; ``()`` for a scalar."""
    return tuple(type.get_shape()) if isinstance(type, TensorType | MemDescType) else ()


def integer_width(type: Attribute) -> int | None:
    """The bit width of an integer scalar, tensor or memdesc type; ``None`` for any other."""
    scalar = element_type(type)
    return scalar.width.data if isinstance(scalar, IntegerType) else None


def dtype_of(type: Attribute) -> np.dtype:
    """The numpy type that holds elements of ``type``; any other type (a token, a tensor
    descriptor) is an opaque handle, an ``int64``."""
    scalar = element_type(type)
    if isinstance(scalar, BFloat16Type):
        return np.dtype(np.float32)
    if isinstance(scalar, AnyFloat):
        return np.dtype(FLOAT_DTYPES.get(scalar.bitwidth, np.float32))
    if isinstance(scalar, PointerType | IndexType):
        return np.dtype(np.int64)
    if isinstance(scalar, IntegerType):
        width = scalar.width.data
        if width == 1:
            return np.dtype(np.bool_)
        container = next((native for native in NATIVE_WIDTHS if native >= width), None)
        return np.dtype(f"int{container}") if container is not None else np.dtype(object)
    if isinstance(scalar, TypeAttribute):
        return np.dtype(np.int64)
    raise ProgramError(f"type {scalar} is not modelled")


def wrapped(value: np.ndarray, width: int) -> np.ndarray:
    """``value`` wrapped to a signed ``width``-bit integer, in its own container.

    >>> wrapped(np.array([7, 8, -9], np.int8), 4).tolist()
    [7, -8, 7]
    """
    if width in NATIVE_WIDTHS or width == 1:
        return value
    if value.dtype == object:
        half = 1 << (width - 1)
        return np.asarray((value + half) % (1 << width) - half, dtype=object)
    spare = np.array(value.dtype.itemsize * 8 - width, value.dtype)
    return np.right_shift(np.left_shift(value, spare), spare)


def unsigned(value: np.ndarray, width: int | None) -> np.ndarray:
    """The unsigned reading of a ``width``-bit integer (floats and booleans as they are).

    >>> unsigned(np.array([-1, 3], np.int8), 4).tolist()
    [15, 3]
    """
    if width is None or value.dtype.kind not in "iO":
        return value
    if width in NATIVE_WIDTHS:
        return value.view(np.dtype(f"uint{width}"))
    if value.dtype == object:
        return np.asarray(value % (1 << width), dtype=object)
    return value.astype(np.int64) & ((1 << width) - 1)


@dataclass(frozen=True)
class Sampling:
    """Which elements of each tensor the interpreter holds: along every dimension the
    first ``limit`` indices, or every element where ``limit`` is ``None``.

    Ops that compute each element from elements at the same or lower indices (elementwise
    ops, broadcasts, transposes, ``make_range``, loads and stores, scans) are exact on the
    held elements; the others (a reduction, a dot or a gather along a cut dimension, a
    reshape or a concatenation across one) compute a fixed stand-in from the held elements,
    the same in every run, so two programs that apply the same ops still agree.

    >>> Sampling.for_types([TensorType(IntegerType(32), [1 << 32])], max_elements=1 << 20).limit
    1048576
    """

    limit: int | None = None

    @staticmethod
    def for_types(types: Iterable[Attribute], max_elements: int) -> Sampling:
        """The widest sampling that holds at most ``max_elements`` of each type's elements."""
        shapes = [shape_of(t) for t in types if isinstance(t, TensorType | MemDescType)]
        if all(prod(shape) <= max_elements for shape in shapes):
            return Sampling()
        limit = max_elements
        while limit > 2 and any(prod(min(d, limit) for d in shape) > max_elements for shape in shapes):
            limit //= 2
        return Sampling(limit)

    def shape(self, type: Attribute) -> tuple[int, ...]:
        """The held part of ``type``'s shape."""
        shape = shape_of(type)
        return shape if self.limit is None else tuple(min(d, self.limit) for d in shape)


@dataclass
class RunBudget:
    """What one run may spend: ``work`` element-steps (every op costs its result's
    elements plus ``OP_COST``) and, when set, ``iterations`` loop iterations and branches.

    With a ``loop_cap``, every execution of an ``scf.for`` or ``scf.while`` leaves after at
    most that many iterations, as if its bound were reached: the run is of a truncated
    program, which a rewrite that keeps each loop's trip count truncates alike, so that a
    loop too long to run whole still reaches the code after it."""

    work: int
    iterations: int | None = None
    loop_cap: int | None = None
    iterations_used: int = 0
    spent: int = 0

    OP_COST = 4096
    """Element-steps an op costs besides its elements: the interpreter's overhead per op
    (some 20 us) in the time numpy takes per element (some 5 ns)."""

    def spend(self, elements: int) -> None:
        self.spent += elements + self.OP_COST
        if self.spent > self.work:
            raise RunCutOff("the run passes the interpreter's work budget", by_iterations=False)

    def iterate(self) -> None:
        self.spend(0)
        self.iterations_used += 1
        if self.iterations is not None and self.iterations_used > self.iterations:
            raise RunCutOff(f"the run passes {self.iterations} loop iterations", by_iterations=True)

    def loop_continues(self, done: int) -> bool:
        """Whether a loop execution that has run ``done`` iterations may run another."""
        return self.loop_cap is None or done < self.loop_cap


def random_value(type: Attribute, rng: np.random.Generator, memory: Memory, sampling: Sampling) -> np.ndarray:
    """A random argument of ``type``, held as ``sampling`` says: small integers (loop
    bounds stay short), normal floats, and pointers to fresh random buffers at random offsets."""
    shape = sampling.shape(type)
    scalar = element_type(type)
    if isinstance(scalar, PointerType):
        base = memory.new_buffer(element_type(scalar.pointee), rng)
        return base + rng.integers(0, 64, size=shape, dtype=np.int64)
    dtype = dtype_of(type)
    if dtype == np.bool_:
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if dtype.kind in "iO":
        return rng.integers(0, 16, size=shape).astype(dtype)
    return rng.standard_normal(size=shape).astype(dtype)


def seeded_value(type: Attribute, seed: bytes, memory: Memory, sampling: Sampling) -> np.ndarray:
    """A value of ``type`` that depends on ``seed`` alone, as ``random_value`` draws them
    but from the seed's hash (a few microseconds, where seeding a numpy generator takes
    tens): the stand-in result of an op the interpreter does not model.  A pointer points
    into the derived buffer the seed names, so the same seed reaches the same memory."""
    shape = sampling.shape(type)
    words = np.frombuffer(hashlib.shake_256(seed).digest(8 * max(1, prod(shape))), np.uint64)[: prod(shape)]
    words = words.reshape(shape)
    scalar = element_type(type)
    if isinstance(scalar, PointerType):
        base = memory.derived_buffer(element_type(scalar.pointee), seed)
        return base + (words % np.uint64(64)).astype(np.int64)
    dtype = dtype_of(type)
    if dtype == np.bool_:
        return (words & np.uint64(1)).astype(np.bool_)
    if dtype.kind in "iO":
        return (words % np.uint64(16)).astype(np.int64).astype(dtype)
    return ((words >> np.uint64(11)).astype(np.float64) / float(1 << 53) * 4.0 - 2.0).astype(dtype)


@dataclass
class Memory:
    """Global memory: one array per buffer that a pointer argument points into, and one
    per buffer a pointer of unknown origin points into (``derived``, by number).
    ``writes`` counts the stores so far, which what an op reads from memory depends on."""

    buffers: list[np.ndarray] = field(default_factory=list)
    derived: dict[int, np.ndarray] = field(default_factory=dict)
    writes: int = 0

    BUFFER_ELEMENTS = 4096
    DERIVED_NUMBERS = 1 << 20
    """Derived buffers are numbered from here, past any argument's buffer."""

    def new_buffer(self, element: Attribute, rng: np.random.Generator) -> np.int64:
        """Allocate a random buffer of ``element``s; return the pointer to its start."""
        return self.new_buffer_of(self._random_buffer(element, rng))

    def new_buffer_of(self, data: np.ndarray) -> np.int64:
        """Allocate a buffer holding ``data`` (1-D); return the pointer to its start."""
        self.buffers.append(data)
        return self._pointer(len(self.buffers) - 1)

    def derived_buffer(self, element: Attribute, seed: bytes) -> np.int64:
        """The pointer to the start of the derived buffer ``seed`` names, made (of
        ``element``s drawn from the seed) if no run made it before."""
        number = self.DERIVED_NUMBERS + int.from_bytes(hashlib.sha256(seed).digest()[:4], "little") % (
            self.DERIVED_NUMBERS
        )
        if number not in self.derived:
            self.derived[number] = seeded_value(TensorType(element, [self.BUFFER_ELEMENTS]), seed, self, Sampling())
        return self._pointer(number)

    def _random_buffer(self, element: Attribute, rng: np.random.Generator) -> np.ndarray:
        return random_value(TensorType(element, [self.BUFFER_ELEMENTS]), rng, self, Sampling())

    @staticmethod
    def _pointer(number: int) -> np.int64:
        return np.int64((number << BUFFER_BITS) + OFFSET_BIAS)

    def _locate(self, pointers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        buffer = pointers >> BUFFER_BITS
        offset = (pointers & ((1 << BUFFER_BITS) - 1)) - OFFSET_BIAS
        return buffer, offset

    def _by_buffer(self, pointers: np.ndarray, mask: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """``(buffer, chosen, index)`` for each buffer the unmasked ``pointers`` reach: the
        elements that reach it and where in it."""
        buffer, offset = self._locate(pointers)
        reached = buffer[mask]
        if reached.size == 0:
            return []
        numbers = [reached.flat[0]] if reached.min() == reached.max() else np.unique(reached)
        parts = []
        for number in numbers:
            chosen = mask & (buffer == number)
            data = self._buffer(int(number))
            parts.append((data, chosen, offset[chosen] % len(data)))
        return parts

    def load(self, pointers: np.ndarray, mask: np.ndarray, other: np.ndarray, dtype: np.dtype) -> np.ndarray:
        """Gather through ``pointers`` where ``mask`` holds, ``other`` elsewhere."""
        result = np.array(np.broadcast_to(other, pointers.shape), dtype=dtype)
        for data, chosen, index in self._by_buffer(pointers, mask):
            result[chosen] = data[index].astype(dtype)
        return result

    def store(self, pointers: np.ndarray, values: np.ndarray, mask: np.ndarray) -> None:
        """Scatter ``values`` through ``pointers`` where ``mask`` holds; for one address
        written twice the last element in row-major order wins."""
        self.writes += 1
        values = np.broadcast_to(values, pointers.shape)
        for data, chosen, index in self._by_buffer(pointers, mask):
            data[index] = values[chosen].astype(data.dtype)

    def _buffer(self, number: int) -> np.ndarray:
        if 0 <= number < len(self.buffers):
            return self.buffers[number]
        if number in self.derived:
            return self.derived[number]
        raise ProgramError(f"a pointer leaves every buffer (buffer {number})")
