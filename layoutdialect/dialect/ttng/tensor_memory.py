"""Blackwell tensor memory: its encodings and memory space, ``ttng.tmem_*`` and the
``ttng.tc_gen5_mma`` family.

A ``!ttg.memdesc`` in tensor memory has the memory space ``#ttng.tensor_memory`` and
the encoding ``#ttng.tensor_memory_encoding`` (an accumulator or operand tile: 128 lanes
of 32-bit columns, filled in ``blockM x blockN`` blocks) or
``#ttng.tensor_memory_scales_encoding`` (the scales of a scaled MMA).  These encodings
place elements in TMEM rows and columns, not in threads: they have no register layout.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal, Self

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    I32,
    AnyFloat,
    BFloat16Type,
    BoolAttr,
    Float4E2M1FNType,
    Float6E2M3FNType,
    Float6E3M2FNType,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    TensorType,
    UnitAttr,
    i1,
    i32,
)
from xdsl.ir import Attribute, Data, Operation, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    AttrSizedResultSegments,
    Operand,
    OptOperand,
    irdl_attr_definition,
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
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import EffectInstance, MemoryEffect, MemoryEffectKind, OpTrait, Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.analysis.tensor_memory_access import (
    MAX_REGISTERS,
    TMemAccess,
    TMemAccessError,
    tmem_access,
    tmem_compatible_layouts,
    tmem_view,
)
from layoutdialect.dialect.attribute_reader import XdslAttributeReader
from layoutdialect.dialect.enums import SCALE_DOT_ELEM_TYPES, check_enum, enum_keyword
from layoutdialect.dialect.memory_resources import (
    ReadsSharedMemory,
    ReadsTensorMemory,
    SharedMemory,
    TensorMemory,
    WritesSharedMemory,
    WritesTensorMemory,
)
from layoutdialect.dialect.semantics import ConversionFolds, LayoutAnchor
from layoutdialect.dialect.syntax import build, format_bases, parse_bases, parse_int
from layoutdialect.dialect.tt.dot_scaled import parse_scaled_element_type
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.ttg.attributes import (
    LinearEncodingAttr,
    NVMMASharedEncodingAttr,
    SharedLinearEncodingAttr,
    SharedMemorySpaceAttr,
)
from layoutdialect.dialect.ttg.custom_format import memdesc_type, op_error, parse_attr_dict, print_attr_dict
from layoutdialect.dialect.ttg.layout_checks import kernel_attributes
from layoutdialect.dialect.ttg.ops import AllocatesItsResult
from layoutdialect.dialect.ttg.tensors import encoding_of, tensor_type
from layoutdialect.dialect.ttg.types import AsyncTokenType, MemDescType
from layoutdialect.dialect.ttg.warp_specialize import WarpSpecializeOp, WarpSpecializePartitionsOp
from layoutdialect.dialect.ttng.barriers import check_barrier_cga, check_barrier_type, identity_cga
from layoutdialect.dialect.ttng.ops import TTNGOp
from layoutdialect.encodings import CGALayout, DistributedEncoding, EncodingError, to_linear_layout
from layoutdialect.encodings.layout_properties import bases_per_dim
from layoutdialect.encodings.linear import LinearEncoding
from layoutdialect.encodings.tensor_memory import (
    BlockRepOrder,
    TensorMemoryLayout,
    TensorMemoryScalesLayout,
    tensor_memory_linear_layout,
)
from layoutdialect.f2 import LinearLayout, LinearLayoutError

__all__ = [
    "ATTRIBUTES",
    "MAX_REGISTERS_ATTRIBUTE",
    "OPS",
    "BlockRepOrder",
    "ReduceModifierAttr",
    "TCGen5CommitOp",
    "TCGen5MMAOp",
    "TCGen5MMAScaledOp",
    "TMEMAllocOp",
    "TMEMCopyOp",
    "TMEMLoadOp",
    "TMEMStoreOp",
    "TMEMSubSliceOp",
    "TensorMemoryEncodingAttr",
    "TensorMemoryLayout",
    "TensorMemoryScalesEncodingAttr",
    "TensorMemoryScalesLayout",
    "TensorMemorySpaceAttr",
    "VerifyTensorMemoryDescs",
    "contextual_max_registers",
    "is_tmem_compatible",
    "tmem_message",
]


FOLDS = "layoutdialect.dialect.ttng.canonicalization"
"""Where this module's ops' conversion folds are defined."""


def _cga_layout(bases: Sequence[Sequence[int]]) -> CGALayout:
    """The rank-2 CGA a ``CGALayout = [[..]]`` entry gives (one CTA when absent)."""
    return CGALayout(tuple(tuple(b) for b in bases), 2)


def _parse_bool(parser: AttrParser) -> bool:
    """``true``, ``false``, ``0`` or ``1``: how MLIR reads a ``bool`` parameter."""
    start = parser.pos
    value = parser.parse_optional_boolean()
    if value is not None:
        return value
    number = parser.parse_integer(allow_boolean=False)
    if number not in (0, 1):
        parser.raise_error("integer value too large", start, parser.pos)
    return bool(number)


def _parse_block_rep_order(parser: AttrParser) -> str:
    start = parser.pos
    name = parser.parse_identifier()
    if name not in BlockRepOrder.ALL:
        parser.raise_error(
            f"expected one of [mnThenK, kThenMn] for allowed 32-bit signless integer cases: 0, 1, got: {name}",
            start,
            parser.pos,
        )
    return name


def _parse_struct(
    parser: AttrParser, fields: Mapping[str, Callable[[AttrParser], object]], required: Sequence[str] = ()
) -> dict[str, object]:
    """MLIR's ``<struct(params)>``: ``key = value`` pairs in any order, each key once."""
    values: dict[str, object] = {}
    parser.parse_punctuation("<")
    start = parser.pos
    if required or parser.parse_optional_punctuation(">") is None:

        def parse_entry() -> None:
            key_start = parser.pos
            key = parser.parse_optional_identifier()
            if key is None:
                parser.raise_error("expected a parameter name in struct", key_start, key_start + 1)
            if key not in fields or key in values:
                parser.raise_error(f"duplicate or unknown struct parameter name: {key}", key_start, parser.pos)
            parser.parse_punctuation("=")
            values[key] = fields[key](parser)

        parser.parse_comma_separated_list(parser.Delimiter.NONE, parse_entry)
        parser.parse_punctuation(">")
    for key in required:
        if key not in values:
            parser.raise_error(f"struct is missing required parameter: {key}", start, parser.pos)
    return values


def _write_struct(printer: Printer, entries: Sequence[tuple[str, str]]) -> None:
    printer.print_string("<" + ", ".join(f"{key} = {value}" for key, value in entries) + ">")


def _write_cga(cga: CGALayout) -> list[tuple[str, str]]:
    return [] if cga.is_single else [("CGALayout", format_bases(cga.bases))]


