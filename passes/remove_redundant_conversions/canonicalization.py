"""The ``ttg.convert_layout`` folds Triton applies greedily (spec §5.1), plus one of
ours: a conversion between two encodings with equal linear layouts moves nothing.

A conversion folds into whatever produced its operand when that op can be
re-created in the target layout (``splat``, ``make_range``, a splat constant,
``local_load``, a reordering ``reshape``, a ``histogram``), two conversions in a
row become one, and ops that accept any layout (``local_alloc``, ``local_store``,
``reshape``, ``trans`` across an equal layout, a ``gather``'s source unless its
layout is pinned, a ``histogram``'s operand) read past a conversion.  Storing what was just
loaded from an immutable buffer, in the same shared layout, is that buffer.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import scf
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.semantics import Recreatable, semantic_trait
from layoutdialect.dialect.tt.data_indexed import GatherOp, HistogramOp
from layoutdialect.dialect.tt.debug import AssertOp
from layoutdialect.dialect.tt.func import ReturnOp
from layoutdialect.dialect.tt.ops import ReshapeOp, TransOp
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp, LocalAllocOp, LocalLoadOp, LocalStoreOp
from layoutdialect.dialect.ttg.tensors import same_layout
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.encodings import DotOperandEncoding, NvidiaMmaEncoding
from layoutdialect.encodings.inference import trans_encoding
from layoutdialect.passes.remove_redundant_conversions.op_roles import (
    is_expensive_view,
    is_pure,
    shape_of,
    tensor_encoding,
    with_encoding,
)

__all__ = ["canonicalize_conversions", "is_trivial_conversion"]


def is_trivial_conversion(op: ConvertLayoutOp) -> bool:
    """Whether the conversion moves no element: both encodings have equal linear layouts."""
    src, dst = tensor_encoding(op.src), tensor_encoding(op.result)
    if src is None or dst is None:
        return op.src.type == op.result.type
    return same_layout(src, dst, shape_of(op.src))


def _replace(op: Operation, new: Operation) -> None:
    """Insert ``new`` before ``op`` and let it take ``op``'s place."""
    Rewriter.insert_op(new, InsertPoint.before(op))
    Rewriter.replace_op(op, [], new.results)


def _fold_conversion(op: ConvertLayoutOp, mma_to_dot_bailout: bool) -> bool:
    """Triton's ``CanonicalizeConvertFromConvert``; ``True`` if the IR changed."""
    if op.src.type == op.result.type:
        Rewriter.replace_op(op, [], [op.src])
        return True
    src, dst = tensor_encoding(op.src), tensor_encoding(op.result)
    if mma_to_dot_bailout and isinstance(src, NvidiaMmaEncoding) and isinstance(dst, DotOperandEncoding):
        return False
    source = op.src.owner
    result_type = op.result.type
    assert isinstance(result_type, TensorType)
    if isinstance(source, ConvertLayoutOp):
        op.operands = [source.src]
        return True
    if isinstance(source, Operation) and dst is not None:
        recreatable = semantic_trait(source, Recreatable)
        if recreatable is not None and recreatable.folds_conversion(source, dst):
            rebuilt = recreatable.rebuild(source, result_type)
            # A memory read is rebuilt where it was: a write may follow it.
            Rewriter.insert_op(rebuilt, InsertPoint.before(op if is_pure(source) else source))
            Rewriter.replace_op(op, [], rebuilt.results)
            return True
    return False


def _conversion_source(value: SSAValue) -> ConvertLayoutOp | None:
    return value.owner if isinstance(value.owner, ConvertLayoutOp) else None


