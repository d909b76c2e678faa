"""What an op means for layouts, declared once on the op as xDSL traits.

Triton spreads this knowledge over op traits (``SameOperandsAndResultEncoding``,
``Elementwise``), the ``DialectInferLayoutInterface`` and the helper predicates of its
``RemoveLayoutConversions`` pass (``isLayoutAnchor``, ``canUseResultEncoding``,
``canBeRemat``, ``isView``).  Here each op carries them in its ``traits_def``, and the
verifiers, the passes, the simulator and the tools read them from there, so adding an
op means writing it in one file.

How an op relates its layouts (one ``LayoutRule`` per op):

- ``SameLayout``: every tensor operand and result shares one encoding; ``Elementwise``
  adds that each result element is computed from the operand elements at its place;
- ``InferredLayout``: a shape-changing op (``tt.reduce``, ``tt.expand_dims``,
  ``tt.reshape``...) answers through its own ``infer_result_encoding`` and
  ``infer_operand_encoding`` methods (Triton's ``inferDstEncoding``/``inferSrcEncoding``),
  which its verifier uses too.

``forward=False`` on a rule says layouts are inferred through the op backwards only
(a load's result does not take its pointers' layout in Triton's forward propagation).

What ``remove-redundant-conversions`` may do around it:

- ``LayoutAnchor``: forward propagation starts at its results and never retypes them;
- ``Recreatable``: the op can simply be built again producing another layout (a splat,
  a range, a shared-memory load), so a backward slice stops there;
- ``KeepsLayout``: the op may not be cloned into another layout (a dot, an expensive
  load);
- ``ConversionFolds``: Triton's canonicalization patterns that fold a conversion into the
  op (its ``CanonicalizeConvertFrom*``), which stock ``canonicalize`` applies too;
- ``MovesNoData``: each thread computes its results from elements it holds (Triton's
  ``noDataMovement``); ``View`` ops (a reshape, a transpose) and ``Elementwise`` ones
  are such ops.

A trait whose answer depends on the op's attributes or operands (a load is an anchor
only when it reads at least one element per thread) overrides ``holds``.

MLIR's own ``arith`` and ``math`` ops, whose classes xDSL owns, get their traits here:
``semantic_trait`` answers for them as MLIR declares them (``Elementwise`` on tensors; a
splat ``arith.constant`` is ``Recreatable``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import prod
from typing import Protocol, TypeVar, runtime_checkable

from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import RewritePattern
from xdsl.traits import HasCanonicalizationPatternsTrait, OpTrait

from layoutdialect.encodings import DistributedEncoding, EncodingError
from layoutdialect.ir.class_traits import class_trait
from layoutdialect.ir.dense import splat_bytes

__all__ = [
    "AnchorWhenExpensive",
    "AnchorWhenSet",
    "ConversionFolds",
    "Elementwise",
    "InferredLayout",
    "KeepsLayout",
    "KeepsLayoutWhenExpensive",
    "KeepsLayoutWhenSet",
    "LayoutAnchor",
    "LayoutInferring",
    "LayoutRule",
    "MovesNoData",
    "Recreatable",
    "SameLayout",
    "View",
    "distributed_encoding",
    "has_option",
    "is_expensive_memory_access",
    "layout_rule",
    "semantic_trait",
    "with_result_types",
]


def distributed_encoding(type_: Attribute) -> DistributedEncoding | None:
    """The distributed encoding of a tensor type, or ``None``."""
    if isinstance(type_, TensorType):
        data = getattr(type_.encoding, "data", None)
        if isinstance(data, DistributedEncoding):
            return data
    return None


def has_option(op: Operation, name: str) -> bool:
    """Whether the unit option ``name`` (``allow_reorder``, ``efficient_layout``) is set."""
    return name in op.properties or name in op.attributes


def with_result_types(op: Operation, result_types: Sequence[Attribute]) -> Operation:
    """A new op like ``op`` (same operands, properties, attributes, regions) producing
    ``result_types``: how an op whose result layout is free is built in another one."""
    return type(op).create(
        operands=list(op.operands),
        result_types=list(result_types),
        properties=dict(op.properties),
        attributes=dict(op.attributes),
        regions=[region.clone() for region in op.regions],
    )


@dataclass(frozen=True)
class ConversionFolds(HasCanonicalizationPatternsTrait):
    """The op's conversion folds: the ``RewritePattern`` classes ``patterns`` of its
    dialect's ``canonicalization`` module (``module``), imported when first asked for, as
    they build ops of the module that declares this trait."""

    module: str
    patterns: tuple[str, ...]

    def get_patterns(self, op: type[Operation]) -> tuple[RewritePattern, ...]:
        found = importlib.import_module(self.module)
        return tuple(getattr(found, name)() for name in self.patterns)

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        return ()


@runtime_checkable
class LayoutInferring(Protocol):
    """An op that infers its result layout from an operand's, and back."""

    def infer_result_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        """The result encoding when the layout operands have ``encoding`` (Triton's
        ``inferDstEncoding``); ``EncodingError`` when there is none."""
        ...

    def infer_operand_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        """The operand encoding that gives a result in ``encoding`` (``inferSrcEncoding``);
        ``EncodingError`` when there is none."""
        ...


