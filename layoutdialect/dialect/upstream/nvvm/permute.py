"""Upstream MLIR's ``nvvm.prmt``: PTX's byte permute, which picks four of the eight bytes
of two 32-bit registers.

    %r = nvvm.prmt #nvvm.permute_mode<default> %selector, %lo, %hi : i32

In the default mode nibble ``i`` of ``%selector`` names the source of result byte ``i``:
bytes 0-3 are ``%lo``'s, 4-7 are ``%hi``'s, and a set fourth bit replicates that byte's
sign bit instead.  ``0x5410`` thus joins the low halves of ``%lo`` and ``%hi``.  The other
modes take their pattern from the two low bits of ``%selector`` (``f4e`` and ``b4e``
extract four consecutive bytes of the pair; ``rc8``, ``ecl``, ``ecr`` and ``rc16``
replicate or clamp the bytes of ``%lo`` alone, so they take no ``%hi``).
"""

from __future__ import annotations

from xdsl.dialects.builtin import I32, i32
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
)
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from layoutdialect.dialect.upstream.nvvm.ops import AngleBracketedEnum

__all__ = ["PermuteMode", "PermuteModeAttr", "PermuteOp"]


class PermuteMode(StrEnum):
    """PTX ``prmt``'s ``.mode``: ``default`` (no suffix) or one of the six fixed patterns."""

    DEFAULT = "default"
    F4E = "f4e"
    B4E = "b4e"
    RC8 = "rc8"
    ECL = "ecl"
    ECR = "ecr"
    RC16 = "rc16"

    @property
    def takes_two_registers(self) -> bool:
        """Whether the mode reads ``%hi`` (the eight-byte modes) or ``%lo`` alone."""
        return self in (PermuteMode.DEFAULT, PermuteMode.F4E, PermuteMode.B4E)


@irdl_attr_definition
class PermuteModeAttr(AngleBracketedEnum, EnumAttribute[PermuteMode]):
    """``#nvvm.permute_mode<default>``."""

    name = "nvvm.permute_mode"


@irdl_op_definition
class PermuteOp(IRDLOperation):
    """PTX ``prmt.b32{.mode} d, lo, hi, selector``: four bytes picked from ``{hi, lo}``."""

    name = "nvvm.prmt"

    lo = operand_def(I32)
    hi = opt_operand_def(I32)
    selector = operand_def(I32)
    mode = prop_def(PermuteModeAttr)
    res = result_def(I32)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = "qualified($mode) $selector `,` $lo (`,` $hi^)? attr-dict `:` type($res)"

    def __init__(
        self, lo: SSAValue, hi: SSAValue | None, selector: SSAValue, mode: PermuteMode = PermuteMode.DEFAULT
    ) -> None:
        super().__init__(
            operands=[lo, [] if hi is None else [hi], selector],
            properties={"mode": PermuteModeAttr(mode)},
            result_types=[i32],
        )

    def verify_(self) -> None:
        """Upstream's ``PermuteOp::verify``: ``%hi`` exactly for the modes that read it."""
        mode = self.mode.data
        if mode.takes_two_registers and self.hi is None:
            raise VerifyException(f"'{self.name}' op mode '{mode}' requires 'hi' operand.")
        if not mode.takes_two_registers and self.hi is not None:
            raise VerifyException(f"'{self.name}' op mode '{mode}' does not accept 'hi' operand.")
