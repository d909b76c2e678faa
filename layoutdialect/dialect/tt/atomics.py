"""Atomics and the remaining scalar and elementwise ``tt`` ops: ``tt.atomic_rmw``,
``tt.atomic_cas``, ``tt.get_num_programs``, ``tt.clampf``, ``tt.precise_sqrt``,
``tt.precise_divf``, ``tt.mulhiui``.

Triton's enum attributes (``RMWOp``, ``MemSemantic``, ``MemSyncScope``, ``ProgramIDDim``,
``PropagateNan``) are ``i32`` integers in the IR, printed as their keywords.  Atomics are
layout anchors that are never rematerialised in another layout; the others are pure and
elementwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import I32, AnyFloat, IntegerAttr, IntegerType, TensorType, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.semantics import Elementwise, KeepsLayout, LayoutAnchor, SameLayout
from layoutdialect.dialect.tt.base import TTOp
from layoutdialect.dialect.tt.types import PointerType, mask_type
from layoutdialect.dialect.ttg.tensors import scalar_type, shape_and_encoding

__all__ = [
    "ATTRIBUTES",
    "MEM_SEMANTICS",
    "MEM_SYNC_SCOPES",
    "OPS",
    "PROGRAM_DIMS",
    "PROPAGATE_NAN",
    "RMW_OPS",
    "AtomicCASOp",
    "AtomicRMWOp",
    "ClampFOp",
    "GetNumProgramsOp",
    "MulhiUIOp",
    "PreciseDivFOp",
    "PreciseSqrtOp",
]

RMW_OPS = {"and": 1, "or": 2, "xor": 3, "add": 4, "fadd": 5, "max": 6, "min": 7, "umax": 8, "umin": 9, "exch": 10}
"""Triton's ``RMWOp``: the keyword of each read-modify-write and its ``i32`` value."""

MEM_SEMANTICS = {"relaxed": 1, "acquire": 2, "release": 3, "acq_rel": 4}
"""Triton's ``MemSemantic``: the memory ordering of an atomic."""

MEM_SYNC_SCOPES = {"gpu": 1, "cta": 2, "sys": 3}
"""Triton's ``MemSyncScope``: which threads an atomic's ordering is with."""

PROGRAM_DIMS = {"x": 0, "y": 1, "z": 2}
"""Triton's ``ProgramIDDim``: the launch-grid axes."""

PROPAGATE_NAN = {"none": 0, "all": 0xFFFF}
"""Triton's ``PropagateNan``: whether ``tt.clampf`` returns NaN for a NaN operand."""


def _parse_enum(parser: Parser, op_name: str, attribute: str, cases: dict[str, int]) -> IntegerAttr:
    """A keyword of ``cases``, as the ``i32`` integer it stands for."""
    start = parser.pos
    keyword = parser.parse_optional_identifier() or parser.parse_optional_str_literal()
    if keyword not in cases:
        parser.raise_error(
            f"custom op '{op_name}' expected string or keyword containing one of the following enum values for "
            f"attribute '{attribute}' [{', '.join(cases)}]",
            start,
            parser.pos,
        )
    return IntegerAttr(cases[keyword], i32)


def _keyword(cases: dict[str, int], value: IntegerAttr) -> str:
    """The keyword of an enum value; one no case has prints as its number."""
    return next((k for k, v in cases.items() if v == value.value.data), str(value.value.data))


def _check_enum(op: Operation, attribute: str, cases: dict[str, int], value: IntegerAttr) -> None:
    if value.value.data not in cases.values():
        raise VerifyException(
            f"'{op.name}' op attribute '{attribute}' failed to satisfy constraint: allowed 32-bit signless integer "
            f"cases: {', '.join(map(str, cases.values()))}"
        )


def _describe(type_: Attribute) -> str:
    return f"'{type_}'"


def _is_pointer_like(type_: Attribute) -> bool:
    return isinstance(scalar_type(type_), PointerType)


