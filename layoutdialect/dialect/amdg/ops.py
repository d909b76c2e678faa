"""The ``amdg`` ops of Triton 3.9: buffer loads, stores and atomics through a scalar base
pointer and a tensor of offsets, asynchronous copies and their waits, the tensor data
mover (TDM), barriers, and register-tensor slices, concatenations and upcasts.

Triton's remove-layout-conversions treats the buffer loads and atomics as it treats ops
with ``SameLoadStoreOperandsAndResultEncoding``: a result layout is inferred back onto the
offsets, mask and other operands, never forward; ``scaled_upcast_fp8`` does the same as an
elementwise op.  No other ``amdg`` op passes a layout on: a slice or a concatenation keeps
the layouts it is written with, which its verifier checks at the CTA-tile level.  Unlike
``tt`` and ``ttg`` ops, ``amdg`` ops do not check their tensors' layouts against the kernel.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import (
    I32,
    AnyFloat,
    BFloat16Type,
    BoolAttr,
    DenseArrayBase,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    IntegerAttr,
    IntegerType,
    Signedness,
    TensorType,
    UnitAttr,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    AttrSizedOperandSegments,
    IRDLOperation,
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
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.mlir_lexer import PunctuationSpelling

from layoutdialect.dialect.semantics import Elementwise, KeepsLayout, SameLayout
from layoutdialect.dialect.tt.atomics import MEM_SEMANTICS, MEM_SYNC_SCOPES, RMW_OPS
from layoutdialect.dialect.tt.descriptors import TensorDescType
from layoutdialect.dialect.tt.types import PointerType, bit_width
from layoutdialect.dialect.ttg.attributes import SharedMemorySpaceAttr, encoding_attr
from layoutdialect.dialect.ttg.layout_checks import VerifyTensorLayouts, kernel_attributes
from layoutdialect.dialect.ttg.tensors import encoding_of
from layoutdialect.dialect.ttg.types import AsyncTokenType, MemDescType
from layoutdialect.dialect.ttng.barriers import check_barrier_type
from layoutdialect.encodings import (
    BlockedEncoding,
    DistributedEncoding,
    DotOperandEncoding,
    EncodingError,
    PaddedSharedEncoding,
    PartitionedSharedEncoding,
    SharedEncoding,
    SwizzledSharedEncoding,
    to_linear_layout,
)
from layoutdialect.encodings.blocked import default_blocked_encoding
from layoutdialect.encodings.inference import fp4_to_fp_source_encoding
from layoutdialect.f2 import LinearLayout, identity_standard_nd, standard_out_dim_names

__all__ = [
    "ATTRIBUTES",
    "CACHE_MODIFIERS",
    "OPS",
    "AMDGOp",
    "ArriveBarrierOp",
    "AsyncCopyLocalToGlobalOp",
    "AsyncCopyMbarrierArriveOp",
    "AsyncTDMCopyGlobalToLocalOp",
    "AsyncTDMCopyLocalToGlobalOp",
    "AsyncTDMFusedCopyGlobalToLocalOp",
    "AsyncTDMGatherOp",
    "AsyncTDMIntrinsicWaitOp",
    "AsyncTDMScatterOp",
    "AsyncTDMWaitOp",
    "AsyncWaitOp",
    "BufferAtomicCASOp",
    "BufferAtomicRMWOp",
    "BufferLoadOp",
    "BufferLoadToLocalOp",
    "BufferStoreOp",
    "ClusterBarrierArriveOp",
    "ClusterBarrierWaitOp",
    "ConcatOp",
    "CondBarrierOp",
    "ExtractSliceOp",
    "InThreadTransposeOp",
    "InitBarrierOp",
    "LocalLoadPackedTransposedOp",
    "ScaledUpcastFp4Op",
    "ScaledUpcastFp8Op",
    "TDMPrefetchOp",
    "UncheckedLayouts",
    "UpdateTensorDescriptorOp",
    "WaitBarrierOp",
    "in_thread_transposed_layout",
    "prefetch_offsets_type",
    "scale_layout",
]

CACHE_MODIFIERS = {"none": 1, "ca": 2, "cg": 3, "wb": 4, "cs": 5, "wt": 6, "cv": 7}
"""Triton's ``CacheModifier``: the ``i32`` value of each keyword (``none`` is the default)."""

ASYNC_TOKEN = AsyncTokenType()

ONE = IntegerAttr(1, i32)
"""The default of the ``contiguity`` and ``cache`` properties, left out when printed."""

MAX_TDM_BLOCK = (1 << 16) - 1
"""The largest block dimension a TDM descriptor may have (a ``uint16``)."""

L2_PREFETCH_BYTES = 256
"""What one ``tdm_prefetch`` instruction brings into L2."""

SUPPORTS_BUFFER_LOAD_TO_LOCAL = ("gfx942", "gfx950")
"""The targets (CDNA3 and CDNA4) with buffer loads straight into shared memory."""


# ---------------------------------------------------------------------------- base


@dataclass(frozen=True)
class UncheckedLayouts(VerifyTensorLayouts):
    """Triton's AMD ops lack ``VerifyTensorLayoutsTrait``: their tensors' layouts are not
    checked against the kernel's lanes, warps and CTAs.  Module verification checks every
    op without a ``VerifyTensorLayouts`` trait; this one answers for the op and checks
    nothing."""

    def verify(self, op: Operation) -> None:
        return None


class AMDGOp(IRDLOperation):
    """An ``amdg`` op, as Triton's ``TT_AMDGPU_Op``."""

    traits = traits_def(UncheckedLayouts())


# --------------------------------------------------------------------------- types


@dataclass(frozen=True)
class _Kind:
    """An ODS type constraint: its text in MLIR's messages and its test."""

    text: str
    test: Callable[[Attribute], bool]

    def variadic(self) -> _Kind:
        return _Kind(f"variadic of {self.text}", self.test)


def _ranked(text: str, element: Callable[[Attribute], bool], ranked: bool = True) -> _Kind:
    """A tensor of elements passing ``element`` (``TensorOf``, or ``RankedTensorOf``)."""
    prefix = "ranked tensor" if ranked else "tensor"
    return _Kind(f"{prefix} of {text} values", lambda t: isinstance(t, TensorType) and element(t.element_type))


def _int(width: int) -> Callable[[Attribute], bool]:
    return lambda t: isinstance(t, IntegerType) and t.width.data == width and t.signedness.data == Signedness.SIGNLESS


def _tt_element(element: Attribute) -> bool:
    return isinstance(element, AnyFloat | IntegerType | PointerType)


def _is_ptr(type_: Attribute) -> bool:
    return isinstance(type_, PointerType)


PTR = _Kind("ptr", _is_ptr)
I1 = _Kind("1-bit signless integer", _int(1))
I32_SCALAR = _Kind("32-bit signless integer", _int(32))
I32_TENSOR = _ranked("32-bit signless integer", _int(32), ranked=False)
I1_TENSOR = _ranked("1-bit signless integer", _int(1), ranked=False)
BOOL_TENSOR = _ranked("1-bit signless integer", _int(1))
TT_TENSOR = _ranked("floating-point or integer or ptr", _tt_element)
PTR_TENSOR = _ranked("ptr", _is_ptr)
ANY_RANKED_TENSOR = _ranked("any non-token type", lambda _: True)
ROW_INDICES = _ranked(
    "16-bit signless integer or 32-bit signless integer", lambda t: _int(16)(t) or _int(32)(t), ranked=False
)
MEMDESC = _Kind(
    "memory descriptor type (`::mlir::triton::gpu::MemDescType`) in Triton IR type system",
    lambda t: isinstance(t, MemDescType),
)
TENSORDESC = _Kind(
    "Tensor descriptor type (`::mlir::triton::TensorDescType`) in Triton IR type system",
    lambda t: isinstance(t, TensorDescType),
)
TOKEN = _Kind("async token type", lambda t: isinstance(t, AsyncTokenType))
I8_TENSOR = _ranked("8-bit signless integer", _int(8))
FP8_TENSOR = _ranked("f8E4M3FN type or f8E5M2 type", lambda t: isinstance(t, Float8E4M3FNType | Float8E5M2Type))
SCALE_TENSOR = _ranked("bfloat16 type or 8-bit signless integer", lambda t: isinstance(t, BFloat16Type) or _int(8)(t))
HALF_TENSOR = _ranked("16-bit float or bfloat16 type", lambda t: isinstance(t, Float16Type | BFloat16Type))

Operands = SSAValue | Sequence[SSAValue] | None
OpT = TypeVar("OpT", bound=Operation)


def _values(values: Operands) -> Sequence[SSAValue]:
    if values is None:
        return ()
    return (values,) if isinstance(values, SSAValue) else values


def _check_types(op: Operation, operands: Sequence[tuple[_Kind, Operands]], results: Sequence[_Kind] = ()) -> None:
    """MLIR's check of each operand and result against its ODS type constraint, in the
    order of the op's definition, with operands numbered as they are in the op."""
    index = 0
    for kind, values in operands:
        for value in _values(values):
            if not kind.test(value.type):
                raise VerifyException(f"'{op.name}' op operand #{index} must be {kind.text}, but got '{value.type}'")
            index += 1
    for index, (kind, result) in enumerate(zip(results, op.results)):
        if not kind.test(result.type):
            raise VerifyException(f"'{op.name}' op result #{index} must be {kind.text}, but got '{result.type}'")


def _tensor(type_: Attribute) -> TensorType[Attribute]:
    assert isinstance(type_, TensorType)
    return type_


def _memdesc(value: SSAValue) -> MemDescType:
    assert isinstance(value.type, MemDescType)
    return value.type


def _desc(value: SSAValue) -> TensorDescType:
    assert isinstance(value.type, TensorDescType)
    return value.type


def _like(type_: Attribute, element: Attribute) -> TensorType[Attribute]:
    """``type_``, a tensor, with ``element`` elements (Triton's ``getI32SameShape`` and
    ``getI1SameShape``: shape and encoding kept)."""
    tensor = _tensor(type_)
    return TensorType(element, tensor.get_shape(), tensor.encoding)


def _pointee(pointer: Attribute) -> Attribute:
    assert isinstance(pointer, PointerType)
    return pointer.pointee


def _failed_to_verify(op: Operation, what: str) -> VerifyException:
    return VerifyException(f"'{op.name}' op failed to verify that {what}")


def _enum_problem(op_name: str, attribute: str, value: Attribute | None, cases: Mapping[str, int]) -> str | None:
    """MLIR's message for an ``i32`` enum attribute ``value`` outside ``cases``, or ``None``."""
    if value is None or (isinstance(value, IntegerAttr) and value.type == i32 and value.value.data in cases.values()):
        return None
    return (
        f"'{op_name}' op attribute '{attribute}' failed to satisfy constraint: allowed 32-bit signless integer "
        f"cases: {', '.join(map(str, sorted(set(cases.values()))))}"
    )


def _check_enum(op: Operation, attribute: str, cases: Mapping[str, int]) -> None:
    if problem := _enum_problem(op.name, attribute, op.properties.get(attribute), cases):
        raise VerifyException(problem)


def _check_i32(op_name: str, attribute: str, value: Attribute | None) -> str | None:
    """MLIR's message for an ``I32Attr`` that is not one, or ``None``."""
    if value is None or (isinstance(value, IntegerAttr) and value.type == i32):
        return None
    return f"'{op_name}' op attribute '{attribute}' failed to satisfy constraint: 32-bit signless integer attribute"


# ------------------------------------------------------------------------ syntax


def _expect(parser: Parser, punctuation: PunctuationSpelling) -> None:
    """``punctuation``, or MLIR's error ``expected '->'``."""
    if parser.parse_optional_punctuation(punctuation) is None:
        parser.raise_error(f"expected '{punctuation}'")


def _parse_enum(parser: Parser, op_name: str, attribute: str, cases: Mapping[str, int]) -> IntegerAttr:
    """A keyword of ``cases``, as the ``i32`` integer it stands for."""
    start = parser.pos
    keyword = parser.parse_optional_identifier() or parser.parse_optional_str_literal()
    if keyword is None or keyword not in cases:
        parser.raise_error(
            f"custom op '{op_name}' expected string or keyword containing one of the following enum values for "
            f"attribute '{attribute}' [{', '.join(cases)}]",
            start,
            parser.pos,
        )
    return IntegerAttr(cases[keyword], i32)