@irdl_attr_definition
class TensorMemoryEncodingAttr(Data[TensorMemoryLayout]):
    """``#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>``, with
    ``CGALayout = [[1, 0]]``, ``twoCTAs = true`` and ``fp4Padded = true`` when set."""

    name = "ttng.tensor_memory_encoding"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> TensorMemoryLayout:
        start = parser.pos
        reader = XdslAttributeReader(parser)
        keys = ("blockM", "blockN", "colStride")
        values = _parse_struct(
            parser,
            {
                **dict.fromkeys(keys, lambda _: parse_int(reader)),
                "CGALayout": lambda _: parse_bases(reader),
                "twoCTAs": _parse_bool,
                "fp4Padded": _parse_bool,
            },
            keys,
        )
        block_m, block_n, col_stride = (int(values[key]) for key in keys)  # type: ignore[call-overload]
        bases = values.get("CGALayout", ())
        cga = build(reader, start, lambda: _cga_layout(bases))  # type: ignore[arg-type]
        two_ctas, fp4_padded = bool(values.get("twoCTAs", False)), bool(values.get("fp4Padded", False))
        return build(reader, start, lambda: TensorMemoryLayout(block_m, block_n, col_stride, cga, two_ctas, fp4_padded))

    def print_parameter(self, printer: Printer) -> None:
        e = self.data
        entries = [("blockM", str(e.block_m)), ("blockN", str(e.block_n)), ("colStride", str(e.col_stride))]
        entries += _write_cga(e.cga)
        if e.two_ctas:
            entries.append(("twoCTAs", "true"))
        if e.fp4_padded:
            entries.append(("fp4Padded", "true"))
        _write_struct(printer, entries)

    def memdesc_problem(self, memdesc: MemDescType) -> str | None:
        """Why Triton's ``MemDescType::verify`` refuses ``memdesc`` with this encoding, or ``None``."""
        e, shape = self.data, memdesc.shape
        if len(shape) not in (2, 3):
            return "rank must be 2 or 3"
        if not isinstance(memdesc.memory_space, TensorMemorySpaceAttr):
            return "memorySpace must be TensorMemorySpace"
        bits = bit_width(memdesc.element_type) or 0
        if bits < 8:
            return f"tensor-memory element type bit width must be at least 8; got {bits}"
        if bits * e.col_stride > 32:
            return f"bitwidth * colStride must be less than or equal to 32. Got {bits} and {e.col_stride}"
        split_m, split_n = e.cga.split_num
        rows, columns = e.block_m * split_m, min(e.block_n, shape[-1]) * split_n
        if shape[-2] < rows or shape[-1] < columns:
            return f"the tensor shape must be at least {rows}x{columns}. Got {', '.join(map(str, shape))}"
        return None


@irdl_attr_definition
class TensorMemoryScalesEncodingAttr(Data[TensorMemoryScalesLayout]):
    """``#ttng.tensor_memory_scales_encoding<>``, with ``CGALayout = [[1, 0]]`` and
    ``blockRepOrder = kThenMn`` when not the defaults."""

    name = "ttng.tensor_memory_scales_encoding"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> TensorMemoryScalesLayout:
        start = parser.pos
        reader = XdslAttributeReader(parser)
        values = _parse_struct(
            parser, {"CGALayout": lambda _: parse_bases(reader), "blockRepOrder": _parse_block_rep_order}
        )
        bases = values.get("CGALayout", ())
        cga = build(reader, start, lambda: _cga_layout(bases))  # type: ignore[arg-type]
        return TensorMemoryScalesLayout(cga, str(values.get("blockRepOrder", BlockRepOrder.MN_THEN_K)))

    def print_parameter(self, printer: Printer) -> None:
        e = self.data
        order = [] if e.block_rep_order == BlockRepOrder.MN_THEN_K else [("blockRepOrder", e.block_rep_order)]
        _write_struct(printer, _write_cga(e.cga) + order)

    def memdesc_problem(self, memdesc: MemDescType) -> str | None:
        """Why Triton's ``MemDescType::verify`` refuses ``memdesc`` with this encoding, or ``None``."""
        if len(memdesc.shape) != 2:
            return f"tensor-memory scale descriptors must have rank 2; got {len(memdesc.shape)}"
        if not isinstance(memdesc.memory_space, TensorMemorySpaceAttr):
            return "memorySpace must be TensorMemorySpace"
        if len(memdesc.alloc_shape) != 2:
            return "Scales don't currently support multibuffering"
        if bit_width(memdesc.element_type) != 8:
            return "bitwidth must be 8"
        return None


@irdl_attr_definition
class TensorMemorySpaceAttr(ParametrizedAttribute):
    """``#ttng.tensor_memory``: the memory space of tensor-memory descriptors."""

    name = "ttng.tensor_memory"


@irdl_attr_definition
class ReduceModifierAttr(Data[str]):
    """``#ttng.redOp<max>``: the reduction ``ttng.tmem_load`` applies along each row (``min`` or ``max``)."""

    name = "ttng.redOp"

    KINDS: ClassVar[tuple[str, ...]] = ("min", "max")

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> str:
        parser.parse_punctuation("<")
        kind = parser.parse_keyword_in(cls.KINDS)
        parser.parse_punctuation(">")
        return kind

    def print_parameter(self, printer: Printer) -> None:
        printer.print_string(f"<{self.data}>")


TensorMemoryEncodings = TensorMemoryEncodingAttr | TensorMemoryScalesEncodingAttr
"""The encodings of a descriptor in tensor memory."""


def _describe(value: SSAValue) -> str:
    return f"%{value.name_hint}" if value.name_hint else "a value"


@dataclass(frozen=True)
class VerifyTensorMemoryDescs(OpTrait):
    """Triton's ``MemDescType::verify`` and ``VerifyMemDescLayoutsTrait`` for the op's
    tensor-memory descriptors: the type fits its encoding, and the encoding's CTAs are the
    kernel's (``ttg.num-ctas``)."""

    def verify(self, op: Operation) -> None:
        named = [(f"Operand {i} ({_describe(v)})", v) for i, v in enumerate(op.operands)]
        single = len(op.results) == 1
        named += [("Result" if single else f"Result {i}", v) for i, v in enumerate(op.results)]
        ctas = kernel_attributes(op).num_ctas
        for what, value in named:
            memdesc = value.type
            if not isinstance(memdesc, MemDescType) or not isinstance(memdesc.encoding, TensorMemoryEncodings):
                continue
            if problem := memdesc.encoding.memdesc_problem(memdesc):
                raise VerifyException(problem)
            cga = memdesc.encoding.data.cga
            if cga.num_ctas != ctas:
                raise VerifyException(
                    f"{what} has an invalid layout: {memdesc.encoding}. Layout has {cga.num_ctas} CTAs per CGA, "
                    f"but the context requires {ctas} CTAs per CGA."
                )


