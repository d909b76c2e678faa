"""``layout-tool plan``: what ``lower-convert-layout`` would do with each
``ttg.convert_layout`` of a file, and why, with the cost of each explicit shared-memory
access.

Each conversion's ``ConversionPlan`` (``layoutdialect.lowering.conversion_plan``: planned,
lowered into a detached block and run on the CTA simulator, the module unchanged) is
printed as a table row and its details, or as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from layoutdialect.answers.arguments import parse_target_override
from layoutdialect.answers.local_accesses import LocalAccessReport, format_local_accesses, report_local_accesses
from layoutdialect.answers.progress import progress
from layoutdialect.answers.text_table import table_lines
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module
from layoutdialect.ir.diagnostics import IRError, SourceLocation
from layoutdialect.ir.source_files import read_source
from layoutdialect.lowering.conversion_plan import ConversionPlan, SharedAccess, plan_module

__all__ = ["PlanAnswer", "ask", "format_plans", "plan_details"]


def format_plans(plans: list[ConversionPlan]) -> str:
    """A summary table, one row per conversion, then each conversion's details."""
    header = ("location", "path", "tensor", "shfl/sel/prmt", "stores", "loads", "wavefronts", "bar", "scratch", "ok")
    rows = [header] + [_row(plan) for plan in plans]
    lines = table_lines(rows)
    for plan in plans:
        lines += ["", *plan_details(plan)]
    return "\n".join(lines) + "\n"


def _access(side: SharedAccess | None) -> str:
    if side is None:
        return "-"
    named = "matrix" in side.instruction or side.instruction.startswith("ds_")
    return f"{side.instructions} x {side.instruction if named else f'{side.vector_bits}b'}"


def _row(plan: ConversionPlan) -> tuple[str, ...]:
    tensor = "x".join(map(str, plan.shape)) + "x" + plan.dtype
    shuffles = f"{plan.shuffles}/{plan.selects}/{plan.permutes}" if plan.path == "warp_shuffle" else "-"
    store, load = plan.store, plan.load
    wavefronts = f"{store.wavefronts}+{load.wavefronts}" if store and load else "-"
    scratch = f"{plan.scratch_bytes} B" if plan.scratch_bytes else "-"
    verified = {True: "yes", False: "NO", None: "-"}[plan.verified]
    bars = str(plan.barriers) if store else "-"
    return (
        plan.loc,
        plan.path or "kept",
        tensor,
        shuffles,
        _access(store),
        _access(load),
        wavefronts,
        bars,
        scratch,
        verified,
    )


def plan_details(plan: ConversionPlan) -> list[str]:
    """The plan as indented lines: the path and why, the layouts, then the shuffles or the
    scratch buffer's accesses, barriers and layout."""
    value = f" {plan.value}" if plan.value else ""
    source = f" (from {plan.source})" if plan.source else ""
    lines = [
        f"{plan.loc}{value}{source}: {plan.path or 'kept'} ({plan.reason})",
        f"  src: {plan.src}",
        f"  dst: {plan.dst}",
    ]
    if plan.decomposition:
        lines.append(f"  shuffles: {plan.decomposition}")
    for name, side in (("stores", plan.store), ("loads", plan.load)):
        if side:
            verdict = "conflict-free" if side.conflict_free else "bank conflicts"
            accesses = f"{side.accesses} accesses of " if side.accesses != side.instructions else ""
            lines.append(
                f"  {name}: {side.instructions} x {side.instruction} ({accesses}{side.vector_bits} bits a lane), "
                f"{side.wavefronts_per_instruction} wavefronts each ({side.phases} phases, {verdict}), "
                f"{side.wavefronts} in all"
            )
    if plan.store:
        lines.append(f"  barriers: {plan.barriers}, reps: {plan.reps}, scratch: {plan.scratch_bytes} bytes")
        lines.append("  scratch layout:")
        lines += [f"    {line}" for line in plan.scratch_layout.splitlines()]
    if plan.failure:
        lines.append(f"  verification failed: {plan.failure}")
    if plan.unverified:
        lines.append(f"  {plan.unverified}")
    return lines


@dataclass(frozen=True)
class PlanAnswer:
    """``layout-tool plan``: the plan of every conversion and the cost of every explicit
    shared-memory access of a file."""

    conversions: list[ConversionPlan]
    local_accesses: list[LocalAccessReport]

    def text(self) -> str:
        sections: list[str] = []
        if self.conversions:
            sections.append(format_plans(self.conversions))
        if self.local_accesses:
            sections.append("shared-memory accesses of local_alloc, local_load and local_store\n")
            sections.append(format_local_accesses(self.local_accesses))
        return "\n".join(sections) if sections else "no ttg.convert_layout, local_alloc, local_load or local_store\n"

    def to_json(self) -> dict[str, Any]:
        return {
            "conversions": [plan.to_json() for plan in self.conversions],
            "local_accesses": [access.to_json() for access in self.local_accesses],
        }


def ask(
    file: str,
    no_verify: bool = False,
    max_mixed_transpositions: int = 1,
    target: str | None = None,
    num_banks: int | None = None,
    max_scratch_bytes: int | None = None,
) -> PlanAnswer:
    """``layout-tool plan``: the file (``-`` for stdin) and options as written on the
    command line; ``target`` and ``num_banks`` replace the file's own target."""
    if max_mixed_transpositions < 0:
        message = "--max-mixed-transpositions must be at least 0"
        raise IRError(SourceLocation("--max-mixed-transpositions", 1, 1), message, str(max_mixed_transpositions))
    if max_scratch_bytes is not None and max_scratch_bytes < 1:
        message = "--max-scratch-bytes must be positive"
        raise IRError(SourceLocation("--max-scratch-bytes", 1, 1), message, str(max_scratch_bytes))
    override = parse_target_override(target, num_banks)
    filename, text = read_source(file)
    module = parse_module(text, filename, make_context())
    plans = plan_module(
        module,
        verify=not no_verify,
        max_mixed_transpositions=max_mixed_transpositions,
        target=override,
        max_scratch_bytes=max_scratch_bytes,
        each=lambda ops: progress(ops, "plan: conversions"),
    )
    return PlanAnswer(plans, report_local_accesses(module, override))
