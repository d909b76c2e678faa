"""Triton's ``tt`` enums as the IR spells them (``RMWOp``, ``MemSemantic``, ``MemSyncScope``,
``ProgramIDDim``, ``PropagateNan``): each keyword and the ``i32`` a property stores, with
the parser, printer and check every op that carries one shares.  It imports no dialect, so
the ``tt``, ``ttg``, ``ttng`` and ``amdg`` ops can all use it."""

from __future__ import annotations

from collections.abc import Mapping

from xdsl.dialects.builtin import IntegerAttr, i32
from xdsl.ir import Attribute, Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

__all__ = [
    "INPUT_PRECISIONS",
    "MEM_SEMANTICS",
    "MEM_SYNC_SCOPES",
    "PROGRAM_DIMS",
    "PROPAGATE_NAN",
    "RMW_OPS",
    "ROUNDING_MODES",
    "SCALE_DOT_ELEM_TYPES",
    "check_enum",
    "enum_keyword",
    "parse_enum",
]

RMW_OPS = {"and": 1, "or": 2, "xor": 3, "add": 4, "fadd": 5, "max": 6, "min": 7, "umax": 8, "umin": 9, "exch": 10}
"""Triton's ``RMWOp``: the keyword of each read-modify-write and its ``i32`` value."""

MEM_SEMANTICS = {"relaxed": 1, "acquire": 2, "release": 3, "acq_rel": 4}
"""Triton's ``MemSemantic``: the memory ordering of an atomic."""

MEM_SYNC_SCOPES = {"gpu": 1, "cta": 2, "sys": 3}
"""Triton's ``MemSyncScope``: which threads an atomic's ordering is with."""

ROUNDING_MODES = {"rtz": 0, "rtne": 1}
"""Triton's ``RoundingMode``: how ``tt.fp_to_fp`` rounds a downcast."""

INPUT_PRECISIONS = {"tf32": 0, "tf32x3": 1, "ieee": 2, "bf16x3": 3, "bf16x6": 4}
"""Triton's ``InputPrecision``: how ``tt.dot`` multiplies f32 operands (``ieee``, the
default, is never printed)."""

SCALE_DOT_ELEM_TYPES = {"e4m3": 0, "e5m2": 1, "e2m3": 2, "e3m2": 3, "e2m1": 4, "bf16": 5, "fp16": 6}
"""Triton's ``ScaleDotElemType``: the format of a scaled dot's operand (``e2m1`` packs two
values in each ``i8``)."""

PROGRAM_DIMS = {"x": 0, "y": 1, "z": 2}
"""Triton's ``ProgramIDDim``: the launch-grid axes."""

PROPAGATE_NAN = {"none": 0, "all": 0xFFFF}
"""Triton's ``PropagateNan``: whether ``tt.clampf`` returns NaN for a NaN operand."""


def parse_enum(parser: Parser, op_name: str, attribute: str, cases: Mapping[str, int]) -> IntegerAttr:
    """A keyword of ``cases`` (or the keyword as a string), as the ``i32`` integer it stands for."""
    start = parser.pos
    keyword = parser.parse_optional_identifier() or parser.parse_optional_str_literal()
    if keyword is None or keyword not in cases:
        parser.raise_error(
            f"custom op '{op_name}' expected string or keyword containing one of the following enum values for "
            f"attribute '{attribute}' [{', '.join(cases)}]",
            start,
            parser.pos,
        )
    return IntegerAttr(cases[keyword], i32)


def enum_keyword(cases: Mapping[str, int], value: Attribute) -> str:
    """The keyword of an enum value; one no case has prints as its number."""
    assert isinstance(value, IntegerAttr)
    return next((k for k, v in cases.items() if v == value.value.data), str(value.value.data))


def check_enum(op: Operation, attribute: str, cases: Mapping[str, int]) -> None:
    """The op's ``i32`` property ``attribute`` is one of ``cases``."""
    value = op.properties[attribute]
    assert isinstance(value, IntegerAttr)
    if value.value.data not in cases.values():
        raise VerifyException(
            f"'{op.name}' op attribute '{attribute}' failed to satisfy constraint: allowed 32-bit signless integer "
            f"cases: {', '.join(map(str, cases.values()))}"
        )