@dataclass(frozen=True)
class RequiresTCGen05(OpTrait):
    """The op issues ``tcgen05`` instructions, which only compute capabilities 10.x and
    11.x have: a kernel whose ``ttg.target`` names another GPU is refused (one naming none
    is not), as Triton 3.9 refuses it."""

    def verify(self, op: Operation) -> None:
        target = kernel_attributes(op).target
        if target is None:
            return
        capability = target.removeprefix("cuda:")
        if not (target.startswith("cuda:") and capability.isdigit() and int(capability) // 10 in (10, 11)):
            raise op_error(op, "requires tcgen05 support")


class TensorMemoryOp(TTNGOp):
    """A ``ttng`` op on tensor memory: its tensor-memory descriptors fit their encodings."""

    traits = traits_def(VerifyTensorMemoryDescs())


def _shape_text(shape: Sequence[int]) -> str:
    """A shape as Triton's diagnostics print an ``ArrayRef``: ``128, 64``."""
    return ", ".join(map(str, shape))


def _check_memory_types(op: Operation, src: TensorType[Attribute] | MemDescType, dst: Attribute) -> None:
    """Triton's ``verifyMemoryOpTypes``: the same element type and shape."""
    assert isinstance(dst, TensorType | MemDescType)
    if src.element_type != dst.element_type:
        raise op_error(op, f"source element type '{src}' must match destination element type '{dst.element_type}'")
    if tuple(src.get_shape()) != tuple(dst.get_shape()):
        raise op_error(
            op,
            f"source shape [{_shape_text(src.get_shape())}] must match "
            f"[destination shape {_shape_text(dst.get_shape())}]",
        )


MAX_REGISTERS_ATTRIBUTE = "ttg.maxnreg"
"""The module attribute capping a thread's registers (Triton's ``AttrMaxRegistersName``)."""


def contextual_max_registers(op: Operation) -> int:
    """Triton's ``getContextualMaxNReg``: the registers per thread a TMEM message may count
    on at ``op``: 256, lowered by the nearest enclosing limit (``ttg.maxnreg`` on the
    module, or the ``actualRegisters`` of the ``ttg.warp_specialize`` partition or default
    region around ``op``) and by the module's ``ttg.maxnreg``."""
    limit = MAX_REGISTERS
    current, module = op, op
    while (parent := module.parent_op()) is not None and not isinstance(module, ModuleOp):
        module = parent
    while current is not module and (parent := current.parent_op()) is not None:
        found = _register_limit(current, parent)
        if found is not None:
            limit = min(limit, found)
            break
        current = parent
    cap = module.attributes.get(MAX_REGISTERS_ATTRIBUTE) if isinstance(module, ModuleOp) else None
    return min(limit, cap.value.data) if isinstance(cap, IntegerAttr) else limit


def _register_limit(op: Operation, parent: Operation) -> int | None:
    """The limit ``parent`` places on ``op``, one of its children (Triton's
    ``getContextualMaxNReg`` lambda)."""
    if isinstance(parent, ModuleOp):
        cap = parent.attributes.get(MAX_REGISTERS_ATTRIBUTE)
        return cap.value.data if isinstance(cap, IntegerAttr) else None
    if isinstance(parent, WarpSpecializePartitionsOp):
        specialize, region = parent.parent_op(), op.parent_region()
        assert isinstance(specialize, WarpSpecializeOp) and region is not None
        actual = specialize.actual_registers
        index = list(parent.regions).index(region)
        return None if actual is None else actual.get_values()[1 + index]
    if isinstance(parent, WarpSpecializeOp):
        actual = parent.actual_registers
        return None if actual is None else actual.get_values()[0]
    return None


def _register_layout(tensor: TensorType[Attribute]) -> LinearLayout | None:
    """The tensor's ``register, lane, warp, block -> dim0, dim1`` layout, or ``None``
    where it has no distributed encoding (or none that fits its shape)."""
    encoding = encoding_of(tensor)
    if not isinstance(encoding, DistributedEncoding):
        return None
    try:
        return to_linear_layout(encoding, tensor.get_shape())
    except (EncodingError, LinearLayoutError):
        return None


def _memory_view(memdesc: MemDescType) -> LinearLayout:
    """The descriptor's TMEM layout over its allocation, seen at its shape (``tmem_view``);
    ``EncodingError`` where Triton 3.9 cannot build one (it stops at an assertion)."""
    encoding = memdesc.encoding
    assert isinstance(encoding, TensorMemoryEncodingAttr | TensorMemoryScalesEncodingAttr)
    return tmem_view(tensor_memory_linear_layout(encoding.data, memdesc.alloc_shape[-2:]), memdesc.shape)


def tmem_message(op: Operation, tensor: TensorType[Attribute], memdesc: MemDescType) -> TMemAccess:
    """How ``op`` (a TMEM load or store) moves ``tensor``'s registers to or from
    ``memdesc`` (Triton's ``computeTMemLdStEncodingInfo`` with the contextual register
    limit); ``TMemAccessError`` says why no message can, ``EncodingError`` that the
    tensor has no distributed layout of the descriptor's shape or the descriptor no
    TMEM layout."""
    registers = _register_layout(tensor)
    if registers is None or tuple(tensor.get_shape()) != tuple(memdesc.shape):
        raise EncodingError(f"{tensor} has no distributed layout of the descriptor's shape")
    bits = bit_width(memdesc.element_type) or 0
    return tmem_access(registers, _memory_view(memdesc), bits, contextual_max_registers(op))


def is_tmem_compatible(op: Operation, tensor: TensorType[Attribute], memdesc: MemDescType) -> bool:
    """Triton's ``isDistributedLayoutTMemCompatible``: a TMEM message moves ``tensor``'s
    registers to or from ``memdesc`` at ``op``."""
    try:
        tmem_message(op, tensor, memdesc)
    except (TMemAccessError, EncodingError):
        return False
    return True


def _check_register_tile(
    op: Operation, tensor: TensorType[Attribute], memdesc: MemDescType, what: str
) -> TMemAccess | None:
    """Triton's ``verifyTMEMOperand``: registers hold a 2D tile of tensor memory in a
    layout a TMEM message moves (``tmem_message``, returned); the error lists the layouts
    Triton proposes for the descriptor (``tmem_compatible_layouts``).  A tensor without a
    distributed encoding, or whose shape is not the descriptor's (refused later), is not
    checked (``None``).  Unlike later Triton, 3.9 accepts no proposed layout that no
    message moves (one that needs more registers than ``contextual_max_registers`` allows)."""
    if len(tensor.get_shape()) != 2:
        raise op_error(op, f"{what} must be a 2D tensor")
    if _register_layout(tensor) is None or tuple(tensor.get_shape()) != tuple(memdesc.shape):
        return None
    try:
        return tmem_message(op, tensor, memdesc)
    except EncodingError as error:
        raise op_error(op, f"{what}: {error}") from None
    except TMemAccessError:
        pass
    memory = _memory_view(memdesc)
    bits = bit_width(memdesc.element_type) or 0
    notes = [f"Got: {tensor.encoding}"]
    notes += [
        f"potential TMEM layout: {_linear_text(layout)}"
        for layout in tmem_compatible_layouts(memory, kernel_attributes(op).num_warps or 0, bits)
    ]
    raise op_error(op, "\n".join([what, *(f"note: {note}" for note in notes)]))


def _linear_text(layout: LinearLayout) -> str:
    """``#ttg.linear<{..}>`` for a register layout, as Triton prints a proposed one."""
    try:
        return str(LinearEncodingAttr(LinearEncoding(layout)))
    except EncodingError:
        return str(layout.bases)


def _parse_token(parser: Parser) -> tuple[bool, UnresolvedOperand | None]:
    """Triton's ``custom<Token>``: ``[%dep]``, ``[]`` or nothing; whether the op returns a
    token, and the token it waits on."""
    if parser.parse_optional_punctuation("[") is None:
        return False, None
    if parser.parse_optional_punctuation("]") is not None:
        return True, None
    dep = parser.parse_unresolved_operand()
    parser.parse_punctuation("]")
    return True, dep


def _print_token(printer: Printer, dep: SSAValue | None, token: SSAValue | None) -> None:
    if token is None:
        return
    printer.print_string("[")
    if dep is not None:
        printer.print_operand(dep)
    printer.print_string("]")


def _resolve_token(parser: Parser, dep: UnresolvedOperand | None) -> SSAValue | None:
    return None if dep is None else parser.resolve_operand(dep, AsyncTokenType())


def _parse_barriers(parser: Parser) -> list[tuple[UnresolvedOperand, UnresolvedOperand]]:
    """Triton's ``custom<BarriersAndPreds>``: ``, %bar[%pred]`` any number of times."""
    barriers = []
    while parser.parse_optional_punctuation(",") is not None:
        barrier = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        barriers.append((barrier, parser.parse_unresolved_operand()))
        parser.parse_punctuation("]")
    return barriers


def _print_barriers(printer: Printer, barriers: Sequence[SSAValue], predicates: Sequence[SSAValue]) -> None:
    for barrier, predicate in zip(barriers, predicates):
        printer.print_string(", ")
        printer.print_operand(barrier)
        printer.print_string("[")
        printer.print_operand(predicate)
        printer.print_string("]")


def _parse_type_list(parser: Parser) -> list[Attribute]:
    return parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)


class AllocatesTensorMemory(AllocatesItsResult):
    """``ttng.tmem_alloc``'s effects: its buffer in tensor memory, placed by
    ``tensor_memory_col_offset``."""

    RESOURCE = TensorMemory()
    PLACED = "tensor_memory_col_offset"


