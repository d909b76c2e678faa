"""The ``tt`` ops a kernel uses to show its values: ``tt.print`` and ``tt.assert``.
Neither cares how its operands are laid out; both write global memory, as Triton declares."""

from __future__ import annotations

from xdsl.dialects.builtin import BoolAttr, DenseArrayBase, StringAttr
from xdsl.irdl import (
    AnyAttr,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    prop_def,
    traits_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.memory_resources import WritesGlobalMemory
from layoutdialect.dialect.tt.base import TTOp
from layoutdialect.dialect.tt.types import mask_type

__all__ = ["AssertOp", "PrintOp"]


@irdl_op_definition
class PrintOp(TTOp):
    """``tt.print "x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<..>``: print
    ``prefix`` and every element of each operand."""

    name = "tt.print"

    prefix = prop_def(StringAttr)
    hex = prop_def(BoolAttr)
    isSigned = prop_def(DenseArrayBase)  # noqa: N815 (Triton's property name)
    args = var_operand_def(AnyAttr())

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(WritesGlobalMemory())
    assembly_format = "$prefix attr-dict (`:` $args^ `:` type($args))?"


@irdl_op_definition
class AssertOp(TTOp):
    """``tt.assert %cond, "message" : tensor<..xi1>``: stop the kernel with ``message``
    where an element of ``cond`` is false."""

    name = "tt.assert"

    condition = operand_def(AnyAttr())
    message = prop_def(StringAttr)

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(WritesGlobalMemory())
    assembly_format = "$condition `,` $message attr-dict `:` type($condition)"

    def verify_(self) -> None:
        if self.condition.type != mask_type(self.condition.type):
            raise VerifyException("tt.assert: the condition must be i1 or a tensor of i1")
