"""Asynchronous copies into shared memory and the memdesc views around them:
``ttg.async_copy_global_to_local``, ``async_commit_group``, ``async_wait``,
``ttg.memdesc_index``, ``memdesc_subslice``, ``memdesc_reinterpret``, ``memdesc_reshape``,
``local_atomic_scatter_rmw``, ``local_gather``, ``local_scatter``, ``global_scratch_alloc``,
``ttg.barrier`` and ``ttg.warp_id``.

None of them has a tensor layout rule: Triton's remove-layout-conversions neither
propagates a layout through them nor rematerialises them, so the tensors they read keep
their layouts (an async copy's pointers decide its coalescing, as a store's do).  The
memdesc views move no data, but they hold no tensor either, so they carry ``Pure`` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from xdsl.dialects.builtin import (
    I32,
    AnyTensorType,
    BoolAttr,
    DenseArrayBase,
    IntegerAttr,
    IntegerType,
    TensorType,
    UnitAttr,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    AttrSizedOperandSegments,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.enums import RMW_OPS, check_enum, enum_keyword, parse_enum
from layoutdialect.dialect.memory_resources import (
    GlobalMemory,
    ReadsGlobalMemory,
    ReadsSharedMemory,
    WritesSharedMemory,
)
from layoutdialect.dialect.syntax import format_ints
from layoutdialect.dialect.tt.types import PointerType, bit_width, mask_type, pointee_type
from layoutdialect.dialect.ttg.custom_format import (
    constraint_error,
    memdesc_type,
    op_error,
    parse_attr_dict,
    parse_memdesc_type,
    print_attr_dict,
)
from layoutdialect.dialect.ttg.ops import AllocatesItsResult, TTGOp
from layoutdialect.dialect.ttg.tensors import encoding_of, tensor_type
from layoutdialect.dialect.ttg.types import AsyncTokenType, MemDescType
from layoutdialect.encodings import (
    EncodingError,
    PaddedSharedEncoding,
    PartitionedSharedEncoding,
    SharedEncoding,
    to_linear_layout,
)
from layoutdialect.encodings.reshape_inference import reshaped_layout
from layoutdialect.f2 import LinearLayout, standard_out_dim_names

__all__ = [
    "ATTRIBUTES",
    "OPS",
    "AsyncCommitGroupOp",
    "AsyncCopyGlobalToLocalOp",
    "AsyncWaitOp",
    "BarrierOp",
    "GlobalScratchAllocOp",
    "LocalAtomicScatterRMWOp",
    "LocalGatherOp",
    "LocalScatterOp",
    "MemDescIndexOp",
    "MemDescReinterpretOp",
    "MemDescReshapeOp",
    "MemDescSubsliceOp",
    "WarpIdOp",
]

ADDRESS_SPACES = (("local", 1), ("global_read", 2), ("global_write", 4), ("tensor_read", 8), ("tensor_write", 16))
"""The bits of Triton's ``AddrSpace`` mask, in the order it prints them."""

ALL_ADDRESS_SPACES = 0b11111
"""``all``: every bit of ``AddrSpace``."""

ASYNC_TOKEN = AsyncTokenType()

COPY_DEFAULTS: dict[str, Attribute] = {"isVolatile": BoolAttr.from_bool(False), "contiguity": IntegerAttr(1, i32)}
"""``async_copy_global_to_local``'s default-valued properties, left out when printed."""


def _shared(type_: MemDescType) -> SharedEncoding | None:
    encoding = encoding_of(type_)
    return encoding if isinstance(encoding, SharedEncoding) else None


@irdl_op_definition
class AsyncWaitOp(TTGOp):
    """``%w = ttg.async_wait %t0, %t1 {num = 0 : i32}``

    Waits until at most ``num`` committed groups of async copies are outstanding.
    """

    name = "ttg.async_wait"

    async_token = var_operand_def(ASYNC_TOKEN)
    num = prop_def(IntegerAttr[I32])
    ret_token = result_def(ASYNC_TOKEN)

    assembly_format = "($async_token^)? attr-dict"
    irdl_options = (ParsePropInAttrDict(),)

    def __init__(self, tokens: Sequence[SSAValue | Operation], num: int) -> None:
        super().__init__(operands=[tokens], result_types=[AsyncTokenType()], properties={"num": IntegerAttr(num, i32)})


@irdl_op_definition
class AsyncCommitGroupOp(TTGOp):
    """``%g = ttg.async_commit_group tokens %t0, %t1``

    Closes the batch of async copies issued so far into a group ``async_wait`` counts.
    """

    name = "ttg.async_commit_group"

    input_tokens = var_operand_def(ASYNC_TOKEN)
    async_token = result_def(ASYNC_TOKEN)

    assembly_format = "(`tokens` $input_tokens^)? attr-dict"

    def __init__(self, tokens: Sequence[SSAValue | Operation] = ()) -> None:
        super().__init__(operands=[tokens], result_types=[AsyncTokenType()])