@irdl_op_definition
class TMEMAllocOp(TensorMemoryOp):
    """``%m = ttng.tmem_alloc %t : (tensor<128x128xf32, #b>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>``

    Allocates tensor memory, initialised from the tensor ``src`` when there is one; with a
    second result (``-> (!ttg.memdesc<..>, !ttg.async.token)``) it also returns a token
    that orders later accesses.
    """

    name = "ttng.tmem_alloc"

    src = opt_operand_def(TensorType)
    result = result_def(MemDescType)
    token = opt_result_def(AsyncTokenType)

    assembly_format = "($src^)? attr-dict `:` functional-type(operands, results)"
    traits = traits_def(RequiresTCGen05(), AllocatesTensorMemory())

    def verify_(self) -> None:
        memdesc = memdesc_type(self.result)
        if not isinstance(memdesc.encoding, TensorMemoryEncodings):
            raise op_error(self, "should use tensor memory encoding")
        if self.src is not None:
            _check_register_tile(self, tensor_type(self.src), memdesc, "source")
        if memdesc.shape != memdesc.alloc_shape:
            raise op_error(self, "result shape and its alloc shape must match")
        if self.src is None:
            if not memdesc.mutable:
                raise op_error(self, "uninitialized alloc must have a mutable memdesc type")
        else:
            _check_memory_types(self, tensor_type(self.src), memdesc)