def _pointer_to(value_type: Attribute) -> Attribute:
    """Triton's ``getPointerTypeSameShape``: a global pointer to ``value_type``'s elements,
    in its shape and encoding."""
    if isinstance(value_type, TensorType):
        return TensorType(PointerType(value_type.element_type), value_type.get_shape(), value_type.encoding)
    return PointerType(value_type)


def _check_pointer_operand(op: Operation, pointer: SSAValue) -> None:
    if not _is_pointer_like(pointer.type):
        raise VerifyException(
            f"'{op.name}' op operand #0 must be ptr or ranked tensor of ptr values, but got {_describe(pointer.type)}"
        )


def _check_same_shape_and_encoding(op: Operation) -> None:
    """Triton's ``SameOperandsAndResultShape`` and ``SameOperandsAndResultEncoding``."""
    types = [*op.operand_types, *op.result_types]
    if len({shape_and_encoding(t)[0] if isinstance(t, TensorType) else None for t in types}) > 1:
        raise VerifyException(f"'{op.name}' op requires the same shape for all operands and results")
    if len({shape_and_encoding(t)[1] for t in types}) > 1:
        raise VerifyException(f"'{op.name}' op requires the same encoding for all operands and results")


def _parse_atomic_operands(
    parser: Parser, op_name: str
) -> tuple[list[UnresolvedOperand], dict[str, Attribute], list[Attribute]]:
    """``%a, %b, ... attr-dict : functional-type(operands, $result)``: the operands, the
    attributes and the types (the result's last)."""
    names = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
    attributes = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    types_at = parser.pos
    types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    parser.parse_punctuation("->")
    result = parser.parse_type()
    if len(types) != len(names):
        parser.raise_error(
            f"custom op '{op_name}' number of operands and types do not match: got {len(names)} operands and "
            f"{len(types)} types",
            types_at,
            parser.pos,
        )
    return names, attributes, [*types, result]