def _keyword(cases: Mapping[str, int], value: Attribute) -> str:
    """The keyword of an enum value; one no case has prints as its number."""
    assert isinstance(value, IntegerAttr)
    return next((k for k, v in cases.items() if v == value.value.data), str(value.value.data))


def _parse_indexed(parser: Parser) -> tuple[UnresolvedOperand, UnresolvedOperand]:
    """``%ptr[%offsets]``."""
    pointer = parser.parse_unresolved_operand()
    _expect(parser, "[")
    offsets = parser.parse_unresolved_operand()
    _expect(parser, "]")
    return pointer, offsets


def _parse_optional_comma_operand(parser: Parser) -> UnresolvedOperand | None:
    """``, %x``, or nothing."""
    return parser.parse_unresolved_operand() if parser.parse_optional_punctuation(",") is not None else None


def _parse_keyword_operand(parser: Parser, keyword: str, equals: bool = True) -> UnresolvedOperand | None:
    """``keyword = %x`` (``keyword %x`` without ``equals``), or nothing."""
    if parser.parse_optional_keyword(keyword) is None:
        return None
    if equals:
        _expect(parser, "=")
    return parser.parse_unresolved_operand()


def _parse_operand_list(parser: Parser, delimiter: Parser.Delimiter) -> list[UnresolvedOperand]:
    return parser.parse_comma_separated_list(delimiter, parser.parse_unresolved_operand)


def _parse_memdesc(parser: Parser) -> Attribute:
    """A type, where a memdesc may also be written without ``!ttg.memdesc`` (Triton's
    unqualified ``type(...)``)."""
    type_ = parser.parse_optional_type()
    return MemDescType.new(MemDescType.parse_parameters(parser)) if type_ is None else type_


def _resolve(parser: Parser, operand: UnresolvedOperand | None, type_: Attribute) -> SSAValue | None:
    return None if operand is None else parser.resolve_operand(operand, type_)


def _tensor_result(parser: Parser, type_: Attribute) -> TensorType[Attribute]:
    if not isinstance(type_, TensorType):
        parser.raise_error(f"expected a ranked tensor type, got '{type_}'")
    return type_


def _refuse(parser: Parser, op_name: str, problem: str | None) -> None:
    """A property the custom form gives that its constraint refuses: MLIR checks it while
    parsing, naming the op twice."""
    if problem is not None:
        parser.raise_error(f"custom op '{op_name}' {problem}")


def _parse_cache(parser: Parser, op_name: str, attributes: Mapping[str, Attribute]) -> None:
    """Refuse an attr-dict ``cache`` that is not a ``CacheModifier``, as MLIR does while parsing."""
    _refuse(parser, op_name, _enum_problem(op_name, "cache", attributes.get("cache"), CACHE_MODIFIERS))


def _finish(op: OpT, attributes: dict[str, Attribute], properties: Sequence[str] = ()) -> OpT:
    """Move the parsed attr-dict entries named ``properties`` into ``op``'s properties, the
    rest into its attributes; ``op`` back."""
    for name in properties:
        if name in attributes:
            op.properties[name] = attributes.pop(name)
    op.attributes |= attributes
    return op


def _print_attributes(
    printer: Printer, op: Operation, defaults: Mapping[str, Attribute] = {}, elided: Sequence[str] = ()
) -> None:
    """The attr-dict of a custom format as MLIR prints it: properties and attributes in one
    dictionary sorted by name, without ``elided`` ones, ``operandSegmentSizes`` and
    properties equal to their ``defaults``."""
    merged = {name: value for name, value in op.properties.items() if defaults.get(name) != value} | op.attributes
    skipped = {"operandSegmentSizes", *elided}
    printer.print_op_attributes({k: merged[k] for k in sorted(merged) if k not in skipped})


def _print_operands(printer: Printer, values: Sequence[SSAValue], prefix: str = " ") -> None:
    if values:
        printer.print_string(prefix)
        printer.print_list(values, printer.print_operand)


def _print_types(printer: Printer, types: Sequence[Attribute]) -> None:
    printer.print_list(types, printer.print_attribute)


def _print_keyword_operand(printer: Printer, keyword: str, value: SSAValue | None, equals: bool = True) -> None:
    if value is not None:
        printer.print_string(f" {keyword} = " if equals else f" {keyword} ")
        printer.print_operand(value)


def _print_indexed(printer: Printer, pointer: SSAValue, offsets: SSAValue) -> None:
    printer.print_operand(pointer)
    printer.print_string("[")
    printer.print_operand(offsets)
    printer.print_string("]")


def _target_arch(op: Operation) -> str:
    """The ``gfx`` name of the module's ``ttg.target`` (``""`` when there is none)."""
    target = kernel_attributes(op).target
    if target is None:
        return ""
    if not target.startswith("hip:"):
        raise VerifyException('expected target attribute to be prefixed with "hip:"')
    return target.removeprefix("hip:")


# ------------------------------------------------------------------ buffer ops


@irdl_op_definition
class BufferLoadOp(AMDGOp):
    """``%v = amdg.buffer_load %ptr[%offsets], %mask, %other stride = %s : !tt.ptr<f32>
    -> tensor<1024xf32, #blocked>``

    Reads ``ptr[offsets]`` elementwise from global memory through a buffer resource;
    where ``mask`` is false the element is ``other``.
    """

    name = "amdg.buffer_load"

    ptr = operand_def(AnyAttr())
    offsets = operand_def(AnyAttr())
    stride = opt_operand_def(AnyAttr())
    mask = opt_operand_def(AnyAttr())
    other = opt_operand_def(AnyAttr())
    cache_policy = opt_prop_def(Attribute, prop_name="cachePolicy")
    contiguity = prop_def(IntegerAttr[I32], default_value=ONE)
    result = result_def(AnyAttr())

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(MemoryReadEffect(), SameLayout(forward=False))

    def __init__(
        self,
        ptr: SSAValue,
        offsets: SSAValue,
        result_type: Attribute,
        mask: SSAValue | None = None,
        other: SSAValue | None = None,
        stride: SSAValue | None = None,
    ) -> None:
        super().__init__(
            operands=[ptr, offsets, _values(stride), _values(mask), _values(other)], result_types=[result_type]
        )

    @classmethod
    def parse(cls, parser: Parser) -> BufferLoadOp:
        pointer, offsets = _parse_indexed(parser)
        mask = _parse_optional_comma_operand(parser)
        other = _parse_optional_comma_operand(parser) if mask is not None else None
        stride = _parse_keyword_operand(parser, "stride")
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        pointer_type = parser.parse_type()
        _expect(parser, "->")
        result = _tensor_result(parser, parser.parse_type())
        op = cls(
            parser.resolve_operand(pointer, pointer_type),
            parser.resolve_operand(offsets, _like(result, i32)),
            result,
            _resolve(parser, mask, _like(result, i1)),
            _resolve(parser, other, result),
            _resolve(parser, stride, i32),
        )
        return _finish(op, attributes, ("cachePolicy", "contiguity"))

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_indexed(printer, self.ptr, self.offsets)
        _print_operands(printer, [*_values(self.mask), *_values(self.other)], ", ")
        _print_keyword_operand(printer, "stride", self.stride)
        _print_attributes(printer, self, {"contiguity": ONE})
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_types(
            self,
            [(PTR, self.ptr), (I32_TENSOR, self.offsets), (I32_SCALAR, self.stride)]
            + [(BOOL_TENSOR, self.mask), (TT_TENSOR, self.other)],
            [TT_TENSOR],
        )
        result = self.result.type
        if _pointee(self.ptr.type) != _tensor(result).element_type:
            raise _failed_to_verify(self, "result element type matches the pointed type of ptr")
        if self.offsets.type != _like(result, i32):
            raise _failed_to_verify(self, "result and offsets have the same shape")
        if self.mask is not None and self.mask.type != _like(result, i1):
            raise _failed_to_verify(self, "result and mask have the same shape")
        if self.other is not None and self.other.type != result:
            raise _failed_to_verify(self, "result and other have the same type")


@irdl_op_definition
class BufferStoreOp(AMDGOp):
    """``amdg.buffer_store %v, %ptr[%offsets], %mask stride = %s : !tt.ptr<f32> -> tensor<1024xf32, #blocked>``

    Writes ``v`` to ``ptr[offsets]`` elementwise where ``mask`` is true.
    """

    name = "amdg.buffer_store"

    value = operand_def(AnyAttr())
    ptr = operand_def(AnyAttr())
    offsets = operand_def(AnyAttr())
    stride = opt_operand_def(AnyAttr())
    mask = opt_operand_def(AnyAttr())
    cache_policy = opt_prop_def(Attribute, prop_name="cachePolicy")
    contiguity = prop_def(IntegerAttr[I32], default_value=ONE)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(MemoryWriteEffect())

    def __init__(
        self,
        value: SSAValue,
        ptr: SSAValue,
        offsets: SSAValue,
        mask: SSAValue | None = None,
        stride: SSAValue | None = None,
    ) -> None:
        super().__init__(operands=[value, ptr, offsets, _values(stride), _values(mask)])

    @classmethod
    def parse(cls, parser: Parser) -> BufferStoreOp:
        value = parser.parse_unresolved_operand()
        _expect(parser, ",")
        pointer, offsets = _parse_indexed(parser)
        mask = _parse_optional_comma_operand(parser)
        stride = _parse_keyword_operand(parser, "stride")
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        pointer_type = parser.parse_type()
        _expect(parser, "->")
        value_type = _tensor_result(parser, parser.parse_type())
        op = cls(
            parser.resolve_operand(value, value_type),
            parser.resolve_operand(pointer, pointer_type),
            parser.resolve_operand(offsets, _like(value_type, i32)),
            _resolve(parser, mask, _like(value_type, i1)),
            _resolve(parser, stride, i32),
        )
        return _finish(op, attributes, ("cachePolicy", "contiguity"))

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.value)
        printer.print_string(", ")
        _print_indexed(printer, self.ptr, self.offsets)
        _print_operands(printer, _values(self.mask), ", ")
        _print_keyword_operand(printer, "stride", self.stride)
        _print_attributes(printer, self, {"contiguity": ONE})
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.value.type)

    def verify_(self) -> None:
        _check_types(
            self,
            [(TT_TENSOR, self.value), (PTR, self.ptr), (I32_TENSOR, self.offsets)]
            + [(I32_SCALAR, self.stride), (BOOL_TENSOR, self.mask)],
        )
        value = self.value.type
        if _pointee(self.ptr.type) != _tensor(value).element_type:
            raise _failed_to_verify(self, "value element type matches the pointed type of ptr")
        if self.offsets.type != _like(value, i32):
            raise _failed_to_verify(self, "value and offsets have the same shape")
        if self.mask is not None and self.mask.type != _like(value, i1):
            raise _failed_to_verify(self, "value and mask have the same shape")