@irdl_op_definition
class AsyncCopyGlobalToLocalOp(TTGOp):
    """``%t = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %o :
    tensor<128x16x!tt.ptr<f16>, #blocked> -> <128x16xf16, #shared, #smem, mutable>``

    Starts copying the pointed-to elements into the buffer, as ``tt.load`` would read
    them; the types of ``mask`` and ``other`` follow from the pointers', and the buffer's
    type is written without ``!ttg.memdesc``.
    """

    name = "ttg.async_copy_global_to_local"

    src = operand_def(AnyTensorType)
    result = operand_def(MemDescType)
    mask = opt_operand_def(AnyTensorType)
    other = opt_operand_def(AnyAttr())
    cache_policy = opt_prop_def(AnyAttr(), prop_name="cachePolicy")
    is_volatile = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False), prop_name="isVolatile")
    contiguity = prop_def(IntegerAttr[I32], default_value=IntegerAttr(1, i32))
    token = result_def(ASYNC_TOKEN)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(ReadsGlobalMemory(), WritesSharedMemory())

    def __init__(
        self,
        src: SSAValue | Operation,
        result: SSAValue | Operation,
        mask: SSAValue | Operation | None = None,
        other: SSAValue | Operation | None = None,
        contiguity: int = 1,
    ) -> None:
        super().__init__(
            operands=[src, result, [] if mask is None else [mask], [] if other is None else [other]],
            result_types=[AsyncTokenType()],
            properties={"contiguity": IntegerAttr(contiguity, i32)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> AsyncCopyGlobalToLocalOp:
        src = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        buffer = parser.parse_unresolved_operand()
        mask = parser.parse_unresolved_operand() if parser.parse_optional_keyword("mask") else None
        other = parser.parse_unresolved_operand() if parser.parse_optional_keyword("other") else None
        properties, attributes = parse_attr_dict(parser, ("cachePolicy", *COPY_DEFAULTS))
        parser.parse_punctuation(":")
        pointers = parser.parse_type()
        parser.parse_punctuation("->")
        buffer_type = parse_memdesc_type(parser)
        if not isinstance(pointers, TensorType):
            parser.raise_error(f"invalid kind of type specified: expected builtin.tensor, but found '{pointers}'")
        if not isinstance(pointers.element_type, PointerType):
            parser.raise_error(f"'src' must be ranked tensor of ptr values, but got '{pointers}'")
        op = cls(
            parser.resolve_operand(src, pointers),
            parser.resolve_operand(buffer, buffer_type),
            None if mask is None else parser.resolve_operand(mask, mask_type(pointers)),
            None if other is None else parser.resolve_operand(other, pointee_type(pointers)),
        )
        op.properties |= properties
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        printer.print_string(", ")
        printer.print_operand(self.result)
        for keyword, value in (("mask", self.mask), ("other", self.other)):
            if value is not None:
                printer.print_string(f" {keyword} ")
                printer.print_operand(value)
        print_attr_dict(printer, self, COPY_DEFAULTS)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(" -> ")
        memdesc_type(self.result).print_parameters(printer)

    def verify_(self) -> None:
        pointers = self.src.type
        if not (isinstance(pointers, TensorType) and isinstance(pointers.element_type, PointerType)):
            raise constraint_error(self, 0, "ranked tensor of ptr values", pointers)
        if self.mask is not None and self.mask.type != mask_type(pointers):
            raise op_error(self, "failed to verify that infer mask type from src type")
        if self.other is not None and self.other.type != pointee_type(pointers):
            raise op_error(self, "failed to verify that infer other type from src type")
        if not memdesc_type(self.result).mutable:
            raise op_error(self, "Cannot store into immutable memory")


def _check_view_of(src: MemDescType, dst: MemDescType) -> None:
    """Triton's first checks of ``memdesc_index`` and ``memdesc_subslice``: a part of a
    buffer keeps its element type and encoding."""
    if src.element_type != dst.element_type:
        raise VerifyException("result element type must match desc element type")
    if src.encoding != dst.encoding:
        raise VerifyException("src and result must have the same encoding")


@irdl_op_definition
class MemDescIndexOp(TTGOp):
    """``%v = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<2x64x16xf16, #s, #smem, mutable>
    -> !ttg.memdesc<64x16xf16, #s, #smem, mutable>``

    Buffer ``index`` of a multi-buffered allocation, along its leading dim: the result
    drops that dim from the shape and, as the view is a whole buffer, from the allocation
    shape too.
    """

    name = "ttg.memdesc_index"

    src = operand_def(MemDescType)
    index = operand_def(i32)
    result = result_def(MemDescType)

    assembly_format = "$src `[` $index `]` attr-dict `:` type($src) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, src: SSAValue | Operation, index: SSAValue | Operation, result_type: MemDescType) -> None:
        super().__init__(operands=[src, index], result_types=[result_type])

    def verify_(self) -> None:
        """Triton 3.9's checks, in its order."""
        src, dst = memdesc_type(self.src), memdesc_type(self.result)
        _check_view_of(src, dst)
        if len(src.shape) != len(dst.shape) + 1:
            raise VerifyException("result rank must be input rank - 1")
        if len(src.alloc_shape) != len(src.shape):
            raise VerifyException("We don't allow taking memdesc_index of a memdesc_index")
        if src.shape[1:] != dst.shape:
            raise VerifyException("result shape must equal to srcShape[1:]")
        if src.alloc_shape[1:] != src.shape[1:]:
            raise VerifyException("We only support memdesc_index of a multibuffer-prefix subview")
        if dst.alloc_shape != dst.shape:
            raise VerifyException("alloc shape must match shape for the result")


@irdl_op_definition
class MemDescSubsliceOp(TTGOp):
    """``%v = ttg.memdesc_subslice %m[0, 32] : !ttg.memdesc<64x64xf16, #s, #smem>
    -> !ttg.memdesc<64x32xf16, #s, #smem, 64x64>``

    The part of the operand from ``offsets`` on, with the result's shape and the same
    allocation shape.
    """

    name = "ttg.memdesc_subslice"

    src = operand_def(MemDescType)
    offsets = prop_def(DenseArrayBase[I32])
    result = result_def(MemDescType)

    traits = traits_def(Pure())

    def __init__(self, src: SSAValue | Operation, offsets: Sequence[int], result_type: MemDescType) -> None:
        super().__init__(
            operands=[src],
            result_types=[result_type],
            properties={"offsets": DenseArrayBase.from_list(i32, list(offsets))},
        )

    @property
    def offset_values(self) -> tuple[int, ...]:
        return tuple(int(v) for v in self.offsets.get_values())

    @classmethod
    def parse(cls, parser: Parser) -> MemDescSubsliceOp:
        src = parser.parse_unresolved_operand()
        offsets = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        src_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        if not isinstance(result_type, MemDescType):
            parser.raise_error(f"expected a !ttg.memdesc result type, got {result_type}")
        op = cls(parser.resolve_operand(src, src_type), offsets, result_type)
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        printer.print_string("[" + ", ".join(map(str, self.offset_values)) + "]")
        print_attr_dict(printer, self, elided=("offsets",))
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        """Triton 3.9's checks, in its order: a split dim's offset stays inside the
        operand, and inside the layout it is a multiple of the result's size (leading
        buffer dims, outside the encoding, may be split anywhere) that does not cut
        through the swizzling pattern."""
        src, dst, offsets = memdesc_type(self.src), memdesc_type(self.result), self.offset_values
        _check_view_of(src, dst)
        if len(offsets) != len(src.shape):
            raise VerifyException("offsets must have the same rank as input")
        if len(src.shape) != len(dst.shape):
            raise VerifyException("result rank must equal to input rank")
        if src.alloc_shape != dst.alloc_shape:
            raise VerifyException("source and result must have the same allocation shape")
        encoding = _shared(src)
        if encoding is None:
            raise VerifyException("src and dst must both be of shared memory encoding")
        leading = len(src.shape) - encoding.rank
        split = [d for d, (s, r) in enumerate(zip(src.shape, dst.shape)) if s != r]
        for dim, offset in enumerate(offsets):
            if dim not in split:
                if offset != 0:
                    raise VerifyException("A non zero offset found in a dimension that is not being split")
                continue
            if offset < 0 or offset + dst.shape[dim] > src.shape[dim]:
                raise VerifyException("The split offset may not exceed the source shape")
            if dim >= leading and offset & (dst.shape[dim] - 1):
                raise VerifyException("The split offset may not touch the tile")
        if isinstance(encoding, PaddedSharedEncoding) and leading > 0:
            raise VerifyException(
                "SubSlice of low rank PaddedSharedEncoding from higher rank tensors is not supported yet"
            )
        layout = _offsets_layout(encoding, src.alloc_shape[len(src.alloc_shape) - encoding.rank :])
        if layout is not None:
            _check_swizzle_split(layout, src.shape[leading:], dst.shape[leading:])


def _check_swizzle_split(layout: LinearLayout, src_shape: Sequence[int], dst_shape: Sequence[int]) -> None:
    """Each power of two at which a split dim is cut, from the result's size up, starts at
    an offset that is 0 or a power of two: the cut does not go through the swizzling."""
    inverse = layout.pseudoinvert()
    names = standard_out_dim_names(len(src_shape))
    for dim, (whole, part) in enumerate(zip(src_shape, dst_shape)):
        size = part
        while size < whole:
            offset = inverse.apply({n: size if i == dim else 0 for i, n in enumerate(names)})["offset"]
            if offset & (offset - 1):
                raise VerifyException("We don't support splitting along the swizzling pattern")
            size *= 2


def _offsets_layout(encoding: SharedEncoding, shape: Sequence[int]) -> LinearLayout | None:
    """Where each element of a buffer of ``shape`` sits, as a layout from ``offset`` (and
    ``block``) to its dims; a padded layout's linear part; ``None`` when it has none there."""
    if isinstance(encoding, PaddedSharedEncoding):
        return encoding.linear_component
    try:
        return to_linear_layout(encoding, shape)
    except EncodingError:
        return None


class _MemDescRetypeOp(TTGOp):
    """A view of a whole memdesc with another type: ``$src attr-dict : type($src) -> type($result)``."""

    src = operand_def(MemDescType)
    result = result_def(MemDescType)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, src: SSAValue | Operation, result_type: MemDescType) -> None:
        super().__init__(operands=[src], result_types=[result_type])


@irdl_op_definition
class MemDescReinterpretOp(_MemDescRetypeOp):
    """``%v = ttg.memdesc_reinterpret %m : !ttg.memdesc<64x64xf16, #s, #smem, mutable>
    -> !ttg.memdesc<8192xi8, #s1d, #smem, mutable>``

    The same bytes seen with another shape, element type and encoding; in shared memory
    every byte the result spans must belong to the operand's view.
    """

    name = "ttg.memdesc_reinterpret"

    def verify_(self) -> None:
        """Triton 3.9's checks, in its order; tensor memory gets the memory space and
        mutability ones only."""
        src, dst = memdesc_type(self.src), memdesc_type(self.result)
        if src.memory_space != dst.memory_space:
            raise VerifyException("source and result must have the same memory space")
        src_encoding, dst_encoding = _shared(src), _shared(dst)
        if src_encoding is not None and dst_encoding is not None:
            _verify_padding(src, src_encoding, dst, dst_encoding)
        if src.mutable != dst.mutable:
            raise VerifyException("source and result must have the same mutability")
        if src_encoding is None or dst_encoding is None:
            return
        if _is_layout_subview(dst, dst_encoding):
            raise VerifyException("result must not be a subview")
        source, result = _SharedView.of(src, src_encoding), _SharedView.of(dst, dst_encoding)
        if source is not None and result is not None:
            _verify_footprint(source, result)


def _verify_padding(
    src: MemDescType, src_encoding: SharedEncoding, dst: MemDescType, dst_encoding: SharedEncoding
) -> None:
    """Neither side is partitioned, and padding (the same, in bytes) is on both sides or neither."""
    if isinstance(src_encoding, PartitionedSharedEncoding) or isinstance(dst_encoding, PartitionedSharedEncoding):
        raise VerifyException("cannot reinterpret partitioned shared layouts")
    padded = isinstance(src_encoding, PaddedSharedEncoding)
    if padded != isinstance(dst_encoding, PaddedSharedEncoding):
        raise VerifyException("cannot reinterpret between padded and non-padded layouts")
    if padded and _is_layout_subview(src, src_encoding):
        raise VerifyException("cannot reinterpret a padded source subview")
    if padded and _padding_bytes(src) != _padding_bytes(dst):
        raise VerifyException("cannot reinterpret with different padding pattern")


def _verify_footprint(source: _SharedView, result: _SharedView) -> None:
    """Every byte the result spans lies in the source view (from its origin on, for a
    source that is a subview of its buffer)."""
    if source.is_layout_subview and source.is_sliced_across_ctas:
        raise VerifyException("cannot reinterpret a source subview sliced across CTAs")
    requested, size = result.footprint_bytes, source.footprint_bytes
    if requested > size:
        raise VerifyException(
            f"result shared-memory footprint ({requested} bytes) exceeds the source view ({size} bytes)"
        )
    if not source.is_layout_subview:
        return
    available = source.contiguous_owned_bytes
    if requested > available:
        raise VerifyException(
            "result shared-memory footprint includes offsets not owned by the source subview "
            f"({requested} bytes requested; {available} contiguous bytes available)"
        )


@irdl_op_definition
class MemDescReshapeOp(_MemDescRetypeOp):
    """``%v = ttg.memdesc_reshape %m : !ttg.memdesc<32x1x4x64xf16, #s4, #smem, mutable>
    -> !ttg.memdesc<128x64xf16, #s2, #smem, mutable>``

    The same buffer seen with another shape, read row-major; the result's encoding must
    place every element where the operand's does.
    """

    name = "ttg.memdesc_reshape"

    def verify_(self) -> None:
        """Triton 3.9's checks, in its order; the last one (its ``inferReturnTypes`` and
        layout equivalence) fails there without a message."""
        src, dst = memdesc_type(self.src), memdesc_type(self.result)
        if src.element_type != dst.element_type:
            raise op_error(self, "requires the same element type for all operands and results")
        if prod(src.shape) != prod(dst.shape):
            raise VerifyException("number of src and dst elements of reshape must be the same")
        if src.alloc_shape[len(src.alloc_shape) - len(src.shape) :] != src.shape:
            raise VerifyException("NYI: memdesc_reshape of memdesc_subslice")
        alloc = src.alloc_shape[: len(src.alloc_shape) - len(src.shape)] + dst.shape
        if (dst.alloc_shape, dst.memory_space, dst.mutable) != (alloc, src.memory_space, src.mutable):
            raise op_error(
                self,
                "result must keep the operand's memory space and mutability, "
                f"with allocation shape {format_ints(alloc)}",
            )
        if not _reshapes_to(src, dst):
            raise op_error(
                self, f"result encoding {dst.encoding} does not place the elements where the reshaped operand has them"
            )


def _reshapes_to(src: MemDescType, dst: MemDescType) -> bool:
    """Whether ``dst``'s shared encoding lays out ``src``'s elements, read row-major in its
    shape, at the offsets ``src``'s does (a padded one keeps its padding); ``True`` when
    either has no layout to compare."""
    src_encoding, dst_encoding = _shared(src), _shared(dst)
    if src_encoding is None or dst_encoding is None:
        return True
    if isinstance(src_encoding, PaddedSharedEncoding) or isinstance(dst_encoding, PaddedSharedEncoding):
        return (
            isinstance(src_encoding, PaddedSharedEncoding)
            and isinstance(dst_encoding, PaddedSharedEncoding)
            and (src_encoding.intervals, src_encoding.paddings) == (dst_encoding.intervals, dst_encoding.paddings)
            and reshaped_layout(src_encoding.linear_component, dst.shape) == dst_encoding.linear_component
        )
    try:
        return reshaped_layout(to_linear_layout(src_encoding, src.shape), dst.shape) == to_linear_layout(
            dst_encoding, dst.shape
        )
    except EncodingError:
        return True


def _padding_bytes(type_: MemDescType) -> list[tuple[int, int]]:
    """A padded layout's (interval, padding) pairs in bytes, which a reinterpretation keeps."""
    encoding = encoding_of(type_)
    assert isinstance(encoding, PaddedSharedEncoding)
    size = (bit_width(type_.element_type) or 0) // 8
    return [(i * size, p * size) for i, p in zip(encoding.intervals, encoding.paddings)]


def _is_layout_subview(type_: MemDescType, encoding: SharedEncoding) -> bool:
    """Whether the view is smaller than its allocation in the dims its encoding lays out
    (a subset of the leading buffers is not such a subview)."""
    rank = encoding.rank
    return type_.shape[len(type_.shape) - rank :] != type_.alloc_shape[len(type_.alloc_shape) - rank :]


@dataclass(frozen=True)
class _SharedView:
    """A shared-memory view as Triton 3.9's ``memdesc_reinterpret`` sees it: ``buffers`` of
    the allocation's leading dims, each laid out by ``layout`` (``offset`` and ``block`` to
    the trailing dims), of which the view owns what ``view_shape`` reaches from its origin."""

    layout: LinearLayout
    view_shape: tuple[int, ...]
    buffers: int
    bits: int
    is_layout_subview: bool

    @staticmethod
    def of(type_: MemDescType, encoding: SharedEncoding) -> _SharedView | None:
        """The view of ``type_``, ``None`` when its encoding has no layout at its shape."""
        rank = encoding.rank
        layout = _offsets_layout(encoding, type_.alloc_shape[len(type_.alloc_shape) - rank :])
        if layout is None:
            return None
        return _SharedView(
            layout,
            type_.shape[len(type_.shape) - rank :],
            prod(type_.shape[: len(type_.shape) - rank]),
            bit_width(type_.element_type) or 0,
            _is_layout_subview(type_, encoding),
        )

    @property
    def footprint_bytes(self) -> int:
        return self.buffers * self.layout.get_in_dim_size("offset") * self.bits // 8

    @property
    def is_sliced_across_ctas(self) -> bool:
        """Whether a CTA's part of the buffer starts outside the view."""
        bases = dict(self.layout.bases).get("block", [])
        return any(c >= size for basis in bases for c, size in zip(basis, self.view_shape))

    @property
    def contiguous_owned_bytes(self) -> int:
        """Bytes from the view's first offset on that all belong to the view: the offsets of
        its elements are the span of those of its unit steps along each dim."""
        inverse = self.layout.pseudoinvert()
        names = self.layout.get_out_dim_names()
        owned = {0}
        for dim, size in enumerate(self.view_shape):
            for bit in range(size.bit_length() - 1):
                step = inverse.apply({n: 1 << bit if i == dim else 0 for i, n in enumerate(names)})["offset"]
                owned |= {o ^ step for o in owned}
        count = 0
        while count in owned:
            count += 1
        return count * self.bits // 8


def _integer_indices(op: Operation, index: int) -> TensorType[Attribute]:
    """Operand ``index`` of ``op``, which its definition requires to be a tensor: the
    indices, which must be integers (an ODS constraint, checked first)."""
    indices = tensor_type(op.operands[index])
    if not isinstance(indices.element_type, IntegerType):
        raise constraint_error(op, index, "ranked tensor of integer values", indices)
    return indices


def _shared_buffer(buffer: MemDescType, role: str) -> SharedEncoding:
    """The shared encoding of the buffer a gather or scatter accesses (its ``role``)."""
    encoding = _shared(buffer)
    if encoding is None:
        raise VerifyException(f"{role} must have shared memory encoding")
    return encoding


def _check_axis(axis: int, buffer: MemDescType, role: str) -> None:
    if not 0 <= axis < len(buffer.shape):
        raise VerifyException(f"axis {axis} is out of bounds for {role} rank {len(buffer.shape)}")


def _check_scattered_values(
    dst: MemDescType, values: TensorType[Attribute], indices: TensorType[Attribute], axis: int
) -> None:
    """The last checks of Triton's scatters into shared memory, in its order: ``axis`` is a
    dim of the buffer, and the values have the indices' layout and the buffer's element type."""
    _check_axis(axis, dst, "destination")
    if values.encoding != indices.encoding:
        raise VerifyException("values must have the same layout as indices")
    if dst.element_type != values.element_type:
        raise VerifyException("values element type must match destination element type")


@irdl_op_definition
class LocalAtomicScatterRMWOp(TTGOp):
    """``%old = ttg.local_atomic_scatter_rmw add, %buf[%idx], %v, %mask {axis = 0 : i32} :
    (!ttg.memdesc<32xi32, #s, #smem, mutable>, tensor<32xi32, #b>, tensor<32xi32, #b>, tensor<32xi1, #b>)
    -> tensor<32xi32, #b>``

    Atomically combines each value into the buffer, at its own coordinates with the one
    along ``axis`` replaced by its index, and returns what was there.
    """

    name = "ttg.local_atomic_scatter_rmw"

    atomic_rmw_op = prop_def(IntegerAttr[I32])
    dst = operand_def(MemDescType)
    values = operand_def(AnyTensorType)
    indices = operand_def(AnyTensorType)
    mask = opt_operand_def(AnyTensorType)
    axis = prop_def(IntegerAttr[I32])
    result = result_def(AnyTensorType)

    traits = traits_def(ReadsSharedMemory(), WritesSharedMemory())

    def __init__(
        self,
        kind: str,
        dst: SSAValue | Operation,
        indices: SSAValue | Operation,
        values: SSAValue,
        axis: int,
        mask: SSAValue | Operation | None = None,
    ) -> None:
        super().__init__(
            operands=[dst, values, indices, [] if mask is None else [mask]],
            result_types=[values.type],
            properties={
                "atomic_rmw_op": IntegerAttr(RMW_OPS[kind], i32),
                "axis": IntegerAttr(axis, i32),
            },
        )

    @property
    def kind(self) -> str:
        return enum_keyword(RMW_OPS, self.atomic_rmw_op)

    @classmethod
    def parse(cls, parser: Parser) -> LocalAtomicScatterRMWOp:
        start = parser.pos
        rmw = parse_enum(parser, cls.name, "atomic_rmw_op", RMW_OPS)
        parser.parse_punctuation(",")
        names: list[UnresolvedOperand] = [parser.parse_unresolved_operand()]
        parser.parse_punctuation("[")
        indices = parser.parse_unresolved_operand()
        parser.parse_punctuation("]")
        parser.parse_punctuation(",")
        names += [parser.parse_unresolved_operand(), indices]
        if parser.parse_optional_punctuation(",") is not None:
            names.append(parser.parse_unresolved_operand())
        properties, attributes = parse_attr_dict(parser, ("axis", "atomic_rmw_op"))
        parser.parse_punctuation(":")
        types_at = parser.pos
        function = parser.parse_function_type()
        if len(function.inputs) != len(names) or len(function.outputs) != 1:
            parser.raise_error(f"expected {len(names)} operand types and one result type", types_at, parser.pos)
        operands = [parser.resolve_operand(n, t) for n, t in zip(names, function.inputs.data)]
        if not isinstance(properties.get("axis"), IntegerAttr):
            parser.raise_error(f"'{cls.name}' op requires attribute 'axis'", start, parser.pos)
        # As Triton's parser: an ``atomic_rmw_op`` in the attr-dict wins over the keyword.
        properties = {"atomic_rmw_op": rmw} | properties
        return cls.create(
            operands=operands, result_types=[function.outputs.data[0]], properties=properties, attributes=attributes
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.kind}, ")
        printer.print_operand(self.dst)
        printer.print_string("[")
        printer.print_operand(self.indices)
        printer.print_string("], ")
        printer.print_list((self.values, *([] if self.mask is None else [self.mask])), printer.print_operand)
        print_attr_dict(printer, self, elided=("atomic_rmw_op",))
        printer.print_string(" : ")
        printer.print_function_type((o.type for o in self.operands), [self.result.type])

    def verify_(self) -> None:
        """Triton 3.9's checks, in its order (its type constraints first)."""
        check_enum(self, "atomic_rmw_op", RMW_OPS)
        values, indices, dst = tensor_type(self.values), _integer_indices(self, 2), memdesc_type(self.dst)
        if self.result.type != values:
            raise op_error(self, "failed to verify that result type matches values type")
        if self.mask is not None and self.mask.type != mask_type(values):
            raise op_error(self, "failed to verify that mask type matches values type")
        if not dst.mutable:
            raise op_error(self, "Cannot store into immutable memory")
        encoding = _shared_buffer(dst, "destination")
        if bit_width(values.element_type) is None or isinstance(values.element_type, PointerType):
            raise VerifyException("values must have integer or floating element type")
        if len(values.get_shape()) != encoding.rank:
            raise op_error(
                self, f"values has rank {len(values.get_shape())} but memdesc encoding has rank {encoding.rank}"
            )
        if tuple(values.get_shape()) != tuple(indices.get_shape()):
            raise VerifyException("values shape must match indices shape")
        _check_scattered_values(dst, values, indices, self.axis.value.data)


@irdl_op_definition
class LocalGatherOp(TTGOp):
    """``%r = ttg.local_gather %buf[%idx] {axis = 1 : i32} : !ttg.memdesc<2x32xi32, #s, #smem>,
    tensor<2x32xi32, #b> -> tensor<2x32xi32, #b>``

    Reads, for each index, the buffer element at the index's coordinates with the one along
    ``axis`` replaced by the index (``tt.gather`` on shared memory).
    """

    name = "ttg.local_gather"

    src = operand_def(MemDescType)
    indices = operand_def(AnyTensorType)
    axis = prop_def(IntegerAttr[I32])
    token = opt_operand_def(ASYNC_TOKEN)
    result = result_def(AnyTensorType)

    assembly_format = (
        "$src `[` $indices `]` (`token` $token^)? attr-dict `:` type($src) `,` type($indices) `->` type($result)"
    )
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(ReadsSharedMemory())

    def verify_(self) -> None:
        """Triton 3.9's checks, in its order."""
        src, indices, result = memdesc_type(self.src), _integer_indices(self, 1), tensor_type(self.result)
        _shared_buffer(src, "source")
        if tuple(result.get_shape()) != tuple(indices.get_shape()):
            raise VerifyException("result shape must match indices shape")
        if len(src.shape) != len(indices.get_shape()):
            raise VerifyException("source and indices must have the same rank")
        _check_axis(self.axis.value.data, src, "source")
        if src.element_type != result.element_type:
            raise VerifyException("result element type must match source element type")
        if indices.encoding != result.encoding:
            raise VerifyException("indices and result must have the same layout")


@irdl_op_definition
class LocalScatterOp(TTGOp):
    """``ttg.local_scatter %buf[%idx], %v {axis = 0 : i32} : !ttg.memdesc<2x32xi32, #s, #smem, mutable>,
    tensor<2x32xi32, #b>, tensor<2x32xi32, #b>``

    Writes each value into the buffer at its own coordinates with the one along ``axis``
    replaced by its index (the inverse of ``local_gather``).
    """

    name = "ttg.local_scatter"

    dst = operand_def(MemDescType)
    values = operand_def(AnyTensorType)
    indices = operand_def(AnyTensorType)
    axis = prop_def(IntegerAttr[I32])
    token = opt_operand_def(ASYNC_TOKEN)

    assembly_format = (
        "$dst `[` $indices `]` `,` $values (`token` $token^)? attr-dict `:` "
        "type($dst) `,` type($indices) `,` type($values)"
    )
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(WritesSharedMemory())

    def verify_(self) -> None:
        """Triton 3.9's checks, in its order (its type constraints first)."""
        dst, values, indices = memdesc_type(self.dst), tensor_type(self.values), _integer_indices(self, 2)
        _shared_buffer(dst, "destination")
        if tuple(values.get_shape()) != tuple(indices.get_shape()):
            raise VerifyException("values shape must match indices shape")
        if len(dst.shape) != len(indices.get_shape()):
            raise VerifyException("destination and indices must have the same rank")
        _check_scattered_values(dst, values, indices, self.axis.value.data)


class AllocatesGlobalMemory(AllocatesItsResult):
    """``ttg.global_scratch_alloc``'s effects: ``MemAlloc<GlobalMemory>`` on its result."""

    RESOURCE = GlobalMemory()
    PLACED = None


@irdl_op_definition
class GlobalScratchAllocOp(TTGOp):
    """``%p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1152 : i32} : !tt.ptr<i8>``

    Global memory private to the program, ``nbytes`` long.
    """

    name = "ttg.global_scratch_alloc"

    nbytes = prop_def(IntegerAttr[I32])
    alignment = prop_def(IntegerAttr[I32])
    third_party_allocation = opt_prop_def(UnitAttr)
    shared_cluster_state = opt_prop_def(UnitAttr)
    result = result_def(PointerType)

    assembly_format = "attr-dict `:` type($result)"
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(AllocatesGlobalMemory())

    def __init__(self, result_type: PointerType, nbytes: int, alignment: int) -> None:
        super().__init__(
            result_types=[result_type],
            properties={"nbytes": IntegerAttr(nbytes, i32), "alignment": IntegerAttr(alignment, i32)},
        )


@irdl_op_definition
class BarrierOp(TTGOp):
    """``ttg.barrier local|global_read``

    Waits for every thread of the CTA, then makes the accesses to the named address spaces
    (a bit mask; ``all`` is every one, ``none`` none) visible to all of them.
    """

    name = "ttg.barrier"

    addr_space = prop_def(IntegerAttr[I32], prop_name="addrSpace")

    def __init__(self, spaces: int) -> None:
        super().__init__(properties={"addrSpace": IntegerAttr(spaces, i32)})

    @classmethod
    def parse(cls, parser: Parser) -> BarrierOp:
        mask = _parse_address_space(parser)
        while parser.parse_optional_punctuation("|") is not None:
            mask |= _parse_address_space(parser)
        return cls(mask)

    def print(self, printer: Printer) -> None:
        printer.print_string(" " + _address_space_name(self.addr_space.value.data))


def _parse_address_space(parser: Parser) -> int:
    """One keyword (or quoted ``a|b`` list) of Triton's ``AddrSpace``."""
    start = parser.pos
    keyword = parser.parse_optional_str_literal() or parser.parse_identifier()
    names = dict(ADDRESS_SPACES) | {"none": 0, "all": ALL_ADDRESS_SPACES}
    mask = 0
    for name in keyword.split("|"):
        if name not in names:
            parser.raise_error(f"unknown addrSpace '{keyword}'", start, parser.pos)
        mask |= names[name]
    return mask


def _address_space_name(mask: int) -> str:
    """Triton's ``stringifyAddrSpace``: ``none``, ``all``, or the set bits joined by ``|``."""
    if mask == 0:
        return "none"
    if mask & ALL_ADDRESS_SPACES == ALL_ADDRESS_SPACES:
        return "all"
    return "|".join(name for name, bit in ADDRESS_SPACES if mask & bit)


@irdl_op_definition
class WarpIdOp(TTGOp):
    """``%w = ttg.warp_id``: this thread's warp, uniform across it (``omitUniformHint``
    drops the hint to the NVIDIA backend)."""

    name = "ttg.warp_id"

    omit_uniform_hint = opt_prop_def(UnitAttr, prop_name="omitUniformHint")
    result = result_def(i32)

    assembly_format = "attr-dict"
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure())

    def __init__(self) -> None:
        super().__init__(result_types=[i32])


OPS: list[type[Operation]] = [
    AsyncCopyGlobalToLocalOp,
    AsyncCommitGroupOp,
    AsyncWaitOp,
    MemDescIndexOp,
    MemDescSubsliceOp,
    MemDescReinterpretOp,
    MemDescReshapeOp,
    LocalAtomicScatterRMWOp,
    LocalGatherOp,
    LocalScatterOp,
    GlobalScratchAllocOp,
    BarrierOp,
    WarpIdOp,
]
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""
