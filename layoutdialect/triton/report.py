"""What the hook says of one kernel: every ``ttg.convert_layout`` of the TTGIR that goes on
to LLVM IR, its plan (path, shuffles, selects, permutes, shared bytes, barriers,
wavefronts) and why it is there, with the counts before and after our pipeline.

``kernel_report`` reads Triton's TTGIR text and, given a pipeline, runs it; the plans
are ``layoutdialect.plan_module``'s, so they equal ``layout-tool plan`` on the dumped
TTGIR.  A report prints as a table (``table``), as JSON (``to_json``) and as a page
(``page``).
"""

from __future__ import annotations

import dataclasses
import re
from contextlib import redirect_stderr
from dataclasses import dataclass, field
from io import StringIO
from typing import TYPE_CHECKING, Any

from layoutdialect.lowering.conversion_plan import ConversionPlan

if TYPE_CHECKING:
    from xdsl.context import Context

__all__ = ["KernelReport", "kernel_report"]

TTGIR_NAME = "<ttgir>"
"""The file name the TTGIR text is read under: each conversion's ``loc`` is its place
there, its ``source_loc`` the kernel's Python source line."""


@dataclass
class KernelReport:
    """One kernel as the hook saw it."""

    name: str
    target: str
    conversions: list[ConversionPlan] = field(default_factory=list)
    """The plans of the conversions in the TTGIR handed on to LLVM IR, in order."""
    triton_conversions: list[ConversionPlan] = field(default_factory=list)
    """The plans of Triton's own conversions (the same as ``conversions`` unless replaced)."""
    seconds: float = 0.0
    """The time the hook took on the kernel."""
    modelled_cost: tuple[float, float] | None = None
    """The modelled cost (``layout-tool cost``) of Triton's TTGIR and of the one handed on,
    in ``assign`` mode."""

    @property
    def conversions_before(self) -> int:
        """``ttg.convert_layout`` ops in Triton's TTGIR."""
        return len(self.triton_conversions)

    @property
    def conversions_after(self) -> int:
        """In the TTGIR handed on to LLVM IR (equal to ``conversions_before`` in explain mode)."""
        return len(self.conversions)

    def kept_triton(self) -> KernelReport:
        """The report when Triton's own module went on after all."""
        cost = None if self.modelled_cost is None else (self.modelled_cost[0], self.modelled_cost[0])
        return dataclasses.replace(self, conversions=list(self.triton_conversions), modelled_cost=cost)

    @property
    def scratch_bytes(self) -> int:
        """The shared memory the handed-on conversions use, each its own buffer."""
        return sum(plan.scratch_bytes for plan in self.conversions)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "target": self.target,
            "conversions_before": self.conversions_before,
            "conversions_after": self.conversions_after,
            "conversions": [_conversion_json(plan) for plan in self.conversions],
        } | ({} if self.modelled_cost is None else {"modelled_cost_before": self.modelled_cost[0],
                                                     "modelled_cost_after": self.modelled_cost[1]})  # fmt: skip

    def table(self) -> str:
        """A line per conversion and a total, for the terminal."""
        out = StringIO()
        change = _counted(self.conversions_before, "conversion")
        if self.conversions_before != self.conversions_after:
            change += f" in Triton's TTGIR, {self.conversions_after} after ours"
        if self.modelled_cost is not None:
            change += f"; modelled cost {self.modelled_cost[0]:.0f}, {self.modelled_cost[1]:.0f} after ours"
        out.write(f"{self.name} ({self.target}): {change}\n")
        header = ("source", "path", "shfl/sel/prmt", "bytes", "bar", "wavefronts", "why")
        rows = [header] + [(plan.source or plan.loc, *_counts(plan), plan.why) for plan in self.conversions]
        total = (
            "total",
            "",
            "/".join(str(sum(getattr(p, k) for p in self.conversions)) for k in ("shuffles", "selects", "permutes")),
            str(self.scratch_bytes),
            str(sum(p.barriers for p in self.conversions)),
            str(sum(p.wavefronts for p in self.conversions)),
            "",
        )
        rows.append(total)
        widths = [max(len(row[i]) for row in rows) for i in range(len(header) - 1)]
        for row in rows:
            cells = [cell.ljust(width) for cell, width in zip(row, widths)]
            out.write("  " + "  ".join(cells + [row[-1]]).rstrip() + "\n")
        return out.getvalue()

    def page(self) -> str:
        """The kernel's HTML page: its conversions and their counts."""
        from layoutdialect.answers.html_page import Table, render_page

        rows = [("Python source", "TTGIR", "path", "shfl/sel/prmt", "shared bytes", "barriers", "wavefronts", "why")]
        rows += [(plan.source or "", plan.loc, *_counts(plan), plan.why) for plan in self.conversions]
        described = [
            f"target {self.target}",
            f"{_counted(self.conversions_before, 'conversion')} in Triton's TTGIR, {self.conversions_after} handed on",
        ]
        return render_page(f"{self.name}: layout conversions", described, [], [Table("conversions", rows)])


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _counts(plan: ConversionPlan) -> tuple[str, ...]:
    """A conversion's path and counts, as the table and the page show them."""
    return (
        plan.path or "kept",
        f"{plan.shuffles}/{plan.selects}/{plan.permutes}",
        str(plan.scratch_bytes),
        str(plan.barriers),
        str(plan.wavefronts),
    )


