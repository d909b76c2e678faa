"""How each op relates its tensors' layouts, as Triton's remove-layout-conversions sees it:
which ops pass a layout through, which pin one, and which can be re-created in any."""

from __future__ import annotations

from math import prod

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.traits import Pure

from layoutdialect.dialect.tt.combine import CatOp, JoinOp, SplitOp
from layoutdialect.dialect.tt.data_indexed import GatherOp, HistogramOp
from layoutdialect.dialect.tt.dot_scaled import DotScaledOp
from layoutdialect.dialect.tt.elementwise import BitcastOp, ElementwiseInlineAsmOp, ExternElementwiseOp
from layoutdialect.dialect.tt.memory import AddPtrOp, LoadOp, StoreOp
from layoutdialect.dialect.tt.ops import (
    BroadcastOp,
    DotOp,
    ExpandDimsOp,
    FpToFpOp,
    MakeRangeOp,
    ReduceOp,
    ReshapeOp,
    SplatOp,
    TransOp,
)
from layoutdialect.dialect.tt.scan import ScanOp
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.ttg.attributes import encoding_attr
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp, LocalAllocOp, LocalLoadOp, LocalStoreOp
from layoutdialect.dialect.ttg.tensors import distributed_encoding, layouts_match_up_to_broadcasting
from layoutdialect.dialect.ttg.views import Fp4ToFpOp
from layoutdialect.dialect.ttng.ops import WarpGroupDotOp, WarpGroupDotWaitOp
from layoutdialect.encodings import (
    BlockedEncoding,
    DistributedEncoding,
    EncodingError,
    NvidiaMmaEncoding,
)
from layoutdialect.encodings.amd_mfma import AmdMfmaEncoding
from layoutdialect.encodings.amd_wmma import AmdWmmaEncoding
from layoutdialect.encodings.inference import (
    cat_registers,
    expand_dims_encoding,
    expand_dims_source_encoding,
    fp4_to_fp_encoding,
    fp4_to_fp_source_encoding,
    join_encoding,
    reduce_encoding,
    reduce_source_encoding,
    reshape_encoding,
    split_encoding,
    trans_encoding,
)
from layoutdialect.encodings.inference import (
    is_expensive_view as expensive_view,
)
from layoutdialect.f2 import inverse_permutation

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


def with_encoding(type_: Attribute, encoding: DistributedEncoding) -> TensorType[Attribute]:
    """``type_`` (a tensor) with ``encoding`` instead of its own."""
    assert isinstance(type_, TensorType)
    return TensorType(type_.element_type, type_.get_shape(), encoding_attr(encoding))


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


def is_elementwise(op: Operation) -> bool:
    """An op applied element by element, whose tensors all share one layout."""
    if isinstance(op, AddPtrOp | FpToFpOp | BroadcastOp | BitcastOp | ElementwiseInlineAsmOp | ExternElementwiseOp):
        return True
    if op.name.startswith(("arith.", "math.")) and not isinstance(op, arith.ConstantOp):
        return any(isinstance(r.type, TensorType) for r in op.results)
    return False


def is_expensive_load_or_store(op: Operation) -> bool:
    """Triton's ``isExpensiveLoadOrStore``: a tensor of at least one pointer per thread."""
    if not isinstance(op, LoadOp | StoreOp):
        return False
    pointer = op.ptr
    if not isinstance(pointer.type, TensorType):
        return False
    encoding = tensor_encoding(pointer)
    if encoding is None:
        return False
    elements = byte_count(pointer) * 8 // 64
    threads = encoding.num_lanes * encoding.num_warps * encoding.num_ctas
    return elements > 1 and elements >= threads


def is_layout_anchor(op: Operation) -> bool:
    """Ops whose layout forward propagation starts from and never changes."""
    if isinstance(op, LoadOp | StoreOp):
        return is_expensive_load_or_store(op)
    if isinstance(op, DotOp | DotScaledOp | WarpGroupDotOp):
        return True
    if isinstance(op, GatherOp):
        return op.efficient_layout is not None
    return isinstance(op, ReshapeOp) and op.allow_reorder is not None