@irdl_op_definition
class BufferLoadToLocalOp(AMDGOp):
    """``%t = amdg.buffer_load_to_local %ptr[%offsets] mask = %m other = %o into %buf
    : !tt.ptr<f32>[tensor<1024xi32, #blocked>] tensor<1024xf32, #blocked> -> <1024xf32, #shared, #smem, mutable>``

    Copies ``ptr[offsets]`` straight into shared memory, asynchronously (CDNA3 and CDNA4);
    the token says when it is done.  The buffer's type is written without ``!ttg.memdesc``.
    """

    name = "amdg.buffer_load_to_local"

    dest = operand_def(AnyAttr())
    ptr = operand_def(AnyAttr())
    offsets = operand_def(AnyAttr())
    mask = opt_operand_def(AnyAttr())
    other = opt_operand_def(AnyAttr())
    stride = opt_operand_def(AnyAttr())
    cache_policy = opt_prop_def(Attribute, prop_name="cachePolicy")
    contiguity = prop_def(IntegerAttr[I32], default_value=ONE)
    token = result_def(AnyAttr())

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(
        self,
        dest: SSAValue,
        ptr: SSAValue,
        offsets: SSAValue,
        mask: SSAValue | None = None,
        other: SSAValue | None = None,
        stride: SSAValue | None = None,
    ) -> None:
        super().__init__(
            operands=[dest, ptr, offsets, _values(mask), _values(other), _values(stride)], result_types=[ASYNC_TOKEN]
        )

    @classmethod
    def parse(cls, parser: Parser) -> BufferLoadToLocalOp:
        pointer, offsets = _parse_indexed(parser)
        mask = _parse_keyword_operand(parser, "mask")
        other = _parse_keyword_operand(parser, "other")
        stride = _parse_keyword_operand(parser, "stride")
        policy = None
        if parser.parse_optional_keyword("cachePolicy") is not None:
            _expect(parser, "=")
            policy = parser.parse_attribute()
        parser.parse_keyword("into")
        dest = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        pointer_type = parser.parse_type()
        _expect(parser, "[")
        offsets_type = _tensor_result(parser, parser.parse_type())
        _expect(parser, "]")
        other_type = parser.parse_optional_type()
        if (other_type is None) != (other is None):
            parser.raise_error("the type of 'other' must be given exactly when 'other' is")
        _expect(parser, "->")
        dest_type = _parse_memdesc(parser)
        op = cls(
            parser.resolve_operand(dest, dest_type),
            parser.resolve_operand(pointer, pointer_type),
            parser.resolve_operand(offsets, offsets_type),
            _resolve(parser, mask, _like(offsets_type, i1)),
            None if other is None or other_type is None else parser.resolve_operand(other, other_type),
            _resolve(parser, stride, i32),
        )
        if policy is not None:
            op.properties["cachePolicy"] = policy
        return _finish(op, attributes, ("contiguity",))

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_indexed(printer, self.ptr, self.offsets)
        _print_keyword_operand(printer, "mask", self.mask)
        _print_keyword_operand(printer, "other", self.other)
        _print_keyword_operand(printer, "stride", self.stride)
        if self.cache_policy is not None:
            printer.print_string(" cachePolicy = ")
            printer.print_attribute(self.cache_policy)
        printer.print_string(" into ")
        printer.print_operand(self.dest)
        _print_attributes(printer, self, {"contiguity": ONE}, ("cachePolicy",))
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)
        printer.print_string("[")
        printer.print_attribute(self.offsets.type)
        printer.print_string("] ")
        if self.other is not None:
            printer.print_attribute(self.other.type)
        printer.print_string(" -> ")
        _memdesc(self.dest).print_parameters(printer)

    def verify_(self) -> None:
        _check_types(
            self,
            [(MEMDESC, self.dest), (PTR, self.ptr), (I32_TENSOR, self.offsets), (BOOL_TENSOR, self.mask)]
            + [(TT_TENSOR, self.other), (I32_SCALAR, self.stride)],
            [TOKEN],
        )
        element = _pointee(self.ptr.type)
        if _memdesc(self.dest).element_type != element:
            raise _failed_to_verify(self, "dest element type matches pointee type of ptr")
        if self.mask is not None and self.mask.type != _like(self.offsets.type, i1):
            raise _failed_to_verify(self, "infer mask shape from offsets")
        if self.other is not None and self.other.type != _like(self.offsets.type, element):
            raise _failed_to_verify(
                self,
                "other matches shape and layout of offsets and the element type matches the pointee type of ptr",
            )
        arch = _target_arch(self)
        if arch and arch not in SUPPORTS_BUFFER_LOAD_TO_LOCAL:
            raise VerifyException("BufferLoadToLocal unsupported on target architecture")


