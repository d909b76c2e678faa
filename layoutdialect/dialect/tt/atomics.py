"""Atomics and the remaining scalar and elementwise ``tt`` ops: ``tt.atomic_rmw``,
``tt.atomic_cas``, ``tt.get_num_programs``, ``tt.clampf``, ``tt.precise_sqrt``,
``tt.precise_divf``, ``tt.approx_divf``, ``tt.mulhiui``.

Triton's enum attributes (``RMWOp``, ``MemSemantic``, ``MemSyncScope``, ``ProgramIDDim``,
``PropagateNan``) are ``i32`` integers in the IR, printed as their keywords.  Atomics are
layout anchors that are never rematerialised in another layout; the others are pure and
elementwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Self

from xdsl.dialects.builtin import I32, IntegerAttr, IntegerType, TensorType, i32
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
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.enums import (
    MEM_SEMANTICS,
    MEM_SYNC_SCOPES,
    PROPAGATE_NAN,
    RMW_OPS,
    check_enum,
    enum_keyword,
    parse_enum,
)
from layoutdialect.dialect.memory_resources import ReadsGlobalMemory, WritesGlobalMemory
from layoutdialect.dialect.semantics import Elementwise, KeepsLayout, LayoutAnchor, SameLayout
from layoutdialect.dialect.tt.base import ProgramAxisOp, TTOp
from layoutdialect.dialect.tt.descriptors import quoted
from layoutdialect.dialect.tt.types import F32_LIKE, FLOAT_LIKE, INT_LIKE, PointerType, TypeKind, check_type_kind, mask_type
from layoutdialect.dialect.ttg.tensors import scalar_type, shape_and_encoding

__all__ = [
    "ATTRIBUTES",
    "OPS",
    "AtomicCASOp",
    "AtomicRMWOp",
    "ClampFOp",
    "GetNumProgramsOp",
    "MulhiUIOp",
    "PreciseDivFOp",
    "ApproxDivFOp",
    "PreciseSqrtOp",
]


def _is_pointer_like(type_: Attribute) -> bool:
    return isinstance(scalar_type(type_), PointerType)


def _pointer_to(value_type: Attribute) -> Attribute:
    """Triton's ``getPointerTypeSameShape``: a global pointer to ``value_type``'s elements,
    in its shape and encoding."""
    if isinstance(value_type, TensorType):
        return TensorType(PointerType(value_type.element_type), value_type.get_shape(), value_type.encoding)
    return PointerType(value_type)


def _check_same_shape_and_encoding(op: Operation) -> None:
    """Triton's ``SameOperandsAndResultShape`` and ``SameOperandsAndResultEncoding``."""
    types = [*op.operand_types, *op.result_types]
    if len({shape_and_encoding(t)[0] if isinstance(t, TensorType) else None for t in types}) > 1:
        raise VerifyException(f"'{op.name}' op requires the same shape for all operands and results")
    if len({shape_and_encoding(t)[1] for t in types}) > 1:
        raise VerifyException(f"'{op.name}' op requires the same encoding for all operands and results")


ATOMIC_TRAITS = (ReadsGlobalMemory(), WritesGlobalMemory(), SameLayout(), LayoutAnchor(), KeepsLayout())
"""What an atomic is to layouts: Triton's ``SameOperandsAndResultEncoding``, a layout
anchor, and never rematerialised (``canBeRemat`` is false)."""


Enums = tuple[tuple[str, Mapping[str, int]], ...]
"""Enum properties by name, each with its cases."""


