"""How each op relates its tensors' layouts, as Triton's remove-layout-conversions sees it:
which ops pass a layout through, which pin one, and which can be re-created in any.  The
ops declare this themselves (``layoutdialect.dialect.semantics``); this module asks them,
and adds what only the pass needs: conversions' own rules and the cost model's sizes."""

from __future__ import annotations

from math import prod

from xdsl.dialects import scf
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.traits import Pure, is_side_effect_free

from layoutdialect.dialect.semantics import (
    Elementwise,
    KeepsLayout,
    LayoutAnchor,
    MovesNoData,
    Recreatable,
    layout_rule,
    semantic_trait,
)
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.dialect.ttg.tensors import distributed_encoding, with_encoding
from layoutdialect.encodings import AmdMfmaEncoding, AmdWmmaEncoding, DistributedEncoding, NvidiaMmaEncoding

__all__ = [
    "ARITH_EXTENSIONS",
    "EXPENSIVE_MATH",
    "byte_count",
    "can_be_rematerialised",
    "element_bits",
    "infer_result_encoding",
    "infer_source_encoding",
    "is_layout_anchor",
    "is_mma",
    "is_pure",
    "layout_operands",
    "moves_no_data",
    "propagates_forward",
    "recreatable_in",
    "scalar_bits",
    "shape_of",
    "tensor_encoding",
    "with_encoding",
]

MMA_ENCODINGS = (NvidiaMmaEncoding, AmdMfmaEncoding, AmdWmmaEncoding)

EXPENSIVE_MATH = frozenset(
    {
        "arith.divf", "math.erf", "math.erfc", "math.sinh", "math.cosh", "math.tanh", "math.asinh", "math.acosh",
        "math.atanh", "math.ctpop", "math.ctlz", "math.cttz", "math.exp", "math.exp2", "math.expm1", "math.log",
        "math.log2", "math.log10", "math.log1p", "math.sin", "math.cos", "math.tan", "math.asin", "math.acos",
        "math.atan", "math.atan2", "math.powf", "math.sqrt", "math.rsqrt", "math.cbrt",
    }
)  # fmt: skip
"""Ops Triton's cost model weighs ×8: they use the special function unit or many instructions."""

ARITH_EXTENSIONS = frozenset({"arith.extsi", "arith.extui", "arith.extf"})
"""Casts whose result element is wider than their operand's."""


def tensor_encoding(value: SSAValue) -> DistributedEncoding | None:
    return distributed_encoding(value.type)


def shape_of(value: SSAValue) -> tuple[int, ...]:
    assert isinstance(value.type, TensorType)
    return tuple(value.type.get_shape())


def element_bits(value: SSAValue) -> int:
    """Bits per element of a tensor value; pointers are 64-bit."""
    assert isinstance(value.type, TensorType)
    return scalar_bits(value.type.element_type)


def scalar_bits(element: Attribute) -> int:
    """Bits of one element of type ``element``; pointers are 64-bit, and a type without a
    width counts as 32."""
    width = bit_width(element)
    return 32 if width is None else width


def byte_count(value: SSAValue, min_elements: int = 0, min_bits: int = 0) -> int:
    """Triton's ``getByteCount``: elements times bits per element, each at least the given minimum."""
    return max(prod(shape_of(value)), min_elements) * max(element_bits(value), min_bits) // 8


def is_layout_anchor(op: Operation) -> bool:
    """Triton's ``isLayoutAnchor``: forward propagation starts at the op's results."""
    anchor = semantic_trait(op, LayoutAnchor)
    return anchor is not None and anchor.holds(op)


def can_be_rematerialised(op: Operation) -> bool:
    """Triton's ``canBeRemat``: the op may be cloned into another layout."""
    keeps = semantic_trait(op, KeepsLayout)
    return not (keeps is not None and keeps.holds(op)) and not isinstance(op, scf.WhileOp | scf.ConditionOp)


def recreatable_in(op: Operation, target: DistributedEncoding) -> Recreatable | None:
    """Triton's ``canUseResultEncoding``: how ``op`` is built again producing ``target``
    (``None``: it must be recomputed from operands in another layout)."""
    recreatable = semantic_trait(op, Recreatable)
    return recreatable if recreatable is not None and recreatable.holds(op, target) else None


def moves_no_data(op: Operation) -> bool:
    """Triton's ``noDataMovement``: each thread computes its results from its own operand
    elements (side-effect-free elementwise ops, broadcasts, fp4 unpacking, views,
    conversions)."""
    if isinstance(op, ConvertLayoutOp):
        return True
    if semantic_trait(op, MovesNoData) is None:
        return False
    return semantic_trait(op, Elementwise) is None or is_pure(op) or is_side_effect_free(op)


def propagates_forward(op: Operation, operand: SSAValue) -> bool:
    """Whether forward propagation carries ``operand``'s layout to ``op``'s results (a
    gather's result follows its indices, not its source)."""
    if isinstance(op, ConvertLayoutOp):
        return True
    rule = layout_rule(op)
    return rule is not None and rule.forward and operand in rule.layout_operands(op)


def layout_operands(op: Operation) -> list[SSAValue]:
    """The tensor operands whose layout follows the result's (a gather's indices only)."""
    rule = layout_rule(op)
    if rule is None:
        return [o for o in op.operands if isinstance(o.type, TensorType)]
    return rule.layout_operands(op)


def is_pure(op: Operation) -> bool:
    return op.has_trait(Pure, value_if_unregistered=False) and all(
        is_pure(inner) for region in op.regions for inner in region.walk()
    )


def infer_result_encoding(op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
    """Triton's ``inferDstEncoding``: the result layout of ``op`` when its layout operands
    have ``encoding`` (a conversion's result may take its operand's)."""
    if isinstance(op, ConvertLayoutOp):
        return encoding
    rule = layout_rule(op)
    return None if rule is None else rule.result_encoding(op, encoding)


def infer_source_encoding(op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
    """Triton's ``inferSrcEncoding``: the layout ``op``'s layout operands need for its
    results to come out in ``encoding``."""
    if isinstance(op, ConvertLayoutOp):
        return encoding
    rule = layout_rule(op)
    return None if rule is None else rule.operand_encoding(op, encoding)


def is_mma(encoding: DistributedEncoding) -> bool:
    return isinstance(encoding, MMA_ENCODINGS)
