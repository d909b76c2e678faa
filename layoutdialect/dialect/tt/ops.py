"""The ``tt`` tensor ops that make, reshape and reduce tensors, with Triton's syntax.

Each op that changes a tensor's shape checks that its result encoding is the one
Triton infers from its operand (``layoutdialect.encodings.inference``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import prod
from typing import ClassVar

from xdsl.dialects.builtin import (
    I32,
    DenseArrayBase,
    IntegerAttr,
    TensorType,
    UnitAttr,
    f32,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsTerminator, Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.enums import INPUT_PRECISIONS, ROUNDING_MODES, check_enum, enum_keyword, parse_enum
from layoutdialect.dialect.semantics import (
    AnchorWhenSet,
    ConversionFolds,
    Elementwise,
    InferredLayout,
    KeepsLayout,
    KeepsLayoutWhenSet,
    LayoutAnchor,
    MovesNoData,
    Recreatable,
    SameLayout,
    View,
)
from layoutdialect.dialect.tt.base import ProgramAxisOp, TTOp
from layoutdialect.dialect.tt.types import FLOAT_LIKE, bit_width, check_elementwise_types, check_type_kind
from layoutdialect.dialect.ttg.custom_format import parse_attr_dict
from layoutdialect.dialect.ttg.tensors import (
    broadcast_layouts_agree,
    check_inferred_encoding,
    distributed_encoding,
    encoding_of,
    layouts_match_up_to_broadcasting,
    scalar_type,
    tensor_type,
    with_encoding,
)
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.encodings import (
    AmdWmmaEncoding,
    DistributedEncoding,
    DotOperandEncoding,
    Encoding,
    NvidiaMmaEncoding,
    NVMMASharedEncoding,
    SharedLinearEncoding,
)
from layoutdialect.encodings.inference import (
    expand_dims_encoding,
    expand_dims_source_encoding,
    is_expensive_view,
    reduce_encoding,
    reduce_source_encoding,
    reshape_encoding,
    trans_encoding,
)
from layoutdialect.f2 import LinearLayout, inverse_permutation

__all__ = [
    "BroadcastOp",
    "CombineReturnOp",
    "DotOp",
    "check_dot_types",
    "ExpandDimsOp",
    "FpToFpOp",
    "GetProgramIdOp",
    "MakeRangeOp",
    "ReduceOp",
    "ReduceReturnOp",
    "ReshapeOp",
    "SplatOp",
    "TransOp",
    "UnsplatOp",
]

FOLDS = "layoutdialect.dialect.tt.canonicalization"
"""Where this module's ops' conversion folds are defined."""


def _print_types(printer: Printer, parts: Sequence[tuple[str, Attribute]]) -> None:
    for separator, type_ in parts:
        printer.print_string(separator)
        printer.print_attribute(type_)


@irdl_op_definition
class GetProgramIdOp(ProgramAxisOp):
    """``%pid = tt.get_program_id x : i32``: this program's index along a launch-grid axis."""

    name = "tt.get_program_id"


@irdl_op_definition
class MakeRangeOp(TTOp):
    """``%r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>``"""

    name = "tt.make_range"

    start = prop_def(IntegerAttr[I32])
    end = prop_def(IntegerAttr[I32])
    result = result_def(TensorType)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict `:` type($result)"
    traits = traits_def(Pure(), Recreatable())

    def __init__(self, start: int, end: int, result_type: TensorType[Attribute]) -> None:
        super().__init__(
            properties={"end": IntegerAttr(end, i32), "start": IntegerAttr(start, i32)}, result_types=[result_type]
        )

    def verify_(self) -> None:
        shape = tensor_type(self.result).get_shape()
        if len(shape) != 1 or shape[0] != self.end.value.data - self.start.value.data:
            raise VerifyException("tt.make_range: the result must be a 1-D tensor of end - start elements")


