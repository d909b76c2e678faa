"""Triton's folds of a ``ttg.convert_layout`` into the ``tt`` op that reads it, as xDSL
rewrite patterns registered on that op (see ``layoutdialect.dialect.ttg.canonicalization``
for the conversion's own).  Each lets the op read what the conversion converted where the
op accepts it: a ``gather``'s source and a ``histogram``'s operand in any layout, a
``reshape`` or ``trans`` across a conversion that moves nothing."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import TensorType
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern
from xdsl.rewriter import InsertPoint

from layoutdialect.dialect.semantics import distributed_encoding
from layoutdialect.dialect.tt.data_indexed import GatherOp, HistogramOp
from layoutdialect.dialect.tt.ops import ReshapeOp, TransOp
from layoutdialect.dialect.ttg.canonicalization import conversion_source, is_trivial_conversion, read_past_conversion
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.dialect.ttg.tensors import same_layout, tensor_type, with_encoding
from layoutdialect.encodings.inference import is_expensive_view, trans_encoding

__all__ = [
    "GatherReadsPastConversion",
    "HistogramReadsPastConversion",
    "ReshapeReadsPastConversion",
    "TransposeReadsPastConversion",
]


def _is_expensive_view(src: TensorType, dst: TensorType) -> bool:
    """Triton's ``isExpensiveView`` on two tensor types (``False`` without encodings)."""
    src_encoding, dst_encoding = distributed_encoding(src), distributed_encoding(dst)
    if src_encoding is None or dst_encoding is None:
        return False
    return is_expensive_view(src_encoding, src.get_shape(), dst_encoding, dst.get_shape())


@dataclass
class GatherReadsPastConversion(RewritePattern):
    """Triton's ``CanonicalizeConvertFromGatherSource``: without ``efficient_layout`` a
    gather goes through shared memory, so its source's layout does not matter."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GatherOp, rewriter: PatternRewriter) -> None:
        if op.efficient_layout is None:
            read_past_conversion(op, 0, rewriter)


@dataclass
class HistogramReadsPastConversion(RewritePattern):
    """Triton's ``CanonicalizeConvertFromHistogram``: a histogram counts its operand's
    values in any layout; its mask is converted to the operand's new layout."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: HistogramOp, rewriter: PatternRewriter) -> None:
        cvt = conversion_source(op.src)
        if cvt is None:
            return
        mask = None
        if op.mask is not None:
            source = distributed_encoding(cvt.src.type)
            assert source is not None
            mask = ConvertLayoutOp(op.mask, with_encoding(tensor_type(op.mask), source))
            rewriter.insert(mask, InsertPoint.before(op))
        rewriter.replace(op, HistogramOp(cvt.src, tensor_type(op.result), None if mask is None else mask.result))


@dataclass
class ReshapeReadsPastConversion(RewritePattern):
    """Triton's ``CanonicalizeConvertFromReshape``: a reshape reads past a conversion that
    moves nothing, and with ``allow_reorder`` past any whose operand it views cheaply."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ReshapeOp, rewriter: PatternRewriter) -> None:
        cvt = conversion_source(op.src)
        if cvt is None:
            return
        reorders = op.allow_reorder is not None and not _is_expensive_view(tensor_type(cvt.src), tensor_type(op.result))
        if is_trivial_conversion(cvt) or reorders:
            read_past_conversion(op, 0, rewriter)


@dataclass
class TransposeReadsPastConversion(RewritePattern):
    """Triton's ``CanonicalizeConvertFromTranspose``: the identity permutation is a
    conversion, and a transpose reads past a conversion that moves nothing; where the
    layout it then infers is a different but equal one, a trivial conversion after it
    restores the result's."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: TransOp, rewriter: PatternRewriter) -> None:
        result = tensor_type(op.result)
        if op.permutation == list(range(len(op.permutation))):
            rewriter.replace(op, ConvertLayoutOp(op.src, result))
            return
        cvt = conversion_source(op.src)
        if cvt is None or not is_trivial_conversion(cvt):
            return
        encoding, wanted = distributed_encoding(cvt.src.type), distributed_encoding(result)
        assert encoding is not None and wanted is not None
        inferred = trans_encoding(encoding, tensor_type(cvt.src).get_shape(), op.permutation)
        if same_layout(inferred, wanted, tuple(result.get_shape())):
            rewriter.replace(op, TransOp(cvt.src, op.permutation, result))
            return
        trans = TransOp(cvt.src, op.permutation, with_encoding(result, inferred))
        rewriter.insert(trans, InsertPoint.before(op))
        rewriter.replace(op, ConvertLayoutOp(trans.result, result))
