"""The plan of one conversion as a user reads it: every count ``layout-tool`` prints.

``ConversionPlan`` is the one object that ``layoutdialect.plan(src, dst, ...)``,
``layoutdialect.plan_module(module)``, ``layout-tool plan`` and ``layout-tool convert``
return or print (``--json`` writes its ``to_json``): the path and why, the shuffles,
selects and byte permutes of a warp exchange, and, for a shared-memory round trip, each
side's instruction, vector width, instructions and wavefronts (``SharedAccess``), the
barriers, the scratch bytes and the reps; whether the lowered code was run on the CTA
simulator and matched.  It is computed from the ``LayoutConversion`` the pass lowers, so
what it says is what ``lower-convert-layout`` does.

Sizes: planning works on the layouts' bases, quick at any size; the simulator runs the
lowered code over every register of every thread, so a plan is proven for up to
``MAX_SIMULATED_POSITIONS`` hardware positions (2^18 of f16, a few seconds), shared by all
the plans of one call, and says why a larger one was not run (``unverified``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import ModuleOp, TensorType

from layoutdialect.analysis.bank_conflicts import SharedAccessCost
from layoutdialect.analysis.conversion import ConversionPath
from layoutdialect.analysis.scratch_layout import ScratchAccess
from layoutdialect.analysis.warp_shuffles import WarpDecomposition
from layoutdialect.dialect.conversion_causes import conversion_cause, program_order
from layoutdialect.dialect.ttg.layout_checks import MODULE_TARGET, TargetOverride
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.ir.locations import op_location, source_position
from layoutdialect.ir.remarks import Remark
from layoutdialect.lowering.convert_layout_op import PlannedConversion, plan_convert_op
from layoutdialect.lowering.layout_conversion import LayoutConversion, lower_detached
from layoutdialect.lowering.simulation_budget import MAX_SIMULATED_POSITIONS
from layoutdialect.sim.verify import ConversionMismatch

__all__ = [
    "MAX_SIMULATED_POSITIONS",
    "ConversionPlan",
    "SharedAccess",
    "conversion_plan",
    "plan_module",
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
"""The name of each path, as plans and their JSON spell it."""


@dataclass(frozen=True)
class SharedAccess:
    """One side (the stores or the loads) of a shared-memory round trip, for one warp.

    Each thread issues ``instructions`` instructions ``instruction`` for its ``accesses``
    accesses of ``vector_bits`` bits a lane (more accesses than instructions where AMD's
    LDS pairs two in one ``ds_read2``/``ds_write2``); each access is served in
    ``wavefronts_per_instruction`` wavefronts, at best ``phases``; the side takes
    ``wavefronts`` in all (its wavefronts per access).  ``bank_conflicts`` is Triton's
    count: the extra wavefronts each phase needs.
    """

    instruction: str
    vector_bits: int
    instructions: int
    accesses: int
    phases: int
    wavefronts_per_instruction: int
    wavefronts: int
    bank_conflicts: int
    conflict_free: bool

    @staticmethod
    def of(access: ScratchAccess, load: bool) -> SharedAccess:
        """The side that ``access`` plans (its loads when ``load``)."""
        cost: SharedAccessCost = access.cost
        return SharedAccess(
            access.instruction(load),
            cost.vector_bits,
            access.issued,
            cost.instructions,
            cost.phases,
            cost.wavefronts_per_instruction,
            cost.total_wavefronts,
            cost.excess_per_wavefront,
            cost.conflict_free,
        )

    def to_json(self) -> dict[str, Any]:
        """The side as every JSON answer spells it (``wavefronts_per_access``: ``wavefronts``)."""
        return {
            "instruction": self.instruction,
            "vector_bits": self.vector_bits,
            "instructions": self.instructions,
            "accesses": self.accesses,
            "phases": self.phases,
            "wavefronts_per_instruction": self.wavefronts_per_instruction,
            "wavefronts_per_access": self.wavefronts,
            "bank_conflicts": self.bank_conflicts,
            "conflict_free": self.conflict_free,
        }


@dataclass(frozen=True)
class ConversionPlan:
    """What ``lower-convert-layout`` does with one conversion, and what it costs a thread.

    ``path`` is ``None`` when the conversion is kept (``reason`` says why); ``verified``
    is ``None`` when the lowered code was not run on the simulator (``unverified`` says why
    when it could have been), else whether it moved every element where it belongs
    (``failure`` names the first that it did not).

    >>> from layoutdialect import plan
    >>> swap = plan("#ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>",
    ...             "#ttg.linear<{register = [[4]], lane = [[1], [2]], warp = [], block = []}>", dtype="i32")
    >>> swap.path, swap.shuffles, swap.selects, swap.verified
    ('warp_shuffle', 2, 4, True)
    """

    loc: str
    """Where the conversion is: ``file:line:col`` of its op, or ``<plan>`` for a pair of layouts."""
    src: str
    dst: str
    shape: tuple[int, ...]
    dtype: str
    path: str | None
    """``noop``, ``registers``, ``warp_shuffle``, ``shared_memory`` or
    ``distributed_shared_memory``; ``None`` when kept."""
    reason: str
    value: str | None = None
    """The SSA name of the conversion's result, as the IR spells it (``%acc_3``)."""
    source: str | None = None
    """The kernel's source position the IR's ``loc(...)`` gives the conversion."""
    why: str = ""
    """Which op gives the source layout and which take the destination one
    (``dialect.conversion_causes``), for a conversion of a module."""
    shuffles: int = 0
    selects: int = 0
    permutes: int = 0
    decomposition: str = ""
    """The warp exchange in words: its register-lane transpositions and lane permutation."""
    store: SharedAccess | None = None
    load: SharedAccess | None = None
    barriers: int = 0
    scratch_bytes: int = 0
    reps: int = 1
    scratch_layout: str = ""
    """The scratch buffer's linear layout, printed."""
    verified: bool | None = None
    failure: str = ""
    unverified: str = ""

    @property
    def wavefronts(self) -> int:
        """The wavefronts of both sides of a shared-memory round trip (0 without one)."""
        return self.store.wavefronts + self.load.wavefronts if self.store and self.load else 0

    def to_json(self) -> dict[str, Any]:
        """Every field, as ``layout-tool plan --json`` and ``convert --json`` print it."""
        return {
            "loc": self.loc,
            "value": self.value,
            "source": self.source,
            "why": self.why or None,
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
            "store": self.store.to_json() if self.store else None,
            "load": self.load.to_json() if self.load else None,
            "wavefronts": self.wavefronts,
            "barriers": self.barriers,
            "scratch_bytes": self.scratch_bytes,
            "reps": self.reps,
            "scratch_layout": self.scratch_layout or None,
            "verified": self.verified,
            "failure": self.failure or None,
        } | ({"unverified": self.unverified} if self.unverified else {})