def _fold_into_user(op: Operation) -> bool:
    """Let ``op`` read past a conversion of its operand when it accepts any layout there."""
    if isinstance(op, LocalAllocOp | LocalStoreOp) and op.src is not None and (cvt := _conversion_source(op.src)):
        op.operands = [cvt.src, *op.operands[1:]]
        return True
    if isinstance(op, AssertOp) and (cvt := _conversion_source(op.condition)):
        op.operands = [cvt.src]
        return True
    if isinstance(op, LocalAllocOp) and op.src is not None and isinstance(load := op.src.owner, LocalLoadOp):
        buffer = load.src.type
        if buffer == op.result.type and isinstance(buffer, MemDescType) and not buffer.mutable:
            Rewriter.replace_op(op, [], [load.src])
            return True
    if isinstance(op, GatherOp) and op.efficient_layout is None and (cvt := _conversion_source(op.src)):
        op.operands = [cvt.src, op.indices]
        return True
    if isinstance(op, HistogramOp) and (cvt := _conversion_source(op.src)):
        mask = None
        if op.mask is not None:
            source = tensor_encoding(cvt.src)
            assert source is not None
            mask = ConvertLayoutOp(op.mask, with_encoding(op.mask.type, source))
            Rewriter.insert_op(mask, InsertPoint.before(op))
        _replace(op, HistogramOp(cvt.src, op.result.type, None if mask is None else mask.result))
        return True
    if isinstance(op, ReshapeOp) and (cvt := _conversion_source(op.src)):
        source_type = cvt.src.type
        assert isinstance(source_type, TensorType)
        reorders = op.allow_reorder is not None and not is_expensive_view(source_type, op.result.type)
        if is_trivial_conversion(cvt) or reorders:
            op.operands = [cvt.src]
            return True
    if isinstance(op, TransOp):
        if op.permutation == list(range(len(op.permutation))):
            _replace(op, ConvertLayoutOp(op.src, op.result.type))
            return True
        if (cvt := _conversion_source(op.src)) and is_trivial_conversion(cvt):
            encoding, wanted = tensor_encoding(cvt.src), tensor_encoding(op.result)
            assert encoding is not None and wanted is not None
            inferred = trans_encoding(encoding, shape_of(cvt.src), op.permutation)
            if same_layout(inferred, wanted, shape_of(op.result)):
                _replace(op, TransOp(cvt.src, op.permutation, op.result.type))
                return True
            trans = TransOp(cvt.src, op.permutation, with_encoding(op.result.type, inferred))
            Rewriter.insert_op(trans, InsertPoint.before(op))
            _replace(op, ConvertLayoutOp(trans.result, op.result.type))
            return True
    return False


_FIXED_OPERAND_TYPES = (scf.YieldOp, scf.ForOp, scf.WhileOp, scf.ConditionOp, ReturnOp)
"""Users whose operand types are tied to types elsewhere (results, signatures)."""


def _bypass_equal_layout(op: ConvertLayoutOp) -> bool:
    """Point every user that stays valid at the conversion's operand; ``True`` if any did.
    A user reading several such conversions of one type (``tt.join %a, %b``, whose operands
    must agree) reads past all of them at once."""
    if not is_trivial_conversion(op) or op.src.type == op.result.type:
        return False
    changed = False
    for user in {use.operation: None for use in op.result.uses}:
        if isinstance(user, _FIXED_OPERAND_TYPES):
            continue
        original = list(user.operands)
        user.operands = [_past_twin_conversion(operand, op) for operand in original]
        try:
            user.verify(verify_nested_ops=False)
            changed = True
        except VerifyException:
            user.operands = original
    return changed


def _past_twin_conversion(value: SSAValue, conversion: ConvertLayoutOp) -> SSAValue:
    """The operand of ``value``'s conversion when it converts like ``conversion``, else ``value``."""
    twin = value.owner
    if (
        isinstance(twin, ConvertLayoutOp)
        and twin.src.type == conversion.src.type
        and twin.result.type == conversion.result.type
    ):
        return twin.src
    return value


def canonicalize_conversions(root: Operation, mma_to_dot_bailout: bool = True, equal_layouts: bool = True) -> None:
    """Apply the folds under ``root`` until none applies, and erase pure ops left unused."""
    rules: list[Callable[[Operation], bool]] = [
        lambda op: isinstance(op, ConvertLayoutOp) and _fold_conversion(op, mma_to_dot_bailout),
        _fold_into_user,
    ]
    if equal_layouts:
        rules.append(lambda op: isinstance(op, ConvertLayoutOp) and _bypass_equal_layout(op))
    changed = True
    while changed:
        changed = False
        for op in reversed(list(root.walk())):
            if op.parent is None:
                continue
            if is_pure(op) and not op.regions and all(not r.uses for r in op.results) and op.results:
                Rewriter.erase_op(op)
                changed = True
                continue
            changed |= any(rule(op) for rule in rules)
