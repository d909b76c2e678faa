"""Which dimension of a pointer tensor is contiguous in memory, and how wide a vector
its accesses can be proven to allow: a small form of Triton's ``AxisInfo`` analysis,
enough for the cost model's global accesses.

Each integer or pointer tensor gets a *stride* per dimension, in elements: how far apart
two neighbours along it are, or ``None`` where the analysis cannot tell.  Strides start
at ``tt.make_range`` (1), splats and splat constants (0), pass through
``expand_dims``, ``broadcast``, ``trans``, conversions and integer casts, add under
``arith.addi``, ``arith.subi`` and ``tt.addptr``, and scale under ``arith.muli`` by a
splat constant (or a ``tt.splat`` of a scalar constant).  Anything else (a loaded
offset, a loop-carried pointer, a reshape) is unknown.

Each integer or pointer value also gets a *divisibility*, as ``AxisInfo``'s: the largest
power of two known to divide the first element of every contiguous run (in elements
for integers, bytes for pointers).  A range contributes its start, a constant its
value, a function argument its ``tt.divisibility``; sums take the smaller, products
multiply, ``tt.addptr`` adds its offsets' in bytes; anything else is 1.  A vector is at
most as many elements as the divisibility of its pointers allows (``vector_limit``),
and a single element where no dimension is known to be contiguous, as Triton's
``getVectorSize`` takes it.

>>> from layoutdialect import parse_module
>>> module = parse_module('''
... #b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
... #row = #ttg.slice<{dim = 1, parent = #b}>
... #col = #ttg.slice<{dim = 0, parent = #b}>
... tt.func @f(%base: !tt.ptr<f32>) {
...   %rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #row>
...   %cols = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #col>
...   %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #row> -> tensor<32x1xi32, #b>
...   %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32, #col> -> tensor<1x16xi32, #b>
...   %pitch = arith.constant dense<16> : tensor<32x1xi32, #b>
...   %row_starts = arith.muli %r, %pitch : tensor<32x1xi32, #b>
...   %rb = tt.broadcast %row_starts : tensor<32x1xi32, #b> -> tensor<32x16xi32, #b>
...   %cb = tt.broadcast %c : tensor<1x16xi32, #b> -> tensor<32x16xi32, #b>
...   %offsets = arith.addi %rb, %cb : tensor<32x16xi32, #b>
...   %p = tt.splat %base : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #b>
...   %ptrs = tt.addptr %p, %offsets : tensor<32x16x!tt.ptr<f32>, #b>, tensor<32x16xi32, #b>
...   tt.return
... }''')
>>> ptrs = [op for op in module.walk() if op.name == "tt.addptr"][0].results[0]
>>> Strides().of(ptrs), contiguous_dim(ptrs)
((16, 1), 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, TensorType
from xdsl.ir import BlockArgument, Operation, SSAValue

from layoutdialect.dialect.folds import constant_value
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.tt.memory import AddPtrOp
from layoutdialect.dialect.tt.ops import BroadcastOp, ExpandDimsOp, MakeRangeOp, SplatOp, TransOp
from layoutdialect.dialect.tt.types import PointerType, bit_width
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.dialect.ttg.tensors import scalar_type

__all__ = ["UNBOUNDED", "Strides", "contiguous_dim", "vector_limit"]

Stride = int | None

Key = TypeVar("Key")
Fact = TypeVar("Fact")

UNBOUNDED = 1 << 30
"""The divisibility of zero: any power of two divides it."""
_CASTS = ("arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast", "arith.index_castui")


class Strides:
    """The strides of tensors, each value's found once (a function's pointers share
    their offsets' computations)."""

    def __init__(self) -> None:
        self._found: dict[SSAValue, tuple[Stride, ...] | None] = {}
        self._divisibility: dict[tuple[SSAValue, int | None], int] = {}

    def of(self, value: SSAValue) -> tuple[Stride, ...] | None:
        """The stride of each dimension of the tensor ``value``; ``None`` if it is no tensor."""
        if not isinstance(value.type, TensorType):
            return None
        if value not in self._found:
            self._found[value] = self._strides(value, len(value.type.get_shape()))
        return self._found[value]

    def _strides(self, value: SSAValue, rank: int) -> tuple[Stride, ...]:
        unknown: tuple[Stride, ...] = (None,) * rank
        carried = _carried(value)
        if carried is not None:
            init, yielded = carried
            guess: tuple[Stride, ...] | None = self._operand_strides(init, rank)
            found = self._loop_fixed_point(
                self._found, value, guess, yielded, self.of, lambda a, b: a if a == b else unknown
            )
            return unknown if found is None else found
        op = value.owner
        if not isinstance(op, Operation):
            return unknown
        if isinstance(op, SplatOp) or _splat_constant(value) is not None:
            return (0,) * rank
        if isinstance(op, MakeRangeOp):
            return (1,)
        if isinstance(op, ConvertLayoutOp) or op.name in _CASTS:
            return self._operand(op, 0, rank)
        if isinstance(op, ExpandDimsOp):
            inner = list(self._operand(op, 0, rank - 1))
            inner.insert(op.axis.value.data, 0)
            return tuple(inner)
        if isinstance(op, BroadcastOp):
            source = op.operands[0].type
            assert isinstance(source, TensorType)
            strides = self._operand(op, 0, rank)
            return tuple(0 if size == 1 else stride for size, stride in zip(source.get_shape(), strides))
        if isinstance(op, TransOp):
            strides = self._operand(op, 0, rank)
            return tuple(strides[axis] for axis in op.permutation)
        if isinstance(op, AddPtrOp | arith.AddiOp | arith.SubiOp):
            sign = -1 if isinstance(op, arith.SubiOp) else 1
            left, right = self._operand(op, 0, rank), self._operand(op, 1, rank)
            return tuple(None if a is None or b is None else a + sign * b for a, b in zip(left, right))
        if isinstance(op, arith.MuliOp):
            for index in (0, 1):
                factor = _splat_constant(op.operands[1 - index])
                if isinstance(factor, int):
                    return tuple(None if s is None else s * factor for s in self._operand(op, index, rank))
        return unknown

    def divisibility(self, value: SSAValue, dim: int | None = None) -> int:
        """The power of two known to divide every element of ``value`` (bytes for
        pointers, elements for integers), or with ``dim`` every element whose coordinate
        along ``dim`` is 0: the first of each run along a contiguous ``dim``.  1 where
        nothing is known."""
        key = (value, dim)
        if key not in self._divisibility:
            self._divisibility[key] = min(UNBOUNDED, self._divides(value, dim))
        return self._divisibility[key]

    def _divides(self, value: SSAValue, dim: int | None) -> int:
        carried = _carried(value)
        if carried is not None:
            init, yielded = carried
            key = (value, dim)
            return self._loop_fixed_point(
                self._divisibility, key, self.divisibility(init, dim), yielded, lambda v: self.divisibility(v, dim), min
            )
        if isinstance(value, BlockArgument):
            loop = value.block.parent_op()
            if isinstance(loop, scf.ForOp) and value.index == 0:  # the induction variable: lb + i * step
                return min(self.divisibility(loop.lb), self.divisibility(loop.step))
            return _argument_divisibility(value)
        op = value.owner
        assert isinstance(op, Operation)
        constant = _splat_constant(value)
        if isinstance(constant, int):
            return _power_of_two_dividing(constant)
        if isinstance(op, MakeRangeOp):
            start, end = op.start.value.data, op.end.value.data
            return _power_of_two_dividing(start) if dim is not None or end - start == 1 else 1
        if isinstance(op, SplatOp | ConvertLayoutOp) or op.name in _CASTS:
            return self.divisibility(op.operands[0], dim if isinstance(op.operands[0].type, TensorType) else None)
        if isinstance(op, ExpandDimsOp):
            axis = op.axis.value.data
            inner = None if dim is None or dim == axis else dim - (dim > axis)
            return self.divisibility(op.operands[0], inner)
        if isinstance(op, BroadcastOp):
            source = op.operands[0].type
            assert isinstance(source, TensorType)
            broadcast_along = dim is not None and source.get_shape()[dim] == 1
            return self.divisibility(op.operands[0], None if broadcast_along else dim)
        if isinstance(op, TransOp):
            return self.divisibility(op.operands[0], None if dim is None else op.permutation[dim])
        if isinstance(op, arith.AddiOp | arith.SubiOp):
            return min(self.divisibility(op.operands[0], dim), self.divisibility(op.operands[1], dim))
        if isinstance(op, arith.MuliOp):
            return self.divisibility(op.operands[0], dim) * self.divisibility(op.operands[1], dim)
        if isinstance(op, AddPtrOp):
            pointee = scalar_type(op.operands[0].type)
            width = bit_width(pointee.pointee) if isinstance(pointee, PointerType) else None
            step = max(1, (width or 8) // 8)
            return min(self.divisibility(op.operands[0], dim), self.divisibility(op.operands[1], dim) * step)
        return 1

    @staticmethod
    def _loop_fixed_point(
        memo: dict[Key, Fact],
        key: Key,
        guess: Fact,
        yielded: SSAValue,
        of: Callable[[SSAValue], Fact],
        meet: Callable[[Fact, Fact], Fact],
    ) -> Fact:
        """A loop-carried value's fact: its init's, met (``meet``) with what the value its
        body yields has when the argument is taken to have it, until they agree (a pointer
        advanced by a splat each trip keeps its strides, and its divisibility down to the
        step's).  Facts found under a guess that did not hold are forgotten."""
        known = set(memo)
        while True:
            memo[key] = guess
            settled = meet(guess, of(yielded))
            if settled == guess:
                return guess
            for stale in set(memo) - known:
                del memo[stale]
            guess = settled

    def _operand_strides(self, value: SSAValue, rank: int) -> tuple[Stride, ...]:
        strides = self.of(value)
        return strides if strides is not None and len(strides) == rank else (None,) * rank

    def _operand(self, op: Operation, index: int, rank: int) -> tuple[Stride, ...]:
        strides = self.of(op.operands[index])
        return strides if strides is not None and len(strides) == rank else (None,) * rank


def _splat_constant(value: SSAValue) -> int | float | None:
    """The value every element of ``value`` has: an ``arith.constant``'s (scalar or splat),
    or a ``tt.splat`` of a scalar ``arith.constant``'s (which Triton's folder makes one),
    else ``None``."""
    op = value.owner
    return constant_value(op.operands[0] if isinstance(op, SplatOp) else value)


def _carried(value: SSAValue) -> tuple[SSAValue, SSAValue] | None:
    """The init and the yielded value of a loop's body argument, or ``None`` for any other value."""
    if not isinstance(value, BlockArgument) or value.index == 0:
        return None
    loop = value.block.parent_op()
    if not isinstance(loop, scf.ForOp) or value.block is not loop.body.block:
        return None
    terminator = loop.body.block.last_op
    assert terminator is not None
    return loop.iter_args[value.index - 1], terminator.operands[value.index - 1]


def _power_of_two_dividing(number: int) -> int:
    """The largest power of two dividing ``number`` (``UNBOUNDED`` for zero)."""
    return UNBOUNDED if number == 0 else number & -number


def _argument_divisibility(argument: BlockArgument) -> int:
    """A function argument's ``tt.divisibility``, else 1."""
    func = argument.block.parent_op()
    arg_attrs = getattr(func, "arg_attrs", None) if isinstance(func, AnyFuncOp) else None
    if arg_attrs is None or argument.index >= len(arg_attrs.data):
        return 1
    found = arg_attrs.data[argument.index].data.get("tt.divisibility")
    return found.value.data if isinstance(found, IntegerAttr) and found.value.data > 0 else 1


def vector_limit(pointers: SSAValue, element_bits: int, strides: Strides | None = None) -> int:
    """The most elements one access of the tensor ``pointers`` can be proven to move: what
    its pointers' divisibility allows along a contiguous dimension, and 1 where no
    dimension is known to be contiguous."""
    strides = strides or Strides()
    found = strides.of(pointers) or ()
    if 1 not in found:
        return 1
    contiguous = [dim for dim, stride in enumerate(found) if stride == 1][-1]
    return max(1, strides.divisibility(pointers, contiguous) * 8 // max(8, element_bits))


def contiguous_dim(pointers: SSAValue, strides: Strides | None = None) -> int:
    """The dimension of the tensor ``pointers`` whose neighbours are adjacent in memory
    (stride 1; the last such): the last dimension, row-major, when none is known to be."""
    found = (strides or Strides()).of(pointers)
    assert isinstance(pointers.type, TensorType)
    rank = len(pointers.type.get_shape())
    ones = [dim for dim, stride in enumerate(found or ()) if stride == 1]
    return ones[-1] if ones else rank - 1
