"""How many wavefronts a warp's shared-memory access takes, over F2.

A warp's access is served in phases, and a phase in as many wavefronts as the most
distinct words any bank holds (``layoutdialect.target.SharedMemory`` defines both).
Addresses are linear in the lane bits, so that count is exact in F2 terms.  Cut each
lane's element offset down to its *chunk* (the aligned word, or the aligned vector when
wider): the lanes of a phase then reach a coset of the span ``T`` of the phase lanes'
chunk offsets, and two chunks clash exactly when they differ only above the bank bits.
A phase therefore takes ``2 ** (rank(T) - rank(T restricted to the bank bits))``
wavefronts.  Where the vector fills whole words this is Triton's
``2 ** dim(span(segment) ∩ span(lane tile))`` (``bankConflicts`` in its generic
swizzling); it also stays exact for accesses narrower than a word, where lanes may share
one.  ``docs/shared-memory.md`` works an example.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from layoutdialect.analysis.preconditions import AnalysisError, check_element_bits, check_shared_access
from layoutdialect.f2 import LinearLayout
from layoutdialect.f2.arguments import checks_arguments
from layoutdialect.f2.bitmatrix import combine, rank, span_intersection
from layoutdialect.target import SharedMemory

__all__ = [
    "SharedAccessCost",
    "access_cost",
    "bank_conflicts",
    "WarpAccess",
    "largest_vectorisation",
    "warp_access",
]

MAX_VECTOR_BITS = 128
"""The widest access one lane makes (``ld.shared.v4.b32``, ``ds_read_b128``)."""


@dataclass(frozen=True)
class SharedAccessCost:
    """The cost of one warp's loads or stores of a tensor in shared memory.

    ``instructions`` are per thread (so per warp); each takes
    ``wavefronts_per_instruction`` wavefronts, at best ``phases``; the access (all of the
    warp's instructions) takes ``total_wavefronts``, its wavefronts per access.
    """

    vector_bits: int
    instructions: int
    phases: int
    wavefronts_per_instruction: int

    @property
    def total_wavefronts(self) -> int:
        """Wavefronts per access: of all the warp's instructions."""
        return self.instructions * self.wavefronts_per_instruction

    @property
    def conflict_free(self) -> bool:
        return self.wavefronts_per_instruction == self.phases

    @property
    def excess_per_wavefront(self) -> int:
        """Triton's ``bank_conflicts``: extra wavefronts each phase needs (0 when conflict-free)."""
        return self.wavefronts_per_instruction // self.phases - 1

    def to_json(self) -> dict[str, int | bool]:
        """The cost as every JSON answer spells it."""
        return {
            "vector_bits": self.vector_bits,
            "instructions": self.instructions,
            "phases": self.phases,
            "wavefronts_per_instruction": self.wavefronts_per_instruction,
            "wavefronts_per_access": self.total_wavefronts,
            "bank_conflicts": self.excess_per_wavefront,
            "conflict_free": self.conflict_free,
        }


@checks_arguments(AnalysisError)
def access_cost(
    register_offsets: Sequence[int],
    lane_offsets: Sequence[int],
    element_bits: int,
    vector_elements: int,
    memory: SharedMemory,
    load: bool = True,
    idle_copies: bool = False,
) -> SharedAccessCost:
    """The cost of a warp access where register ``r`` of lane ``l`` is at element offset
    ``register_offsets ⊕ lane_offsets`` (each a list of basis images, zero for copies).

    Each instruction moves ``vector_elements`` registers at consecutive offsets; ``load``
    says which way (AMD's 128-bit loads form their phases from other lanes than stores).
    With ``idle_copies``, the lanes that only copy others (along a zero lane basis) stay
    idle, as the lanes beyond an access tile do: a phase of idle lanes touches no word and
    takes no wavefront (``SharedMemory.wavefronts`` of none), so only the phases that hold
    an active lane count.
    """
    check_element_bits(element_bits, "access_cost: element_bits")
    if any(offset < 0 for offset in [*register_offsets, *lane_offsets]):
        raise AnalysisError("access_cost: register_offsets and lane_offsets must be offsets, at least 0")
    vector_bits = vector_elements * element_bits
    if vector_bits > MAX_VECTOR_BITS or vector_elements < 1 or vector_elements & (vector_elements - 1):
        raise AnalysisError(
            f"access_cost: vector_elements must be a power of two of at most {MAX_VECTOR_BITS} bits; a vector of "
            f"{vector_elements} x {element_bits} bits is not a shared-memory access"
        )
    misaligned = [offset for offset in lane_offsets if offset % vector_elements]
    if misaligned:
        raise AnalysisError(f"lane offset {misaligned[0]} breaks the alignment of {vector_elements}-element vectors")
    return _access_cost(register_offsets, lane_offsets, element_bits, vector_elements, memory, load, idle_copies)


def _access_cost(
    register_offsets: Sequence[int],
    lane_offsets: Sequence[int],
    element_bits: int,
    vector_elements: int,
    memory: SharedMemory,
    load: bool,
    idle_copies: bool = False,
) -> SharedAccessCost:
    """``access_cost`` of arguments known to fit."""
    vector_bits = vector_elements * element_bits
    phase = memory.phase_basis(vector_bits, len(lane_offsets), load)
    phase_bits = len(lane_offsets) - len(phase)
    if idle_copies:
        active = [1 << bit for bit, offset in enumerate(lane_offsets) if offset]
        phase_bits = rank(phase + active) - len(phase)
        phase = span_intersection(phase, active)
    chunk_shift, bank_groups = memory.chunk_split(element_bits, vector_elements)
    chunks = [combine(lane_offsets, lane) >> chunk_shift for lane in phase]
    in_bank = [chunk & (bank_groups - 1) for chunk in chunks]
    per_phase = 1 << (rank(chunks) - rank(in_bank))
    stored = [offset for offset in register_offsets if offset]
    return SharedAccessCost(
        vector_bits=vector_bits,
        instructions=max(1, (1 << len(stored)) // vector_elements),
        phases=1 << phase_bits,
        wavefronts_per_instruction=per_phase << phase_bits,
    )


@checks_arguments(AnalysisError)
def largest_vectorisation(
    register_offsets: Sequence[int],
    element_bits: int,
    other_offsets: Sequence[int] = (),
    max_bits: int = MAX_VECTOR_BITS,
) -> int:
    """The most registers (a power of two, at most ``max_bits`` wide) that some register
    bases place at consecutive offsets ``0, 1, 2, ...`` while every other basis
    (``other_offsets``: lanes, warps) keeps the vector aligned.

    >>> largest_vectorisation([2, 1, 8], 16)
    4
    >>> largest_vectorisation([2, 1, 8], 16, other_offsets=[18])
    2
    """
    check_element_bits(element_bits, "largest_vectorisation: element_bits")
    return _largest_vectorisation(register_offsets, element_bits, other_offsets, max_bits)


def _largest_vectorisation(
    register_offsets: Sequence[int], element_bits: int, other_offsets: Sequence[int], max_bits: int
) -> int:
    """``largest_vectorisation`` of arguments known to fit."""
    others = [offset for offset in [*register_offsets, *other_offsets] if offset]
    elements = 1
    while elements * 2 * element_bits <= max_bits and elements in register_offsets:
        others.remove(elements)
        if any(offset & elements for offset in others):
            break
        elements *= 2
    return elements


@checks_arguments(AnalysisError)
def bank_conflicts(
    reg_layout: LinearLayout,
    shared_layout: LinearLayout,
    bitwidth: int,
    memory: SharedMemory,
    load: bool = True,
    vector_bits: int | None = None,
) -> SharedAccessCost:
    """The cost of a ``local_load`` (``load``) or ``local_store`` between a distributed
    layout and a shared one (both at the tensor's shape), with ``vector_bits``-wide
    accesses (by default the widest both allow, up to 128 bits).

    >>> from layoutdialect.encodings import BlockedEncoding, CGALayout, SwizzledSharedEncoding, to_linear_layout
    >>> rows = BlockedEncoding((1, 1), (32, 1), (4, 1), (0, 1), CGALayout.single(2))
    >>> plain = SwizzledSharedEncoding(1, 1, 1, (1, 0), CGALayout.single(2))
    >>> cost = bank_conflicts(to_linear_layout(rows, [128, 64]), to_linear_layout(plain, [128, 64]), 16, SharedMemory())
    >>> cost.vector_bits, cost.wavefronts_per_instruction, cost.excess_per_wavefront
    (128, 32, 7)
    """
    check_shared_access(reg_layout, shared_layout, bitwidth, "bank_conflicts")
    access = _warp_access(reg_layout, shared_layout, bitwidth)
    elements = access.vector_elements(bitwidth, vector_bits)
    return _access_cost(access.register_offsets, access.lane_offsets, bitwidth, elements, memory, load)


@dataclass(frozen=True)
class WarpAccess:
    """Where each register, lane and warp basis of a distributed layout lands in a shared one
    (element offsets), and the widest vector those offsets allow, in elements."""

    register_offsets: list[int]
    lane_offsets: list[int]
    warp_offsets: list[int]
    widest_elements: int

    @checks_arguments(AnalysisError)
    def vector_elements(self, bitwidth: int, vector_bits: int | None) -> int:
        """Elements per access: ``vector_bits`` wide, or the widest when ``None``."""
        check_element_bits(bitwidth, "vector_elements: bitwidth")
        if vector_bits is None:
            return self.widest_elements
        if vector_bits % bitwidth or vector_bits // bitwidth > self.widest_elements or vector_bits < bitwidth:
            raise AnalysisError(
                f"{vector_bits}-bit accesses need {vector_bits // bitwidth or 1} registers at consecutive offsets; "
                f"the layouts allow at most {self.widest_elements * bitwidth} bits"
            )
        return vector_bits // bitwidth


@checks_arguments(AnalysisError)
def warp_access(reg_layout: LinearLayout, shared_layout: LinearLayout, bitwidth: int) -> WarpAccess:
    """The shared offsets of ``reg_layout``'s bases, both layouts at the tensor's shape."""
    check_shared_access(reg_layout, shared_layout, bitwidth, "warp_access")
    return _warp_access(reg_layout, shared_layout, bitwidth)


def _warp_access(reg_layout: LinearLayout, shared_layout: LinearLayout, bitwidth: int) -> WarpAccess:
    """``warp_access`` of layouts known to fit."""
    to_shared = reg_layout.invert_and_compose(shared_layout)
    register_offsets = _basis_offsets(to_shared, "register")
    lane_offsets = _basis_offsets(to_shared, "lane")
    warp_offsets = _basis_offsets(to_shared, "warp")
    widest = _largest_vectorisation(register_offsets, bitwidth, lane_offsets + warp_offsets, MAX_VECTOR_BITS)
    return WarpAccess(register_offsets, lane_offsets, warp_offsets, widest)


def _basis_offsets(to_shared: LinearLayout, in_dim: str) -> list[int]:
    """The shared offsets of an in-dim's bases; refuses data that lands in another CTA."""
    if not to_shared.has_in_dim(in_dim):
        return []
    offsets = []
    for index in range(to_shared.get_in_dim_size_log2(in_dim)):
        image = to_shared.get_basis(in_dim, index)
        assert isinstance(image, list)
        named = dict(zip(to_shared.get_out_dim_names(), image))
        if named.get("block", 0):
            raise AnalysisError(f"{in_dim} {index} of the distributed layout lives in another CTA's shared memory")
        offsets.append(named["offset"])
    return offsets
