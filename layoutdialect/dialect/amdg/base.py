"""What every ``amdg`` op shares: its base class, its operand and result types declared as
ODS type constraints and reported with MLIR's messages, and the checks of Triton's enum and
``i32`` attributes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass

from typing_extensions import TypeVar
from xdsl.dialects.builtin import (
    AnyFloat,
    IntegerAttr,
    IntegerType,
    Signedness,
    TensorType,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrConstraint,
    IntConstraint,
    IRDLOperation,
    OptionalDef,
    VariadicDef,
    VerificationContext,
    traits_def,
)
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.tt.descriptors import TensorDescType
from layoutdialect.dialect.tt.types import PointerType
from layoutdialect.dialect.ttg.custom_format import op_error
from layoutdialect.dialect.ttg.layout_checks import VerifyTensorLayouts
from layoutdialect.dialect.ttg.types import AsyncTokenType, MemDescType

__all__ = [
    "ASYNC_TOKEN",
    "BOOL_TENSOR",
    "CACHE_MODIFIERS",
    "I1",
    "I1_TENSOR",
    "I32_SCALAR",
    "I32_TENSOR",
    "MEMDESC",
    "ONE",
    "PTR",
    "PTR_TENSOR",
    "TENSORDESC",
    "TOKEN",
    "TT_TENSOR",
    "AMDGOp",
    "OdsType",
    "UncheckedLayouts",
    "check_problem",
    "descriptor_type",
    "enum_problem",
    "failed_to_verify",
    "i32_problem",
    "like",
    "ranked",
    "signless",
    "values_of",
]

CACHE_MODIFIERS = {"none": 1, "ca": 2, "cg": 3, "wb": 4, "cs": 5, "wt": 6, "cv": 7}
"""Triton's ``CacheModifier``: the ``i32`` value of each keyword (``none`` is the default)."""

ASYNC_TOKEN = AsyncTokenType()

ONE = IntegerAttr(1, i32)
"""The default of the ``contiguity`` and ``cache`` properties, left out when printed."""


# --------------------------------------------------------------------------- types


_TYPES_DEFERRED = ContextVar("_TYPES_DEFERRED", default=False)
"""Set while an ``AMDGOp`` runs the checks MLIR makes before those of its types."""


class _TypeRefused(VerifyException):
    """A type that an ``OdsType`` refuses."""

    def __init__(self, constraint: OdsType, type_: Attribute) -> None:
        super().__init__(f"expected {constraint.text}, got '{type_}'")
        self.constraint = constraint


@dataclass(frozen=True)
class OdsType(AttrConstraint[Attribute]):
    """An ODS type constraint of Triton's: its text in MLIR's messages and its test.  An
    ``AMDGOp`` reports a type it refuses as MLIR does, ``'amdg.x' op operand #1 must be
    <text>, but got '<type>'``."""

    text: str
    test: Callable[[Attribute], bool]

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if not self.test(attr) and not _TYPES_DEFERRED.get():
            raise _TypeRefused(self, attr)

    def mapping_type_vars(self, type_var_mapping: Mapping[TypeVar, AttrConstraint | IntConstraint]) -> OdsType:
        return self


def ranked(text: str, element: Callable[[Attribute], bool], ranked: bool = True) -> OdsType:
    """A tensor of elements passing ``element`` (``RankedTensorOf``, or ``TensorOf``)."""
    prefix = "ranked tensor" if ranked else "tensor"
    return OdsType(f"{prefix} of {text} values", lambda t: isinstance(t, TensorType) and element(t.element_type))


def signless(width: int) -> Callable[[Attribute], bool]:
    """Whether a type is the signless integer of ``width`` bits."""
    return lambda t: isinstance(t, IntegerType) and t.width.data == width and t.signedness.data == Signedness.SIGNLESS


def _tt_element(element: Attribute) -> bool:
    return isinstance(element, AnyFloat | IntegerType | PointerType)


def _is_ptr(type_: Attribute) -> bool:
    return isinstance(type_, PointerType)


