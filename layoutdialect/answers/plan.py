"""What ``lower-convert-layout`` would do with each ``ttg.convert_layout``, and why.

``report_conversions(module)`` plans every conversion of a module without
changing it, lowers each plan into a detached block and runs it on the CTA
simulator, and returns one ``ConversionReport`` per op: the path, the shuffle
decomposition, or the scratch buffer with its accesses, wavefronts, barriers and
bytes.  ``layout-tool plan`` prints these as a table or as JSON.

Sizes: planning works on the layouts' bases, quick at any size; the simulator runs the
lowered code over every register of every thread, so it proves conversions of up to
``MAX_SIMULATED_POSITIONS`` (2^18 of f16) hardware positions, a few seconds, and says so for
larger ones instead of taking a minute (``unverified``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import ModuleOp, TensorType

from layoutdialect.analysis.bank_conflicts import SharedAccessCost
from layoutdialect.analysis.conversion import ConversionPath
from layoutdialect.analysis.warp_shuffles import WarpDecomposition
from layoutdialect.answers.arguments import parse_target_override
from layoutdialect.answers.limits import MAX_SIMULATED_POSITIONS
from layoutdialect.answers.local_accesses import LocalAccessReport, format_local_accesses, report_local_accesses
from layoutdialect.answers.progress import progress
from layoutdialect.answers.text_table import table_lines
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module
from layoutdialect.dialect.ttg.layout_checks import MODULE_TARGET, TargetOverride
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.ir.diagnostics import IRError, SourceLocation
from layoutdialect.ir.locations import op_location, source_position
from layoutdialect.ir.remarks import Remark
from layoutdialect.ir.source_files import read_source
from layoutdialect.lowering.convert_layout_op import PlannedConversion, plan_convert_op
from layoutdialect.lowering.layout_conversion import LayoutConversion, lower_detached
from layoutdialect.sim.verify import ConversionMismatch

__all__ = [
    "ConversionReport",
    "PlanAnswer",
    "ask",
    "conversion_report",
    "format_reports",
    "report_conversions",
    "report_details",
    "simulated_positions",
    "unverified_reason",
]

PATH_NAMES = {
    ConversionPath.NONE: "noop",
    ConversionPath.REGISTERS: "registers",
    ConversionPath.WARP_SHUFFLES: "warp_shuffle",
    ConversionPath.SHARED_MEMORY: "shared_memory",
    ConversionPath.DISTRIBUTED_SHARED_MEMORY: "distributed_shared_memory",
}


@dataclass(frozen=True)
class ConversionReport:
    """The plan of one conversion; ``path`` is ``None`` when it cannot be planned
    (``reason`` says why), ``verified`` is ``None`` when it was not lowered."""

    loc: str
    src: str
    dst: str
    shape: tuple[int, ...]
    dtype: str
    path: str | None
    reason: str
    value: str | None = None
    """The SSA name of the conversion's result, as the IR spells it (``%acc_3``)."""
    source: str | None = None
    """The kernel's source position the IR's ``loc(...)`` gives the conversion."""
    shuffles: int = 0
    selects: int = 0
    permutes: int = 0
    decomposition: str = ""
    store: SharedAccessCost | None = None
    load: SharedAccessCost | None = None
    store_instruction: str = ""
    """The PTX instruction of each store: ``st.shared.128b``, ``stmatrix.x4``."""
    load_instruction: str = ""
    """The PTX instruction of each load: ``ld.shared.64b``, ``ldmatrix.x4.trans``."""
    barriers: int = 0
    scratch_bytes: int = 0
    reps: int = 1
    scratch_layout: str = ""
    verified: bool | None = None
    failure: str = ""
    unverified: str = ""
    """Why a conversion that could be lowered was not run on the simulator (too large)."""

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``layout-tool plan --json``."""
        store, load = self.store, self.load
        return {
            "loc": self.loc,
            "value": self.value,
            "source": self.source,
            "src": self.src,
            "dst": self.dst,
            "shape": list(self.shape),
            "dtype": self.dtype,
            "path": self.path,
            "reason": self.reason,
            "shuffles": self.shuffles,
            "selects": self.selects,
            "permutes": self.permutes,
            "decomposition": self.decomposition or None,
            "store": store.to_json() | {"instruction": self.store_instruction} if store else None,
            "load": load.to_json() | {"instruction": self.load_instruction} if load else None,
            "barriers": self.barriers,
            "scratch_bytes": self.scratch_bytes,
            "reps": self.reps,
            "scratch_layout": self.scratch_layout or None,
            "verified": self.verified,
            "failure": self.failure or None,
        } | ({"unverified": self.unverified} if self.unverified else {})


def report_conversions(
    module: ModuleOp,
    *,
    verify: bool = True,
    max_mixed_transpositions: int = 1,
    target: TargetOverride = MODULE_TARGET,
    max_scratch_bytes: int | None = None,
) -> list[ConversionReport]:
    """One report per ``ttg.convert_layout`` of ``module``, in order; the module is not
    changed.  The simulator runs on ``MAX_SIMULATED_POSITIONS`` positions in all, so the
    conversions past that are planned but not run."""
    reports = []
    left = MAX_SIMULATED_POSITIONS
    conversions = [op for op in module.walk() if isinstance(op, ConvertLayoutOp)]
    for op in progress(conversions, "plan: conversions"):
        planned = plan_convert_op(op, max_mixed_transpositions, target, max_scratch_bytes)
        report = _report(op, planned, verify, left)
        if report.verified is not None and isinstance(planned, PlannedConversion):
            left -= simulated_positions(planned.conversion)
        reports.append(report)
    return reports


def _report(op: ConvertLayoutOp, planned: PlannedConversion | Remark, verify: bool, left: int) -> ConversionReport:
    source_type, result_type = op.src.type, op.result.type
    assert isinstance(source_type, TensorType) and isinstance(result_type, TensorType)
    common: dict[str, Any] = {
        "loc": str(op_location(op) or "<unknown>"),
        "value": f"%{op.result.name_hint}" if op.result.name_hint else None,
        "source": source_position(op),
        "src": str(source_type.encoding),
        "dst": str(result_type.encoding),
        "shape": tuple(source_type.get_shape()),
        "dtype": str(source_type.element_type),
    }
    if isinstance(planned, Remark):
        return ConversionReport(**common, path=None, reason=planned.message.removesuffix("; kept"))
    return conversion_report(common, planned.conversion, source_type, result_type, verify, left)


def conversion_report(
    common: dict[str, Any],
    conversion: LayoutConversion,
    source_type: TensorType[Any],
    result_type: TensorType[Any],
    verify: bool,
    left: int | None = None,
) -> ConversionReport:
    """The report of a planned conversion of ``source_type`` to ``result_type``, lowered
    and run on the simulator when ``verify``; ``common`` holds the fields that say where
    it stands (``loc``, ``src``, ``dst``, ``shape``, ``dtype``, ...)."""
    plan = conversion.plan
    details: dict[str, Any] = {"shuffles": plan.shuffles, "selects": plan.selects, "permutes": plan.permutes}
    if plan.path is ConversionPath.WARP_SHUFFLES and plan.warp is not None:
        details["decomposition"] = _decomposition(plan.warp)
    if plan.scratch is not None:
        scratch = plan.scratch
        details |= {
            "store": scratch.store.cost,
            "load": scratch.load.cost,
            "store_instruction": scratch.store.instruction(load=False),
            "load_instruction": scratch.load.instruction(load=True),
            "barriers": scratch.barriers,
            "scratch_bytes": scratch.scratch_bytes,
            "reps": scratch.reps,
            "scratch_layout": str(scratch.layout).strip("\n"),
        }
    if verify and conversion.lowerable:
        if reason := unverified_reason(conversion, left):
            details["unverified"] = reason
        else:
            details["verified"], details["failure"] = _verify(conversion, source_type, result_type)
    return ConversionReport(**common, path=PATH_NAMES[plan.path], reason=plan.reason, **details)


def simulated_positions(conversion: LayoutConversion) -> int:
    """The hardware positions of ``conversion`` times the runs the simulator makes to check
    its element ids (``sim.verify``: ids of ``n`` bits, ``element_bits`` at a time), at least two."""
    ids = max(1, (conversion.src.get_total_out_dim_size() - 1).bit_length())
    runs = -(-ids // min(conversion.element_bits, 64))
    return conversion.src.get_total_in_dim_size() * max(2, runs)


def unverified_reason(conversion: LayoutConversion, left: int | None = None) -> str:
    """Why the simulator does not run ``conversion`` (``""`` when it does): more simulated
    positions than ``left`` of the ``MAX_SIMULATED_POSITIONS`` it runs for one answer
    (all of them when ``left`` is None)."""
    if left is None:
        left = MAX_SIMULATED_POSITIONS
    simulated = simulated_positions(conversion)
    if simulated <= left:
        return ""
    positions = conversion.src.get_total_in_dim_size()
    budget = f"the {MAX_SIMULATED_POSITIONS} it runs in seconds"
    if left < MAX_SIMULATED_POSITIONS:
        budget = f"the {left} left of {budget} for one answer"
    return (
        f"not run on the simulator: {simulated} hardware positions ({positions}, checked {simulated // positions} "
        f"times) are more than {budget}"
    )


def _decomposition(warp: WarpDecomposition) -> str:
    swaps = ", ".join(
        [
            f"register bit {t.register_bit} <-> lane bit {t.lane_bit}"
            + (" (selects only: the source copies lane bit)" if t in warp.selected_transpositions else "")
            for t in warp.transpositions
        ]
        + [
            f"element bit {t.register_bit} in the word <-> lane bit {t.lane_bit} (byte permutes)"
            for t in warp.in_word_transpositions
        ]
    )
    lanes = "" if not warp.moves_lanes else f"; lane bits permuted {list(warp.lane_permutation)}"
    return f"{warp.variant.value}: {warp.words} words of 32 bits; {swaps or 'no transposition'}{lanes}"


def _verify(
    conversion: LayoutConversion, source_type: TensorType[Any], result_type: TensorType[Any]
) -> tuple[bool, str]:
    """Lower the conversion into a detached block and run it on the simulator."""
    try:
        lower_detached(conversion, source_type, result_type, verify=True)
    except ConversionMismatch as error:
        return False, str(error)
    return True, ""


def format_reports(reports: list[ConversionReport]) -> str:
    """A summary table, one row per conversion, then each conversion's details."""
    header = ("location", "path", "tensor", "shfl/sel/prmt", "stores", "loads", "wavefronts", "bar", "scratch", "ok")
    rows = [header] + [_row(report) for report in reports]
    lines = table_lines(rows)
    for report in reports:
        lines += ["", *report_details(report)]
    return "\n".join(lines) + "\n"


