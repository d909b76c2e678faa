"""A shared-memory layout for a row-major ``R x C`` tile under which every listed access
tile is served in as few wavefronts as a warp's reads of it allow.

An access ``P x Q`` is a warp reading the tile's ``P x Q`` block at every aligned place (the
blocks tiling the tile from its origin; sides need not be powers of two, so ``1 x 9`` reads
a whole row of nine), as ``layout-tool conflicts --access PxQ`` reads it
(``access_explanation.tile_access_layout``): each lane holds the widest vector of one row
(up to 128 bits; as wide as the layout keeps its elements consecutive and aligned), the
lanes take the block's vectors row by row, a warp's worth at a time, and lanes beyond the
block stay idle.  Each instruction is served in the phases of ``SharedMemory`` (the
definition, ``target.py``): a phase takes as many wavefronts as the most distinct words
any bank holds among its lanes' words, none for a phase of idle lanes.  An access takes
the sum over its instructions and their phases: its **wavefronts per access**, the unit
every count here is in.  Its ideal is the fewest any layout allows: one wavefront per
phase that holds an active lane, for vectors of the best width (the widest, on NVIDIA
GPUs), which a layout reaches when no phase holds two words of one bank; a layout that
breaks the vectors needs more instructions, and, for vectors narrower than a word, more
wavefronts.  A request of ``ceil(bytes / wavefront bytes)`` wavefronts
that the closed form reaches is this ideal when the access fills whole phases.

The closed form is ``make_swizzle`` (see ``docs/shared-memory.md``) for one tile
filling all banks exactly once: ``col ^= (row & col_mask) << col_shift`` (a shift right when
negative) on rows of ``C`` elements, and, when ``C`` is odd-sized relative to the tile
(``8 x 9``), a row permutation that treats several rows as one.  Several tiles, or tiles of
other sizes, are served by searching the CuTe swizzles ``<B,M,S>`` for the fewest excess
wavefronts, and, when no swizzle is conflict-free, the XOR maps of row bits into column
bits (all of them for small tiles, one column bit per row bit for larger ones).  When
those fail several accesses, the layout found for each access alone (the row permutation
of the closed form among them) is tried on all of them before the best trade-off is given.

>>> plan = synthesise_swizzle(8, 8, 128, [(1, 8), (8, 1)], SharedMemory())
>>> str(plan.swizzle), plan.conflict_free
('Swizzle<3,0,3>', True)
>>> synthesise_swizzle(8, 24, 128, [(8, 1)], SharedMemory()).formula
'row * 24 + (col ^ (row & 7))'
>>> plan = synthesise_swizzle(8, 9, 128, [(8, 1), (4, 2)], SharedMemory())
>>> plan.formula, plan.conflict_free
('r = (row * 2) % 8 + row / 4; r * 9 + col', True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import product as cartesian
from typing import Any

import numpy as np

from layoutdialect.analysis.preconditions import AnalysisError, check_element_bits
from layoutdialect.cute.layout import Swizzle
from layoutdialect.f2 import LinearLayout, is_power_of_two, log2_exact, trailing_zeros
from layoutdialect.f2.arguments import checks_arguments
from layoutdialect.target import BANK_BITS, WIDE_ACCESS_BITS, SharedMemory

__all__ = [
    "AccessCost",
    "SwizzlePlan",
    "access_costs",
    "check_access",
    "costed_elements",
    "access_words",
    "WarpReads",
    "make_swizzle",
    "synthesise_swizzle",
    "warp_reads",
]


@dataclass(frozen=True)
class ClosedFormParams:
    """``make_swizzle``'s result: ``col ^= shiftl(row & col_mask, col_shift)`` on rows of
    ``stride`` elements, after ``row = (row * row_banks) % total_rows + row // (total_rows // row_banks)``."""

    col_mask: int
    col_shift: int
    stride: int
    row_banks: int
    total_rows: int

    def __call__(self, row: Any, col: Any) -> Any:
        """The offset of ``(row, col)``, or of each for arrays of them."""
        if self.row_banks != 1:
            row = (row * self.row_banks) % self.total_rows + row // (self.total_rows // self.row_banks)
        moved = row & self.col_mask
        col = col ^ (moved << self.col_shift if self.col_shift >= 0 else moved >> -self.col_shift)
        return row * self.stride + col

    def to_cute(self) -> Swizzle | None:
        """The equivalent ``Swizzle<B,M,S>`` on the flat offset, for power-of-two rows."""
        if not self.col_mask or not is_power_of_two(self.stride) or self.row_banks != 1:
            return None
        return Swizzle(
            bin(self.col_mask).count("1"),
            trailing_zeros(self.col_mask) + self.col_shift,
            trailing_zeros(self.stride) - self.col_shift,
        )


