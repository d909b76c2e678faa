"""Which data a layout conversion moves, and the cheapest way to move it.

``choose_strategy(src, dst, element_bits)`` answers for a ``ttg.convert_layout``
from layout ``src`` to ``dst`` (both at the tensor's shape), as Triton's
``minimalCvtLayout`` and ``ConvertLayoutOpConversion`` do.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from layoutdialect.analysis.preconditions import AnalysisError, check_conversion, check_element_bits
from layoutdialect.analysis.scratch_layout import ScratchPlan, plan_scratch
from layoutdialect.analysis.warp_shuffles import WarpDecomposition, decompose_warp_conversion
from layoutdialect.f2 import HARDWARE_DIMS, LinearLayout
from layoutdialect.f2.arguments import checks_arguments
from layoutdialect.f2.bitmatrix import combine_all
from layoutdialect.target import SHUFFLES_ONLY, CrossLane, SharedMemory

__all__ = [
    "ConversionKind",
    "ConversionPath",
    "ConversionStrategy",
    "minimal_conversion",
    "choose_strategy",
    "reorders_registers",
]


class ConversionKind(Enum):
    """How far the data of a conversion travels."""

    NO_OP = "no-op"
    REGISTER = "register permutation"
    INTRA_WARP = "intra-warp"
    CROSS_WARP = "cross-warp"
    CROSS_CTA = "cross-CTA"


class ConversionPath(Enum):
    """How a conversion is carried out."""

    NONE = "none"
    REGISTERS = "register renaming"
    WARP_SHUFFLES = "warp shuffles"
    SHARED_MEMORY = "shared memory"
    DISTRIBUTED_SHARED_MEMORY = "distributed shared memory"


@checks_arguments(AnalysisError)
def minimal_conversion(src: LinearLayout, dst: LinearLayout) -> LinearLayout:
    """The map from each destination hardware index to the source index that holds its
    element, with the hardware dims it leaves alone quotiented out (``block``, then
    ``warp``, ``lane``, ``register``, stopping at the first that moves data).

    >>> from layoutdialect.f2 import LinearLayout
    >>> src = LinearLayout.from_bases([("register", [[1], [2]]), ("lane", [[4]])], ["dim0"])
    >>> dst = LinearLayout.from_bases([("register", [[2], [1]]), ("lane", [[4]])], ["dim0"])
    >>> minimal_conversion(src, dst).bases
    [('register', [[2], [1]])]
    """
    check_conversion(src, dst, "minimal_conversion")
    return _minimal_conversion(src, dst)


def _minimal_conversion(src: LinearLayout, dst: LinearLayout) -> LinearLayout:
    conversion = dst.invert_and_compose(src)
    common = [d for d in reversed(HARDWARE_DIMS) if src.has_in_dim(d) and dst.has_in_dim(d)]
    for dim in common:
        quotient = conversion.quotient([dim])
        if quotient is None:
            break
        conversion = quotient
    return conversion


@checks_arguments(AnalysisError)
@lru_cache(maxsize=4096)
def reorders_registers(src: LinearLayout, dst: LinearLayout) -> bool:
    """Triton's ``cvtReordersRegisters``: every thread already holds the data it needs,
    so the conversion at most renames registers.  (Remembered: the passes' cost model
    asks it of the same few layout pairs again and again.)"""
    check_conversion(src, dst, "reorders_registers")
    return _kind(_minimal_conversion(src, dst)) in (ConversionKind.NO_OP, ConversionKind.REGISTER)


def _kind(conversion: LinearLayout) -> ConversionKind:
    dims = set(conversion.get_in_dim_names())
    if "block" in dims:
        return ConversionKind.CROSS_CTA
    if "warp" in dims:
        return ConversionKind.CROSS_WARP
    if "lane" in dims:
        return ConversionKind.INTRA_WARP
    if "register" in dims:
        return ConversionKind.REGISTER
    return ConversionKind.NO_OP


@dataclass(frozen=True)
class ConversionStrategy:
    """What a conversion needs: its kind, the path chosen, why, and what it costs.

    ``register_map[d]`` (register permutations) is the source register destination
    register ``d`` copies; ``warp`` (shuffles) is the warp decomposition.
    """

    kind: ConversionKind
    path: ConversionPath
    reason: str
    minimal_map: LinearLayout
    source_registers: int
    destination_registers: int
    register_map: tuple[int, ...] = ()
    warp: WarpDecomposition | None = None
    scratch: ScratchPlan | None = None

    @property
    def shuffles(self) -> int:
        return self.warp.shuffles if self.path is ConversionPath.WARP_SHUFFLES and self.warp else 0

    @property
    def selects(self) -> int:
        return self.warp.selects if self.path is ConversionPath.WARP_SHUFFLES and self.warp else 0

    @property
    def permutes(self) -> int:
        return self.warp.permutes if self.path is ConversionPath.WARP_SHUFFLES and self.warp else 0

    def _repr_html_(self) -> str:
        """A notebook's view: the kind, path and reason, the counts, and the minimal
        conversion as an F2 matrix."""
        from html import escape

        facts = [("kind", self.kind.value), ("path", self.path.value), ("why", self.reason)]
        facts += [
            ("shuffles", str(self.shuffles)),
            ("selects", str(self.selects)),
            ("byte permutes", str(self.permutes)),
        ]
        if self.scratch is not None:
            facts += [("scratch bytes", str(self.scratch.scratch_bytes)), ("barriers", str(self.scratch.barriers))]
        rows = "".join(f"<tr><th>{escape(name)}</th><td>{escape(value)}</td></tr>" for name, value in facts)
        return f"<table>{rows}</table><p>minimal conversion:</p>{self.minimal_map._repr_html_()}"

    @property
    def mixed_transpositions(self) -> int | None:
        """Register-lane transpositions of an intra-warp conversion (None if it is no bit permutation)."""
        return self.warp.transposition_count if self.warp else None


@checks_arguments(AnalysisError)
def choose_strategy(
    src: LinearLayout,
    dst: LinearLayout,
    element_bits: int,
    memory: SharedMemory,
    max_mixed_transpositions: int = 1,
    max_scratch_bytes: int | None = None,
    cross_lane: CrossLane = SHUFFLES_ONLY,
) -> ConversionStrategy:
    """How to convert a tensor of ``element_bits``-bit elements from layout ``src`` to ``dst``
    on a GPU whose shared memory is ``memory`` and whose cross-lane moves beyond shuffles
    are ``cross_lane`` (``Target.cross_lane``: DPP, register-lane swaps).

    Intra-warp conversions use shuffles when they need at most
    ``max_mixed_transpositions`` register-lane transpositions (Triton's rule is 1),
    shared memory otherwise.  A scratch
    buffer holds at most ``max_scratch_bytes`` (``None``: as many as Triton 3.9's for the pair).
    """
    check_conversion(src, dst, "choose_strategy")
    check_element_bits(element_bits, "choose_strategy: element_bits")
    if max_mixed_transpositions < 0:
        raise AnalysisError(
            f"choose_strategy: max_mixed_transpositions must be at least 0, got {max_mixed_transpositions}"
        )
    if max_scratch_bytes is not None and max_scratch_bytes < 1:
        raise AnalysisError(f"choose_strategy: max_scratch_bytes must be positive, got {max_scratch_bytes}")
    conversion = _minimal_conversion(src, dst)
    kind = _kind(conversion)
    registers = (src.get_in_dim_size("register"), dst.get_in_dim_size("register"))

    def plan(
        path: ConversionPath, reason: str, register_map: tuple[int, ...] = (), warp: WarpDecomposition | None = None
    ) -> ConversionStrategy:
        scratch = None
        if path in (ConversionPath.SHARED_MEMORY, ConversionPath.DISTRIBUTED_SHARED_MEMORY):
            copies = src.free_variable_masks().get("warp", 0) | dst.free_variable_masks().get("warp", 0)
            synchronous = kind is ConversionKind.INTRA_WARP and not copies
            try:
                scratch = plan_scratch(src, dst, element_bits, memory, synchronous, max_scratch_bytes)
            except AnalysisError as error:
                reason = f"{reason}, but {error}"
        return ConversionStrategy(kind, path, reason, conversion, *registers, register_map, warp, scratch)

    if kind is ConversionKind.NO_OP:
        return plan(ConversionPath.NONE, "the layouts are equal at this shape")
    if kind is ConversionKind.REGISTER:
        register_map = tuple(combine_all([basis[0] for basis in dict(conversion.bases)["register"]]))
        return plan(ConversionPath.REGISTERS, "each thread keeps its data", register_map=register_map)
    if kind is ConversionKind.CROSS_CTA:
        return plan(ConversionPath.DISTRIBUTED_SHARED_MEMORY, "data crosses the CTAs of the cluster")
    shuffles_fit = element_bits <= 32 or element_bits == 64
    if kind is ConversionKind.CROSS_WARP:
        copies = src.free_variable_masks().get("warp", 0)
        fits = copies and shuffles_fit
        warp = decompose_warp_conversion(src, dst, element_bits, copies, cross_lane) if fits else None
        if warp is None or warp.transposition_count > max_mixed_transpositions:
            return plan(ConversionPath.SHARED_MEMORY, "data crosses warps")
        reason = (
            f"data crosses warps only along warp bits the source copies, so each warp reads its own lanes; "
            f"{_transpositions(warp.transposition_count)}, by {_methods(warp)}"
        )
        return plan(ConversionPath.WARP_SHUFFLES, reason, warp=warp)
    warp = decompose_warp_conversion(src, dst, element_bits, 0, cross_lane) if shuffles_fit else None
    if warp is None:
        reason = "the warp's data does not move by a permutation of register and lane bits"
        return plan(ConversionPath.SHARED_MEMORY, reason)
    mixed = warp.transposition_count
    if mixed > max_mixed_transpositions:
        reason = f"{_transpositions(mixed)}; shuffles take at most {max_mixed_transpositions}"
        return plan(ConversionPath.SHARED_MEMORY, reason, warp=warp)
    reason = f"{_transpositions(mixed)}, by {_methods(warp)}"
    return plan(ConversionPath.WARP_SHUFFLES, reason, warp=warp)


def _methods(warp: WarpDecomposition) -> str:
    """How the transpositions run: ``swap`` or ``ship`` between words, byte permutes within
    them, register-lane swaps along lane bits 4 and 5."""
    shuffled = warp.transpositions or not (warp.in_word_transpositions or warp.lane_swaps)
    methods = [warp.variant.value] if shuffled else []
    methods += ["byte permutes"] * bool(warp.in_word_transpositions)
    return " and ".join(methods + ["lane swaps"] * bool(warp.lane_swaps))


def _transpositions(count: int) -> str:
    return f"{count} register-lane transposition{'' if count == 1 else 's'}"
