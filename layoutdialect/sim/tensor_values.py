"""Values of a layout-blind Triton program: numpy arrays, pointers into numbered buffers.

A tensor is an array of its shape, a scalar a 0-D array.  Integers keep their
width in a signed numpy type; ``bf16`` and the 8-bit floats compute in ``float32``,
which is enough to compare two runs of the same arithmetic.  A pointer is an
``int64``: the buffer number times ``2**40`` plus ``2**39`` plus the element offset,
so negative offsets stay inside their buffer's range.  Loads and stores index the
buffer modulo its length, so every address a program forms is valid.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects.builtin import AnyFloat, BFloat16Type, IndexType, IntegerType, TensorType
from xdsl.ir import Attribute, Operation, TypeAttribute

from layoutdialect.dialect.tt.types import PointerType
from layoutdialect.dialect.ttg.types import MemDescType

__all__ = [
    "OFFSET_BIAS",
    "LoopBoundExceeded",
    "Memory",
    "ProgramError",
    "dtype_of",
    "element_type",
    "random_value",
    "shape_of",
]

BUFFER_BITS = 40
OFFSET_BIAS = 1 << (BUFFER_BITS - 1)
FLOAT_DTYPES: dict[int, type] = {16: np.float16, 64: np.float64}


class ProgramError(ValueError):
    """The program uses an op or type the layout-blind interpreter does not model;
    ``op`` is the op at fault when one is."""

    def __init__(self, message: str, op: Operation | None = None) -> None:
        super().__init__(message)
        self.op = op


class LoopBoundExceeded(ProgramError):
    """A loop ran past the interpreter's iteration bound: the run is cut off, not wrong."""


def element_type(type: Attribute) -> Attribute:
    """The scalar type of a tensor or memdesc, or the type itself."""
    return type.element_type if isinstance(type, TensorType | MemDescType) else type


def shape_of(type: Attribute) -> tuple[int, ...]:
    """The shape of a tensor or memdesc; ``()`` for a scalar."""
    return tuple(type.get_shape()) if isinstance(type, TensorType | MemDescType) else ()


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
        if width in (8, 16, 32, 64):
            return np.dtype(f"int{width}")
        raise ProgramError(f"integer type {scalar} has no numpy equivalent")
    if isinstance(scalar, TypeAttribute):
        return np.dtype(np.int64)
    raise ProgramError(f"type {scalar} is not modelled")


def random_value(type: Attribute, rng: np.random.Generator, memory: Memory) -> np.ndarray:
    """A random argument of ``type``: small integers (loop bounds stay short), normal
    floats, and pointers to fresh random buffers at random offsets."""
    shape = shape_of(type)
    scalar = element_type(type)
    if isinstance(scalar, PointerType):
        base = memory.new_buffer(element_type(scalar.pointee), rng)
        return base + rng.integers(0, 64, size=shape, dtype=np.int64)
    dtype = dtype_of(type)
    if dtype == np.bool_:
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if dtype.kind == "i":
        return rng.integers(0, 16, size=shape).astype(dtype)
    return rng.standard_normal(size=shape).astype(dtype)


@dataclass
class Memory:
    """Global memory: one array per buffer that a pointer argument points into."""

    buffers: list[np.ndarray] = field(default_factory=list)

    BUFFER_ELEMENTS = 4096

    def new_buffer(self, element: Attribute, rng: np.random.Generator) -> np.int64:
        """Allocate a random buffer of ``element``s; return the pointer to its start."""
        return self.new_buffer_of(random_value(TensorType(element, [self.BUFFER_ELEMENTS]), rng, self))

    def new_buffer_of(self, data: np.ndarray) -> np.int64:
        """Allocate a buffer holding ``data`` (1-D); return the pointer to its start."""
        self.buffers.append(data)
        return np.int64(((len(self.buffers) - 1) << BUFFER_BITS) + OFFSET_BIAS)

    def _locate(self, pointers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        buffer = pointers >> BUFFER_BITS
        offset = (pointers & ((1 << BUFFER_BITS) - 1)) - OFFSET_BIAS
        return buffer, offset

    def load(self, pointers: np.ndarray, mask: np.ndarray, other: np.ndarray, dtype: np.dtype) -> np.ndarray:
        """Gather through ``pointers`` where ``mask`` holds, ``other`` elsewhere."""
        result = np.array(np.broadcast_to(other, pointers.shape), dtype=dtype)
        buffer, offset = self._locate(pointers)
        for number in np.unique(buffer[mask]):
            chosen = mask & (buffer == number)
            data = self._buffer(int(number))
            result[chosen] = data[offset[chosen] % len(data)].astype(dtype)
        return result

    def store(self, pointers: np.ndarray, values: np.ndarray, mask: np.ndarray) -> None:
        """Scatter ``values`` through ``pointers`` where ``mask`` holds; for one address
        written twice the last element in row-major order wins."""
        buffer, offset = self._locate(pointers)
        values = np.broadcast_to(values, pointers.shape)
        for number in np.unique(buffer[mask]):
            chosen = mask & (buffer == number)
            data = self._buffer(int(number))
            data[offset[chosen] % len(data)] = values[chosen].astype(data.dtype)

    def _buffer(self, number: int) -> np.ndarray:
        if not 0 <= number < len(self.buffers):
            raise ProgramError(f"a pointer leaves every buffer (buffer {number})")
        return self.buffers[number]
