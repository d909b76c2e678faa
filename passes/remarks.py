"""Remarks: what a pass left as it was, and why, located at the op."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation

from layoutdialect.dialect.diagnostics import SourceLocation

__all__ = ["Remark"]


@dataclass(frozen=True)
class Remark:
    """A note on an op that a pass left (partly) as it was; ``str()`` is
    ``file:line:col: remark: message``."""

    op: Operation
    message: str

    def __str__(self) -> str:
        location = self.op.location
        if isinstance(location, FileLineColLoc):
            where = SourceLocation(location.filename.data, location.line.data, location.column.data)
            return where.render(self.message, severity="remark")
        return f"<unknown>: remark: '{self.op.name}' op {self.message}"