@dataclass(frozen=True)
class BroadcastRecreatable(Recreatable):
    """A broadcast whose operand already has the target layout up to broadcasting is built
    again into it (Triton 3.9's slices stop there; its canonicalizer does not fold it)."""

    def holds_anywhere(self, op: Operation) -> bool:
        return False

    def holds(self, op: Operation, encoding: DistributedEncoding) -> bool:
        assert isinstance(op, BroadcastOp)
        return layouts_match_up_to_broadcasting(tensor_type(op.src), with_encoding(tensor_type(op.result), encoding))

    def folds_conversion(self, op: Operation, encoding: DistributedEncoding) -> bool:
        return False


@dataclass(frozen=True)
class ReorderingReshapeRecreatable(Recreatable):
    """An ``allow_reorder`` reshape may produce any layout that moves no data (Triton's
    ``canUseResultEncoding``), unless ``efficient_layout`` pins it."""

    def holds_anywhere(self, op: Operation) -> bool:
        return False

    def holds(self, op: Operation, encoding: DistributedEncoding) -> bool:
        assert isinstance(op, ReshapeOp)
        if op.allow_reorder is None or op.efficient_layout is not None:
            return False
        src, dst = tensor_type(op.src), tensor_type(op.result)
        source = distributed_encoding(src)
        return source is not None and not is_expensive_view(source, src.get_shape(), encoding, dst.get_shape())

    def folds_conversion(self, op: Operation, encoding: DistributedEncoding) -> bool:
        """Triton's canonicalizer also keeps reshapes of ``dot_op`` layouts, whose
        registers its lowering packs as i32."""
        assert isinstance(op, ReshapeOp)
        return self.holds(op, encoding) and not any(
            isinstance(e, DotOperandEncoding) for e in (distributed_encoding(op.src.type), encoding)
        )


class _UnaryTensorOp(TTOp):
    """An op ``$src attr-dict : type($src) -> type($result)``."""

    src = operand_def(AnyAttr())
    result = result_def(TensorType)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, src: SSAValue, result_type: TensorType[Attribute]) -> None:
        super().__init__(operands=[src], result_types=[result_type])


@irdl_op_definition
class SplatOp(_UnaryTensorOp):
    """``%t = tt.splat %x : f32 -> tensor<128xf32, #blocked>``: every element is ``%x``."""

    name = "tt.splat"

    traits = traits_def(Recreatable())

    def verify_(self) -> None:
        if self.src.type != tensor_type(self.result).element_type:
            raise VerifyException("tt.splat: the scalar's type must be the tensor's element type")


@irdl_op_definition
class UnsplatOp(TTOp):
    """``%x = tt.unsplat %t : tensor<1xf32, #blocked>``: the one element of a one-element
    tensor, as a scalar (the inverse of ``tt.splat``)."""

    name = "tt.unsplat"

    src = operand_def(TensorType)
    result = result_def(AnyAttr())

    traits = traits_def(Pure())

    def __init__(self, src: SSAValue) -> None:
        super().__init__(operands=[src], result_types=[tensor_type(src).element_type])

    @classmethod
    def parse(cls, parser: Parser) -> UnsplatOp:
        name = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        type_at = parser.pos
        type_ = parser.parse_type()
        if not isinstance(type_, TensorType):
            parser.raise_error(
                f"custom op '{cls.name}' invalid kind of type specified: expected builtin.tensor, but found '{type_}'",
                type_at,
                parser.pos,
            )
        op = cls(parser.resolve_operand(name, type_))
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)

    def verify_(self) -> None:
        source = tensor_type(self.src)
        if prod(source.get_shape()) != 1:
            raise VerifyException("source tensor must have exactly one element")
        if self.result.type != source.element_type:
            raise VerifyException(f"'{self.name}' op result must be the source tensor's element type")


@irdl_op_definition
class BroadcastOp(_UnaryTensorOp):
    """``tt.broadcast %x : tensor<64x1xf32, #b> -> tensor<64x64xf32, #b>``: size-1 dims repeated.

    The two encodings may differ when they agree at the operand's shape ("up to
    broadcasting", ``broadcast_layouts_agree``), as in Triton 3.9: a ``#ttg.linear`` row and
    the blocked layout it spells out can broadcast into each other, and so can layouts that
    differ only in broadcast registers."""

    name = "tt.broadcast"

    traits = traits_def(SameLayout(), MovesNoData(), BroadcastRecreatable())

    def verify_(self) -> None:
        src, dst = tensor_type(self.src), tensor_type(self.result)
        if not broadcast_layouts_agree(src, dst):
            raise VerifyException(f"'{self.name}' op requires matching source and result layouts up to broadcasting")
        if len(src.get_shape()) != len(dst.get_shape()) or any(
            s not in (1, d) for s, d in zip(src.get_shape(), dst.get_shape())
        ):
            raise VerifyException("tt.broadcast: only dims of size 1 may grow")


