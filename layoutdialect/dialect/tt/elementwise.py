"""The ``tt`` elementwise ops whose meaning lies outside the IR: bit casts, casts between
pointers and integers, inline assembly and calls into an external library.  Each keeps its operands' shape and
encoding, so layouts pass through them as through ``arith``."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import ClassVar

from xdsl.dialects.builtin import I32, BoolAttr, IntegerAttr, StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import EffectInstance, MemoryEffect, MemoryEffectKind, Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.semantics import Elementwise
from layoutdialect.dialect.tt.base import TTOp
from layoutdialect.dialect.tt.types import (
    I64_LIKE,
    POINTER_LIKE,
    TypeKind,
    bit_width,
    check_elementwise_types,
    check_type_kind,
)
from layoutdialect.dialect.ttg.tensors import scalar_type, shape_and_encoding

__all__ = ["BitcastOp", "ElementwiseInlineAsmOp", "ExternElementwiseOp", "IntToPtrOp", "PtrToIntOp", "PureWhenDeclared"]


_IMPURE = frozenset({EffectInstance(MemoryEffectKind.READ), EffectInstance(MemoryEffectKind.WRITE)})


class PureWhenDeclared(MemoryEffect):
    """Triton's ``getEffects`` of inline assembly and library calls: none when the op's
    ``pure`` property is true, else a read and a write of MLIR's default resource (which
    no read of Triton's memories conflicts with)."""

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance]:
        declared = getattr(op, "pure", None)
        return frozenset() if isinstance(declared, IntegerAttr) and declared.value.data else _IMPURE


def _check_same_shape_and_encoding(op: IRDLOperation, values: list[SSAValue]) -> None:
    """Raise unless every tensor among ``values`` has the first one's shape and encoding."""
    kinds = {shape_and_encoding(v.type) for v in values}
    if len(kinds) > 1:
        raise VerifyException(f"{op.name}: all operands and results must have the same shape and encoding")


class _CastOp(TTOp):
    """An elementwise cast of one operand: ``$src attr-dict : type($src) -> type($result)``."""

    src = operand_def(AnyAttr())
    result = result_def(AnyAttr())

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"
    traits = traits_def(Pure(), Elementwise())

    def __init__(self, src: SSAValue, result_type: Attribute) -> None:
        super().__init__(operands=[src], result_types=[result_type])


@irdl_op_definition
class BitcastOp(_CastOp):
    """``tt.bitcast %x : tensor<128xi16, #b> -> tensor<128xbf16, #b>``: the same bits read
    as another element type of the same width."""

    name = "tt.bitcast"

    def verify_(self) -> None:
        _check_same_shape_and_encoding(self, [self.src, self.result])
        if bit_width(scalar_type(self.src.type)) != bit_width(scalar_type(self.result.type)):
            raise VerifyException("tt.bitcast: the operand and result elements must have the same bit width")


class _AddressCastOp(_CastOp):
    """A cast between pointers and their 64-bit addresses, of the types ``SOURCE`` to
    ``RESULT``."""

    SOURCE: ClassVar[TypeKind]
    RESULT: ClassVar[TypeKind]

    def verify_(self) -> None:
        check_type_kind(self, "operand", 0, self.src.type, self.SOURCE)
        check_type_kind(self, "result", 0, self.result.type, self.RESULT)
        check_elementwise_types(self, self.src.type, self.result.type)


@irdl_op_definition
class IntToPtrOp(_AddressCastOp):
    """``%p = tt.int_to_ptr %a : tensor<128xi64, #b> -> tensor<128x!tt.ptr<f16>, #b>``: the
    pointer at each 64-bit address."""

    name = "tt.int_to_ptr"

    SOURCE: ClassVar[TypeKind] = I64_LIKE
    RESULT: ClassVar[TypeKind] = POINTER_LIKE


@irdl_op_definition
class PtrToIntOp(_AddressCastOp):
    """``%a = tt.ptr_to_int %p : !tt.ptr<f32> -> i64``: each pointer's 64-bit address."""

    name = "tt.ptr_to_int"

    SOURCE: ClassVar[TypeKind] = POINTER_LIKE
    RESULT: ClassVar[TypeKind] = I64_LIKE


@irdl_op_definition
class ElementwiseInlineAsmOp(TTOp):
    """``%r = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r",
    packed_element = 1 : i32, pure = true} %x : tensor<..> -> tensor<..>``: PTX run on
    each element (or each pack of ``packed_element`` adjacent registers)."""

    name = "tt.elementwise_inline_asm"

    asm_string = prop_def(StringAttr)
    constraints = prop_def(StringAttr)
    pure = prop_def(BoolAttr)
    packed_element = prop_def(IntegerAttr[I32])
    args = var_operand_def(AnyAttr())
    outputs = var_result_def(AnyAttr())

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(PureWhenDeclared(), Elementwise())
    assembly_format = "$asm_string attr-dict ($args^ `:` type($args))? `->` type($outputs)"

    def verify_(self) -> None:
        _check_same_shape_and_encoding(self, [*self.args, *self.outputs])
        if self.packed_element.value.data < 1:
            raise VerifyException("tt.elementwise_inline_asm: packed_element must be at least 1")


@irdl_op_definition
class ExternElementwiseOp(TTOp):
    """``%r = tt.extern_elementwise %x {libname = "libdevice", libpath = "...", pure = true,
    symbol = "__nv_exp2f"} : (tensor<..>) -> tensor<..>``: a library function per element."""

    name = "tt.extern_elementwise"

    srcs = var_operand_def(AnyAttr())
    result = result_def(AnyAttr())
    libname = prop_def(StringAttr)
    libpath = prop_def(StringAttr)
    symbol = prop_def(StringAttr)
    pure = opt_prop_def(BoolAttr)

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(PureWhenDeclared(), Elementwise())
    assembly_format = "$srcs attr-dict `:` functional-type($srcs, $result)"

    def verify_(self) -> None:
        _check_same_shape_and_encoding(self, [*self.srcs, self.result])
