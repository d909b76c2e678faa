"""``!tt.ptr<T>``: a pointer to global memory, alone or as the element of a tensor."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import AnyFloat, Float32Type, IndexType, IntegerType, StringAttr, TensorType, i1
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.ttg.tensors import scalar_type

__all__ = [
    "F32_LIKE",
    "FLOAT_LIKE",
    "GLOBAL_ADDRESS_SPACE",
    "I1_LIKE",
    "I64_LIKE",
    "INT_LIKE",
    "POINTER_LIKE",
    "PointerType",
    "TypeKind",
    "bit_width",
    "check_elementwise_types",
    "check_type_kind",
    "is_pointer_like",
    "mask_type",
    "pointee_type",
    "quoted",
]

GLOBAL_ADDRESS_SPACE = "global"
ADDRESS_SPACES = ("global", "constant")
"""The address spaces Triton 3.9's ``!tt.ptr`` names; ``global`` is the default and is not printed."""


@irdl_attr_definition
class PointerType(ParametrizedAttribute, TypeAttribute):
    """``!tt.ptr<f32>``, or ``!tt.ptr<f32, "constant">`` in the constant address space."""

    name = "tt.ptr"

    pointee: Attribute
    address_space: StringAttr

    def __init__(self, pointee: Attribute, address_space: str = GLOBAL_ADDRESS_SPACE) -> None:
        super().__init__(pointee, StringAttr(address_space))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pointee = parser.parse_type()
            space = GLOBAL_ADDRESS_SPACE
            if parser.parse_optional_punctuation(",") is not None:
                start = parser.pos
                written = parser.parse_optional_str_literal()
                if written is None:
                    parser.raise_error("expected string")
                space = written
                if space not in ADDRESS_SPACES:
                    parser.raise_error(f"invalid pointer address space '{space}'", start, parser.pos)
        return (pointee, StringAttr(space))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_attribute(self.pointee)
        if self.address_space.data != GLOBAL_ADDRESS_SPACE:
            printer.print_string(f', "{self.address_space.data}"')
        printer.print_string(">")


def mask_type(like: Attribute) -> Attribute:
    """``i1`` in the shape and encoding of ``like``, a tensor, or plain ``i1`` for a scalar:
    the type of a mask over ``like``'s elements."""
    if isinstance(like, TensorType):
        return TensorType(i1, like.get_shape(), like.encoding)
    return i1


def pointee_type(pointer: Attribute) -> Attribute:
    """What a pointer, or a tensor of pointers, points to: ``tensor<4x!tt.ptr<f16>>`` gives ``tensor<4xf16>``."""
    if isinstance(pointer, TensorType) and isinstance(pointer.element_type, PointerType):
        return TensorType(pointer.element_type.pointee, pointer.get_shape(), pointer.encoding)
    if isinstance(pointer, PointerType):
        return pointer.pointee
    raise ValueError(f"expected a pointer or a tensor of pointers, got {pointer}")


def bit_width(element: Attribute) -> int | None:
    """Bits of one scalar of type ``element``: an integer's or a float's width, 64 for a
    pointer or an ``index``; ``None`` for a type without one."""
    if isinstance(element, PointerType | IndexType):
        return 64
    width = getattr(element, "bitwidth", None)
    return None if width is None else int(width)


def quoted(type_: Attribute) -> str:
    """A type as MLIR's diagnostics print it: ``'tensor<32x64xf16>'``."""
    return f"'{type_}'"


def _is_float_like(type_: Attribute) -> bool:
    return isinstance(scalar_type(type_), AnyFloat)


def _is_int_like(type_: Attribute) -> bool:
    return isinstance(scalar_type(type_), IntegerType)


def _is_f32_like(type_: Attribute) -> bool:
    return isinstance(scalar_type(type_), Float32Type)


def _is_i64_like(type_: Attribute) -> bool:
    return scalar_type(type_) == IntegerType(64)


def is_pointer_like(type_: Attribute) -> bool:
    """Whether ``type_`` is a pointer, or a tensor of pointers."""
    return isinstance(scalar_type(type_), PointerType)


TypeKind = tuple[Callable[[Attribute], bool], str]
"""A type constraint of Triton's: the test, and how its messages name the types."""

FLOAT_LIKE: TypeKind = (_is_float_like, "floating-point or ranked tensor of floating-point values")
"""Triton's ``TT_FloatLike``: a float, or a ranked tensor of floats."""

INT_LIKE: TypeKind = (_is_int_like, "integer or ranked tensor of integer values")
"""Triton's ``TT_IntLike``: an integer, or a ranked tensor of integers."""

F32_LIKE: TypeKind = (_is_f32_like, "32-bit float or ranked tensor of 32-bit float values")
"""Triton's ``TT_F32Like``: an ``f32``, or a ranked tensor of them."""

I64_LIKE: TypeKind = (_is_i64_like, "64-bit signless integer or tensor of 64-bit signless integer values")
"""Triton's ``TT_I64Like``: an ``i64``, or a tensor of them."""

POINTER_LIKE: TypeKind = (is_pointer_like, "ptr or ranked tensor of ptr values")
"""Triton's ``TT_PtrLike``: a pointer, or a ranked tensor of pointers."""

I1_LIKE: TypeKind = (
    lambda type_: scalar_type(type_) == i1,
    "1-bit signless integer or ranked tensor of 1-bit signless integer values",
)
"""Triton's ``TT_BoolLike``: an ``i1``, or a ranked tensor of them (a mask)."""


def check_elementwise_types(op: Operation, source: Attribute, result: Attribute) -> None:
    """MLIR's ``Elementwise`` verifier and Triton's ``SameOperandsAndResultEncoding`` for an
    op of one operand and one result, with their messages: a tensor on one side needs a
    tensor of the same shape and encoding on the other."""
    if isinstance(result, TensorType) and not isinstance(source, TensorType):
        raise VerifyException(f"'{op.name}' op if a result is non-scalar, then at least one operand must be non-scalar")
    if isinstance(source, TensorType) and not isinstance(result, TensorType):
        raise VerifyException(
            f"'{op.name}' op if an operand is non-scalar, then there must be at least one non-scalar result"
        )
    if isinstance(source, TensorType) and isinstance(result, TensorType):
        if source.get_shape() != result.get_shape():
            raise VerifyException(
                f"'{op.name}' op all non-scalar operands/results must have the same shape and base type"
            )
        if source.encoding != result.encoding:
            raise VerifyException(f"'{op.name}' op requires the same encoding for all operands and results")


def check_type_kind(op: Operation, what: str, index: int, type_: Attribute, kind: TypeKind) -> None:
    """The op's ``what`` #``index`` (``operand``, ``result``) has a type of ``kind``, or
    Triton's message: ``'tt.fp_to_fp' op operand #0 must be floating-point or ranked
    tensor of floating-point values, but got 'i32'``."""
    accepts, described = kind
    if not accepts(type_):
        raise VerifyException(f"'{op.name}' op {what} #{index} must be {described}, but got {quoted(type_)}")
