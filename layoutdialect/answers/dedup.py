"""``layout-tool dedup``: the hardware bits that hold copies, and the layout without them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from layoutdialect.analysis.duplicates import DuplicateReport, find_duplicates
from layoutdialect.answers.arguments import LayoutArgument, parse_layout_argument, parse_shape_option

__all__ = ["DedupAnswer", "ask", "dedup_layout"]


def _bases_text(bases: list[tuple[str, list[list[int]]]]) -> str:
    return "{" + ", ".join(f"{name} = {vectors}" for name, vectors in bases) + "}"


@dataclass(frozen=True)
class DedupAnswer:
    argument: LayoutArgument
    report: DuplicateReport

    def text(self) -> str:
        report = self.report
        lines = [f"{self.argument.kind} layout of shape {'x'.join(map(str, self.argument.shape))}"]
        for name in report.layout.get_in_dim_names():
            bits = report.free_bits[name]
            size = report.layout.get_in_dim_size(name)
            if not bits:
                lines.append(f"  {name:<8} {size:>4}: no duplicates")
                continue
            described = []
            for bit in bits:
                kind = "zero basis, a broadcast" if bit in report.zero_bits[name] else "repeats earlier bases"
                described.append(f"bit {bit} ({name} {1 << bit}: {kind})")
            lines.append(f"  {name:<8} {size:>4}: duplicates on " + ", ".join(described))
        if report.has_duplicates:
            lines.append(f"each held element has {report.copies} copies")
        else:
            lines.append("no duplicates: every element is held once")
        if report.unheld:
            lines.append(f"{report.unheld} elements of the tensor are held by no thread")
        lines.append(f"deduplicated layout: {_bases_text(report.deduplicated.bases)}")
        lines.append("map back, each original input bit to the deduplicated input holding the same element:")
        back = report.to_deduplicated
        for name, vectors in back.bases:
            for bit, image in enumerate(vectors):
                parts = [f"{out} {value}" for out, value in zip(back.get_out_dim_names(), image) if value]
                lines.append(f"  {name} {1 << bit} -> {' + '.join(parts) if parts else 'nothing (a copy)'}")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        report = self.report
        return {
            "kind": self.argument.kind,
            "shape": list(self.argument.shape),
            "free_bits": report.free_bits,
            "zero_bits": report.zero_bits,
            "copies": report.copies,
            "unheld_elements": report.unheld,
            "deduplicated": dict(report.deduplicated.bases),
            "to_deduplicated": dict(report.to_deduplicated.bases),
        }


def dedup_layout(argument: LayoutArgument) -> DedupAnswer:
    return DedupAnswer(argument, find_duplicates(argument.layout))


def ask(layout: str, shape: str | None = None) -> DedupAnswer:
    """``layout-tool dedup``: the copies of a layout as written on the command line."""
    return dedup_layout(parse_layout_argument(layout, parse_shape_option(shape)))