def _access(side: SharedAccessCost | None, instruction: str) -> str:
    if side is None:
        return "-"
    return f"{side.instructions} x {instruction if 'matrix' in instruction else f'{side.vector_bits}b'}"


def _row(report: ConversionReport) -> tuple[str, ...]:
    tensor = "x".join(map(str, report.shape)) + "x" + report.dtype
    shuffles = f"{report.shuffles}/{report.selects}/{report.permutes}" if report.path == "warp_shuffle" else "-"
    store, load = report.store, report.load
    wavefronts = f"{store.total_wavefronts}+{load.total_wavefronts}" if store and load else "-"
    scratch = f"{report.scratch_bytes} B" if report.scratch_bytes else "-"
    verified = {True: "yes", False: "NO", None: "-"}[report.verified]
    path = report.path or "kept"
    bars = str(report.barriers) if store else "-"
    stores, loads = _access(store, report.store_instruction), _access(load, report.load_instruction)
    return (report.loc, path, tensor, shuffles, stores, loads, wavefronts, bars, scratch, verified)


def report_details(report: ConversionReport) -> list[str]:
    """The report as indented lines: the path and why, the layouts, then the shuffles or the
    scratch buffer's accesses, barriers and layout."""
    value = f" {report.value}" if report.value else ""
    source = f" (from {report.source})" if report.source else ""
    lines = [
        f"{report.loc}{value}{source}: {report.path or 'kept'} ({report.reason})",
        f"  src: {report.src}",
        f"  dst: {report.dst}",
    ]
    if report.decomposition:
        lines.append(f"  shuffles: {report.decomposition}")
    sides = (("stores", report.store, report.store_instruction), ("loads", report.load, report.load_instruction))
    for name, side, instruction in sides:
        if side:
            verdict = "conflict-free" if side.wavefronts_per_instruction == side.phases else "bank conflicts"
            lines.append(
                f"  {name}: {side.instructions} x {instruction} ({side.vector_bits} bits a lane), "
                f"{side.wavefronts_per_instruction} wavefronts each ({side.phases} phases, {verdict}), "
                f"{side.total_wavefronts} in all"
            )
    if report.store:
        lines.append(f"  barriers: {report.barriers}, reps: {report.reps}, scratch: {report.scratch_bytes} bytes")
        lines.append("  scratch layout:")
        lines += [f"    {line}" for line in report.scratch_layout.splitlines()]
    if report.failure:
        lines.append(f"  verification failed: {report.failure}")
    if report.unverified:
        lines.append(f"  {report.unverified}")
    return lines


@dataclass(frozen=True)
class PlanAnswer:
    """``layout-tool plan``: the report of every conversion and of every explicit
    shared-memory access of a file."""

    conversions: list[ConversionReport]
    local_accesses: list[LocalAccessReport]

    def text(self) -> str:
        sections: list[str] = []
        if self.conversions:
            sections.append(format_reports(self.conversions))
        if self.local_accesses:
            sections.append("shared-memory accesses of local_alloc, local_load and local_store\n")
            sections.append(format_local_accesses(self.local_accesses))
        return "\n".join(sections) if sections else "no ttg.convert_layout, local_alloc, local_load or local_store\n"

    def to_json(self) -> dict[str, Any]:
        return {
            "conversions": [report.to_json() for report in self.conversions],
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
    reports = report_conversions(
        module,
        verify=not no_verify,
        max_mixed_transpositions=max_mixed_transpositions,
        target=override,
        max_scratch_bytes=max_scratch_bytes,
    )
    return PlanAnswer(reports, report_local_accesses(module, override))
