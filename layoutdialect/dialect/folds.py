"""The fold hooks of the ops of TTGIR: what MLIR's greedy pattern driver replaces an op by
when every pattern of a pass is applied (each op's ``fold``), as in Triton's passes.

Triton's ``remove-layout-conversions`` applies its patterns with MLIR's
``applyPatternsGreedily``, which also *folds* every op it visits: an op whose result is
already known becomes that value (``tt.addptr %p, %zeros`` is ``%p``) or a constant
(``tt.splat`` of a constant is a ``dense<>`` constant).  ``fold(op)`` answers as such a
hook does, for the ops and cases below, each as Triton 3.9's (``tt``, ``ttg``) or MLIR's
(``arith``) ``fold`` method:

- ``tt.addptr`` by zero; ``tt.splat`` of a scalar constant; ``tt.make_range`` of one
  element; ``tt.expand_dims``, ``tt.reshape``, ``tt.broadcast``, ``tt.trans`` of a splat
  constant, and the last three where they change nothing; ``tt.fp_to_fp`` of a signed
  zero, or to its own type; ``tt.bitcast`` and ``ttg.memdesc_reinterpret`` to their own
  type; ``ttg.memdesc_trans`` by the identity order;
- ``arith``'s integer and float identities (``x + 0``, ``x * 1``, ``x * 0``, ``x - x``,
  ``x & x``, ``x ^ x``, ``x + -0.0``, ``x / 1.0``, ...), its binary ops, casts and
  integer comparisons of splat constants, comparisons of a value with itself, and
  ``arith.select`` of a constant condition, of one value twice, or of ``true`` and ``false`` (a scalar ``i1``).

A fold that would need an exact rounding this module does not model (``bf16``, the
``f8`` types, an inexact ``truncf``) is not made: leaving an op unfolded is always
correct, folding it differently from MLIR never is.  ``FoldOp`` is the rewrite pattern,
which materialises a folded constant as an ``arith.constant`` before the op.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    TensorType,
)
from xdsl.ir import Attribute, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from layoutdialect.dialect.ttg.tensors import scalar_type
from layoutdialect.dialect.upstream.arith.ops import ComparisonOp
from layoutdialect.ir.dense import splat, splat_bytes, splat_value

__all__ = [
    "FOLDABLE_OPS",
    "FoldOp",
    "as_signed",
    "as_unsigned",
    "constant_value",
    "fold",
    "folded_replacement",
    "integer_width",
]

Scalar = int | float
Folded = SSAValue | Attribute
"""What a fold gives for the op's one result: a value it already has, or a constant."""
Compute = Callable[[Scalar, Scalar, Attribute], Scalar | None]
"""A binary op on two constants of an element type; ``None`` where it is not folded."""


def constant_value(value: SSAValue) -> Scalar | None:
    """The value every element of ``value`` has when an ``arith.constant`` makes it (a
    scalar, or a splat ``dense<>``), else ``None``: MLIR's ``m_Constant``."""
    if not isinstance(value, OpResult) or not isinstance(value.op, arith.ConstantOp):
        return None
    attribute = value.op.value
    if isinstance(attribute, IntegerAttr | FloatAttr):
        return attribute.value.data
    if isinstance(attribute, DenseIntOrFPElementsAttr):
        found = splat_value(attribute)
        return found if isinstance(found, int | float) else None
    return None


def _splat_constant_attribute(value: SSAValue) -> DenseIntOrFPElementsAttr | None:
    """The splat ``dense<>`` literal that makes ``value``, else ``None``."""
    if not isinstance(value, OpResult) or not isinstance(value.op, arith.ConstantOp):
        return None
    attribute = value.op.value
    if isinstance(attribute, DenseIntOrFPElementsAttr) and splat_bytes(attribute) is not None:
        return attribute
    return None


def integer_width(type_: Attribute) -> int | None:
    """The bits of an integer or ``index`` (64) type, ``None`` for any other type."""
    if isinstance(type_, IntegerType):
        return int(type_.width.data)
    if isinstance(type_, IndexType):
        return 64
    return None