@irdl_op_definition
class BufferAtomicRMWOp(AMDGOp):
    """``%old = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %v, %ptr[%offsets], %mask stride = %s
    : !tt.ptr<f32> -> tensor<1024xf32, #blocked>``

    Atomically combines ``v`` into ``ptr[offsets]`` elementwise where ``mask`` is true,
    returning the elements it found.
    """

    name = "amdg.buffer_atomic_rmw"

    atomic_rmw_op = prop_def(IntegerAttr[I32])
    ptr = operand_def(AnyAttr())
    offsets = operand_def(AnyAttr())
    value = operand_def(AnyAttr())
    stride = opt_operand_def(AnyAttr())
    sem = prop_def(IntegerAttr[I32])
    scope = prop_def(IntegerAttr[I32])
    mask = opt_operand_def(AnyAttr())
    result = result_def(AnyAttr())

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect(), SameLayout(forward=False), KeepsLayout())

    def __init__(
        self,
        rmw: str,
        sem: str,
        scope: str,
        value: SSAValue,
        ptr: SSAValue,
        offsets: SSAValue,
        mask: SSAValue | None = None,
        stride: SSAValue | None = None,
    ) -> None:
        super().__init__(
            operands=[ptr, offsets, value, _values(stride), _values(mask)],
            result_types=[value.type],
            properties={
                "atomic_rmw_op": IntegerAttr(RMW_OPS[rmw], i32),
                "sem": IntegerAttr(MEM_SEMANTICS[sem], i32),
                "scope": IntegerAttr(MEM_SYNC_SCOPES[scope], i32),
            },
        )

    @classmethod
    def parse(cls, parser: Parser) -> BufferAtomicRMWOp:
        rmw = _keyword(RMW_OPS, _parse_enum(parser, cls.name, "atomic_rmw_op", RMW_OPS))
        _expect(parser, ",")
        sem = _keyword(MEM_SEMANTICS, _parse_enum(parser, cls.name, "sem", MEM_SEMANTICS))
        _expect(parser, ",")
        scope = _keyword(MEM_SYNC_SCOPES, _parse_enum(parser, cls.name, "scope", MEM_SYNC_SCOPES))
        _expect(parser, ",")
        value = parser.parse_unresolved_operand()
        _expect(parser, ",")
        pointer, offsets = _parse_indexed(parser)
        mask = _parse_optional_comma_operand(parser)
        stride = _parse_keyword_operand(parser, "stride")
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        pointer_type = parser.parse_type()
        _expect(parser, "->")
        result = _tensor_result(parser, parser.parse_type())
        op = cls(
            rmw,
            sem,
            scope,
            parser.resolve_operand(value, result),
            parser.resolve_operand(pointer, pointer_type),
            parser.resolve_operand(offsets, _like(result, i32)),
            _resolve(parser, mask, _like(result, i1)),
            _resolve(parser, stride, i32),
        )
        return _finish(op, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(
            f" {_keyword(RMW_OPS, self.atomic_rmw_op)}, {_keyword(MEM_SEMANTICS, self.sem)}, "
            f"{_keyword(MEM_SYNC_SCOPES, self.scope)}, "
        )
        printer.print_operand(self.value)
        printer.print_string(", ")
        _print_indexed(printer, self.ptr, self.offsets)
        _print_operands(printer, _values(self.mask), ", ")
        _print_keyword_operand(printer, "stride", self.stride)
        _print_attributes(printer, self, elided=("atomic_rmw_op", "sem", "scope"))
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_enum(self, "atomic_rmw_op", RMW_OPS)
        _check_enum(self, "sem", MEM_SEMANTICS)
        _check_enum(self, "scope", MEM_SYNC_SCOPES)
        _check_types(
            self,
            [(PTR, self.ptr), (I32_TENSOR, self.offsets), (TT_TENSOR, self.value)]
            + [(I32_SCALAR, self.stride), (BOOL_TENSOR, self.mask)],
            [TT_TENSOR],
        )
        result = self.result.type
        if self.value.type != result:
            raise _failed_to_verify(self, "result element type matches the value type")
        if _pointee(self.ptr.type) != _tensor(result).element_type:
            raise _failed_to_verify(self, "result element type matches the pointed type of ptr")
        if self.offsets.type != _like(result, i32):
            raise _failed_to_verify(self, "result and offsets have the same shape")
        if self.mask is not None and self.mask.type != _like(result, i1):
            raise _failed_to_verify(self, "result and mask have the same shape")


@irdl_op_definition
class BufferAtomicCASOp(AMDGOp):
    """``%old = amdg.buffer_atomic_cas acq_rel, gpu, %cmp, %v, %ptr[%offsets] stride = %s
    : !tt.ptr<i32> -> tensor<1024xi32, #blocked>``

    Atomically stores ``v`` at each ``ptr[offsets]`` holding ``cmp``, returning the
    elements it found.
    """

    name = "amdg.buffer_atomic_cas"

    ptr = operand_def(AnyAttr())
    offsets = operand_def(AnyAttr())
    cmp = operand_def(AnyAttr())
    val = operand_def(AnyAttr())
    stride = opt_operand_def(AnyAttr())
    sem = prop_def(IntegerAttr[I32])
    scope = prop_def(IntegerAttr[I32])
    result = result_def(AnyAttr())

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect(), SameLayout(forward=False), KeepsLayout())

    def __init__(
        self,
        sem: str,
        scope: str,
        cmp: SSAValue,
        val: SSAValue,
        ptr: SSAValue,
        offsets: SSAValue,
        stride: SSAValue | None = None,
    ) -> None:
        super().__init__(
            operands=[ptr, offsets, cmp, val, _values(stride)],
            result_types=[val.type],
            properties={"sem": IntegerAttr(MEM_SEMANTICS[sem], i32), "scope": IntegerAttr(MEM_SYNC_SCOPES[scope], i32)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> BufferAtomicCASOp:
        sem = _keyword(MEM_SEMANTICS, _parse_enum(parser, cls.name, "sem", MEM_SEMANTICS))
        _expect(parser, ",")
        scope = _keyword(MEM_SYNC_SCOPES, _parse_enum(parser, cls.name, "scope", MEM_SYNC_SCOPES))
        _expect(parser, ",")
        cmp = parser.parse_unresolved_operand()
        _expect(parser, ",")
        val = parser.parse_unresolved_operand()
        _expect(parser, ",")
        pointer, offsets = _parse_indexed(parser)
        stride = _parse_keyword_operand(parser, "stride")
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        pointer_type = parser.parse_type()
        _expect(parser, "->")
        result = _tensor_result(parser, parser.parse_type())
        op = cls(
            sem,
            scope,
            parser.resolve_operand(cmp, result),
            parser.resolve_operand(val, result),
            parser.resolve_operand(pointer, pointer_type),
            parser.resolve_operand(offsets, _like(result, i32)),
            _resolve(parser, stride, i32),
        )
        return _finish(op, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {_keyword(MEM_SEMANTICS, self.sem)}, {_keyword(MEM_SYNC_SCOPES, self.scope)}, ")
        printer.print_list((self.cmp, self.val), printer.print_operand)
        printer.print_string(", ")
        _print_indexed(printer, self.ptr, self.offsets)
        _print_keyword_operand(printer, "stride", self.stride)
        _print_attributes(printer, self, elided=("sem", "scope"))
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_enum(self, "sem", MEM_SEMANTICS)
        _check_enum(self, "scope", MEM_SYNC_SCOPES)
        _check_types(
            self,
            [(PTR, self.ptr), (I32_TENSOR, self.offsets), (TT_TENSOR, self.cmp), (TT_TENSOR, self.val)]
            + [(I32_SCALAR, self.stride)],
            [TT_TENSOR],
        )
        result = self.result.type
        if self.val.type != result:
            raise _failed_to_verify(self, "result element type matches the val type")
        if self.cmp.type != result:
            raise _failed_to_verify(self, "result element type matches the cmp type")
        if _pointee(self.ptr.type) != _tensor(result).element_type:
            raise _failed_to_verify(self, "result element type matches the pointed type of ptr")
        if self.offsets.type != _like(result, i32):
            raise _failed_to_verify(self, "result and offsets have the same shape")


# ------------------------------------------------ async copies, waits, barriers


@irdl_op_definition
class AsyncCopyLocalToGlobalOp(AMDGOp):
    """``%t = amdg.async_copy_local_to_global %buf, %ptrs mask %m : !ttg.memdesc<32x32xf32, #shared, #smem>
    -> tensor<32x32x!tt.ptr<f32>, #blocked>``

    Starts copying the shared-memory buffer to the pointed-to elements, as ``tt.store``
    would write them where ``mask`` is true.
    """

    name = "amdg.async_copy_local_to_global"

    src = operand_def(AnyAttr())
    dst = operand_def(AnyAttr())
    mask = opt_operand_def(AnyAttr())
    cache_policy = opt_prop_def(Attribute, prop_name="cachePolicy")
    contiguity = prop_def(IntegerAttr[I32], default_value=ONE)
    token = result_def(AnyAttr())

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, src: SSAValue, dst: SSAValue, mask: SSAValue | None = None) -> None:
        super().__init__(operands=[src, dst, _values(mask)], result_types=[ASYNC_TOKEN])

    @classmethod
    def parse(cls, parser: Parser) -> AsyncCopyLocalToGlobalOp:
        src = parser.parse_unresolved_operand()
        _expect(parser, ",")
        dst = parser.parse_unresolved_operand()
        mask = _parse_keyword_operand(parser, "mask", equals=False)
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        src_type = parser.parse_type()
        _expect(parser, "->")
        dst_type = _tensor_result(parser, parser.parse_type())
        op = cls(
            parser.resolve_operand(src, src_type),
            parser.resolve_operand(dst, dst_type),
            _resolve(parser, mask, _like(dst_type, i1)),
        )
        return _finish(op, attributes, ("cachePolicy", "contiguity"))

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list((self.src, self.dst), printer.print_operand)
        _print_keyword_operand(printer, "mask", self.mask, equals=False)
        _print_attributes(printer, self, {"contiguity": ONE})
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.dst.type)

    def verify_(self) -> None:
        _check_types(self, [(MEMDESC, self.src), (PTR_TENSOR, self.dst), (I1_TENSOR, self.mask)], [TOKEN])
        if self.mask is not None and self.mask.type != _like(self.dst.type, i1):
            raise _failed_to_verify(self, "infer mask type from dst type")
        if self.cache_policy is not None:
            raise VerifyException(f"'{self.name}' op unsupported cache policy attribute {self.cache_policy}")
        if not isinstance(_memdesc(self.src).memory_space, SharedMemorySpaceAttr):
            raise VerifyException(f"'{self.name}' op source must be in shared memory")


class _WaitOp(AMDGOp):
    """``%t = amdg.<wait> %t0, %t1 {<count> = 0 : i32}``: waits until at most ``<count>``
    of the operations it counts are outstanding; the tokens name what is waited for."""

    COUNT: ClassVar[str]
    """The name of the ``i32`` count property."""

    def __init__(self, tokens: Sequence[SSAValue], count: int) -> None:
        super().__init__(
            operands=[tokens], result_types=[ASYNC_TOKEN], properties={self.COUNT: IntegerAttr(count, i32)}
        )

    @classmethod
    def parse(cls, parser: Parser) -> _WaitOp:
        names = []
        if (first := parser.parse_optional_unresolved_operand()) is not None:
            names = [first, *_parse_operand_list_after_comma(parser)]
        attributes = parser.parse_optional_attr_dict()
        count = attributes.pop(cls.COUNT, None)
        if count is None:
            parser.raise_error(f"'{cls.name}' op requires attribute '{cls.COUNT}'")
        _refuse(parser, cls.name, _check_i32(cls.name, cls.COUNT, count))
        assert isinstance(count, IntegerAttr)
        op = cls([parser.resolve_operand(n, ASYNC_TOKEN) for n in names], count.value.data)
        op.properties[cls.COUNT] = count
        return _finish(op, attributes)

    def print(self, printer: Printer) -> None:
        _print_operands(printer, self.operands)
        _print_attributes(printer, self)

    def verify_(self) -> None:
        _check_types(self, [(TOKEN.variadic(), self.operands)], [TOKEN])
        if problem := _check_i32(self.name, self.COUNT, self.properties[self.COUNT]):
            raise VerifyException(problem)


def _parse_operand_list_after_comma(parser: Parser) -> list[UnresolvedOperand]:
    """``, %a, %b`` after a first operand."""
    names = []
    while (name := _parse_optional_comma_operand(parser)) is not None:
        names.append(name)
    return names


@irdl_op_definition
class AsyncWaitOp(_WaitOp):
    """``%t = amdg.async_wait %t0 {num_inst = 1 : i32}``

    Waits until at most ``num_inst`` asynchronous copy instructions are outstanding (the
    AMD form of ``ttg.async_wait``, counting instructions rather than commit groups).
    """

    name = "amdg.async_wait"
    COUNT: ClassVar[str] = "num_inst"

    async_token = var_operand_def(AnyAttr())
    num_inst = prop_def(AnyAttr())
    ret_token = result_def(AnyAttr())


@irdl_op_definition
class AsyncTDMWaitOp(_WaitOp):
    """``%t = amdg.async_tdm_wait %t0 {num = 0 : i32}``

    Waits until at most ``num`` TDM operations are outstanding.  Without tokens it prints
    two spaces before the attributes, as Triton's format has no optional group there.
    """

    name = "amdg.async_tdm_wait"
    COUNT: ClassVar[str] = "num"

    async_token = var_operand_def(AnyAttr())
    num = prop_def(AnyAttr())
    ret_token = result_def(AnyAttr())

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        _print_attributes(printer, self)


@irdl_op_definition
class AsyncTDMIntrinsicWaitOp(_WaitOp):
    """``%t = amdg.async_tdm_intrinsic_wait %t0 {count = 2 : i32}``

    Waits until at most ``count`` TDM instructions (not IR operations) are outstanding.
    """

    name = "amdg.async_tdm_intrinsic_wait"
    COUNT: ClassVar[str] = "count"

    async_token = var_operand_def(AnyAttr())
    count = prop_def(AnyAttr())
    ret_token = result_def(AnyAttr())


@irdl_op_definition
class CondBarrierOp(AMDGOp):
    """``amdg.cond_barrier %pred``: a block barrier for the threads where ``pred`` holds;
    the others must meet it later with ``amdg.cond_barrier %true``.  No memory fence."""

    name = "amdg.cond_barrier"

    pred = operand_def(AnyAttr())

    def __init__(self, pred: SSAValue) -> None:
        super().__init__(operands=[pred])

    @classmethod
    def parse(cls, parser: Parser) -> CondBarrierOp:
        pred = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        return _finish(cls(parser.resolve_operand(pred, i1)), attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.pred)
        _print_attributes(printer, self)

    def verify_(self) -> None:
        _check_types(self, [(I1, self.pred)])


@irdl_op_definition
class ClusterBarrierArriveOp(AMDGOp):
    """``amdg.cluster_barrier_arrive``: this CTA arrives at its cluster's barrier."""

    name = "amdg.cluster_barrier_arrive"

    assembly_format = "attr-dict"

    def verify_(self) -> None:
        _check_cluster(self)


@irdl_op_definition
class ClusterBarrierWaitOp(AMDGOp):
    """``amdg.cluster_barrier_wait``: waits until every CTA of the cluster has arrived."""

    name = "amdg.cluster_barrier_wait"

    assembly_format = "attr-dict"

    def verify_(self) -> None:
        _check_cluster(self)


def _check_cluster(op: Operation) -> None:
    if kernel_attributes(op).num_ctas <= 1:
        raise VerifyException(f"'{op.name}' op requires ttg.num-ctas > 1")


def _check_count(op: Operation) -> None:
    count = op.properties["count"]
    assert isinstance(count, IntegerAttr)
    if count.value.data < 1:
        raise VerifyException(f"'{op.name}' op count must be greater than or equal to 1")


@irdl_op_definition
class InitBarrierOp(AMDGOp):
    """``amdg.init_barrier %bar, 2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>``

    Initialises the mbarrier ``bar`` to expect ``count`` arrivals per phase.
    """

    name = "amdg.init_barrier"

    alloc = operand_def(AnyAttr())
    count = prop_def(IntegerAttr[I32])

    traits = traits_def(MemoryWriteEffect())

    def __init__(self, alloc: SSAValue, count: int) -> None:
        super().__init__(operands=[alloc], properties={"count": IntegerAttr(count, i32)})

    @classmethod
    def parse(cls, parser: Parser) -> InitBarrierOp:
        alloc = parser.parse_unresolved_operand()
        _expect(parser, ",")
        count = parser.parse_integer()
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        return _finish(cls(parser.resolve_operand(alloc, parser.parse_type()), count), attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.alloc)
        printer.print_string(f", {self.count.value.data}")
        _print_attributes(printer, self, elided=("count",))
        printer.print_string(" : ")
        printer.print_attribute(self.alloc.type)

    def verify_(self) -> None:
        _check_types(self, [(MEMDESC, self.alloc)])
        check_barrier_type(self, _memdesc(self.alloc))
        _check_count(self)


@irdl_op_definition
class WaitBarrierOp(AMDGOp):
    """``amdg.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>``

    Blocks until the mbarrier ``bar`` completes the phase of parity ``phase``.
    """

    name = "amdg.wait_barrier"

    alloc = operand_def(AnyAttr())
    phase = operand_def(AnyAttr())

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, alloc: SSAValue, phase: SSAValue) -> None:
        super().__init__(operands=[alloc, phase])

    @classmethod
    def parse(cls, parser: Parser) -> WaitBarrierOp:
        alloc = parser.parse_unresolved_operand()
        _expect(parser, ",")
        phase = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        alloc_type = parser.parse_type()
        return _finish(cls(parser.resolve_operand(alloc, alloc_type), parser.resolve_operand(phase, i32)), attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list((self.alloc, self.phase), printer.print_operand)
        _print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.alloc.type)

    def verify_(self) -> None:
        _check_types(self, [(MEMDESC, self.alloc), (I32_SCALAR, self.phase)])
        check_barrier_type(self, _memdesc(self.alloc))


@irdl_op_definition
class ArriveBarrierOp(AMDGOp):
    """``%parity = amdg.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable> -> i32``

    Arrives ``count`` times at the mbarrier ``bar``; the result is the phase parity before.
    """

    name = "amdg.arrive_barrier"

    alloc = operand_def(AnyAttr())
    count = prop_def(IntegerAttr[I32])
    result = result_def(AnyAttr())

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, alloc: SSAValue, count: int, result_type: Attribute = i32) -> None:
        super().__init__(operands=[alloc], result_types=[result_type], properties={"count": IntegerAttr(count, i32)})

    @classmethod
    def parse(cls, parser: Parser) -> ArriveBarrierOp:
        alloc = parser.parse_unresolved_operand()
        _expect(parser, ",")
        count = parser.parse_integer()
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        alloc_type = parser.parse_type()
        _expect(parser, "->")
        result_type = parser.parse_type()
        return _finish(cls(parser.resolve_operand(alloc, alloc_type), count, result_type), attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.alloc)
        printer.print_string(f", {self.count.value.data}")
        _print_attributes(printer, self, elided=("count",))
        printer.print_string(" : ")
        printer.print_attribute(self.alloc.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_types(self, [(MEMDESC, self.alloc)], [I32_SCALAR])
        check_barrier_type(self, _memdesc(self.alloc))
        _check_count(self)


@irdl_op_definition
class AsyncCopyMbarrierArriveOp(AMDGOp):
    """``amdg.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>``

    Arrives once at the mbarrier ``bar`` when every asynchronous copy issued so far (TDM
    ones aside) has completed.
    """

    name = "amdg.async_copy_mbarrier_arrive"

    barrier = operand_def(AnyAttr())

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, barrier: SSAValue) -> None:
        super().__init__(operands=[barrier])

    @classmethod
    def parse(cls, parser: Parser) -> AsyncCopyMbarrierArriveOp:
        barrier = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        return _finish(cls(parser.resolve_operand(barrier, parser.parse_type())), attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.barrier)
        _print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.barrier.type)

    def verify_(self) -> None:
        _check_types(self, [(MEMDESC, self.barrier)])
        check_barrier_type(self, _memdesc(self.barrier))


# ------------------------------------------------------ register-tensor ops


def _distributed(type_: Attribute) -> DistributedEncoding | None:
    encoding = encoding_of(type_)
    return encoding if isinstance(encoding, DistributedEncoding) else None


def _coordinates(values: Mapping[str, int]) -> str:
    return "[" + ", ".join(str(v) for v in values.values()) + "]"


