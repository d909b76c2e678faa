"""``nvvm.stmatrix`` and its attributes, with upstream MLIR's syntax and verifier, and the
ops that turn a byte of a shared-memory view into the ``!llvm.ptr<3>`` it takes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xdsl.dialects import arith, llvm
from xdsl.dialects.builtin import I32, IndexType, IntAttr, i64
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Operation, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    var_operand_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from layoutdialect.dialect.upstream.memref.ops import ExtractAlignedPointerAsIndexOp
from layoutdialect.dialect.upstream.nvgpu.ops import SHARED_MEMORY_SPACE

__all__ = [
    "AngleBracketedEnum",
    "LdStMatrixEltType",
    "LdStMatrixEltTypeAttr",
    "LdStMatrixShapeAttr",
    "MMALayout",
    "MMALayoutAttr",
    "StMatrixOp",
    "shared_pointer",
]


class MMALayout(StrEnum):
    """How a matrix sits in memory: ``row`` major, or ``col`` major (``.trans``)."""

    ROW = "row"
    COL = "col"


class AngleBracketedEnum:
    """Mixed in before ``EnumAttribute[E]``: the case in angle brackets, ``#nvvm.name<case>``,
    as MLIR's ``EnumAttr`` with ``assemblyFormat = "`<` $value `>`"`` writes it."""

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> Any:
        with parser.in_angle_brackets():
            return super().parse_parameter(parser)  # type: ignore[misc]

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            super().print_parameter(printer)  # type: ignore[misc]


@irdl_attr_definition
class MMALayoutAttr(AngleBracketedEnum, EnumAttribute[MMALayout]):
    """``#nvvm.mma_layout<row>``."""

    name = "nvvm.mma_layout"


class LdStMatrixEltType(StrEnum):
    """The PTX element type of ``ldmatrix``/``stmatrix``: ``.b16``, ``.b8``, or the
    ``.b8x16`` forms of the 6- and 4-bit packed loads."""

    B16 = "b16"
    B8 = "b8"
    B8X16_B6X16_P32 = "b8x16.b6x16_p32"
    B8X16_B4X16_P64 = "b8x16.b4x16_p64"


@irdl_attr_definition
class LdStMatrixEltTypeAttr(AngleBracketedEnum, EnumAttribute[LdStMatrixEltType]):
    """``#nvvm.ld_st_matrix_elt_type<b16>``."""

    name = "nvvm.ld_st_matrix_elt_type"


@irdl_attr_definition
class LdStMatrixShapeAttr(ParametrizedAttribute):
    """``#nvvm.ld_st_matrix_shape<m = 8, n = 8>``: the shape of one matrix (``.m8n8``, ``.m16n8``)."""

    name = "nvvm.ld_st_matrix_shape"

    m: IntAttr
    n: IntAttr

    def __init__(self, m: int, n: int) -> None:
        super().__init__(IntAttr(m), IntAttr(n))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[IntAttr, IntAttr]:
        """``<m = 8, n = 8>``, the keys in any order, as MLIR's ``struct(params)`` reads them."""
        values: dict[str, int] = {}

        def parse_entry() -> None:
            start = parser.pos
            key = parser.parse_identifier()
            if key not in ("m", "n") or key in values:
                parser.raise_error(f"duplicate or unknown struct parameter name: {key}", start, parser.pos)
            parser.parse_punctuation("=")
            values[key] = parser.parse_integer(allow_boolean=False)

        with parser.in_angle_brackets():
            parser.parse_comma_separated_list(parser.Delimiter.NONE, parse_entry)
        for key in ("m", "n"):
            if key not in values:
                parser.raise_error(f"struct is missing required parameter: {key}")
        return IntAttr(values["m"]), IntAttr(values["n"])

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<m = {self.m.data}, n = {self.n.data}>")