def is_expensive_view(src: TensorType[Attribute], dst: TensorType[Attribute]) -> bool:
    """Triton's ``isExpensiveView`` on two tensor types (``False`` without encodings)."""
    src_encoding, dst_encoding = distributed_encoding(src), distributed_encoding(dst)
    if src_encoding is None or dst_encoding is None:
        return False
    return expensive_view(src_encoding, src.get_shape(), dst_encoding, dst.get_shape())


def is_splat_constant(op: Operation) -> bool:
    """A tensor constant whose elements all have one bit pattern (a NaN splat included,
    which a comparison of values would miss)."""
    if not (
        isinstance(op, arith.ConstantOp)
        and isinstance(op.result.type, TensorType)
        and isinstance(op.value, DenseIntOrFPElementsAttr)
    ):
        return False
    raw = op.value.data.data
    width = len(raw) // max(1, len(op.value))
    return width > 0 and raw == raw[:width] * (len(raw) // width)


def rebuild_in_layout(op: Operation, result_type: TensorType[Attribute]) -> Operation | None:
    """A new ``splat``, ``make_range``, ``histogram``, splat constant or (where the layout
    is legal for it) ``cat`` like ``op`` but producing ``result_type``; ``None`` otherwise."""
    if isinstance(op, HistogramOp):
        return HistogramOp(op.src, result_type, op.mask)
    if isinstance(op, CatOp):
        target = distributed_encoding(result_type)
        return CatOp(op.lhs, op.rhs, result_type) if target is not None and is_legal_cat_encoding(op, target) else None
    if isinstance(op, SplatOp):
        return SplatOp(op.src, result_type)
    if isinstance(op, MakeRangeOp):
        return MakeRangeOp(op.start.value.data, op.end.value.data, result_type)
    if is_splat_constant(op):
        assert isinstance(op, arith.ConstantOp) and isinstance(op.value, DenseIntOrFPElementsAttr)
        same_bits = DenseIntOrFPElementsAttr(result_type, op.value.data)  # type: ignore[type-var]
        return arith.ConstantOp(same_bits)  # type: ignore[arg-type]
    return None


def rebuild_in_slice(op: Operation, result_type: TensorType[Attribute]) -> Operation | None:
    """What a rematerialised slice re-creates rather than recomputes: ``rebuild_in_layout``,
    or a ``broadcast`` whose operand already has ``result_type``'s layout up to
    broadcasting (Triton's canonicalizer leaves that one alone; only its slices stop there)."""
    if isinstance(op, BroadcastOp):
        src = op.src.type
        assert isinstance(src, TensorType)
        return BroadcastOp(op.src, result_type) if layouts_match_up_to_broadcasting(src, result_type) else None
    return rebuild_in_layout(op, result_type)


def is_legal_cat_encoding(op: CatOp, target: DistributedEncoding) -> bool:
    """Triton's ``isLegalCatEncoding``: ``tt.cat`` concatenates its operands' distinct
    registers, so the result in ``target`` must hold exactly as many per thread."""
    lhs_encoding = tensor_encoding(op.lhs)
    if lhs_encoding is None:
        return False
    provided, required = cat_registers(lhs_encoding, shape_of(op.lhs), target, shape_of(op.result))
    return provided == required


def can_fold_into_conversion(op: Operation, target: DistributedEncoding) -> bool:
    """Triton's ``canUseResultEncoding``: ``op`` can simply be re-created in ``target``."""
    if isinstance(op, CatOp):
        return is_legal_cat_encoding(op, target)
    if isinstance(op, ConvertLayoutOp):
        return not (isinstance(target, NvidiaMmaEncoding) and tensor_encoding(op.src) != target)
    if isinstance(op, BroadcastOp):
        assert isinstance(op.src.type, TensorType)
        return layouts_match_up_to_broadcasting(op.src.type, with_encoding(op.result.type, target))
    if isinstance(op, ReshapeOp):
        assert isinstance(op.src.type, TensorType)
        return op.allow_reorder is not None and not is_expensive_view(
            op.src.type, with_encoding(op.result.type, target)
        )
    return isinstance(
        op, MakeRangeOp | SplatOp | HistogramOp | LocalAllocOp | LocalLoadOp | LocalStoreOp
    ) or is_splat_constant(op)


def can_be_rematerialised(op: Operation) -> bool:
    """Triton's ``canBeRemat``: the op may be cloned into another layout."""
    if is_expensive_load_or_store(op) or (isinstance(op, GatherOp | ReshapeOp) and op.efficient_layout is not None):
        return False
    return not isinstance(op, DotOp | scf.WhileOp | scf.ConditionOp)


def layout_operands(op: Operation) -> list[SSAValue]:
    """The tensor operands whose layout follows the result's: all of them, except a
    gather's source, which keeps its own."""
    if isinstance(op, GatherOp):
        return [op.indices]
    return [o for o in op.operands if isinstance(o.type, TensorType)]


def is_pure(op: Operation) -> bool:
    return op.has_trait(Pure, value_if_unregistered=False) and all(
        is_pure(inner) for region in op.regions for inner in region.walk()
    )


def _reshaped_encoding(
    op: ReshapeOp, encoding: DistributedEncoding, known: SSAValue, wanted: SSAValue
) -> DistributedEncoding:
    """Triton's ``inferReshapeOpEncoding`` from ``known`` (in ``encoding``) to the other side
    ``wanted`` of a reshape: a reordering reshape keeps ``wanted``'s own encoding when
    that view moves no data; otherwise the elements keep their threads."""
    current = tensor_encoding(wanted)
    if op.allow_reorder is not None and current is not None:
        assert isinstance(known.type, TensorType)
        if not is_expensive_view(with_encoding(known.type, encoding), wanted.type):  # type: ignore[arg-type]
            return current
    return reshape_encoding(encoding, shape_of(known), shape_of(wanted))


def passes_layout_through(op: Operation, encoding: DistributedEncoding) -> bool:
    """Whether ``op``'s results take its operands' layout ``encoding`` unchanged; Triton's
    scan lowering supports only blocked layouts."""
    if isinstance(op, ScanOp):
        return isinstance(encoding, BlockedEncoding)
    return is_elementwise(op) or isinstance(op, ConvertLayoutOp | LoadOp | GatherOp | WarpGroupDotWaitOp)


def infer_result_encoding(op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
    """Triton's ``inferDstEncoding``: the result layout of ``op`` when its operand has
    ``encoding`` (for a gather, its indices)."""
    try:
        if passes_layout_through(op, encoding):
            return encoding
        if isinstance(op, ReduceOp):
            return reduce_encoding(encoding, op.axis.value.data)
        if isinstance(op, ExpandDimsOp):
            return expand_dims_encoding(encoding, op.axis.value.data)
        if isinstance(op, TransOp):
            return trans_encoding(encoding, shape_of(op.src), op.permutation)
        if isinstance(op, ReshapeOp):
            return _reshaped_encoding(op, encoding, op.src, op.result)
        if isinstance(op, JoinOp):
            return join_encoding(encoding, shape_of(op.lhs))
        if isinstance(op, SplitOp):
            return split_encoding(encoding, shape_of(op.src))
        if isinstance(op, Fp4ToFpOp):
            return fp4_to_fp_encoding(encoding, shape_of(op.src), op.axis.value.data)
    except EncodingError:
        return None
    return None


def infer_source_encoding(op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
    """Triton's ``inferSrcEncoding``: the operand layout ``op`` needs to produce ``encoding``
    (for a gather, of its indices)."""
    try:
        if passes_layout_through(op, encoding):
            return encoding
        if isinstance(op, ReduceOp):
            return reduce_source_encoding(encoding, op.axis.value.data)
        if isinstance(op, ExpandDimsOp):
            return expand_dims_source_encoding(encoding, op.axis.value.data)
        if isinstance(op, TransOp):
            return trans_encoding(encoding, shape_of(op.result), inverse_permutation(op.permutation))
        if isinstance(op, ReshapeOp):
            return _reshaped_encoding(op, encoding, op.result, op.src)
        if isinstance(op, JoinOp):
            return split_encoding(encoding, shape_of(op.result))
        if isinstance(op, SplitOp):
            return join_encoding(encoding, shape_of(op.out_lhs))
        if isinstance(op, Fp4ToFpOp):
            return fp4_to_fp_source_encoding(encoding, shape_of(op.result), op.axis.value.data)
    except EncodingError:
        return None
    return None


def is_mma(encoding: DistributedEncoding) -> bool:
    return isinstance(encoding, MMA_ENCODINGS)