def as_signed(value: int, type_: Attribute) -> int:
    """``value`` modulo the width of the integer type ``type_``, read signed (an ``i1``
    whose bit is set is -1)."""
    width = integer_width(type_)
    assert width is not None
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def as_unsigned(value: int, type_: Attribute) -> int:
    """``value`` modulo the width of the integer type ``type_``, read unsigned."""
    width = integer_width(type_)
    assert width is not None
    return value & ((1 << width) - 1)


_NUMPY_FLOATS: dict[type[Attribute], type[np.floating]] = {
    Float16Type: np.float16,
    Float32Type: np.float32,
    Float64Type: np.float64,
}
"""The float types whose IEEE arithmetic numpy rounds as MLIR's ``APFloat`` does."""


def _numpy_float(element: Attribute) -> type[np.floating] | None:
    return _NUMPY_FLOATS.get(type(element))


def _make(type_: Attribute, value: Scalar) -> Attribute | None:
    """The constant of ``type_`` (a scalar, or a tensor splat) whose elements are ``value``."""
    element = scalar_type(type_)
    if isinstance(element, IntegerType | IndexType):
        assert isinstance(value, int)
        stored = as_unsigned(value, element) if integer_width(element) == 1 else as_signed(value, element)
        scalar: IntegerAttr | FloatAttr = IntegerAttr(stored, element)
        bits = element.pack([stored]) if isinstance(element, IntegerType) else None
    elif isinstance(element, AnyFloat):
        scalar = FloatAttr(float(value), element)
        bits = element.pack([float(value)])
    else:
        return None
    if isinstance(type_, TensorType):
        if bits is None:
            return None
        return splat(type_, bits)
    return scalar


# -- tt and ttg -------------------------------------------------------------------


def _addptr(op: Operation) -> Folded | None:
    return op.operands[0] if constant_value(op.operands[1]) == 0 else None


def _splat(op: Operation) -> Folded | None:
    source = op.operands[0]
    if isinstance(source.type, TensorType):
        return None
    value = constant_value(source)
    return None if value is None else _make(op.results[0].type, value)


def _make_range(op: Operation) -> Folded | None:
    start, end = (op.properties[name] for name in ("start", "end"))
    assert isinstance(start, IntegerAttr) and isinstance(end, IntegerAttr)
    return _make(op.results[0].type, start.value.data) if start.value.data + 1 == end.value.data else None


def _resized_splat(op: Operation) -> Folded | None:
    """A view of a splat constant is that splat in the view's type (``resizeSplat``)."""
    attribute = _splat_constant_attribute(op.operands[0])
    if attribute is None:
        return None
    element = splat_bytes(attribute)
    assert element is not None
    result = op.results[0].type
    assert isinstance(result, TensorType)
    return splat(result, element)


def _view_or_splat(unchanged: Callable[[Operation], bool]) -> Callable[[Operation], Folded | None]:
    """A view's fold: its source where ``unchanged(op)``, else a splat constant resized."""

    def hook(op: Operation) -> Folded | None:
        if unchanged(op):
            return op.operands[0]
        return _resized_splat(op)

    return hook


def _same_type(op: Operation) -> bool:
    return op.operands[0].type == op.results[0].type


def _reshape_unchanged(op: Operation) -> bool:
    return _same_type(op) and "allow_reorder" not in op.properties


def _identity_order(op: Operation) -> bool:
    order = op.properties.get("order")
    values = getattr(order, "get_values", lambda: None)()
    return values is not None and list(values) == list(range(len(values)))


def _fp_to_fp(op: Operation) -> Folded | None:
    source = op.operands[0]
    if _same_type(op):
        return source
    value = constant_value(source)
    if value != 0.0 or not isinstance(value, float):
        return None
    return _make(op.results[0].type, math.copysign(0.0, value))


def _own_type(op: Operation) -> Folded | None:
    return op.operands[0] if _same_type(op) else None


def _memdesc_trans(op: Operation) -> Folded | None:
    return op.operands[0] if _identity_order(op) else None