@checks_arguments(AnalysisError)
def make_swizzle(num_rows: int, num_cols: int, stride: int, total_rows: int = 0) -> ClosedFormParams:
    """The closed form for one ``num_rows x num_cols`` access filling all banks once."""
    if not (is_power_of_two(num_rows) and is_power_of_two(num_cols)) or stride < 1:
        raise AnalysisError(f"the access {num_rows}x{num_cols} must have power-of-two sides and rows a positive stride")
    stride_bits = trailing_zeros(stride)
    bank_bits = trailing_zeros(num_rows * num_cols)
    col_bits = trailing_zeros(num_cols)
    if not is_power_of_two(stride) and col_bits > stride_bits:
        row_banks = 1 << (col_bits - stride_bits)
        if total_rows % row_banks:
            raise AnalysisError(f"treating {row_banks} rows as one needs a row count divisible by {row_banks}")
        return ClosedFormParams(0, 0, stride, row_banks, total_rows)
    col_shift = col_bits
    col_mask = (1 << (bank_bits - col_bits)) - 1
    if bank_bits > stride_bits:
        col_shift -= bank_bits - stride_bits
        col_mask = ((1 << max(0, stride_bits - col_bits)) - 1) << (bank_bits - stride_bits)
    return ClosedFormParams(col_mask, col_shift, stride, 1, total_rows)


@dataclass(frozen=True)
class AccessCost:
    """The worst request of one access tile over its aligned places."""

    rows: int
    cols: int
    worst_wavefronts: int
    ideal_wavefronts: int
    conflicting_places: int
    places: int

    @property
    def conflict_free(self) -> bool:
        return self.worst_wavefronts == self.ideal_wavefronts


MAX_TILE_ELEMENTS = 1 << 22
"""The most elements of a tile searched (16 MiB of f32, far more than any CTA's shared
memory holds): an access that is not linear is costed at every element."""


def _check_accesses(rows: int, cols: int, element_bits: int, accesses: Sequence[tuple[int, int]], what: str) -> None:
    if rows < 1 or cols < 1:
        raise AnalysisError(f"{what}: rows and cols must be positive, got {rows} and {cols}")
    if rows * cols > MAX_TILE_ELEMENTS:
        raise AnalysisError(f"{what}: rows and cols make {rows}x{cols}, over the {MAX_TILE_ELEMENTS} elements searched")
    check_element_bits(element_bits, f"{what}: element_bits")
    for height, width in accesses:
        check_access(rows, cols, height, width)


