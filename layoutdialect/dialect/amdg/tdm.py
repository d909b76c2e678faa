"""The ``amdg`` ops of the tensor data mover (TDM): asynchronous copies between a tensor
descriptor's block (or rows) and shared memory, descriptor updates, and L2 prefetches."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import ClassVar

from xdsl.dialects.builtin import BoolAttr, DenseArrayBase, IntegerAttr, TensorType, UnitAttr, i1, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    AttrSizedOperandSegments,
    SameVariadicOperandSize,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import EffectInstance, MemoryEffect, Pure

from layoutdialect.dialect.amdg.base import (
    ASYNC_TOKEN,
    CACHE_MODIFIERS,
    I1,
    I32_SCALAR,
    MEMDESC,
    ONE,
    TENSORDESC,
    TOKEN,
    AMDGOp,
    check_problem,
    descriptor_type,
    enum_problem,
    failed_to_verify,
    i32_problem,
    ranked,
    signless,
    values_of,
)
from layoutdialect.dialect.amdg.syntax import (
    expect,
    finish,
    parse_attributes,
    parse_indexed,
    parse_operand_list,
    parse_signature,
    print_attributes,
    print_indexed,
    print_keyword_operand,
    print_operands,
    print_signature,
    refuse,
    resolve,
)
from layoutdialect.dialect.memory_resources import (
    ReadsGlobalMemory,
    ReadsSharedMemory,
    WritesGlobalMemory,
    WritesL2Cache,
    WritesSharedMemory,
)
from layoutdialect.dialect.semantics import distributed_encoding
from layoutdialect.dialect.tt.descriptors import TensorDescType
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.ttg.attributes import encoding_attr
from layoutdialect.dialect.ttg.custom_format import memdesc_type, op_error
from layoutdialect.dialect.ttg.layout_checks import kernel_attributes
from layoutdialect.dialect.ttg.tensors import encoding_of, tensor_type
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.encodings import (
    PaddedSharedEncoding,
    PartitionedSharedEncoding,
    SharedEncoding,
    SwizzledSharedEncoding,
    to_linear_layout,
)
from layoutdialect.encodings.blocked import default_blocked_encoding
from layoutdialect.f2 import LinearLayout

__all__ = [
    "AsyncTDMCopyGlobalToLocalOp",
    "AsyncTDMCopyLocalToGlobalOp",
    "AsyncTDMFusedCopyGlobalToLocalOp",
    "AsyncTDMGatherOp",
    "AsyncTDMScatterOp",
    "TDMPrefetchOp",
    "UpdateTensorDescriptorOp",
    "prefetch_offsets_type",
]

MAX_TDM_BLOCK = (1 << 16) - 1
"""The largest block dimension a TDM descriptor may have (a ``uint16``)."""

L2_PREFETCH_BYTES = 256
"""What one ``tdm_prefetch`` instruction brings into L2."""

ROW_INDICES = ranked(
    "16-bit signless integer or 32-bit signless integer", lambda t: signless(16)(t) or signless(32)(t), ranked=False
)


def _shared(memdesc: MemDescType) -> SharedEncoding | None:
    encoding = encoding_of(memdesc)
    return encoding if isinstance(encoding, SharedEncoding) else None


def _check_tdm_common(op: Operation, desc: TensorDescType, memdesc: MemDescType) -> None:
    """Triton's ``verifyTDMCommonLayout``: block dims fit 16 bits, and no swizzling."""
    for dim, size in enumerate(desc.shape):
        if size > MAX_TDM_BLOCK:
            raise op_error(op, f"TDM block dimension {dim} ({size}) exceeds maximum size of {MAX_TDM_BLOCK}")
    encoding = _shared(memdesc)
    if isinstance(encoding, SwizzledSharedEncoding) and encoding.max_phase != 1:
        raise op_error(op, "TDM does not support swizzling")


