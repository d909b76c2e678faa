"""Where an op is: its place in the IR text it was read from, the kernel's source position
its ``loc(...)`` names, and errors located there."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from xdsl.dialects.builtin import CallSiteLoc, FileLineColLoc, FusedLoc, LocationAttr, NameLoc
from xdsl.ir import Operation

from layoutdialect.ir.diagnostics import IRError, SourceLocation

__all__ = ["located_error", "op_location", "record_op_position", "source_position", "text_line"]

_IR_POSITIONS: WeakKeyDictionary[Operation, SourceLocation] = WeakKeyDictionary()
"""Where each parsed op's text starts in the IR file, for diagnostics: an op's own
``location`` is the kernel's source position when the text gave one."""


def record_op_position(op: Operation, position: SourceLocation) -> None:
    """Remember that ``op``'s text starts at ``position`` of the IR it was read from."""
    _IR_POSITIONS[op] = position


def text_line(text: str, line: int) -> str | None:
    """Line ``line`` (from 1) of ``text``, or ``None`` past its ends."""
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else None


def op_location(op: Operation) -> SourceLocation | None:
    """Where ``op``'s text starts in the IR, when the parser recorded it."""
    if (position := _IR_POSITIONS.get(op)) is not None:
        return position
    location = op.location
    if isinstance(location, FileLineColLoc):
        return SourceLocation(location.filename.data, location.line.data, location.column.data)
    return None


def _file_position(location: LocationAttr) -> FileLineColLoc | None:
    """The file position a location comes down to: a call site's callee, a fused
    location's first, a named location's own."""
    if isinstance(location, FileLineColLoc):
        return location
    if isinstance(location, NameLoc) and isinstance(location.location, LocationAttr):
        return _file_position(location.location)
    if isinstance(location, CallSiteLoc):
        return _file_position(location.callee)
    if isinstance(location, FusedLoc):
        return next((found for inner in location.locations if (found := _file_position(inner)) is not None), None)
    return None


def source_position(op: Operation) -> str | None:
    """The kernel's source position of ``op`` (``kernel.py:17:26``, with the name Triton
    gave the value: ``kernel.py:17:26 'acc'``), when its location names one other than
    its place in the IR."""
    location = op.location
    found = _file_position(location)
    if found is None:
        return None
    text = f"{found.filename.data}:{found.line.data}:{found.column.data}"
    if text == str(op_location(op)):
        return None
    return f"{text} '{location.desc.data}'" if isinstance(location, NameLoc) else text


def located_error(op: Operation, message: str, source: str | None = None, line_offset: int = 0) -> IRError:
    """``IRError`` at ``op``'s location (with its source line when ``source`` is given)."""
    where = op_location(op)
    if (origin := source_position(op)) is not None:
        message = f"{message} (from {origin})"
    if where is not None:
        return IRError(where, message, text_line(source, where.line - line_offset) if source is not None else None)
    return IRError(SourceLocation("<unknown>", 0, 0), f"'{op.name}' op {message}")