PTR = OdsType("ptr", _is_ptr)
I1 = OdsType("1-bit signless integer", signless(1))
I32_SCALAR = OdsType("32-bit signless integer", signless(32))
I32_TENSOR = ranked("32-bit signless integer", signless(32), ranked=False)
I1_TENSOR = ranked("1-bit signless integer", signless(1), ranked=False)
BOOL_TENSOR = ranked("1-bit signless integer", signless(1))
TT_TENSOR = ranked("floating-point or integer or ptr", _tt_element)
PTR_TENSOR = ranked("ptr", _is_ptr)
MEMDESC = OdsType(
    "memory descriptor type (`::mlir::triton::gpu::MemDescType`) in Triton IR type system",
    lambda t: isinstance(t, MemDescType),
)
TENSORDESC = OdsType(
    "Tensor descriptor type (`::mlir::triton::TensorDescType`) in Triton IR type system",
    lambda t: isinstance(t, TensorDescType),
)
TOKEN = OdsType("async token type", lambda t: isinstance(t, AsyncTokenType))


def values_of(values: SSAValue | Sequence[SSAValue] | None) -> Sequence[SSAValue]:
    """An operand or result accessor's values: none, one, or a variadic group's."""
    if values is None:
        return ()
    return (values,) if isinstance(values, SSAValue) else values


def _type_mismatch(op: IRDLOperation) -> VerifyException:
    """MLIR's error for the first operand, else result, whose type its ``OdsType``
    refuses, numbered as in the op (a variadic group's constraint is ``variadic of``)."""
    definition = op.get_irdl_definition()
    for construct, fields in (("operand", definition.operands), ("result", definition.results)):
        typed = [(field, value.type) for name, field in fields for value in values_of(getattr(op, name))]
        for index, (field, type_) in enumerate(typed):
            try:
                field.constr.verify((type_,), VerificationContext())
            except _TypeRefused as refused:
                variadic = isinstance(field, VariadicDef) and not isinstance(field, OptionalDef)
                expected = f"variadic of {refused.constraint.text}" if variadic else refused.constraint.text
                return op_error(op, f"{construct} #{index} must be {expected}, but got '{type_}'")
    raise AssertionError(f"no type of {op.name} is refused")


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

    def verify(self, verify_nested_ops: bool = True) -> None:
        """xDSL's verification, where a type that its ``OdsType`` refuses is reported as
        MLIR reports it, and only after the checks of the op's properties, attributes and
        traits, which MLIR makes first."""
        try:
            super().verify(verify_nested_ops)
        except VerifyException as error:
            if not isinstance(error.__cause__, _TypeRefused):
                raise
            deferred = _TYPES_DEFERRED.set(True)
            try:
                self.get_irdl_definition().verify(self)
            finally:
                _TYPES_DEFERRED.reset(deferred)
            self.verify_attributes()
            raise _type_mismatch(self) from None

    def verify_attributes(self) -> None:
        """Triton's checks of the op's enum and ``i32`` attributes, which its ``verify_``
        runs first; none by default."""


# --------------------------------------------------------------------------- checks


def like(type_: Attribute, element: Attribute) -> TensorType[Attribute]:
    """``type_``, a tensor, with ``element`` elements (Triton's ``getI32SameShape``:
    shape and encoding kept)."""
    assert isinstance(type_, TensorType)
    return TensorType(element, type_.get_shape(), type_.encoding)


def descriptor_type(value: SSAValue) -> TensorDescType:
    """The type of ``value``, which the op's definition already requires to be a tensor descriptor."""
    assert isinstance(value.type, TensorDescType)
    return value.type


def failed_to_verify(op: Operation, what: str) -> VerifyException:
    """MLIR's message for a ``TypesMatchWith``-style constraint that ``op`` breaks."""
    return op_error(op, f"failed to verify that {what}")


def enum_problem(op_name: str, attribute: str, value: Attribute | None, cases: Mapping[str, int]) -> str | None:
    """MLIR's message for an ``i32`` enum attribute ``value`` outside ``cases``, or ``None``."""
    if value is None or (isinstance(value, IntegerAttr) and value.type == i32 and value.value.data in cases.values()):
        return None
    return (
        f"'{op_name}' op attribute '{attribute}' failed to satisfy constraint: allowed 32-bit signless integer "
        f"cases: {', '.join(map(str, sorted(set(cases.values()))))}"
    )


def i32_problem(op_name: str, attribute: str, value: Attribute | None) -> str | None:
    """MLIR's message for an ``I32Attr`` that is not one, or ``None``."""
    if value is None or (isinstance(value, IntegerAttr) and value.type == i32):
        return None
    return f"'{op_name}' op attribute '{attribute}' failed to satisfy constraint: 32-bit signless integer attribute"


def check_problem(problem: str | None) -> None:
    """Refuse the op an ``enum_problem`` or ``i32_problem`` found a problem with."""
    if problem is not None:
        raise VerifyException(problem)
