"""The ``ttng`` (Triton NVIDIA GPU) ops that TTGIR for Hopper uses around layouts: the
asynchronous warp-group MMA and the wait for its results."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import I32, IntegerAttr, TensorType, i1, i32
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.memory_resources import ReadsSharedMemory
from layoutdialect.dialect.semantics import LayoutAnchor, SameLayout
from layoutdialect.dialect.tt.ops import check_dot_types
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.ttg.layout_checks import VerifyTensorLayouts, kernel_attributes
from layoutdialect.dialect.ttg.tensors import distributed_encoding, encoding_of
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.encodings import DotOperandEncoding, NvidiaMmaEncoding, NVMMASharedEncoding, SharedLinearEncoding
from layoutdialect.encodings.construction import shape_per_cta

__all__ = ["WarpGroupDotOp", "WarpGroupDotWaitOp"]

TENSOR_OR_MEMDESC = base(TensorType) | base(MemDescType)
"""Registers or shared memory: what a warp-group dot reads its first operand from."""


class TTNGOp(IRDLOperation):
    """A ``ttng`` op, as Triton's ``TTNG_Op``: its tensors' layouts fit the kernel."""

    traits = traits_def(VerifyTensorLayouts())


@irdl_op_definition
class WarpGroupDotOp(TTNGOp):
    """``%d = ttng.warp_group_dot %a, %b, %c : tensor<128x64xf16, #dotA> * !ttg.memdesc<64x64xf16, #s, #smem>
    -> tensor<128x64xf32, #mma>``

    ``d = a * b + c`` on a warp group's tensor cores; ``a`` is in registers or shared
    memory, ``b`` in shared memory, and the optional ``i1`` operand says whether ``c`` is used.
    """

    name = "ttng.warp_group_dot"

    traits = traits_def(ReadsSharedMemory(), LayoutAnchor())
    """It reads ``b`` (and a shared ``a``) and writes nothing, so an unused one is dead."""

    a = operand_def(TENSOR_OR_MEMDESC)
    b = operand_def(MemDescType)
    T: ClassVar = VarConstraint("T", base(TensorType))
    c = operand_def(T)
    use_c = opt_operand_def(i1)
    d = result_def(T)

    assembly_format = "$a `,` $b `,` $c (`,` $use_c^)? attr-dict `:` type($a) `*` type($b) `->` type($d)"

    def __init__(self, a: SSAValue, b: SSAValue, c: SSAValue, use_c: SSAValue | None = None) -> None:
        super().__init__(operands=[a, b, c, [] if use_c is None else [use_c]], result_types=[c.type])

    def verify_(self) -> None:
        self._verify_wgmma()
        check_dot_types(self.name, self.a.type, self.b.type, self.d.type)

    def _verify_wgmma(self) -> None:
        """Triton's ``WarpGroupDotOp::verify``: a Hopper MMA result, A in an NVMMA shared
        layout or a register ``dot_op`` with ``kWidth = 32 / bits``, B in an NVMMA shared
        layout, whole warp groups, and a result of 64-row, 8-column multiples per CTA."""
        result = distributed_encoding(self.d.type)
        if not isinstance(result, NvidiaMmaEncoding) or not result.is_hopper:
            raise VerifyException(f"'{self.name}' op WGMMA result layout must be Hopper NVMMA")
        a_encoding, b_encoding = encoding_of(self.a.type), encoding_of(self.b.type)
        if not isinstance(a_encoding, NVMMASharedEncoding | DotOperandEncoding | SharedLinearEncoding):
            raise VerifyException(f"'{self.name}' op WGMMA A operand must have NVMMA shared or dot layout")
        if isinstance(a_encoding, DotOperandEncoding) and not (
            a_encoding.op_idx == 0 and isinstance(a_encoding.parent, NvidiaMmaEncoding)
        ):
            raise VerifyException("unexpected operand layout for NvidiaMmaEncodingAttr v3")
        if not isinstance(b_encoding, NVMMASharedEncoding | SharedLinearEncoding):
            raise VerifyException(f"'{self.name}' op WGMMA B operand must have NVMMA shared layout")
        warps = kernel_attributes(self).num_warps
        if warps is not None and warps % 4:
            raise VerifyException(f"'{self.name}' op WGMMA requires num_warps to be divisible by 4")
        assert isinstance(self.d.type, TensorType)
        per_cta = shape_per_cta(result.cga.split_num, list(self.d.type.get_shape()))
        if len(per_cta) != 2:
            raise VerifyException(f"'{self.name}' op WGMMA result shape must be 2D")
        if per_cta[0] % 64:
            raise VerifyException(f"'{self.name}' op WGMMA result M dimension must be divisible by 64")
        if per_cta[1] % 8:
            raise VerifyException(f"'{self.name}' op WGMMA result N dimension must be divisible by 8")
        if isinstance(self.a.type, TensorType) and isinstance(a_encoding, DotOperandEncoding):
            bits = bit_width(self.a.type.element_type) or 32
            if a_encoding.k_width != 32 // bits:
                raise VerifyException(
                    f"'{self.name}' op in-register LHS operand must have a kWidth of {32 // bits} "
                    f"but got {a_encoding.k_width}"
                )


@irdl_op_definition
class WarpGroupDotWaitOp(TTNGOp):
    """``%r:2 = ttng.warp_group_dot_wait %x, %y {pendings = 0 : i32} : tensor<..>, tensor<..>``

    Waits until at most ``pendings`` warp-group dots are in flight; each result is its
    operand, now complete.
    """

    name = "ttng.warp_group_dot_wait"

    inputs = var_operand_def(TENSOR_OR_MEMDESC)
    pendings = prop_def(IntegerAttr[I32])
    outputs = var_result_def(TENSOR_OR_MEMDESC)

    irdl_options = (ParsePropInAttrDict(),)
    # Each result is its operand; Triton's rematerialisation gives them one layout, and
    # forward propagation ties each result to its own operand instead.
    traits = traits_def(SameLayout(forward=False))

    def __init__(self, inputs: Sequence[SSAValue], pendings: int) -> None:
        super().__init__(
            operands=[inputs],
            result_types=[[i.type for i in inputs]],
            properties={"pendings": IntegerAttr(pendings, i32)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> WarpGroupDotWaitOp:
        names = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != len(names):
            parser.raise_error(f"expected {len(names)} types, one per operand, got {len(types)}")
        pendings = attributes.pop("pendings", None)
        if not isinstance(pendings, IntegerAttr):
            parser.raise_error("ttng.warp_group_dot_wait needs an i32 'pendings' attribute")
        op = cls([parser.resolve_operand(n, t) for n, t in zip(names, types)], pendings.value.data)
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.inputs, printer.print_operand)
        printer.print_op_attributes({"pendings": self.pendings, **self.attributes})
        printer.print_string(" : ")
        printer.print_list((i.type for i in self.inputs), printer.print_attribute)

    def verify_(self) -> None:
        if [i.type for i in self.inputs] != [o.type for o in self.outputs]:
            raise VerifyException("ttng.warp_group_dot_wait: each result must have its operand's type")
