"""``ttng.packed_arith``: elementwise arithmetic on packed registers (Blackwell's ``add.f32x2``,
``fma.rn.bf16x2``, ``mul.e4m3x4.e2m1x4.e5m2x4`` ...).

The PTX instruction follows from the tensors' element types, after Triton's signature
table: two 32-bit lanes (``f32x2``) or 16-bit ones (``f16x2``, ``bf16x2``), mixed
precisions, and four 8-bit lanes (``e4m3x4``, ``e5m2x4``, ``ue8m0x4``) or fp4 ones
(``e2m1x4``, two per ``i8``, low nibble first along the one dim the ``i8`` operand halves).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import (
    I32,
    BFloat16Type,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float8E8M0FNUType,
    Float16Type,
    Float32Type,
    FunctionType,
    IntegerAttr,
    IntegerType,
    TensorType,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import irdl_op_definition, prop_def, result_def, traits_def, var_operand_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.ttg.attributes import DistributedEncodingAttr
from layoutdialect.dialect.ttg.tensors import same_layout, tensor_type
from layoutdialect.dialect.ttng.ops import TTNGOp
from layoutdialect.encodings import EncodingError
from layoutdialect.encodings.inference import fp4_to_fp_encoding
from layoutdialect.encodings.layout_properties import unique_elements_per_thread
from layoutdialect.f2 import LinearLayoutError

__all__ = ["ATTRIBUTES", "OPS", "PACKED_ARITH_KINDS", "PackedArithOp", "PackedType", "packed_type"]

PACKED_ARITH_KINDS = {"add": 0, "sub": 1, "mul": 2, "fma": 3, "min": 4, "max": 5}
"""Triton's ``PackedArithOpKind``: the keyword of each operation and its ``i32`` value."""


@dataclass(frozen=True)
class PackedType:
    """How a register packs an element type (Triton's ``PackedArithTypeInfo``): its PTX
    suffix, the values per register and the letter the signature table names it by."""

    suffix: str
    lanes: int
    kind: str

    @property
    def is_fp4(self) -> bool:
        return self.suffix == "e2m1x4"


_PACKED_TYPES: dict[type[Attribute], PackedType] = {
    Float32Type: PackedType("f32x2", 2, "f"),
    Float16Type: PackedType("f16x2", 2, "h"),
    BFloat16Type: PackedType("bf16x2", 2, "b"),
    Float8E5M2Type: PackedType("e5m2x4", 4, "5"),
    Float8E4M3FNType: PackedType("e4m3x4", 4, "4"),
    IntegerType: PackedType("e2m1x4", 4, "2"),
    Float8E8M0FNUType: PackedType("ue8m0x4", 4, "u"),
}

OPERAND_ELEMENTS = "packed arithmetic operand element"
RESULT_ELEMENTS = "packed arithmetic result element"


def packed_type(element: Attribute) -> PackedType | None:
    """How ``element`` packs, or ``None`` for a type no packed instruction reads (only
    ``i8`` of the integers: it holds two fp4 values)."""
    if isinstance(element, IntegerType) and element.width.data != 8:
        return None
    return _PACKED_TYPES.get(type(element))


_HALF = "hb"
_X2 = "fhb"
_ALTERNATE = "542u"
_ALTERNATE_RESULT = "54"

_SIGNATURES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("add sub mul", _X2, ("=", "=")),
    ("fma", _X2, ("=", "=", "=")),
    ("min max", _HALF, ("=", "=")),
    ("add sub", "f", (_HALF, "f")),
    ("add sub", "h", ("f", "f")),
    ("add sub", "b", ("f", "f")),
    ("mul", "h", ("f", "f")),
    ("mul", "b", ("f", "f")),
    ("mul", _HALF, ("=", "!")),
    ("fma", "f", (_HALF, "f", "f")),
    ("add sub", _ALTERNATE_RESULT, (_ALTERNATE, "=")),
    ("mul", _ALTERNATE_RESULT, (_ALTERNATE, _ALTERNATE)),
    ("fma", _ALTERNATE_RESULT, (_ALTERNATE, _ALTERNATE, "=")),
)
"""Triton's signature table: the operations, the result's letters and each operand's
(``=``: the result's type, ``!``: another half type)."""


def _matches(letters: str, packed: PackedType, result: PackedType) -> bool:
    if letters == "=":
        return packed == result
    if letters == "!":
        return packed != result and packed.kind in _HALF
    return packed.kind in letters


