"""Our lowering of random ``ttg.convert_layout`` pairs beside Triton 3.9's PTX or AMDGCN,
measure by measure.

For each pair of ``random_conversion_pairs`` and each target (sm_80 as ``cuda:80``, sm_90 as
``cuda:90``; for pairs of 64-lane waves CDNA3 as ``hip:gfx942`` and CDNA4 as ``hip:gfx950``)
both sides are counted per thread, statically (the code one thread runs):

- shuffles + selects + permutes: ours ``gpu.shuffle`` (and AMD's moves, below), ``arith.select``
  and ``nvvm.prmt``;
  Triton's ``shfl.sync``, ``selp`` and ``prmt``;
- shared-memory instructions: ours ``vector.store``, ``vector.load``, ``nvgpu.ldmatrix`` and
  ``nvvm.stmatrix``; Triton's ``st.shared``, ``ld.shared`` (``::cta`` and ``::cluster`` too),
  ``ldmatrix`` and ``stmatrix``;
- scratch bytes: ours the scratch plan's ``scratch_bytes``; Triton's the kernel's shared memory
  (``compiled.metadata.shared``);
- barriers: ours ``gpu.barrier``; Triton's ``bar.sync`` and ``barrier.sync`` (its
  ``bar.warp.sync`` and ``barrier.cluster`` are reported apart);
- wavefronts per warp: ours the scratch plan's exact count; Triton's the exact count of its
  own plan as ``triton_scratch_plan`` rebuilds it, where that plan's instructions are the ones
  Triton's code runs, else an *estimate*: each access's count times its phases
  (``st.shared.v4.b32``: 4, ``ldmatrix.x4``: 4), as if it had no bank conflicts.

On AMD the same measures count Triton's AMDGCN: moves are its cross-lane instructions
(``ds_bpermute``/``ds_permute``, ``ds_swizzle``, ``v_permlane*``, DPP moves) beside
``v_cndmask`` (selects) and ``v_perm_b32`` (byte permutes); shared-memory instructions its
LDS ``ds_read*``/``ds_write*`` (``ds_read_b64_tr_b16`` too; RDNA's ``ds_load*``/``ds_store*``);
barriers its ``s_barrier``;
its wavefronts are estimated from each access's width with the target's phases.  Our
lowering's cross-lane moves (``OUR_CROSS_LANE``) are its ``gpu.shuffle`` (a ``ds_bpermute``),
DPP moves (``rocdl.update.dpp``) and CDNA4's register-lane swaps (``rocdl.permlane*.swap``);
two of our ``vector.load``s (or stores) that the plan pairs (``ScratchAccess.paired``: one
base address, a constant apart) count as one ``ds_read2``/``ds_write2``, and our
instructions are named from the plan (``plan_accesses``).

Triton's ``prmt`` also packs 16- and 8-bit elements into the 32-bit words it stores to and
loads from shared memory and shuffles; our IR does that with ``vector.shuffle``,
``vector.bitcast`` and ``vector.insert``/``extract``, which the measure leaves out.

Every lowering of ours is run on the simulated CTA (``verify_conversion``) first; a pair
whose lowering fails or computes the wrong tensor is reported and left out of the tables.
``triton_conversion_oracle.py`` compiles Triton's side under a Python that has Triton.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from random_conversion_pairs import ConversionPair
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute
from xdsl.parser import Parser

from layoutdialect import LinearLayout, make_context, to_linear_layout
from layoutdialect.analysis.preconditions import AnalysisError
from layoutdialect.analysis.scratch_layout import ScratchPlan, triton_scratch_plan
from layoutdialect.lowering.layout_conversion import (
    LayoutConversion,
    lower_detached,
    plan_layout_conversion,
)
from layoutdialect.target import SharedMemory, Target

CTX = make_context()

ORACLE = Path(__file__).resolve().parent / "triton_conversion_oracle.py"

TARGETS = {name: Target.named(name) for name in ("cuda:80", "cuda:90")}
"""The NVIDIA targets compared (pairs of 32-lane warps), by ``ttg.target`` name."""

AMD_TARGETS = {name: Target.named(name) for name in ("hip:gfx942", "hip:gfx950")}
"""The AMD CDNA targets compared (pairs of 64-lane waves), by ``ttg.target`` name."""

RDNA_TARGETS = {"hip:gfx1100": Target.named("hip:gfx1100")}
"""The AMD RDNA target compared (pairs of 32-lane waves of ``RDNA_FAMILIES``)."""

MEASURES = {
    "moves": "shuffles + selects + permutes",
    "shared": "shared-memory instructions",
    "bytes": "scratch bytes",
    "barriers": "barriers (CTA)",
    "wavefronts": "wavefronts (exact or estimated)",
}
"""The measures compared, by key, with their labels; lower is better for each."""


def tensor_type(element: Attribute, shape: Sequence[int], encoding: str) -> TensorType[Attribute]:
    """The tensor of ``shape`` and ``element``s with the encoding written as ``encoding``."""
    return TensorType(element, list(shape), Parser(CTX, encoding).parse_attribute())


@dataclass(frozen=True)
class Measures:
    """One side's counts for one pair on one target (see the module's table)."""

    shuffles: int
    selects: int
    permutes: int
    shared: int
    scratch_bytes: int
    barriers: int
    wavefronts: int

    def value(self, measure: str) -> int:
        """The count of ``measure``, a key of ``MEASURES``."""
        return {
            "moves": self.shuffles + self.selects + self.permutes,
            "shared": self.shared,
            "bytes": self.scratch_bytes,
            "barriers": self.barriers,
            "wavefronts": self.wavefronts,
        }[measure]


@dataclass(frozen=True)
class Ours:
    """Our lowering of a pair: its path, counts, shared-memory instructions (``8x st.128``, as
    ``access_names`` writes them), and the failure that leaves it out (or ``None``)."""

    path: str
    measures: Measures | None
    accesses: str
    failure: str | None


@dataclass(frozen=True)
class Theirs:
    """Triton's PTX for a pair: its counts, its warp and cluster barriers, the shared-memory
    instructions it used (``2x ldmatrix.x4``, as ``access_names`` writes them), and an error
    when it did not compile."""

    measures: Measures | None
    warp_barriers: int
    cluster_barriers: int
    accesses: str
    error: str | None


def _layouts(src_text: str, dst_text: str, shape: Sequence[int]) -> tuple[LinearLayout, LinearLayout]:
    """The pair's two layouts at its shape."""
    src = to_linear_layout(Parser(CTX, src_text).parse_attribute().data, list(shape))  # type: ignore[attr-defined]
    dst = to_linear_layout(Parser(CTX, dst_text).parse_attribute().data, list(shape))  # type: ignore[attr-defined]
    return src, dst