def _register_of(layout: LinearLayout, coordinates: Mapping[str, int]) -> int | None:
    """Triton's ``getRegFromCoordinates``: the register of the first thread that holds the
    element at ``coordinates``, or ``None`` when only other threads hold it."""
    place = layout.pseudoinvert().apply(coordinates)
    if any(place.get(dim, 0) for dim in ("lane", "warp", "block")):
        return None
    return place["register"]


def _check_tile_layouts(
    op: Operation,
    source: TensorType[Attribute],
    result: TensorType[Attribute],
    source_coordinates: Callable[[dict[str, int]], dict[str, int]],
) -> None:
    """The check Triton's ``extract_slice`` and ``concat`` share: each element the first
    thread holds in ``result`` is held by the first thread in ``source`` too, at the place
    ``source_coordinates`` gives, and lanes and warps are laid out alike."""
    source_encoding, result_encoding = _distributed(source), _distributed(result)
    assert source_encoding is not None and result_encoding is not None
    source_layout = to_linear_layout(source_encoding, list(source.get_shape()))
    result_layout = to_linear_layout(result_encoding, list(result.get_shape()))
    for register in range(result_layout.get_in_dim_size("register")):
        coordinates = result_layout.apply({"register": register, "lane": 0, "warp": 0, "block": 0})
        at_source = source_coordinates(coordinates)
        if _register_of(source_layout, at_source) is None:
            raise VerifyException(
                f"No source register holds the element for destination index {_coordinates(at_source)}"
            )
    source_bases, result_bases = dict(source_layout.bases), dict(result_layout.bases)
    if any(source_bases.get(dim) != result_bases.get(dim) for dim in ("lane", "warp")):
        raise VerifyException("Lane and warp dim basis must match between source and destination layout.")