def _check_tdm_load_layout(op: Operation, memdesc: MemDescType) -> None:
    """Triton's ``verifyTDMSharedMemoryEncoding``: a padded or unswizzled layout, or a
    partition of one, with paddings of at least 1 dword every 2 or more dwords."""
    encoding = _shared(memdesc)
    if isinstance(encoding, PartitionedSharedEncoding):
        inner = encoding.partition_layout
        if isinstance(inner, SwizzledSharedEncoding) and inner.max_phase != 1:
            raise op_error(op, "TDM does not support swizzling in partitioned layout")
        if not isinstance(inner, PaddedSharedEncoding | SwizzledSharedEncoding):
            raise op_error(op, "Invalid inner layout for partitioned shared memory in TDM")
    elif not isinstance(encoding, PaddedSharedEncoding | SwizzledSharedEncoding):
        raise op_error(op, "Invalid shared memory layout for TDM")
    if isinstance(encoding, PaddedSharedEncoding):
        bits = bit_width(memdesc.element_type) or 0
        for interval, padding in zip(encoding.intervals, encoding.paddings):
            if interval * bits // 32 < 2:
                raise op_error(op, "TDM padding interval must be at least 2 dwords")
            if padding * bits // 32 < 1:
                raise op_error(op, "TDM padding amount must be at least 1 dword")


def _check_tdm_consistency(op: Operation, desc: TensorDescType, memdesc: MemDescType) -> None:
    """Triton's ``verifyTDMLayoutConsistency``: the descriptor's shared layout, when it has
    one, is the allocation's (or the allocation's partition layout, or a padded layout
    with the same padding).  Descriptors and allocations of different ranks, which Triton
    compares after dropping leading unit dims, are not checked."""
    expected = desc.shared_layout
    actual = memdesc.encoding
    if expected is None or expected == actual or len(desc.shape) != len(memdesc.get_shape()):
        return
    desc_layout, alloc_layout = getattr(expected, "data", None), getattr(actual, "data", None)
    if isinstance(alloc_layout, PartitionedSharedEncoding) and not isinstance(desc_layout, PartitionedSharedEncoding):
        alloc_layout = alloc_layout.partition_layout
        if desc_layout == alloc_layout:
            return
    if (
        isinstance(desc_layout, PaddedSharedEncoding)
        and isinstance(alloc_layout, PaddedSharedEncoding)
        and (desc_layout.intervals, desc_layout.paddings) == (alloc_layout.intervals, alloc_layout.paddings)
    ):
        return
    if isinstance(desc_layout, SwizzledSharedEncoding) and desc.shape != memdesc.get_shape():
        return
    raise op_error(
        op,
        f"shared layout of the tensor descriptor ({expected}) is inconsistent with the shared memory "
        f"allocation layout ({actual}); TDM accesses shared memory through the descriptor's layout, so the "
        "allocation must describe the same physical layout, up to leading unit dimensions dropped by a "
        "rank-reducing access",
    )


def _check_warp_hint(op: Operation, hint: int) -> None:
    """Triton's ``validateWarpUsedHint``: a nonzero mask of the kernel's warps whose
    active warps are those with some warp-id bits pinned (``K`` of them, a power of two)."""
    warps = kernel_attributes(op).num_warps
    if warps is None:
        return
    if warps & (warps - 1):
        raise op_error(op, f"num_warps must be a power of two when using warp_used_hint, got {warps}")
    if warps >= 32:
        raise op_error(op, f"num_warps must be less than 32 when using warp_used_hint, got {warps}")
    if hint == 0:
        raise op_error(op, "warp_used_hint must have at least one bit set")
    if hint >> warps:
        raise op_error(op, f"warp_used_hint = {hint:#x} sets bits beyond num_warps = {warps}")
    active = hint.bit_count()
    if active & (active - 1):
        raise op_error(op, f"popcount(warp_used_hint) = {active} must be a power of two (got hint {hint:#x})")
    first = (hint & -hint).bit_length() - 1
    support = 0
    for warp in range(warps):
        if hint >> warp & 1:
            support |= warp ^ first
    log_active = active.bit_length() - 1
    if support.bit_count() != log_active:
        raise op_error(
            op,
            f"warp_used_hint = {hint:#x} is not axis-aligned: K = {active} active warps must span "
            f"exactly log2(K) = {log_active} warpId bit positions",
        )


def _check_hint_fits_partition(op: Operation, memdesc: MemDescType, hint: int, member: int | None = None) -> None:
    """With a partitioned layout the hinted copy is one instruction: its logical pieces
    must divide the active warps."""
    encoding = _shared(memdesc)
    if not isinstance(encoding, PartitionedSharedEncoding):
        return
    pieces = encoding.num_partitions * encoding.num_groups
    active = hint.bit_count()
    if active % pieces == 0:
        return
    detail = (
        f" (member {member} got K = {active}, numLogicalPieces = {pieces})"
        if member is not None
        else f" (got K = {active}, numLogicalPieces = {pieces}, partitionDim = {encoding.partition_dim})"
    )
    raise op_error(
        op,
        f"warp_used_hint with a partitioned shared encoding must select K active warps such that "
        f"numLogicalPieces divides K so the copy fits in a single TDM instruction{detail}",
    )