def plan(src_text: str, dst_text: str, shape: Sequence[int], bits: int, target: Target) -> LayoutConversion:
    """Our plan for the pair on ``target``: the one call to change when the planner takes a
    target or options."""
    src, dst = _layouts(src_text, dst_text, shape)
    return plan_layout_conversion(src, dst, bits, target.shared, cross_lane=target.cross_lane)


def plan_accesses(scratch: ScratchPlan) -> Counter[str]:
    """The shared-memory instructions of a scratch plan as ``access_names`` counts them."""
    accesses: Counter[str] = Counter()
    for side, kind in ((scratch.store, "st"), (scratch.load, "ld")):
        bits = side.cost.vector_bits
        if side.matrix is not None:
            name = f"{kind}matrix.x{side.matrix.matrices}" + (".trans" if side.matrix.transpose else "")
            accesses[name] += side.cost.instructions
            continue
        if side.transposed is not None:
            accesses[f"{kind}.{bits}.tr"] += side.cost.instructions
            continue
        accesses[f"{kind}.{bits}"] += side.issued - side.paired
        accesses[f"{kind}2.{bits}"] += side.paired
    return +accesses


def with_exact_wavefronts(pair: ConversionPair, target: Target, other: Theirs) -> Theirs:
    """``other`` with its wavefronts counted exactly where Triton's code runs the instructions
    of its own plan as ``triton_scratch_plan`` rebuilds it; else as estimated."""
    if other.measures is None or not other.measures.shared:
        return other
    try:
        triton = triton_scratch_plan(*_layouts(pair.src, pair.dst, pair.shape), pair.element_bits, target.shared)
    except AnalysisError:
        return other
    if access_names(plan_accesses(triton)) != other.accesses:
        return other
    return replace(other, measures=replace(other.measures, wavefronts=triton.total_wavefronts))