@irdl_op_definition
class TMEMLoadOp(TensorMemoryOp):
    """``%t, %tok = ttng.tmem_load %m[%dep] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
    -> tensor<128x128xf32, #b>``

    Reads a tile of tensor memory into registers, after the token ``dep`` when given
    (``[]``: no token to wait on); a token result is present when brackets are.  With
    ``{redOp = #ttng.redOp<max>}`` (and ``abs``, ``NaN``) it also returns each row's
    reduction, a second tensor typed after ``->``.
    """

    name = "ttng.tmem_load"

    src = operand_def(MemDescType)
    dep = opt_operand_def(AsyncTokenType)
    red_op = opt_prop_def(ReduceModifierAttr, prop_name="redOp")
    abs_ = opt_prop_def(BoolAttr, prop_name="abs")
    nan = opt_prop_def(BoolAttr, prop_name="NaN")
    result = result_def(TensorType)
    token = opt_result_def(AsyncTokenType)
    red = opt_result_def(TensorType)

    PROPERTIES: ClassVar[tuple[str, ...]] = ("redOp", "abs", "NaN")

    irdl_options = (AttrSizedResultSegments(as_property=True),)
    traits = traits_def(RequiresTCGen05(), ReadsTensorMemory(), LayoutAnchor())

    @classmethod
    def parse(cls, parser: Parser) -> TMEMLoadOp:
        src = parser.parse_unresolved_operand()
        has_token, dep = _parse_token(parser)
        properties, attributes = parse_attr_dict(parser, cls.PROPERTIES)
        parser.parse_punctuation(":")
        src_type = parser.parse_type()
        parser.parse_punctuation("->")
        types = _parse_type_list(parser)
        if len(types) > 2:
            parser.raise_error("ttng.tmem_load returns a tile and at most one reduction")
        return cls(
            operands=[parser.resolve_operand(src, src_type), _resolve_token(parser, dep)],
            result_types=[types[0], [AsyncTokenType()] if has_token else [], types[1:]],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        _print_token(printer, self.dep, self.token)
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(" -> ")
        printer.print_list([r.type for r in (self.result, self.red) if r is not None], printer.print_attribute)

    def verify_(self) -> None:
        memdesc = memdesc_type(self.src)
        if not isinstance(memdesc.memory_space, TensorMemorySpaceAttr):
            raise op_error(self, "source must be a tensor memory buffer.")
        if not isinstance(memdesc.encoding, TensorMemoryEncodingAttr):
            raise op_error(self, "should use tensor memory encoding.")
        access = _check_register_tile(self, tensor_type(self.result), memdesc, "result")
        self._verify_reduction(memdesc, access)
        _check_memory_types(self, memdesc, self.result.type)

    def _verify_reduction(self, memdesc: MemDescType, access: TMemAccess | None) -> None:
        """``redOp`` comes with the ``red`` result; ``abs`` and ``NaN`` need it and f32 data;
        ``access`` is the result's TMEM message, if the verifier found one."""
        if self.red_op is not None and self.red is None:
            raise op_error(self, "redOp is set but 'red' result is not present")
        if self.red is not None and self.red_op is None:
            raise op_error(self, "'red' result is present but redOp is not set")
        for name, flag in (("abs", self.abs_), ("NaN", self.nan)):
            if flag is not None and flag.value.data and self.red_op is None:
                raise op_error(self, f"'{name}' requires 'redOp' to be set")
        for name, flag in (("abs", self.abs_), ("NaN", self.nan)):
            if flag is not None and flag.value.data and not isinstance(memdesc.element_type, Float32Type):
                raise op_error(self, f"'{name}' requires floating-point element type (f32)")
        if self.red_op is not None:
            self._verify_reduced_rows(access)

    def _verify_reduced_rows(self, access: TMemAccess | None) -> None:
        """Triton's ``supportsTMemLoadReduce``: ``tcgen05.ld.red`` is a TMEM message that
        reads packed data (not 16-bit elements one per 32-bit column) and reduces what one
        thread holds, so each thread's registers hold all of N and a single M row."""
        layout = _register_layout(tensor_type(self.result))
        if layout is None:
            return
        if access is None:
            raise op_error(self, "failed to compute TMEM encoding info")
        if access.unpacked:
            raise op_error(self, "tmem_load reduction requires packed format (unpacked=false)")
        rows, columns = bases_per_dim(layout, "register")
        if columns != layout.get_out_dim_size("dim1"):
            raise op_error(self, "tmem_load reduction with N dimension sharded across threads is not supported.")
        if rows != 1:
            raise op_error(self, "tmem_load reduction with multiple M rows per thread is not supported.")


@irdl_op_definition
class TMEMStoreOp(TensorMemoryOp):
    """``%tok = ttng.tmem_store %t, %m[%dep], %pred : tensor<128x128xf32, #b>
    -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>``

    Writes a register tile into tensor memory where ``pred`` holds, after the token
    ``dep`` when given; returns a token when brackets are present.
    """

    name = "ttng.tmem_store"

    dst = operand_def(MemDescType)
    dep = opt_operand_def(AsyncTokenType)
    src = operand_def(TensorType)
    pred = operand_def(i1)
    token = opt_result_def(AsyncTokenType)

    traits = traits_def(
        RequiresTCGen05(), WritesTensorMemory(), ConversionFolds(FOLDS, ("TMEMStoreReadsPastConversion",))
    )

    @classmethod
    def parse(cls, parser: Parser) -> TMEMStoreOp:
        src = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        dst = parser.parse_unresolved_operand()
        has_token, dep = _parse_token(parser)
        parser.parse_punctuation(",")
        pred = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        src_type = parser.parse_type()
        parser.parse_punctuation("->")
        dst_type = parser.parse_type()
        return cls(
            operands=[
                parser.resolve_operand(dst, dst_type),
                _resolve_token(parser, dep),
                parser.resolve_operand(src, src_type),
                parser.resolve_operand(pred, i1),
            ],
            result_types=[[AsyncTokenType()] if has_token else []],
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        printer.print_string(", ")
        printer.print_operand(self.dst)
        _print_token(printer, self.dep, self.token)
        printer.print_string(", ")
        printer.print_operand(self.pred)
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.dst.type)

    def verify_(self) -> None:
        memdesc = memdesc_type(self.dst)
        if not isinstance(memdesc.encoding, TensorMemoryEncodings):
            raise op_error(self, "should use tensor memory encoding.")
        if not memdesc.mutable:
            raise op_error(self, "Cannot store into an immutable alloc")
        _check_register_tile(self, tensor_type(self.src), memdesc, "source")
        _check_memory_types(self, tensor_type(self.src), memdesc)


@irdl_op_definition
class TMEMCopyOp(TensorMemoryOp):
    """``ttng.tmem_copy %s, %m : !ttg.memdesc<128x4xi8, #shared, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales,
    #ttng.tensor_memory, mutable>``

    Starts an asynchronous copy (``tcgen05.cp``) from shared memory into tensor memory;
    into a scales layout each 32x128b block is repeated over the four warps' rows.
    """

    name = "ttng.tmem_copy"

    src = operand_def(MemDescType)
    dst = operand_def(MemDescType)

    assembly_format = "$src `,` $dst attr-dict `:` type(operands)"
    traits = traits_def(RequiresTCGen05(), ReadsSharedMemory(), WritesTensorMemory())

    def verify_(self) -> None:
        src, dst = memdesc_type(self.src), memdesc_type(self.dst)
        if not isinstance(src.memory_space, SharedMemorySpaceAttr):
            raise op_error(self, "The source must be a shared memory buffer")
        if src.shape != dst.shape:
            raise op_error(
                self, f"source shape {_shape_text(src.shape)} must match destination shape {_shape_text(dst.shape)}"
            )
        if not dst.mutable:
            raise op_error(self, "Cannot copy into an immutable alloc")
        nvmma = src.encoding.data if isinstance(src.encoding, NVMMASharedEncodingAttr) else None
        if nvmma is not None and (nvmma.transposed or nvmma.fp4_padded):
            raise op_error(self, "The source should not be transposed or padded")
        if isinstance(dst.encoding, TensorMemoryScalesEncodingAttr):
            if nvmma is not None and nvmma.swizzling_byte_width != 0:
                raise op_error(self, "The source should not be swizzled for now")
            return
        if not isinstance(dst.encoding, TensorMemoryEncodingAttr):
            raise op_error(self, "Incorrect tmem layout.")
        if dst.encoding.data.block_m != 128:
            raise op_error(self, "Tmem layout must have blockM=128.")
        if nvmma is not None and nvmma.swizzling_byte_width == 0:
            raise op_error(self, "Source layout should be swizzled.")
        if bit_width(src.element_type) != 32:
            raise op_error(self, "Source element type should be 32-bit.")


@irdl_op_definition
class TMEMSubSliceOp(TensorMemoryOp):
    """``%s = ttng.tmem_subslice %m {offset = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
    -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, 128x128>``

    The part of a tensor-memory buffer that starts at ``offset`` along dim ``dim`` (1
    unless given) and has the result's size there.
    """

    name = "ttng.tmem_subslice"

    src = operand_def(MemDescType)
    offset = prop_def(IntegerAttr[I32])
    dim = prop_def(IntegerAttr[I32], default_value=IntegerAttr(1, i32))
    result = result_def(MemDescType)

    PROPERTIES: ClassVar[tuple[str, ...]] = ("offset", "dim")

    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> TMEMSubSliceOp:
        src = parser.parse_unresolved_operand()
        start = parser.pos
        properties, attributes = parse_attr_dict(parser, cls.PROPERTIES)
        if "offset" not in properties:
            parser.raise_error("'ttng.tmem_subslice' op requires attribute 'offset'", start, parser.pos)
        parser.parse_punctuation(":")
        src_type = parser.parse_type()
        parser.parse_punctuation("->")
        return cls(
            operands=[parser.resolve_operand(src, src_type)],
            result_types=[parser.parse_type()],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        print_attr_dict(printer, self, {"dim": IntegerAttr(1, i32)})
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        src, dst = memdesc_type(self.src), memdesc_type(self.result)
        if not isinstance(src.memory_space, TensorMemorySpaceAttr):
            raise op_error(self, "The source must be a tensor memory buffer.")
        if not isinstance(dst.memory_space, TensorMemorySpaceAttr):
            raise op_error(self, "The destination must be a tensor memory buffer.")
        for what, same in (
            ("element type", src.element_type == dst.element_type),
            ("encoding", src.encoding == dst.encoding),
            ("alloc shape", src.alloc_shape == dst.alloc_shape),
        ):
            if not same:
                raise op_error(self, f"The source and result must have the same {what}.")
        if len(src.shape) != len(dst.shape) or len(src.shape) not in (2, 3):
            raise op_error(self, "The source and result must both be 2D or 3D tensor memory buffers.")
        dim, offset = self.dim.value.data, self.offset.value.data
        if not 0 <= dim < len(src.shape):
            raise op_error(self, "The slice dimension must be within the descriptor rank.")
        if any(s != d for axis, (s, d) in enumerate(zip(src.shape, dst.shape)) if axis != dim):
            raise op_error(
                self, "The result must have the same size as the source in the dimensions that are not being sliced."
            )
        if offset < 0 or offset + dst.shape[dim] > src.shape[dim]:
            raise VerifyException("The split offset may not exceed the source shape")


MMAKind = Literal["tf32", "f16", "f8f6f4", "i8"]


def _mma_kind(element: Attribute) -> tuple[MMAKind, tuple[Attribute, ...]] | None:
    """Triton's ``getMMAv5DTypeKindAndAcc``: the ``tcgen05.mma`` kind of an operand type
    and the accumulator types it allows."""
    f16, f32 = Float16Type(), Float32Type()
    if isinstance(element, Float32Type):
        return "tf32", (f32,)
    if isinstance(element, Float16Type):
        return "f16", (f16, f32)
    if isinstance(element, BFloat16Type):
        return "f16", (f32,)
    if isinstance(element, AnyFloat) and bit_width(element) in (4, 6, 8):
        return "f8f6f4", (f16, f32)
    if element == IntegerType(8):
        return "i8", (IntegerType(32),)
    return None


def _check_mma_types(op: Operation, a: Attribute, b: Attribute, d: Attribute) -> None:
    """Triton's ``verifyMMADType``: both operands of one MMA kind, an accumulator it allows."""
    a_kind, b_kind = _mma_kind(a), _mma_kind(b)
    if a_kind is None:
        raise op_error(op, f"unsupported LHS operand dtype: '{a}'")
    if b_kind is None:
        raise op_error(op, f"unsupported RHS operand dtype: '{b}'")
    if a_kind[0] != b_kind[0]:
        raise op_error(
            op, f"LHS and RHS operand dtypes kinds don't match: LHS kind is {a_kind[0]} but RHS kind is {b_kind[0]}"
        )
    if d not in a_kind[1] or d not in b_kind[1]:
        raise op_error(
            op,
            f"unsupported accumulator dtype for operand types '{a}' and '{b}', accumulator dtype is '{d}' "
            f"but must be one of [{', '.join(repr(str(t)) for t in a_kind[1])}]",
        )


def _nvmma_transposed(memdesc: MemDescType) -> bool | None:
    """Whether an NVMMA shared operand is transposed; ``None`` for another encoding."""
    return memdesc.encoding.data.transposed if isinstance(memdesc.encoding, NVMMASharedEncodingAttr) else None


def _cga(encoding: Attribute) -> CGALayout | None:
    """The CGA layout of an encoding attribute that has one."""
    cga = getattr(getattr(encoding, "data", None), "cga", None)
    return cga if isinstance(cga, CGALayout) else None


def _parse_operands(parser: Parser, count: int) -> list[UnresolvedOperand]:
    """``%a, %b, ...``: ``count`` comma-separated operands."""
    names = [parser.parse_unresolved_operand()]
    for _ in range(count - 1):
        parser.parse_punctuation(",")
        names.append(parser.parse_unresolved_operand())
    return names


def _check_completion_barrier(op: Operation, barrier: MemDescType) -> None:
    """Triton's ``verifyBarrierType`` and ``verifyCompletionBarrierLayout``: a tcgen5 op
    arrives on an mbarrier in the canonical CGA layout, each CTA holding its own word."""
    check_barrier_type(op, barrier)
    check_barrier_cga(op, barrier, "completion barrier", [identity_cga(kernel_attributes(op).num_ctas)])


def _check_cga_split_along_k(op: Operation, a: Attribute, b: Attribute) -> None:
    """The CTAs never split the contraction dim (``a``'s dim 1, ``b``'s dim 0)."""
    for what, encoding, dim in (("LHS", a, 1), ("RHS", b, 0)):
        cga = _cga(encoding)
        if cga is not None and (size := cga.linear_layout.get_out_dim_size(f"dim{dim}")) != 1:
            raise op_error(op, f"{what} CTASplit along K should be 1, but got {size}")


def _is_false(value: SSAValue) -> bool:
    """Whether ``value`` is the constant ``false``."""
    owner = value.owner
    return isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr) and not owner.value.value.data


class MMAv5Effects(MemoryEffect):
    """Triton's ``TCGen5MMAOp::getEffects`` (and the scaled op's): the MMA writes the
    accumulator ``d`` in tensor memory, and reads it unless ``useD`` is the constant
    false; it reads ``a`` where it lies (shared or tensor memory), ``b`` in shared memory
    and the scales in tensor memory; it writes each completion barrier, in shared memory."""

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance]:
        assert isinstance(op, _MMAv5Op)
        in_tensor_memory = isinstance(memdesc_type(op.a).memory_space, TensorMemorySpaceAttr)
        reads = {TensorMemory() if in_tensor_memory else SharedMemory(), SharedMemory()}
        if not _is_false(op.use_d):
            reads.add(TensorMemory())
        if op.SCALES:
            reads.add(TensorMemory())
        writes = {TensorMemory(), SharedMemory()} if op.barriers else {TensorMemory()}
        return frozenset(
            {EffectInstance(MemoryEffectKind.READ, resource=resource) for resource in reads}
            | {EffectInstance(MemoryEffectKind.WRITE, resource=resource) for resource in writes}
        )