JSON_FIELDS = ("loc", "source", "path", "shuffles", "selects", "permutes", "scratch_bytes", "barriers")
JSON_FIELDS += ("wavefronts", "why")
"""The fields of a conversion in the report, as ``ConversionPlan.to_json`` spells them
(``source`` is written ``source_loc``)."""


def _conversion_json(plan: ConversionPlan) -> dict[str, Any]:
    entry = plan.to_json()
    return {("source_loc" if key == "source" else key): entry[key] for key in JSON_FIELDS}


def kernel_report(
    text: str, pipeline: str | None = None, ctx: Context | None = None, by_cost: bool = False
) -> tuple[KernelReport, str | None]:
    """The report of the kernel whose TTGIR is ``text`` and, with ``pipeline`` (a ``-p``
    string), the TTGIR after it, with its locations; read and run in ``ctx`` (a fresh one
    of this package's dialects when ``None``).  The TTGIR is ``None`` without a pipeline,
    and where the pipeline does not improve on Triton's module: by ``by_cost``, when its
    modelled cost is not lower (the report then has both costs); otherwise when it keeps
    as many conversions and shared bytes.  Triton's own module then goes on, and Triton
    need not read ours.  The pipeline's remarks are not printed."""
    without_conversions = None if by_cost else _report_without_conversions(text)
    if without_conversions is not None:
        return without_conversions, None
    from xdsl.dialects.builtin import StringAttr

    from layoutdialect.compiler import plan_module, run_pipeline
    from layoutdialect.cost import module_cost
    from layoutdialect.dialect.aliases import print_with_aliases
    from layoutdialect.dialect.text import parse_module

    module = parse_module(text, TTGIR_NAME, ctx)
    target = module.attributes.get("ttg.target")
    functions = [op for op in module.walk() if op.name == "tt.func" and _public(op)]
    name = str(functions[0].properties["sym_name"].data) if functions else "kernel"  # type: ignore[attr-defined]
    triton_plans = plan_module(module, verify=False)
    report = KernelReport(name, target.data if isinstance(target, StringAttr) else "", triton_plans, triton_plans)
    if pipeline is None:
        return report, None
    before = sum(function.cost for function in module_cost(module)) if by_cost else 0.0
    with redirect_stderr(StringIO()):
        run_pipeline(module, pipeline, ctx=ctx)
    plans = plan_module(module, verify=False)
    if by_cost:
        after = sum(function.cost for function in module_cost(module))
        report.modelled_cost = (before, min(before, after))
        if after >= before:
            return report, None
        report.modelled_cost = (before, after)
    elif not improves(report, plans):
        return report, None
    report.conversions = plans
    stream = StringIO()
    print_with_aliases(module, stream, print_debuginfo=True)
    return report, stream.getvalue()


PUBLIC_FUNCTION = re.compile(r"^\s*tt\.func (?:public )?@([A-Za-z_][\w$.]*)\(", re.MULTILINE)
"""A public ``tt.func`` as Triton prints it, with its name."""

TARGET = re.compile(r'"?ttg\.target"? = "([^"]*)"')
"""The module's ``ttg.target`` attribute, with its value."""


def _report_without_conversions(text: str) -> KernelReport | None:
    """The report of a kernel that has no ``ttg.convert_layout`` to explain or remove, from
    its text alone (reading it is most of the hook's time); ``None`` where it has one or
    its name is not spelled plainly.

    >>> _report_without_conversions('module attributes {ttg.target = "cuda:90"} {\\n  tt.func public @add(%x: i32) {')
    KernelReport(name='add', target='cuda:90', conversions=[], triton_conversions=[], seconds=0.0, modelled_cost=None)
    """
    if "ttg.convert_layout" in text:
        return None
    function = PUBLIC_FUNCTION.search(text)
    if function is None:
        return None
    target = TARGET.search(text)
    return KernelReport(function.group(1), target.group(1) if target else "")


def improves(triton: KernelReport, plans: list[ConversionPlan]) -> bool:
    """Whether a module whose conversions are planned as ``plans`` is better than Triton's:
    fewer conversions, or as many in fewer shared bytes."""
    return (len(plans), sum(plan.scratch_bytes for plan in plans)) < (triton.conversions_before, triton.scratch_bytes)


def _public(op: Any) -> bool:
    visibility = op.properties.get("sym_visibility") or op.attributes.get("sym_visibility")
    return visibility is None or getattr(visibility, "data", "") == "public"