def ours(pair: ConversionPair, target: Target) -> Ours:
    """Plan, lower and verify ``pair`` for ``target``, and count the ops of the lowering."""
    try:
        conversion = plan(pair.src, pair.dst, pair.shape, pair.element_bits, target)
    except Exception as error:  # noqa: BLE001 - any failure of ours is reported, not fatal
        return Ours("-", None, "", f"planning failed: {type(error).__name__}: {error}")
    path = conversion.strategy.path.value
    if not conversion.lowerable:
        return Ours(path, None, "", f"not lowerable: {conversion.strategy.reason}")
    element = Parser(CTX, pair.element).parse_type()
    source, result = tensor_type(element, pair.shape, pair.src), tensor_type(element, pair.shape, pair.dst)
    try:
        _, _, lowered = lower_detached(conversion, source, result, verify=True)
    except Exception as error:  # noqa: BLE001 - a wrong or failed lowering is reported, not fatal
        return Ours(path, None, "", f"{type(error).__name__}: {error}")
    walked = [inner for op in lowered.ops for inner in op.walk()]
    ops = Counter(op.name for op in walked)
    scratch = conversion.strategy.scratch
    paired = scratch.store.paired + scratch.load.paired if scratch is not None else 0
    measures = Measures(
        shuffles=sum(ops[name] for name in OUR_CROSS_LANE),
        selects=ops["arith.select"],
        permutes=ops["nvvm.prmt"],
        shared=sum(ops[name] for name in OUR_SHARED_ACCESS) - paired,
        scratch_bytes=scratch.scratch_bytes if scratch is not None else 0,
        barriers=ops["gpu.barrier"],
        wavefronts=scratch.total_wavefronts if scratch is not None else 0,
    )
    accesses = plan_accesses(scratch) if scratch is not None else Counter[str]()
    return Ours(path, measures, access_names(accesses), None)


OUR_SHARED_ACCESS = (
    "vector.store",
    "vector.load",
    "nvgpu.ldmatrix",
    "nvvm.stmatrix",
    "rocdl.ds.read.tr16.b64",
    "rocdl.ds.read.tr8.b64",
)
"""Our ops that each issue one shared-memory instruction (less the LDS pairs)."""

OUR_CROSS_LANE = (
    "gpu.shuffle",
    "rocdl.update.dpp",
    "rocdl.permlane16.swap",
    "rocdl.permlane32.swap",
    "rocdl.permlanex16",
)
"""Our ops that move data between lanes: shuffles, DPP moves and register-lane swaps."""

SHARED_ACCESS = ("st.shared", "ld.shared", "ldmatrix", "stmatrix")
CONVERSION_ONLY = ("shfl.sync", *SHARED_ACCESS, "bar.sync", "barrier.sync", "bar.warp.sync", "barrier.cluster")
"""Opcodes a global load or store never needs: all of them in the kernel belong to the conversion."""

AMD_CROSS_LANE = ("ds_bpermute", "ds_permute", "ds_swizzle", "v_permlane")
"""AMDGCN opcodes that move data between lanes (DPP moves are told by their ``_dpp`` suffix)."""

AMD_SHARED_ACCESS = ("ds_read", "ds_write", "ds_load", "ds_store")
"""AMDGCN's LDS accesses."""