@dataclass(frozen=True)
class LayoutRule(OpTrait):
    """How an op's result layouts follow its operands' (``None``: they do not); with
    ``forward`` false, forward propagation does not pass through the op."""

    forward: bool = True

    def result_encoding(self, op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
        """The results' encoding when the layout operands have ``encoding``."""
        raise NotImplementedError

    def operand_encoding(self, op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
        """The layout operands' encoding that gives results in ``encoding``."""
        raise NotImplementedError

    def layout_operands(self, op: Operation) -> list[SSAValue]:
        """The operands whose layout the rule relates to the results' (every tensor one)."""
        return [o for o in op.operands if isinstance(o.type, TensorType)]


@dataclass(frozen=True)
class SameLayout(LayoutRule):
    """Every tensor operand (or those named in ``operands``) and result has one encoding
    (Triton's ``SameOperandsAndResultEncoding``); with ``only``, layouts flow through
    the op only when they are of that family (``tt.scan`` lowers blocked layouts only)."""

    operands: tuple[str, ...] = ()
    only: type[DistributedEncoding] | None = None

    def result_encoding(self, op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
        return encoding if self.only is None or isinstance(encoding, self.only) else None

    def operand_encoding(self, op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
        return self.result_encoding(op, encoding)

    def layout_operands(self, op: Operation) -> list[SSAValue]:
        if self.operands:
            return [getattr(op, name) for name in self.operands]
        return super().layout_operands(op)


@dataclass(frozen=True)
class MovesNoData(OpTrait):
    """Each thread computes its result elements from operand elements it holds, once the
    layouts are inferred (Triton's ``noDataMovement``)."""


@dataclass(frozen=True)
class Elementwise(SameLayout, MovesNoData):
    """Each result element is computed from the operand elements at its place (Triton's
    ``Elementwise``): one encoding throughout, and no data moves between threads."""


@dataclass(frozen=True)
class InferredLayout(LayoutRule):
    """The op infers its layouts itself (``LayoutInferring``): a shape-changing op."""

    def result_encoding(self, op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
        assert isinstance(op, LayoutInferring)
        return _or_none(op.infer_result_encoding, encoding)

    def operand_encoding(self, op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
        assert isinstance(op, LayoutInferring)
        return _or_none(op.infer_operand_encoding, encoding)


def _or_none(
    infer: Callable[[DistributedEncoding], DistributedEncoding], encoding: DistributedEncoding
) -> DistributedEncoding | None:
    try:
        return infer(encoding)
    except EncodingError:
        return None


@dataclass(frozen=True)
class View(MovesNoData):
    """The op rearranges its operand's elements without moving data between threads
    (Triton's ``isView``)."""


@dataclass(frozen=True)
class LayoutAnchor(OpTrait):
    """Forward layout propagation starts at the op's results (Triton's ``isLayoutAnchor``)."""

    def holds(self, op: Operation) -> bool:
        return True


def is_expensive_memory_access(op: Operation) -> bool:
    """Triton's ``isExpensiveLoadOrStore``: the op's first operand is a tensor of at least
    as many elements as the kernel has threads (more than one), so each thread touches
    its own; a smaller one is shared and cheap."""
    pointer = op.operands[0].type if op.operands else None
    encoding = distributed_encoding(pointer) if pointer is not None else None
    if encoding is None or not isinstance(pointer, TensorType):
        return False
    elements = prod(pointer.get_shape())
    return elements > 1 and elements >= encoding.num_lanes * encoding.num_warps * encoding.num_ctas


@dataclass(frozen=True)
class AnchorWhenExpensive(LayoutAnchor):
    """An anchor when it touches at least one element per thread (``tt.load``, ``tt.store``)."""

    def holds(self, op: Operation) -> bool:
        return is_expensive_memory_access(op)


@dataclass(frozen=True)
class AnchorWhenSet(LayoutAnchor):
    """An anchor when the unit option ``option`` is set (``tt.gather``'s ``efficient_layout``,
    ``tt.reshape``'s ``allow_reorder``)."""

    option: str

    def holds(self, op: Operation) -> bool:
        return has_option(op, self.option)


@dataclass(frozen=True)
class KeepsLayout(OpTrait):
    """The op may not be cloned into another layout (Triton's ``!canBeRemat``)."""

    def holds(self, op: Operation) -> bool:
        return True


@dataclass(frozen=True)
class KeepsLayoutWhenExpensive(KeepsLayout):
    """Kept when it touches at least one element per thread."""

    def holds(self, op: Operation) -> bool:
        return is_expensive_memory_access(op)


@dataclass(frozen=True)
class KeepsLayoutWhenSet(KeepsLayout):
    """Kept when the unit option ``option`` is set."""

    option: str

    def holds(self, op: Operation) -> bool:
        return has_option(op, self.option)


@dataclass(frozen=True)
class Recreatable(OpTrait):
    """The op can be built again producing another layout instead of converting its result
    (Triton's ``canUseResultEncoding``): its operands do not depend on the result's layout.

    ``holds_anywhere`` says the op can be rebuilt in every encoding, those without a linear
    layout too (``#gluon.auto_encoding``): Triton folds a conversion into a ``splat``, a
    ``make_range``, a splat constant, a ``local_load`` or a ``histogram`` whatever its
    target."""

    def holds(self, op: Operation, encoding: DistributedEncoding) -> bool:
        """Whether the op may produce ``encoding``."""
        return True

    def holds_anywhere(self, op: Operation) -> bool:
        """Whether the op may produce every encoding, whatever it is: ``False`` for an op
        whose operands must match the result's layout."""
        return True

    def folds_conversion(self, op: Operation, encoding: DistributedEncoding) -> bool:
        """Whether a conversion of the op's result to ``encoding`` folds into the op
        (Triton's ``CanonicalizeConvertFromConvert``): usually when ``holds``."""
        return self.holds(op, encoding)

    def rebuild(self, op: Operation, result_type: TensorType[Attribute]) -> Operation:
        """The op producing ``result_type`` instead."""
        return with_result_types(op, [result_type])


@dataclass(frozen=True)
class SplatConstantRecreatable(Recreatable):
    """A tensor ``arith.constant`` whose elements share one bit pattern (a NaN splat
    included, which a comparison of values would miss) is built again in any layout."""

    def holds(self, op: Operation, encoding: DistributedEncoding) -> bool:
        return self.holds_anywhere(op)

    def holds_anywhere(self, op: Operation) -> bool:
        if not (isinstance(op, arith.ConstantOp) and isinstance(op.value, DenseIntOrFPElementsAttr)):
            return False
        return splat_bytes(op.value) is not None

    def rebuild(self, op: Operation, result_type: TensorType[Attribute]) -> Operation:
        assert isinstance(op, arith.ConstantOp) and isinstance(op.value, DenseIntOrFPElementsAttr)
        same_bits = DenseIntOrFPElementsAttr(result_type, op.value.data)  # type: ignore[type-var]
        return arith.ConstantOp(same_bits)  # type: ignore[arg-type]


_ELEMENTWISE = Elementwise()
_SPLAT_CONSTANT = SplatConstantRecreatable()

TraitT = TypeVar("TraitT", bound=OpTrait)


@lru_cache(maxsize=4096)
def _standard_trait(op_class: type[Operation], kind: type[OpTrait]) -> OpTrait | None:
    """The layout trait of ``kind`` that MLIR's ``arith`` and ``math`` ops of ``op_class``
    carry when they produce tensors, or ``None``; remembered per class as ``class_trait``."""
    if op_class.name.split(".", 1)[0] not in ("arith", "math"):
        return None
    trait = _SPLAT_CONSTANT if issubclass(op_class, arith.ConstantOp) else _ELEMENTWISE
    return trait if isinstance(trait, kind) else None


def semantic_trait(op: Operation, kind: type[TraitT]) -> TraitT | None:
    """The trait of ``kind`` that ``op`` carries (its class's, or MLIR's for ``arith`` and
    ``math`` ops), or ``None``."""
    found = class_trait(op.__class__, kind)  # type: ignore[arg-type]  # a class is hashable
    if found is not None:
        return found  # type: ignore[return-value]  # get_trait's answer for ``kind``
    standard = _standard_trait(op.__class__, kind)  # type: ignore[arg-type]
    if standard is None or not any(isinstance(result.type, TensorType) for result in op.results):
        return None
    return standard  # type: ignore[return-value]  # an instance of ``kind``


def layout_rule(op: Operation) -> LayoutRule | None:
    """The ``LayoutRule`` ``op`` follows, if any."""
    return semantic_trait(op, LayoutRule)
