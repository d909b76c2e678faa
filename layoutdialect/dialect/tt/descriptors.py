"""Tensor descriptors: ``!tt.tensordesc``, ``tt.make_tensor_descriptor`` and the
``tt.descriptor_*`` loads, stores, gathers, scatters and reductions.

A descriptor names a block of a tensor in global memory that one TMA access moves; its
optional layout is the shared encoding the block takes in shared memory.  Loads and
gathers produce register tensors whose layout propagation never changes (Triton's
anchors); stores, reductions and scatters take their operand in whatever layout it has.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import TYPE_CHECKING, ClassVar, Self, cast

from xdsl.dialects.builtin import (
    I32,
    AnyFloat,
    ArrayAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    NoneAttr,
    Signedness,
    TensorType,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    SameVariadicOperandSize,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.irdl.operations import VarOperand
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.memory_resources import ReadsGlobalMemory, WritesGlobalMemory
from layoutdialect.dialect.semantics import KeepsLayout, LayoutAnchor
from layoutdialect.dialect.tt.base import TTOp
from layoutdialect.dialect.tt.types import PointerType, bit_width, quoted
from layoutdialect.dialect.ttg.types import MemDescType

__all__ = [
    "ATTRIBUTES",
    "OPS",
    "REDUCE_KINDS",
    "BlockReduceOp",
    "DescriptorGatherOp",
    "DescriptorLoadOp",
    "DescriptorReduceOp",
    "DescriptorScatterOp",
    "DescriptorStoreOp",
    "MakeTensorDescOp",
    "TensorDescBase",
    "TensorDescType",
    "check_descriptor_access",
    "check_gather_scatter",
    "check_row_offsets",
    "check_tt_tensor",
    "parse_operand_lists",
    "print_operand_lists",
    "quoted",
]

REDUCE_KINDS = ("add", "min", "max", "inc", "dec", "and", "or", "xor")
"""Triton's ``DescriptorReduceKind`` keywords; each is stored as the ``i32`` of its position plus one."""

PAD_ZERO = 1
"""``tt.make_tensor_descriptor``'s default ``padding``: out-of-bounds elements read as zero (2: as NaN)."""

PADDINGS = (PAD_ZERO, 2)

_PADDING_CONSTRAINT = (
    "'tt.make_tensor_descriptor' op attribute 'padding' failed to satisfy constraint: "
    "allowed 32-bit signless integer cases: 1, 2"
)


def _signless(element: Attribute) -> Attribute:
    return IntegerType(element.width.data) if isinstance(element, IntegerType) else element


class TensorDescBase(ParametrizedAttribute, TypeAttribute):
    """A descriptor of a block of global memory: ``<128x64xf16[, #shared]>``, the block's
    shape and element type, and optionally the shared layout it takes in shared memory.
    Each subclass declares the three parameters ``shape_attr``, ``element_type`` and
    ``layout_attr`` (``NoneAttr`` when there is no layout yet)."""

    shape_attr: ArrayAttr[IntAttr]
    element_type: Attribute
    layout_attr: Attribute

    def __init__(self, shape: Sequence[int], element_type: Attribute, layout: Attribute | None = None) -> None:
        super().__init__(ArrayAttr(IntAttr(d) for d in shape), element_type, NoneAttr() if layout is None else layout)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.shape_attr.data)

    def get_shape(self) -> tuple[int, ...]:
        return self.shape

    @property
    def shared_layout(self) -> Attribute | None:
        return None if isinstance(self.layout_attr, NoneAttr) else self.layout_attr

    def block_type(self) -> TensorType[Attribute]:
        """Triton's ``getSignlessBlockType``: the block as a tensor without encoding, an
        unsigned or signed integer element made signless."""
        return TensorType(_signless(self.element_type), self.shape)

    def verify(self) -> None:
        if isinstance(self.element_type, TensorType):
            raise VerifyException(
                "tensor descriptors must not wrap tensor types; use "
                "!tt.tensordesc<shape x element-type[, layout]> instead"
            )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        start = parser.pos
        with parser.in_angle_brackets():
            shape, element_type = parser.parse_ranked_shape()
            layout = parser.parse_attribute() if parser.parse_optional_punctuation(",") is not None else None
        if any(d < 0 for d in shape):
            parser.raise_error("expected static shape", start, parser.pos)
        try:
            return cls(shape, element_type, layout).parameters
        except VerifyException as error:
            parser.raise_error(str(error), start, parser.pos)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<" + "".join(f"{d}x" for d in self.shape))
        printer.print_attribute(self.element_type)
        if self.shared_layout is not None:
            printer.print_string(", ")
            printer.print_attribute(self.shared_layout)
        printer.print_string(">")