def phases(opcode: str, memory: SharedMemory) -> int:
    """The wavefronts a conflict-free warp-wide ``opcode`` takes: ``ldmatrix``/``stmatrix``
    one per 8x8 matrix, ``ld``/``st.shared`` the phases of its bits per lane."""
    access = _triton_access(opcode).split(".")
    if "matrix" in access[0]:
        return int(access[1][1:])
    return 1 << memory.phase_lane_bits(int(access[1]), 32)


def _count(counts: dict[str, int], *prefixes: str) -> int:
    """How many instructions of ``counts`` have an opcode starting with one of ``prefixes``."""
    return sum(n for opcode, n in counts.items() if opcode.startswith(prefixes))


def _located(answer: dict[str, object], conversion_only: Callable[[dict[str, int]], int]) -> dict[str, int] | Theirs:
    """The counts the oracle's ``answer`` locates at the conversion's line, or the ``Theirs``
    that says why they cannot be used: Triton refused the module, the baseline does not show
    the conversion was kept, or instructions only a conversion needs (``conversion_only``
    counts them) lie elsewhere in the kernel."""
    convert, baseline = answer["convert"], answer["baseline"]
    assert isinstance(convert, dict) and isinstance(baseline, dict)
    if "error" in convert:
        return Theirs(None, 0, 0, "", str(convert["error"]))
    counts: dict[str, int] = convert["convert"]
    stray = conversion_only(convert["kernel"]) - conversion_only(counts)
    kept = "error" not in baseline and convert["kernel"] != baseline["kernel"]
    if not kept or conversion_only(baseline["kernel"]):
        return Theirs(None, 0, 0, "", "the baseline kernel does not show that the conversion was kept")
    if stray:
        return Theirs(None, 0, 0, "", f"{stray} instructions of the conversion lie outside its source line")
    return counts


def theirs(answer: dict[str, object], target: Target) -> Theirs:
    """Triton's measures from the oracle's ``answer`` for one pair on ``target``."""
    if target.arch.startswith("hip:"):
        return _theirs_amd(answer, target)
    counts = _located(answer, lambda within: _count(within, *CONVERSION_ONLY))
    if isinstance(counts, Theirs):
        return counts
    shared = {opcode: n for opcode, n in counts.items() if opcode.startswith(SHARED_ACCESS)}
    measures = Measures(
        shuffles=_count(counts, "shfl.sync"),
        selects=_count(counts, "selp"),
        permutes=_count(counts, "prmt"),
        shared=sum(shared.values()),
        scratch_bytes=_shared_bytes(answer),
        barriers=_count(counts, "bar.sync", "barrier.sync"),
        wavefronts=sum(n * phases(opcode, target.shared) for opcode, n in shared.items()),
    )
    accesses = Counter({_triton_access(opcode): n for opcode, n in shared.items()})
    return Theirs(
        measures, _count(counts, "bar.warp.sync"), _count(counts, "barrier.cluster"), access_names(accesses), None
    )


def _shared_bytes(answer: dict[str, object]) -> int:
    convert = answer["convert"]
    assert isinstance(convert, dict)
    return int(convert["shared"])


def _amd_moves(counts: dict[str, int]) -> int:
    """Cross-lane moves among ``counts``: LDS permutes and swizzles, permlanes, DPP moves."""
    return _count(counts, *AMD_CROSS_LANE) + sum(n for opcode, n in counts.items() if "_dpp" in opcode)


def _theirs_amd(answer: dict[str, object], target: Target) -> Theirs:
    """Triton's measures from the oracle's AMDGCN ``answer`` for one pair on ``target``."""
    counts = _located(answer, lambda within: _count(within, *AMD_SHARED_ACCESS, "s_barrier") + _amd_moves(within))
    if isinstance(counts, Theirs):
        return counts
    shared = {op: n for op, n in counts.items() if op.startswith(AMD_SHARED_ACCESS)}
    measures = Measures(
        shuffles=_amd_moves(counts),
        selects=_count(counts, "v_cndmask"),
        permutes=_count(counts, "v_perm_b32"),
        shared=sum(shared.values()),
        scratch_bytes=_shared_bytes(answer),
        barriers=_count(counts, "s_barrier"),
        wavefronts=sum(n * _amd_phases(op, target) for op, n in shared.items()),
    )
    accesses = Counter({_amd_access(op): n for op, n in shared.items()})
    return Theirs(measures, 0, 0, access_names(accesses), None)


