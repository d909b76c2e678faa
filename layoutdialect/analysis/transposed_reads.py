"""CDNA4's transposing LDS reads (``ds_read_b64_tr_b16``, ``ds_read_b64_tr_b8``): when a
wave can load its registers with them, and what they cost.

Each lane addresses an aligned 64-bit chunk of ``E`` elements, and within each group of 16
lanes the chunks are dealt out transposed, so a side whose low lane bits run through a
chunk receives ``E`` registers a lane from one instruction where plain loads move one
element.  ``transposed_reads`` decides it from where a side's bases fall in a buffer (a
conversion's scratch buffer, ``scratch_layout``); ``local_transposed_reads`` from a
register layout and a shared encoding, as Triton's ``TransLocalLoadOpConversion`` lowers
a ``local_load`` on gfx950.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from layoutdialect.analysis.bank_conflicts import SharedAccessCost, access_cost, warp_access
from layoutdialect.analysis.preconditions import AnalysisError
from layoutdialect.f2 import LinearLayout, log2_exact
from layoutdialect.f2.arguments import checks_arguments
from layoutdialect.f2.bitmatrix import combine
from layoutdialect.target import TRANSPOSED_LOAD_BITS, SharedMemory

__all__ = [
    "TRANSPOSED_CHUNK_BITS",
    "TRANSPOSED_GROUP_LANES",
    "TransposedReads",
    "chunk_address_lanes",
    "local_transposed_reads",
    "transposed_read_cost",
    "transposed_reads",
]


@dataclass(frozen=True)
class TransposedReads:
    """A side that loads with CDNA4's transposing LDS reads (``ds_read_b64_tr_b16`` for
    16-bit elements, ``ds_read_b64_tr_b8`` for 8-bit ones).

    Each lane gives the address of an aligned 64-bit chunk of ``E = 64 / element_bits``
    elements, and within each group of 16 lanes the chunks are dealt out transposed: lane
    ``l`` receives as its register ``r`` element ``l % E`` of the chunk that lane
    ``16 (l // 16) + (l % 16) // E + r (16 / E)`` addressed.  So the lanes whose bits
    ``log2 E`` and up pick a chunk hold its elements across their low lane bits.  Address
    lane bit ``k`` adds (by XOR) ``address_lane_offsets[k]`` to the thread's element
    offset, as warp bits add the side's ``warp_offsets``; ``instructions`` lists each
    load as ``(rep, offset, registers)`` (``MatrixTiling``'s form), its ``E`` registers in
    the order the instruction fills them.

    Example, 16-bit: lanes 0-3 receive the 4 elements of the chunks of lanes 0, 4, 8 and
    12, as their registers 0-3; lanes 4-7 those of lanes 1, 5, 9 and 13.
    """

    element_bits: int
    address_lane_offsets: tuple[int, ...]
    instructions: tuple[tuple[int, int, tuple[int, ...]], ...]

    @property
    def chunk_elements(self) -> int:
        """The elements of one lane's 64-bit chunk: 4 of 16 bits, 8 of 8."""
        return TRANSPOSED_CHUNK_BITS // self.element_bits


TRANSPOSED_CHUNK_BITS = 64
"""The bits each lane of a transposing LDS read addresses."""

TRANSPOSED_GROUP_LANES = 16
"""The lanes among which a transposing LDS read deals out its chunks."""


def chunk_address_lanes(lanes: Sequence[int], selectors: Sequence[int], element_bits: int) -> list[int]:
    """What each lane bit of a transposing read adds to the chunk a lane addresses, given
    where the destination's lane bits and the registers that pick chunks (``selectors``)
    lie: its lane bits from ``log2 E`` up to 3, then the selectors, then lane bits 4 and 5.

    >>> chunk_address_lanes([1, 2, 4, 32, 64, 128], [8, 16], 16)
    [4, 32, 8, 16, 64, 128]
    """
    within = log2_exact(TRANSPOSED_CHUNK_BITS // element_bits)
    group_bits = log2_exact(TRANSPOSED_GROUP_LANES)
    return [*lanes[within:group_bits], *selectors, *lanes[group_bits:]]


def transposed_reads(
    registers: list[int], lanes: list[int], warps: list[int], offset_mask: int, rep_shift: int, bits: int
) -> TransposedReads | None:
    """How a wave of 64 lanes whose register bits lie at buffer coordinates ``registers``
    (offset, and rep above ``rep_shift``) and whose lane and warp bits lie at element
    offsets ``lanes`` and ``warps`` loads with ``ds_read_b64_tr_b{bits}`` (Triton's
    ``lowerDsReadTr``), or ``None`` when its data do not come in whole 64-bit chunks.

    Lane bits ``0 .. log2 E - 1`` must run through a chunk in order; every other bit keeps
    chunks whole.  The next lane bits up to bit 3, then the first ``log2 E`` in-rep register
    bits, then lane bits 4 and 5 pick the chunk each lane addresses; the other register
    bits repeat the instruction.
    """
    chunk = TRANSPOSED_CHUNK_BITS // bits
    within = log2_exact(chunk)
    if lanes[:within] != [1 << k for k in range(within)]:
        return None
    if any(offset & (chunk - 1) for offset in (*lanes[within:], *warps)):
        return None
    held = [k for k, c in enumerate(registers) if c]
    if any(registers[k] & offset_mask & (chunk - 1) for k in held):
        return None
    selectors = [k for k in held if not registers[k] >> rep_shift][:within]
    if len(selectors) < within:
        return None
    repeated = [k for k in held if k not in selectors]
    address_lanes = chunk_address_lanes(lanes, [registers[k] & offset_mask for k in selectors], bits)
    instructions = []
    for index in range(1 << len(repeated)):
        base = combine([1 << k for k in repeated], index)
        coordinate = combine([registers[k] for k in repeated], index)
        received = tuple(base | combine([1 << k for k in selectors], register) for register in range(chunk))
        instructions.append((coordinate >> rep_shift, coordinate & offset_mask, received))
    instructions.sort(key=lambda item: item[:2])
    return TransposedReads(bits, tuple(address_lanes), tuple(instructions))


def transposed_read_cost(reading: TransposedReads, memory: SharedMemory) -> SharedAccessCost:
    """The wavefronts of a transposing read: a 64-bit load at the chunks the lanes address."""
    chunk = reading.chunk_elements
    elements = [1 << k for k in range(log2_exact(chunk))]
    access = access_cost(elements, list(reading.address_lane_offsets), reading.element_bits, chunk, memory, True)
    return replace(access, instructions=len(reading.instructions))


@checks_arguments(AnalysisError)
def local_transposed_reads(
    reg_layout: LinearLayout, shared_layout: LinearLayout, element_bits: int, memory: SharedMemory
) -> tuple[TransposedReads, SharedAccessCost] | None:
    """How a ``local_load`` of ``reg_layout`` from ``shared_layout`` (both at the tensor's
    shape) runs with transposing reads, and their cost, where the target has them and the
    layouts allow them (as Triton 3.9 takes them on gfx950); else ``None``.

    >>> from layoutdialect.target import Target
    >>> rows = LinearLayout.from_bases(
    ...     [("register", [[8], [16]]), ("lane", [[1], [2], [4], [32], [64], [128]]), ("warp", []), ("block", [])],
    ...     ["dim0"], [256])
    >>> reading, cost = local_transposed_reads(rows, LinearLayout.identity_1d(256, "offset", "dim0"), 16,
    ...                                        Target.named("hip:gfx950").shared)
    >>> reading.address_lane_offsets, cost.instructions
    ((4, 32, 8, 16, 64, 128), 1)
    """
    if not memory.transposed_loads or element_bits not in TRANSPOSED_LOAD_BITS:
        return None
    access = warp_access(reg_layout, shared_layout, element_bits)
    if len(access.lane_offsets) != 6:
        return None
    offset_bits = shared_layout.get_in_dim_size_log2("offset")
    reading = transposed_reads(
        access.register_offsets,
        access.lane_offsets,
        access.warp_offsets,
        (1 << offset_bits) - 1,
        offset_bits,
        element_bits,
    )
    return None if reading is None else (reading, transposed_read_cost(reading, memory))