# -- arith ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Binary:
    """An ``arith`` binary op's fold: its identities, then its constants computed.

    ``right_identity``: the constant ``c`` for which ``x op c`` is ``x``; ``absorbing``:
    the one for which it is ``c``; ``self_value``: ``x op x`` as ``x`` (``"x"``) or a
    constant; ``compute``: the op on two constants of the element type (``None``: not
    folded)."""

    commutative: bool
    right_identity: Scalar | str | None = None
    absorbing: Scalar | str | None = None
    self_value: Scalar | str | None = None
    compute: Compute | None = None

    def __call__(self, op: Operation) -> Folded | None:
        left, right = op.operands
        element = scalar_type(op.results[0].type)
        left_value, right_value = constant_value(left), constant_value(right)
        if left_value is not None and right_value is not None and self.compute is not None:
            computed = self.compute(left_value, right_value, element)
            if computed is not None:
                return _make(op.results[0].type, computed)
        sides = [(left, right, right_value)]
        if self.commutative:
            sides.append((right, left, left_value))
        for kept, other, other_value in sides:
            if other_value is None:
                continue
            if _matches(other_value, self.right_identity, element):
                return kept
            if _matches(other_value, self.absorbing, element):
                return other
        if left is right and self.self_value == "x":
            return left
        if left is right and isinstance(self.self_value, int | float):
            return _make(op.results[0].type, self.self_value)
        return None


def _matches(value: Scalar, wanted: Scalar | str | None, element: Attribute) -> bool:
    """Whether ``value`` is ``wanted``: a number, ``"ones"`` (every bit set), or ``"-0.0"``."""
    if wanted is None:
        return False
    if wanted == "ones":
        return isinstance(value, int) and as_unsigned(value, element) == as_unsigned(-1, element)
    if wanted == "-0.0":
        return isinstance(value, float) and value == 0.0 and math.copysign(1.0, value) < 0
    if isinstance(wanted, float):
        return isinstance(value, float) and value == wanted and math.copysign(1.0, value) == math.copysign(1.0, wanted)
    return value == wanted


def _integer(function: Callable[[int, int], int]) -> Compute:
    def compute(a: Scalar, b: Scalar, element: Attribute) -> Scalar | None:
        if not isinstance(a, int) or not isinstance(b, int) or integer_width(element) is None:
            return None
        return as_signed(function(a, b), element)

    return compute


def _shift(kind: str) -> Compute:
    def compute(a: Scalar, b: Scalar, element: Attribute) -> Scalar | None:
        width = integer_width(element)
        if not isinstance(a, int) or not isinstance(b, int) or width is None:
            return None
        amount = as_unsigned(b, element)
        if amount >= width:
            return None  # poison in MLIR, not folded
        if kind == "left":
            return as_signed(a << amount, element)
        if kind == "logical":
            return as_signed(as_unsigned(a, element) >> amount, element)
        return as_signed(as_signed(a, element) >> amount, element)

    return compute


def _float(
    function: Callable[[np.floating, np.floating], np.floating],
) -> Compute:
    def compute(a: Scalar, b: Scalar, element: Attribute) -> Scalar | None:
        kind = _numpy_float(element)
        if kind is None or not isinstance(a, float) or not isinstance(b, float):
            return None
        with np.errstate(all="ignore"):
            return float(function(kind(a), kind(b)))

    return compute


def _min_max(pick: Callable[[int, int], int], unsigned: bool) -> Compute:
    def compute(a: Scalar, b: Scalar, element: Attribute) -> Scalar | None:
        if not isinstance(a, int) or not isinstance(b, int) or integer_width(element) is None:
            return None
        if unsigned:
            return as_signed(pick(as_unsigned(a, element), as_unsigned(b, element)), element)
        return pick(as_signed(a, element), as_signed(b, element))

    return compute