class _MMAv5Op(TensorMemoryOp):
    """What ``ttng.tc_gen5_mma`` and ``ttng.tc_gen5_mma_scaled`` share (Triton's
    ``MMAv5OpInterface``): the syntax ``%a, %b, %d[%dep], <scales,> %useD, %pred
    <lhs = .. rhs = ..>, %bar[%p].. {attrs} : <memdesc types>``, the completion barriers,
    and Triton's checks up to those of the operands' layouts, which each op adds.

    Each op declares its own leading operands (``a``, ``b``, ``d``, ``acc_dep``, then its
    scales); IRDL puts a class's fields before its bases', so the ones below follow them.
    """

    if TYPE_CHECKING:
        a: Operand
        b: Operand
        d: Operand
        acc_dep: OptOperand

    use_d = operand_def(i1)
    pred = operand_def(i1)
    barriers = var_operand_def(MemDescType)
    barrier_preds = var_operand_def(i1)
    is_async = opt_prop_def(UnitAttr)
    two_ctas = opt_prop_def(UnitAttr)
    multicast = opt_prop_def(UnitAttr)
    token = opt_result_def(AsyncTokenType)

    FLAGS: ClassVar[tuple[str, ...]] = ("is_async", "two_ctas", "multicast")
    """The unit properties, written in the attr-dict."""
    SCALES: ClassVar[tuple[str, ...]] = ()
    """The scale operands, written between ``%d[%dep]`` and ``%useD``."""
    ELEMENT_TYPES: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The element-type properties written after ``%pred``, with their keywords."""

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(RequiresTCGen05(), MMAv5Effects(), LayoutAnchor())

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        a, b, d = _parse_operands(parser, 3)
        has_token, dep = _parse_token(parser)
        parser.parse_punctuation(",")
        middle = _parse_operands(parser, len(cls.SCALES) + 2)
        element_types = {
            name: IntegerAttr(SCALE_DOT_ELEM_TYPES[parse_scaled_element_type(parser, keyword)], i32)
            for keyword, name in cls.ELEMENT_TYPES
        }
        barriers = _parse_barriers(parser)
        properties, attributes = parse_attr_dict(parser, cls.FLAGS)
        parser.parse_punctuation(":")
        start = parser.pos
        types = _parse_type_list(parser)
        memdescs = [a, b, d, *middle[:-2]]
        if len(types) != len(memdescs) + len(barriers):
            parser.raise_error(
                f"expected {len(memdescs) + len(barriers)} types, one per memdesc operand", start, parser.pos
            )
        values = [parser.resolve_operand(name, type_) for name, type_ in zip(memdescs, types)]
        return cls(
            operands=[
                *values[:3],
                _resolve_token(parser, dep),
                *values[3:],
                *(parser.resolve_operand(name, i1) for name in middle[-2:]),
                [parser.resolve_operand(bar, type_) for (bar, _), type_ in zip(barriers, types[len(memdescs) :])],
                [parser.resolve_operand(pred, i1) for _, pred in barriers],
            ],
            result_types=[[AsyncTokenType()] if has_token else []],
            properties={**properties, **element_types},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        scales: list[SSAValue] = [getattr(self, name) for name in self.SCALES]
        printer.print_string(" ")
        printer.print_list((self.a, self.b, self.d), printer.print_operand)
        _print_token(printer, self.acc_dep, self.token)
        printer.print_string(", ")
        printer.print_list([*scales, self.use_d, self.pred], printer.print_operand)
        for keyword, name in self.ELEMENT_TYPES:
            printer.print_string(f" {keyword} = {enum_keyword(SCALE_DOT_ELEM_TYPES, getattr(self, name))}")
        _print_barriers(printer, self.barriers, self.barrier_preds)
        print_attr_dict(printer, self, elided=[name for _, name in self.ELEMENT_TYPES])
        printer.print_string(" : ")
        printer.print_list([v.type for v in (self.a, self.b, self.d, *scales, *self.barriers)], printer.print_attribute)

    def verify_(self) -> None:
        """Triton 3.9's checks, in its order: the dot's shapes, the barriers, the element
        types, then the op's own checks of its operands' layouts."""
        a, b, d = memdesc_type(self.a), memdesc_type(self.b), memdesc_type(self.d)
        self._verify_dot_shapes(a, b, d)
        if self.is_async is None and self.barriers:
            raise op_error(self, "The op is synchronous but a barrier is present.")
        for barrier in self.barriers:
            _check_completion_barrier(self, memdesc_type(barrier))
        _check_mma_types(self, *self._operand_types(a, b), d.element_type)
        self._verify_layouts(a, b, d)

    def _verify_dot_shapes(self, a: MemDescType, b: MemDescType, d: MemDescType) -> None:
        """Triton's ``verifyDotOpInterface``: ``a [.., M, K] * b [.., K, N] -> d [.., M, N]``."""
        if len(a.shape) not in (2, 3):
            raise op_error(self, "expected operands to be 2d or 3d")
        if len(b.shape) != len(a.shape) or len(d.shape) != len(a.shape):
            raise op_error(self, "expected all operands to have the same rank")
        contraction_matches, output_matches = self._dims_match(a, b, d)
        if not contraction_matches:
            raise op_error(
                self,
                "expected the last dimension of the first operand to be equal to the second-to-last dimension of "
                "the second operand",
            )
        if len(a.shape) == 3 and (a.shape[0] != d.shape[0] or b.shape[0] != d.shape[0]):
            raise op_error(
                self,
                "expected the first dimension of the first operand to be equal to the first dimension of the result",
            )
        if not output_matches:
            raise op_error(
                self,
                "expected the output shape to be the concatenation of the last dimension of the first operand and "
                "the last dimension of the second ",
            )

    def _dims_match(self, a: MemDescType, b: MemDescType, d: MemDescType) -> tuple[bool, bool]:
        """Whether the contraction dims agree, and whether ``d`` has the product's M and N."""
        return a.shape[-1] == b.shape[-2], tuple(d.shape[-2:]) == (a.shape[-2], b.shape[-1])

    def _operand_types(self, a: MemDescType, b: MemDescType) -> tuple[Attribute, Attribute]:
        """The types of the values ``a`` and ``b`` hold."""
        return a.element_type, b.element_type

    def _verify_layouts(self, a: MemDescType, b: MemDescType, d: MemDescType) -> None:
        """The op's own checks of its operands' encodings."""
        raise NotImplementedError


