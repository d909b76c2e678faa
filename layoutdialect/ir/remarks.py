"""Remarks: what a pass left as it was, and why, located at the op."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Operation

from layoutdialect.ir.locations import op_location, source_position

__all__ = ["Remark"]


@dataclass(frozen=True)
class Remark:
    """A note on an op that a pass left (partly) as it was; ``str()`` is
    ``file:line:col: remark: message``."""

    op: Operation
    message: str

    def __str__(self) -> str:
        where = op_location(self.op)
        origin = source_position(self.op)
        message = f"{self.message} (from {origin})" if origin is not None else self.message
        if where is not None:
            return where.render(message, severity="remark")
        return f"<unknown>: remark: '{self.op.name}' op {self.message}"