@irdl_attr_definition
class TensorDescType(TensorDescBase):
    """``!tt.tensordesc<128x64xf16, #shared>``: a tiled TMA descriptor."""

    name = "tt.tensordesc"

    shape_attr: ArrayAttr[IntAttr]
    element_type: Attribute
    layout_attr: Attribute


def check_descriptor_access(op_name: str, desc: Attribute, tile: Attribute) -> None:
    """Triton's ``verifyDescriptorLoadStoreOp``: the tile read or written (a tensor or a
    memdesc) has the block's element type and number of elements."""
    assert isinstance(desc, TensorDescBase) and isinstance(tile, TensorType | MemDescType)
    block = desc.block_type()
    element = tile.element_type
    if block.element_type != element:
        raise VerifyException(
            f"'{op_name}' op descriptor block and tensor element types must match, but got descriptor element "
            f"type {quoted(block.element_type)} and tensor element type {quoted(element)}"
        )
    block_elements, tile_elements = prod(block.get_shape()), prod(tile.get_shape())
    if block_elements != tile_elements:
        raise VerifyException(
            f"'{op_name}' op descriptor block and tensor must have the same number of elements, but got "
            f"descriptor block with {block_elements} elements tensor with {tile_elements} elements"
        )


def check_gather_scatter(op_name: str, desc: Attribute, rows: Attribute, indices: Attribute) -> None:
    """Triton's ``verifyGatherScatterOp``: rows of a one-row 2-D block, gathered into (or
    scattered from) ``rows`` (a tensor or a memdesc), one row per element of the 1-D
    ``indices``, at least 8 rows of at least 32 bytes."""
    assert isinstance(desc, TensorDescBase) and isinstance(rows, TensorType | MemDescType)
    assert isinstance(indices, TensorType)
    block = desc.block_type()
    if len(block.get_shape()) != 2:
        raise VerifyException(f"'{op_name}' op descriptor block must be a 2D tensor, but got {quoted(block)}")
    if block.get_shape()[0] != 1:
        raise VerifyException(f"'{op_name}' op descriptor block must have exactly 1 row, but got {quoted(block)}")
    shape, element = tuple(rows.get_shape()), rows.element_type
    if len(indices.get_shape()) != 1:
        raise VerifyException(f"'{op_name}' op x offsets must be a 1D tensor, but got {quoted(indices)}")
    if len(shape) != 2:
        raise VerifyException(f"'{op_name}' op result must be a 2D tensor, but got {quoted(rows)}")
    if shape[0] < 8:
        raise VerifyException(f"'{op_name}' op must have at least 8 rows, but got {shape[0]}")
    bits = bit_width(element) or 0
    if bits > 32:
        raise VerifyException(f"'{op_name}' op TMA dtype cannot be greater than 32 bits")
    min_columns = 32 // bits * 8 if bits else 0
    if shape[1] < min_columns:
        raise VerifyException(
            f"'{op_name}' op must have at least {min_columns} columns for {quoted(element)}, but got {shape[1]}"
        )
    if shape[0] != indices.get_shape()[0]:
        raise VerifyException(
            f"'{op_name}' op result tensor must have as many rows as indices ({indices.get_shape()[0]}), "
            f"but got {quoted(rows)}"
        )
    if shape[1] != block.get_shape()[1]:
        raise VerifyException(
            f"'{op_name}' op result tensor number of columns must match block ({block.get_shape()[1]}), "
            f"but got {quoted(rows)}"
        )
    if element != block.element_type:
        raise VerifyException(
            f"'{op_name}' op result tensor element type must match block ({quoted(block.element_type)}), "
            f"but got {quoted(rows)}"
        )


def check_row_offsets(op_name: str, offsets: Attribute, widths: Sequence[int] = (16, 32)) -> TensorType[Attribute]:
    """A gather's or scatter's row offsets (operand #1): a tensor of signless integers of
    one of ``widths`` bits."""
    if not (isinstance(offsets, TensorType) and offsets.element_type in [IntegerType(w) for w in widths]):
        integers = " or ".join(f"{w}-bit signless integer" for w in widths)
        raise VerifyException(
            f"'{op_name}' op operand #1 must be ranked tensor of {integers} values, but got {quoted(offsets)}"
        )
    return offsets