@irdl_op_definition
class StMatrixOp(IRDLOperation):
    """PTX ``stmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}.shared.b16``: a warp stores one
    8x8 matrix of 16-bit elements per source register to shared memory.

        nvvm.stmatrix %ptr, %r0, %r1 {eltType = #nvvm.ld_st_matrix_elt_type<b16>,
          layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
          : !llvm.ptr<3>, i32, i32

    It is ``nvgpu.ldmatrix`` backwards: lane ``l``'s ``%ptr`` is the address of row
    ``l % 8`` of matrix ``l / 8`` (16 contiguous bytes), and lane ``t``'s source ``j`` goes
    to bytes ``4 (t % 4)`` to ``4 (t % 4) + 3`` of row ``t / 4`` of matrix ``j``; with
    ``#nvvm.mma_layout<col>`` (``.trans``) its low and high halves go to (row ``2 (t % 4)``,
    column ``t / 4``) and (row ``2 (t % 4) + 1``, column ``t / 4``).
    """

    name = "nvvm.stmatrix"

    ptr = operand_def(llvm.LLVMPointerType)
    sources = var_operand_def(I32)
    elt_type = prop_def(LdStMatrixEltTypeAttr, prop_name="eltType")
    layout = prop_def(MMALayoutAttr)
    shape = prop_def(LdStMatrixShapeAttr)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$ptr `,` $sources attr-dict `:` type(operands)"

    def __init__(self, pointer: SSAValue, sources: Sequence[SSAValue], transpose: bool) -> None:
        """The ``.m8n8 .b16`` store of ``len(sources)`` matrices (``.trans`` with ``transpose``)."""
        super().__init__(
            operands=[pointer, sources],
            properties={
                "eltType": LdStMatrixEltTypeAttr(LdStMatrixEltType.B16),
                "layout": MMALayoutAttr(MMALayout.COL if transpose else MMALayout.ROW),
                "shape": LdStMatrixShapeAttr(8, 8),
            },
        )

    @property
    def transposed(self) -> bool:
        """Whether this is the ``.trans`` form (``#nvvm.mma_layout<col>``)."""
        return self.layout.data is MMALayout.COL

    def verify_(self) -> None:
        """The ODS constraint on ``$ptr``, then upstream's ``StMatrixOp::verify``, with its messages."""
        pointer_type = self.ptr.type
        assert isinstance(pointer_type, llvm.LLVMPointerType)
        space = pointer_type.addr_space
        if not isinstance(space, IntAttr) or space.data != SHARED_MEMORY_SPACE:
            raise VerifyException(
                f"'{self.name}' op operand #0 must be LLVM pointer in address space {SHARED_MEMORY_SPACE}, "
                f"but got '{pointer_type}'"
            )
        if len(self.sources) not in (1, 2, 4):
            raise VerifyException(f"'{self.name}' op expected num attribute to be 1, 2 or 4")
        m, n = self.shape.m.data, self.shape.n.data
        element = self.elt_type.data
        if (m, n) == (8, 8):
            if element is not LdStMatrixEltType.B16:
                raise VerifyException(f"'{self.name}' op expected element type to be B16 for 8x8 matrix")
        elif (m, n) == (16, 8):
            if element is not LdStMatrixEltType.B8:
                raise VerifyException(f"'{self.name}' op expected element type to be B8 for 16x8 matrix")
            if self.layout.data is not MMALayout.COL:
                raise VerifyException(f"'{self.name}' op expected layout to be col for 16x8 matrix")
        else:
            raise VerifyException(f"'{self.name}' op expected shape to be 8x8 or 16x8")


def shared_pointer(base: SSAValue, byte_offset: SSAValue) -> list[Operation]:
    """The ops computing the ``!llvm.ptr<3>`` of byte ``byte_offset`` (an ``index``) of a
    shared-memory view, the address ``nvvm.stmatrix`` takes; the pointer is the result of
    the last op.

    ``base`` is the view (a ``memref<... , 3>``), or the ``index`` that
    ``memref.extract_aligned_pointer_as_index`` already made of it, so that many pointers
    share one extraction::

        %intptr = memref.extract_aligned_pointer_as_index %view : memref<1024xi8, 3> -> index
        %addr = arith.addi %intptr, %offset : index
        %addr_i64 = arith.index_cast %addr : index to i64
        %ptr = llvm.inttoptr %addr_i64 : i64 to !llvm.ptr<3>
    """
    ops: list[Operation] = []
    if not isinstance(base.type, IndexType):
        ops.append(ExtractAlignedPointerAsIndexOp(base))
        base = _named(ops[-1], "intptr")
    ops.append(arith.AddiOp(base, byte_offset))
    address = _named(ops[-1], "addr")
    ops.append(arith.IndexCastOp(address, i64))
    address = _named(ops[-1], "addr_i64")
    pointer_type = llvm.LLVMPointerType(IntAttr(SHARED_MEMORY_SPACE))
    ops.append(llvm.IntToPtrOp.build(operands=[address], result_types=[pointer_type]))
    _named(ops[-1], "ptr")
    return ops


def _named(op: Operation, name: str) -> SSAValue:
    op.results[0].name_hint = name
    return op.results[0]
