"""Why a warp's shared-memory access conflicts, lane by lane and in F2 terms.

``explain_access`` adds to ``bank_conflicts``'s counts: the ideal, the widest legal
vector, each lane's first bank in the first instruction, the banks that more than one
word of a phase falls into, and the rank argument.  Cut each phase lane's offset down
to its chunk (the aligned word or vector): the chunk's low bits pick the bank and the
rest the row of banks.  A combination of lane bits whose bank part is zero but whose
chunk is not sends two lanes to different words of one bank; there are
``2^(rank of the chunks - rank of their bank parts)`` such words per bank, the n of
an n-way conflict.

>>> from layoutdialect.encodings import BlockedEncoding, CGALayout, SwizzledSharedEncoding, to_linear_layout
>>> rows = to_linear_layout(BlockedEncoding((1, 1), (32, 1), (4, 1), (0, 1), CGALayout.single(2)), [128, 32])
>>> plain = to_linear_layout(SwizzledSharedEncoding(1, 1, 1, (1, 0), CGALayout.single(2)), [128, 32])
>>> explanation = explain_access(rows, plain, 32, SharedMemory())
>>> explanation.cost.vector_bits, explanation.cost.wavefronts_per_instruction, explanation.ways
(128, 32, 8)
>>> explanation.conflicts[0].bank, explanation.conflicts[0].lanes
(0, [0, 1, 2, 3, 4, 5, 6, 7])
"""

from __future__ import annotations

from dataclasses import dataclass

from layoutdialect.analysis.bank_conflicts import SharedAccessCost, access_cost, warp_access
from layoutdialect.analysis.preconditions import AnalysisError, check_element_bits, check_shared_access
from layoutdialect.f2 import LinearLayout, is_power_of_two, log2_exact
from layoutdialect.f2.arguments import checks_arguments
from layoutdialect.f2.bitmatrix import combine, null_space, rank
from layoutdialect.target import BANK_BITS, SharedMemory

__all__ = ["MAX_VECTOR_BITS", "AccessExplanation", "BankConflict", "LaneChunk", "explain_access", "tile_access_layout"]

MAX_VECTOR_BITS = 128
"""The widest shared-memory access of one lane (``ld.shared.v4.b32``)."""


@dataclass(frozen=True)
class BankConflict:
    """A bank that several distinct words of one phase fall into, and the lanes reading them."""

    bank: int
    lanes: list[int]
    words: list[int]


@dataclass(frozen=True)
class LaneChunk:
    """Lane ``lane`` of a phase's basis (a lane bit, or on AMD's 128-bit loads an XOR of
    lane bits) moves the access by ``chunk`` chunks: ``bank`` in the bank bits and ``row``
    above them."""

    lane: int
    chunk: int
    bank: int
    row: int


@dataclass(frozen=True)
class AccessExplanation:
    cost: SharedAccessCost
    widest_vector_bits: int
    lane_banks: list[int]
    """The first bank each lane touches in the first instruction."""
    conflicts: list[BankConflict]
    """In the first phase of the first instruction."""
    lane_chunks: list[LaneChunk]
    """The phase lanes' chunk offsets, split into bank and row parts."""
    clashing_lanes: list[int]
    """Lane differences (XORs of lane ids) that land in the same bank on another word."""
    ways: int

    @property
    def ideal_wavefronts_per_instruction(self) -> int:
        return self.cost.phases

    @property
    def ideal_total_wavefronts(self) -> int:
        return self.cost.instructions * self.cost.phases


