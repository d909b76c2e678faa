"""``layout-tool convert``: one layout conversion explained, without writing a module.

For a source layout ``A`` and a destination ``B`` (each a matrix from hardware bits,
register, lane, warp and block, to tensor bits) the conversion is ``P = B⁻¹A``: the
destination hardware bit that holds what each source hardware bit held.  The answer
gives

- the class (no-op, register permutation, intra-warp, cross-warp, cross-CTA) and why:
  the hardware dims of the minimal conversion, Triton's ``minimalCvtLayout``;
- ``A``, ``B`` and ``P`` as F2 matrices, and for a conversion within a warp the
  factorisation ``P = P_mixed · P_lane · P_reg`` that the shuffles carry out
  (``layoutdialect.analysis.warp_shuffles``);
- the plan ``lower-convert-layout`` makes, proven on the CTA simulator: the shuffle
  stage with the lane each lane reads, or the scratch buffer with its accesses,
  wavefronts and barriers;
- the instruction counts beside those of Triton 3.9's formula for shuffles (
  ``R`` packed registers, ``m`` transpositions; swap: ``2·m·R`` selects and ``R``
  shuffles, or ``(1 - 2^-m)·R`` when ``P_lane`` is trivial; ship: ``1.5·R`` and ``0.5·R``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute

from layoutdialect.analysis.conversion import ConversionKind, ConversionPath, ConversionStrategy
from layoutdialect.analysis.warp_shuffles import (
    HardwarePermutation,
    ShuffleVariant,
    WarpDecomposition,
    hardware_permutation,
)
from layoutdialect.answers.arguments import (
    LayoutArgument,
    check_output_path,
    describe_tensor,
    parse_conversion_arguments,
    parse_target,
)
from layoutdialect.answers.limits import SLOW_POSITIONS
from layoutdialect.answers.plan import plan_details
from layoutdialect.answers.progress import steps
from layoutdialect.answers.text_table import counted
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.ttg.attributes import encoding_attr
from layoutdialect.encodings import DistributedEncoding
from layoutdialect.f2 import HARDWARE_DIMS, LinearLayout, LinearLayoutError
from layoutdialect.f2.matrix_view import BitMatrix, bit_label, layout_matrix
from layoutdialect.lowering.conversion_plan import (
    ConversionPlan,
    conversion_plan,
    simulated_positions,
    unverified_reason,
)
from layoutdialect.lowering.layout_conversion import LayoutConversion, plan_layout_conversion
from layoutdialect.target import SHUFFLES_ONLY, Target

__all__ = [
    "ConvertAnswer",
    "TritonShuffleCounts",
    "ask",
    "conversion_types",
    "explain_conversion",
    "plan_on_target",
    "triton_shuffle_counts",
]

MAX_LISTED_LANES = 8
"""Lanes listed per shuffled word; the pattern repeats in the others."""

WHY = {
    ConversionKind.NO_OP: "every hardware index holds the same element in both layouts: nothing moves",
    ConversionKind.REGISTER: "only register bits differ: each thread already holds the elements it needs",
    ConversionKind.INTRA_WARP: "lane bits differ but no warp or block bit does: data moves between the lanes "
    "of a warp, never between warps",
    ConversionKind.CROSS_WARP: "warp bits differ: data moves between the warps of a CTA",
    ConversionKind.CROSS_CTA: "block bits differ: data moves between the CTAs of a cluster",
}


@dataclass(frozen=True)
class TritonShuffleCounts:
    """What Triton 3.9's shuffle lowering (its ``transferWithinWarp``) emits for a conversion within a warp."""

    variant: str
    registers: int
    transpositions: int
    moves_lanes: bool
    shuffles: float
    selects: float

    def text(self) -> str:
        lanes = "P_lane moves lanes" if self.moves_lanes else "P_lane trivial"
        if self.variant == ShuffleVariant.SHIP.value:
            formulas = "0.5·R shuffles, 1.5·R selects"
        elif self.moves_lanes:
            formulas = "R shuffles, 2·m·R selects"
        else:
            formulas = "(1 - 2^-m)·R shuffles, 2·m·R selects"
        return (
            f"{counted(self.shuffles, 'shuffle')}, {counted(self.selects, 'select')} "
            f"({self.variant}: m = {self.transpositions}, R = {self.registers}, {lanes}; {formulas})"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "R": self.registers,
            "m": self.transpositions,
            "shuffles": self.shuffles,
            "selects": self.selects,
        }


