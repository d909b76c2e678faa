"""Atomics, grid dependencies and the remaining scalar and elementwise ``tt`` ops:
``tt.atomic_rmw``, ``tt.atomic_cas``, ``tt.atomic_load``, ``tt.atomic_store``,
``tt.atomic_poll``, ``tt.grid_dependency_wait``, ``tt.grid_dependency_launch_dependents``,
``tt.get_num_programs``, ``tt.clampf``, ``tt.precise_sqrt``, ``tt.precise_divf``,
``tt.approx_divf``, ``tt.mulhiui``.

Triton's enum attributes (``RMWOp``, ``MemSemantic``, ``MemSyncScope``, ``ProgramIDDim``,
``PropagateNan``) are ``i32`` integers in the IR, printed as their keywords.  Atomics are
layout anchors that are never rematerialised in another layout; a grid dependency (the
programmatic launch of a dependent grid) orders global memory like a barrier; the others
are pure and elementwise.
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
from layoutdialect.dialect.tt.types import (
    F32_LIKE,
    FLOAT_LIKE,
    I1_LIKE,
    INT_LIKE,
    POINTER_LIKE,
    PointerType,
    TypeKind,
    check_type_kind,
    is_pointer_like,
    mask_type,
    pointee_type,
)
from layoutdialect.dialect.ttg.tensors import shape_and_encoding

__all__ = [
    "ATTRIBUTES",
    "OPS",
    "AtomicCASOp",
    "AtomicRMWOp",
    "ClampFOp",
    "GetNumProgramsOp",
    "GridDependencyLaunchDependentsOp",
    "GridDependencyWaitOp",
    "MulhiUIOp",
    "PreciseDivFOp",
    "ApproxDivFOp",
    "PreciseSqrtOp",
]


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

SEMANTICS_AND_SCOPE: Enums = (("sem", MEM_SEMANTICS), ("scope", MEM_SYNC_SCOPES))
"""The memory ordering and scope most atomics start with: ``acquire, gpu``."""


def _semantics_and_scope(sem: str, scope: str) -> dict[str, Attribute]:
    """The ``sem`` and ``scope`` properties of the orderings named ``sem`` and ``scope``."""
    return {"scope": IntegerAttr(MEM_SYNC_SCOPES[scope], i32), "sem": IntegerAttr(MEM_SEMANTICS[sem], i32)}


def _parse_enums(parser: Parser, op_name: str, enums: Enums) -> dict[str, Attribute]:
    """``keyword, keyword, `` of each enum property in ``enums``: the properties, sorted by
    name as MLIR keeps them (and the generic form prints them)."""
    properties: dict[str, Attribute] = {}
    for attribute, cases in enums:
        properties[attribute] = parse_enum(parser, op_name, attribute, cases)
        parser.parse_punctuation(",")
    return dict(sorted(properties.items()))


def _print_enums(printer: Printer, op: Operation, enums: Enums) -> None:
    keywords = [enum_keyword(cases, op.properties[attribute]) for attribute, cases in enums]
    printer.print_string(" " + ", ".join(keywords) + ", ")


def _check_semantics(op: Operation, allowed: tuple[str, str]) -> None:
    """The op's ``sem`` is one of the two orderings ``allowed``, or Triton's message."""
    if enum_keyword(MEM_SEMANTICS, op.properties["sem"]) not in allowed:
        raise VerifyException(f"'{op.name}' op only supports {allowed[0]} and {allowed[1]} semantics")


def _check_mask(op: Operation, index: int, mask: SSAValue | None) -> None:
    """An optional mask operand (#``index``) holds ``i1``s, or Triton's message."""
    if mask is not None:
        check_type_kind(op, "operand", index, mask.type, I1_LIKE)


class _OrderedOp(TTOp):
    """An atomic access to global memory: its text starts with the keywords of its ``ENUMS``
    properties (``acquire, gpu``), its memory ordering and scope."""

    ENUMS: ClassVar[Enums] = SEMANTICS_AND_SCOPE
    """The enum properties the text starts with, in order, and their cases."""

    sem = prop_def(IntegerAttr[I32])
    scope = prop_def(IntegerAttr[I32])

    traits = traits_def(*ATOMIC_TRAITS)

    def check_enums_and_pointer(self) -> None:
        """Each enum property is one of its cases, and operand #0 is a pointer (or a tensor
        of them), with Triton's messages."""
        for attribute, cases in self.ENUMS:
            check_enum(self, attribute, cases)
        check_type_kind(self, "operand", 0, self.operands[0].type, POINTER_LIKE)


class _AtomicOp(_OrderedOp):
    """``%old = tt.atomic_<op> <keywords>, %ptr, ... attr-dict : (<operand types>) -> <result type>``:
    an atomic on the memory at ``ptr`` which returns the value that memory held before."""

    OPERAND_COUNTS: ClassVar[tuple[int, ...]]
    """How many operands the op may have."""

    OPERANDS_EXPECTED: ClassVar[str]
    """The error for another number of operands."""

    result = result_def(AnyAttr())

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        properties = _parse_enums(parser, cls.name, cls.ENUMS)
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
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        _print_enums(printer, self, self.ENUMS)
        printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        printer.print_list(self.operand_types, printer.print_attribute)
        printer.print_string(") -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        self.check_enums_and_pointer()
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
            properties={"atomic_rmw_op": IntegerAttr(RMW_OPS[rmw_op], i32)} | _semantics_and_scope(sem, scope),
        )

    def verify_values(self) -> None:
        _check_mask(self, 2, self.mask)
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
            properties=_semantics_and_scope(sem, scope),
        )

    def verify_values(self) -> None:
        self.check_points_to(self.cmp, "cmp")
        self.check_points_to(self.val, "value")


