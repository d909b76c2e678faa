"""Gluon's placeholder encodings and the op that resolves them.

``#gluon.auto_encoding`` marks a tensor whose layout Gluon's ``gluon-resolve-auto-encodings``
pass infers later from its neighbours, and ``#gluon.coalesced_encoding`` one that
``gluon-infer-coalesced-encodings`` replaces by a layout coalescing its loads and stores.
Neither is a distributed layout: they have no linear layout, and Triton's ``verifyTensorLayouts``
passes them unchecked (the ``gluon`` dialect has no ``DialectVerifyTensorLayoutInterface``).
"""

from __future__ import annotations

from xdsl.dialects.builtin import NoneAttr, TensorType
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_attr_definition, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.ttg.layout_checks import VerifyTensorLayouts

__all__ = ["ATTRIBUTES", "OPS", "AutoEncodingAttr", "CoalescedEncodingAttr", "GluonOp", "SetAutoLayoutOp"]


@irdl_attr_definition
class AutoEncodingAttr(ParametrizedAttribute):
    """``#gluon.auto_encoding``: a layout to be inferred from the neighbouring ops."""

    name = "gluon.auto_encoding"


@irdl_attr_definition
class CoalescedEncodingAttr(ParametrizedAttribute):
    """``#gluon.coalesced_encoding``: a layout to be chosen for coalesced loads and stores."""

    name = "gluon.coalesced_encoding"


class GluonOp(IRDLOperation):
    """A ``gluon`` op, as Triton's ``Gluon_Op``: its tensors' layouts fit the kernel."""

    traits = traits_def(VerifyTensorLayouts())


@irdl_op_definition
class SetAutoLayoutOp(GluonOp):
    """``%r = gluon.set_auto_layout %x : tensor<16xi32, #gluon.auto_encoding> -> tensor<16xi32, #blocked>``

    Fixes the layout of an auto-encoded tensor (same shape and element type); Gluon's
    inference starts from these ops.  Like Triton's, it declares no memory effects, so it is
    never removed as dead.
    """

    name = "gluon.set_auto_layout"

    src = operand_def(TensorType)
    result = result_def(TensorType)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"

    def __init__(self, src: SSAValue, result_type: TensorType[Attribute]) -> None:
        super().__init__(operands=[src], result_types=[result_type])

    def verify_(self) -> None:
        """Triton's ``SameOperandsAndResultShape``, ``SameOperandsAndResultElementType`` and
        ``SetAutoLayoutOp::verify``."""
        assert isinstance(self.src.type, TensorType) and isinstance(self.result.type, TensorType)
        if self.src.type.get_shape() != self.result.type.get_shape():
            raise VerifyException(f"'{self.name}' op requires the same shape for all operands and results")
        if self.src.type.element_type != self.result.type.element_type:
            raise VerifyException(f"'{self.name}' op requires the same element type for all operands and results")
        if not isinstance(self.src.type.encoding, AutoEncodingAttr):
            raise VerifyException(f"'{self.name}' op input tensor must have an auto layout type")
        if isinstance(self.result.type.encoding, NoneAttr):
            raise VerifyException(f"'{self.name}' op result tensor must have an encoding")
        if isinstance(self.result.type.encoding, AutoEncodingAttr):
            raise VerifyException(f"'{self.name}' op result type must not be auto layout")


OPS: list[type[Operation]] = [SetAutoLayoutOp]
ATTRIBUTES: list[type[Attribute]] = [AutoEncodingAttr, CoalescedEncodingAttr]