def check_tt_tensor(op_name: str, what: str, type_: Attribute) -> None:
    """Triton's ``TT_Tensor``: a tensor of floats, signless integers or pointers; ``what``
    names the value (``result #0``, ``operand #1``)."""
    element = type_.element_type if isinstance(type_, TensorType) else None
    if isinstance(element, IntegerType):
        valid = element.signedness.data == Signedness.SIGNLESS
    else:
        valid = isinstance(element, AnyFloat | PointerType)
    if not valid:
        raise VerifyException(
            f"'{op_name}' op {what} must be ranked tensor of floating-point or integer or ptr values, "
            f"but got {quoted(type_)}"
        )


def parse_operand_lists(parser: Parser, count: int) -> list[list[UnresolvedOperand]]:
    """``, [%a, %b], [%c]``: ``count`` bracketed lists of operands, each after a comma."""
    lists = []
    for _ in range(count):
        parser.parse_punctuation(",")
        lists.append(parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand))
    return lists


def print_operand_lists(printer: Printer, lists: Sequence[Sequence[SSAValue]]) -> None:
    """What ``parse_operand_lists`` reads."""
    for values in lists:
        printer.print_string(", [")
        printer.print_list(values, printer.print_operand)
        printer.print_string("]")


def _parse_dialect_type(parser: Parser, kind: type[TensorDescType] | type[PointerType]) -> Attribute:
    """A type of ``kind``, written whole (``!tt.ptr<f16>``) or, as Triton prints a type of
    the op's own dialect, without its name (``<f16>``)."""
    found = parser.parse_optional_type()
    if found is None:
        found = kind.new(kind.parse_parameters(parser))
    if not isinstance(found, kind):
        parser.raise_error(f"expected a !{kind.name} type, got {found}")
    return found