def conversion_plan(
    conversion: LayoutConversion,
    source_type: TensorType[Any],
    result_type: TensorType[Any],
    *,
    verify: bool,
    left: int | None = None,
    loc: str = "<plan>",
    value: str | None = None,
    source: str | None = None,
) -> ConversionPlan:
    """The plan of ``conversion`` from ``source_type`` to ``result_type``; with ``verify``
    it is lowered and run on the simulator when it takes at most ``left`` simulated
    positions (``simulated_positions``; all of ``MAX_SIMULATED_POSITIONS`` when ``None``).
    ``loc``, ``value`` and ``source`` say where the conversion stands."""
    strategy = conversion.strategy
    where = _where(source_type, result_type, loc, value, source)
    details: dict[str, Any] = {
        "shuffles": strategy.shuffles,
        "selects": strategy.selects,
        "permutes": strategy.permutes,
    }
    if strategy.path is ConversionPath.WARP_SHUFFLES and strategy.warp is not None:
        details["decomposition"] = _decomposition(strategy.warp)
    if strategy.scratch is not None:
        scratch = strategy.scratch
        details |= {
            "store": SharedAccess.of(scratch.store, load=False),
            "load": SharedAccess.of(scratch.load, load=True),
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
    return ConversionPlan(**where, path=PATH_NAMES[strategy.path], reason=strategy.reason, **details)


def plan_module(
    module: ModuleOp,
    *,
    verify: bool = True,
    max_mixed_transpositions: int = 1,
    target: TargetOverride = MODULE_TARGET,
    max_scratch_bytes: int | None = None,
    each: Callable[[Sequence[ConvertLayoutOp]], Iterable[ConvertLayoutOp]] = iter,
) -> list[ConversionPlan]:
    """The plan of every ``ttg.convert_layout`` of ``module``, in order, as
    ``lower-convert-layout`` with these options would lower it; the module is not changed.
    The simulator runs ``MAX_SIMULATED_POSITIONS`` positions in all, so the conversions past
    that are planned but not run.  ``each`` walks the ops (a progress bar, say)."""
    plans = []
    left = MAX_SIMULATED_POSITIONS
    order = program_order(module)
    conversions = [op for op in order if isinstance(op, ConvertLayoutOp)]
    for op in each(conversions):
        planned = plan_convert_op(op, max_mixed_transpositions, target, max_scratch_bytes)
        plan = dataclasses.replace(_op_plan(op, planned, verify, left), why=conversion_cause(op, order))
        if plan.verified is not None and isinstance(planned, PlannedConversion):
            left -= simulated_positions(planned.conversion)
        plans.append(plan)
    return plans


def _op_plan(op: ConvertLayoutOp, planned: PlannedConversion | Remark, verify: bool, left: int) -> ConversionPlan:
    source_type, result_type = op.src.type, op.result.type
    assert isinstance(source_type, TensorType) and isinstance(result_type, TensorType)
    loc = str(op_location(op) or "<unknown>")
    value = f"%{op.result.name_hint}" if op.result.name_hint else None
    if isinstance(planned, Remark):
        where = _where(source_type, result_type, loc, value, source_position(op))
        return ConversionPlan(**where, path=None, reason=planned.message.removesuffix("; kept"))
    return conversion_plan(
        planned.conversion,
        source_type,
        result_type,
        verify=verify,
        left=left,
        loc=loc,
        value=value,
        source=source_position(op),
    )


def _where(
    source_type: TensorType[Any], result_type: TensorType[Any], loc: str, value: str | None, source: str | None
) -> dict[str, Any]:
    """The fields of a ``ConversionPlan`` that say which conversion it is and where it stands."""
    return {
        "loc": loc,
        "value": value,
        "source": source,
        "src": str(source_type.encoding),
        "dst": str(result_type.encoding),
        "shape": tuple(source_type.get_shape()),
        "dtype": str(source_type.element_type),
    }


def simulated_positions(conversion: LayoutConversion) -> int:
    """The hardware positions of ``conversion`` times the runs the simulator makes to check
    its element ids (``sim.verify``: ids of ``n`` bits, ``element_bits`` at a time), at least two."""
    ids = max(1, (conversion.src.get_total_out_dim_size() - 1).bit_length())
    runs = -(-ids // min(conversion.element_bits, 64))
    return conversion.src.get_total_in_dim_size() * max(2, runs)


def unverified_reason(conversion: LayoutConversion, left: int | None = None) -> str:
    """Why the simulator does not run ``conversion`` (``""`` when it does): more simulated
    positions than ``left`` of the ``MAX_SIMULATED_POSITIONS`` it runs for one call (all of
    them when ``left`` is ``None``)."""
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
        + [
            f"register bit {t.register_bit} <-> lane bit {t.lane_bit} (permlane{1 << t.lane_bit} swaps)"
            for t in warp.lane_swaps
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