@checks_arguments(AnalysisError)
def access_costs(
    address: Callable[[Any, Any], Any],
    rows: int,
    cols: int,
    element_bits: int,
    accesses: Sequence[tuple[int, int]],
    memory: SharedMemory,
    linear: bool = False,
    lanes: int = 32,
) -> list[AccessCost]:
    """The wavefronts per access of each access tile, read by a warp of ``lanes`` lanes
    (see the module docstring), when element ``(row, col)`` sits at ``address`` (called on
    arrays of rows and columns, so all places are costed at once).

    A ``linear`` address (an XOR map of power-of-two sides) moves every aligned place of an
    access with power-of-two sides by one XOR constant, which permutes banks and words
    alike, so the first place stands for all of them (its vectors stay aligned where the
    constants are multiples of the vector); the places of other accesses are each counted."""
    _check_accesses(rows, cols, element_bits, accesses, "access_costs")
    if not is_power_of_two(lanes):
        raise AnalysisError(f"access_costs: lanes must be a power of two, got {lanes}")
    units = max(1, element_bits // WIDE_ACCESS_BITS)
    if units > 1:
        # An element wider than one access is read as ``units`` consecutive 128-bit units.
        element_bits, cols, accesses = WIDE_ACCESS_BITS, cols * units, [(h, w * units) for h, w in accesses]
        address = _unit_address(address, units)
    costs = []
    for height, width in accesses:
        tops, lefts = np.arange(0, rows - height + 1, height), np.arange(0, cols - width + 1, width)
        places = len(tops) * len(lefts)
        place_offsets = None
        if linear and is_power_of_two(height) and is_power_of_two(width):
            place_offsets = np.asarray(address(tops[:, None], lefts[None, :]), dtype=np.int64)
            tops, lefts = tops[:1], lefts[:1]
        block = (tops, lefts, height, width)
        totals, ideal = _access_wavefronts(address, block, element_bits, memory, lanes, place_offsets)
        worst = int(totals.max())
        conflicting = int((totals > ideal).sum())
        if len(totals) == 1:
            conflicting *= places
        costs.append(AccessCost(height, width // units, worst, ideal, conflicting, places))
    return costs


def _unit_address(address: Callable[[Any, Any], Any], units: int) -> Callable[[Any, Any], Any]:
    """The address, in 128-bit units, of unit ``col % units`` of element ``(row, col // units)``."""

    def unit_address(row: Any, col: Any) -> Any:
        return address(row, col // units) * units + col % units

    return unit_address


@dataclass(frozen=True)
class WarpReads:
    """How a warp reads one access tile: the tile's vectors of ``vector`` consecutive
    elements of a row, row by row, vector ``k`` starting at ``rows[k]``, ``cols[k]``; lane
    ``k % lanes`` reads it in the ``k // lanes``-th group of instructions, and in the last
    group the lanes beyond the tile's vectors stay idle."""

    vector: int
    rows: np.ndarray
    cols: np.ndarray
    lanes: int

    @property
    def groups(self) -> int:
        return -(-len(self.rows) // self.lanes)


@checks_arguments(AnalysisError)
def warp_reads(height: int, width: int, element_bits: int, lanes: int) -> WarpReads:
    """A warp of ``lanes`` lanes reading a ``height x width`` tile of ``element_bits``-bit
    elements, each lane its widest vector: the largest power of two of elements, at most
    128 bits, that divides the row (the vector of ``tile_access_layout`` for power-of-two
    sides).

    >>> reads = warp_reads(2, 16, 32, 4)
    >>> reads.vector, reads.groups, reads.rows.tolist(), reads.cols.tolist()
    (4, 2, [0, 0, 0, 0, 1, 1, 1, 1], [0, 4, 8, 12, 0, 4, 8, 12])
    """
    check_element_bits(element_bits, "warp_reads: element_bits")
    if height < 1 or width < 1 or not is_power_of_two(lanes):
        raise AnalysisError(f"warp_reads: a tile of positive sides and a power of two of lanes, got {height}x{width}")
    if height * width > MAX_TILE_ELEMENTS:
        raise AnalysisError(f"warp_reads: a {height}x{width} tile is over the {MAX_TILE_ELEMENTS} elements searched")
    vector = 1
    while vector * 2 * element_bits <= WIDE_ACCESS_BITS and width % (vector * 2) == 0:
        vector *= 2
    index = np.arange(height * width // vector)
    per_row = width // vector
    return WarpReads(vector, index // per_row, index % per_row * vector, lanes)


@functools.cache
def _phases(memory: SharedMemory, vector_bits: int, lanes: int) -> tuple[int, np.ndarray]:
    """How many phases a ``vector_bits``-wide load of a warp has, and the phase of each lane
    (``SharedMemory.lane_phases``; read-only, as each answer is kept for the next search)."""
    lane_bits = log2_exact(lanes)
    phase = np.array(memory.lane_phases(vector_bits, lane_bits, True), dtype=np.int64)
    phase.flags.writeable = False
    return 1 << (lane_bits - len(memory.phase_basis(vector_bits, lane_bits, True))), phase


def _widest_vector(offsets: np.ndarray, vector: int, place_offsets: np.ndarray | None) -> int:
    """The most elements (a power of two up to ``vector``) each lane's vector keeps at
    consecutive offsets from an aligned one, at every place: ``offsets[..., j]`` is element
    ``j`` of a lane's vector; ``place_offsets``, where given, are the XOR constants that
    move the first place to the others, which must keep the alignment."""
    elements = vector
    while elements > 1:
        chunks = offsets.reshape(*offsets.shape[:-1], vector // elements, elements)
        consecutive = (chunks - chunks[..., :1] == np.arange(elements)).all()
        aligned = not (chunks[..., 0] % elements).any()
        if consecutive and aligned and (place_offsets is None or not (place_offsets % elements).any()):
            return elements
        elements //= 2
    return 1


def _access_wavefronts(
    address: Callable[[Any, Any], Any],
    block: tuple[np.ndarray, np.ndarray, int, int],
    element_bits: int,
    memory: SharedMemory,
    lanes: int,
    place_offsets: np.ndarray | None,
) -> tuple[np.ndarray, int]:
    """The wavefronts per access of the warp's reads of a ``height x width`` block at each
    place (``block`` is ``tops, lefts, height, width``; places row-major), and the ideal."""
    tops, lefts, height, width = block
    reads = warp_reads(height, width, element_bits, lanes)
    vector = reads.vector
    row = tops[:, None, None, None] + reads.rows[None, None, :, None]
    col = lefts[None, :, None, None] + reads.cols[None, None, :, None] + np.arange(vector)
    shape = (len(tops), len(lefts), len(reads.rows), vector)
    offsets = np.broadcast_to(np.asarray(address(row, col), dtype=np.int64), shape).reshape(-1, len(reads.rows), vector)
    elements = _widest_vector(offsets, vector, place_offsets)
    phases, phase_of_lane = _phases(memory, elements * element_bits, lanes)
    # Each element's request: its vector's group of instructions, its instruction in the
    # group (which part of the vector), and its lane's phase.
    index = np.arange(len(reads.rows))
    group, phase = index // lanes, phase_of_lane[index % lanes]
    instruction = np.arange(vector) // elements
    request = ((group[:, None] * (vector // elements) + instruction[None, :]) * phases + phase[:, None]).reshape(-1)
    totals = _request_wavefronts(offsets.reshape(len(offsets), -1), request, element_bits, memory)
    return totals, _ideal(group, index % lanes, vector, element_bits, memory, lanes)


def _ideal(
    group: np.ndarray, lane: np.ndarray, vector: int, element_bits: int, memory: SharedMemory, lanes: int
) -> int:
    """The fewest wavefronts any layout lets the warp read its vectors in (``group[k]`` and
    ``lane[k]`` read vector ``k``): one per phase holding an active lane, for each of the
    instructions that read each vector in parts of ``elements``, the best such width (the
    widest on NVIDIA GPUs; on AMD's, 128-bit loads form their phases from other lanes)."""
    best = None
    elements = vector
    while elements >= 1:
        phases, phase_of_lane = _phases(memory, elements * element_bits, lanes)
        count = len(np.unique(group * phases + phase_of_lane[lane])) * (vector // elements)
        best = count if best is None else min(best, count)
        elements //= 2
    assert best is not None
    return best


def _request_wavefronts(
    offsets: np.ndarray, request: np.ndarray, element_bits: int, memory: SharedMemory
) -> np.ndarray:
    """For each row of element ``offsets`` (a place), the sum over its requests (the phases
    of its instructions; ``request[i]`` is element ``i``'s) of ``SharedMemory.wavefronts`` of
    the request's words: per request, the most distinct words any bank holds."""
    element_words = max(1, element_bits // BANK_BITS)
    words = (offsets * element_bits // BANK_BITS)[:, :, None] + np.arange(element_words)
    places, requests = len(offsets), int(request.max()) + 1
    place = np.broadcast_to(np.arange(places)[:, None, None], words.shape).reshape(-1)
    bank_key = place * requests + np.repeat(request, element_words)[None, :].repeat(places, 0).reshape(-1)
    bank_key = bank_key * memory.banks + words.reshape(-1) % memory.banks
    words = words.reshape(-1)
    order = np.lexsort((words, bank_key))
    key, word = bank_key[order], words[order]
    distinct = np.ones(len(key), dtype=bool)
    distinct[1:] = (key[1:] != key[:-1]) | (word[1:] != word[:-1])
    per_bank = np.bincount(key[distinct], minlength=places * requests * memory.banks)
    totals: np.ndarray = per_bank.reshape(places, requests, memory.banks).max(axis=2).sum(axis=1)
    return totals


@checks_arguments(AnalysisError)
def check_access(rows: int, cols: int, height: int, width: int) -> None:
    """``AnalysisError`` unless a ``height x width`` access fits an ``rows x cols`` tile."""
    if not (1 <= height <= rows and 1 <= width <= cols):
        raise AnalysisError(
            f"access {height}x{width} does not fit the {rows}x{cols} tile: its sides must be from 1 to the tile's"
        )


@checks_arguments(AnalysisError)
def costed_elements(rows: int, cols: int, height: int, width: int, element_bits: int = 32) -> int:
    """How many elements ``synthesise_swizzle`` addresses to cost a ``height x width`` access
    of an ``rows x cols`` tile under one candidate layout (each 128-bit unit of an element
    wider than that): one place of a power-of-two access on a power-of-two tile (the
    candidates there are linear), every place otherwise.  Requires the access to fit the
    tile (``check_access``)."""
    check_access(rows, cols, height, width)
    per_place = height * width * max(1, element_bits // WIDE_ACCESS_BITS)
    if is_power_of_two(rows) and is_power_of_two(cols) and is_power_of_two(height) and is_power_of_two(width):
        return per_place
    return (rows // height) * (cols // width) * per_place


@checks_arguments(AnalysisError)
def access_words(offsets: Iterable[int], element_bits: int) -> set[int]:
    """The ``BANK_BITS``-bit words that elements at the element ``offsets`` occupy.

    >>> sorted(access_words([0, 1, 9], 128))
    [0, 1, 2, 3, 4, 5, 6, 7, 36, 37, 38, 39]
    >>> sorted(access_words([0, 1, 9], 16))
    [0, 4]
    """
    check_element_bits(element_bits, "access_words: element_bits")
    element_bytes = max(1, element_bits // 8)
    word_bytes = BANK_BITS // 8
    words: set[int] = set()
    for offset in offsets:
        start = offset * element_bits // 8
        words.update(range(start // word_bytes, (start + element_bytes - 1) // word_bytes + 1))
    return words


@dataclass(frozen=True)
class SwizzlePlan:
    """The chosen layout: ``address(row, col)``, its ``formula``, the CuTe ``swizzle`` on the
    flat offset (``None`` when the layout is not one), and each access's cost."""

    rows: int
    cols: int
    element_bits: int
    address: Callable[[Any, Any], Any]
    """The offset of element ``(row, col)``, or of each for arrays of rows and columns."""
    formula: str
    swizzle: Swizzle | None
    costs: list[AccessCost]
    method: str
    linear: bool = False
    """Whether ``address`` is F2-linear (an XOR of row bits into the column bits of a
    power-of-two tile), so that one aligned place of an access stands for all."""

    @property
    def conflict_free(self) -> bool:
        return all(cost.conflict_free for cost in self.costs)

    def linear_layout(self) -> LinearLayout | None:
        """Triton's view, ``offset, block -> (dim0, dim1)``, when both sides are powers of two."""
        if not (is_power_of_two(self.rows) and is_power_of_two(self.cols)):
            return None
        row_bits, col_bits = trailing_zeros(self.rows), trailing_zeros(self.cols)
        columns = [self.address(1 << b, 0) for b in range(row_bits)] + [
            self.address(0, 1 << b) for b in range(col_bits)
        ]
        to_offset = LinearLayout.from_bases(
            [("dim0", [[c] for c in columns[:row_bits]]), ("dim1", [[c] for c in columns[row_bits:]])],
            ["offset"],
            [self.rows * self.cols],
            require_surjective=False,
        )
        if not to_offset.is_invertible():
            return None
        offsets = to_offset.invert()
        return LinearLayout.from_bases([*offsets.bases, ("block", [])], ["dim0", "dim1"], [self.rows, self.cols])


def _swizzle_formula(swizzle: Swizzle, cols: int) -> str:
    if swizzle.bits == 0:
        return f"row * {cols} + col"
    mask = (1 << swizzle.bits) - 1
    return f"o = row * {cols} + col; o ^ (((o >> {swizzle.base + swizzle.shift}) & {mask}) << {swizzle.base})"


def _closed_form_formula(params: ClosedFormParams) -> str:
    row = "row"
    prefix = ""
    if params.row_banks != 1:
        per_bank = params.total_rows // params.row_banks
        prefix = f"r = (row * {params.row_banks}) % {params.total_rows} + row / {per_bank}; "
        row = "r"
    if not params.col_mask:
        return f"{prefix}{row} * {params.stride} + col"
    shift = params.col_shift
    moved = f"({row} & {params.col_mask})"
    if shift > 0:
        moved = f"({moved} << {shift})"
    elif shift < 0:
        moved = f"({moved} >> {-shift})"
    return f"{prefix}{row} * {params.stride} + (col ^ {moved})"


def _candidate_swizzles(rows: int, cols: int) -> list[Swizzle]:
    bits_total = trailing_zeros(rows * cols)
    candidates = [Swizzle(0, 0, 0)]
    for bits in range(1, bits_total):
        for base in range(bits_total):
            for shift in range(bits, bits_total - base - bits + 1):
                candidates.append(Swizzle(bits, base, shift))
    return candidates


Track = Callable[[Iterable[Any]], Iterable[Any]]
"""Wraps each search's candidates, to show progress: ``iter`` shows none."""


@checks_arguments(AnalysisError)
def synthesise_swizzle(
    rows: int,
    cols: int,
    element_bits: int,
    accesses: Sequence[tuple[int, int]],
    memory: SharedMemory,
    track: Track = iter,
    lanes: int = 32,
) -> SwizzlePlan:
    """The layout of an ``rows x cols`` tile of ``element_bits``-bit elements that serves
    every access tile, read by a warp of ``lanes`` lanes, in the fewest wavefronts (see the
    module docstring).

    Accesses of several shapes that the searches over all of them leave with conflicts are
    tried on the layout found for each shape alone, in the order given; the first that
    serves every access wins, and otherwise the fewest excess wavefronts.  ``track`` wraps
    each search's candidates (to show progress)."""
    _check_accesses(rows, cols, element_bits, accesses, "synthesise_swizzle")
    plan = _search(rows, cols, element_bits, accesses, memory, track, lanes)
    shapes = list(dict.fromkeys(accesses))
    if plan.conflict_free or len(shapes) < 2:
        return plan
    for height, width in shapes:
        alone = _search(rows, cols, element_bits, [(height, width)], memory, track, lanes)
        tried = replace(
            alone,
            costs=access_costs(alone.address, rows, cols, element_bits, accesses, memory, alone.linear, lanes),
            method=f"{alone.method}, found for the {height}x{width} access alone",
        )
        if tried.conflict_free:
            return tried
        if _excess(tried.costs) < _excess(plan.costs):
            plan = tried
    return plan


def _excess(costs: Sequence[AccessCost]) -> tuple[int, int]:
    """Wavefronts beyond the ideal, over all accesses and at the worst one."""
    excess = [cost.worst_wavefronts - cost.ideal_wavefronts for cost in costs]
    return sum(excess), max(excess, default=0)


def _closed_form(
    rows: int, cols: int, element_bits: int, accesses: Sequence[tuple[int, int]], memory: SharedMemory
) -> ClosedFormParams | None:
    """``make_swizzle`` for the one access that is neither a row nor a whole-row
    band, when it fills one wavefront and the rows allow its row permutation."""
    tiles = list(dict.fromkeys((h, w) for h, w in accesses if h > 1 and w < cols))
    if len(tiles) != 1:
        return None
    height, width = tiles[0]
    if height * width * element_bits != 8 * memory.wavefront_bytes:
        return None
    try:
        return make_swizzle(height, width, cols, rows)
    except AnalysisError:
        return None


def _search(
    rows: int,
    cols: int,
    element_bits: int,
    accesses: Sequence[tuple[int, int]],
    memory: SharedMemory,
    track: Track,
    lanes: int,
) -> SwizzlePlan:
    """The closed form, then ``Swizzle<B,M,S>`` (power-of-two tiles), then XOR maps, each
    costed on all ``accesses`` together."""
    params = _closed_form(rows, cols, element_bits, accesses, memory)
    closed: SwizzlePlan | None = None
    power_of_two_tile = is_power_of_two(rows) and is_power_of_two(cols)
    if params is not None:
        linear = power_of_two_tile and params.row_banks == 1 and params.stride == cols
        closed = SwizzlePlan(
            rows,
            cols,
            element_bits,
            params,
            _closed_form_formula(params),
            params.to_cute(),
            access_costs(params, rows, cols, element_bits, accesses, memory, linear, lanes),
            "the closed form for one access tile",
            linear,
        )
        if closed.conflict_free:
            return closed
    if not power_of_two_tile:
        found = _xor_search(rows, cols, element_bits, accesses, memory, track, lanes)
        if found is not None:
            return found
        plain_params = ClosedFormParams(0, 0, cols, 1, rows)
        plain = SwizzlePlan(
            rows,
            cols,
            element_bits,
            plain_params,
            _closed_form_formula(plain_params),
            None,
            access_costs(plain_params, rows, cols, element_bits, accesses, memory, lanes=lanes),
            "no XOR of row bits into column bits serves this non-power-of-two tile",
        )
        return closed if closed is not None and _excess(closed.costs) < _excess(plain.costs) else plain
    best: SwizzlePlan | None = None
    best_key: tuple[int, ...] | None = None
    for swizzle in track(_candidate_swizzles(rows, cols)):

        def address(row: Any, col: Any, swizzle: Swizzle = swizzle) -> Any:
            return swizzle(row * cols + col)

        costs = access_costs(address, rows, cols, element_bits, accesses, memory, linear=True, lanes=lanes)
        key = (*_excess(costs), swizzle.bits, swizzle.base, swizzle.shift)
        if best_key is None or key < best_key:
            best_key = key
            best = SwizzlePlan(
                rows,
                cols,
                element_bits,
                address,
                _swizzle_formula(swizzle, cols),
                swizzle,
                costs,
                "search over Swizzle<B,M,S>",
                linear=True,
            )
    assert best is not None
    if not best.conflict_free:
        best = _xor_search(rows, cols, element_bits, accesses, memory, track, lanes) or best
    return best


MAX_XOR_SEARCH_BITS = 12
"""Tiles with more row bits times column bits search only XOR maps moving each row bit to
at most one column bit."""

MAX_XOR_CANDIDATES = 20000


@dataclass(frozen=True)
class XorMap:
    """``col ^= masks[i]`` for each set bit ``i`` of the row: any linear XOR of row bits into
    column bits, of which a CuTe swizzle is the special case of one shifted mask."""

    cols: int
    masks: tuple[int, ...]

    def __call__(self, row: Any, col: Any) -> Any:
        """The offset of ``(row, col)``, or of each for arrays of them."""
        for bit, mask in enumerate(self.masks):
            col = col ^ ((row >> bit) & 1) * mask
        return row * self.cols + col

    def formula(self) -> str:
        terms = [f"((row >> {bit}) & 1) * {mask}" for bit, mask in enumerate(self.masks) if mask]
        return f"row * {self.cols} + (col ^ " + " ^ ".join(terms) + ")" if terms else f"row * {self.cols} + col"


def _xor_search(
    rows: int,
    cols: int,
    element_bits: int,
    accesses: Sequence[tuple[int, int]],
    memory: SharedMemory,
    track: Track,
    lanes: int,
) -> SwizzlePlan | None:
    """The first conflict-free ``XorMap`` (fewest set mask bits first), if any: every map of
    a small tile, and of a larger one those sending each row bit to one column bit or none.
    Only the column bits below the largest power of two dividing ``cols`` take part, so a
    column stays in its row."""
    row_bits, col_bits = (rows - 1).bit_length(), trailing_zeros(cols)
    linear = is_power_of_two(rows) and is_power_of_two(cols)
    if row_bits * col_bits <= MAX_XOR_SEARCH_BITS:
        choices = list(range(1 << col_bits))
    else:
        choices = [0, *(1 << bit for bit in range(col_bits))]
    if len(choices) ** row_bits > MAX_XOR_CANDIDATES:
        return None
    candidates = sorted(cartesian(choices, repeat=row_bits), key=lambda m: sum(bin(x).count("1") for x in m))
    for masks in track(candidates):
        xor_map = XorMap(cols, tuple(masks))
        costs = access_costs(xor_map, rows, cols, element_bits, accesses, memory, linear=linear, lanes=lanes)
        if all(c.conflict_free for c in costs):
            method = "search over XOR maps of row bits" if any(masks) else "row-major, the first XOR map searched"
            return SwizzlePlan(rows, cols, element_bits, xor_map, xor_map.formula(), None, costs, method, linear)
    return None