@irdl_op_definition
class AtomicLoadOp(_AtomicOp):
    """``%v = tt.atomic_load acquire, gpu, %ptr[, %mask] : (tensor<128x!tt.ptr<i32>, #b>,
    tensor<128xi1, #b>) -> tensor<128xi32, #b>``

    Reads each pointed-to element (where ``mask`` holds) atomically, with ``acquire`` or
    ``relaxed`` ordering; where the mask is false the element is undefined.
    """

    name = "tt.atomic_load"

    OPERAND_COUNTS: ClassVar[tuple[int, ...]] = (1, 2)
    OPERANDS_EXPECTED: ClassVar[str] = "tt.atomic_load takes a pointer, then optionally a mask"

    ptr = operand_def(AnyAttr())
    mask = opt_operand_def(AnyAttr())

    def __init__(self, sem: str, scope: str, ptr: SSAValue, mask: SSAValue | None = None) -> None:
        super().__init__(
            operands=[ptr, [] if mask is None else [mask]],
            result_types=[pointee_type(ptr.type)],
            properties=_semantics_and_scope(sem, scope),
        )

    def verify_values(self) -> None:
        _check_mask(self, 1, self.mask)
        if self.result.type != pointee_type(self.ptr.type):
            raise VerifyException(f"'{self.name}' op failed to verify that result matches ptr type")
        if self.mask is not None and self.mask.type != mask_type(self.ptr.type):
            raise VerifyException(f"'{self.name}' op failed to verify that mask type matches ptr type")
        _check_semantics(self, ("acquire", "relaxed"))


@irdl_op_definition
class AtomicStoreOp(_OrderedOp):
    """``tt.atomic_store release, gpu, %ptr, %val[, %mask] : tensor<128x!tt.ptr<i32>, #b>``

    Writes each element of ``val`` (where ``mask`` holds) atomically to its pointer, with
    ``release`` or ``relaxed`` ordering.  The text names only the pointer's type; the
    value's and the mask's follow from it.
    """

    name = "tt.atomic_store"

    ptr = operand_def(AnyAttr())
    val = operand_def(AnyAttr())
    mask = opt_operand_def(AnyAttr())

    def __init__(self, sem: str, scope: str, ptr: SSAValue, val: SSAValue, mask: SSAValue | None = None) -> None:
        super().__init__(
            operands=[ptr, val, [] if mask is None else [mask]], properties=_semantics_and_scope(sem, scope)
        )

    @classmethod
    def parse(cls, parser: Parser) -> AtomicStoreOp:
        properties = _parse_enums(parser, cls.name, cls.ENUMS)
        start = parser.pos
        names = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        type_at = parser.pos
        pointer = parser.parse_type()
        if len(names) not in (2, 3):
            parser.raise_error("tt.atomic_store takes a pointer and a value, then optionally a mask", start, type_at)
        if not is_pointer_like(pointer):
            parser.raise_error(
                f"custom op '{cls.name}' 'ptr' must be ptr or ranked tensor of ptr values, but got {quoted(pointer)}",
                type_at,
                parser.pos,
            )
        types = (pointer, pointee_type(pointer), mask_type(pointer))
        return cls.create(
            operands=[parser.resolve_operand(n, t) for n, t in zip(names, types)],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        _print_enums(printer, self, self.ENUMS)
        printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)

    def verify_(self) -> None:
        self.check_enums_and_pointer()
        if self.val.type != pointee_type(self.ptr.type):
            raise VerifyException(f"'{self.name}' op failed to verify that ptr type matches value type")
        if self.mask is not None and self.mask.type != mask_type(self.ptr.type):
            raise VerifyException(f"'{self.name}' op failed to verify that mask type matches ptr type")
        _check_semantics(self, ("release", "relaxed"))