def _attribute_problem(op_name: str, values: Mapping[str, Attribute | None]) -> str | None:
    """MLIR's message for a ``cache`` among ``values`` that is no ``CacheModifier``, or a
    ``warp_used_hint`` that is no ``I32Attr``; ``None`` when neither is wrong."""
    return enum_problem(op_name, "cache", values.get("cache"), CACHE_MODIFIERS) or i32_problem(
        op_name, "warp_used_hint", values.get("warp_used_hint")
    )


def _unpartitioned_padding(op: Operation, memdesc: MemDescType) -> PaddedSharedEncoding | None:
    """The buffer's padded layout, ``None`` for an unswizzled one; any other is refused."""
    encoding = _shared(memdesc)
    if not isinstance(encoding, PaddedSharedEncoding | SwizzledSharedEncoding):
        raise op_error(op, "Invalid shared memory layout for TDM")
    return encoding if isinstance(encoding, PaddedSharedEncoding) else None


def _check_store_padding(op: Operation, kind: str, desc: TensorDescType, padded: PaddedSharedEncoding | None) -> None:
    """A TDM store or scatter reads a padded buffer only with one padding, every innermost block row."""
    if padded is None:
        return
    if len(padded.intervals) != 1:
        raise op_error(op, f"TDM {kind} only supports single interval paddings.")
    if padded.intervals[0] != desc.shape[-1]:
        raise op_error(
            op,
            f"TDM {kind} padding is only supported when padding interval equals the innermost block "
            f"dimension (got padInterval={padded.intervals[0]}, innermost dimension={desc.shape[-1]})",
        )


class WritesGivenBarrier(MemoryEffect):
    """A TDM store's barrier operand: ``MemWrite<SharedMemory>`` on it, when given."""

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance]:
        assert isinstance(op, _TDMCopyOp)
        return WritesSharedMemory.EFFECTS if op.barrier is not None else frozenset()


class _TDMCopyOp(AMDGOp):
    """``amdg.async_tdm_<op> %desc[%rows] <keyword> %buf, barrier = %b attr-dict : <types>, <barrier type> -> <type>``:
    a copy with the tensor data mover between a descriptor's block (or rows, for gathers and
    scatters) and a shared-memory buffer; the barrier, when given, is arrived at on
    completion.  The types are the operands', in order, but for the one written after ``->``."""

    KEYWORD: ClassVar[str]
    """What introduces the buffer: ``into``, ``from`` or ``to``."""
    ROWS: ClassVar[bool] = False
    """Whether row indices follow the descriptor (``%desc[%rows]``)."""
    DESC_LAST: ClassVar[bool] = True
    """Whether the descriptor's type is the one after ``->`` (else the buffer's)."""

    barrier = opt_operand_def(MEMDESC)

    @classmethod
    def parse(cls, parser: Parser) -> _TDMCopyOp:
        names = list(parse_indexed(parser)) if cls.ROWS else [parser.parse_unresolved_operand()]
        parser.parse_keyword(cls.KEYWORD)
        names.append(parser.parse_unresolved_operand())
        barrier = None
        if parser.parse_optional_punctuation(",") is not None:
            parser.parse_keyword("barrier")
            expect(parser, "=")
            barrier = parser.parse_unresolved_operand()
        attr_dict = parse_attributes(parser, cls)
        refuse(parser, cls.name, _attribute_problem(cls.name, attr_dict.properties))
        types, (last_type,) = parse_signature(parser, len(names) - 1 + (barrier is not None), 1)
        types.insert(0 if cls.DESC_LAST else len(names) - 1, last_type)
        # The barrier's type, when there is one, is the last before ``->``: now the last of all.
        operands = [*(parser.resolve_operand(n, t) for n, t in zip(names, types)), resolve(parser, barrier, types[-1])]
        return finish(cls.build(operands=operands, result_types=[ASYNC_TOKEN]), attr_dict)

    def print(self, printer: Printer) -> None:
        copied = list(self.operands[: len(self.operands) - (self.barrier is not None)])
        printer.print_string(" ")
        if self.ROWS:
            print_indexed(printer, copied[0], copied[1])
        else:
            printer.print_operand(copied[0])
        printer.print_string(f" {self.KEYWORD} ")
        printer.print_operand(copied[-1])
        if self.barrier is not None:
            printer.print_string(", barrier = ")
            printer.print_operand(self.barrier)
        print_attributes(printer, self)
        last = copied.pop(0 if self.DESC_LAST else -1)
        print_signature(printer, [v.type for v in [*copied, *values_of(self.barrier)]], [last.type])

    def verify_attributes(self) -> None:
        check_problem(_attribute_problem(self.name, self.properties))