_AMD_PAIRED = re.compile(r"ds_(read|write)2|ds_(load|store)_2addr")
"""The LDS opcodes that serve two accesses: ``ds_read2*`` (CDNA), ``ds_load_2addr*`` (RDNA)."""


def _amd_bits(opcode: str) -> int:
    """Bits per lane of an LDS access: ``ds_write_b128`` 128, ``ds_read2_b64`` 128,
    ``ds_read_u16`` 16, ``ds_read_b64_tr_b16`` 64 (RDNA's ``ds_load_2addr_b64`` 128)."""
    widths = re.findall(r"_[bui](\d+)", opcode)
    bits = int(widths[0]) if widths else 32
    return bits * (2 if _AMD_PAIRED.match(opcode) else 1)


def _amd_phases(opcode: str, target: Target) -> int:
    """The wavefronts a conflict-free wave-wide LDS ``opcode`` takes: one per phase."""
    return 1 << target.shared.phase_lane_bits(_amd_bits(opcode), target.lanes)


def _amd_access(opcode: str) -> str:
    """``ds_write_b128`` (RDNA: ``ds_store_b128``) as ``st.128``, ``ds_read2_b64`` (RDNA:
    ``ds_load_2addr_b64``) as ``ld2.64``, ``ds_read_b64_tr_b16`` as ``ld.64.tr``."""
    kind = "st" if opcode.startswith(("ds_write", "ds_store")) else "ld"
    pair = "2" if _AMD_PAIRED.match(opcode) else ""
    widths = re.findall(r"_[bui](\d+)", opcode)
    return f"{kind}{pair}.{widths[0] if widths else 32}" + (".tr" if "_tr_" in opcode else "")


def access_names(accesses: Counter[str]) -> str:
    """Shared-memory instructions by name and count, both sides written alike: ``st.128`` (a
    128-bit store per lane), ``ld.64``, ``ldmatrix.x4.trans``, ``stmatrix.x2``."""
    return ", ".join(f"{n}x {name}" for name, n in sorted(accesses.items()))


def _triton_access(opcode: str) -> str:
    """``st.shared.v4.b32`` as ``st.128``; ``ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16``
    as ``ldmatrix.x4.trans``."""
    parts = opcode.split(".")
    if "matrix" in opcode:
        return ".".join(part for part in parts if part in (parts[0], "trans") or re.fullmatch(r"x\d", part))
    vector = re.search(r"\.v(\d)", opcode)
    widths = re.findall(r"\.[bsuf](\d+)\b", opcode)
    bits = (int(vector.group(1)) if vector else 1) * (int(widths[-1]) if widths else 32)
    return f"{parts[0]}.{bits}" + (".cluster" if "::cluster" in opcode else "")


def find_triton_python(option: str | None) -> tuple[Path | None, str]:
    """The Python to run Triton with and its Triton version, or ``None`` and why there is none:
    ``option`` (``--triton-python``), else ``$TRITON_PYTHON``, else ``~/.cache/triton-venv/bin/python``."""
    default = Path.home() / ".cache" / "triton-venv" / "bin" / "python"
    chosen = option or os.environ.get("TRITON_PYTHON") or (str(default) if default.exists() else None)
    if chosen is None:
        return None, f"no Python with Triton: give --triton-python, set $TRITON_PYTHON or create {default}"
    try:
        probe = subprocess.run(
            [chosen, "-c", "import triton; print(triton.__version__)"], capture_output=True, text=True, check=False
        )
    except OSError as error:
        return None, f"{chosen} cannot be run ({error.strerror})"
    if probe.returncode != 0:
        return None, f"{chosen} cannot import triton"
    return Path(chosen), probe.stdout.strip()