@irdl_op_definition
class ExtractSliceOp(AMDGOp):
    """``%s = amdg.extract_slice %t [0, 32] : tensor<128x128xf16, #mma> to tensor<128x32xf16, #mma>``

    The sub-tensor at ``static_offsets`` of the result's shape, taken in registers: the
    result's layout must hold each element where the operand's CTA tiles already do.
    """

    name = "amdg.extract_slice"

    source = operand_def(AnyAttr())
    static_offsets = prop_def(DenseArrayBase)
    result = result_def(AnyAttr())

    traits = traits_def(Pure())

    def __init__(self, source: SSAValue, offsets: Sequence[int], result_type: Attribute) -> None:
        super().__init__(
            operands=[source],
            result_types=[result_type],
            properties={"static_offsets": DenseArrayBase.from_list(i64, list(offsets))},
        )

    @property
    def offsets(self) -> list[int]:
        return [int(v) for v in self.static_offsets.get_values()]

    @classmethod
    def parse(cls, parser: Parser) -> ExtractSliceOp:
        source = parser.parse_unresolved_operand()
        offsets = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        source_type = parser.parse_type()
        parser.parse_keyword("to")
        result_type = parser.parse_type()
        return _finish(cls(parser.resolve_operand(source, source_type), offsets, result_type), attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string(f" [{', '.join(map(str, self.offsets))}]")
        _print_attributes(printer, self, elided=("static_offsets",))
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" to ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_types(self, [(ANY_RANKED_TENSOR, self.source)], [ANY_RANKED_TENSOR])
        source, result = _tensor(self.source.type), _tensor(self.result.type)
        if source.element_type != result.element_type:
            raise VerifyException("result element type must match source element type")
        if len(source.get_shape()) != len(result.get_shape()):
            raise VerifyException("result rank must be equal to source rank")
        if _distributed(source) is None:
            raise VerifyException(f"'{self.name}' op requires a distributed source layout")
        if _distributed(result) is None:
            raise VerifyException(f"'{self.name}' op requires a distributed result layout")
        offsets = self.offsets
        for dim, (whole, part, offset) in enumerate(zip(source.get_shape(), result.get_shape(), offsets)):
            if part > whole:
                raise VerifyException(f"result shape cannot exceed source shape at dimension {dim}")
            if offset + part > whole:
                raise VerifyException(f"invalid offset at dimension {dim}")

        def shifted(coordinates: dict[str, int]) -> dict[str, int]:
            return {name: value + offset for (name, value), offset in zip(coordinates.items(), offsets)}

        _check_tile_layouts(self, source, result, shifted)


@irdl_op_definition
class ConcatOp(AMDGOp):
    """``%t = amdg.concat %a, %b : tensor<32x64xf32, #l>, tensor<32x64xf32, #l> -> tensor<64x64xf32, #l2>``

    The operands, tiles of one type, laid out row-major (the last dim fastest) as one
    tensor in registers; the result's layout must keep each element in its thread.
    """

    name = "amdg.concat"

    sources = var_operand_def(AnyAttr())
    result = result_def(AnyAttr())

    traits = traits_def(Pure())

    def __init__(self, sources: Sequence[SSAValue], result_type: Attribute) -> None:
        super().__init__(operands=[sources], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> ConcatOp:
        names = _parse_operand_list(parser, parser.Delimiter.NONE)
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != len(names):
            parser.raise_error(f"{len(names)} operands present, but expected {len(types)}")
        _expect(parser, "->")
        result_type = parser.parse_type()
        sources = [parser.resolve_operand(n, t) for n, t in zip(names, types)]
        return _finish(cls(sources, result_type), attributes)

    def print(self, printer: Printer) -> None:
        _print_operands(printer, self.sources)
        _print_attributes(printer, self)
        printer.print_string(" : ")
        _print_types(printer, [s.type for s in self.sources])
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_types(self, [(TT_TENSOR.variadic(), self.sources)], [ANY_RANKED_TENSOR])
        if not self.sources:
            raise VerifyException(f"'{self.name}' op requires at least one source")
        source, result = _tensor(self.sources[0].type), _tensor(self.result.type)
        tile, whole = list(source.get_shape()), list(result.get_shape())
        if len(tile) != len(whole):
            raise VerifyException("Source and destination tensors must have the same rank.")
        if any(w % t for t, w in zip(tile, whole)):
            raise VerifyException("Source and destination tensor shapes don't match.")
        tiles = prod(w // t for t, w in zip(tile, whole))
        if tiles != len(self.sources):
            raise VerifyException(
                f"Number of source tiles ({len(self.sources)}) doesn't match required count ({tiles})."
            )
        if any(s.type != source for s in self.sources):
            raise VerifyException("All sources must have identical tensor types.")
        if result.element_type != source.element_type:
            raise VerifyException("Element types of sources and destination must match.")
        if _distributed(source) is None or _distributed(result) is None:
            raise VerifyException(f"'{self.name}' op requires distributed layouts")

        def within_tile(coordinates: dict[str, int]) -> dict[str, int]:
            return {name: value % size for (name, value), size in zip(coordinates.items(), tile)}

        _check_tile_layouts(self, source, result, within_tile)


def in_thread_transposed_layout(encoding: BlockedEncoding, shape: Sequence[int]) -> LinearLayout:
    """Triton's ``InThreadTransposeOp::deduceOutputLayout``: ``encoding``'s layout with the
    registers of each thread's tile ordered along the other of the two minor dims."""
    source = to_linear_layout(encoding, list(shape))
    rank = len(shape)
    order = list(encoding.order)
    order[rank - 2], order[rank - 1] = order[rank - 1], order[rank - 2]
    per_thread = [min(size, extent) for size, extent in zip(encoding.size_per_thread, shape)]
    tile = identity_standard_nd("register", per_thread, order).transpose_outs(standard_out_dim_names(rank))
    bases = dict(source.bases)
    registers = [list(basis) for basis in bases["register"]]
    transposed = dict(tile.bases).get("register", [])
    registers[: len(transposed)] = [list(basis) for basis in transposed]
    in_tile = (prod(encoding.size_per_thread) - 1).bit_length()
    for index in range(len(transposed), in_tile):
        registers[index] = [0] * rank
    bases["register"] = registers
    sizes = [size for _, size in source.out_dims]
    return LinearLayout.from_bases(list(bases.items()), source.get_out_dim_names(), sizes, require_surjective=False)


@irdl_op_definition
class InThreadTransposeOp(AMDGOp):
    """``%t = amdg.in_thread_transpose %x : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #linear>``

    Reorders each thread's registers of a blocked 2-D tensor so that its tile runs along
    the other dim, ahead of a vectorised write to shared memory in the other order; the
    result layout must be exactly that one.
    """

    name = "amdg.in_thread_transpose"

    src = operand_def(AnyAttr())
    result = result_def(AnyAttr())

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, src: SSAValue, result_type: Attribute) -> None:
        super().__init__(operands=[src], result_types=[result_type])

    def verify_(self) -> None:
        _check_types(self, [(TT_TENSOR, self.src)], [TT_TENSOR])
        source, result = _tensor(self.src.type), _tensor(self.result.type)
        if source.element_type != result.element_type:
            raise VerifyException(f"'{self.name}' op Expect input and output tensor to have same dtype")
        shape = list(source.get_shape())
        if shape != list(result.get_shape()):
            raise VerifyException(f"'{self.name}' op Expect equal input and output shapes")
        if len(shape) != 2:
            raise VerifyException(f"'{self.name}' op Expect 2d tensor")
        encoding = encoding_of(source)
        if not isinstance(encoding, BlockedEncoding):
            raise VerifyException(f"'{self.name}' op Expect input tensor in Blocked encoding")
        expected = in_thread_transposed_layout(encoding, shape)
        result_encoding = _distributed(result)
        actual = None if result_encoding is None else to_linear_layout(result_encoding, shape)
        if actual != expected:
            raise VerifyException(
                f"'{self.name}' op Expect output layout to be transposed per thread: {expected}"
                f"\nGot following dst layout: {actual}"
            )


@irdl_op_definition
class LocalLoadPackedTransposedOp(AMDGOp):
    """``%t = amdg.local_load_packed_transposed %buf : !ttg.memdesc<16x64xi8, #shared, #smem>
    -> tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>``

    Loads an M/N-packed buffer as a K-packed dot operand: the M (or N) dim doubles and
    the K dim halves.
    """

    name = "amdg.local_load_packed_transposed"

    src = operand_def(AnyAttr())
    token = opt_operand_def(AnyAttr())
    result = result_def(AnyAttr())

    traits = traits_def(MemoryReadEffect())

    def __init__(self, src: SSAValue, result_type: Attribute, token: SSAValue | None = None) -> None:
        super().__init__(operands=[src, _values(token)], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> LocalLoadPackedTransposedOp:
        src = parser.parse_unresolved_operand()
        token = _parse_keyword_operand(parser, "token", equals=False)
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        src_type = parser.parse_type()
        _expect(parser, "->")
        result_type = parser.parse_type()
        op = cls(parser.resolve_operand(src, src_type), result_type, _resolve(parser, token, ASYNC_TOKEN))
        return _finish(op, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        _print_keyword_operand(printer, "token", self.token, equals=False)
        _print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_types(self, [(MEMDESC, self.src), (TOKEN, self.token)], [TT_TENSOR])
        source, result = _memdesc(self.src), _tensor(self.result.type)
        dot = encoding_of(result)
        if not isinstance(dot, DotOperandEncoding):
            raise VerifyException(f"'{self.name}' op only works with DotOperandEncodingAttr dst encoding")
        shared = encoding_of(source)
        if not isinstance(shared, SwizzledSharedEncoding):
            raise VerifyException(f"'{self.name}' op only works with SwizzledSharedEncodingAttr src encoding")
        batched = len(source.get_shape()) == 3
        rows, cols = (1, 2) if batched else (0, 1)
        if dot.op_idx == 0:
            orders, halved, doubled = ((0, 1), (1, 2, 0)), rows, cols
        else:
            orders, halved, doubled = ((1, 0), (2, 1, 0)), cols, rows
        if shared.order not in (orders if batched else orders[:1]):
            raise VerifyException(f"'{self.name}' op Order of dimensions don't match expected")
        expected = list(result.get_shape())
        expected[halved] //= 2
        expected[doubled] *= 2
        if list(source.get_shape()) != expected:
            raise VerifyException(f"'{self.name}' op Input and output dimensions don't match after packing changes")


class _UpcastOp(AMDGOp):
    """``%r = amdg.<op> %x scale %s <attr-dict> : <x type>, <scale type> -> <result type>``."""

    PROPERTIES_IN_ATTR_DICT: ClassVar[tuple[str, ...]] = ()
    """The properties the attr-dict holds."""

    @classmethod
    def parse(cls, parser: Parser) -> _UpcastOp:
        source = parser.parse_unresolved_operand()
        parser.parse_keyword("scale")
        scale = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        source_type = parser.parse_type()
        _expect(parser, ",")
        scale_type = parser.parse_type()
        _expect(parser, "->")
        result_type = parser.parse_type()
        op = cls.create(
            operands=[parser.resolve_operand(source, source_type), parser.resolve_operand(scale, scale_type)],
            result_types=[result_type],
        )
        return _finish(op, attributes, cls.PROPERTIES_IN_ATTR_DICT)

    def print(self, printer: Printer) -> None:
        source, scale = self.operands
        printer.print_string(" ")
        printer.print_operand(source)
        printer.print_string(" scale ")
        printer.print_operand(scale)
        _print_attributes(printer, self)
        printer.print_string(" : ")
        _print_types(printer, [source.type, scale.type])
        printer.print_string(" -> ")
        printer.print_attribute(self.results[0].type)


def scale_layout(output: LinearLayout, axis: int, block: int) -> LinearLayout:
    """The layout of a scale with one element per ``block`` results along ``axis``: the
    result layout ``output`` with that coordinate divided by ``block``."""
    shift = block.bit_length() - 1
    bases = [
        (name, [[v >> shift if dim == axis else v for dim, v in enumerate(basis)] for basis in vectors])
        for name, vectors in output.bases
    ]
    sizes = [size >> shift if dim == axis else size for dim, (_, size) in enumerate(output.out_dims)]
    return LinearLayout.from_bases(bases, output.get_out_dim_names(), sizes, require_surjective=False)


@irdl_op_definition
class ScaledUpcastFp8Op(_UpcastOp):
    """``%r = amdg.scaled_upcast_fp8 %x scale %s : tensor<32x128xf8E4M3FN, #b>, tensor<32x128xbf16, #b>
    -> tensor<32x128xbf16, #b>``

    Each fp8 element widened to f16 or bf16 and multiplied by its E8M0 scale (CDNA4's
    ``v_cvt_scalef32``); elementwise, one shape and one encoding throughout.  Layouts are
    inferred through it backwards only, as through Triton's other upcasts.
    """

    name = "amdg.scaled_upcast_fp8"

    input = operand_def(AnyAttr())
    scale = operand_def(AnyAttr())
    output = result_def(AnyAttr())

    traits = traits_def(Pure(), Elementwise(forward=False))

    def verify_(self) -> None:
        _check_types(self, [(FP8_TENSOR, self.input), (SCALE_TENSOR, self.scale)], [HALF_TENSOR])
        source, scale, output = (_tensor(t) for t in (self.input.type, self.scale.type, self.output.type))
        if len({tuple(t.get_shape()) for t in (source, scale, output)}) > 1:
            raise VerifyException(
                f"'{self.name}' op all non-scalar operands/results must have the same shape and base type"
            )
        if source.encoding != scale.encoding:
            raise VerifyException(f"'{self.name}' op requires the same encoding for all operands")
        if output.encoding != source.encoding:
            raise VerifyException(f"'{self.name}' op requires the same encoding for all operands and results")


@irdl_op_definition
class ScaledUpcastFp4Op(_UpcastOp):
    """``%r = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<16x32xi8, #b>,
    tensor<16x64xbf16, #b> -> tensor<16x64xbf16, #b>``

    Each byte's two e2m1 values (the low nibble first along ``axis``) widened to f16 or
    bf16 and multiplied by their E8M0 scale.  The scale has one element per block of the
    result along ``axis`` and the result's layout compressed accordingly, each group of 8
    register-consecutive results sharing one scale.
    """

    name = "amdg.scaled_upcast_fp4"
    PROPERTIES_IN_ATTR_DICT: ClassVar[tuple[str, ...]] = ("axis",)

    input = operand_def(AnyAttr())
    scale = operand_def(AnyAttr())
    axis = prop_def(IntegerAttr[I32])
    output = result_def(AnyAttr())

    traits = traits_def(Pure())

    def verify_(self) -> None:
        _check_types(self, [(I8_TENSOR, self.input), (SCALE_TENSOR, self.scale)], [HALF_TENSOR])
        source, scale, output = (_tensor(t) for t in (self.input.type, self.scale.type, self.output.type))
        self._verify_scale(scale, output)
        self._verify_unpacking(source, output)

    def _verify_scale(self, scale: TensorType[Attribute], output: TensorType[Attribute]) -> None:
        """The scale's shape and layout follow from the result's: along ``axis`` each
        scale element covers a block of results, held where its results are."""
        axis = self.axis.value.data
        scales, results = list(scale.get_shape()), list(output.get_shape())
        if len(scales) != len(results):
            raise VerifyException("scale and output must have the same rank")
        if any(s != r for dim, (s, r) in enumerate(zip(scales, results)) if dim != axis):
            raise VerifyException("scale and output must match on non-axis dimensions")
        if not 0 <= axis < len(results):
            raise VerifyException(f"axis {axis} out of range for rank {len(results)}")
        if results[axis] % scales[axis]:
            raise VerifyException(
                f"expected output.shape[axis] to be divisible by scale.shape[axis], but got "
                f"output[{axis}]={results[axis]}, scale[{axis}]={scales[axis]}"
            )
        scale_encoding, output_encoding = _distributed(scale), _distributed(output)
        if (scale_encoding is None) != (output_encoding is None):
            raise VerifyException("scale and output must both have an encoding, or neither")
        if scale_encoding is None or output_encoding is None:
            return
        inferred = scale_layout(to_linear_layout(output_encoding, results), axis, results[axis] // scales[axis])
        actual = to_linear_layout(scale_encoding, scales)
        if inferred.remove_zero_bases_along_dim("register") != actual.remove_zero_bases_along_dim("register"):
            raise VerifyException("scale encoding is not compatible with the inferred scale layout")
        if results[axis] != scales[axis] and any(any(basis) for basis in dict(inferred.bases)["register"][:3]):
            raise VerifyException(
                "the 8 elements of a v_cvt_scale_pk8 group would not share a single scale; the scaled axis must "
                "place 8 register-consecutive elements within one scale block"
            )

    def _verify_unpacking(self, source: TensorType[Attribute], output: TensorType[Attribute]) -> None:
        """Triton's ``Fp4ToFpOp::verifyFp4ToFp``."""
        axis = self.axis.value.data
        packed, unpacked = list(source.get_shape()), list(output.get_shape())
        if len(packed) != len(unpacked):
            raise VerifyException(f"source rank {len(packed)} != result rank {len(unpacked)}")
        if not 0 <= axis < len(packed):
            raise VerifyException(f"axis {axis} out of range for rank {len(packed)}")
        for dim, (src, dst) in enumerate(zip(packed, unpacked)):
            if dim == axis and dst != src * 2:
                raise VerifyException(f"axis {axis} dimension must be 2x source dimension (src={src}, dst={dst})")
            if dim != axis and dst != src:
                raise VerifyException(f"dimension {dim} mismatch (src={src}, dst={dst}, axis={axis})")
        source_encoding, output_encoding = _distributed(source), _distributed(output)
        if (source_encoding is None) != (output_encoding is None):
            raise VerifyException("source and result must both have an encoding, or neither")
        if source_encoding is None or output_encoding is None:
            return
        try:
            inferred = fp4_to_fp_source_encoding(output_encoding, unpacked, axis)
        except EncodingError:
            raise VerifyException("failed to infer encoding") from None
        if to_linear_layout(inferred, packed) != to_linear_layout(source_encoding, packed):
            raise VerifyException(
                f"Src and Dst encodings are not compatible:\n{to_linear_layout(inferred, packed)}\n"
                f"{to_linear_layout(source_encoding, packed)}"
            )


# ------------------------------------------------------ tensor data mover (TDM)


def _shared(memdesc: MemDescType) -> SharedEncoding | None:
    encoding = encoding_of(memdesc)
    return encoding if isinstance(encoding, SharedEncoding) else None


def _check_tdm_common(op: Operation, desc: TensorDescType, memdesc: MemDescType) -> None:
    """Triton's ``verifyTDMCommonLayout``: block dims fit 16 bits, and no swizzling."""
    for dim, size in enumerate(desc.shape):
        if size > MAX_TDM_BLOCK:
            raise VerifyException(
                f"'{op.name}' op TDM block dimension {dim} ({size}) exceeds maximum size of {MAX_TDM_BLOCK}"
            )
    encoding = _shared(memdesc)
    if isinstance(encoding, SwizzledSharedEncoding) and encoding.max_phase != 1:
        raise VerifyException(f"'{op.name}' op TDM does not support swizzling")


def _check_tdm_load_layout(op: Operation, memdesc: MemDescType) -> None:
    """Triton's ``verifyTDMSharedMemoryEncoding``: a padded or unswizzled layout, or a
    partition of one, with paddings of at least 1 dword every 2 or more dwords."""
    encoding = _shared(memdesc)
    if isinstance(encoding, PartitionedSharedEncoding):
        inner = encoding.partition_layout
        if isinstance(inner, SwizzledSharedEncoding) and inner.max_phase != 1:
            raise VerifyException(f"'{op.name}' op TDM does not support swizzling in partitioned layout")
        if not isinstance(inner, PaddedSharedEncoding | SwizzledSharedEncoding):
            raise VerifyException(f"'{op.name}' op Invalid inner layout for partitioned shared memory in TDM")
    elif not isinstance(encoding, PaddedSharedEncoding | SwizzledSharedEncoding):
        raise VerifyException(f"'{op.name}' op Invalid shared memory layout for TDM")
    if isinstance(encoding, PaddedSharedEncoding):
        bits = bit_width(memdesc.element_type) or 0
        for interval, padding in zip(encoding.intervals, encoding.paddings):
            if interval * bits // 32 < 2:
                raise VerifyException(f"'{op.name}' op TDM padding interval must be at least 2 dwords")
            if padding * bits // 32 < 1:
                raise VerifyException(f"'{op.name}' op TDM padding amount must be at least 1 dword")


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
    raise VerifyException(
        f"'{op.name}' op shared layout of the tensor descriptor ({expected}) is inconsistent with the shared memory "
        f"allocation layout ({actual}); TDM accesses shared memory through the descriptor's layout, so the "
        "allocation must describe the same physical layout, up to leading unit dimensions dropped by a "
        "rank-reducing access"
    )


def _check_warp_hint(op: Operation, hint: int) -> None:
    """Triton's ``validateWarpUsedHint``: a nonzero mask of the kernel's warps whose
    active warps are those with some warp-id bits pinned (``K`` of them, a power of two)."""
    warps = kernel_attributes(op).num_warps
    if warps is None:
        return
    if warps & (warps - 1):
        raise VerifyException(f"'{op.name}' op num_warps must be a power of two when using warp_used_hint, got {warps}")
    if warps >= 32:
        raise VerifyException(f"'{op.name}' op num_warps must be less than 32 when using warp_used_hint, got {warps}")
    if hint == 0:
        raise VerifyException(f"'{op.name}' op warp_used_hint must have at least one bit set")
    if hint >> warps:
        raise VerifyException(f"'{op.name}' op warp_used_hint = {hint:#x} sets bits beyond num_warps = {warps}")
    active = hint.bit_count()
    if active & (active - 1):
        raise VerifyException(
            f"'{op.name}' op popcount(warp_used_hint) = {active} must be a power of two (got hint {hint:#x})"
        )
    first = (hint & -hint).bit_length() - 1
    support = 0
    for warp in range(warps):
        if hint >> warp & 1:
            support |= warp ^ first
    log_active = active.bit_length() - 1
    if support.bit_count() != log_active:
        raise VerifyException(
            f"'{op.name}' op warp_used_hint = {hint:#x} is not axis-aligned: K = {active} active warps must span "
            f"exactly log2(K) = {log_active} warpId bit positions"
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
    raise VerifyException(
        f"'{op.name}' op warp_used_hint with a partitioned shared encoding must select K active warps such that "
        f"numLogicalPieces divides K so the copy fits in a single TDM instruction{detail}"
    )


def _parse_barrier(parser: Parser) -> UnresolvedOperand | None:
    """``, barrier = %b``, or nothing."""
    if parser.parse_optional_punctuation(",") is None:
        return None
    parser.parse_keyword("barrier")
    _expect(parser, "=")
    return parser.parse_unresolved_operand()


def _print_barrier(printer: Printer, barrier: SSAValue | None) -> None:
    if barrier is not None:
        printer.print_string(", barrier = ")
        printer.print_operand(barrier)


def _parse_types_with_barrier(parser: Parser, count: int, barrier: bool) -> tuple[list[Attribute], Attribute | None]:
    """``: t1, ..., tcount[, barrier type] ->``: the ``count`` types, then the barrier's."""
    _expect(parser, ":")
    types: list[Attribute] = [parser.parse_type()]
    for _ in range(count - 1):
        _expect(parser, ",")
        types.append(parser.parse_type())
    barrier_type: Attribute | None = None
    if barrier:
        _expect(parser, ",")
        barrier_type = parser.parse_type()
    _expect(parser, "->")
    return types, barrier_type


def _print_types_with_barrier(printer: Printer, types: Sequence[Attribute], barrier: SSAValue | None) -> None:
    printer.print_string(" : ")
    _print_types(printer, [*types, *([] if barrier is None else [barrier.type])])
    printer.print_string(" -> ")


def _check_cache(op: Operation) -> None:
    _check_enum(op, "cache", CACHE_MODIFIERS)


@irdl_op_definition
class AsyncTDMCopyGlobalToLocalOp(AMDGOp):
    """``%t = amdg.async_tdm_copy_global_to_local %desc into %buf, barrier = %bar {warp_used_hint = 3 : i32}
    : !tt.tensordesc<64x64xf16, #s>, !ttg.memdesc<1xi64, #b, #smem, mutable> -> !ttg.memdesc<64x64xf16, #s, #smem,
    mutable>``

    Starts copying the descriptor's block into the buffer with the tensor data mover; a
    barrier, when given, is arrived at on completion.  ``warp_used_hint`` selects the
    warps that issue it.
    """

    name = "amdg.async_tdm_copy_global_to_local"

    desc = operand_def(AnyAttr())
    result = operand_def(AnyAttr())
    barrier = opt_operand_def(AnyAttr())
    cache = prop_def(AnyAttr(), default_value=ONE)
    warp_used_hint = opt_prop_def(AnyAttr())
    token = result_def(AnyAttr())

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, desc: SSAValue, result: SSAValue, barrier: SSAValue | None = None) -> None:
        super().__init__(operands=[desc, result, _values(barrier)], result_types=[ASYNC_TOKEN])

    @classmethod
    def parse(cls, parser: Parser) -> AsyncTDMCopyGlobalToLocalOp:
        desc = parser.parse_unresolved_operand()
        parser.parse_keyword("into")
        buffer = parser.parse_unresolved_operand()
        barrier = _parse_barrier(parser)
        attributes = parser.parse_optional_attr_dict()
        _parse_cache(parser, cls.name, attributes)
        _refuse(parser, cls.name, _check_i32(cls.name, "warp_used_hint", attributes.get("warp_used_hint")))
        (desc_type,), barrier_type = _parse_types_with_barrier(parser, 1, barrier is not None)
        buffer_type = parser.parse_type()
        op = cls(
            parser.resolve_operand(desc, desc_type),
            parser.resolve_operand(buffer, buffer_type),
            None if barrier is None or barrier_type is None else parser.resolve_operand(barrier, barrier_type),
        )
        return _finish(op, attributes, ("cache", "warp_used_hint"))

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.desc)
        printer.print_string(" into ")
        printer.print_operand(self.result)
        _print_barrier(printer, self.barrier)
        _print_attributes(printer, self, {"cache": ONE})
        _print_types_with_barrier(printer, [self.desc.type], self.barrier)
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_cache(self)
        hint = self.warp_used_hint
        if problem := _check_i32(self.name, "warp_used_hint", hint):
            raise VerifyException(problem)
        _check_types(self, [(TENSORDESC, self.desc), (MEMDESC, self.result), (MEMDESC, self.barrier)], [TOKEN])
        desc, memdesc = _desc(self.desc), _memdesc(self.result)
        _check_tdm_common(self, desc, memdesc)
        _check_tdm_load_layout(self, memdesc)
        if isinstance(hint, IntegerAttr):
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

    descs = var_operand_def(AnyAttr())
    dests = var_operand_def(AnyAttr())
    warp_used_hints = prop_def(DenseArrayBase)
    cache = prop_def(AnyAttr(), default_value=ONE)
    token = result_def(AnyAttr())

    irdl_options = (SameVariadicOperandSize(),)
    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, descs: Sequence[SSAValue], dests: Sequence[SSAValue], hints: Sequence[int]) -> None:
        super().__init__(
            operands=[descs, dests],
            result_types=[ASYNC_TOKEN],
            properties={"warp_used_hints": DenseArrayBase.from_list(i32, list(hints))},
        )

    @classmethod
    def parse(cls, parser: Parser) -> AsyncTDMFusedCopyGlobalToLocalOp:
        descs = _parse_operand_list(parser, parser.Delimiter.NONE)
        parser.parse_keyword("into")
        dests = _parse_operand_list(parser, parser.Delimiter.NONE)
        attributes = parser.parse_optional_attr_dict()
        _parse_cache(parser, cls.name, attributes)
        _expect(parser, ":")
        desc_types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        _expect(parser, "->")
        dest_types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(desc_types) != len(descs) or len(dest_types) != len(dests):
            parser.raise_error("expected one type per descriptor and per destination")
        hints = attributes.pop("warp_used_hints", None)
        if not isinstance(hints, DenseArrayBase):
            parser.raise_error(f"'{cls.name}' op requires attribute 'warp_used_hints'")
        op = cls(
            [parser.resolve_operand(n, t) for n, t in zip(descs, desc_types)],
            [parser.resolve_operand(n, t) for n, t in zip(dests, dest_types)],
            [int(v) for v in hints.get_values()],
        )
        op.properties["warp_used_hints"] = hints
        return _finish(op, attributes, ("cache",))

    def print(self, printer: Printer) -> None:
        _print_operands(printer, self.descs)
        printer.print_string(" into ")
        printer.print_list(self.dests, printer.print_operand)
        _print_attributes(printer, self, {"cache": ONE})
        printer.print_string(" : ")
        _print_types(printer, [d.type for d in self.descs])
        printer.print_string(" -> ")
        _print_types(printer, [d.type for d in self.dests])

    def verify_(self) -> None:
        _check_cache(self)
        _check_types(self, [(TENSORDESC.variadic(), self.descs), (MEMDESC.variadic(), self.dests)], [TOKEN])
        members = len(self.descs)
        if not 2 <= members <= 4:
            raise VerifyException(f"'{self.name}' op requires 2 to 4 members")
        if len(self.dests) != members:
            raise VerifyException(f"'{self.name}' op requires the same number of descriptors and destinations")
        hints = [int(v) & 0xFFFFFFFF for v in self.warp_used_hints.get_values()]
        if len(hints) != members:
            raise VerifyException(f"'{self.name}' op requires one warp_used_hint per member")
        rank = len(_desc(self.descs[0]).shape)
        used = 0
        for member, (desc_value, dest_value, hint) in enumerate(zip(self.descs, self.dests, hints)):
            desc, memdesc = _desc(desc_value), _memdesc(dest_value)
            _check_tdm_common(self, desc, memdesc)
            _check_tdm_load_layout(self, memdesc)
            _check_tdm_consistency(self, desc, memdesc)
            if len(desc.shape) != rank:
                raise VerifyException(f"'{self.name}' op requires all member descriptors to have the same rank")
            _check_warp_hint(self, hint)
            if used & hint:
                raise VerifyException(f"'{self.name}' op requires pairwise-disjoint warp_used_hint values")
            used |= hint
            _check_hint_fits_partition(self, memdesc, hint, member)


@irdl_op_definition
class AsyncTDMCopyLocalToGlobalOp(AMDGOp):
    """``%t = amdg.async_tdm_copy_local_to_global %desc from %buf : !ttg.memdesc<64x64xf16, #s, #smem>
    -> !tt.tensordesc<64x64xf16, #s>``

    Starts copying the buffer to the descriptor's block with the tensor data mover.
    """

    name = "amdg.async_tdm_copy_local_to_global"

    desc = operand_def(AnyAttr())
    src = operand_def(AnyAttr())
    barrier = opt_operand_def(AnyAttr())
    cache = prop_def(AnyAttr(), default_value=ONE)
    token = result_def(AnyAttr())

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, desc: SSAValue, src: SSAValue, barrier: SSAValue | None = None) -> None:
        super().__init__(operands=[desc, src, _values(barrier)], result_types=[ASYNC_TOKEN])

    @classmethod
    def parse(cls, parser: Parser) -> AsyncTDMCopyLocalToGlobalOp:
        desc = parser.parse_unresolved_operand()
        parser.parse_keyword("from")
        src = parser.parse_unresolved_operand()
        barrier = _parse_barrier(parser)
        attributes = parser.parse_optional_attr_dict()
        _parse_cache(parser, cls.name, attributes)
        (src_type,), barrier_type = _parse_types_with_barrier(parser, 1, barrier is not None)
        desc_type = parser.parse_type()
        op = cls(
            parser.resolve_operand(desc, desc_type),
            parser.resolve_operand(src, src_type),
            None if barrier is None or barrier_type is None else parser.resolve_operand(barrier, barrier_type),
        )
        return _finish(op, attributes, ("cache",))

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.desc)
        printer.print_string(" from ")
        printer.print_operand(self.src)
        _print_barrier(printer, self.barrier)
        _print_attributes(printer, self, {"cache": ONE})
        _print_types_with_barrier(printer, [self.src.type], self.barrier)
        printer.print_attribute(self.desc.type)

    def verify_(self) -> None:
        _check_cache(self)
        _check_types(self, [(TENSORDESC, self.desc), (MEMDESC, self.src), (MEMDESC, self.barrier)], [TOKEN])
        desc, memdesc = _desc(self.desc), _memdesc(self.src)
        _check_tdm_common(self, desc, memdesc)
        encoding = _shared(memdesc)
        if not isinstance(encoding, PaddedSharedEncoding | SwizzledSharedEncoding):
            raise VerifyException(f"'{self.name}' op Invalid shared memory layout for TDM")
        if isinstance(encoding, PaddedSharedEncoding):
            if len(encoding.intervals) != 1:
                raise VerifyException(f"'{self.name}' op TDM store only supports single interval paddings.")
            if encoding.intervals[0] != desc.shape[-1]:
                raise VerifyException(
                    f"'{self.name}' op TDM store padding is only supported when padding interval equals the "
                    f"innermost block dimension (got padInterval={encoding.intervals[0]}, innermost "
                    f"dimension={desc.shape[-1]})"
                )
        _check_tdm_consistency(self, desc, memdesc)


class _TDMRowsOp(AMDGOp):
    """``amdg.async_tdm_<gather|scatter> %desc[%rows] <to|from> %buf[, barrier = %b] : <rows type>, <buf type>
    [, <barrier type>] -> <desc type>``: rows of a 2-D descriptor's tensor, named by 1-D
    ``i16`` or ``i32`` indices, moved between global and shared memory."""

    KEYWORD: ClassVar[str]
    """``to`` or ``from``: how the buffer is named in the syntax."""
    INDICES: ClassVar[str]
    """The name of the row indices in Triton's messages."""
    KIND: ClassVar[str]
    """``gather`` or ``scatter``."""

    def __init__(self, desc: SSAValue, rows: SSAValue, buffer: SSAValue, barrier: SSAValue | None = None) -> None:
        super().__init__(operands=[desc, rows, buffer, _values(barrier)], result_types=[ASYNC_TOKEN])

    @classmethod
    def parse(cls, parser: Parser) -> _TDMRowsOp:
        desc, rows = _parse_indexed(parser)
        parser.parse_keyword(cls.KEYWORD)
        buffer = parser.parse_unresolved_operand()
        barrier = _parse_barrier(parser)
        attributes = parser.parse_optional_attr_dict()
        (rows_type, buffer_type), barrier_type = _parse_types_with_barrier(parser, 2, barrier is not None)
        desc_type = parser.parse_type()
        op = cls(
            parser.resolve_operand(desc, desc_type),
            parser.resolve_operand(rows, rows_type),
            parser.resolve_operand(buffer, buffer_type),
            None if barrier is None or barrier_type is None else parser.resolve_operand(barrier, barrier_type),
        )
        return _finish(op, attributes)

    def print(self, printer: Printer) -> None:
        desc, rows, buffer, *barrier = self.operands
        printer.print_string(" ")
        _print_indexed(printer, desc, rows)
        printer.print_string(f" {self.KEYWORD} ")
        printer.print_operand(buffer)
        _print_barrier(printer, barrier[0] if barrier else None)
        _print_attributes(printer, self)
        _print_types_with_barrier(printer, [rows.type, buffer.type], barrier[0] if barrier else None)
        printer.print_attribute(desc.type)

    def _verify_rows(self) -> tuple[TensorDescType, TensorType[Attribute], MemDescType, PaddedSharedEncoding | None]:
        """The checks gathers and scatters share; the descriptor, the indices, the buffer
        and its padded layout back."""
        desc_value, rows_value, buffer_value, *barrier = self.operands
        _check_types(self, [(TENSORDESC, desc_value), (ROW_INDICES, rows_value), (MEMDESC, buffer_value)])
        _check_types(self, [(MEMDESC, barrier)], [TOKEN])
        desc, rows, memdesc = _desc(desc_value), _tensor(rows_value.type), _memdesc(buffer_value)
        if len(desc.shape) != 2:
            raise VerifyException(f"'{self.name}' op TDM {self.KIND} only supports 2D tensors, got {len(desc.shape)}D")
        _check_tdm_common(self, desc, memdesc)
        encoding = _shared(memdesc)
        if not isinstance(encoding, PaddedSharedEncoding | SwizzledSharedEncoding):
            raise VerifyException(f"'{self.name}' op Invalid shared memory layout for TDM")
        if (bit_width(memdesc.element_type) or 0) < 8:
            raise VerifyException(f"'{self.name}' op TDM {self.KIND} requires element types of at least 8 bits")
        if len(rows.get_shape()) != 1:
            raise VerifyException(f"'{self.name}' op {self.INDICES} must be a 1D tensor")
        count = rows.get_shape()[0]
        if count & (count - 1):
            raise VerifyException(f"'{self.name}' op {self.INDICES} size must be a power of 2, got {count}")
        return desc, rows, memdesc, encoding if isinstance(encoding, PaddedSharedEncoding) else None


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

    desc = operand_def(AnyAttr())
    src_row_indices = operand_def(AnyAttr())
    dst = operand_def(AnyAttr())
    barrier = opt_operand_def(AnyAttr())
    token = result_def(AnyAttr())

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def verify_(self) -> None:
        desc, rows, memdesc, padded = self._verify_rows()
        if padded is not None:
            if len(padded.intervals) != 1 or len(padded.paddings) != 1:
                raise VerifyException(f"'{self.name}' op TDM gather does not support multiple interval-padding pairs")
            if desc.shape[-1] % padded.intervals[0]:
                raise VerifyException(
                    f"'{self.name}' op TDM gather padding interval must divide the innermost block dimension "
                    f"(got padInterval={padded.intervals[0]}, innermost dimension={desc.shape[-1]})"
                )
        encoding = _shared(memdesc)
        assert isinstance(encoding, PaddedSharedEncoding | SwizzledSharedEncoding)
        if encoding.order[0] != len(encoding.order) - 1:
            raise VerifyException(f"'{self.name}' op TDM gather only supports row-major shared order")
        rows_encoding = _distributed(rows)
        if rows_encoding is not None:
            rows_layout = to_linear_layout(rows_encoding, list(rows.get_shape()))
            lanes = rows_layout.get_in_dim_size("lane")
            if rows_layout.free_variable_masks()["lane"] != lanes - 1:
                raise VerifyException(
                    f"'{self.name}' op index layout distributes values across lanes, which is incompatible with the "
                    "warp-level TDM instruction. Change layout to broadcast the same indices to all lanes in a warp."
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
            raise VerifyException(
                f"'{self.name}' op TDM gather index and destination layout must both have a block basis or neither "
                "have a block basis"
            )
        if rows_blocks and not rows_layout.sublayout(["block"], ["dim0"]).equal_ignoring_out_dim_sizes(
            shared.sublayout(["block"], ["dim0"])
        ):
            raise VerifyException(
                f"'{self.name}' op TDM gather index and shared encoding must have the same block basis for the row "
                "dimension"
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

    desc = operand_def(AnyAttr())
    dst_row_indices = operand_def(AnyAttr())
    src = operand_def(AnyAttr())
    barrier = opt_operand_def(AnyAttr())
    ret_token = result_def(AnyAttr())

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def verify_(self) -> None:
        desc, _, memdesc, padded = self._verify_rows()
        if padded is not None:
            if len(padded.intervals) != 1:
                raise VerifyException(f"'{self.name}' op TDM scatter only supports single interval paddings.")
            if padded.intervals[0] != desc.shape[-1]:
                raise VerifyException(
                    f"'{self.name}' op TDM scatter padding is only supported when padding interval equals the "
                    f"innermost block dimension (got padInterval={padded.intervals[0]}, innermost "
                    f"dimension={desc.shape[-1]})"
                )
        _check_tdm_consistency(self, desc, memdesc)


@irdl_op_definition
class UpdateTensorDescriptorOp(AMDGOp):
    """``%d1 = amdg.update_tensor_descriptor %d add_offsets = [%x, %y] set_bounds = [%m, %n] pred = %p
    : !tt.tensordesc<64x64xf16, #shared>``

    The descriptor with its base moved by ``add_offsets`` elements, its bounds set (or,
    with ``clamp_bounds``, reduced by the offsets) and its predicate replaced.
    """

    name = "amdg.update_tensor_descriptor"

    desc = operand_def(AnyAttr())
    add_offsets = var_operand_def(AnyAttr())
    set_bounds = var_operand_def(AnyAttr())
    pred = opt_operand_def(AnyAttr())
    clamp_bounds = opt_prop_def(UnitAttr)
    result = result_def(AnyAttr())

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())

    def __init__(
        self,
        desc: SSAValue,
        add_offsets: Sequence[SSAValue] = (),
        set_bounds: Sequence[SSAValue] = (),
        pred: SSAValue | None = None,
    ) -> None:
        super().__init__(operands=[desc, add_offsets, set_bounds, _values(pred)], result_types=[desc.type])

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
            _expect(parser, "=")
            if keyword == "pred":
                pred = parser.parse_unresolved_operand()
            else:
                lists[keyword] = _parse_operand_list(parser, parser.Delimiter.SQUARE)
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        desc_type = parser.parse_type()
        op = cls(
            parser.resolve_operand(desc, desc_type),
            [parser.resolve_operand(n, i32) for n in lists.get("add_offsets", [])],
            [parser.resolve_operand(n, i32) for n in lists.get("set_bounds", [])],
            _resolve(parser, pred, i32),
        )
        return _finish(op, attributes, ("clamp_bounds",))

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.desc)
        for keyword, values in (("add_offsets", self.add_offsets), ("set_bounds", self.set_bounds)):
            if values:
                printer.print_string(f" {keyword} = [")
                printer.print_list(values, printer.print_operand)
                printer.print_string("]")
        _print_keyword_operand(printer, "pred", self.pred)
        _print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.desc.type)

    def verify_(self) -> None:
        _check_types(
            self,
            [
                (TENSORDESC, self.desc),
                (I32_SCALAR.variadic(), self.add_offsets),
                (I32_SCALAR.variadic(), self.set_bounds),
                (I32_SCALAR, self.pred),
            ],
            [TENSORDESC],
        )
        if self.result.type != self.desc.type:
            raise _failed_to_verify(self, "result type matches desc type")
        rank = len(_desc(self.desc).shape)
        for keyword, values in (("add_offsets", self.add_offsets), ("set_bounds", self.set_bounds)):
            if values and len(values) != rank:
                raise VerifyException(
                    f"'{self.name}' op expected {rank} {keyword} to match descriptor rank, got {len(values)}"
                )
        if not self.add_offsets and not self.set_bounds and self.pred is None:
            raise VerifyException(f"'{self.name}' op must provide at least one of add_offsets, set_bounds, or pred")
        if self.clamp_bounds is not None:
            if not self.add_offsets:
                raise VerifyException(f"'{self.name}' op clamp_bounds requires add_offsets")
            if self.set_bounds:
                raise VerifyException(f"'{self.name}' op clamp_bounds and set_bounds are mutually exclusive")


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

    desc = operand_def(AnyAttr())
    indices = var_operand_def(AnyAttr())
    pred = operand_def(AnyAttr())
    speculative = prop_def(BoolAttr)
    return_offsets = opt_prop_def(UnitAttr, prop_name="returnOffsets")
    maybe_offsets = opt_result_def(AnyAttr())

    traits = traits_def(MemoryWriteEffect())

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
        indices = _parse_operand_list(parser, parser.Delimiter.SQUARE)
        _expect(parser, ",")
        pred = parser.parse_unresolved_operand()
        _expect(parser, ",")
        parser.parse_keyword("speculative")
        _expect(parser, "=")
        speculative = parser.parse_boolean()
        returns = parser.parse_optional_keyword("returnOffsets") is not None
        attributes = parser.parse_optional_attr_dict()
        _expect(parser, ":")
        desc_type = parser.parse_type()
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
        return _finish(op, attributes)

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
        _print_attributes(printer, self, elided=("speculative", "returnOffsets"))
        printer.print_string(" : ")
        printer.print_attribute(self.desc.type)
        if self.maybe_offsets is not None:
            printer.print_string(" -> ")
            printer.print_attribute(self.maybe_offsets.type)

    def verify_(self) -> None:
        _check_types(self, [(TENSORDESC, self.desc), (I32_SCALAR.variadic(), self.indices), (I1, self.pred)])
        expected = None if self.return_offsets is None else prefetch_offsets_type(self, _desc(self.desc))
        actual = None if self.maybe_offsets is None else self.maybe_offsets.type
        if expected != actual:
            inferred = "" if expected is None else f"'{expected}'"
            returned = "" if actual is None else f"'{actual}'"
            raise VerifyException(
                f"'{self.name}' op inferred type(s) {inferred} are incompatible with return type(s) of operation "
                f"{returned}"
            )