@irdl_op_definition
class MakeTensorDescOp(TTOp):
    """``%d = tt.make_tensor_descriptor %base, [%m, %n], [%sm, %sn] : <f16>, <128x64xf16, #shared>``

    A descriptor of the ``shape`` (``i32``) tensor at ``base`` with ``strides`` (``i64``,
    in elements), read in blocks of the result's block shape; out-of-bounds elements read
    as zero (``padding = 1``, the default) or NaN (``padding = 2``).
    """

    name = "tt.make_tensor_descriptor"

    base = operand_def(PointerType)
    shape = var_operand_def(i32)
    strides = var_operand_def(i64)
    padding = prop_def(IntegerAttr[I32])
    result = result_def(TensorDescType)

    irdl_options = (SameVariadicOperandSize(),)
    traits = traits_def(Pure())

    def __init__(
        self,
        base: SSAValue,
        shape: Sequence[SSAValue],
        strides: Sequence[SSAValue],
        result_type: TensorDescType,
        padding: int = PAD_ZERO,
    ) -> None:
        super().__init__(
            operands=[base, shape, strides],
            result_types=[result_type],
            properties={"padding": IntegerAttr(padding, i32)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> MakeTensorDescOp:
        base = parser.parse_unresolved_operand()
        shape, strides = parse_operand_lists(parser, 2)
        if len(shape) != len(strides):
            parser.raise_error(f"expected as many strides as sizes ({len(shape)}), got {len(strides)}")
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        base_type = _parse_dialect_type(parser, PointerType)
        parser.parse_punctuation(",")
        result_type = _parse_dialect_type(parser, TensorDescType)
        assert isinstance(result_type, TensorDescType)
        padding = attributes.pop("padding", IntegerAttr(PAD_ZERO, i32))
        if not isinstance(padding, IntegerAttr) or padding.value.data not in PADDINGS:
            parser.raise_error(f"custom op '{cls.name}' {_PADDING_CONSTRAINT}")
        op = cls(
            parser.resolve_operand(base, base_type),
            _resolve_all(parser, shape, i32),
            _resolve_all(parser, strides, i64),
            result_type,
            padding.value.data,
        )
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.base)
        print_operand_lists(printer, (self.shape, self.strides))
        padding = {} if self.padding.value.data == PAD_ZERO else {"padding": self.padding}
        printer.print_op_attributes(self.attributes | padding)
        printer.print_string(" : ")
        assert isinstance(self.base.type, PointerType) and isinstance(self.result.type, TensorDescType)
        self.base.type.print_parameters(printer)
        printer.print_string(", ")
        self.result.type.print_parameters(printer)

    def verify_(self) -> None:
        if self.padding.value.data not in PADDINGS:
            raise VerifyException(_PADDING_CONSTRAINT)


def _resolve_all(parser: Parser, names: Sequence[UnresolvedOperand], type_: Attribute) -> list[SSAValue]:
    return [parser.resolve_operand(name, type_) for name in names]


@irdl_op_definition
class DescriptorLoadOp(TTOp):
    """``%t = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<128x64xf16, #shared> -> tensor<128x64xf16, #blocked>``

    Reads the block at the given coordinates (a TMA load on NVIDIA) into registers; its
    layout is an anchor, as for any descriptor access in Triton.
    """

    name = "tt.descriptor_load"

    desc = operand_def(TensorDescType)
    indices = var_operand_def(i32)
    cache_policy = opt_prop_def(Attribute, prop_name="cachePolicy")
    result = result_def(TensorType)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$desc `[` $indices `]` attr-dict `:` type($desc) `->` type($result)"
    traits = traits_def(ReadsGlobalMemory(), LayoutAnchor(), KeepsLayout())

    def verify_(self) -> None:
        check_tt_tensor(self.name, "result #0", self.result.type)
        check_descriptor_access(self.name, self.desc.type, self.result.type)


@irdl_op_definition
class DescriptorStoreOp(TTOp):
    """``tt.descriptor_store %d[%i, %j], %t : !tt.tensordesc<128x64xf16, #shared>, tensor<128x64xf16, #blocked>``

    Writes the tensor to the block at the given coordinates, from whatever layout it has.
    """

    name = "tt.descriptor_store"

    desc = operand_def(TensorDescType)
    src = operand_def(TensorType)
    indices = var_operand_def(i32)

    assembly_format = "$desc `[` $indices `]` `,` $src attr-dict `:` type($desc) `,` type($src)"
    traits = traits_def(ReadsGlobalMemory(), WritesGlobalMemory())

    def verify_(self) -> None:
        check_tt_tensor(self.name, "operand #1", self.src.type)
        check_descriptor_access(self.name, self.desc.type, self.src.type)


class BlockReduceOp(IRDLOperation):
    """``<op> add, %d[%i, %j], %src attr-dict : <desc type>, <src type>`` (the comma before
    ``%src`` only with ``COMMA_BEFORE_SOURCE``): combines ``src`` into the descriptor's block
    at the given coordinates with ``kind``, one of ``REDUCE_KINDS`` (stored as its position
    plus one).  Subclasses declare the operands ``desc``, ``src`` and the ``i32``
    coordinates named ``COORDINATES``, in Triton's order."""

    COORDINATES: ClassVar[str]
    """The name of the coordinates operand."""

    COMMA_BEFORE_SOURCE: ClassVar[bool]
    """Whether a comma separates the coordinates from ``src`` (else a space)."""

    kind = prop_def(IntegerAttr[I32])

    traits = traits_def(ReadsGlobalMemory(), WritesGlobalMemory())

    if TYPE_CHECKING:
        desc: SSAValue
        src: SSAValue

    def __init__(self, kind: str, desc: SSAValue, coordinates: Sequence[SSAValue], src: SSAValue) -> None:
        given: dict[str, SSAValue | Sequence[SSAValue]] = {"desc": desc, self.COORDINATES: coordinates, "src": src}
        super().__init__(
            operands=[given[name] for name, _ in self.get_irdl_definition().operands],
            properties={"kind": IntegerAttr(REDUCE_KINDS.index(kind) + 1, i32)},
        )

    @property
    def kind_name(self) -> str:
        return REDUCE_KINDS[self.kind.value.data - 1]

    @property
    def coordinates(self) -> VarOperand:
        return cast(VarOperand, getattr(self, self.COORDINATES))

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        kind = parser.parse_optional_str_literal()
        if kind is None:
            kind = parser.parse_optional_identifier()
        if kind not in REDUCE_KINDS:
            parser.raise_error(
                f"custom op '{cls.name}' expected string or keyword containing one of the following enum values "
                f"for attribute 'kind' [{', '.join(REDUCE_KINDS)}]"
            )
        parser.parse_punctuation(",")
        desc = parser.parse_unresolved_operand()
        coordinates = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand)
        if cls.COMMA_BEFORE_SOURCE:
            parser.parse_punctuation(",")
        src = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        desc_type = parser.parse_type()
        parser.parse_punctuation(",")
        src_type = parser.parse_type()
        op = cls(
            kind,
            parser.resolve_operand(desc, desc_type),
            _resolve_all(parser, coordinates, i32),
            parser.resolve_operand(src, src_type),
        )
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.kind_name}, ")
        printer.print_operand(self.desc)
        printer.print_string("[")
        printer.print_list(self.coordinates, printer.print_operand)
        printer.print_string("], " if self.COMMA_BEFORE_SOURCE else "] ")
        printer.print_operand(self.src)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list((self.desc.type, self.src.type), printer.print_attribute)

    def verify_(self) -> None:
        if not 1 <= self.kind.value.data <= len(REDUCE_KINDS):
            raise VerifyException(
                f"'{self.name}' op attribute 'kind' failed to satisfy constraint: "
                "allowed 32-bit signless integer cases: 1, 2, 3, 4, 5, 6, 7, 8"
            )