@irdl_op_definition
class AsyncTDMCopyGlobalToLocalOp(_TDMCopyOp):
    """``%t = amdg.async_tdm_copy_global_to_local %desc into %buf, barrier = %bar {warp_used_hint = 3 : i32}
    : !tt.tensordesc<64x64xf16, #s>, !ttg.memdesc<1xi64, #b, #smem, mutable> -> !ttg.memdesc<64x64xf16, #s, #smem,
    mutable>``

    Starts copying the descriptor's block into the buffer with the tensor data mover; a
    barrier, when given, is arrived at on completion.  ``warp_used_hint`` selects the
    warps that issue it.
    """

    name = "amdg.async_tdm_copy_global_to_local"
    KEYWORD: ClassVar[str] = "into"
    DESC_LAST: ClassVar[bool] = False

    desc = operand_def(TENSORDESC)
    result = operand_def(MEMDESC)
    cache = prop_def(AnyAttr(), default_value=ONE)
    warp_used_hint = opt_prop_def(AnyAttr())
    token = result_def(TOKEN)

    traits = traits_def(ReadsGlobalMemory(), WritesSharedMemory())

    def __init__(self, desc: SSAValue, result: SSAValue, barrier: SSAValue | None = None) -> None:
        super().__init__(operands=[desc, result, barrier], result_types=[ASYNC_TOKEN])

    def verify_(self) -> None:
        self.verify_attributes()
        desc, memdesc = descriptor_type(self.desc), memdesc_type(self.result)
        _check_tdm_common(self, desc, memdesc)
        _check_tdm_load_layout(self, memdesc)
        if isinstance(hint := self.warp_used_hint, IntegerAttr):
            mask = hint.value.data & 0xFFFFFFFF
            _check_warp_hint(self, mask)
            _check_hint_fits_partition(self, memdesc, mask)
        _check_tdm_consistency(self, desc, memdesc)


@irdl_op_definition
class AsyncTDMFusedCopyGlobalToLocalOp(AMDGOp):
    """``%t = amdg.async_tdm_fused_copy_global_to_local %a, %b into %da, %db {warp_used_hints = array<i32: 3, 12>}
    : !tt.tensordesc<..>, !tt.tensordesc<..> -> !ttg.memdesc<..>, !ttg.memdesc<..>``

    Two to four TDM copies issued as one, each by the disjoint set of warps its hint names.
    """

    name = "amdg.async_tdm_fused_copy_global_to_local"

    descs = var_operand_def(TENSORDESC)
    dests = var_operand_def(MEMDESC)
    warp_used_hints = prop_def(DenseArrayBase)
    cache = prop_def(AnyAttr(), default_value=ONE)
    token = result_def(TOKEN)

    irdl_options = (SameVariadicOperandSize(),)
    traits = traits_def(ReadsGlobalMemory(), WritesSharedMemory())

    def __init__(self, descs: Sequence[SSAValue], dests: Sequence[SSAValue], hints: Sequence[int]) -> None:
        super().__init__(
            operands=[descs, dests],
            result_types=[ASYNC_TOKEN],
            properties={"warp_used_hints": DenseArrayBase.from_list(i32, list(hints))},
        )

    @classmethod
    def parse(cls, parser: Parser) -> AsyncTDMFusedCopyGlobalToLocalOp:
        descs = parse_operand_list(parser, parser.Delimiter.NONE)
        parser.parse_keyword("into")
        dests = parse_operand_list(parser, parser.Delimiter.NONE)
        attr_dict = parse_attributes(parser, cls)
        refuse(parser, cls.name, _attribute_problem(cls.name, attr_dict.properties))
        desc_types, dest_types = parse_signature(parser, None, None)
        if len(desc_types) != len(descs) or len(dest_types) != len(dests):
            parser.raise_error("expected one type per descriptor and per destination")
        hints = attr_dict.properties.get("warp_used_hints")
        if not isinstance(hints, DenseArrayBase):
            parser.raise_error(f"'{cls.name}' op requires attribute 'warp_used_hints'")
        op = cls(
            [parser.resolve_operand(n, t) for n, t in zip(descs, desc_types)],
            [parser.resolve_operand(n, t) for n, t in zip(dests, dest_types)],
            [int(v) for v in hints.get_values()],
        )
        return finish(op, attr_dict)

    def print(self, printer: Printer) -> None:
        print_operands(printer, self.descs)
        printer.print_string(" into ")
        printer.print_list(self.dests, printer.print_operand)
        print_attributes(printer, self)
        print_signature(printer, [d.type for d in self.descs], [d.type for d in self.dests])

    def verify_attributes(self) -> None:
        check_problem(_attribute_problem(self.name, self.properties))

    def verify_(self) -> None:
        self.verify_attributes()
        members = len(self.descs)
        if not 2 <= members <= 4:
            raise op_error(self, "requires 2 to 4 members")
        if len(self.dests) != members:
            raise op_error(self, "requires the same number of descriptors and destinations")
        hints = [int(v) & 0xFFFFFFFF for v in self.warp_used_hints.get_values()]
        if len(hints) != members:
            raise op_error(self, "requires one warp_used_hint per member")
        rank = len(descriptor_type(self.descs[0]).shape)
        used = 0
        for member, (desc_value, dest_value, hint) in enumerate(zip(self.descs, self.dests, hints)):
            desc, memdesc = descriptor_type(desc_value), memdesc_type(dest_value)
            _check_tdm_common(self, desc, memdesc)
            _check_tdm_load_layout(self, memdesc)
            _check_tdm_consistency(self, desc, memdesc)
            if len(desc.shape) != rank:
                raise op_error(self, "requires all member descriptors to have the same rank")
            _check_warp_hint(self, hint)
            if used & hint:
                raise op_error(self, "requires pairwise-disjoint warp_used_hint values")
            used |= hint
            _check_hint_fits_partition(self, memdesc, hint, member)