@checks_arguments(AnalysisError)
def explain_access(
    reg_layout: LinearLayout,
    shared_layout: LinearLayout,
    bitwidth: int,
    memory: SharedMemory,
    load: bool = True,
    vector_bits: int | None = None,
    idle_copies: bool = False,
) -> AccessExplanation:
    """``bank_conflicts`` of a register layout against a shared one, with the lanes, banks
    and F2 reason behind the count; with ``idle_copies``, the lanes that only copy others
    stay idle (``access_cost``), as the lanes beyond an access tile do."""
    check_shared_access(reg_layout, shared_layout, bitwidth, "explain_access")
    access = warp_access(reg_layout, shared_layout, bitwidth)
    vector_elements = access.vector_elements(bitwidth, vector_bits)
    lane_offsets = access.lane_offsets
    cost = access_cost(access.register_offsets, lane_offsets, bitwidth, vector_elements, memory, load, idle_copies)
    word_bytes = BANK_BITS // 8
    lane_bytes = [combine(lane_offsets, lane) * bitwidth // 8 for lane in range(1 << len(lane_offsets))]
    lane_banks = [(address // word_bytes) % memory.banks for address in lane_bytes]
    phase = memory.phase_basis(cost.vector_bits, len(lane_offsets), load)
    words_per_access = max(1, cost.vector_bits // BANK_BITS)
    by_bank: dict[int, dict[int, list[int]]] = {}
    for choice in range(1 << len(phase)):
        lane = combine(phase, choice)
        first_word = lane_bytes[lane] // word_bytes
        for word in range(first_word, first_word + words_per_access):
            by_bank.setdefault(word % memory.banks, {}).setdefault(word, []).append(lane)
    conflicts = [
        BankConflict(bank, sorted({lane for ls in words.values() for lane in ls}), sorted(words))
        for bank, words in sorted(by_bank.items())
        if len(words) > 1
    ]
    chunk_shift, bank_groups = memory.chunk_split(bitwidth, vector_elements)
    chunks = [combine(lane_offsets, lane) >> chunk_shift for lane in phase]
    lane_chunks = [
        LaneChunk(lane, chunk, chunk & (bank_groups - 1), chunk >> log2_exact(bank_groups))
        for lane, chunk in zip(phase, chunks)
    ]
    bank_parts = [c.bank for c in lane_chunks]
    clashing = [combine(phase, mask) for mask in null_space(bank_parts) if combine(chunks, mask)]
    ways = 1 << (rank(chunks) - rank(bank_parts))
    widest = access.widest_elements * bitwidth
    return AccessExplanation(cost, widest, lane_banks, conflicts, lane_chunks, clashing, ways)


@checks_arguments(AnalysisError)
def tile_access_layout(shape: list[int], tile: tuple[int, int], element_bits: int, lanes: int) -> LinearLayout:
    """The register layout of a warp reading the ``tile`` (rows x columns) at the origin of
    a ``shape`` tensor, each lane its widest vector: a lane reads up to 128 bits of one
    row, lanes take the next vectors along the row and then the next rows, and what is
    left for the lanes' later registers; lanes beyond the tile read copies.

    Example: a 4x16 tile of f16 is 8 vectors of 8 elements (128 bits); lanes 1, 2 and
    4 step by 8 columns, 1 row and 2 rows, and lanes 8 and up repeat lanes 0 to 7.

    Sides must be powers of two within ``shape``'s last two dims.
    """
    if len(shape) < 2 or not all(is_power_of_two(size) for size in shape):
        raise AnalysisError(f"tile_access_layout: shape must be two or more powers of two, got {list(shape)}")
    if not all(is_power_of_two(side) for side in tile):
        raise AnalysisError(f"tile_access_layout: tile must be two powers of two, got {list(tile)}")
    check_element_bits(element_bits, "tile_access_layout: element_bits")
    if not is_power_of_two(lanes):
        raise AnalysisError(f"tile_access_layout: lanes must be a power of two, got {lanes}")
    rows, columns = tile
    *_, height, width = shape
    if rows > height or columns > width:
        raise AnalysisError(f"the {rows}x{columns} access does not fit the {height}x{width} tile")
    vector = min(columns, max(1, MAX_VECTOR_BITS // element_bits))
    steps = [(0, 1 << k) for k in range(log2_exact(columns))] + [(1 << k, 0) for k in range(log2_exact(rows))]
    vector_bits, lane_bits = log2_exact(vector), log2_exact(lanes)
    registers = steps[:vector_bits]
    lane_steps = steps[vector_bits : vector_bits + lane_bits]
    registers += steps[vector_bits + lane_bits :]
    lane_steps += [(0, 0)] * (lane_bits - len(lane_steps))
    lead = [0] * (len(shape) - 2)
    return LinearLayout.from_bases(
        [
            ("register", [[*lead, r, c] for r, c in registers]),
            ("lane", [[*lead, r, c] for r, c in lane_steps]),
            ("warp", []),
            ("block", []),
        ],
        [f"dim{d}" for d in range(len(shape))],
        [*shape],
        require_surjective=False,
    )