@irdl_op_definition
class ExpandDimsOp(_UnaryTensorOp):
    """``tt.expand_dims %x {axis = 1 : i32} : tensor<64xi32, #slice> -> tensor<64x1xi32, #parent>``"""

    name = "tt.expand_dims"

    axis = prop_def(IntegerAttr[I32])
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(InferredLayout(), View())

    def __init__(self, src: SSAValue, axis: int, result_type: TensorType[Attribute]) -> None:
        IRDLOperation.__init__(
            self, operands=[src], result_types=[result_type], properties={"axis": IntegerAttr(axis, i32)}
        )

    def infer_result_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return expand_dims_encoding(encoding, self.axis.value.data)

    def infer_operand_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return expand_dims_source_encoding(encoding, self.axis.value.data)

    def verify_(self) -> None:
        axis = self.axis.value.data
        src, dst = list(tensor_type(self.src).get_shape()), list(tensor_type(self.result).get_shape())
        if dst != src[:axis] + [1] + src[axis:]:
            raise VerifyException(f"tt.expand_dims: the result shape must insert a 1 at axis {axis}")
        check_inferred_encoding(self.name, self.src.type, self.result.type, self.infer_result_encoding, exact=True)


@irdl_op_definition
class ReshapeOp(_UnaryTensorOp):
    """``tt.reshape %x [allow_reorder] [efficient_layout] : tensor<64xf32, #a> -> tensor<8x8xf32, #b>``

    Without ``allow_reorder`` the elements keep their row-major order and their threads;
    with it, any result encoding that moves no data between threads is valid too
    (Triton's ``inferReshapeOpEncoding`` takes the result's encoding as a hint).
    ``efficient_layout`` changes nothing here.
    """

    name = "tt.reshape"

    allow_reorder = opt_prop_def(UnitAttr)
    efficient_layout = opt_prop_def(UnitAttr)

    assembly_format = (
        "$src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)? "
        "attr-dict `:` type($src) `->` type($result)"
    )
    traits = traits_def(
        InferredLayout(),
        View(),
        AnchorWhenSet("allow_reorder"),
        KeepsLayoutWhenSet("efficient_layout"),
        ReorderingReshapeRecreatable(),
        ConversionFolds(FOLDS, ("ReshapeReadsPastConversion",)),
    )

    def infer_result_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return self._other_side(encoding, self.src, self.result)

    def infer_operand_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return self._other_side(encoding, self.result, self.src)

    def _other_side(self, encoding: DistributedEncoding, known: SSAValue, wanted: SSAValue) -> DistributedEncoding:
        """Triton's ``inferReshapeOpEncoding`` from ``known`` (in ``encoding``) to ``wanted``:
        with ``allow_reorder``, ``wanted``'s own encoding is the hint it keeps when that
        view moves no data; otherwise each element keeps its thread and register."""
        known_shape, wanted_shape = tensor_type(known).get_shape(), tensor_type(wanted).get_shape()
        hint = distributed_encoding(wanted.type)
        if (
            self.allow_reorder is not None
            and hint is not None
            and not is_expensive_view(encoding, known_shape, hint, wanted_shape)
        ):
            return hint
        return reshape_encoding(encoding, known_shape, wanted_shape)

    def verify_(self) -> None:
        src, dst = tensor_type(self.src), tensor_type(self.result)
        if src.element_count() != dst.element_count():
            raise VerifyException("tt.reshape: the operand and result must have the same number of elements")
        check_inferred_encoding(self.name, src, dst, self.infer_result_encoding)


