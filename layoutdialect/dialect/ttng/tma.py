"""TMA copies between global and shared memory: the ``ttng.async_tma_*`` ops, the wait
for TMA stores, descriptors made on the device (``ttng.tensormap_create``,
``tensormap_fenceproxy_acquire``, ``reinterpret_tensor_descriptor``) and the im2col
descriptor type ``!ttng.tensordesc_im2col``.

Each copy moves a descriptor's block between global memory and a shared-memory buffer
in the NVMMA layout the descriptor names; no register tensor is involved, except the
row offsets of a gather or scatter, whose layout nothing propagates into.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    I32,
    ArrayAttr,
    BFloat16Type,
    BoolAttr,
    Float16Type,
    Float32Type,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    TensorType,
    UnitAttr,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOption,
    ParsePropInAttrDict,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.memory_resources import (
    ReadsGlobalMemory,
    ReadsSharedMemory,
    WritesGlobalMemory,
    WritesSharedMemory,
)
from layoutdialect.dialect.tt.descriptors import (
    BlockReduceOp,
    TensorDescBase,
    TensorDescType,
    check_descriptor_access,
    check_gather_scatter,
    check_row_offsets,
    parse_operand_lists,
    print_operand_lists,
    quoted,
)
from layoutdialect.dialect.tt.types import PointerType
from layoutdialect.dialect.ttg.custom_format import memdesc_type
from layoutdialect.dialect.ttg.layout_checks import kernel_attributes
from layoutdialect.dialect.ttg.tensors import distributed_encoding, encoding_of
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.dialect.ttng.barriers import (
    cga_bases,
    check_barrier_cga,
    check_barrier_type,
    identity_cga,
)
from layoutdialect.dialect.ttng.ops import TTNGOp
from layoutdialect.encodings import (
    EncodingError,
    NVMMASharedEncoding,
    SharedEncoding,
    contiguity_per_thread,
    to_linear_layout,
)
from layoutdialect.f2 import LinearLayoutError

__all__ = [
    "ATTRIBUTES",
    "OPS",
    "AsyncTMACopyGlobalToLocalOp",
    "AsyncTMACopyLocalToGlobalOp",
    "AsyncTMAGatherOp",
    "AsyncTMAReduceOp",
    "AsyncTMAScatterOp",
    "ReinterpretTensorDescOp",
    "TMAStoreWaitOp",
    "TensorDescIm2ColType",
    "TensormapCreateOp",
    "TensormapFenceproxyAcquireOp",
]

MAX_TMA_RANK = 5
"""TMA moves blocks of at most five dims."""

TWO_CTAS = "ttng.two-ctas"
"""The module attribute that says whether the kernel's MMAs pair CTAs (``cta_group::2``)."""


@irdl_attr_definition
class TensorDescIm2ColType(TensorDescBase):
    """``!ttng.tensordesc_im2col<64x128xf16, #shared>``: an im2col TMA descriptor, whose
    2-D block gathers convolution windows of a 3-D to 5-D tensor."""

    name = "ttng.tensordesc_im2col"

    shape_attr: ArrayAttr[IntAttr]
    element_type: Attribute
    layout_attr: Attribute

    def verify(self) -> None:
        super().verify()
        if len(self.shape) != 2:
            raise VerifyException(f"TensorDescIm2ColType requires rank-2 shape, got rank {len(self.shape)}")


def _descriptor(value: SSAValue) -> TensorDescBase:
    """The type of ``value``, which the op's definition already requires to be a descriptor."""
    assert isinstance(value.type, TensorDescBase)
    return value.type


def _check_coordinates(op: Operation, coordinates: Sequence[SSAValue], desc: TensorDescBase) -> None:
    """Triton's ``verifyAsyncTMACoords``: one coordinate per block dim (a tiled
    descriptor), or the 3 to 5 of the whole tensor (im2col)."""
    count = len(coordinates)
    if isinstance(desc, TensorDescIm2ColType):
        if count < 3:
            raise VerifyException(f"'{op.name}' op IM2COL mode requires at least 3D coordinates, but got {count}D")
        if count > MAX_TMA_RANK:
            raise VerifyException(f"'{op.name}' op IM2COL mode supports at most 5D coordinates, but got {count}D")
        return
    if count != len(desc.shape):
        raise VerifyException(f"'{op.name}' op expected {len(desc.shape)} coordinates, but got {count}")
    if not 1 <= count <= MAX_TMA_RANK:
        raise VerifyException(f"'{op.name}' op must have between 1 and 5 coordinates")


