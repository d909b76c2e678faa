"""Triton's fold of a ``ttg.convert_layout`` into the ``ttng`` op that reads it, as an xDSL
rewrite pattern registered on that op (see ``layoutdialect.dialect.ttg.canonicalization``
for the conversion's own): a ``tmem_store`` stores what the conversion converted where a
TMEM message can move that layout."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from layoutdialect.dialect.ttg.canonicalization import conversion_source
from layoutdialect.dialect.ttg.custom_format import memdesc_type
from layoutdialect.dialect.ttg.tensors import tensor_type
from layoutdialect.dialect.ttng.tensor_memory import TMEMStoreOp, is_tmem_compatible

__all__ = ["TMEMStoreReadsPastConversion"]


@dataclass
class TMEMStoreReadsPastConversion(RewritePattern):
    """Triton's ``CanonicalizeConvertFromTMEMStore``: a TMEM store of a conversion stores
    the conversion's operand instead when that layout is TMEM-compatible with the
    destination (``is_tmem_compatible``); the message then does the reordering."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: TMEMStoreOp, rewriter: PatternRewriter) -> None:
        cvt = conversion_source(op.src)
        if cvt is None or not is_tmem_compatible(op, tensor_type(cvt.src), memdesc_type(op.dst)):
            return
        op.operands = [cvt.src if operand is op.src else operand for operand in op.operands]
        rewriter.notify_op_modified(op)