@irdl_op_definition
class AsyncTDMCopyLocalToGlobalOp(_TDMCopyOp):
    """``%t = amdg.async_tdm_copy_local_to_global %desc from %buf : !ttg.memdesc<64x64xf16, #s, #smem>
    -> !tt.tensordesc<64x64xf16, #s>``

    Starts copying the buffer to the descriptor's block with the tensor data mover.
    """

    name = "amdg.async_tdm_copy_local_to_global"
    KEYWORD: ClassVar[str] = "from"

    desc = operand_def(TENSORDESC)
    src = operand_def(MEMDESC)
    cache = prop_def(AnyAttr(), default_value=ONE)
    token = result_def(TOKEN)

    traits = traits_def(ReadsSharedMemory(), WritesGlobalMemory(), WritesGivenBarrier())

    def __init__(self, desc: SSAValue, src: SSAValue, barrier: SSAValue | None = None) -> None:
        super().__init__(operands=[desc, src, barrier], result_types=[ASYNC_TOKEN])

    def verify_(self) -> None:
        self.verify_attributes()
        desc, memdesc = descriptor_type(self.desc), memdesc_type(self.src)
        _check_tdm_common(self, desc, memdesc)
        _check_store_padding(self, "store", desc, _unpartitioned_padding(self, memdesc))
        _check_tdm_consistency(self, desc, memdesc)


class _TDMRowsOp(_TDMCopyOp):
    """``amdg.async_tdm_<gather|scatter> %desc[%rows] <to|from> %buf[, barrier = %b] : <rows type>, <buf type>
    [, <barrier type>] -> <desc type>``: rows of a 2-D descriptor's tensor, named by 1-D
    ``i16`` or ``i32`` indices, moved between global and shared memory."""

    ROWS: ClassVar[bool] = True
    INDICES: ClassVar[str]
    """The name of the row indices in Triton's messages."""
    KIND: ClassVar[str]
    """``gather`` or ``scatter``."""

    def __init__(self, desc: SSAValue, rows: SSAValue, buffer: SSAValue, barrier: SSAValue | None = None) -> None:
        super().__init__(operands=[desc, rows, buffer, barrier], result_types=[ASYNC_TOKEN])

    def _verify_rows(self) -> tuple[TensorDescType, TensorType[Attribute], MemDescType, PaddedSharedEncoding | None]:
        """The checks gathers and scatters share; the descriptor, the indices, the buffer
        and its padded layout back."""
        desc_value, rows_value, buffer_value = self.operands[:3]
        desc, rows, memdesc = descriptor_type(desc_value), tensor_type(rows_value), memdesc_type(buffer_value)
        if len(desc.shape) != 2:
            raise op_error(self, f"TDM {self.KIND} only supports 2D tensors, got {len(desc.shape)}D")
        _check_tdm_common(self, desc, memdesc)
        padded = _unpartitioned_padding(self, memdesc)
        if (bit_width(memdesc.element_type) or 0) < 8:
            raise op_error(self, f"TDM {self.KIND} requires element types of at least 8 bits")
        if len(rows.get_shape()) != 1:
            raise op_error(self, f"{self.INDICES} must be a 1D tensor")
        count = rows.get_shape()[0]
        if count & (count - 1):
            raise op_error(self, f"{self.INDICES} size must be a power of 2, got {count}")
        return desc, rows, memdesc, padded