def triton_answers(
    python: Path, pairs: Sequence[ConversionPair], targets: Sequence[str]
) -> dict[tuple[str, str], dict[str, object]] | str:
    """The oracle's answer for each (pair name, target), or why there is none; its
    progress goes to stderr."""
    rows = "".join(json.dumps(pair.as_row()) + "\n" for pair in pairs)
    command = [str(python), str(ORACLE), "--targets", ",".join(targets)]
    oracle = subprocess.run(command, input=rows, stdout=subprocess.PIPE, text=True, check=False)
    if oracle.returncode != 0:
        return f"{ORACLE.name} exited with status {oracle.returncode}"
    answers = [json.loads(line) for line in oracle.stdout.splitlines()]
    return {(answer["name"], answer["target"]): answer for answer in answers}


def _row(name: str, path: str, measures: Measures | None, note: str = "") -> str:
    """One pair's line under ``ROW_HEADER``: its path and counts (or only ``note`` without counts)."""
    if measures is None:
        return f"{name:<46}{path:<18}{note}"
    counts = f"{measures.shuffles:>6}{measures.selects:>6}{measures.permutes:>6}{measures.shared:>6}"
    rest = f"{measures.scratch_bytes:>8}{measures.barriers:>5}{measures.wavefronts:>6}"
    return f"{name:<46}{path:<18}{counts}{rest}  {note}".rstrip()


ROW_HEADER = f"{'pair':<46}{'path':<18}{'shfl':>6}{'sel':>6}{'prmt':>6}{'smem':>6}{'bytes':>8}{'bar':>5}{'wf':>6}"


def _triton_path(measures: Measures) -> str:
    """How Triton moved the data, named as our paths are."""
    if measures.shared:
        return "shared memory"
    return "warp shuffles" if measures.shuffles else "registers"


def report(
    pairs: Sequence[ConversionPair],
    seed: int,
    triton: tuple[Path | None, str],
    details: bool,
    targets: dict[str, Target] = TARGETS,
) -> None:
    """Print the comparison of ``pairs`` (drawn with ``seed``) on each of ``targets``: per
    measure, how many pairs we do better, equally and worse than Triton, then each pair
    where we are worse; without Triton (``triton`` says why), our counts alone."""
    python, version = triton
    lanes = pairs[0].lanes if pairs else 32
    print(f"\nrandom conversions: {len(pairs)} pairs (seed {seed}, {lanes} lanes), counts per thread")
    answers: dict[tuple[str, str], dict[str, object]] = {}
    if python is not None:
        start = time.perf_counter()
        answered = triton_answers(python, pairs, list(targets))
        if isinstance(answered, str):
            python, version = None, answered
        else:
            answers = answered
            print(f"Triton {version} ({python}): answered in {time.perf_counter() - start:.1f} s")
            if not version.startswith("3.9."):
                print(f"note: Triton {version} is not 3.9, whose code this package models")
    if python is None:
        print(f"Triton comparison skipped: {version}; our counts alone")
    for name, target in targets.items():
        start = time.perf_counter()
        mine = {pair.name: ours(pair, target) for pair in pairs}
        seconds = time.perf_counter() - start
        print(f"\n{name}: ours planned, lowered and verified in {seconds:.1f} s")
        for pair in pairs:
            if mine[pair.name].failure:
                print(f"!! {pair.name}: our lowering FAILED: {mine[pair.name].failure}")
        if python is None or details:
            print(ROW_HEADER)
            for pair in pairs:
                print(
                    _row(pair.name, mine[pair.name].path, mine[pair.name].measures, f"ours {mine[pair.name].accesses}")
                )
                if python is not None:
                    other = theirs(answers[(pair.name, name)], target)
                    if other.measures is None:
                        print(_row("", "-", None, f"Triton: {other.error}"))
                    else:
                        print(_row("", _triton_path(other.measures), other.measures, f"Triton {other.accesses}"))
        if python is not None:
            others = {
                pair.name: with_exact_wavefronts(pair, target, theirs(answers[(pair.name, name)], target))
                for pair in pairs
            }
            _summary(pairs, mine, others, amd=target.shared.lds)