_BINARY: dict[str, _Binary] = {
    "arith.addi": _Binary(True, right_identity=0, compute=_integer(operator.add)),
    "arith.subi": _Binary(False, right_identity=0, self_value=0, compute=_integer(operator.sub)),
    "arith.muli": _Binary(True, right_identity=1, absorbing=0, compute=_integer(operator.mul)),
    "arith.andi": _Binary(True, right_identity="ones", absorbing=0, self_value="x", compute=_integer(operator.and_)),
    "arith.ori": _Binary(True, right_identity=0, absorbing="ones", self_value="x", compute=_integer(operator.or_)),
    "arith.xori": _Binary(True, right_identity=0, self_value=0, compute=_integer(operator.xor)),
    "arith.shli": _Binary(False, right_identity=0, compute=_shift("left")),
    "arith.shrui": _Binary(False, right_identity=0, compute=_shift("logical")),
    "arith.shrsi": _Binary(False, right_identity=0, compute=_shift("arithmetic")),
    "arith.divsi": _Binary(False, right_identity=1),
    "arith.divui": _Binary(False, right_identity=1),
    "arith.maxsi": _Binary(True, self_value="x", compute=_min_max(max, unsigned=False)),
    "arith.minsi": _Binary(True, self_value="x", compute=_min_max(min, unsigned=False)),
    "arith.maxui": _Binary(True, self_value="x", compute=_min_max(max, unsigned=True)),
    "arith.minui": _Binary(True, self_value="x", compute=_min_max(min, unsigned=True)),
    "arith.addf": _Binary(True, right_identity="-0.0", compute=_float(operator.add)),
    "arith.subf": _Binary(False, right_identity=0.0, compute=_float(operator.sub)),
    "arith.mulf": _Binary(True, right_identity=1.0, compute=_float(operator.mul)),
    "arith.divf": _Binary(False, right_identity=1.0, compute=_float(operator.truediv)),
    "arith.maxnumf": _Binary(True, self_value="x"),
    "arith.minnumf": _Binary(True, self_value="x"),
    "arith.maximumf": _Binary(True, self_value="x"),
    "arith.minimumf": _Binary(True, self_value="x"),
}
"""Each folded ``arith`` binary op, by name."""


def _cast(op: Operation) -> Folded | None:
    """A cast of a constant, where the result is exact (``truncf`` only when lossless)."""
    value = constant_value(op.operands[0])
    if value is None:
        return None
    source, target = scalar_type(op.operands[0].type), scalar_type(op.results[0].type)
    name = op.name
    result: Scalar | None = None
    if name in ("arith.extsi", "arith.trunci", "arith.index_cast") and isinstance(value, int):
        result = as_signed(as_signed(value, source), target)
    elif name == "arith.extui" and isinstance(value, int):
        result = as_signed(as_unsigned(value, source), target)
    elif name in ("arith.sitofp", "arith.uitofp") and isinstance(value, int):
        kind = _numpy_float(target)
        number = as_unsigned(value, source) if name == "arith.uitofp" else as_signed(value, source)
        exact_in_double = abs(number) <= 1 << 53  # numpy rounds through a double
        result = None if kind is None or not exact_in_double else float(kind(number))
    elif name in ("arith.extf", "arith.truncf") and isinstance(value, float):
        kind = _numpy_float(target)
        if kind is not None and _numpy_float(source) is not None:
            converted = float(kind(value))
            exact = converted == value or (math.isnan(converted) and math.isnan(value))
            result = converted if exact else None
    return None if result is None else _make(op.results[0].type, result)


_CMPI: dict[str, tuple[Callable[[int, int], bool], bool]] = {
    "eq": (operator.eq, False),
    "ne": (operator.ne, False),
    "slt": (operator.lt, False),
    "sle": (operator.le, False),
    "sgt": (operator.gt, False),
    "sge": (operator.ge, False),
    "ult": (operator.lt, True),
    "ule": (operator.le, True),
    "ugt": (operator.gt, True),
    "uge": (operator.ge, True),
}
"""Each ``arith.cmpi`` predicate: the comparison, and whether it reads values unsigned."""