@irdl_op_definition
class AsyncTDMGatherOp(_TDMRowsOp):
    """``%t = amdg.async_tdm_gather %desc[%rows] to %buf : tensor<8xi32, #l>, !ttg.memdesc<8x64xf16, #s, #smem,
    mutable> -> !tt.tensordesc<8x64xf16, #s>``

    Starts copying the descriptor tensor's rows ``rows`` into the buffer, in order; every
    lane of a warp must hold the same indices.
    """

    name = "amdg.async_tdm_gather"
    KEYWORD: ClassVar[str] = "to"
    INDICES: ClassVar[str] = "src_row_indices"
    KIND: ClassVar[str] = "gather"

    desc = operand_def(TENSORDESC)
    src_row_indices = operand_def(ROW_INDICES)
    dst = operand_def(MEMDESC)
    token = result_def(TOKEN)

    traits = traits_def(ReadsGlobalMemory(), WritesSharedMemory())

    def verify_(self) -> None:
        desc, rows, memdesc, padded = self._verify_rows()
        if padded is not None:
            if len(padded.intervals) != 1 or len(padded.paddings) != 1:
                raise op_error(self, "TDM gather does not support multiple interval-padding pairs")
            if desc.shape[-1] % padded.intervals[0]:
                raise op_error(
                    self,
                    f"TDM gather padding interval must divide the innermost block dimension "
                    f"(got padInterval={padded.intervals[0]}, innermost dimension={desc.shape[-1]})",
                )
        encoding = _shared(memdesc)
        assert isinstance(encoding, PaddedSharedEncoding | SwizzledSharedEncoding)
        if encoding.order[0] != len(encoding.order) - 1:
            raise op_error(self, "TDM gather only supports row-major shared order")
        rows_encoding = distributed_encoding(rows)
        if rows_encoding is not None:
            rows_layout = to_linear_layout(rows_encoding, list(rows.get_shape()))
            lanes = rows_layout.get_in_dim_size("lane")
            if rows_layout.free_variable_masks()["lane"] != lanes - 1:
                raise op_error(
                    self,
                    "index layout distributes values across lanes, which is incompatible with the "
                    "warp-level TDM instruction. Change layout to broadcast the same indices to all lanes in a warp.",
                )
            self._verify_row_blocks(rows_layout, memdesc, padded)
        _check_tdm_consistency(self, desc, memdesc)

    def _verify_row_blocks(
        self, rows_layout: LinearLayout, memdesc: MemDescType, padded: PaddedSharedEncoding | None
    ) -> None:
        """The indices name rows only, so across CTAs they must be split as the buffer's rows are."""
        encoding = _shared(memdesc)
        assert encoding is not None
        shared = padded.linear_component if padded is not None else to_linear_layout(encoding, memdesc.get_shape())
        rows_blocks, shared_blocks = (dict(layout.bases).get("block", []) for layout in (rows_layout, shared))
        if bool(rows_blocks) != bool(shared_blocks):
            raise op_error(
                self,
                "TDM gather index and destination layout must both have a block basis or neither have a block basis",
            )
        if rows_blocks and not rows_layout.sublayout(["block"], ["dim0"]).equal_ignoring_out_dim_sizes(
            shared.sublayout(["block"], ["dim0"])
        ):
            raise op_error(
                self, "TDM gather index and shared encoding must have the same block basis for the row dimension"
            )


