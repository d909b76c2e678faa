"""``layout-tool cost``: what the layouts of each function of a file make a warp pay, by
the cost model (``layoutdialect.cost``), term by term and op by op.

It reads any module, Triton's own output included, so that two versions of one kernel
(Triton's layouts and ours) are priced by one rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from layoutdialect.answers.arguments import parse_target_override
from layoutdialect.answers.text_table import counted, table_lines
from layoutdialect.cost import TERMS, CostItem, FunctionCost, module_cost
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module
from layoutdialect.ir.source_files import read_source

__all__ = ["CostAnswer", "ask", "format_costs"]

UNIT = "warp instruction issues"
"""The unit of every cost, as the text names it."""


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


EVENT_NOUNS = {
    "instructions": "instruction",
    "shuffles": "shuffle",
    "wavefronts": "wavefront",
    "barriers": "barrier",
    "sectors": "sector",
    "scratch_bytes": "scratch byte",
}


def _what(item: CostItem) -> str:
    """``shared_memory: 12 instructions, 48 wavefronts, 1 barrier``: the detail, then the counts."""
    counts = ", ".join(counted(count, EVENT_NOUNS[event]) for event, count in item.counts.items())
    return f"{item.detail}: {counts}" if item.detail else counts


def format_costs(functions: list[FunctionCost]) -> str:
    """Each function's cost and terms, its registers against the limit, then a table of
    the ops that cost anything, dearest first."""
    if not functions:
        return "no function with a body\n"
    sections = []
    for function in functions:
        fits = "within it" if function.fits_registers else "above it, the compiler must spill or recompute"
        lines = [
            f"@{function.name} on {function.target}: {_number(function.cost)} {UNIT} per warp",
            *[f"  {term:<12} {_number(function.terms[term]):>10}" for term in TERMS],
            f"  registers: {function.registers} per thread at the peak (limit {function.register_limit}: {fits})",
        ]
        if function.assignment is not None:
            found = function.assignment
            lines.insert(
                1,
                f"  assign-layouts ({found.get('objective', 'cost')}): lower bound "
                f"{_number(float(found['lower_bound']))}, gap {float(found['gap']):.1%}, {found['status']}",
            )
        paid = sorted((item for item in function.items if item.cost), key=lambda item: -item.cost)
        if paid:
            header = ("location", "op", "term", "each", "trips", "cost", "what it does")
            rows = [
                (item.loc, item.op, item.term, _number(item.each), str(item.trips), _number(item.cost), _what(item))
                for item in paid
            ]
            lines += ["", *[f"  {line}" for line in table_lines([header, *rows])]]
        sections.append("\n".join(lines) + "\n")
    return "\n".join(sections)


@dataclass(frozen=True)
class CostAnswer:
    """``layout-tool cost``: the modelled cost of every function of a file."""

    functions: list[FunctionCost]

    def text(self) -> str:
        return format_costs(self.functions)

    def to_json(self) -> dict[str, Any]:
        return {"unit": UNIT, "functions": [function.to_json() for function in self.functions]}


def ask(file: str, target: str | None = None, num_banks: int | None = None) -> CostAnswer:
    """``layout-tool cost``: the file (``-`` for stdin), priced on its own ``ttg.target``
    unless ``target`` and ``num_banks`` say otherwise."""
    override = parse_target_override(target, num_banks)
    filename, text = read_source(file)
    return CostAnswer(module_cost(parse_module(text, filename, make_context()), override))