OPS: list[type[Operation]] = [
    BufferLoadOp,
    BufferStoreOp,
    BufferLoadToLocalOp,
    BufferAtomicRMWOp,
    BufferAtomicCASOp,
    AsyncCopyLocalToGlobalOp,
    AsyncWaitOp,
    AsyncTDMWaitOp,
    AsyncTDMIntrinsicWaitOp,
    CondBarrierOp,
    ClusterBarrierArriveOp,
    ClusterBarrierWaitOp,
    InitBarrierOp,
    WaitBarrierOp,
    ArriveBarrierOp,
    AsyncCopyMbarrierArriveOp,
    ExtractSliceOp,
    ConcatOp,
    InThreadTransposeOp,
    LocalLoadPackedTransposedOp,
    ScaledUpcastFp8Op,
    ScaledUpcastFp4Op,
    AsyncTDMCopyGlobalToLocalOp,
    AsyncTDMFusedCopyGlobalToLocalOp,
    AsyncTDMCopyLocalToGlobalOp,
    AsyncTDMGatherOp,
    AsyncTDMScatterOp,
    UpdateTensorDescriptorOp,
    TDMPrefetchOp,
]
"""The ``amdg`` ops, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The ``amdg`` attributes and types: Triton 3.9's TTGIR uses none (its ``amdg.*`` names
are discardable attributes, such as ``amdg.two_dot_schedule``, which need no definition)."""