def triton_shuffle_counts(warp: WarpDecomposition) -> TritonShuffleCounts:
    """The counts of Triton 3.9's shuffle formula for ``warp``: Triton ships when there is one
    transposition and ``P_lane`` is trivial, and swaps otherwise."""
    registers, m, moves = warp.words, warp.transposition_count, warp.moves_lanes
    if m == 1 and not moves:
        return TritonShuffleCounts(ShuffleVariant.SHIP.value, registers, m, moves, 0.5 * registers, 1.5 * registers)
    shuffles = registers if moves else (1 - 2**-m) * registers
    return TritonShuffleCounts(ShuffleVariant.SWAP.value, registers, m, moves, shuffles, 2 * m * registers)


def _permutation_matrix(images: list[int] | tuple[int, ...], labels: tuple[str, ...]) -> BitMatrix:
    return BitMatrix(labels, labels, tuple(1 << image for image in images))


def _factor_matrices(permutation: HardwarePermutation, lanes: int) -> dict[str, BitMatrix]:
    """``P`` on one warp's hardware bits and its factors ``P_reg``, ``P_lane``, ``P_mixed``."""
    registers = permutation.register_bits
    labels = tuple([bit_label("register", k) for k in range(registers)] + [bit_label("lane", j) for j in range(lanes)])
    reg = [*permutation.register_renaming, *range(registers, registers + lanes)]
    lane = [*range(registers), *(registers + j for j in permutation.lane_relabelling)]
    mixed = list(range(registers + lanes))
    for r, j in permutation.transpositions:
        mixed[r], mixed[registers + j] = registers + j, r
    matrices = {
        "P_warp": _permutation_matrix(permutation.sigma, labels),
        "P_mixed": _permutation_matrix(mixed, labels),
        "P_lane": _permutation_matrix(lane, labels),
        "P_reg": _permutation_matrix(reg, labels),
    }
    assert matrices["P_mixed"] @ matrices["P_lane"] @ matrices["P_reg"] == matrices["P_warp"]
    return matrices