@irdl_op_definition
class TransOp(_UnaryTensorOp):
    """``tt.trans %x {order = array<i32: 1, 0>} : tensor<16x64xf32, #a> -> tensor<64x16xf32, #b>``"""

    name = "tt.trans"

    order = prop_def(DenseArrayBase)
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(
        InferredLayout(),
        View(),
        ConversionFolds(FOLDS, ("TransposeReadsPastConversion",)),
    )

    def __init__(self, src: SSAValue, order: Sequence[int], result_type: TensorType[Attribute]) -> None:
        IRDLOperation.__init__(
            self,
            operands=[src],
            result_types=[result_type],
            properties={"order": DenseArrayBase.from_list(i32, list(order))},
        )

    @property
    def permutation(self) -> list[int]:
        return [int(v) for v in self.order.get_values()]

    def infer_result_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return trans_encoding(encoding, tensor_type(self.src).get_shape(), self.permutation)

    def infer_operand_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return trans_encoding(encoding, tensor_type(self.result).get_shape(), inverse_permutation(self.permutation))

    def verify_(self) -> None:
        order, src = self.permutation, tensor_type(self.src)
        shape = list(src.get_shape())
        if sorted(order) != list(range(len(shape))):
            raise VerifyException(f"tt.trans: order {order} is not a permutation of the operand's dims")
        if list(tensor_type(self.result).get_shape()) != [shape[i] for i in order]:
            raise VerifyException("tt.trans: the result shape must be the operand's, permuted by order")
        check_inferred_encoding(self.name, src, self.result.type, self.infer_result_encoding)