class _AtomicOp(TTOp):
    """``%old = tt.atomic_<op> <keywords>, %ptr, ... attr-dict : (<operand types>) -> <result type>``:
    an atomic on the memory at ``ptr``, whose text starts with the keywords of its ``ENUMS``
    properties and which returns the value that memory held before."""

    ENUMS: ClassVar[Enums]
    """The enum properties the text starts with, in order, and their cases."""

    OPERAND_COUNTS: ClassVar[tuple[int, ...]]
    """How many operands the op may have."""

    OPERANDS_EXPECTED: ClassVar[str]
    """The error for another number of operands."""

    sem = prop_def(IntegerAttr[I32])
    scope = prop_def(IntegerAttr[I32])
    result = result_def(AnyAttr())

    traits = traits_def(*ATOMIC_TRAITS)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        properties: dict[str, Attribute] = {}
        for attribute, cases in cls.ENUMS:
            properties[attribute] = parse_enum(parser, cls.name, attribute, cases)
            parser.parse_punctuation(",")
        start = parser.pos
        names = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types_at = parser.pos
        types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        if len(types) != len(names):
            parser.raise_error(
                f"custom op '{cls.name}' number of operands and types do not match: got {len(names)} operands and "
                f"{len(types)} types",
                types_at,
                parser.pos,
            )
        if len(names) not in cls.OPERAND_COUNTS:
            parser.raise_error(cls.OPERANDS_EXPECTED, start, parser.pos)
        return cls.create(
            operands=[parser.resolve_operand(n, t) for n, t in zip(names, types)],
            result_types=[result_type],
            # MLIR keeps properties sorted by name, as the generic form then prints them.
            properties=dict(sorted(properties.items())),
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        keywords = [enum_keyword(cases, self.properties[attribute]) for attribute, cases in self.ENUMS]
        printer.print_string(" " + ", ".join(keywords) + ", ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        printer.print_list(self.operand_types, printer.print_attribute)
        printer.print_string(") -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        for attribute, cases in self.ENUMS:
            check_enum(self, attribute, cases)
        pointer = self.operands[0]
        if not _is_pointer_like(pointer.type):
            raise VerifyException(
                f"'{self.name}' op operand #0 must be ptr or ranked tensor of ptr values, "
                f"but got {quoted(pointer.type)}"
            )
        self.verify_values()
        _check_same_shape_and_encoding(self)

    def verify_values(self) -> None:
        """The checks of the operands after ``ptr``: Triton's type constraints between them."""

    def check_points_to(self, value: SSAValue, what: str) -> None:
        """``ptr`` points to ``value``'s elements, in its shape and encoding."""
        if self.operands[0].type != _pointer_to(value.type):
            raise VerifyException(f"'{self.name}' op failed to verify that ptr type matches {what} type")


@irdl_op_definition
class AtomicRMWOp(_AtomicOp):
    """``%old = tt.atomic_rmw fadd, acq_rel, gpu, %ptr, %val[, %mask] : (tensor<..x!tt.ptr<f32>, #b>,
    tensor<..xf32, #b>, tensor<..xi1, #b>) -> tensor<..xf32, #b>``

    At each pointer (where ``mask`` holds), atomically combines the value there with
    ``val`` by ``atomic_rmw_op`` and returns the value it held before.
    """

    name = "tt.atomic_rmw"

    ENUMS: ClassVar[Enums] = (("atomic_rmw_op", RMW_OPS), ("sem", MEM_SEMANTICS), ("scope", MEM_SYNC_SCOPES))
    OPERAND_COUNTS: ClassVar[tuple[int, ...]] = (2, 3)
    OPERANDS_EXPECTED: ClassVar[str] = "tt.atomic_rmw takes a pointer and a value, then optionally a mask"

    atomic_rmw_op = prop_def(IntegerAttr[I32])
    ptr = operand_def(AnyAttr())
    val = operand_def(AnyAttr())
    mask = opt_operand_def(AnyAttr())

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

    def verify_values(self) -> None:
        if self.mask is not None and scalar_type(self.mask.type) != IntegerType(1):
            raise VerifyException(
                f"'{self.name}' op operand #2 must be 1-bit signless integer or ranked tensor of 1-bit signless "
                f"integer values, but got {quoted(self.mask.type)}"
            )
        self.check_points_to(self.val, "value")
        if self.mask is not None and self.mask.type != mask_type(self.val.type):
            raise VerifyException(f"'{self.name}' op failed to verify that mask type matches value type")


@irdl_op_definition
class AtomicCASOp(_AtomicOp):
    """``%old = tt.atomic_cas acq_rel, gpu, %ptr, %cmp, %val : (!tt.ptr<i32>, i32, i32) -> i32``

    At each pointer, atomically stores ``val`` if the value there equals ``cmp``, and
    returns the value it held before.
    """

    name = "tt.atomic_cas"

    ENUMS: ClassVar[Enums] = (("sem", MEM_SEMANTICS), ("scope", MEM_SYNC_SCOPES))
    OPERAND_COUNTS: ClassVar[tuple[int, ...]] = (3,)
    OPERANDS_EXPECTED: ClassVar[str] = "tt.atomic_cas takes a pointer, a compared value and a new value"

    ptr = operand_def(AnyAttr())
    cmp = operand_def(AnyAttr())
    val = operand_def(AnyAttr())

    def __init__(
        self, sem: str, scope: str, ptr: SSAValue, cmp: SSAValue, val: SSAValue, result_type: Attribute | None = None
    ) -> None:
        super().__init__(
            operands=[ptr, cmp, val],
            result_types=[val.type if result_type is None else result_type],
            properties={"scope": IntegerAttr(MEM_SYNC_SCOPES[scope], i32), "sem": IntegerAttr(MEM_SEMANTICS[sem], i32)},
        )

    def verify_values(self) -> None:
        self.check_points_to(self.cmp, "cmp")
        self.check_points_to(self.val, "value")


@irdl_op_definition
class GetNumProgramsOp(ProgramAxisOp):
    """``%n = tt.get_num_programs x : i32``: how many programs the launch grid has along an axis."""

    name = "tt.get_num_programs"


SAME_TYPE = VarConstraint("T", AnyAttr())
"""The one type of an elementwise op's operands and result."""


class _ElementwiseOp(TTOp):
    """An elementwise op whose operands and result all have one type (Triton's
    ``SameOperandsAndResultType``): ``%r = tt.<op> %x[, %y] attr-dict : type``."""

    TYPES: ClassVar[TypeKind] = FLOAT_LIKE
    """Which types the op takes, and how Triton's message names them."""

    result = result_def(SAME_TYPE)

    traits = traits_def(Pure(), Elementwise())

    def __init__(self, *operands: SSAValue, properties: Mapping[str, Attribute] | None = None) -> None:
        super().__init__(operands=operands, result_types=[operands[0].type], properties=properties)

    def verify_(self) -> None:
        for what, values in (("operand", self.operands), ("result", self.results)):
            for index, value in enumerate(values):
                check_type_kind(self, what, index, value.type, self.TYPES)
        if len({*self.operand_types, *self.result_types}) > 1:
            raise VerifyException(f"'{self.name}' op requires the same type for all operands and results")


@irdl_op_definition
class PreciseSqrtOp(_ElementwiseOp):
    """``%r = tt.precise_sqrt %x : tensor<128xf32, #b>``: the correctly rounded square root."""

    name = "tt.precise_sqrt"

    x = operand_def(SAME_TYPE)

    assembly_format = "$x attr-dict `:` type($x)"


class _BinaryOp(_ElementwiseOp):
    """``%r = tt.<op> %x, %y : type``."""

    x = operand_def(SAME_TYPE)
    y = operand_def(SAME_TYPE)

    assembly_format = "$x `,` $y attr-dict `:` type($x)"


@irdl_op_definition
class PreciseDivFOp(_BinaryOp):
    """``%r = tt.precise_divf %x, %y : tensor<128xf32, #b>``: the correctly rounded quotient."""

    name = "tt.precise_divf"


@irdl_op_definition
class ApproxDivFOp(_BinaryOp):
    """``%r = tt.approx_divf %x, %y : tensor<128xf32, #b>``: the quotient as the hardware's
    fast approximate division gives it (``tl.fdiv(..., approx=True)``); ``f32`` only."""

    name = "tt.approx_divf"

    TYPES: ClassVar[TypeKind] = F32_LIKE


@irdl_op_definition
class MulhiUIOp(_BinaryOp):
    """``%r = tt.mulhiui %x, %y : tensor<128xi32, #b>``: the high half of the unsigned
    double-width product."""

    name = "tt.mulhiui"

    TYPES: ClassVar[TypeKind] = INT_LIKE


@irdl_op_definition
class ClampFOp(_ElementwiseOp):
    """``%r = tt.clampf %x, %min, %max, propagateNan = none : tensor<128xf32, #b>``

    ``x`` clamped to ``[min, max]``; with ``propagateNan = all`` a NaN operand gives NaN.
    """

    name = "tt.clampf"

    x = operand_def(SAME_TYPE)
    min = operand_def(SAME_TYPE)
    max = operand_def(SAME_TYPE)
    propagate_nan = prop_def(IntegerAttr[I32], prop_name="propagateNan")

    def __init__(self, x: SSAValue, min: SSAValue, max: SSAValue, propagate_nan: str = "none") -> None:
        super().__init__(x, min, max, properties={"propagateNan": IntegerAttr(PROPAGATE_NAN[propagate_nan], i32)})

    @classmethod
    def parse(cls, parser: Parser) -> ClampFOp:
        names = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            names.append(parser.parse_unresolved_operand())
        parser.parse_punctuation(",")
        parser.parse_keyword("propagateNan")
        parser.parse_punctuation("=")
        propagate_nan = parse_enum(parser, cls.name, "propagateNan", PROPAGATE_NAN)
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
        printer.print_string(f", propagateNan = {enum_keyword(PROPAGATE_NAN, self.propagate_nan)}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        check_enum(self, "propagateNan", PROPAGATE_NAN)
        super().verify_()


OPS: list[type[Operation]] = [
    AtomicRMWOp,
    AtomicCASOp,
    GetNumProgramsOp,
    ClampFOp,
    PreciseSqrtOp,
    PreciseDivFOp,
    ApproxDivFOp,
    MulhiUIOp,
]
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""