@dataclass(frozen=True)
class ConvertAnswer:
    """``layout-tool convert``: the class, the F2 explanation, the plan and its counts."""

    src: LayoutArgument
    dst: LayoutArgument
    element: str
    target: Target
    conversion: LayoutConversion
    plan: ConversionPlan
    """The plan the pass lowers, with every count (``layoutdialect.plan`` returns it)."""
    matrices: dict[str, BitMatrix]
    permutation: HardwarePermutation | None
    triton: TritonShuffleCounts | None

    @property
    def strategy(self) -> ConversionStrategy:
        strategy: ConversionStrategy = self.conversion.strategy
        return strategy

    @property
    def kind(self) -> ConversionKind:
        return self.strategy.kind

    def _moving_dims(self) -> list[str]:
        return self.strategy.minimal_map.get_in_dim_names()

    def _header(self) -> list[str]:
        layout = self.src.layout
        sizes = ", ".join(
            f"{layout.get_in_dim_size(d)} {name}{'' if layout.get_in_dim_size(d) == 1 else 's'}"
            for d, name in (("lane", "lane"), ("warp", "warp"), ("block", "CTA"))
        )
        return [
            f"convert {describe_tensor(self.src.shape, self.element)} on {_gpu(self.target)} ({sizes})",
            f"  from {self.plan.src}",
            f"  to   {self.plan.dst}",
        ]

    def _f2_lines(self) -> list[str]:
        lines = [
            "A (source) and B (destination) send hardware bits (columns) to tensor bits (rows);",
            "P = B⁻¹A sends each source hardware bit to the destination bit that holds the same data.",
            "A =",
            *(f"  {line}" for line in self.matrices["A"].lines()),
            "B =",
            *(f"  {line}" for line in self.matrices["B"].lines()),
        ]
        if "P" in self.matrices:
            lines += ["P = B⁻¹A =", *(f"  {line}" for line in self.matrices["P"].lines())]
        if self.permutation is not None:
            lines += self._factor_lines()
        return lines

    def _factor_lines(self) -> list[str]:
        assert self.permutation is not None
        names: tuple[tuple[str, str], ...] = (
            ("P_warp", "P on one warp (registers holding distinct data, then lanes)"),
            ("P_reg", "P_reg, a register renaming (free)"),
            ("P_lane", "P_lane, a lane relabelling (the shuffle's source lane)"),
            ("P_mixed", "P_mixed, the register-lane transpositions"),
        )
        lines = ["P_warp = P_mixed · P_lane · P_reg, where"]
        if self.matrices.get("P") == self.matrices["P_warp"]:
            lines = ["P = P_mixed · P_lane · P_reg, where"]
            names = names[1:]
        for key, title in names:
            lines += [f"{title} =", *(f"  {line}" for line in self.matrices[key].lines())]
        for r, j in self.permutation.transpositions:
            reg, lane = bit_label("register", r), bit_label("lane", j)
            lines.append(
                f"transposition ({reg} {lane}) = select ({reg} ^= {lane}) · shuffle ({lane} ^= {reg}) · "
                f"select ({reg} ^= {lane})"
            )
        return lines

    def _shuffle_stage_lines(self) -> list[str]:
        warp = self.conversion.strategy.warp
        if self.conversion.strategy.path is not ConversionPath.WARP_SHUFFLES or warp is None:
            return []
        lanes = min(1 << warp.physical_lane_bits, MAX_LISTED_LANES)
        lines = ["shuffle stage (lane <- the lane it reads; the pattern repeats over the warp):"]
        if warp.variant is ShuffleVariant.SHIP:
            for t in warp.shuffled_transpositions:
                pairs = " ".join(f"{lane}<-{lane ^ 1 << t.lane_bit}" for lane in range(lanes))
                lines.append(
                    f"  words with word bit {t.register_bit} clear, sent across lane bit {t.lane_bit}: {pairs}"
                )
        else:
            for word in range(warp.words):
                sources = [warp.swap_source_lane(word, lane) for lane in range(lanes)]
                if not warp.moves_lanes and sources == list(range(lanes)):
                    lines.append(f"  word {word}: stays")
                    continue
                listed = " ".join(f"{lane}<-{source}" for lane, source in enumerate(sources))
                lines.append(f"  word {word}: {listed}")
        for t in warp.lane_swaps:
            lines.append(
                f"then each pair of words across word bit {t.register_bit} swaps lane bit {t.lane_bit}: "
                f"v_permlane{1 << t.lane_bit}_swap"
            )
        return lines

    def text(self) -> str:
        plan = self.plan
        lines = self._header()
        lines += ["", f"class: {self.kind.value}", f"  why: {WHY[self.kind]}"]
        dims = self._moving_dims()
        lines.append(
            "  the minimal conversion (P with the hardware dims it leaves alone quotiented out) has in-dims "
            + (", ".join(dims) if dims else "none")
        )
        lines += ["", *self._f2_lines(), ""]
        lines.append(f"plan: {plan.path} ({plan.reason})")
        lines += plan_details(plan)[3:]
        lines += self._shuffle_stage_lines()
        lines.append("")
        lines.append(
            f"counts: {counted(plan.shuffles, 'shuffle')}, {counted(plan.selects, 'select')}, "
            f"{counted(plan.permutes, 'byte permute')}, {counted(plan.barriers, 'barrier')}, "
            f"{plan.scratch_bytes} bytes of scratch"
        )
        warp = self.conversion.strategy.warp
        if warp is not None and warp.cross_lane != SHUFFLES_ONLY:
            swaps = warp.lane_swap_instructions
            dpp = sum(warp.dpp_moves(mask) for mask in warp.xor_shuffle_masks())
            x16 = sum(warp.cross_lane.permlane_x16(mask) for mask in warp.xor_shuffle_masks())
            named = [counted(dpp, "DPP move")]
            if warp.cross_lane.lane_swap_bits:
                named.insert(0, f"{counted(swaps, 'register-lane swap')} (v_permlane16/32_swap)")
            if warp.cross_lane.row_xmask:
                named.append(counted(x16, "v_permlanex16"))
            lines.append(f"of the shuffles: {', '.join(named)}, the rest ds_bpermute")
        if self.triton is not None and not (warp is not None and warp.lane_swaps):
            lines.append(f"Triton 3.9's shuffle formula: {self.triton.text()}")
        verdict = {
            True: "yes: the lowering, run on the CTA simulator, gives every thread its destination elements",
            False: f"NO: {plan.failure}",
            None: plan.unverified or "not lowered",
        }
        lines.append(f"verified: {verdict[plan.verified]}")
        return "\n".join(lines) + "\n"

    def _repr_html_(self) -> str:
        """A notebook's view: the ``convert --html`` page."""
        from layoutdialect.answers.pages import conversion_page

        return conversion_page(self, self.target.shared)

    def to_json(self) -> dict[str, Any]:
        """The kind and the F2 matrices of the conversion, and its plan's fields under ``plan``."""
        return {
            "kind": self.kind.value,
            "why": WHY[self.kind],
            "moving_dims": self._moving_dims(),
            "triton": self.triton.to_json() if self.triton else None,
            "matrices": {name: matrix.to_json() for name, matrix in self.matrices.items()},
            "plan": self.plan.to_json(),
        }