@irdl_op_definition
class AtomicPollOp(_OrderedOp):
    """``%done = tt.atomic_poll acquire, gpu, %ptr, %expected[ timeout %ns] : !tt.ptr<i32>, i32 -> i1``

    Waits until the value at each pointer equals ``expected`` (or, with a timeout, until
    ``ns`` nanoseconds have passed), reading it atomically with ``acquire`` or ``relaxed``
    ordering; true where the value was seen.
    """

    name = "tt.atomic_poll"

    ptr = operand_def(AnyAttr())
    expected = operand_def(AnyAttr())
    timeout_ns = opt_operand_def(IntegerType(64))
    result = result_def(AnyAttr())

    def __init__(
        self, sem: str, scope: str, ptr: SSAValue, expected: SSAValue, timeout_ns: SSAValue | None = None
    ) -> None:
        super().__init__(
            operands=[ptr, expected, [] if timeout_ns is None else [timeout_ns]],
            result_types=[mask_type(expected.type)],
            properties=_semantics_and_scope(sem, scope),
        )

    @classmethod
    def parse(cls, parser: Parser) -> AtomicPollOp:
        properties = _parse_enums(parser, cls.name, cls.ENUMS)
        names = [parser.parse_unresolved_operand()]
        parser.parse_punctuation(",")
        names.append(parser.parse_unresolved_operand())
        if parser.parse_optional_keyword("timeout") is not None:
            names.append(parser.parse_unresolved_operand())
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = [parser.parse_type()]
        parser.parse_punctuation(",")
        types.append(parser.parse_type())
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.create(
            operands=[parser.resolve_operand(n, t) for n, t in zip(names, [*types, IntegerType(64)])],
            result_types=[result_type],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        _print_enums(printer, self, self.ENUMS)
        printer.print_list([self.ptr, self.expected], printer.print_operand)
        if self.timeout_ns is not None:
            printer.print_string(" timeout ")
            printer.print_operand(self.timeout_ns)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list([self.ptr.type, self.expected.type], printer.print_attribute)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        self.check_enums_and_pointer()
        check_type_kind(self, "result", 0, self.result.type, I1_LIKE)
        if self.ptr.type != _pointer_to(self.expected.type):
            raise VerifyException(f"'{self.name}' op failed to verify that ptr type matches expected type")
        if self.result.type != mask_type(self.expected.type):
            raise VerifyException(f"'{self.name}' op failed to verify that result type matches expected shape")
        _check_semantics(self, ("acquire", "relaxed"))


class _GridDependencyOp(TTOp):
    """``tt.grid_dependency_<verb>``: no operands, no results; it orders every access to
    global memory around it."""

    assembly_format = "attr-dict"

    traits = traits_def(ReadsGlobalMemory(), WritesGlobalMemory())

    def __init__(self) -> None:
        super().__init__()


@irdl_op_definition
class GridDependencyWaitOp(_GridDependencyOp):
    """``tt.grid_dependency_wait``: waits until the grids this one depends on have finished
    (or let it go on), so that it may read what they wrote."""

    name = "tt.grid_dependency_wait"


@irdl_op_definition
class GridDependencyLaunchDependentsOp(_GridDependencyOp):
    """``tt.grid_dependency_launch_dependents``: lets the grids that depend on this one be
    launched before it finishes."""

    name = "tt.grid_dependency_launch_dependents"


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
    AtomicLoadOp,
    AtomicStoreOp,
    AtomicPollOp,
    GridDependencyWaitOp,
    GridDependencyLaunchDependentsOp,
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
