"""Triton's folds of ``ttg.convert_layout`` into the ``ttg`` ops around it, as xDSL
rewrite patterns.

Triton registers every conversion fold in ``ConvertLayoutOp::getCanonicalizationPatterns``.
xDSL applies an op's canonicalization patterns when it visits that op, so each pattern is
registered on the op it rewrites: the conversion itself here, the ``tt`` ops that read
past a conversion in ``layoutdialect.dialect.tt.canonicalization``.  Stock
``canonicalize`` thus performs Triton's folds, and ``remove-redundant-conversions``
applies the same patterns (``CONVERSION_FOLDS`` there).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern
from xdsl.rewriter import InsertPoint
from xdsl.traits import is_side_effect_free

from layoutdialect.dialect.semantics import Recreatable, distributed_encoding, semantic_trait
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp, LocalAllocOp, LocalLoadOp, LocalStoreOp
from layoutdialect.dialect.ttg.tensors import same_layout, tensor_type
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.encodings import DotOperandEncoding, NvidiaMmaEncoding

__all__ = [
    "FoldAllocOfLoad",
    "FoldConversionIntoSource",
    "LocalMemoryReadsPastConversion",
    "TypePair",
    "conversion_source",
    "is_identity_conversion",
    "is_trivial_conversion",
    "moves_no_element",
    "read_past_conversion",
    "type_pair",
]


def conversion_source(value: SSAValue) -> ConvertLayoutOp | None:
    """The conversion that produced ``value``, if one did."""
    return value.owner if isinstance(value.owner, ConvertLayoutOp) else None


def type_pair(op: ConvertLayoutOp) -> TypePair:
    """What is known of converting ``op``'s operand type to its result type, remembered
    per pair of type objects (see ``_TypePairs``)."""
    return _TYPE_PAIRS.pair(op.src.type, op.result.type)


def is_identity_conversion(op: ConvertLayoutOp) -> bool:
    """Whether the conversion's result has its operand's type."""
    return type_pair(op).same_type


def is_trivial_conversion(op: ConvertLayoutOp) -> bool:
    """Whether the conversion moves no element: both encodings have equal linear layouts
    (Triton's ``isConvertTrivial``), or the types are equal."""
    return type_pair(op).moves_nothing()


def moves_no_element(src: Attribute, dst: Attribute) -> bool:
    """Whether converting a tensor of type ``src`` to ``dst`` leaves every element on its
    thread and register: equal distributed layouts, or else equal types."""
    src_encoding, dst_encoding = distributed_encoding(src), distributed_encoding(dst)
    if src_encoding is None or dst_encoding is None:
        return src == dst
    assert isinstance(src, TensorType)  # only a tensor type has a distributed encoding
    return same_layout(src_encoding, dst_encoding, tuple(src.get_shape()))


@dataclass
class TypePair:
    """Converting a tensor of type ``src`` to ``dst``: whether the types are equal, and
    ``moves_nothing()``, found when first asked (it builds linear layouts, which the
    equality question never needs)."""

    src: Attribute
    dst: Attribute
    same_type: bool
    _moves_nothing: bool | None = None

    def moves_nothing(self) -> bool:
        """``moves_no_element(src, dst)``."""
        if self._moves_nothing is None:
            self._moves_nothing = moves_no_element(self.src, self.dst)
        return self._moves_nothing


class _TypePairs:
    """A ``TypePair`` per pair of type objects, by identity.

    The folds ask about every conversion on every sweep, and a kernel has few
    distinct types (the parser and ``with_encoding`` share equal ones), where
    comparing or hashing two types costs about as much as the answer.  Each entry
    holds its two types, so their ids stay theirs while it exists; the memo empties
    when it reaches ``MAX_ENTRIES``."""

    MAX_ENTRIES = 4096

    def __init__(self) -> None:
        self._pairs: dict[tuple[int, int], TypePair] = {}

    def pair(self, src: Attribute, dst: Attribute) -> TypePair:
        key = (id(src), id(dst))
        known = self._pairs.get(key)
        if known is None:
            if len(self._pairs) >= self.MAX_ENTRIES:
                self._pairs.clear()
            known = self._pairs[key] = TypePair(src, dst, src == dst)
        return known


_TYPE_PAIRS = _TypePairs()


def read_past_conversion(op: Operation, index: int, rewriter: PatternRewriter) -> bool:
    """Let ``op``'s operand ``index`` be what a conversion of it converted; ``True`` if
    that operand was a conversion's result."""
    cvt = conversion_source(op.operands[index])
    if cvt is None:
        return False
    op.operands = [cvt.src if i == index else o for i, o in enumerate(op.operands)]
    rewriter.notify_op_modified(op)
    return True


@dataclass
class FoldConversionIntoSource(RewritePattern):
    """Triton's ``CanonicalizeConvertFromConvert``: a conversion to its operand's own type
    goes; a conversion of a conversion converts once; a conversion of an op that can be
    built in any layout (``Recreatable``: a ``splat``, a ``make_range``, a splat constant,
    a ``local_load``, a reordering ``reshape``, a legal ``cat``, a ``histogram``) becomes
    that op, built in the conversion's layout.

    With ``mma_to_dot_bailout`` (Triton's behaviour, a heuristic for fused attention) a
    conversion from an NVIDIA MMA layout to a ``dot_op`` one is left alone."""

    mma_to_dot_bailout: bool = True

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ConvertLayoutOp, rewriter: PatternRewriter) -> None:
        if is_identity_conversion(op):
            rewriter.replace(op, [], [op.src])
            return
        src, dst = distributed_encoding(op.src.type), distributed_encoding(op.result.type)
        if self.mma_to_dot_bailout and isinstance(src, NvidiaMmaEncoding) and isinstance(dst, DotOperandEncoding):
            return
        source = op.src.owner
        if isinstance(source, ConvertLayoutOp):
            read_past_conversion(op, 0, rewriter)
            return
        if not isinstance(source, Operation):
            return
        recreatable = semantic_trait(source, Recreatable)
        if recreatable is None:
            return
        if dst is None:
            if not recreatable.holds_anywhere(source):
                return
        elif not recreatable.folds_conversion(source, dst):
            return
        rebuilt = recreatable.rebuild(source, tensor_type(op.result))
        # A memory read is rebuilt where it was: a write may follow it.
        rewriter.insert(rebuilt, InsertPoint.before(op if is_side_effect_free(source) else source))
        rewriter.replace(op, [], rebuilt.results)


@dataclass
class LocalMemoryReadsPastConversion(RewritePattern):
    """Triton's ``CanonicalizeConvertFromAlloc`` and ``CanonicalizeConvertFromLocalStore``:
    shared memory takes a tensor in any layout, so a conversion before it is useless."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if isinstance(op, LocalAllocOp | LocalStoreOp) and op.src is not None:
            read_past_conversion(op, 0, rewriter)


@dataclass
class FoldAllocOfLoad(RewritePattern):
    """Triton's ``LocalAllocOp::fold``: storing what was just loaded from an immutable
    buffer, in the same shared layout, is that buffer."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: LocalAllocOp, rewriter: PatternRewriter) -> None:
        if op.src is None or not isinstance(load := op.src.owner, LocalLoadOp):
            return
        buffer = load.src.type
        if buffer == op.result.type and isinstance(buffer, MemDescType) and not buffer.mutable:
            rewriter.replace(op, [], [load.src])