def _distributed(argument: LayoutArgument, what: str) -> DistributedEncoding:
    if not isinstance(argument.encoding, DistributedEncoding):
        raise argument.error(f"the {what} layout must be a distributed ttg encoding (a register layout)")
    return argument.encoding


def conversion_types(
    src: LayoutArgument, dst: LayoutArgument, element: Attribute
) -> tuple[TensorType[Attribute], TensorType[Attribute]]:
    """The tensor types a conversion from ``src`` to ``dst`` reads and writes; an error at
    the destination unless both are register layouts of one shape on as many lanes, warps
    and CTAs."""
    if src.shape != dst.shape:
        raise dst.error(f"the layouts have different shapes: {list(src.shape)} and {list(dst.shape)}")
    source_encoding, result_encoding = _distributed(src, "source"), _distributed(dst, "destination")
    for dim, name in (("lane", "lanes"), ("warp", "warps"), ("block", "CTAs")):
        if src.layout.get_in_dim_size(dim) != dst.layout.get_in_dim_size(dim):
            message = (
                f"the layouts run on different numbers of {name}: "
                f"{src.layout.get_in_dim_size(dim)} (the source) and {dst.layout.get_in_dim_size(dim)} (this one)"
            )
            raise dst.error(message)
    return (
        TensorType(element, src.shape, encoding_attr(source_encoding)),
        TensorType(element, dst.shape, encoding_attr(result_encoding)),
    )


def plan_on_target(src: LayoutArgument, dst: LayoutArgument, element: Attribute, target: Target) -> LayoutConversion:
    """The conversion ``lower-convert-layout`` plans from ``src`` to ``dst`` on ``target``;
    an error where it crosses CTAs on a GPU without thread-block clusters."""
    bits = bit_width(element)
    assert bits is not None
    conversion = plan_layout_conversion(src.layout, dst.layout, bits, target.shared, cross_lane=target.cross_lane)
    if conversion.strategy.kind is ConversionKind.CROSS_CTA and target.lacks_clusters:
        raise dst.error(
            f"the conversion moves data between the CTAs of a cluster, and {target.arch} has no thread-block "
            "clusters: they start with cuda:90"
        )
    return conversion


