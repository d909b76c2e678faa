"""Plain text for the reports: tables with columns padded to their widest cell, and counts."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["counted", "table_lines"]


def table_lines(rows: Sequence[Sequence[str]]) -> list[str]:
    """Each row as one line, cells left-aligned in columns two spaces apart."""
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]


def counted(number: float, noun: str) -> str:
    """``1 barrier``, ``4 selects``, ``0.5 shuffles``: the number and the noun in agreement."""
    shown = int(number) if float(number).is_integer() else number
    return f"{shown} {noun}{'' if shown == 1 else 's'}"