def _print_atomic(printer: Printer, op: Operation, keywords: Sequence[str]) -> None:
    printer.print_string(" " + ", ".join(keywords) + ", ")
    printer.print_list(op.operands, printer.print_operand)
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : (")
    printer.print_list(op.operand_types, printer.print_attribute)
    printer.print_string(") -> ")
    printer.print_attribute(op.results[0].type)


ATOMIC_TRAITS = (MemoryReadEffect(), MemoryWriteEffect(), SameLayout(), LayoutAnchor(), KeepsLayout())
"""What an atomic is to layouts: Triton's ``SameOperandsAndResultEncoding``, a layout
anchor, and never rematerialised (``canBeRemat`` is false)."""


@irdl_op_definition
class AtomicRMWOp(TTOp):
    """``%old = tt.atomic_rmw fadd, acq_rel, gpu, %ptr, %val[, %mask] : (tensor<..x!tt.ptr<f32>, #b>,
    tensor<..xf32, #b>, tensor<..xi1, #b>) -> tensor<..xf32, #b>``

    At each pointer (where ``mask`` holds), atomically combines the value there with
    ``val`` by ``atomic_rmw_op`` and returns the value it held before.
    """

    name = "tt.atomic_rmw"

    atomic_rmw_op = prop_def(IntegerAttr[I32])
    ptr = operand_def(AnyAttr())
    val = operand_def(AnyAttr())
    mask = opt_operand_def(AnyAttr())
    sem = prop_def(IntegerAttr[I32])
    scope = prop_def(IntegerAttr[I32])
    result = result_def(AnyAttr())

    traits = traits_def(*ATOMIC_TRAITS)

    def __init__(
        self,
        rmw_op: str,
        sem: str,
        scope: str,
        ptr: SSAValue,
        val: SSAValue,
        mask: SSAValue | None = None,
        result_type: Attribute | None = None,
    ) -> None:
        super().__init__(
            operands=[ptr, val, [] if mask is None else [mask]],
            result_types=[val.type if result_type is None else result_type],
            properties={
                "atomic_rmw_op": IntegerAttr(RMW_OPS[rmw_op], i32),
                "scope": IntegerAttr(MEM_SYNC_SCOPES[scope], i32),
                "sem": IntegerAttr(MEM_SEMANTICS[sem], i32),
            },
        )

    @classmethod
    def parse(cls, parser: Parser) -> AtomicRMWOp:
        properties: dict[str, Attribute] = {}
        for attribute, cases in (("atomic_rmw_op", RMW_OPS), ("sem", MEM_SEMANTICS), ("scope", MEM_SYNC_SCOPES)):
            properties[attribute] = _parse_enum(parser, cls.name, attribute, cases)
            parser.parse_punctuation(",")
        start = parser.pos
        names, attributes, types = _parse_atomic_operands(parser, cls.name)
        if len(names) not in (2, 3):
            parser.raise_error("tt.atomic_rmw takes a pointer and a value, then optionally a mask", start, parser.pos)
        operands = [parser.resolve_operand(n, t) for n, t in zip(names, types)]
        # MLIR keeps properties sorted by name, as the generic form then prints them.
        properties = dict(sorted(properties.items()))
        return cls.create(operands=operands, result_types=[types[-1]], properties=properties, attributes=attributes)

    def print(self, printer: Printer) -> None:
        keywords = (
            _keyword(RMW_OPS, self.atomic_rmw_op),
            _keyword(MEM_SEMANTICS, self.sem),
            _keyword(MEM_SYNC_SCOPES, self.scope),
        )
        _print_atomic(printer, self, keywords)

    def verify_(self) -> None:
        _check_enum(self, "atomic_rmw_op", RMW_OPS, self.atomic_rmw_op)
        _check_enum(self, "sem", MEM_SEMANTICS, self.sem)
        _check_enum(self, "scope", MEM_SYNC_SCOPES, self.scope)
        _check_pointer_operand(self, self.ptr)
        if self.mask is not None and scalar_type(self.mask.type) != IntegerType(1):
            raise VerifyException(
                f"'{self.name}' op operand #2 must be 1-bit signless integer or ranked tensor of 1-bit signless "
                f"integer values, but got {_describe(self.mask.type)}"
            )
        if self.ptr.type != _pointer_to(self.val.type):
            raise VerifyException(f"'{self.name}' op failed to verify that ptr type matches value type")
        if self.mask is not None and self.mask.type != mask_type(self.val.type):
            raise VerifyException(f"'{self.name}' op failed to verify that mask type matches value type")
        _check_same_shape_and_encoding(self)


@irdl_op_definition
class AtomicCASOp(TTOp):
    """``%old = tt.atomic_cas acq_rel, gpu, %ptr, %cmp, %val : (!tt.ptr<i32>, i32, i32) -> i32``

    At each pointer, atomically stores ``val`` if the value there equals ``cmp``, and
    returns the value it held before.
    """

    name = "tt.atomic_cas"

    ptr = operand_def(AnyAttr())
    cmp = operand_def(AnyAttr())
    val = operand_def(AnyAttr())
    sem = prop_def(IntegerAttr[I32])
    scope = prop_def(IntegerAttr[I32])
    result = result_def(AnyAttr())

    traits = traits_def(*ATOMIC_TRAITS)

    def __init__(
        self, sem: str, scope: str, ptr: SSAValue, cmp: SSAValue, val: SSAValue, result_type: Attribute | None = None
    ) -> None:
        super().__init__(
            operands=[ptr, cmp, val],
            result_types=[val.type if result_type is None else result_type],
            properties={"scope": IntegerAttr(MEM_SYNC_SCOPES[scope], i32), "sem": IntegerAttr(MEM_SEMANTICS[sem], i32)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> AtomicCASOp:
        properties: dict[str, Attribute] = {}
        for attribute, cases in (("sem", MEM_SEMANTICS), ("scope", MEM_SYNC_SCOPES)):
            properties[attribute] = _parse_enum(parser, cls.name, attribute, cases)
            parser.parse_punctuation(",")
        start = parser.pos
        names, attributes, types = _parse_atomic_operands(parser, cls.name)
        if len(names) != 3:
            parser.raise_error("tt.atomic_cas takes a pointer, a compared value and a new value", start, parser.pos)
        operands = [parser.resolve_operand(n, t) for n, t in zip(names, types)]
        # MLIR keeps properties sorted by name, as the generic form then prints them.
        properties = dict(sorted(properties.items()))
        return cls.create(operands=operands, result_types=[types[-1]], properties=properties, attributes=attributes)

    def print(self, printer: Printer) -> None:
        _print_atomic(printer, self, (_keyword(MEM_SEMANTICS, self.sem), _keyword(MEM_SYNC_SCOPES, self.scope)))

    def verify_(self) -> None:
        _check_enum(self, "sem", MEM_SEMANTICS, self.sem)
        _check_enum(self, "scope", MEM_SYNC_SCOPES, self.scope)
        _check_pointer_operand(self, self.ptr)
        if self.ptr.type != _pointer_to(self.cmp.type):
            raise VerifyException(f"'{self.name}' op failed to verify that ptr type matches cmp type")
        if self.ptr.type != _pointer_to(self.val.type):
            raise VerifyException(f"'{self.name}' op failed to verify that ptr type matches value type")
        _check_same_shape_and_encoding(self)


@irdl_op_definition
class GetNumProgramsOp(TTOp):
    """``%n = tt.get_num_programs x : i32``: how many programs the launch grid has along an axis."""

    name = "tt.get_num_programs"

    axis = prop_def(IntegerAttr[I32])
    result = result_def(AnyAttr())

    traits = traits_def(Pure())

    def __init__(self, axis: int) -> None:
        super().__init__(properties={"axis": IntegerAttr(axis, i32)}, result_types=[i32])

    @classmethod
    def parse(cls, parser: Parser) -> GetNumProgramsOp:
        axis = _parse_enum(parser, cls.name, "axis", PROGRAM_DIMS)
        attributes = parser.parse_optional_attr_dict()
        # As in MLIR, an ``axis`` in the attribute dictionary sets the property.
        given = attributes.pop("axis", axis)
        if not isinstance(given, IntegerAttr):
            parser.raise_error(f"'{cls.name}' op attribute 'axis' must be an i32 integer, got {given}")
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        return cls.create(result_types=[result_type], properties={"axis": given}, attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {_keyword(PROGRAM_DIMS, self.axis)}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_enum(self, "axis", PROGRAM_DIMS, self.axis)
        if self.result.type != i32:
            raise VerifyException(
                f"'{self.name}' op result #0 must be 32-bit signless integer, but got {_describe(self.result.type)}"
            )


def _is_float_like(type_: Attribute) -> bool:
    return isinstance(scalar_type(type_), AnyFloat)


def _is_int_like(type_: Attribute) -> bool:
    return isinstance(scalar_type(type_), IntegerType)


TypeKind = tuple[Callable[[Attribute], bool], str]
"""A type constraint of Triton's: the test, and how its messages name the types."""

FLOAT_LIKE: TypeKind = (_is_float_like, "floating-point or ranked tensor of floating-point values")
INT_LIKE: TypeKind = (_is_int_like, "integer or ranked tensor of integer values")


class _ElementwiseOp(TTOp):
    """An elementwise op whose operands and result all have one type (Triton's
    ``SameOperandsAndResultType``): ``%r = tt.<op> %x[, %y] attr-dict : type``."""

    TYPES: ClassVar[TypeKind] = FLOAT_LIKE
    """Which types the op takes, and how Triton's message names them."""

    traits = traits_def(Pure(), Elementwise())

    def verify_(self) -> None:
        accepts, described = self.TYPES
        for index, operand in enumerate(self.operands):
            if not accepts(operand.type):
                raise VerifyException(
                    f"'{self.name}' op operand #{index} must be {described}, but got {_describe(operand.type)}"
                )
        for index, result in enumerate(self.results):
            if not accepts(result.type):
                raise VerifyException(
                    f"'{self.name}' op result #{index} must be {described}, but got {_describe(result.type)}"
                )
        if len({*self.operand_types, *self.result_types}) > 1:
            raise VerifyException(f"'{self.name}' op requires the same type for all operands and results")


@irdl_op_definition
class PreciseSqrtOp(_ElementwiseOp):
    """``%r = tt.precise_sqrt %x : tensor<128xf32, #b>``: the correctly rounded square root."""

    name = "tt.precise_sqrt"

    T: ClassVar = VarConstraint("T", AnyAttr())
    x = operand_def(T)
    result = result_def(T)

    assembly_format = "$x attr-dict `:` type($x)"

    def __init__(self, x: SSAValue) -> None:
        super().__init__(operands=[x], result_types=[x.type])


@irdl_op_definition
class PreciseDivFOp(_ElementwiseOp):
    """``%r = tt.precise_divf %x, %y : tensor<128xf32, #b>``: the correctly rounded quotient."""

    name = "tt.precise_divf"

    T: ClassVar = VarConstraint("T", AnyAttr())
    x = operand_def(T)
    y = operand_def(T)
    result = result_def(T)

    assembly_format = "$x `,` $y attr-dict `:` type($x)"

    def __init__(self, x: SSAValue, y: SSAValue) -> None:
        super().__init__(operands=[x, y], result_types=[x.type])


@irdl_op_definition
class MulhiUIOp(_ElementwiseOp):
    """``%r = tt.mulhiui %x, %y : tensor<128xi32, #b>``: the high half of the unsigned
    double-width product."""

    name = "tt.mulhiui"

    TYPES: ClassVar[TypeKind] = INT_LIKE

    T: ClassVar = VarConstraint("T", AnyAttr())
    x = operand_def(T)
    y = operand_def(T)
    result = result_def(T)

    assembly_format = "$x `,` $y attr-dict `:` type($x)"

    def __init__(self, x: SSAValue, y: SSAValue) -> None:
        super().__init__(operands=[x, y], result_types=[x.type])


@irdl_op_definition
class ClampFOp(_ElementwiseOp):
    """``%r = tt.clampf %x, %min, %max, propagateNan = none : tensor<128xf32, #b>``

    ``x`` clamped to ``[min, max]``; with ``propagateNan = all`` a NaN operand gives NaN.
    """

    name = "tt.clampf"

    T: ClassVar = VarConstraint("T", AnyAttr())
    x = operand_def(T)
    min = operand_def(T)
    max = operand_def(T)
    propagate_nan = prop_def(IntegerAttr[I32], prop_name="propagateNan")
    result = result_def(T)

    def __init__(self, x: SSAValue, min: SSAValue, max: SSAValue, propagate_nan: str = "none") -> None:
        super().__init__(
            operands=[x, min, max],
            result_types=[x.type],
            properties={"propagateNan": IntegerAttr(PROPAGATE_NAN[propagate_nan], i32)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> ClampFOp:
        names = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            names.append(parser.parse_unresolved_operand())
        parser.parse_punctuation(",")
        parser.parse_keyword("propagateNan")
        parser.parse_punctuation("=")
        propagate_nan = _parse_enum(parser, cls.name, "propagateNan", PROPAGATE_NAN)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        type_ = parser.parse_type()
        return cls.create(
            operands=[parser.resolve_operand(n, type_) for n in names],
            result_types=[type_],
            properties={"propagateNan": propagate_nan},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_string(f", propagateNan = {_keyword(PROPAGATE_NAN, self.propagate_nan)}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_enum(self, "propagateNan", PROPAGATE_NAN, self.propagate_nan)
        super().verify_()


OPS: list[type[Operation]] = [
    AtomicRMWOp,
    AtomicCASOp,
    GetNumProgramsOp,
    ClampFOp,
    PreciseSqrtOp,
    PreciseDivFOp,
    MulhiUIOp,
]
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""