@irdl_op_definition
class DescriptorReduceOp(BlockReduceOp, TTOp):
    """``tt.descriptor_reduce add, %d[%i, %j], %t : !tt.tensordesc<32x32xf32>, tensor<32x32xf32, #blocked>``

    Combines the tensor into the block at the given coordinates with ``kind`` (``add``,
    ``min``, ``max``, ``inc``, ``dec``, ``and``, ``or``, ``xor``), element by element.
    """

    name = "tt.descriptor_reduce"

    COORDINATES: ClassVar[str] = "indices"
    COMMA_BEFORE_SOURCE: ClassVar[bool] = True

    desc = operand_def(TensorDescType)
    src = operand_def(TensorType)
    indices = var_operand_def(i32)

    def verify_(self) -> None:
        super().verify_()
        check_tt_tensor(self.name, "operand #1", self.src.type)
        check_descriptor_access(self.name, self.desc.type, self.src.type)


@irdl_op_definition
class DescriptorGatherOp(TTOp):
    """``%t = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #b1>, i32)
    -> tensor<32x64xf16, #blocked>``

    Reads one row per element of ``x_offsets``, each from column ``y_offset`` on, of a
    one-row descriptor (TMA gather4 on Blackwell); its layout is an anchor.
    """

    name = "tt.descriptor_gather"

    desc = operand_def(TensorDescType)
    x_offsets = operand_def(TensorType)
    y_offset = operand_def(i32)
    result = result_def(TensorType)

    assembly_format = "$desc `[` $x_offsets `,` $y_offset `]` attr-dict `:` functional-type(operands, results)"
    traits = traits_def(ReadsGlobalMemory(), LayoutAnchor(), KeepsLayout())

    def verify_(self) -> None:
        check_row_offsets(self.name, self.x_offsets.type)
        check_tt_tensor(self.name, "result #0", self.result.type)
        check_gather_scatter(self.name, self.desc.type, self.result.type, self.x_offsets.type)


@irdl_op_definition
class DescriptorScatterOp(TTOp):
    """``tt.descriptor_scatter %d[%rows, %col], %t : !tt.tensordesc<1x64xf16>, tensor<32xi32, #b1>, i32,
    tensor<32x64xf16, #blocked>``

    Writes row ``i`` of the tensor to row ``x_offsets[i]`` of a one-row descriptor,
    from column ``y_offset`` on.
    """

    name = "tt.descriptor_scatter"

    desc = operand_def(TensorDescType)
    x_offsets = operand_def(TensorType)
    y_offset = operand_def(i32)
    src = operand_def(TensorType)

    assembly_format = "$desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:` type(operands)"
    traits = traits_def(ReadsGlobalMemory(), WritesGlobalMemory())

    def verify_(self) -> None:
        check_row_offsets(self.name, self.x_offsets.type)
        check_tt_tensor(self.name, "operand #3", self.src.type)
        check_gather_scatter(self.name, self.desc.type, self.src.type, self.x_offsets.type)


OPS: list[type[Operation]] = [
    MakeTensorDescOp,
    DescriptorLoadOp,
    DescriptorStoreOp,
    DescriptorReduceOp,
    DescriptorGatherOp,
    DescriptorScatterOp,
]
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = [TensorDescType]
"""The attributes and types of this family."""
