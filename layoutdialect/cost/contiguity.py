"""Which dimension of a pointer tensor is contiguous in memory: a small form of Triton's
``AxisInfo`` analysis, enough for the cost model's global accesses.

Each integer or pointer tensor gets a *stride* per dimension, in elements: how far apart
two neighbours along it are, or ``None`` where the analysis cannot tell.  Strides start
at ``tt.make_range`` (1), splats and splat constants (0), pass through
``expand_dims``, ``broadcast``, ``trans``, conversions and integer casts, add under
``arith.addi``, ``arith.subi`` and ``tt.addptr``, and scale under ``arith.muli`` by a
splat constant (or a ``tt.splat`` of a scalar constant).  Anything else (a loaded
offset, a loop-carried pointer, a reshape) is unknown.

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

from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr, TensorType
from xdsl.ir import Operation, SSAValue

from layoutdialect.dialect.tt.memory import AddPtrOp
from layoutdialect.dialect.tt.ops import BroadcastOp, ExpandDimsOp, MakeRangeOp, SplatOp, TransOp
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.ir.dense import splat_value

__all__ = ["Strides", "contiguous_dim"]

Stride = int | None
_CASTS = ("arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast", "arith.index_castui")


class Strides:
    """The strides of tensors, each value's found once (a function's pointers share
    their offsets' computations)."""

    def __init__(self) -> None:
        self._found: dict[SSAValue, tuple[Stride, ...] | None] = {}

    def of(self, value: SSAValue) -> tuple[Stride, ...] | None:
        """The stride of each dimension of the tensor ``value``; ``None`` if it is no tensor."""
        if not isinstance(value.type, TensorType):
            return None
        if value not in self._found:
            self._found[value] = self._strides(value, len(value.type.get_shape()))
        return self._found[value]

    def _strides(self, value: SSAValue, rank: int) -> tuple[Stride, ...]:
        unknown: tuple[Stride, ...] = (None,) * rank
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

    def _operand(self, op: Operation, index: int, rank: int) -> tuple[Stride, ...]:
        strides = self.of(op.operands[index])
        return strides if strides is not None and len(strides) == rank else (None,) * rank


def _splat_constant(value: SSAValue) -> int | float | None:
    """The value of a splat ``arith.constant`` tensor, or of a ``tt.splat`` of a scalar
    ``arith.constant`` (which Triton's folder makes one), else ``None``."""
    op = value.owner
    if isinstance(op, SplatOp):
        scalar = op.operands[0].owner
        if isinstance(scalar, arith.ConstantOp) and isinstance(scalar.value, IntegerAttr | FloatAttr):
            return scalar.value.value.data
        return None
    if isinstance(op, arith.ConstantOp) and isinstance(op.value, DenseIntOrFPElementsAttr):
        found = splat_value(op.value)
        return found if isinstance(found, int | float) else None
    return None


def contiguous_dim(pointers: SSAValue, strides: Strides | None = None) -> int:
    """The dimension of the tensor ``pointers`` whose neighbours are adjacent in memory
    (stride 1; the last such): the last dimension, row-major, when none is known to be."""
    found = (strides or Strides()).of(pointers)
    assert isinstance(pointers.type, TensorType)
    rank = len(pointers.type.get_shape())
    ones = [dim for dim, stride in enumerate(found or ()) if stride == 1]
    return ones[-1] if ones else rank - 1
