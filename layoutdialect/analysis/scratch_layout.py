"""The scratch buffer of a shared-memory conversion: its layout, the widest accesses,
no bank conflicts where avoidable, and the fewest bytes.

``plan_scratch(src, dst, element_bits, memory)`` follows Triton's optimal swizzling
(``optimalSwizzling`` in its generic swizzling, after Goucher and Lezcano; see
``docs/shared-memory.md``).  The buffer holds the
flattened tensor under a layout whose offset bits are, fastest first:

* **vector** bases ``V``: registers contiguous on both sides (up to 128 bits), so
  each side stores or loads whole vectors;
* **bank** bases ``B``: the rest of one 128-byte bank line;
* **segment** bases ``Sg``: the bits above a line.  A lane whose data differ from
  lane 0's only in segment bits hits lane 0's bank, so segments avoid the lanes of
  both sides where they can, and pair a writer's lane with a reader's (``a ^ b``,
  the XOR swizzle) where they cannot.

Segment bases that both sides hold in registers become **reps**: instead of
allocating them, the conversion loops over them, storing and loading one slice at
a time.  Each candidate (the vector choices, and the unswizzled tensor order as a
floor) is costed exactly with ``access_cost``; the fewest wavefronts win, then
the fewest instructions, then the smallest buffer.

Example (a 128x64 f16 transpose, 4 warps): the source holds 8
elements along a row, the destination 8 along a column, and the only tensor bit
both hold in registers is row 64.  It becomes the vector: each thread stores and
loads 32-bit pairs (rows ``r`` and ``r + 64``), 32 of each, conflict-free, in one
16 KB rep.  Spending that bit on reps instead would halve the buffer but leave
16-bit accesses and twice the wavefronts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from layoutdialect.analysis.bank_conflicts import MAX_VECTOR_BITS, SharedAccessCost, access_cost, largest_vectorisation
from layoutdialect.f2 import LinearLayout, log2_exact
from layoutdialect.f2.bitmatrix import ColumnEchelon, combine, complement_basis
from layoutdialect.target import BANK_BITS, SharedMemory

__all__ = ["ScratchAccess", "ScratchPlan", "memory_bits", "plan_scratch"]


def memory_bits(element_bits: int) -> int:
    """Bits an element takes in shared memory: a sub-byte element (i1) takes a byte."""
    return max(8, element_bits)


@dataclass(frozen=True)
class ScratchAccess:
    """How one side of a conversion reaches the scratch buffer.

    ``register_slots[r]`` is ``(rep, offset)``: the rep in which register ``r`` is
    stored or loaded, and its element offset; lane and warp bit ``k`` add (by XOR)
    ``lane_offsets[k]`` and ``warp_offsets[k]``.  Accesses move
    ``vector_elements`` registers at once.
    """

    vector_elements: int
    register_slots: tuple[tuple[int, int], ...]
    lane_offsets: tuple[int, ...]
    warp_offsets: tuple[int, ...]
    cost: SharedAccessCost

    def vectors(self) -> list[tuple[int, int, tuple[int, ...]]]:
        """Each access as ``(rep, offset, registers)``: the registers at ``offset``,
        ``offset + 1``, ... in order, reps in order.  Copies of a register (broadcast)
        share one access; the first register of each slot is named."""
        first: dict[tuple[int, int], int] = {}
        for register, slot in enumerate(self.register_slots):
            first.setdefault(slot, register)
        width = self.vector_elements
        starts = sorted({(rep, offset - offset % width) for rep, offset in first})
        return [(rep, start, tuple(first[(rep, start + k)] for k in range(width))) for rep, start in starts]


@dataclass(frozen=True)
class ScratchPlan:
    """A shared-memory round trip: the buffer's layout, both sides' accesses, reps and barriers.

    ``layout`` maps ``offset`` (and ``reps``, ``block`` when present) to the tensor.
    """

    layout: LinearLayout
    element_bits: int
    store: ScratchAccess
    load: ScratchAccess
    reps: int
    warp_synchronous: bool

    @property
    def scratch_bytes(self) -> int:
        return self.layout.get_in_dim_size("offset") * self.element_bits // 8

    @property
    def barriers(self) -> int:
        """CTA barriers: one between the stores and loads of each rep and one between reps;
        none when every warp reads only what it wrote."""
        return 0 if self.warp_synchronous else 2 * self.reps - 1

    @property
    def total_wavefronts(self) -> int:
        return self.store.cost.total_wavefronts + self.load.cost.total_wavefronts


@dataclass(frozen=True)
class _Side:
    """One layout, flattened, by the images of its hardware bits (broadcast bits are zero)."""

    registers: list[int]
    lanes: list[int]
    warps: list[int]
    blocks: list[int]


def _side(layout: LinearLayout) -> _Side:
    flat = layout.flatten_outs()
    bases = dict(flat.bases)

    def images(dim: str) -> list[int]:
        return [basis[0] for basis in bases.get(dim, [])]

    return _Side(images("register"), images("lane"), images("warp"), images("block"))


def plan_scratch(
    src: LinearLayout, dst: LinearLayout, element_bits: int, memory: SharedMemory, warp_synchronous: bool = False
) -> ScratchPlan:
    """The best scratch buffer for converting ``src`` to ``dst`` (both at the tensor's shape).

    ``warp_synchronous`` says every warp reads only what it wrote (no CTA barrier).
    Raises ``ValueError`` when data would cross CTAs.
    """
    bits = memory_bits(element_bits)
    source, destination = _side(src), _side(dst)
    if sorted(b for b in source.blocks if b) != sorted(b for b in destination.blocks if b):
        raise ValueError("the conversion moves data between CTAs; a scratch buffer serves one CTA")
    dim = src.get_total_out_dim_size_log2()
    plans = [
        _plan(source, destination, bits, vector, bank_first, dim, memory, warp_synchronous)
        for vector in _vector_candidates(source, destination, bits)
        for bank_first in (source, destination)
    ]
    blocks = [b for b in source.blocks if b]
    unswizzled = complement_basis(blocks, dim)
    plans.append(_build(source, destination, bits, unswizzled, blocks, [], memory, warp_synchronous))
    valid = [plan for plan in plans if plan is not None]
    if not valid:
        raise ValueError("no scratch layout keeps each CTA's data in its own shared memory")
    best = min(
        valid,
        key=lambda p: (p.total_wavefronts, p.store.cost.instructions + p.load.cost.instructions, p.scratch_bytes),
    )
    return replace(best, layout=best.layout.reshape_outs(src.out_dims))


def _vector_candidates(source: _Side, destination: _Side, bits: int) -> Iterator[list[int]]:
    """Vector bases: the registers both sides hold, in the source's order; when they fill
    less than a word, also that list widened by one side's registers that the other
    side spreads over lanes or warps (Triton takes warps only)."""
    limit = log2_exact(MAX_VECTOR_BITS // bits)
    common = [b for b in source.registers if b and b in destination.registers][:limit]
    yield common
    word = log2_exact(BANK_BITS // bits)
    if len(common) >= word:
        return
    for mine, theirs in ((source, destination), (destination, source)):
        for spread in (theirs.warps, theirs.lanes):
            extra = [b for b in mine.registers if b and b not in common and b in spread]
            if extra:
                yield common + extra[: word - len(common)]


def _prefix_in(vector: Sequence[int], registers: Sequence[int]) -> int:
    count = 0
    while count < len(vector) and vector[count] in registers:
        count += 1
    return count


def _lane_tile(side: _Side, vector: Sequence[int], bits: int, memory: SharedMemory, load: bool) -> list[int]:
    """The offsets the lanes of one phase of ``side``'s accesses reach (Triton's ``getLaneTile``)."""
    vector_bits = bits << _prefix_in(vector, side.registers)
    phase = memory.phase_lanes(vector_bits, len(side.lanes), load)
    return [side.lanes[bit] for bit in phase if side.lanes[bit]]


def _segment(tile_src: list[int], tile_dst: list[int], fixed: list[int], dim: int, count: int) -> list[int]:
    """Segment bases that miss both lane tiles where possible (Triton's computeSegment)."""
    reached_src = {b for b in tile_src + fixed if b}
    reached_dst = {b for b in tile_dst + fixed if b}
    echelon = ColumnEchelon(fixed)
    segment: list[int] = []

    def take(vector: int) -> None:
        if len(segment) < count and echelon.add(vector):
            segment.append(vector)

    for bit in range(dim):
        if 1 << bit not in reached_src and 1 << bit not in reached_dst:
            take(1 << bit)
    only_src, only_dst = sorted(reached_src - reached_dst), sorted(reached_dst - reached_src)
    if len(only_src) > len(only_dst):
        only_src, only_dst = only_dst, only_src
    given_up = min(max(0, count - len(only_src) - len(segment)), len(only_src))
    for a, b in zip(only_src[given_up:], only_dst[given_up:]):
        take(a ^ b)
    for vector in only_src[:given_up] + only_dst[:given_up] + [1 << bit for bit in range(dim)]:
        take(vector)
    return segment


def _plan(
    source: _Side,
    destination: _Side,
    bits: int,
    vector: list[int],
    bank_first: _Side,
    dim: int,
    memory: SharedMemory,
    warp_synchronous: bool,
) -> ScratchPlan | None:
    """The plan for one choice of vector bases (``bank_first``'s registers lead the bank
    bases, to widen its accesses), or ``None`` if a CTA would reach another's part."""
    blocks = [b for b in source.blocks if b]
    line = log2_exact(memory.banks * BANK_BITS // (bits << len(vector)))
    bank_count = min(line, dim - len(vector) - len(blocks))
    tile_src = _lane_tile(source, vector, bits, memory, load=False)
    tile_dst = _lane_tile(destination, vector, bits, memory, load=True)
    segment = _segment(
        vector + tile_src, vector + tile_dst, vector + blocks, dim, dim - bank_count - len(vector) - len(blocks)
    )
    bank = complement_basis(vector + segment + blocks, dim)
    bank.sort(key=lambda b: b not in bank_first.registers)
    reps = [b for b in segment if b in source.registers and b in destination.registers]
    return _build(source, destination, bits, vector + bank + segment, blocks, reps, memory, warp_synchronous)


def _build(
    source: _Side,
    destination: _Side,
    bits: int,
    bases: list[int],
    blocks: list[int],
    reps: list[int],
    memory: SharedMemory,
    warp_synchronous: bool,
) -> ScratchPlan | None:
    """The plan whose buffer holds ``bases`` minus ``reps`` (fastest first), with the
    ``reps`` that no lane or warp straddles looped over; ``None`` if a CTA would
    reach another's part."""
    for _ in range(len(reps) + 1):
        offsets = [b for b in bases if b not in reps]
        columns = offsets + blocks + reps
        echelon = ColumnEchelon(columns)
        spread = [*source.lanes, *source.warps, *destination.lanes, *destination.warps]
        coordinates = echelon.express_all(spread)
        assert coordinates is not None
        tangled = {k for c in coordinates for k in range(len(reps)) if c >> (len(offsets) + len(blocks) + k) & 1}
        if not tangled:
            break
        reps = [b for k, b in enumerate(reps) if k not in tangled]
    store = _access(source, echelon, len(offsets), len(blocks), bits, memory, load=False)
    load = _access(destination, echelon, len(offsets), len(blocks), bits, memory, load=True)
    if store is None or load is None:
        return None
    layout_bases = [("offset", [[b] for b in offsets])]
    if blocks:
        layout_bases.append(("block", [[b] for b in blocks]))
    if reps:
        layout_bases.append(("reps", [[b] for b in reps]))
    dim = len(columns)
    layout = LinearLayout.from_bases(layout_bases, ["flat"], [1 << dim])
    return ScratchPlan(layout, bits, store, load, 1 << len(reps), warp_synchronous)


def _access(
    side: _Side, echelon: ColumnEchelon, offset_bits: int, block_bits: int, bits: int, memory: SharedMemory, load: bool
) -> ScratchAccess | None:
    """Where ``side``'s registers, lanes and warps fall in the buffer whose basis is
    ``echelon`` (offset bits, then block, then reps); ``None`` if some fall in
    another CTA's part."""
    coordinates = echelon.express_all([*side.registers, *side.lanes, *side.warps])
    assert coordinates is not None
    if any(c >> offset_bits & ((1 << block_bits) - 1) for c in coordinates):
        return None
    offset_mask = (1 << offset_bits) - 1
    rep_shift = offset_bits + block_bits
    registers = coordinates[: len(side.registers)]
    lanes = [c & offset_mask for c in coordinates[len(side.registers) : len(side.registers) + len(side.lanes)]]
    warps = [c & offset_mask for c in coordinates[len(side.registers) + len(side.lanes) :]]
    in_rep = [c & offset_mask for c in registers if not c >> rep_shift]
    across_reps = [c & offset_mask for c in registers if c >> rep_shift]
    elements = largest_vectorisation(in_rep, bits, lanes + warps + across_reps)
    slots = []
    for register in range(1 << len(registers)):
        c = combine(registers, register)
        slots.append((c >> rep_shift, c & offset_mask))
    cost = access_cost(in_rep, lanes, bits, elements, memory, load)
    access = ScratchAccess(elements, tuple(slots), tuple(lanes), tuple(warps), cost)
    return replace(access, cost=replace(cost, instructions=len(access.vectors())))