def has_signature(kind: str, result: PackedType, operands: Sequence[PackedType]) -> bool:
    """Whether a packed instruction computes ``kind`` from ``operands`` into ``result``
    (Triton's ``resolvePackedArithInstructionSpec``)."""
    return any(
        kind in operations.split()
        and _matches(result_letters, result, result)
        and all(_matches(letters, packed, result) for packed, letters in zip(operands, operand_letters))
        for operations, result_letters, operand_letters in _SIGNATURES
    )


def fp4_axis(result_shape: Sequence[int], operand_shapes: Sequence[Sequence[int]]) -> int | None:
    """The one dim every ``i8`` (fp4) operand halves against the result (Triton's
    ``inferPackedArithFp4Axis``), or ``None`` when they do not agree on one."""
    axis: int | None = None
    for shape in operand_shapes:
        if len(shape) != len(result_shape):
            return None
        differing = next((i for i, (s, r) in enumerate(zip(shape, result_shape)) if s != r), None)
        if differing is None:
            return None
        if 2 * shape[differing] != result_shape[differing] or list(shape[differing + 1 :]) != list(
            result_shape[differing + 1 :]
        ):
            return None
        if axis is not None and axis != differing:
            return None
        axis = differing
    return axis


@irdl_op_definition
class PackedArithOp(TTNGOp):
    """``%r = ttng.packed_arith add %a, %b : (tensor<128x2xf32, #b>, tensor<128x2xf32, #b>) -> tensor<128x2xf32, #b>``

    Elementwise ``add``, ``sub``, ``mul``, ``fma``, ``min`` or ``max`` with one packed PTX
    instruction per register; operands have the result's shape and an equivalent layout,
    but an fp4 (``i8``) one, which halves one dim.
    """

    name = "ttng.packed_arith"

    op_kind = prop_def(IntegerAttr[I32])
    operands_ = var_operand_def(TensorType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(self, kind: str, operands: Sequence[SSAValue], result_type: TensorType[Attribute]) -> None:
        super().__init__(
            operands=[operands],
            result_types=[result_type],
            properties={"op_kind": IntegerAttr(PACKED_ARITH_KINDS[kind], i32)},
        )

    @property
    def kind(self) -> str:
        """The operation's keyword (its number if it is no ``PackedArithOpKind``)."""
        value = self.op_kind.value.data
        return next((k for k, v in PACKED_ARITH_KINDS.items() if v == value), str(value))

    @classmethod
    def parse(cls, parser: Parser) -> PackedArithOp:
        start = parser.pos
        kind = parser.parse_optional_identifier() or parser.parse_optional_str_literal()
        if kind not in PACKED_ARITH_KINDS:
            parser.raise_error(
                f"custom op '{cls.name}' expected string or keyword containing one of the following enum values for "
                f"attribute 'op_kind' [{', '.join(PACKED_ARITH_KINDS)}]",
                start,
                parser.pos,
            )
        names = parser.parse_optional_undelimited_comma_separated_list(
            parser.parse_optional_unresolved_operand, parser.parse_unresolved_operand
        )
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types_start = parser.pos
        function = parser.parse_function_type()
        operand_types, result_types = function.inputs.data, function.outputs.data
        if len(operand_types) != len(names or []):
            parser.raise_error(
                f"{len(names or [])} operands present, but expected {len(operand_types)}", types_start, parser.pos
            )
        if len(result_types) != 1:
            parser.raise_error("expected one result type", types_start, parser.pos)
        operands = [parser.resolve_operand(n, t) for n, t in zip(names or [], operand_types)]
        op = cls.create(
            operands=operands,
            result_types=[result_types[0]],
            properties={"op_kind": IntegerAttr(PACKED_ARITH_KINDS[kind], i32)},
        )
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.kind}")
        if self.operands_:
            printer.print_string(" ")
            printer.print_list(self.operands_, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(FunctionType.from_lists([o.type for o in self.operands_], [self.result.type]))

    def verify_(self) -> None:
        """Triton's element type constraints and ``PackedArithOp::verify``."""
        if self.kind not in PACKED_ARITH_KINDS:
            raise VerifyException(
                f"invalid properties {{op_kind = {self.op_kind}}} for op {self.name}: Invalid attribute `op_kind` in "
                f"property conversion: {self.op_kind}"
            )
        operand_types = [tensor_type(o) for o in self.operands_]
        result_type = tensor_type(self.result)
        for index, type_ in enumerate(operand_types):
            if packed_type(type_.element_type) is None:
                raise VerifyException(
                    f"'{self.name}' op operand #{index} must be variadic of ranked tensor of {OPERAND_ELEMENTS} "
                    f"values, but got '{type_}'"
                )
        result = packed_type(result_type.element_type)
        if result is None or result.kind == "2":
            raise VerifyException(
                f"'{self.name}' op result #0 must be ranked tensor of {RESULT_ELEMENTS} values, but got '{result_type}'"
            )
        expected = 3 if self.kind == "fma" else 2
        if len(operand_types) != expected:
            raise VerifyException(
                f"'{self.name}' op {self.kind} expects {expected} operands but got {len(operand_types)}"
            )
        if not isinstance(result_type.encoding, DistributedEncodingAttr):
            raise VerifyException(f"'{self.name}' op requires a distributed tensor layout")
        packed = [packed_type(t.element_type) for t in operand_types]
        operands = [p for p in packed if p is not None]
        if not has_signature(self.kind, result, operands):
            raise VerifyException(
                f"'{self.name}' op unsupported {self.kind} signature {result.suffix} <- "
                f"({', '.join(p.suffix for p in operands)})"
            )
        self._verify_layouts(operand_types, operands, result_type, result)

    def _verify_layouts(
        self,
        operand_types: Sequence[TensorType[Attribute]],
        operands: Sequence[PackedType],
        result_type: TensorType[Attribute],
        result: PackedType,
    ) -> None:
        """Whole registers of result lanes per thread, and operands laid out as the result
        (an fp4 one as the operand of a ``ttg.fp4_to_fp`` giving the result's layout)."""
        assert isinstance(result_type.encoding, DistributedEncodingAttr)
        encoding = result_type.encoding.data
        shape = list(result_type.get_shape())
        fp4_shapes = [list(t.get_shape()) for t, p in zip(operand_types, operands) if p.is_fp4]
        axis = fp4_axis(shape, fp4_shapes)
        if axis is None and fp4_shapes:
            raise VerifyException(
                f"'{self.name}' op requires every fp4 operand to have the result shape with the same single "
                "dimension halved"
            )
        registers = unique_elements_per_thread(encoding, shape)
        if registers < result.lanes or registers % result.lanes:
            raise VerifyException(
                f"'{self.name}' op result layout must provide a multiple of {result.lanes} unique elements per thread"
            )
        for index, (type_, packed) in enumerate(zip(operand_types, operands)):
            operand_encoding = type_.encoding
            if packed.is_fp4:
                assert axis is not None
                if not _unpacks_to(operand_encoding, list(type_.get_shape()), axis, result_type.encoding, shape):
                    raise VerifyException(
                        f"'{self.name}' op fp4 operand {index} must have a layout compatible with the result"
                    )
                continue
            if list(type_.get_shape()) != shape:
                raise VerifyException(
                    f"'{self.name}' op operand {index} must have the result shape {', '.join(map(str, shape))}, "
                    f"but got {', '.join(map(str, type_.get_shape()))}"
                )
            if not _equivalent(operand_encoding, result_type.encoding, shape):
                raise VerifyException(f"'{self.name}' op operand {index} must have a layout equivalent to the result")


def _equivalent(a: Attribute, b: DistributedEncodingAttr[Any], shape: list[int]) -> bool:
    """Triton's ``areLayoutsEquivalent``: ``a`` is a register layout with ``b``'s linear
    layout at ``shape`` (a shared one never is)."""
    if not isinstance(a, DistributedEncodingAttr):
        return False
    try:
        return same_layout(a.data, b.data, tuple(shape))
    except (EncodingError, LinearLayoutError):
        return False


def _unpacks_to(
    packed: Attribute, packed_shape: list[int], axis: int, result: DistributedEncodingAttr[Any], shape: list[int]
) -> bool:
    """Whether unpacking fp4 pairs along ``axis`` from a tensor in ``packed`` (Triton's
    forward ``inferFp4ToFpOpEncoding``) gives a layout equivalent to ``result``'s."""
    if not isinstance(packed, DistributedEncodingAttr):
        return False
    try:
        unpacked = fp4_to_fp_encoding(packed.data, packed_shape, axis)
        return same_layout(unpacked, result.data, tuple(shape))
    except (EncodingError, LinearLayoutError):
        return False


OPS: list[type[Operation]] = [PackedArithOp]
ATTRIBUTES: list[type[Attribute]] = []