@irdl_op_definition
class FpToFpOp(TTOp):
    """``tt.fp_to_fp %x, rounding = rtne : tensor<..xf32, #b> -> tensor<..xf8E4M3FN, #b>``

    A float, or a tensor of floats, converted to another float type."""

    name = "tt.fp_to_fp"

    src = operand_def(AnyAttr())
    rounding = opt_prop_def(IntegerAttr[I32])
    result = result_def(AnyAttr())

    traits = traits_def(Pure(), Elementwise())

    def __init__(self, src: SSAValue, result_type: Attribute, rounding: str | None = None) -> None:
        super().__init__(
            operands=[src],
            result_types=[result_type],
            properties={"rounding": None if rounding is None else IntegerAttr(ROUNDING_MODES[rounding], i32)},
        )

    @property
    def rounding_mode(self) -> str | None:
        """The rounding's keyword (``rtne``, ``rtz``), or ``None`` where the op has none."""
        return None if self.rounding is None else enum_keyword(ROUNDING_MODES, self.rounding)

    @classmethod
    def parse(cls, parser: Parser) -> FpToFpOp:
        unresolved = parser.parse_unresolved_operand()
        properties, attributes = parse_attr_dict(parser, ("rounding",))
        if parser.parse_optional_punctuation(",") is not None:
            parser.parse_keyword("rounding")
            parser.parse_punctuation("=")
            properties["rounding"] = parse_enum(parser, cls.name, "rounding", ROUNDING_MODES)
        parser.parse_punctuation(":")
        src = parser.resolve_operand(unresolved, parser.parse_type())
        parser.parse_punctuation("->")
        return cls.create(
            operands=[src], result_types=[parser.parse_type()], properties=properties, attributes=attributes
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        printer.print_op_attributes(self.attributes)
        if self.rounding_mode is not None:
            printer.print_string(f", rounding = {self.rounding_mode}")
        _print_types(printer, ((" : ", self.src.type), (" -> ", self.result.type)))

    def verify_(self) -> None:
        """Triton's type constraints, ``SameOperandsAndResultShape`` and
        ``SameOperandsAndResultEncoding``, with their messages."""
        check_type_kind(self, "operand", 0, self.src.type, FLOAT_LIKE)
        check_type_kind(self, "result", 0, self.result.type, FLOAT_LIKE)
        src, dst = self.src.type, self.result.type
        check_elementwise_types(self, src, dst)
        if self.rounding is not None:
            check_enum(self, "rounding", ROUNDING_MODES)
        if (bit_width(scalar_type(dst)) or 0) < (bit_width(scalar_type(src)) or 0) and self.rounding is None:
            raise VerifyException("Rounding mode is required for FP downcast")


@irdl_op_definition
class DotOp(TTOp):
    """``%d = tt.dot %a, %b, %c : tensor<MxK, #dotA> * tensor<KxN, #dotB> -> tensor<MxN, #mma>``"""

    name = "tt.dot"

    T: ClassVar = VarConstraint("T", AnyAttr())
    a = operand_def(TensorType)
    b = operand_def(TensorType)
    c = operand_def(T)
    input_precision = opt_prop_def(IntegerAttr[I32], prop_name="inputPrecision")
    d = result_def(T)

    traits = traits_def(Pure(), LayoutAnchor(), KeepsLayout())

    def __init__(self, a: SSAValue, b: SSAValue, c: SSAValue, input_precision: str = "ieee") -> None:
        super().__init__(
            operands=[a, b, c],
            result_types=[c.type],
            properties={"inputPrecision": IntegerAttr(INPUT_PRECISIONS[input_precision], i32)},
        )

    @property
    def precision(self) -> str:
        """How f32 operands are multiplied: ``tf32``, ``tf32x3``, ``ieee`` (the default),
        ``bf16x3`` or ``bf16x6``."""
        return "ieee" if self.input_precision is None else enum_keyword(INPUT_PRECISIONS, self.input_precision)

    @classmethod
    def parse(cls, parser: Parser) -> DotOp:
        operands = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            operands.append(parser.parse_unresolved_operand())
        properties: dict[str, Attribute] = {"inputPrecision": IntegerAttr(INPUT_PRECISIONS["ieee"], i32)}
        if parser.parse_optional_punctuation(",") is not None:
            parser.parse_keyword("inputPrecision")
            parser.parse_punctuation("=")
            properties["inputPrecision"] = parse_enum(parser, cls.name, "inputPrecision", INPUT_PRECISIONS)
        written, attributes = parse_attr_dict(parser, ("inputPrecision",))
        parser.parse_punctuation(":")
        a = parser.resolve_operand(operands[0], parser.parse_type())
        parser.parse_punctuation("*")
        b = parser.resolve_operand(operands[1], parser.parse_type())
        parser.parse_punctuation("->")
        c = parser.resolve_operand(operands[2], parser.parse_type())
        return cls.create(
            operands=[a, b, c], result_types=[c.type], properties=properties | written, attributes=attributes
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list((self.a, self.b, self.c), printer.print_operand)
        if self.precision != "ieee":
            printer.print_string(f", inputPrecision = {self.precision}")
        printer.print_op_attributes(self.attributes)
        _print_types(printer, ((" : ", self.a.type), (" * ", self.b.type), (" -> ", self.d.type)))

    def verify_(self) -> None:
        if self.input_precision is not None:
            check_enum(self, "inputPrecision", INPUT_PRECISIONS)
        check_dot_operand_encodings(self.a.type, self.b.type, self.d.type)
        check_dot_types(self.name, self.a.type, self.b.type, self.d.type)
        if isinstance(encoding_of(self.d.type), NvidiaMmaEncoding) and not self._mma_supports_precision():
            raise VerifyException("unsupported MMA version")

    def _mma_supports_precision(self) -> bool:
        """The first rule of Triton's ``supportMMA``: f32 operands need TF32 input precision
        (not the default, IEEE, which an unwritten ``inputPrecision`` means)."""
        both_f32 = scalar_type(self.a.type) == f32 and scalar_type(self.b.type) == f32
        return not both_f32 or self.precision == "tf32"


def _same_dot_parent(parent: Encoding, result: Encoding) -> bool:
    """Triton's parent test: equal encodings, or AMD WMMA encodings equal but for their
    CGA (multi-CTA operands have their own)."""
    if parent == result:
        return True
    return (
        isinstance(parent, AmdWmmaEncoding)
        and isinstance(result, AmdWmmaEncoding)
        and replace(parent, cga=result.cga) == result
    )


def check_dot_operand_encodings(a: Attribute, b: Attribute, d: Attribute) -> None:
    """Triton's ``tt.dot`` encoding rules, in its order and with its messages
    (``DotOp::inferReturnTypes``'s ``inferDotOpEncoding``, then ``DotOp::verify`` and
    ``verifyDotOpEncodingCompatibility``): each operand is a ``#ttg.dot_op`` of the
    result's encoding with its own ``opIdx`` (a Hopper MMA result wants shared operands
    or a register A), the two share a ``kWidth`` and bit width, and MMA encodings agree
    on their version."""
    a_encoding, b_encoding, result = encoding_of(a), encoding_of(b), encoding_of(d)
    if a_encoding is not None and b_encoding is not None and result is not None:
        for index, operand in ((0, a_encoding), (1, b_encoding)):
            if isinstance(result, NvidiaMmaEncoding) and result.is_hopper:
                register_a = (
                    index == 0
                    and isinstance(operand, DotOperandEncoding)
                    and operand.op_idx == 0
                    and isinstance(operand.parent, NvidiaMmaEncoding)
                )
                if not (isinstance(operand, NVMMASharedEncoding | SharedLinearEncoding) or register_a):
                    raise VerifyException("unexpected operand layout for NvidiaMmaEncodingAttr v3")
            elif isinstance(operand, DotOperandEncoding):
                if operand.op_idx != index:
                    raise VerifyException("Wrong opIdx")
                if not _same_dot_parent(operand.parent, result):
                    raise VerifyException("Incompatible parent encoding")
            else:
                raise VerifyException("Dot's a/b's encoding should be of DotOperandEncodingAttr")
    if bit_width(scalar_type(a)) != bit_width(scalar_type(b)):
        raise VerifyException("element types of operands A and B must have same bit width")
    if a_encoding is None and b_encoding is None:
        return
    if a_encoding is None or b_encoding is None:
        raise VerifyException("mismatching encoding between A and B operands")
    if result is None:
        raise VerifyException("miss encoding of C operand")
    a_dot = a_encoding if isinstance(a_encoding, DotOperandEncoding) else None
    b_dot = b_encoding if isinstance(b_encoding, DotOperandEncoding) else None
    if a_dot is None and b_dot is None:
        return
    if a_dot is None or b_dot is None:
        raise VerifyException("mismatching encoding between A and B operands")
    if a_dot.k_width != b_dot.k_width:
        raise VerifyException("mismatching kWidth between A and B operands")
    mmas = [e for e in (a_dot.parent, b_dot.parent, result) if isinstance(e, NvidiaMmaEncoding)]
    if mmas:
        if len(mmas) != 3:
            raise VerifyException("mismatching MMA encoding")
        if len({mma.version_major for mma in mmas}) != 1:
            raise VerifyException("mismatched MMA version.")
    wmma = AmdWmmaEncoding
    if isinstance(a_dot.parent, wmma) and isinstance(b_dot.parent, wmma) and isinstance(result, wmma):
        _check_wmma_ctas(a_dot, b_dot, result)


def _operand_cga(operand: DotOperandEncoding) -> LinearLayout:
    """How a dot operand's tiles lie over the CTAs (Triton's
    ``DotOperandEncodingAttr::getCGALayout``): its parent's, with the K dimension (the
    last of A, the second last of B) dropped from every block basis."""
    assert isinstance(operand.parent, AmdWmmaEncoding)
    layout = operand.parent.cga.linear_layout
    names = layout.get_out_dim_names()
    k = len(names) - 1 if operand.op_idx == 0 else len(names) - 2
    bases = {
        name: [[0 if (name == "block" and i == k) else v for i, v in enumerate(b)] for b in dim_bases]
        for name, dim_bases in layout.bases
    }
    sizes = [1 if i == k else layout.get_out_dim_size(name) for i, name in enumerate(names)]
    return LinearLayout.from_bases(bases, names, sizes, require_surjective=True)


def _check_wmma_ctas(a: DotOperandEncoding, b: DotOperandEncoding, result: AmdWmmaEncoding) -> None:
    """Triton's multi-CTA rule for WMMA dots: the accumulator's CTAs hold distinct tiles,
    A is split over CTAs as the accumulator but broadcast along N, B along M."""
    accumulator = result.cga.linear_layout
    if not accumulator.is_invertible():
        raise VerifyException("Accumulator CGA layout should not broadcast or have repeated rows")
    rank = result.cga.rank
    m, n = f"dim{rank - 2}", f"dim{rank - 1}"
    if _operand_cga(a) != accumulator.resize_out_dim(n, 1):
        raise VerifyException("Incompatible CGA layout for operand 0")
    if _operand_cga(b) != accumulator.resize_out_dim(m, 1):
        raise VerifyException("Incompatible CGA layout for operand 1")


def check_dot_types(
    op_name: str,
    a: Attribute,
    b: Attribute,
    d: Attribute,
    unpacked: tuple[tuple[int, int], tuple[int, int]] = ((1, 1), (1, 1)),
) -> None:
    """Raise unless ``a [.., M, K] * b [.., K, N]`` gives ``d [.., M, N]``.  ``unpacked``
    scales each operand's two last dims (packed fp4 holds two values per element)."""
    assert isinstance(a, TensorType | MemDescType) and isinstance(b, TensorType | MemDescType)
    assert isinstance(d, TensorType)
    (m, k), (k2, n) = (
        tuple(size * factor for size, factor in zip(operand.get_shape()[-2:], factors))
        for operand, factors in ((a, unpacked[0]), (b, unpacked[1]))
    )
    if k != k2 or tuple(d.get_shape()[-2:]) != (m, n):
        raise VerifyException(f"{op_name}: operand shapes do not multiply to the result's")


@irdl_op_definition
class ReduceOp(TTOp):
    """``"tt.reduce"(%x) <{axis = 1 : i32}> ({ ^bb0(%a: f32, %b: f32): ... }) : (...) -> ...``

    Combines the elements along ``axis`` with the region; the results take the
    operands' encodings sliced at ``axis``.
    """

    name = "tt.reduce"

    srcs = var_operand_def(TensorType)
    axis = prop_def(IntegerAttr[I32])
    combine_op = region_def("single_block")
    result = var_result_def()

    traits = traits_def(Pure(), InferredLayout())

    def __init__(self, srcs: Sequence[SSAValue], axis: int, combine: Region, result_types: Sequence[Attribute]) -> None:
        super().__init__(
            operands=[srcs],
            result_types=[result_types],
            properties={"axis": IntegerAttr(axis, i32)},
            regions=[combine],
        )

    @property
    def combine_block(self) -> Block:
        return self.combine_op.block

    def infer_result_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return reduce_encoding(encoding, self.axis.value.data)

    def infer_operand_encoding(self, encoding: DistributedEncoding) -> DistributedEncoding:
        return reduce_source_encoding(encoding, self.axis.value.data)

    def verify_(self) -> None:
        axis = self.axis.value.data
        if len(self.srcs) != len(self.result) or not self.srcs:
            raise VerifyException("tt.reduce: there must be one result per operand, and at least one")
        for src, result in zip(self.srcs, self.result):
            shape = list(tensor_type(src).get_shape())
            if not 0 <= axis < len(shape):
                raise VerifyException(f"tt.reduce: axis {axis} is out of range for rank {len(shape)}")
            reduced = shape[:axis] + shape[axis + 1 :]
            result_shape = list(result.type.get_shape()) if isinstance(result.type, TensorType) else []
            if result_shape != reduced:
                raise VerifyException(f"tt.reduce: the result shape must drop dim {axis} of the operand's")
            if isinstance(result.type, TensorType):
                check_inferred_encoding(self.name, src.type, result.type, self.infer_result_encoding, exact=True)


class CombineReturnOp(TTOp):
    """``$result attr-dict : type($result)``: the values a combining region gives back."""

    result = var_operand_def()

    assembly_format = "$result attr-dict `:` type($result)"

    def __init__(self, values: Sequence[SSAValue]) -> None:
        super().__init__(operands=[values])


@irdl_op_definition
class ReduceReturnOp(CombineReturnOp):
    """``tt.reduce.return %s : f32``: the combined value of a ``tt.reduce`` region."""

    name = "tt.reduce.return"

    traits = traits_def(IsTerminator(), HasParent(ReduceOp))
