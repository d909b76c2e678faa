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
from layoutdialect.analysis.preconditions import AnalysisError, check_conversion, check_element_bits
from layoutdialect.analysis.transposed_reads import (
    TRANSPOSED_CHUNK_BITS,
    TransposedReads,
    chunk_address_lanes,
    transposed_read_cost,
    transposed_reads,
)
from layoutdialect.f2 import LinearLayout, log2_exact
from layoutdialect.f2.arguments import checks_arguments
from layoutdialect.f2.bitmatrix import ColumnEchelon, combine, complement_basis, rank, span_intersection
from layoutdialect.target import BANK_BITS, MATRIX_ROW_BYTES, TRANSPOSED_LOAD_BITS, SharedMemory

__all__ = [
    "MatrixTiling",
    "RemoteReads",
    "ScratchAccess",
    "ScratchPlan",
    "memory_bits",
    "plan_scratch",
    "triton_scratch_plan",
]


@checks_arguments(AnalysisError)
def memory_bits(element_bits: int) -> int:
    """Bits an element takes in shared memory: a sub-byte element (i1) takes a byte."""
    check_element_bits(element_bits, "memory_bits: element_bits")
    return max(8, element_bits)


@dataclass(frozen=True)
class MatrixTiling:
    """A side that moves its data with ``ldmatrix`` (loads) or ``stmatrix`` (stores).

    One instruction moves ``matrices`` (1, 2 or 4) matrices of 8 rows of 16 bytes.
    Lane ``l`` supplies the address of row ``l % 8`` of matrix ``l // 8``: address lane
    bit ``k`` adds (by XOR) ``address_lane_offsets[k]`` to the thread's element offset,
    as warp bits add the side's ``warp_offsets``.  Without ``transpose`` lane ``t``
    holds, of each matrix, the 32-bit word ``t % 4`` of row ``t // 4``; with it (16-bit
    elements) the elements of column ``t // 4`` in rows ``2 (t % 4)`` and ``2 (t % 4) + 1``.
    ``instructions`` lists each as ``(rep, offset, registers)``: the element offset
    XORed onto every lane's address, and the thread's registers in fragment order
    (matrix by matrix, each matrix's elements in order).
    """

    transpose: bool
    matrices: int
    address_lane_offsets: tuple[int, ...]
    instructions: tuple[tuple[int, int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class RemoteReads:
    """How a side that reads other CTAs' parts of the buffer (distributed shared memory)
    splits its offsets.  Its offsets are *cluster offsets*: the element offset within a
    CTA's part in the low ``offset_bits``, the part's block coordinate above them.  Block
    coordinate bit ``i`` is bit ``rank_bits[i]`` of the rank of the CTA that holds the
    element; the rank bits in ``kept_rank_bits`` (along which the source is broadcast)
    are the reader's own.  Bit ``k`` of the reader's own rank adds (by XOR)
    ``block_offsets[k]``, as lane and warp bits add theirs.

    Example: two CTAs, the source split along rows, the destination along columns: CTA
    ``c`` reads the rows it needs from both parts, rank ``0`` and ``1``, at the same
    offsets, the column half ``c`` picks inside each."""

    offset_bits: int
    rank_bits: tuple[int, ...]
    kept_rank_bits: int
    block_offsets: tuple[int, ...]

    @checks_arguments(AnalysisError)
    def split(self, cluster_offset: int) -> tuple[int, int]:
        """``(rank part, element offset)`` of a cluster offset (the rank part before the kept bits)."""
        if not 0 <= cluster_offset >> self.offset_bits < 1 << len(self.rank_bits):
            raise AnalysisError(
                f"split: cluster_offset must be an offset of the {1 << len(self.rank_bits)} CTAs' parts of "
                f"{1 << self.offset_bits} elements, got {cluster_offset}"
            )
        coordinate = cluster_offset >> self.offset_bits
        rank = combine([1 << bit for bit in self.rank_bits], coordinate)
        return rank, cluster_offset & ((1 << self.offset_bits) - 1)


@dataclass(frozen=True)
class ScratchAccess:
    """How one side of a conversion reaches the scratch buffer.

    ``register_slots[r]`` is ``(rep, offset)``: the rep in which register ``r`` is
    stored or loaded, and its element offset; lane and warp bit ``k`` add (by XOR)
    ``lane_offsets[k]`` and ``warp_offsets[k]``.  Accesses move
    ``vector_elements`` registers at once, with ``ld.shared``/``st.shared`` or, when
    ``matrix`` says how, with ``ldmatrix``/``stmatrix``, or when ``transposed`` says how,
    with CDNA4's transposing ``ds_read_b64_tr_b16``.  A side that reads other CTAs'
    parts (``remote``) gives cluster offsets instead (``RemoteReads``).  On AMD's LDS
    (``lds``), ``paired`` instructions each serve two accesses (``ds_read2_b64``): the
    side issues ``issued`` instructions for its ``cost.instructions`` accesses.
    """

    vector_elements: int
    register_slots: tuple[tuple[int, int], ...]
    lane_offsets: tuple[int, ...]
    warp_offsets: tuple[int, ...]
    cost: SharedAccessCost
    matrix: MatrixTiling | None = None
    remote: RemoteReads | None = None
    lds: bool = False
    paired: int = 0
    transposed: TransposedReads | None = None

    @property
    def issued(self) -> int:
        """The instructions each thread issues: its accesses, less one per pair."""
        return self.cost.instructions - self.paired

    @property
    def thread_bits(self) -> int:
        """The offset bits that a thread's own part of an address (its lane's and warp's
        offsets, XORed) can set."""
        lanes = self.address_lane_offsets
        bits = 0
        for offset in (*lanes, *self.warp_offsets):
            bits |= offset
        return bits

    @property
    def address_lane_offsets(self) -> tuple[int, ...]:
        """What each lane bit adds to the address a lane gives: its own data's offset, or for
        matrix and transposed loads the row or chunk it addresses for others."""
        if self.matrix is not None:
            return self.matrix.address_lane_offsets
        if self.transposed is not None:
            return self.transposed.address_lane_offsets
        return self.lane_offsets

    @property
    def instructions(self) -> list[tuple[int, int, tuple[int, ...]]]:
        """The side's accesses as ``(rep, offset, registers)``: vectors, or the matrix or
        transposed instructions."""
        if self.matrix is not None:
            return list(self.matrix.instructions)
        if self.transposed is not None:
            return list(self.transposed.instructions)
        return self.vectors()

    @checks_arguments(AnalysisError)
    def address_parts(self, start: int) -> tuple[int, int]:
        """``start`` as ``(xor, add)``: the bits a thread's own part may also set, which XOR
        into it, and the others, which add to it, a constant the instruction can carry.
        Two accesses with one ``xor`` part share a base address.

        >>> access = ScratchAccess(2, ((0, 0), (0, 1)), (2, 4), (), SharedAccessCost(32, 1, 1, 1))
        >>> access.address_parts(0b1110)
        (6, 8)
        """
        shared = start & self.thread_bits
        return shared, start ^ shared

    @checks_arguments(AnalysisError)
    def instruction(self, load: bool) -> str:
        """The instruction of each access: PTX's ``ldmatrix.x4.trans`` or ``st.shared.b128``;
        on the LDS ``ds_read_b128``, ``ds_write2_b64`` (all paired), both names when some
        accesses pair (``ds_read2_b32 + ds_read_b32``), or ``ds_read_b64_tr_b16``."""
        if self.matrix is not None:
            name = ("ldmatrix" if load else "stmatrix") + f".x{self.matrix.matrices}"
            return name + (".trans" if self.matrix.transpose else "")
        if self.transposed is not None:
            return f"ds_read_b64_tr_b{self.transposed.element_bits}"
        bits = self.cost.vector_bits
        if not self.lds:
            return ("ld" if load else "st") + f".shared.b{bits}"
        verb, width = ("ds_read" if load else "ds_write"), f"{'u' if load and bits < 32 else 'b'}{bits}"
        names = [f"{verb}2_{width}"] if self.paired else []
        if self.issued > self.paired:
            names.append(f"{verb}_{width}")
        return " + ".join(names)

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
    def cross_cta(self) -> bool:
        """Whether CTAs read each other's parts (distributed shared memory, cluster barriers)."""
        return self.load.remote is not None

    @property
    def barriers(self) -> int:
        """Barriers: one between the stores and loads of each rep and one between reps;
        none when every warp reads only what it wrote.  Across CTAs they are cluster
        barriers, and one more follows the last loads, so that no CTA writes its part again,
        or exits, while another still reads it (Triton's cluster-barrier insertion)."""
        if self.warp_synchronous:
            return 0
        return 2 * self.reps if self.cross_cta else 2 * self.reps - 1

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


def _check_scratch_arguments(
    src: LinearLayout, dst: LinearLayout, element_bits: int, max_scratch_bytes: int | None, what: str
) -> None:
    check_conversion(src, dst, what)
    if not src.num_out_dims:
        raise AnalysisError(f"{what}: src and dst must have out-dims (a tensor of rank 1 or more)")
    check_element_bits(element_bits, f"{what}: element_bits")
    if max_scratch_bytes is not None and max_scratch_bytes < 1:
        raise AnalysisError(f"{what}: max_scratch_bytes must be positive, got {max_scratch_bytes}")


@checks_arguments(AnalysisError)
def plan_scratch(
    src: LinearLayout,
    dst: LinearLayout,
    element_bits: int,
    memory: SharedMemory,
    warp_synchronous: bool = False,
    max_scratch_bytes: int | None = None,
) -> ScratchPlan:
    """The best scratch buffer for converting ``src`` to ``dst`` (both at the tensor's shape).

    ``warp_synchronous`` says every warp reads only what it wrote (no CTA barrier).
    The buffer holds at most ``max_scratch_bytes``, by default as many as Triton 3.9's
    for the same pair (``triton_scratch_plan``) and no more than the target's shared memory
    (``capacity_bytes``, where Triton's buffer would not fit); within that, the fewest wavefronts win,
    then the fewest instructions, then the fewest barriers, then the smallest buffer, and
    on a full tie Triton's own plan.  Candidates are Triton's, the tensor's own order,
    and for each choice of vector bases a swizzle against the lanes of whole-vector
    accesses, or of single-element ones on a side whose lanes or warps start inside a
    vector (a destination that broadcasts over the source's registers).
    When data cross the CTAs of a cluster, each CTA stores its source part in its own
    buffer and the loads read the others' through distributed shared memory.
    Raises ``AnalysisError`` when no buffer fits the budget.
    """
    _check_scratch_arguments(src, dst, element_bits, max_scratch_bytes, "plan_scratch")
    bits = memory_bits(element_bits)
    memory = _matrix_capable(memory, element_bits)
    source, destination = _side(src), _side(dst)
    dim = src.get_total_out_dim_size_log2()
    plans = [
        _plan(source, destination, bits, vector, dim, memory, warp_synchronous, (bank_first,), scalar)
        for vector in _vector_candidates(source, destination, bits)
        for bank_first in (source, destination)
        for scalar in _access_widths(source, destination, vector)
    ]
    if memory.transposed_loads and bits in TRANSPOSED_LOAD_BITS and len(destination.lanes) == 6:
        plans += [
            _plan(source, destination, bits, vector, dim, memory, warp_synchronous, transposed=True, leave_reps=leave)
            for vector in _transposed_vectors(source, destination, bits)
            for leave in (0, dim)
        ]
    blocks = [b for b in source.blocks if b]
    unswizzled = complement_basis(blocks, dim)
    plans.append(_build(source, destination, bits, unswizzled, blocks, [], memory, warp_synchronous))
    tiled = _tile_plans(source, destination, bits, dim, memory, warp_synchronous)
    plans += [plan for _, plan in tiled]
    triton = _triton_plan(tiled, source, destination, bits, dim, memory, warp_synchronous)
    candidates = [plan for plan in [triton, *plans] if plan is not None]
    budget = max_scratch_bytes
    if budget is None:
        budget = triton.scratch_bytes if triton is not None else max((p.scratch_bytes for p in candidates), default=0)
        if memory.capacity_bytes is not None:
            budget = min(budget, memory.capacity_bytes)
    default_fits = (
        all(plan.scratch_bytes <= budget for plan in candidates) if triton is None else triton.scratch_bytes <= budget
    )
    if max_scratch_bytes is not None or not default_fits:
        plans += [plan for _, plan in _tile_plans(source, destination, bits, dim, memory, warp_synchronous, True)]
        plans.append(_plan(source, destination, bits, [], dim, memory, warp_synchronous))
    valid = [plan for plan in [triton, *plans] if plan is not None]
    if not valid:
        raise AnalysisError("no scratch layout keeps each CTA's data in its own shared memory")
    fitting = [plan for plan in valid if plan.scratch_bytes <= budget]
    if not fitting:
        smallest = min(plan.scratch_bytes for plan in valid)
        raise AnalysisError(f"the smallest scratch buffer takes {smallest} bytes, more than the {budget} allowed")
    best = min(
        fitting,
        key=lambda p: (
            p.total_wavefronts,
            p.store.issued + p.load.issued,
            p.barriers,
            p.scratch_bytes,
        ),
    )
    return replace(best, layout=best.layout.reshape_outs(src.out_dims))


@checks_arguments(AnalysisError)
def triton_scratch_plan(
    src: LinearLayout, dst: LinearLayout, element_bits: int, memory: SharedMemory, warp_synchronous: bool = False
) -> ScratchPlan:
    """The buffer and instructions Triton 3.9 chooses for this conversion (its
    ``optimalSwizzling`` over the instruction pairs of ``getSrcDstTiles``), as this
    module builds them: the budget ``plan_scratch`` keeps to by default."""
    _check_scratch_arguments(src, dst, element_bits, None, "triton_scratch_plan")
    bits = memory_bits(element_bits)
    memory = _matrix_capable(memory, element_bits)
    source, destination = _side(src), _side(dst)
    dim = src.get_total_out_dim_size_log2()
    tiled = _tile_plans(source, destination, bits, dim, memory, warp_synchronous)
    plan = _triton_plan(tiled, source, destination, bits, dim, memory, warp_synchronous)
    if plan is None:
        raise AnalysisError("no scratch layout keeps each CTA's data in its own shared memory")
    return replace(plan, layout=plan.layout.reshape_outs(src.out_dims))


def _crosses_ctas(source: _Side, destination: _Side) -> bool:
    """Whether the sides split the tensor over CTAs differently, so that a reader may need
    another CTA's part (even two splits of the same bits in another order do)."""
    return source.blocks != destination.blocks


def _matrix_capable(memory: SharedMemory, element_bits: int) -> SharedMemory:
    """``memory`` without its matrix instructions for sub-byte elements, which sit one to a
    byte in the buffer where a matrix row packs them."""
    return memory if element_bits >= 8 else replace(memory, matrix_loads=False, matrix_stores=False)


@dataclass(frozen=True)
class _InstructionTile:
    """Triton's ``LocalMemOpTile``: the lane bits whose data are contiguous in one 16-byte
    chunk (``contiguous``) and those that pick the 8 chunks of one wavefront (``address``)."""

    contiguous: tuple[int, ...]
    address: tuple[int, ...]

    @property
    def registers_missing(self) -> int:
        """Register bits the instruction leaves to reps (2 for ``ldmatrix``/``stmatrix``)."""
        return len(self.contiguous) + len(self.address) - 3


_LD_ST_SHARED = _InstructionTile((), (0, 1, 2))
_MATRIX = _InstructionTile((0, 1), (2, 3, 4))
_MATRIX_TRANS = _InstructionTile((2, 3, 4), (0, 1))


def _instruction_tiles(bits: int, memory: SharedMemory, load: bool) -> list[_InstructionTile]:
    """Triton's ``getSrcDstTiles`` for one side: ``ld.shared``/``st.shared``, then the
    matrix instructions the target has (any width up to 32 bits; ``.trans`` for 16)."""
    tiles = [_LD_ST_SHARED]
    if memory.matrix_loads if load else memory.matrix_stores:
        if bits <= 32:
            tiles.append(_MATRIX)
        if bits == 16:
            tiles.append(_MATRIX_TRANS)
    return tiles


def _common_registers(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Triton's ``intersectionBasis`` of two register lists: ``a``'s non-zero images that
    ``b`` also holds, in ``a``'s order."""
    held = set(b)
    return [image for image in a if image and image in held]


def _hardware_components(side: _Side, image: int) -> dict[str, int] | None:
    """``image`` written over ``side``'s hardware bits: for each dim, the mask of its bits
    used (Triton reads this off ``invertAndCompose``); ``None`` outside their span."""
    labelled = [
        (dim, k, basis)
        for dim, bases in (("register", side.registers), ("lane", side.lanes), ("warp", side.warps))
        for k, basis in enumerate(bases)
        if basis
    ]
    labelled += [("block", k, basis) for k, basis in enumerate(side.blocks) if basis]
    echelon = ColumnEchelon()
    kept = [item for item in labelled if echelon.add(item[2])]
    coordinates = echelon.express_all([image])
    if coordinates is None:
        return None
    masks: dict[str, int] = {}
    for position, (dim, k, _) in enumerate(kept):
        if coordinates[0] >> position & 1:
            masks[dim] = masks.get(dim, 0) | 1 << k
    return masks


def _tile_vector(
    a: _Side, b: _Side, registers_a: int, registers_b: int, tile_a: _InstructionTile, tile_b: _InstructionTile
) -> list[int] | None:
    """Triton's ``optimalSwizzlingTile``: the bases of one 16-byte chunk that both sides'
    instructions fill, ``registers_b`` common registers then ``b``'s contiguous lanes, or
    ``None`` when the two instructions cannot share chunks."""
    if registers_a < registers_b:
        return _tile_vector(b, a, registers_b, registers_a, tile_b, tile_a)
    lanes = len(a.lanes)
    if any(k >= lanes for k in (*tile_a.contiguous, *tile_b.contiguous, *tile_a.address, *tile_b.address)):
        return None
    vector = _common_registers(a.registers, b.registers)
    if len(vector) < registers_b:
        return None
    vector = vector[:registers_b]
    lanes_a = [a.lanes[k] for k in tile_a.contiguous]
    lanes_b = [b.lanes[k] for k in tile_b.contiguous]
    if 0 in lanes_a or 0 in lanes_b:
        return None
    for k in tile_b.contiguous[: registers_a - registers_b]:
        components = _hardware_components(a, b.lanes[k])
        if components is None or not components.get("register"):
            return None
    for k_a, k_b in zip(tile_a.contiguous, tile_b.contiguous[len(tile_b.contiguous) - len(tile_a.contiguous) :]):
        components = _hardware_components(a, b.lanes[k_b])
        if components is None or components.get("lane", 0) != 1 << k_a:
            return None
    return vector + lanes_b


def _address_tile(tile: _InstructionTile, side: _Side, vector: Sequence[int]) -> list[int] | None:
    """Triton's ``getTile``: the bases of the 8 chunks one wavefront of ``side``'s
    instruction reaches, registers first; ``None`` if too few registers."""
    needed = 3 - len(tile.address)
    registers = [r for r in side.registers if r and r not in vector][:needed]
    if len(registers) < needed:
        return None
    return registers + [side.lanes[k] for k in tile.address]


def _tile_plans(
    source: _Side,
    destination: _Side,
    bits: int,
    dim: int,
    memory: SharedMemory,
    warp_synchronous: bool,
    without_reps: bool = False,
) -> list[tuple[int, ScratchPlan]]:
    """For each pair of instructions Triton would try, its buffer with Triton's measure of
    its bank conflicts (``bankConflicts``), in Triton's order; ``without_reps`` keeps the
    whole tile in the buffer instead (fewer barriers for more bytes)."""
    if bits > 128 or len(source.lanes) != 5:
        return []
    full = log2_exact(MAX_VECTOR_BITS // bits)
    blocks = [b for b in source.blocks if b]
    plans: list[tuple[int, ScratchPlan]] = []
    load_memory = replace(memory, matrix_loads=False) if _crosses_ctas(source, destination) else memory
    for store_tile in _instruction_tiles(bits, memory, load=False):
        for load_tile in _instruction_tiles(bits, load_memory, load=True):
            vector = _tile_vector(
                source,
                destination,
                full - len(store_tile.contiguous),
                full - len(load_tile.contiguous),
                store_tile,
                load_tile,
            )
            if vector is None:
                continue
            tile_src = _address_tile(store_tile, source, vector)
            tile_dst = _address_tile(load_tile, destination, vector)
            if tile_src is None or tile_dst is None:
                continue
            leave = dim if without_reps else min(store_tile.registers_missing, load_tile.registers_missing)
            offsets, segment, reps = _swizzle(source, destination, bits, vector, tile_src, tile_dst, dim, memory, leave)
            plan = _build(source, destination, bits, offsets, blocks, reps, memory, warp_synchronous)
            if plan is None:
                continue
            conflicts = sum((1 << len(span_intersection(segment, tile))) - 1 for tile in (tile_src, tile_dst))
            plans.append((conflicts, plan))
    return plans


def _triton_plan(
    tiled: list[tuple[int, ScratchPlan]],
    source: _Side,
    destination: _Side,
    bits: int,
    dim: int,
    memory: SharedMemory,
    warp_synchronous: bool,
) -> ScratchPlan | None:
    """Triton's pick: among the instruction pairs ``tiled``, the fewest bank conflicts, then
    the most reps; without any, its ``optimalSwizzlingLdSt``, vectors of the common
    registers (``getVecBasisLdSt``)."""
    if tiled:
        return min(tiled, key=lambda item: (item[0], -item[1].reps))[1]
    vector, source_fills_bank = _triton_vector(source, destination, bits)
    bank_first: tuple[_Side, ...] = ()
    if bits << len(vector) < MAX_VECTOR_BITS:
        if source_fills_bank is None:
            bank_first = (destination, source)
        else:
            bank_first = (source,) if source_fills_bank else (destination,)
    return _plan(source, destination, bits, vector, dim, memory, warp_synchronous, bank_first)


def _triton_vector(source: _Side, destination: _Side, bits: int) -> tuple[list[int], bool | None]:
    """Triton's ``getVecBasisLdSt``: the common registers (at most 128 bits), filled up to a
    word with registers of one side that the other spreads over warps, then with warps;
    and whether the source's registers filled it (``None`` if no side's did)."""
    vector = _common_registers(source.registers, destination.registers)[: log2_exact(MAX_VECTOR_BITS // bits)]
    word = log2_exact(BANK_BITS // bits) if bits < BANK_BITS else 0
    if len(vector) >= word:
        return vector, None
    warps_src = [w for w in source.warps if w]
    warps_dst = [w for w in destination.warps if w]
    src_to_warp = _common_registers([r for r in source.registers if r not in vector], warps_dst)
    dst_to_warp = _common_registers([r for r in destination.registers if r not in vector], warps_src)
    if len(src_to_warp) == len(dst_to_warp) and src_to_warp:
        source_fills_bank = min(src_to_warp) < min(dst_to_warp)
    else:
        source_fills_bank = len(src_to_warp) > len(dst_to_warp)
    vector += src_to_warp if source_fills_bank else dst_to_warp
    if len(vector) < word:
        vector += _common_registers(warps_src, warps_dst)
    blocks = set(source.blocks)
    for k in range(max(len(warps_src), len(warps_dst))):
        if len(vector) >= word:
            break
        if k < len(warps_src) and warps_src[k] not in vector:
            vector.append(warps_src[k])
        if len(vector) < word and k < len(warps_dst) and warps_dst[k] not in vector and warps_dst[k] not in blocks:
            vector.append(warps_dst[k])
    return vector[:word], source_fills_bank


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


def _access_widths(source: _Side, destination: _Side, vector: Sequence[int]) -> list[tuple[bool, bool]]:
    """Which sides to plan single-element accesses for, beside whole vectors (source
    first): a side whose lane or warp starts inside a vector (its offset shares a bit with
    the vector's, as a destination that broadcasts over a register of the source does)
    can only move single elements, and its lane tile is then a whole warp's."""
    inside = 0
    for base in vector:
        inside |= base

    def starts_inside(side: _Side) -> bool:
        return any(b & inside for b in (*side.lanes, *side.warps))

    widths = [(False, False)]
    if starts_inside(source):
        widths.append((True, False))
    if starts_inside(destination):
        widths.append((False, True))
    return widths


def _prefix_in(vector: Sequence[int], registers: Sequence[int]) -> int:
    count = 0
    while count < len(vector) and vector[count] in registers:
        count += 1
    return count


def _lane_tile(
    side: _Side, vector: Sequence[int], bits: int, memory: SharedMemory, load: bool, scalar: bool = False
) -> list[int]:
    """The offsets the lanes of one phase of ``side``'s accesses reach (Triton's
    ``getLaneTile``): of accesses of the vector's prefix the side holds in registers, or,
    with ``scalar``, of single elements (where the side's lanes or warps start inside a
    vector, so that its accesses cannot take it whole)."""
    vector_bits = bits if scalar else bits << _prefix_in(vector, side.registers)
    phase = memory.phase_basis(vector_bits, len(side.lanes), load)
    return [offset for offset in (combine(side.lanes, lane) for lane in phase) if offset]


def _transposed_vectors(source: _Side, destination: _Side, bits: int) -> Iterator[list[int]]:
    """Vector bases for a destination that loads with transposing reads: the tensor bits of
    its low lane bits, which a chunk must hold in order; alone, and followed by the
    registers both sides hold, up to 128 bits."""
    within = log2_exact(TRANSPOSED_CHUNK_BITS // bits)
    chunk = destination.lanes[:within]
    if 0 in chunk or rank(chunk) < within:
        return
    yield chunk
    common = [b for b in source.registers if b and b in destination.registers and b not in chunk]
    wider = chunk + common[: log2_exact(MAX_VECTOR_BITS // bits) - within]
    if len(wider) > within:
        yield wider


def _transposed_tile(destination: _Side, vector: Sequence[int], bits: int, memory: SharedMemory) -> list[int]:
    """The offsets the lanes of one phase of a transposing read address (``TransposedReads``),
    taking the registers that pick a lane's chunk to be the destination's first ones past
    the chunk (the reads take the first in-rep ones)."""
    within = log2_exact(TRANSPOSED_CHUNK_BITS // bits)
    chunk = vector[:within]
    selectors = [b for b in destination.registers if b and b not in chunk][:within]
    address_lanes = chunk_address_lanes(destination.lanes, selectors, bits)
    phase = memory.phase_basis(TRANSPOSED_CHUNK_BITS, len(address_lanes), True)
    return [offset for offset in (combine(address_lanes, lane) for lane in phase) if offset]


def _segment(tile_src: list[int], tile_dst: list[int], fixed: list[int], dim: int, count: int) -> list[int]:
    """Segment bases that miss both lane tiles where possible (Triton's ``computeSegment``,
    over spans: a tile of AMD's 128-bit loads holds XORs of offset bits).

    First the offset bits outside the span of both tiles; then, pairing the bases only one
    side reaches (in increasing order), their XOR, which neither side reaches alone; what
    is still missing costs conflicts."""
    echelon = ColumnEchelon(fixed)
    segment: list[int] = []

    def take(vector: int) -> None:
        if len(segment) < count and echelon.add(vector):
            segment.append(vector)

    for vector in complement_basis([*tile_src, *tile_dst, *fixed], dim):
        take(vector)
    reached_src, reached_dst = ColumnEchelon([*tile_src, *fixed]), ColumnEchelon([*tile_dst, *fixed])
    only_src = sorted({b for b in tile_src if b and not reached_dst.contains(b)})
    only_dst = sorted({b for b in tile_dst if b and not reached_src.contains(b)})
    if len(only_src) > len(only_dst):
        only_src, only_dst = only_dst, only_src
    given_up = min(max(0, count - len(only_src) - len(segment)), len(only_src))
    for a, b in zip(only_src[given_up:], only_dst[given_up:]):
        take(a ^ b)
    for vector in only_src[:given_up] + only_dst[:given_up] + [1 << bit for bit in range(dim)]:
        take(vector)
    return segment


def _swizzle(
    source: _Side,
    destination: _Side,
    bits: int,
    vector: list[int],
    tile_src: list[int],
    tile_dst: list[int],
    dim: int,
    memory: SharedMemory,
    leave_reps: int = 0,
    bank_first: Sequence[_Side] = (),
) -> tuple[list[int], list[int], list[int]]:
    """Triton's ``optimalSwizzling`` for given vector bases and lane tiles: the buffer's
    bases (vector, bank, segment, fastest first), the segment bases that are not reps,
    and the reps (segment bases both sides hold in registers, but for the first
    ``leave_reps``).  The registers of the side of ``bank_first`` that holds the most bank
    bases (the first on a tie) lead them, to widen its accesses (Triton's ``srcFillsBank``),
    where the memory allows it (``SharedMemory.widens_by_bank_order``)."""
    blocks = [b for b in source.blocks if b]
    line = log2_exact(memory.banks * BANK_BITS // (bits << len(vector)))
    bank_count = max(0, min(line, dim - len(vector) - len(blocks)))
    segment = _segment(
        vector + tile_src, vector + tile_dst, vector + blocks, dim, dim - bank_count - len(vector) - len(blocks)
    )
    bank = complement_basis(vector + segment + blocks, dim)
    if bank_first and memory.widens_by_bank_order:
        leader = max(bank_first, key=lambda side: sum(b in side.registers for b in bank))
        bank.sort(key=lambda b: b not in leader.registers)
    reps = [b for b in segment if b in source.registers and b in destination.registers][leave_reps:]
    return vector + bank + segment, [b for b in segment if b not in reps], reps


def _plan(
    source: _Side,
    destination: _Side,
    bits: int,
    vector: list[int],
    dim: int,
    memory: SharedMemory,
    warp_synchronous: bool,
    bank_first: Sequence[_Side] = (),
    scalar: tuple[bool, bool] = (False, False),
    transposed: bool = False,
    leave_reps: int = 0,
) -> ScratchPlan | None:
    """The plan for one choice of vector bases with the lane tiles of plain vector
    accesses (of single elements on the sides ``scalar`` names, source first; of the
    chunks a transposing read addresses with ``transposed``), looping over all reps but
    the first ``leave_reps``, or ``None`` if a CTA would reach another's part."""
    blocks = [b for b in source.blocks if b]
    tile_src = _lane_tile(source, vector, bits, memory, load=False, scalar=scalar[0])
    if transposed:
        tile_dst = _transposed_tile(destination, vector, bits, memory)
    else:
        tile_dst = _lane_tile(destination, vector, bits, memory, load=True, scalar=scalar[1])
    offsets, _, reps = _swizzle(
        source, destination, bits, vector, tile_src, tile_dst, dim, memory, leave_reps, bank_first
    )
    return _build(source, destination, bits, offsets, blocks, reps, memory, warp_synchronous)


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
    ``reps`` that no lane, warp or CTA straddles looped over; ``None`` if a source
    thread would write another CTA's part."""
    for _ in range(len(reps) + 1):
        offsets = [b for b in bases if b not in reps]
        columns = offsets + blocks + reps
        echelon = ColumnEchelon(columns)
        spread = [*source.lanes, *source.warps, *destination.lanes, *destination.warps, *destination.blocks]
        coordinates = echelon.express_all(spread)
        assert coordinates is not None
        tangled = {k for c in coordinates for k in range(len(reps)) if c >> (len(offsets) + len(blocks) + k) & 1}
        if not tangled:
            break
        reps = [b for k, b in enumerate(reps) if k not in tangled]
    store = _access(source, echelon, len(offsets), len(blocks), bits, memory, load=False)
    ranks = None
    if _crosses_ctas(source, destination):
        kept = sum(1 << k for k, b in enumerate(source.blocks) if not b)
        ranks = (tuple(k for k, b in enumerate(source.blocks) if b), kept)
    load = _access(destination, echelon, len(offsets), len(blocks), bits, memory, load=True, ranks=ranks)
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
    side: _Side,
    echelon: ColumnEchelon,
    offset_bits: int,
    block_bits: int,
    bits: int,
    memory: SharedMemory,
    load: bool,
    ranks: tuple[tuple[int, ...], int] | None = None,
) -> ScratchAccess | None:
    """Where ``side``'s registers, lanes and warps fall in the buffer whose basis is
    ``echelon`` (offset bits, then block, then reps); ``None`` if some fall in another
    CTA's part, unless the side reads other CTAs' parts: then ``ranks`` gives the rank
    bit of each block coordinate and the rank bits a reader keeps (see ``RemoteReads``),
    its offsets are cluster offsets, and it moves no matrices."""
    coordinates = echelon.express_all([*side.registers, *side.lanes, *side.warps])
    assert coordinates is not None
    rep_shift = offset_bits + block_bits
    reads: RemoteReads | None = None
    if ranks is not None:
        offset_mask = (1 << rep_shift) - 1
        own = echelon.express_all(side.blocks)
        assert own is not None
        reads = RemoteReads(offset_bits, ranks[0], ranks[1], tuple(c & offset_mask for c in own))
    elif any(c >> offset_bits & ((1 << block_bits) - 1) for c in coordinates):
        return None
    else:
        offset_mask = (1 << offset_bits) - 1
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
    access = ScratchAccess(elements, tuple(slots), tuple(lanes), tuple(warps), cost, remote=reads)
    best = replace(access, cost=replace(cost, instructions=len(access.vectors())), lds=memory.lds)
    if memory.lds and reads is None:
        best = replace(best, paired=_lds_pairs(best, bits, memory))
    matrices = memory.matrix_loads if load else memory.matrix_stores
    if len(lanes) == 5 and bits <= 32 and matrices and reads is None:
        for transpose in (False, True) if bits == 16 else (False,):
            tiling = _matrix_tiling(registers, lanes, warps, offset_mask, rep_shift, bits, transpose)
            if tiling is None:
                continue
            matrix = replace(best, vector_elements=0, matrix=tiling, cost=_matrix_cost(tiling, bits, memory, load))
            if _access_key(matrix) < _access_key(best):
                best = matrix
    if load and memory.transposed_loads and bits in TRANSPOSED_LOAD_BITS and len(lanes) == 6 and reads is None:
        reading = transposed_reads(registers, lanes, warps, offset_mask, rep_shift, bits)
        if reading is not None:
            cost = transposed_read_cost(reading, memory)
            transposed = replace(best, vector_elements=0, paired=0, transposed=reading, cost=cost)
            if _access_key(transposed) < _access_key(best):
                best = transposed
    return best


def _access_key(access: ScratchAccess) -> tuple[int, int]:
    return access.cost.total_wavefronts, access.issued


def _lds_pairs(access: ScratchAccess, bits: int, memory: SharedMemory) -> int:
    """How many LDS instructions serve two of ``access``'s vectors (of ``bits``-bit elements)
    each, paired as the AMDGPU backend pairs them (its ``SILoadStoreOptimizer``): within a
    rep, vectors with one base address (``address_parts``) in offset order, each with the
    next when ``memory.pairs`` allows and neither is paired yet."""
    vector_bits = access.vector_elements * bits
    offsets: dict[tuple[int, int], list[int]] = {}
    for rep, start, _ in access.vectors():
        shared, added = access.address_parts(start)
        offsets.setdefault((rep, shared), []).append(added)
    pairs = 0
    for added in offsets.values():
        added.sort()
        k = 0
        while k + 1 < len(added):
            if memory.pairs(vector_bits, (added[k + 1] - added[k]) * bits // 8):
                pairs += 1
                k += 2
            else:
                k += 1
    return pairs


def _matrix_tiling(
    registers: list[int],
    lanes: list[int],
    warps: list[int],
    offset_mask: int,
    rep_shift: int,
    bits: int,
    transpose: bool,
) -> MatrixTiling | None:
    """How a side whose register bits lie at buffer coordinates ``registers`` (offset, and
    rep above ``rep_shift``) and whose lane and warp bits lie at element offsets ``lanes``
    and ``warps`` moves with ``ldmatrix``/``stmatrix`` (Triton's ``lowerLdStMatrix``), or
    ``None`` when its data do not form whole 16-byte matrix rows.

    Without ``transpose``, the registers of a 32-bit word and lane bits 0, 1 fill a row in
    order, and lane bits 2, 3, 4 pick the row; with it, lane bits 2, 3, 4 fill the row
    and one register bit with lane bits 0, 1 pick it.  Every other bit must keep rows
    whole; up to two in-rep register bits pick the matrices of one instruction.
    """
    row_elements = MATRIX_ROW_BYTES * 8 // bits
    row_mask = row_elements - 1
    if transpose:
        contiguous_lanes = [0, 1, 2]
        if [lanes[k] for k in (2, 3, 4)] != [1 << k for k in contiguous_lanes]:
            return None
        fragment = [k for k, c in enumerate(registers) if c and not c >> rep_shift and not c & row_mask][:1]
        if not fragment or lanes[0] & row_mask or lanes[1] & row_mask:
            return None
        rows = [registers[fragment[0]], lanes[0], lanes[1]]
    else:
        word = log2_exact(BANK_BITS // bits) if bits < BANK_BITS else 0
        fragment = []
        for k in range(word):
            matches = [r for r, c in enumerate(registers) if c == 1 << k]
            if not matches:
                return None
            fragment.append(matches[0])
        if lanes[0] != 1 << word or lanes[1] != 2 << word:
            return None
        rows = lanes[2:5]
        if any(row & row_mask for row in rows):
            return None
    if any(w & row_mask for w in warps):
        return None
    others = [k for k, c in enumerate(registers) if c and k not in fragment]
    if any(registers[k] & offset_mask & row_mask for k in others):
        return None
    selectors = [k for k in others if not registers[k] >> rep_shift][:2]
    repeated = [k for k in others if k not in selectors]
    address_lanes = [*rows, *(registers[k] & offset_mask for k in selectors)]
    address_lanes += [0] * (5 - len(address_lanes))
    instructions = []
    for index in range(1 << len(repeated)):
        base = combine([1 << k for k in repeated], index)
        coordinate = combine([registers[k] for k in repeated], index)
        fragments = tuple(
            base | combine([1 << k for k in selectors], matrix) | combine([1 << k for k in fragment], element)
            for matrix in range(1 << len(selectors))
            for element in range(1 << len(fragment))
        )
        instructions.append((coordinate >> rep_shift, coordinate & offset_mask, fragments))
    instructions.sort(key=lambda item: item[:2])
    return MatrixTiling(transpose, 1 << len(selectors), tuple(address_lanes), tuple(instructions))


def _matrix_cost(tiling: MatrixTiling, bits: int, memory: SharedMemory, load: bool) -> SharedAccessCost:
    """The wavefronts of a matrix access: each matrix is one phase of 8 rows of 16 bytes."""
    row_elements = MATRIX_ROW_BYTES * 8 // bits
    row = [1 << k for k in range(log2_exact(row_elements))]
    matrix = access_cost(row, list(tiling.address_lane_offsets[:3]), bits, row_elements, memory, load)
    return SharedAccessCost(
        vector_bits=BANK_BITS * tiling.matrices,
        instructions=len(tiling.instructions),
        phases=tiling.matrices,
        wavefronts_per_instruction=tiling.matrices * matrix.wavefronts_per_instruction,
    )