def _check_block_access(
    op: Operation, coordinates: Sequence[SSAValue], desc: TensorDescBase, buffer: MemDescType
) -> None:
    """A copy of the whole block at ``coordinates`` (Triton's ``verifyAsyncTMACoords`` and
    ``verifyDescriptorLoadStoreOp``)."""
    _check_coordinates(op, coordinates, desc)
    check_descriptor_access(op.name, desc, buffer)


def _check_tma_encoding(op: Operation, desc: TensorDescBase, buffer: MemDescType) -> None:
    """Triton's ``verifyTMAEncoding``: the buffer is NVMMA-shared, not transposed, and
    its swizzle, element width and fp4 padding are the descriptor's (ranks may differ)."""
    shared = encoding_of(buffer)
    if not isinstance(shared, NVMMASharedEncoding):
        raise VerifyException(f"'{op.name}' op TMA descriptor must have NVMMA shared layout")
    named = getattr(desc.shared_layout, "data", None)
    if not isinstance(named, NVMMASharedEncoding) or (
        named.transposed,
        named.swizzling_byte_width,
        named.element_bit_width,
        named.fp4_padded,
    ) != (shared.transposed, shared.swizzling_byte_width, shared.element_bit_width, shared.fp4_padded):
        described = desc.shared_layout if isinstance(named, NVMMASharedEncoding) else "<<NULL ATTRIBUTE>>"
        raise VerifyException(
            f"'{op.name}' op TMA descriptor layout must match shared layout, but got descriptor layout {described} "
            f"and shared memory layout {buffer.encoding}"
        )
    if shared.transposed:
        raise VerifyException(f"'{op.name}' op TMA descriptor layout must not be transposed")