def _versus(ours_accesses: str, their_accesses: str) -> str:
    """Both sides' shared-memory instructions, when either has any."""
    return f"ours {ours_accesses or '-'}; Triton {their_accesses or '-'}" if ours_accesses or their_accesses else ""


def _better_only_by_permutes(ours: Measures, theirs: Measures) -> bool:
    """Whether we do fewer shuffles + selects + permutes than Triton, but not fewer than its
    shuffles + selects alone."""
    moves = ours.value("moves")
    return theirs.shuffles + theirs.selects <= moves < theirs.value("moves")


def _summary(pairs: Sequence[ConversionPair], mine: dict[str, Ours], others: dict[str, Theirs], amd: bool) -> None:
    """The better / equal / worse table of one target (an AMD one with ``amd``), then the
    pairs where we are worse."""
    compared: list[tuple[str, Measures, Measures]] = []
    for pair in pairs:
        ours_measures, other = mine[pair.name].measures, others[pair.name]
        if other.measures is None:
            print(f"note: {pair.name}: Triton gave no answer: {other.error}")
        elif ours_measures is not None:
            compared.append((pair.name, ours_measures, other.measures))
    print(f"{len(compared)} of {len(pairs)} pairs compared")
    print(f"{'measure':<34}{'better':>7}{'equal':>7}{'worse':>7}")
    worse: list[tuple[str, str, Measures, Measures]] = []
    for measure, label in MEASURES.items():
        tally: Counter[str] = Counter()
        for name, ours_measures, their_measures in compared:
            ours_value, their_value = ours_measures.value(measure), their_measures.value(measure)
            tally["better" if ours_value < their_value else "equal" if ours_value == their_value else "worse"] += 1
            if ours_value > their_value:
                worse.append((name, measure, ours_measures, their_measures))
        print(f"{label:<34}{tally['better']:>7}{tally['equal']:>7}{tally['worse']:>7}")
    if not amd:
        warp_syncs = [others[name].warp_barriers for name, *_ in compared if others[name].warp_barriers]
        clusters = sum(others[name].cluster_barriers for name, *_ in compared)
        print(
            f"Triton also: bar.warp.sync in {len(warp_syncs)} pairs ({sum(warp_syncs)} in all), "
            f"barrier.cluster {clusters} times"
        )
    permute = "v_perm_b32" if amd else "prmt"
    by_permutes = sum(_better_only_by_permutes(ours_measures, theirs) for _, ours_measures, theirs in compared)
    print(
        f"better on {MEASURES['moves']} only by Triton's {permute}: {by_permutes} pairs ({permute} also packs 8- and"
        " 16-bit elements, which our vector ops do uncounted)"
    )
    if not worse:
        print("we are worse on no measure")
        return
    print(f"worse: {len(worse)} (pair, measure)s in {len({name for name, *_ in worse})} pairs")
    print(f"{'pair':<46}{'measure':<12}{'ours':>7}{'Triton':>8}  {'our path':<15}{'Triton path':<15}how")
    for name, measure, ours_measures, their_measures in worse:
        if measure == "moves":
            how = f"ours {_moves(ours_measures, 'sel')}; Triton {_moves(their_measures, 'selp')}"
        else:
            how = _versus(mine[name].accesses, others[name].accesses)
        print(
            f"{name:<46}{measure:<12}{ours_measures.value(measure):>7}{their_measures.value(measure):>8}  "
            f"{mine[name].path:<15}{_triton_path(their_measures):<15}{how}"
        )


def _moves(measures: Measures, select: str) -> str:
    """A side's shuffles, selects (named ``select``) and permutes."""
    return f"{measures.shuffles} shfl + {measures.selects} {select} + {measures.permutes} prmt"