def _cmpi(op: Operation) -> Folded | None:
    if not isinstance(op, ComparisonOp):
        return None
    compare, unsigned = _CMPI[op.predicate_name]
    left, right = op.operands
    if left is right:
        return _make(op.results[0].type, int(compare(0, 0)))
    a, b = constant_value(left), constant_value(right)
    if not isinstance(a, int) or not isinstance(b, int):
        return None
    element = scalar_type(left.type)
    read = as_unsigned if unsigned else as_signed
    return _make(op.results[0].type, int(compare(read(a, element), read(b, element))))


def _select(op: Operation) -> Folded | None:
    condition, when_true, when_false = op.operands
    if when_true is when_false:
        return when_true
    value = constant_value(condition)
    if value is not None:
        return when_true if value else when_false
    chosen = (constant_value(when_true), constant_value(when_false))
    if (
        isinstance(op.results[0].type, IntegerType)
        and condition.type == op.results[0].type
        and chosen in ((1, 0), (-1, 0))
    ):
        return condition  # select %c, true, false, on an i1 (MLIR leaves tensors of i1)
    return None


_TRITON_HOOKS: dict[str, Callable[[Operation], Folded | None]] = {
    "tt.addptr": _addptr,
    "tt.splat": _splat,
    "tt.make_range": _make_range,
    "tt.expand_dims": _view_or_splat(lambda op: False),
    "tt.reshape": _view_or_splat(_reshape_unchanged),
    "tt.broadcast": _view_or_splat(_same_type),
    "tt.trans": _view_or_splat(lambda op: _identity_order(op) and _same_type(op)),
    "tt.fp_to_fp": _fp_to_fp,
    "tt.bitcast": _own_type,
    "ttg.memdesc_reinterpret": _own_type,
    "ttg.memdesc_trans": _memdesc_trans,
}

_CASTS = ("extsi", "extui", "trunci", "index_cast", "sitofp", "uitofp", "extf", "truncf")

HOOKS: dict[str, Callable[[Operation], Folded | None]] = {
    **_TRITON_HOOKS,
    **_BINARY,
    **{f"arith.{name}": _cast for name in _CASTS},
    "arith.cmpi": _cmpi,
    "arith.select": _select,
}
"""Every fold hook, by op name."""

FOLDABLE_OPS: frozenset[str] = frozenset(HOOKS)
"""The names of the ops ``fold`` may fold; no other op folds."""


def fold(op: Operation) -> Folded | None:
    """What ``op`` (of one result) folds to: one of its operands, or the constant its
    result is; ``None`` when it does not fold.

    >>> from layoutdialect import make_context, parse_module
    >>> module = parse_module('''
    ... tt.func @f(%x: i32) -> i32 {
    ...   %zero = arith.constant 0 : i32
    ...   %y = arith.addi %zero, %x : i32
    ...   tt.return %y : i32
    ... }''', "f.mlir", make_context())
    >>> add = [op for op in module.walk() if op.name == "arith.addi"][0]
    >>> fold(add) is add.operands[1]
    True
    """
    hook = HOOKS.get(op.name)
    if hook is None or len(op.results) != 1:
        return None
    return hook(op)


def folded_replacement(op: Operation) -> tuple[list[Operation], SSAValue] | None:
    """What replaces ``op`` where it folds: no new op and the value it folds to, or the
    ``arith.constant`` of the folded constant and its result; ``None`` where it does not
    fold (or folds to a value of another type)."""
    if op.name not in FOLDABLE_OPS:
        return None
    folded = fold(op)
    result = op.results[0] if op.results else None
    if folded is None or result is None:
        return None
    if isinstance(folded, SSAValue):
        return None if folded.type != result.type else ([], folded)
    constant = arith.ConstantOp(folded, result.type)  # type: ignore[arg-type]
    constant.result.name_hint = result.name_hint
    return [constant], constant.result


class FoldOp(RewritePattern):
    """Replace an op by what it folds to (``folded_replacement``), a folded constant built
    as an ``arith.constant`` right before it."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if (found := folded_replacement(op)) is not None:
            new_ops, value = found
            rewriter.replace(op, new_ops, [value])