@irdl_op_definition
class AsyncTDMScatterOp(_TDMRowsOp):
    """``%t = amdg.async_tdm_scatter %desc[%rows] from %buf : tensor<8xi32, #l>, !ttg.memdesc<8x64xf16, #s, #smem,
    mutable> -> !tt.tensordesc<8x64xf16>``

    Starts copying the buffer's rows to the descriptor tensor's rows ``rows``.
    """

    name = "amdg.async_tdm_scatter"
    KEYWORD: ClassVar[str] = "from"
    INDICES: ClassVar[str] = "dst_row_indices"
    KIND: ClassVar[str] = "scatter"

    desc = operand_def(TENSORDESC)
    dst_row_indices = operand_def(ROW_INDICES)
    src = operand_def(MEMDESC)
    ret_token = result_def(TOKEN)

    traits = traits_def(ReadsSharedMemory(), WritesGlobalMemory(), WritesGivenBarrier())

    def verify_(self) -> None:
        desc, _, memdesc, padded = self._verify_rows()
        _check_store_padding(self, self.KIND, desc, padded)
        _check_tdm_consistency(self, desc, memdesc)


@irdl_op_definition
class UpdateTensorDescriptorOp(AMDGOp):
    """``%d1 = amdg.update_tensor_descriptor %d add_offsets = [%x, %y] set_bounds = [%m, %n] pred = %p
    : !tt.tensordesc<64x64xf16, #shared>``

    The descriptor with its base moved by ``add_offsets`` elements, its bounds set (or,
    with ``clamp_bounds``, reduced by the offsets) and its predicate replaced.
    """

    name = "amdg.update_tensor_descriptor"

    desc = operand_def(TENSORDESC)
    add_offsets = var_operand_def(I32_SCALAR)
    set_bounds = var_operand_def(I32_SCALAR)
    pred = opt_operand_def(I32_SCALAR)
    clamp_bounds = opt_prop_def(UnitAttr)
    result = result_def(TENSORDESC)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())

    def __init__(
        self,
        desc: SSAValue,
        add_offsets: Sequence[SSAValue] = (),
        set_bounds: Sequence[SSAValue] = (),
        pred: SSAValue | None = None,
    ) -> None:
        super().__init__(operands=[desc, add_offsets, set_bounds, pred], result_types=[desc.type])

    @classmethod
    def parse(cls, parser: Parser) -> UpdateTensorDescriptorOp:
        desc = parser.parse_unresolved_operand()
        lists: dict[str, list[UnresolvedOperand]] = {}
        pred = None
        while (keyword := parser.parse_optional_keyword_in(("add_offsets", "set_bounds", "pred"))) is not None:
            if keyword in lists or (keyword == "pred" and pred is not None):
                parser.raise_error(
                    f"`{keyword}` clause can appear at most once in the expansion of the oilist directive"
                )
            expect(parser, "=")
            if keyword == "pred":
                pred = parser.parse_unresolved_operand()
            else:
                lists[keyword] = parse_operand_list(parser, parser.Delimiter.SQUARE)
        attr_dict = parse_attributes(parser, cls)
        (desc_type,), _ = parse_signature(parser, 1)
        op = cls(
            parser.resolve_operand(desc, desc_type),
            [parser.resolve_operand(n, i32) for n in lists.get("add_offsets", [])],
            [parser.resolve_operand(n, i32) for n in lists.get("set_bounds", [])],
            resolve(parser, pred, i32),
        )
        return finish(op, attr_dict)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.desc)
        for keyword, values in (("add_offsets", self.add_offsets), ("set_bounds", self.set_bounds)):
            if values:
                printer.print_string(f" {keyword} = [")
                printer.print_list(values, printer.print_operand)
                printer.print_string("]")
        print_keyword_operand(printer, "pred", self.pred)
        print_attributes(printer, self)
        print_signature(printer, [self.desc.type])

    def verify_(self) -> None:
        if self.result.type != self.desc.type:
            raise failed_to_verify(self, "result type matches desc type")
        rank = len(descriptor_type(self.desc).shape)
        for keyword, values in (("add_offsets", self.add_offsets), ("set_bounds", self.set_bounds)):
            if values and len(values) != rank:
                raise op_error(self, f"expected {rank} {keyword} to match descriptor rank, got {len(values)}")
        if not self.add_offsets and not self.set_bounds and self.pred is None:
            raise op_error(self, "must provide at least one of add_offsets, set_bounds, or pred")
        if self.clamp_bounds is not None:
            if not self.add_offsets:
                raise op_error(self, "clamp_bounds requires add_offsets")
            if self.set_bounds:
                raise op_error(self, "clamp_bounds and set_bounds are mutually exclusive")