def _check_tma_barrier_layout(op: Operation, barrier: MemDescType) -> None:
    """Triton's ``verifyTMABarrierLayout``: in a module that says whether its MMAs pair CTAs
    (``"ttng.two-ctas"``), each CTA has its own barrier word or, if they pair, may share
    one with its pair."""
    module = op.parent_op()
    while module is not None and not isinstance(module, ModuleOp):
        module = module.parent_op()
    two_ctas = None if module is None else module.attributes.get(TWO_CTAS)
    if not (isinstance(two_ctas, IntegerAttr) and two_ctas.type == i1):
        return
    num_ctas = kernel_attributes(op).num_ctas
    allowed = [identity_cga(num_ctas)]
    if two_ctas.value.data:
        allowed.append(((0,), *identity_cga(num_ctas // 2)))
    check_barrier_cga(op, barrier, "TMA barrier", allowed)


def _check_tma_load(op: Operation, desc: TensorDescBase, barrier: MemDescType, result: MemDescType) -> None:
    """Triton's ``verifyAsyncTMALoadOp``: a valid mbarrier, and a mutable NVMMA buffer."""
    check_barrier_type(op, barrier)
    _check_tma_barrier_layout(op, barrier)
    if not result.mutable:
        raise VerifyException(f"'{op.name}' op cannot store into immutable memory")
    _check_tma_encoding(op, desc, result)


def _check_tma_store(op: Operation, desc: TensorDescBase, source: MemDescType) -> None:
    """Triton's ``verifyAsyncTMAStoreOp``: TMA stores and reductions take no fp4-padded buffer."""
    _check_not_fp4_padded(op, source)
    _check_tma_encoding(op, desc, source)


def _check_block_store(op: Operation, desc: SSAValue, coordinates: Sequence[SSAValue], src: SSAValue) -> TensorDescBase:
    """A TMA store or reduction of the whole block at ``coordinates``; the descriptor's type."""
    desc_type, src_type = _descriptor(desc), memdesc_type(src)
    _check_block_access(op, coordinates, desc_type, src_type)
    _check_tma_store(op, desc_type, src_type)
    return desc_type


def _check_not_fp4_padded(op: Operation, buffer: MemDescType) -> None:
    encoding = encoding_of(buffer)
    if isinstance(encoding, NVMMASharedEncoding) and encoding.fp4_padded:
        raise VerifyException(f"'{op.name}' op does not support fp4_padded operands")


def _broadcasts_across_ctas(buffer: MemDescType) -> bool:
    """Triton's ``hasCGABroadcast``: some CTAs of the cluster hold the same copy of the buffer."""
    encoding = encoding_of(buffer)
    if not isinstance(encoding, SharedEncoding):
        return False
    try:
        layout = to_linear_layout(encoding, list(buffer.shape))
    except (EncodingError, LinearLayoutError):
        return False
    return layout.free_variable_masks().get("block", 0) != 0


def _check_multicast(op: Operation, multicast: UnitAttr | None, buffer: MemDescType) -> None:
    if multicast is not None and not _broadcasts_across_ctas(buffer):
        raise VerifyException(f"'{op.name}' op multicast requires the shared layout to broadcast across CTAs")


def _check_tma_rows(op: Operation, desc: TensorDescBase, buffer: MemDescType, offsets: TensorType[Attribute]) -> None:
    """Triton's ``verifyAsyncTMAGatherScatterOp``: the gather/scatter shape rules on a
    whole (not sub-viewed) buffer, and row offsets that every lane of a warp holds, at
    least four consecutive ones per thread."""
    check_gather_scatter(op.name, desc, buffer, offsets)
    if len(buffer.alloc_shape) < 2 or buffer.shape != buffer.alloc_shape[-2:]:
        raise VerifyException(f"'{op.name}' op memdesc shape must match alloc shape")
    encoding = distributed_encoding(offsets)
    if encoding is None:
        return
    shape = list(offsets.get_shape())
    if contiguity_per_thread(encoding, shape)[0] < 4:
        raise VerifyException(f"'{op.name}' op x offsets must have at least 4 contiguous elements per thread")
    lanes = to_linear_layout(encoding, shape)
    if lanes.free_variable_masks()["lane"] != lanes.get_in_dim_size("lane") - 1:
        raise VerifyException(f"'{op.name}' op x offsets must be broadcasted across each warp")
    rows, offset_ctas = cga_bases(encoding_of(buffer)), cga_bases(encoding)
    if rows is not None and offset_ctas is not None and tuple(b[:1] for b in rows) != offset_ctas:
        raise VerifyException(f"'{op.name}' op x offsets must have the same row CGA layout as the memdesc")


_LOADS = (ReadsGlobalMemory(), WritesSharedMemory())
"""The effects of a TMA load, as Triton declares them: it reads global memory (its
descriptor's block) and writes shared memory."""

_STORES = (ReadsGlobalMemory(), ReadsSharedMemory(), WritesGlobalMemory())
"""The effects of a TMA store or reduction: it reads the descriptor and shared memory and
writes global memory."""


class _TMACopyOp(TTNGOp):
    """A TMA copy between global and shared memory, which may name a cache policy."""

    cache_policy = opt_prop_def(Attribute, prop_name="cachePolicy")

    irdl_options: tuple[IRDLOption, ...] = (ParsePropInAttrDict(),)

    def check_cache_policy(self) -> None:
        """Triton accepts only its ``#tt.cache_policy`` and ``#ttng.cache_policy`` attributes
        here, which this package does not define: any other value is refused."""
        if self.cache_policy is not None:
            raise VerifyException(f"'{self.name}' op unsupported TMA cache policy attribute {self.cache_policy}")


@irdl_op_definition
class AsyncTMACopyGlobalToLocalOp(_TMACopyOp):
    """``ttng.async_tma_copy_global_to_local %d[%i, %j] %buf, %bar, %pred : !tt.tensordesc<128x64xf16, #shared>,
    !ttg.memdesc<1xi64, #b, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>``

    Starts copying the descriptor's block at the given coordinates into the shared
    buffer, when ``pred`` holds; the mbarrier ``barrier`` counts the bytes that arrive.
    An im2col descriptor takes the tensor's 3 to 5 coordinates and ``offsets = [...]``
    (``i16``), two fewer; ``multicast`` copies into every CTA sharing the buffer.
    """

    name = "ttng.async_tma_copy_global_to_local"

    desc = operand_def(base(TensorDescType) | base(TensorDescIm2ColType))
    coord = var_operand_def(i32)
    offsets = var_operand_def(IntegerType(16))
    barrier = operand_def(MemDescType)
    result = operand_def(MemDescType)
    pred = operand_def(i1)
    multicast = opt_prop_def(UnitAttr)
    is_volatile = opt_prop_def(BoolAttr, default_value=BoolAttr(False, i1), prop_name="isVolatile")

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$desc `[` $coord `]` (`offsets` `=` `[` $offsets^ `]`)? $result `,` $barrier `,` $pred attr-dict "
        "`:` type($desc) `,` type($barrier) `->` type($result)"
    )

    traits = traits_def(*_LOADS)

    def verify_(self) -> None:
        if self.is_volatile is not None and self.is_volatile.value.data:
            raise VerifyException(f"'{self.name}' op volatile TMA loads are not supported")
        self.check_cache_policy()
        desc, result = _descriptor(self.desc), memdesc_type(self.result)
        _check_block_access(self, self.coord, desc, result)
        _check_tma_load(self, desc, memdesc_type(self.barrier), result)
        if isinstance(desc, TensorDescIm2ColType):
            expected = len(self.coord) - 2
            if not self.offsets:
                raise VerifyException(f"'{self.name}' op IM2COL mode requires offsets to be provided")
            if len(self.offsets) != expected:
                raise VerifyException(
                    f"'{self.name}' op IM2COL mode with {len(self.coord)}D coordinates requires {expected} offsets, "
                    f"but got {len(self.offsets)}"
                )
        elif self.offsets:
            raise VerifyException(f"'{self.name}' op TILED mode does not support offsets")
        _check_multicast(self, self.multicast, result)


@irdl_op_definition
class AsyncTMACopyLocalToGlobalOp(_TMACopyOp):
    """``ttng.async_tma_copy_local_to_global %d[%i, %j] %buf : !tt.tensordesc<128x64xf16, #shared>,
    !ttg.memdesc<128x64xf16, #shared, #smem, mutable>``

    Starts writing the shared buffer to the descriptor's block at the given coordinates;
    ``ttng.async_tma_store_wait`` waits for it.
    """

    name = "ttng.async_tma_copy_local_to_global"

    desc = operand_def(TensorDescType)
    coord = var_operand_def(i32)
    src = operand_def(MemDescType)

    assembly_format = "$desc `[` $coord `]` $src attr-dict `:` type($desc) `,` type($src)"

    traits = traits_def(*_STORES)

    def verify_(self) -> None:
        self.check_cache_policy()
        _check_block_store(self, self.desc, self.coord, self.src)


def _reduces(kind: str, element: Attribute) -> bool:
    """Triton's ``AsyncTMAReduceOp::isSupportedReduceKind``: what ``cp.reduce.async.bulk.tensor`` combines."""
    width = element.width.data if isinstance(element, IntegerType) else None
    unsigned_i64 = width == 64 and isinstance(element, IntegerType) and element.signedness.data != Signedness.SIGNED
    half = isinstance(element, Float16Type | BFloat16Type)
    if kind == "add":
        return width == 32 or unsigned_i64 or isinstance(element, Float32Type) or half
    if kind in ("min", "max"):
        return width in (32, 64) or half
    if kind in ("and", "or", "xor"):
        return width in (32, 64)
    return False


@irdl_op_definition
class AsyncTMAReduceOp(BlockReduceOp, TTNGOp):
    """``ttng.async_tma_reduce add, %d[%i, %j] %buf : !tt.tensordesc<128x32xf32, #s>, !ttg.memdesc<128x32xf32, #s,
    #smem, mutable>``

    Starts combining the shared buffer into the descriptor's block with ``kind``,
    atomically per element (relaxed).
    """

    name = "ttng.async_tma_reduce"

    COORDINATES: ClassVar[str] = "coord"
    COMMA_BEFORE_SOURCE: ClassVar[bool] = False

    desc = operand_def(TensorDescType)
    coord = var_operand_def(i32)
    src = operand_def(MemDescType)

    traits = traits_def(*_STORES)

    def verify_(self) -> None:
        super().verify_()
        desc = _check_block_store(self, self.desc, self.coord, self.src)
        if not _reduces(self.kind_name, desc.element_type):
            raise VerifyException(
                f"'{self.name}' op unsupported reduce kind {self.kind_name} for element type "
                f"{quoted(desc.element_type)}"
            )


@irdl_op_definition
class AsyncTMAGatherOp(_TMACopyOp):
    """``ttng.async_tma_gather %d[%rows, %col] %buf, %bar, %pred : !tt.tensordesc<1x64xf16, #shared>,
    tensor<32xi32, #rows>, i32, !ttg.memdesc<1xi64, #b, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem,
    mutable>, i1``

    Starts copying row ``x_offsets[i]`` of a one-row descriptor, from column
    ``y_offset`` on, into row ``i`` of the shared buffer; the mbarrier counts the bytes.
    """

    name = "ttng.async_tma_gather"

    desc = operand_def(TensorDescType)
    x_offsets = operand_def(TensorType)
    y_offset = operand_def(i32)
    barrier = operand_def(MemDescType)
    result = operand_def(MemDescType)
    pred = operand_def(i1)
    multicast = opt_prop_def(UnitAttr)

    assembly_format = (
        "$desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred attr-dict `:` type(operands)"
    )

    traits = traits_def(*_LOADS)

    def verify_(self) -> None:
        offsets = check_row_offsets(self.name, self.x_offsets.type, (32,))
        self.check_cache_policy()
        desc, result = _descriptor(self.desc), memdesc_type(self.result)
        _check_tma_load(self, desc, memdesc_type(self.barrier), result)
        _check_not_fp4_padded(self, result)
        _check_multicast(self, self.multicast, result)
        _check_tma_rows(self, desc, result, offsets)


@irdl_op_definition
class AsyncTMAScatterOp(_TMACopyOp):
    """``ttng.async_tma_scatter %d[%rows, %col] %buf : !tt.tensordesc<1x128xbf16, #shared>, tensor<32xi32, #rows>,
    i32, !ttg.memdesc<32x128xbf16, #shared, #smem, mutable>``

    Starts writing row ``i`` of the shared buffer to row ``x_offsets[i]`` of a one-row
    descriptor, from column ``y_offset`` on.
    """

    name = "ttng.async_tma_scatter"

    desc = operand_def(TensorDescType)
    x_offsets = operand_def(TensorType)
    y_offset = operand_def(i32)
    src = operand_def(MemDescType)

    assembly_format = "$desc `[` $x_offsets `,` $y_offset `]` $src attr-dict `:` type(operands)"

    traits = traits_def(*_STORES)

    def verify_(self) -> None:
        offsets = check_row_offsets(self.name, self.x_offsets.type, (32,))
        self.check_cache_policy()
        desc, src = _descriptor(self.desc), memdesc_type(self.src)
        _check_tma_store(self, desc, src)
        _check_tma_rows(self, desc, src, offsets)


@irdl_op_definition
class TMAStoreWaitOp(TTNGOp):
    """``ttng.async_tma_store_wait {pendings = 0 : i32}``

    Waits until at most ``pendings`` TMA stores are in flight; with ``read_only``, only
    until they have read their shared buffers.  It has no declared effects, so it is
    never removed as dead.
    """

    name = "ttng.async_tma_store_wait"

    pendings = prop_def(IntegerAttr[I32])
    read_only = opt_prop_def(UnitAttr)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict"

    def __init__(self, pendings: int, read_only: bool = False) -> None:
        properties: dict[str, Attribute] = {"pendings": IntegerAttr(pendings, i32)}
        if read_only:
            properties["read_only"] = UnitAttr()
        super().__init__(properties=properties)


@irdl_op_definition
class ReinterpretTensorDescOp(TTNGOp):
    """``%d = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<128x64xf16, #shared>``

    The TMA descriptor stored at ``%p``, as a typed descriptor.
    """

    name = "ttng.reinterpret_tensor_descriptor"

    raw_desc = operand_def(PointerType)
    result = result_def(TensorDescType)

    assembly_format = "$raw_desc attr-dict `:` type($raw_desc) `to` type($result)"
    traits = traits_def(Pure())


TENSORMAP_FIELDS = {"elem_type": 15, "interleave_layout": 2, "swizzle_mode": 3, "fill_mode": 1}
"""``ttng.tensormap_create``'s ``i32`` attributes and the largest value of each."""


def _field_constraint(field: str) -> str:
    return (
        f"'ttng.tensormap_create' op attribute '{field}' failed to satisfy constraint: 32-bit signless integer "
        f"attribute whose value is non-negative whose maximum value is {TENSORMAP_FIELDS[field]}"
    )


@irdl_op_definition
class TensormapCreateOp(TTNGOp):
    """``ttng.tensormap_create %desc, %base, [%bm, %bn], [%m, %n], [%sm], [%em, %en] {elem_type = 1 : i32, ...}
    : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()``

    Writes a TMA descriptor at ``desc_ptr`` for the tensor at ``global_address``: box
    (block) dims, global dims, the strides of all but the innermost dim, and element
    strides, innermost first.
    """

    name = "ttng.tensormap_create"

    desc_ptr = operand_def(PointerType)
    global_address = operand_def(PointerType)
    box_dim = var_operand_def(i32)
    global_dim = var_operand_def(i32)
    global_stride = var_operand_def(i64)
    element_stride = var_operand_def(i32)
    elem_type = prop_def(IntegerAttr[I32])
    interleave_layout = prop_def(IntegerAttr[I32])
    swizzle_mode = prop_def(IntegerAttr[I32])
    fill_mode = prop_def(IntegerAttr[I32])

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(ReadsGlobalMemory(), WritesGlobalMemory())

    @classmethod
    def parse(cls, parser: Parser) -> TensormapCreateOp:
        pointers = [parser.parse_unresolved_operand()]
        parser.parse_punctuation(",")
        pointers.append(parser.parse_unresolved_operand())
        groups = parse_operand_lists(parser, 4)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
        parser.parse_punctuation("->")
        parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
        names = pointers + [name for group in groups for name in group]
        if len(types) != len(names):
            parser.raise_error(f"expected {len(names)} operand types, got {len(types)}")
        values = iter(parser.resolve_operand(name, type_) for name, type_ in zip(names, types))
        properties = {name: attributes.pop(name) for name in TENSORMAP_FIELDS if name in attributes}
        for name, value in properties.items():
            if not (isinstance(value, IntegerAttr) and 0 <= value.value.data <= TENSORMAP_FIELDS[name]):
                parser.raise_error(f"custom op '{cls.name}' {_field_constraint(name)}")
        op = cls.build(
            operands=[next(values), next(values), *([next(values) for _ in group] for group in groups)],
            properties=properties,
        )
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.desc_ptr)
        printer.print_string(", ")
        printer.print_operand(self.global_address)
        print_operand_lists(printer, (self.box_dim, self.global_dim, self.global_stride, self.element_stride))
        fields = {name: self.properties[name] for name in TENSORMAP_FIELDS}
        printer.print_op_attributes(dict(sorted((self.attributes | fields).items())))
        printer.print_string(" : (")
        printer.print_list((o.type for o in self.operands), printer.print_attribute)
        printer.print_string(") -> ()")

    def verify_(self) -> None:
        for field, largest in TENSORMAP_FIELDS.items():
            value = self.properties[field]
            assert isinstance(value, IntegerAttr)
            if not 0 <= value.value.data <= largest:
                raise VerifyException(_field_constraint(field))
        rank = len(self.box_dim)
        for what, count, expected in (
            ("global dim", len(self.global_dim), rank),
            ("global stride", len(self.global_stride), rank - 1),
            ("element stride", len(self.element_stride), rank),
        ):
            if count != expected:
                raise VerifyException(f"Rank mismatch for {what}. Got {count} but expected {expected % (1 << 64)}")


@irdl_op_definition
class TensormapFenceproxyAcquireOp(TTNGOp):
    """``ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>``: makes a descriptor written
    in global memory (``ttng.tensormap_create``) visible to the TMA unit."""

    name = "ttng.tensormap_fenceproxy_acquire"

    desc_ptr = operand_def(PointerType)

    assembly_format = "$desc_ptr attr-dict `:` type($desc_ptr)"
    traits = traits_def(WritesGlobalMemory())


OPS: list[type[Operation]] = [
    AsyncTMACopyGlobalToLocalOp,
    AsyncTMACopyLocalToGlobalOp,
    AsyncTMAReduceOp,
    AsyncTMAGatherOp,
    AsyncTMAScatterOp,
    TMAStoreWaitOp,
    ReinterpretTensorDescOp,
    TensormapCreateOp,
    TensormapFenceproxyAcquireOp,
]
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = [TensorDescIm2ColType]
"""The attributes and types of this family."""
