"""``tt.addptr``, ``tt.load`` and ``tt.store``: pointer arithmetic and global-memory access."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    AttrSizedOperandSegments,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import EffectInstance, MemoryEffect, MemoryEffectKind, Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.memory_resources import GlobalMemory, WritesGlobalMemory
from layoutdialect.dialect.semantics import AnchorWhenExpensive, Elementwise, KeepsLayoutWhenExpensive, SameLayout
from layoutdialect.dialect.tt.base import TTOp
from layoutdialect.dialect.tt.types import PointerType, mask_type, pointee_type

__all__ = ["AddPtrOp", "LoadEffects", "LoadOp", "StoreOp"]


def _shape(value: Attribute) -> tuple[int, ...]:
    return tuple(value.get_shape()) if isinstance(value, TensorType) else ()


def _encoding(value: Attribute) -> Attribute | None:
    return value.encoding if isinstance(value, TensorType) else None


def _check_like_pointer(op_name: str, what: str, pointer: Attribute, other: Attribute) -> None:
    """``other`` must have the pointer operand's shape and encoding."""
    if _shape(pointer) != _shape(other) or _encoding(pointer) != _encoding(other):
        raise VerifyException(f"{op_name}: the {what} must have the pointer's shape and encoding")


def _is_pointer(type_: Attribute) -> bool:
    element = type_.element_type if isinstance(type_, TensorType) else type_
    return isinstance(element, PointerType)


@irdl_op_definition
class AddPtrOp(TTOp):
    """``%p = tt.addptr %base, %off : tensor<64x!tt.ptr<f32>, #b>, tensor<64xi32, #b>``: elementwise ``base + off``."""

    name = "tt.addptr"

    T: ClassVar = VarConstraint("T", AnyAttr())
    ptr = operand_def(T)
    offset = operand_def(AnyAttr())
    result = result_def(T)

    assembly_format = "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)"
    traits = traits_def(Pure(), Elementwise())

    def __init__(self, ptr: SSAValue, offset: SSAValue) -> None:
        super().__init__(operands=[ptr, offset], result_types=[ptr.type])

    def verify_(self) -> None:
        if not _is_pointer(self.ptr.type):
            raise VerifyException(f"tt.addptr: expected a pointer or a tensor of pointers, got {self.ptr.type}")
        _check_like_pointer(self.name, "offset", self.ptr.type, self.offset.type)


def _parse_pointer_access(
    parser: Parser, arities: range, usage: str, types: Callable[[Attribute], Sequence[Attribute]]
) -> tuple[list[SSAValue], dict[str, Attribute]]:
    """``%ptr, %a, ... attr-dict : type($ptr)``: the operands, resolved with the types
    ``types`` gives for the pointer type, and the attributes; ``usage`` is the error."""
    names: list[UnresolvedOperand] = [parser.parse_unresolved_operand()]
    while parser.parse_optional_punctuation(",") is not None:
        names.append(parser.parse_unresolved_operand())
    attributes = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    pointer = parser.parse_type()
    if len(names) not in arities or not _is_pointer(pointer):
        parser.raise_error(usage)
    return [parser.resolve_operand(n, t) for n, t in zip(names, types(pointer))], attributes


def _print_pointer_access(printer: Printer, op: LoadOp | StoreOp) -> None:
    printer.print_string(" ")
    printer.print_list(op.operands, printer.print_operand)
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")
    printer.print_attribute(op.ptr.type)


_READ = frozenset({EffectInstance(MemoryEffectKind.READ, resource=GlobalMemory())})
_VOLATILE = _READ | {EffectInstance(MemoryEffectKind.WRITE)}


class LoadEffects(MemoryEffect):
    """Triton's ``LoadOp::getEffects``: a load reads global memory; a volatile one
    (``{isVolatile = true}``) also writes MLIR's default resource, so that it is neither
    merged with an equal load nor erased unused."""

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance]:
        volatile = op.attributes.get("isVolatile")
        return _VOLATILE if isinstance(volatile, IntegerAttr) and volatile.value.data else _READ


@irdl_op_definition
class LoadOp(TTOp):
    """``%v = tt.load %ptr[, %mask[, %other]] : tensor<64x!tt.ptr<f32>, #b>``

    Reads each pointed-to element; where ``mask`` is false the element is ``other``.
    """

    name = "tt.load"

    ptr = operand_def(AnyAttr())
    mask = opt_operand_def(AnyAttr())
    other = opt_operand_def(AnyAttr())
    result = result_def(AnyAttr())

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(
        LoadEffects(),
        SameLayout(forward=False),
        AnchorWhenExpensive(),
        KeepsLayoutWhenExpensive(),
    )

    def __init__(self, ptr: SSAValue, mask: SSAValue | None = None, other: SSAValue | None = None) -> None:
        super().__init__(
            operands=[ptr, [] if mask is None else [mask], [] if other is None else [other]],
            result_types=[pointee_type(ptr.type)],
        )

    @classmethod
    def parse(cls, parser: Parser) -> LoadOp:
        operands, attributes = _parse_pointer_access(
            parser,
            range(1, 4),
            "tt.load takes a pointer operand, then optionally a mask and an other value",
            lambda pointer: (pointer, mask_type(pointer), pointee_type(pointer)),
        )
        op = LoadOp(*operands)
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        _print_pointer_access(printer, self)

    def verify_(self) -> None:
        if not _is_pointer(self.ptr.type) or self.result.type != pointee_type(self.ptr.type):
            raise VerifyException("tt.load: the result must be what the pointer operand points to")
        if self.mask is not None:
            _check_like_pointer(self.name, "mask", self.ptr.type, self.mask.type)
        if self.other is not None and self.other.type != self.result.type:
            raise VerifyException("tt.load: the other value must have the result's type")


@irdl_op_definition
class StoreOp(TTOp):
    """``tt.store %ptr, %value[, %mask] : tensor<64x!tt.ptr<f32>, #b>``: writes each element."""

    name = "tt.store"

    ptr = operand_def(AnyAttr())
    value = operand_def(AnyAttr())
    mask = opt_operand_def(AnyAttr())

    traits = traits_def(WritesGlobalMemory(), AnchorWhenExpensive())

    def __init__(self, ptr: SSAValue, value: SSAValue, mask: SSAValue | None = None) -> None:
        super().__init__(operands=[ptr, value, [] if mask is None else [mask]])

    @classmethod
    def parse(cls, parser: Parser) -> StoreOp:
        operands, attributes = _parse_pointer_access(
            parser,
            range(2, 4),
            "tt.store takes a pointer operand and a value, then optionally a mask",
            lambda pointer: (pointer, pointee_type(pointer), mask_type(pointer)),
        )
        op = StoreOp(*operands)
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        _print_pointer_access(printer, self)

    def verify_(self) -> None:
        if not _is_pointer(self.ptr.type) or self.value.type != pointee_type(self.ptr.type):
            raise VerifyException("tt.store: the value must have the type the pointer operand points to")
        if self.mask is not None:
            _check_like_pointer(self.name, "mask", self.ptr.type, self.mask.type)