def prefetch_offsets_type(op: Operation, desc: TensorDescType) -> TensorType[Attribute]:
    """Triton's ``TDMPrefetchOp::inferReturnTypes``: the ``i64`` byte offsets of each
    256-byte prefetch of the block, in the default blocked layout of the kernel."""
    bits = bit_width(desc.element_type) or 8
    per_prefetch = L2_PREFETCH_BYTES * 8 // bits
    shape = list(desc.shape)
    shape[-1] = -(-shape[-1] // per_prefetch)
    kernel = kernel_attributes(op)
    encoding = default_blocked_encoding(shape, kernel.num_warps or 4, kernel.threads_per_warp, kernel.num_ctas)
    return TensorType(i64, shape, encoding_attr(encoding))


@irdl_op_definition
class TDMPrefetchOp(AMDGOp):
    """``amdg.tdm_prefetch %desc[%i, %j], %pred, speculative = false : !tt.tensordesc<64x64xf16, #shared>``

    Brings the descriptor's block at ``[i, j]`` into L2 where ``pred`` holds; a speculative
    prefetch is dropped when its address is not translated yet.  With ``returnOffsets``
    (for tests) it also yields the byte offsets it prefetches.
    """

    name = "amdg.tdm_prefetch"

    desc = operand_def(TENSORDESC)
    indices = var_operand_def(I32_SCALAR)
    pred = operand_def(I1)
    speculative = prop_def(BoolAttr)
    return_offsets = opt_prop_def(UnitAttr, prop_name="returnOffsets")
    maybe_offsets = opt_result_def(AnyAttr())

    traits = traits_def(ReadsGlobalMemory(), WritesL2Cache())

    def __init__(
        self,
        desc: SSAValue,
        indices: Sequence[SSAValue],
        pred: SSAValue,
        speculative: bool,
        offsets_type: Attribute | None = None,
    ) -> None:
        """A prefetch; with ``offsets_type``, one that returns its offsets (``returnOffsets``)."""
        super().__init__(
            operands=[desc, indices, pred],
            result_types=[[] if offsets_type is None else [offsets_type]],
            properties={"speculative": BoolAttr.from_bool(speculative)}
            | ({} if offsets_type is None else {"returnOffsets": UnitAttr()}),
        )

    @classmethod
    def parse(cls, parser: Parser) -> TDMPrefetchOp:
        """Triton infers the offsets' type when ``returnOffsets`` has no ``-> type``; this
        parser, which sees no enclosing kernel yet, asks for it."""
        desc = parser.parse_unresolved_operand()
        indices = parse_operand_list(parser, parser.Delimiter.SQUARE)
        expect(parser, ",")
        pred = parser.parse_unresolved_operand()
        expect(parser, ",")
        parser.parse_keyword("speculative")
        expect(parser, "=")
        speculative = parser.parse_boolean()
        returns = parser.parse_optional_keyword("returnOffsets") is not None
        attr_dict = parse_attributes(parser, cls, ("speculative", "returnOffsets"))
        (desc_type,), _ = parse_signature(parser, 1)
        offsets_type = parser.parse_type() if parser.parse_optional_punctuation("->") is not None else None
        if returns != (offsets_type is not None):
            parser.raise_error("'returnOffsets' and the '-> type' of the offsets go together")
        op = cls(
            parser.resolve_operand(desc, desc_type),
            [parser.resolve_operand(n, i32) for n in indices],
            parser.resolve_operand(pred, i1),
            speculative,
            offsets_type,
        )
        return finish(op, attr_dict)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.desc)
        printer.print_string("[")
        printer.print_list(self.indices, printer.print_operand)
        printer.print_string("], ")
        printer.print_operand(self.pred)
        printer.print_string(f", speculative = {'true' if self.speculative.value.data else 'false'}")
        if self.return_offsets is not None:
            printer.print_string(" returnOffsets")
        print_attributes(printer, self, ("speculative", "returnOffsets"))
        print_signature(printer, [self.desc.type], [r.type for r in values_of(self.maybe_offsets)])

    def verify_(self) -> None:
        expected = None if self.return_offsets is None else prefetch_offsets_type(self, descriptor_type(self.desc))
        actual = None if self.maybe_offsets is None else self.maybe_offsets.type
        if expected != actual:
            inferred = "" if expected is None else f"'{expected}'"
            returned = "" if actual is None else f"'{actual}'"
            raise op_error(
                self, f"inferred type(s) {inferred} are incompatible with return type(s) of operation {returned}"
            )