@irdl_op_definition
class TCGen5MMAOp(_MMAv5Op):
    """``%tok = ttng.tc_gen5_mma %a, %b, %d[%dep], %useD, %pred, %bar[%p] {is_async} : !ttg.memdesc<128x64xf16, ..>,
    !ttg.memdesc<64x128xf16, ..>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
    !ttg.memdesc<1xi64, ..>``

    ``d = a * b`` (``+ d`` when ``useD``) on the tensor cores where ``pred`` holds: ``a``
    in shared or tensor memory, ``b`` in shared memory, ``d`` in tensor memory.  An
    ``is_async`` op arrives on each barrier whose predicate holds once done; the token
    orders ``d``'s other uses.  ``two_ctas`` spreads it over a CTA pair.
    """

    name = "ttng.tc_gen5_mma"

    a = operand_def(MemDescType)
    b = operand_def(MemDescType)
    d = operand_def(MemDescType)
    acc_dep = opt_operand_def(AsyncTokenType)
    is_unsigned = opt_prop_def(UnitAttr)

    FLAGS: ClassVar[tuple[str, ...]] = (*_MMAv5Op.FLAGS, "is_unsigned")

    def _verify_layouts(self, a: MemDescType, b: MemDescType, d: MemDescType) -> None:
        for what, memdesc in (("LHS operand", a), ("RHS operand", b), ("Return operand", d)):
            if len(memdesc.shape) != 2:
                raise op_error(self, f"{what} must have a rank-2 tensor")
        if not isinstance(a.encoding, NVMMASharedEncodingAttr | SharedLinearEncodingAttr | TensorMemoryEncodingAttr):
            raise op_error(self, "LHS operand must have a NVMMAShared or TensorMemory encoding")
        if not isinstance(b.encoding, NVMMASharedEncodingAttr | SharedLinearEncodingAttr):
            raise op_error(self, "RHS operand must have a NVMMAShared encoding")
        if not isinstance(d.encoding, TensorMemoryEncodingAttr):
            raise op_error(self, "Return operand must have a TensorMemory encoding")
        self._verify_tensor_memory(a.encoding, d)
        _check_cga_split_along_k(self, a.encoding, b.encoding)
        self._verify_two_ctas(a.encoding, b.encoding, d)

    def _verify_tensor_memory(self, a: Attribute, d: MemDescType) -> None:
        """The accumulator (and a TMEM ``a``) use layouts the MMA writes: packed, not padded,
        one column per 32 bits of result, at most 256 columns per instruction."""
        assert isinstance(d.encoding, TensorMemoryEncodingAttr)
        result = d.encoding.data
        if result.fp4_padded:
            raise op_error(self, "Accumulator must not be fp4_padded")
        if isinstance(a, TensorMemoryEncodingAttr):
            if a.data.col_stride != 1:
                raise op_error(self, "The col stride of the LHS operand must be 1")
            if a.data.fp4_padded:
                raise op_error(self, "fp4_padded tensor memory LHS is only supported by scaled MMA")
        bits = bit_width(d.element_type) or 32
        if result.col_stride != 32 // bits:
            raise op_error(
                self, f"The col stride of the return operand must be 32 / {bits} but got {result.col_stride}"
            )
        if min(result.block_n, d.shape[1] // result.cga.split_num[1]) > 256:
            raise op_error(self, "The block size of the return operand must be less than or equal to 256")

    def _verify_two_ctas(self, a: Attribute, b: Attribute, d: MemDescType) -> None:
        """On a CTA pair the CTAs first split ``b`` along N, and each runs one instruction
        along N; the accumulator (and a TMEM ``a``) are laid out for a CTA pair exactly
        when the op runs on one."""
        assert isinstance(d.encoding, TensorMemoryEncodingAttr)
        result, two_ctas = d.encoding.data, self.two_ctas is not None
        if two_ctas:
            b_cga = _cga(b)
            if b_cga is None or not b_cga.bases or b_cga.bases[0] != (0, 1):
                raise op_error(self, "twoCTA mode expects the first basis of the cga_layout of the RHS to be [0, 1]")
            if d.shape[1] // result.cga.linear_layout.get_out_dim_size("dim1") > 256:
                raise op_error(
                    self,
                    "We don't allow to emit more than one mma instruction along N. Reduce the block or increase "
                    "the number of warps or CTAs along N",
                )
        kernel = "twoCTA" if two_ctas else "non-twoCTA"
        if result.two_ctas != two_ctas:
            raise op_error(
                self, f"The returned value's encoding must have twoCTA={int(two_ctas)} to be used in a {kernel} kernel"
            )
        if isinstance(a, TensorMemoryEncodingAttr) and a.data.two_ctas != two_ctas:
            raise op_error(
                self, f"The LHS operand's encoding must have twoCTA={int(two_ctas)} to be used in a {kernel} kernel"
            )


def _scaled_operand_type(element: Attribute, scaled_type: str) -> Attribute:
    """Triton's ``getScaledMMAOperandType``: what an operand holds, its storage type unless
    that is an integer standing for packed or byte-sized floats."""
    if isinstance(element, AnyFloat):
        return element
    types: dict[str, Attribute] = {
        "e4m3": Float8E4M3FNType(),
        "e5m2": Float8E5M2Type(),
        "e2m3": Float6E2M3FNType(),
        "e3m2": Float6E3M2FNType(),
        "e2m1": Float4E2M1FNType(),
        "bf16": BFloat16Type(),
        "fp16": Float16Type(),
    }
    return types[scaled_type]


FLOAT8 = ("e4m3", "e5m2")


@irdl_op_definition
class TCGen5MMAScaledOp(_MMAv5Op):
    """``%tok = ttng.tc_gen5_mma_scaled %a, %b, %d[%dep], %as, %bs, %useD, %pred lhs = e2m1 rhs = e4m3, %bar[%p]
    {is_async} : !ttg.memdesc<..>, !ttg.memdesc<..>, !ttg.memdesc<.., #tmem, ..>, !ttg.memdesc<.., #tmem_scales, ..>,
    !ttg.memdesc<.., #tmem_scales, ..>, !ttg.memdesc<1xi64, ..>``

    ``d = a * b`` (``+ d`` when ``useD``) on the tensor cores, with microscaled operands:
    elements of the types ``lhs`` and ``rhs`` (``e2m1`` packs two per i8), each group of
    them along K scaled by its entry of ``as`` or ``bs``; otherwise as ``ttng.tc_gen5_mma``.
    """

    name = "ttng.tc_gen5_mma_scaled"

    a = operand_def(MemDescType)
    b = operand_def(MemDescType)
    d = operand_def(MemDescType)
    acc_dep = opt_operand_def(AsyncTokenType)
    a_scale = operand_def(MemDescType)
    b_scale = operand_def(MemDescType)
    a_type = prop_def(IntegerAttr[I32])
    b_type = prop_def(IntegerAttr[I32])

    SCALES: ClassVar[tuple[str, ...]] = ("a_scale", "b_scale")
    ELEMENT_TYPES: ClassVar[tuple[tuple[str, str], ...]] = (("lhs", "a_type"), ("rhs", "b_type"))

    @property
    def a_format(self) -> str:
        """``a``'s element format, as ``lhs =`` spells it (``e4m3``, ``e2m1``, ...)."""
        return enum_keyword(SCALE_DOT_ELEM_TYPES, self.a_type)

    @property
    def b_format(self) -> str:
        """``b``'s element format, as ``rhs =`` spells it."""
        return enum_keyword(SCALE_DOT_ELEM_TYPES, self.b_type)

    def verify_(self) -> None:
        check_enum(self, "a_type", SCALE_DOT_ELEM_TYPES)
        check_enum(self, "b_type", SCALE_DOT_ELEM_TYPES)
        super().verify_()

    def _operand_types(self, a: MemDescType, b: MemDescType) -> tuple[Attribute, Attribute]:
        return (
            _scaled_operand_type(a.element_type, self.a_format),
            _scaled_operand_type(b.element_type, self.b_format),
        )

    def _verify_layouts(self, a: MemDescType, b: MemDescType, d: MemDescType) -> None:
        if not isinstance(d.encoding, TensorMemoryEncodingAttr):
            raise op_error(self, "expected accumulator layout to be a TensorMemoryLayout")
        if d.encoding.data.fp4_padded:
            raise op_error(self, "accumulator layout must not be fp4_padded")
        if d.encoding.data.block_m != 128:
            raise op_error(self, "only supports instruction shape blockM=128")
        if isinstance(a.encoding, TensorMemoryEncodingAttr):
            self._verify_tensor_memory_lhs(a.element_type, a.encoding.data)
        self._verify_nvfp4_not_transposed(a)
        for is_a, scale in ((True, self.a_scale), (False, self.b_scale)):
            self._verify_scales(memdesc_type(scale), is_a)

    def _transposed(self) -> tuple[bool, bool]:
        """Whether ``a`` and ``b`` are transposed for the MMA (K-major ``a``, N-major ``b``):
        an NVMMA ``a`` marked transposed, an NVMMA ``b`` not marked so."""
        return bool(_nvmma_transposed(memdesc_type(self.a))), _nvmma_transposed(memdesc_type(self.b)) is False

    def _dims_match(self, a: MemDescType, b: MemDescType, d: MemDescType) -> tuple[bool, bool]:
        """Triton's ``verifyDims`` and ``verifyOutputDims``: an ``e2m1`` operand holds two
        values per element along K, or along M (N) when transposed."""
        a_trans, b_trans = self._transposed()
        a_packed, b_packed = self.a_format == "e2m1", self.b_format == "e2m1"
        a_k = a.shape[-1] * (2 if a_packed and not a_trans else 1)
        b_k = b.shape[len(a.shape) - 2] * (2 if b_packed and not b_trans else 1)
        m = a.shape[-2] * (2 if a_packed and a_trans else 1)
        n = b.shape[-1] * (2 if b_packed and b_trans else 1)
        return a_k == b_k, tuple(d.shape[-2:]) == (m, n)

    def _verify_nvfp4_not_transposed(self, a: MemDescType) -> None:
        """``kind::mxf4nvf4`` (e2m1 operands with e4m3 scales, or i8 scales per 16 K values)
        has no transposed form."""
        if not self.a_format == self.b_format == "e2m1" or not any(self._transposed()):
            return
        block_k = a.shape[-1] * (1 if self._transposed()[0] else 2)
        scales = (memdesc_type(self.a_scale), memdesc_type(self.b_scale))
        ue4m3 = all(isinstance(s.element_type, Float8E4M3FNType) for s in scales)
        ue5m3 = all(s.element_type == IntegerType(8) and s.shape[-1] * 16 == block_k for s in scales)
        if ue4m3 or ue5m3:
            raise op_error(self, "mxf4nvf4 does not support transposed operands")

    def _verify_tensor_memory_lhs(self, element: Attribute, layout: TensorMemoryLayout) -> None:
        """Triton's ``verifyScaledLHSOperand``: e2m1 in i8, padded exactly when ``b`` is float8."""
        a_type, b_type = self.a_format, self.b_format
        if a_type == "e2m1":
            if element != IntegerType(8):
                raise op_error(self, "expected e2m1 LHS operand to have i8 storage")
            if layout.fp4_padded and b_type not in FLOAT8:
                raise op_error(self, "can only use fp4_padded LHS when RHS is float8")
            if b_type in FLOAT8 and not layout.fp4_padded:
                raise op_error(self, "expected e2m1 LHS operand to be fp4_padded when RHS is float8")
            return
        if isinstance(element, Float8E4M3FNType | Float8E5M2Type):
            if a_type not in FLOAT8:
                raise op_error(self, "expected float8 LHS operand to have e4m3 or e5m2 format")
            return
        raise op_error(self, "unsupported LHS operand type for scaled MMA")

    def _verify_scales(self, scale: MemDescType, is_a: bool) -> None:
        """Scales in tensor memory use the scales encoding, in the block order the MMA reads,
        wherever there are several 128x4 blocks along both the non-K dim and K."""
        if not isinstance(scale.memory_space, TensorMemorySpaceAttr) or len(scale.shape) < 2:
            return
        cga = _cga(scale.encoding)
        split = [1, 1] if cga is None else cga.split_num
        rows, scales = scale.shape[-2] // split[-2], scale.shape[-1] // split[-1]
        relevant = rows > 128 and scales > 4
        operand = "A" if is_a else "B"
        if not isinstance(scale.encoding, TensorMemoryScalesEncodingAttr):
            if relevant:
                raise op_error(self, f"{operand} scales in tensor memory must use #ttng.tensor_memory_scales_encoding")
            return
        order = scale.encoding.data.block_rep_order
        if not relevant and order == BlockRepOrder.MN_THEN_K:
            return
        if order != (expected := self._expected_block_rep_order(is_a)):
            encoding = f"#ttng.tensor_memory_scales_encoding<blockRepOrder = {expected}>"
            raise op_error(self, f"{operand} scales in tensor memory must use {encoding}")

    def _expected_block_rep_order(self, is_a: bool) -> str:
        """Triton's ``getTensorMemoryScalesBlockRepOrder``: K first only for Rubin's (``cuda:107``)
        NVFP4 A scales (e2m1 operands with e4m3 scales)."""
        nvfp4 = self.a_format == self.b_format == "e2m1" and all(
            isinstance(memdesc_type(s).element_type, Float8E4M3FNType) for s in (self.a_scale, self.b_scale)
        )
        rubin = kernel_attributes(self).target == "cuda:107"
        return BlockRepOrder.K_THEN_MN if rubin and nvfp4 and is_a else BlockRepOrder.MN_THEN_K


@irdl_op_definition
class TCGen5CommitOp(TensorMemoryOp):
    """``ttng.tc_gen5_commit %bar, %pred descs %a, %b : !ttg.memdesc<1xi64, #shared, #smem, mutable>, ..``

    Makes the mbarrier ``bar`` track the completion of every earlier asynchronous tcgen5
    op (arriving once when they are done), where ``pred`` holds; with ``descs`` the arrival
    is multicast over the CTAs those multicast operands came from.
    """

    name = "ttng.tc_gen5_commit"

    barrier = operand_def(MemDescType)
    pred = opt_operand_def(i1)
    descs = var_operand_def(MemDescType)

    assembly_format = "$barrier (`,` $pred^)? (`descs` $descs^)? attr-dict `:` type($barrier) (`,` type($descs)^)?"
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(RequiresTCGen05(), WritesSharedMemory())

    def verify_(self) -> None:
        if len(self.descs) > 4:
            raise op_error(self, f"expected 0 to 4 descriptors, got {len(self.descs)}")
        _check_completion_barrier(self, memdesc_type(self.barrier))


OPS: list[type[Operation]] = [
    TMEMAllocOp,
    TMEMLoadOp,
    TMEMStoreOp,
    TMEMCopyOp,
    TMEMSubSliceOp,
    TCGen5MMAOp,
    TCGen5MMAScaledOp,
    TCGen5CommitOp,
]
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = [
    TensorMemoryEncodingAttr,
    TensorMemoryScalesEncodingAttr,
    TensorMemorySpaceAttr,
    ReduceModifierAttr,
]
"""The attributes and types of this family."""