def _conversion_matrix(src: LinearLayout, dst: LinearLayout) -> BitMatrix | None:
    """``P = B⁻¹A`` over all hardware bits, or ``None`` where ``B`` does not cover the tensor."""
    try:
        conversion = src.invert_and_compose(dst)
    except LinearLayoutError:
        return None
    return layout_matrix(conversion, [d for d in HARDWARE_DIMS if conversion.has_in_dim(d)])


def plan_layouts(
    src: LayoutArgument,
    dst: LayoutArgument,
    element: Attribute,
    target: Target,
    verify: bool = True,
    loc: str = "<plan>",
) -> tuple[LayoutConversion, ConversionPlan]:
    """The conversion of a tensor of ``element`` from ``src`` to ``dst`` on ``target`` as
    ``lower-convert-layout`` plans it, and its plan, lowered and run on the simulator when
    ``verify`` (with progress shown when that takes a while)."""
    source_type, result_type = conversion_types(src, dst, element)
    conversion = plan_on_target(src, dst, element, target)
    simulated = verify and conversion.lowerable and not unverified_reason(conversion)
    large = simulated and simulated_positions(conversion) > SLOW_POSITIONS
    with steps(loc.strip("<>"), ["lower and simulate"], large) as step:
        step("lower and simulate")
        plan = conversion_plan(conversion, source_type, result_type, verify=verify, loc=loc)
    return conversion, plan


def explain_conversion(
    src: LayoutArgument, dst: LayoutArgument, element: Attribute, target: Target, verify: bool = True
) -> ConvertAnswer:
    """The conversion of a tensor of ``element`` from ``src`` to ``dst`` on ``target``,
    planned as ``lower-convert-layout`` plans it and, with ``verify``, lowered and run on
    the simulator, with the F2 matrices that explain it."""
    conversion, plan = plan_layouts(src, dst, element, target, verify, "<convert>")
    strategy = conversion.strategy
    matrices = {"A": layout_matrix(src.layout, HARDWARE_DIMS), "B": layout_matrix(dst.layout, HARDWARE_DIMS)}
    if (p := _conversion_matrix(src.layout, dst.layout)) is not None:
        matrices["P"] = p
    permutation = None
    if strategy.kind is ConversionKind.INTRA_WARP:
        permutation = hardware_permutation(src.layout, dst.layout)
        if permutation is not None:
            matrices |= _factor_matrices(permutation, src.layout.get_in_dim_size_log2("lane"))
    triton = None
    if strategy.path is ConversionPath.WARP_SHUFFLES and strategy.warp is not None:
        triton = triton_shuffle_counts(strategy.warp)
    return ConvertAnswer(src, dst, str(element), target, conversion, plan, matrices, permutation, triton)


def ask(
    source: str,
    destination: str,
    dtype: str,
    shape: str | None = None,
    target: str | None = None,
    num_banks: int | None = None,
    no_verify: bool = False,
    html: str | None = None,
) -> ConvertAnswer:
    """``layout-tool convert``: two layouts, an element type and the GPU as written on the
    command line; with ``html``, the conversion is also drawn to that page."""
    if html is not None:
        check_output_path("--html", html)
    src, dst, element = parse_conversion_arguments("convert", source, destination, dtype, shape)
    gpu = parse_target(target, num_banks)
    answer = explain_conversion(src, dst, element, gpu, verify=not no_verify)
    if html is not None:
        from layoutdialect.answers.pages import conversion_page, write_page

        write_page(html, lambda: conversion_page(answer, gpu.shared))
    return answer


def _gpu(target: Target) -> str:
    return "a generic NVIDIA GPU" if target.arch == "generic" else target.arch
