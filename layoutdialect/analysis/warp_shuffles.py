"""Intra-warp conversions as register renaming, conditional swaps and one shuffle stage.

The algorithm of Triton 3.9's ``getWarpLayoutConvertDecomposition``.  Restricted to one warp, both layouts are
sub-permutation matrices over the hardware bits ``(register, lane)``, so the
conversion moves the value at hardware index ``h`` to ``P(h)`` for a permutation
``P`` of those bits.  ``P`` factors as ``P_mixed ∘ P_lane ∘ P_reg``: ``P_reg``
renames registers (free), ``P_lane`` is a lane relabelling (one indexed shuffle
per register) and ``P_mixed`` is a product of disjoint transpositions
``(r_i l_j)``, each a select, a shuffle and a select by the XOR-swap identity
``[[0,1],[1,0]] = [[1,1],[0,1]][[1,0],[1,1]][[1,1],[0,1]]``.

Warps the source holds copies of count as lanes.  When the source broadcasts a warp bit
(warps ``w`` and ``w ^ 2^k`` hold the same data) and the destination spreads data along
it, the conversion is still within each warp: the bit joins the lane bits as a *virtual*
lane bit, and the decomposition runs on the virtual warp.  A shuffle reads the virtual
lane it names from its own warp, which holds the same data, as long as no select before
the shuffle stage is keyed on a warp bit; the decomposition is refused otherwise.
Triton 3.9 lowers such pairs the same way (its shuffles' source lanes read the warp id).

Elements narrower than 32 bits are packed into 32-bit words along register bits
that no transposition touches, so that selects move whole words; 64-bit elements
are split into two words.  When the transpositions leave too few register bits to
fill a word, 8- and 16-bit elements may instead be packed along transposed bits too,
as Triton packs with ``prmt`` (``getTranspositionSelectors``): a transposition of a
bit of the element's position within its word is one shuffle of the word to the
partner lane and one byte permute (``nvvm.prmt``) per word, which keeps the lane's own
elements where the position bit equals its lane bit and takes the partner's
elsewhere, plus one select of the two byte selectors per transposition.  The
decomposition takes whichever packing costs fewer shuffles, selects and permutes:
f16 with one register transposed with a lane takes 1 shuffle, 1 select and 1 permute
(one word) instead of 1 shuffle and 3 selects (two half-empty words).

Beyond Triton: a transposition ``(r_i l_j)`` whose lane bit the source broadcasts
(every lane holds what its partner across ``l_j`` holds) needs no shuffle.  The
value it moves to register ``y`` of a lane whose bit ``j`` is ``x`` is the one at
register ``x`` of the partner lane, which equals the lane's own; so one select
per pair of words, keyed on lane bit ``j``, does it.  Example: the source holds
elements ``{0, 2}`` in every lane pair ``(l, l ^ 2)`` and the destination puts
element 2 in the lanes with bit 1 set: Triton shuffles and selects, here each
lane selects its own register.  And where a lane relabelling shuffles every word anyway
(``idx`` shuffles) and the source holds a transposition's two words as copies, each
shuffle reads the lane whose bit holds the word's register bit (a *gather*), and no
select follows.

On AMD (``CrossLane``): an XOR shuffle by a mask below 16 is one or two DPP row moves
on CDNA, as Triton's ``shuffleXor`` takes it; on gfx950 a transposition of a word bit
with lane bit 4 or 5 is one ``v_permlane16_swap``/``v_permlane32_swap`` per pair of words
and no select, and a 3-cycle ``(r l4 l5)`` is two (Triton's
``ConvertLayoutOpPermlaneSwap``).  The decomposition keeps whichever factoring and
packing costs the fewest moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from layoutdialect.analysis.preconditions import AnalysisError, check_distributed, check_element_bits
from layoutdialect.f2 import LinearLayout, inverse_permutation
from layoutdialect.f2.arguments import checks_arguments
from layoutdialect.f2.bitmatrix import combine_all
from layoutdialect.target import SHUFFLES_ONLY, CrossLane

__all__ = [
    "HardwarePermutation",
    "ShuffleVariant",
    "Transposition",
    "WarpDecomposition",
    "bit_permutation",
    "decompose_warp_conversion",
    "hardware_permutation",
    "nonzero_register_bases",
]

WORD_BITS = 32
WARP_DIMS = ("register", "lane")
"""The in-dims of a layout that one warp's conversion reads (``warp`` counts when present)."""
Column = tuple[int, ...]


class ShuffleVariant(Enum):
    """How the mixed transpositions run."""

    SWAP = "swap"  # in place: selects, one shuffle stage for every register, selects
    SHIP = "ship"  # out of place, one transposition at a time: half the words cross lanes


@dataclass(frozen=True)
class Transposition:
    """Swap register bit ``register_bit`` of the 32-bit word index with lane bit ``lane_bit``."""

    register_bit: int
    lane_bit: int


@dataclass(frozen=True)
class WarpDecomposition:
    """One warp's share of a conversion, ready to emit.

    The work runs on a *working* register file of ``2**register_bits`` elements,
    packed into ``words`` 32-bit words:

    - ``source_slots[w]`` is the source register that fills working element ``w``
      (duplicate source registers are dropped, missing ones tiled);
    - ``lane_permutation[j]`` is where lane bit ``j`` goes (``P_lane``);
    - ``transpositions`` swap word-index bits with lane bits (``P_mixed``); those
      whose lane bit is in ``broadcast_lanes`` (lane bits, after ``P_lane``, along
      which every lane already holds its partner's data) are done by selects alone;
    - ``in_word_transpositions`` swap a bit of the element's position within its
      word with a lane bit, by a shuffle (none along a broadcast lane bit) and a byte
      permute per word, after everything else;
    - ``lane_swaps`` swap word-index bits with lane bits 4 or 5 by one register-lane
      swap per pair of words (CDNA4's ``v_permlane16_swap``/``v_permlane32_swap``), in
      order, after everything else;
    - ``cross_lane`` says which XOR shuffles are DPP moves or ``v_permlanex16`` instead
      (``CrossLane.xor_moves``: on CDNA one or two DPP moves for a mask below 16; on RDNA
      one ``row_xmask`` below 16 and one ``v_permlanex16`` from 16 to 31);
    - ``destination_slots[d]`` is the working element destination register ``d``
      reads afterwards (duplicates re-created);
    - ``warp_lane_bits`` are warp bits counted as lanes (see the module's essay).
    """

    element_bits: int
    register_bits: int
    lane_bits: int
    elements_per_word: int
    words_per_element: int
    source_slots: tuple[int, ...]
    destination_slots: tuple[int, ...]
    lane_permutation: tuple[int, ...]
    transpositions: tuple[Transposition, ...]
    broadcast_lanes: int = 0
    in_word_transpositions: tuple[Transposition, ...] = ()
    warp_lane_bits: tuple[int, ...] = ()
    """The warp bits (of the warp id) that serve as virtual lane bits ``lane_bits -
    len(warp_lane_bits)`` and up, lowest first; the source holds copies along them."""
    lane_swaps: tuple[Transposition, ...] = ()
    cross_lane: CrossLane = SHUFFLES_ONLY

    @property
    def physical_lane_bits(self) -> int:
        """Lane bits of the hardware warp (the virtual ones above them are warp bits)."""
        return self.lane_bits - len(self.warp_lane_bits)

    @checks_arguments(AnalysisError)
    def broadcasts(self, lane_bit: int) -> bool:
        """Whether every lane holds its partner's data across ``lane_bit`` (after ``P_lane``)."""
        if lane_bit < 0:
            raise AnalysisError(f"broadcasts: lane_bit must be at least 0, got {lane_bit}")
        return bool(self.broadcast_lanes >> lane_bit & 1)

    @property
    def lanes_before_relabelling(self) -> tuple[int, ...]:
        """``P_lane``'s inverse: entry ``j`` is the lane bit that becomes lane bit ``j``."""
        return tuple(inverse_permutation(list(self.lane_permutation)))

    @property
    def transposition_count(self) -> int:
        """All register-lane transpositions, between words and within them; the lane swaps
        of one register bit count once (a 3-cycle ``(r l4 l5)`` is one, as for Triton)."""
        swapped = len({t.register_bit for t in self.lane_swaps})
        return len(self.transpositions) + len(self.in_word_transpositions) + swapped

    @property
    def lane_swap_instructions(self) -> int:
        """Register-lane swap instructions: one per pair of words and lane swap."""
        return len(self.lane_swaps) * (self.words // 2)

    @property
    def shuffled_transpositions(self) -> tuple[Transposition, ...]:
        """The transpositions whose words cross lanes."""
        return tuple(t for t in self.transpositions if not self.broadcasts(t.lane_bit))

    @property
    def gathered_transpositions(self) -> tuple[Transposition, ...]:
        """The shuffled transpositions whose two words the source holds as copies, when a
        lane relabelling shuffles every word anyway: each word's ``idx`` shuffle reads the
        lane whose bit holds the word's register bit, so no select follows."""
        if not self.moves_lanes:
            return ()
        return tuple(t for t in self.shuffled_transpositions if self.copies_along(t.register_bit))

    @property
    def selected_transpositions(self) -> tuple[Transposition, ...]:
        """The transpositions along broadcast lane bits: one select per pair of words, after the shuffles."""
        return tuple(t for t in self.transpositions if self.broadcasts(t.lane_bit))

    @property
    def words(self) -> int:
        """32-bit words the working register file takes."""
        return (1 << self.register_bits) * self.words_per_element // self.elements_per_word

    @property
    def moves_lanes(self) -> bool:
        """Whether ``P_lane`` is not the identity."""
        return any(j != image for j, image in enumerate(self.lane_permutation))

    @property
    def variant(self) -> ShuffleVariant:
        """``ship`` when it takes fewer instructions: only without a lane relabelling."""
        if not self.shuffled_transpositions or self.moves_lanes:
            return ShuffleVariant.SWAP
        return ShuffleVariant.SHIP

    @checks_arguments(AnalysisError)
    def copies_along(self, word_bit: int) -> bool:
        """Whether words ``p`` and ``p ^ 2**word_bit`` of the source are the same registers
        (the source holds fewer registers than the working file, which tiles them)."""
        word_bits = self.words.bit_length() - 1
        if not 0 <= word_bit < word_bits:
            raise AnalysisError(f"copies_along: word_bit must index one of {word_bits} word bits, got {word_bit}")
        if self.words_per_element > 1:
            if word_bit == 0:
                return False
            element_bit = word_bit - (self.words_per_element.bit_length() - 1)
        else:
            element_bit = word_bit + self.elements_per_word.bit_length() - 1
        flip = 1 << element_bit
        return all(slot == self.source_slots[w ^ flip] for w, slot in enumerate(self.source_slots))

    @checks_arguments(AnalysisError)
    def dpp_moves(self, mask: int) -> int:
        """The DPP moves that XOR the lane id by ``mask`` (``CrossLane.dpp_moves``), else none."""
        return self.cross_lane.dpp_moves(mask)

    @checks_arguments(AnalysisError)
    def xor_shuffle_instructions(self, mask: int) -> int:
        """The instructions of one shuffle that XORs the lane id by ``mask``: its DPP moves or
        ``v_permlanex16`` (``CrossLane.xor_moves``), else one shuffle."""
        return self.cross_lane.xor_moves(mask) or 1

    def xor_shuffle_masks(self) -> list[int]:
        """The lane masks of the XOR shuffles, one entry per shuffle: the swap's stage without
        a relabelling, the ship's words, the in-word transpositions' words."""
        masks = []
        if not self.moves_lanes:
            if self.variant is ShuffleVariant.SHIP:
                masks += [1 << t.lane_bit for t in self.shuffled_transpositions for _ in range(self.words // 2)]
            else:
                masks += [mask for p in range(self.words) if (mask := self.lane_offset_mask(p))]
        for t in self.in_word_transpositions:
            if not self.broadcasts(t.lane_bit):
                masks += [1 << t.lane_bit] * self.words
        return masks

    @property
    def shuffles(self) -> int:
        """Cross-lane instructions: an ``idx`` shuffle per word when lanes are relabelled, the
        XOR shuffles (``xor_shuffle_masks``, each one instruction or its DPP moves), and the
        register-lane swaps (``lane_swap_instructions``)."""
        indexed = self.words if self.moves_lanes else 0
        xors = sum(self.xor_shuffle_instructions(mask) for mask in self.xor_shuffle_masks())
        return indexed + xors + self.lane_swap_instructions

    @property
    def selects(self) -> int:
        """Select instructions: 2 per word and shuffled transposition (swap), 1.5 (ship),
        one less per pair of words the source holds as copies (nothing to pick before the
        shuffle), none for gathered ones; half a select per word and broadcast
        transposition, none along copies; one byte selector per in-word transposition."""
        ship = self.variant is ShuffleVariant.SHIP
        gathered = self.gathered_transpositions
        per_pair = [
            0 if t in gathered else 2 if self.copies_along(t.register_bit) else (3 if ship else 4)
            for t in self.shuffled_transpositions
        ]
        selected = [not self.copies_along(t.register_bit) for t in self.selected_transpositions]
        pairs = self.words // 2
        return sum(per_pair) * pairs + sum(selected) * pairs + len(self.in_word_transpositions)

    @property
    def permutes(self) -> int:
        """Byte permutes: one per word and in-word transposition."""
        return len(self.in_word_transpositions) * self.words

    @property
    def moves(self) -> int:
        """Shuffles, selects and permutes: what the decomposition is chosen to minimise."""
        return self.shuffles + self.selects + self.permutes

    @checks_arguments(AnalysisError)
    def permute_selector(self, position_bit: int, lane_value: int) -> int:
        """The ``prmt`` selector for an in-word transposition of position bit
        ``position_bit``, in lanes whose lane bit is ``lane_value``: byte permute of the
        lane's word (bytes 0-3) and its partner's (bytes 4-7) that keeps the lane's own
        element where the position bit equals ``lane_value`` and takes the partner's
        element of the other position elsewhere.

        For two f16 per word, lanes with the bit clear get ``0x5410`` (own low half,
        partner's low half) and the others ``0x3276`` (partner's high half, own high half).
        """
        position_bits = self.elements_per_word.bit_length() - 1
        if not 0 <= position_bit < position_bits:
            raise AnalysisError(
                f"permute_selector: position_bit must be one of the {position_bits} bits of an element's "
                f"position in its word, got {position_bit}"
            )
        if lane_value not in (0, 1):
            raise AnalysisError(f"permute_selector: lane_value must be a bit, 0 or 1, got {lane_value}")
        element_bytes = self.element_bits // 8
        selector = 0
        for byte in range(4):
            position, offset = divmod(byte, element_bytes)
            source = byte
            if position < self.elements_per_word and (position >> position_bit & 1) != lane_value:
                source = 4 + (position ^ 1 << position_bit) * element_bytes + offset
            selector |= source << 4 * byte
        return selector

    @checks_arguments(AnalysisError)
    def lane_offset_mask(self, word: int) -> int:
        """``D(word)``: the lane bits word ``word`` flips in the shuffle stage (swap); the
        gathered transpositions set their bit instead (``gathered_lane_bits``)."""
        mask = 0
        gathered = self.gathered_transpositions
        for t in self.shuffled_transpositions:
            if word >> t.register_bit & 1 and t not in gathered:
                mask |= 1 << t.lane_bit
        return mask

    @checks_arguments(AnalysisError)
    def gathered_lane_bits(self, word: int) -> tuple[int, int]:
        """``(mask, value)``: the source-lane bits the gathered transpositions fix for word
        ``word`` (before relabelling), and their values, the word's register bits."""
        mask = value = 0
        for t in self.gathered_transpositions:
            mask |= 1 << t.lane_bit
            value |= (word >> t.register_bit & 1) << t.lane_bit
        return mask, value

    @checks_arguments(AnalysisError)
    def swap_source_lane(self, word: int, lane: int) -> int:
        """The lane that ``lane`` reads word ``word`` from in the swap's shuffle stage:
        its own lane id relabelled by ``P_lane``'s inverse, XOR the lane bits the word's
        transpositions flip, with the bits of gathered transpositions set to the word's."""
        inverse = self.lanes_before_relabelling
        source = bit_permutation(lane, inverse) ^ bit_permutation(self.lane_offset_mask(word), inverse)
        mask, value = (bit_permutation(bits, inverse) for bits in self.gathered_lane_bits(word))
        return source & ~mask | value


@checks_arguments(AnalysisError)
def nonzero_register_bases(layout: LinearLayout) -> list[int]:
    """Indices of the register bases that are not zero (the rest duplicate data)."""
    check_distributed(layout, "nonzero_register_bases: layout", ("register",))
    return [i for i, basis in enumerate(dict(layout.bases)["register"]) if any(basis)]


@checks_arguments(AnalysisError)
def bit_permutation(value: int, permutation: list[int] | tuple[int, ...]) -> int:
    """``value`` with bit ``k`` moved to bit ``permutation[k]``."""
    if sorted(permutation) != list(range(len(permutation))):
        raise AnalysisError(f"bit_permutation: permutation must be a permutation of 0..{len(permutation) - 1}")
    result = 0
    for k, target in enumerate(permutation):
        result |= (value >> k & 1) << target
    return result


def _hardware_columns(
    layout: LinearLayout, registers: list[int], register_bits: int, warp_lanes: list[int]
) -> list[Column]:
    """The register bases ``registers`` (zero-padded to ``register_bits``), then the lane
    bases, then the warp bases ``warp_lanes`` (virtual lanes)."""
    bases = dict(layout.bases)
    width = layout.num_out_dims
    columns = [tuple(bases["register"][k]) for k in registers]
    columns += [(0,) * width] * (register_bits - len(registers))
    warps = bases.get("warp", [])
    return columns + [tuple(b) for b in bases["lane"]] + [tuple(warps[k]) for k in warp_lanes]


def _pair_free_bits(source: list[Column], target: list[Column], register_bits: int) -> list[int] | None:
    """``sigma[k]``: the destination bit of source bit ``k``, or ``None`` if no bit permutation works.

    Source bits with the same basis as a destination bit go there.  Bits zero on
    both sides stay; the other zero bits (copies, or padding) pair up, registers
    with registers and lanes with lanes first, so that no needless mixed
    transposition appears.
    """
    where = {}
    for t, column in enumerate(target):
        if any(column):
            if column in where:
                return None
            where[column] = t
    sigma: list[int | None] = [None] * len(source)
    for k, column in enumerate(source):
        if any(column):
            if column not in where:
                return None
            sigma[k] = where.pop(column)
    if where:
        return None
    src_free = [k for k, column in enumerate(source) if not any(column)]
    dst_free = [t for t, column in enumerate(target) if not any(column)]
    for k in [k for k in src_free if k in dst_free]:
        sigma[k] = k
    src_left = [k for k in src_free if sigma[k] is None]
    dst_left = [t for t in dst_free if t not in src_free]
    for registers in (True, False):
        same_kind_src = [k for k in src_left if (k < register_bits) == registers]
        same_kind_dst = [t for t in dst_left if (t < register_bits) == registers]
        for k, t in zip(same_kind_src, same_kind_dst):
            sigma[k] = t
    used = {s for s in sigma if s is not None}
    for k, t in zip([k for k in src_left if sigma[k] is None], [t for t in dst_left if t not in used]):
        sigma[k] = t
    return [s for s in sigma if s is not None] if None not in sigma else None


@dataclass(frozen=True)
class HardwarePermutation:
    """A conversion within a warp as a permutation of its hardware bits, and its factors.

    Bits ``0 .. register_bits - 1`` are the registers that hold distinct data (register
    bits of copies dropped, the fewer side padded), the rest are lane bits.  The value at
    hardware index ``h`` moves to ``P(h)``, where ``P`` sends bit ``k`` to
    ``sigma[k]``, and ``P = P_mixed ∘ P_lane ∘ P_reg``: ``register_renaming[k]`` is
    where ``P_reg`` sends register bit ``k``, ``lane_relabelling[j]`` where ``P_lane``
    sends lane bit ``j``, and ``transpositions`` are the disjoint ``(r_i, l_j)`` of
    ``P_mixed``.
    """

    register_bits: int
    sigma: tuple[int, ...]
    register_renaming: list[int]
    lane_relabelling: list[int]
    transpositions: list[tuple[int, int]]


def _check_warp_sides(source: LinearLayout, target: LinearLayout, what: str) -> None:
    """``AnalysisError`` unless both layouts have the in-dims a warp's conversion reads."""
    check_distributed(source, f"{what}: source", WARP_DIMS)
    check_distributed(target, f"{what}: target", WARP_DIMS)


def _warp_bits(layout: LinearLayout) -> int:
    return layout.get_in_dim_size_log2("warp") if layout.has_in_dim("warp") else 0


@checks_arguments(AnalysisError)
def hardware_permutation(source: LinearLayout, target: LinearLayout) -> HardwarePermutation | None:
    """The permutation of one warp's hardware bits that converts ``source`` to ``target``
    (same warps and CTAs), factored as Triton's ``getWarpLayoutConvertDecomposition``
    does; ``None`` when the conversion is no permutation of hardware bits.

    >>> from layoutdialect.f2 import LinearLayout
    >>> src = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2], [4]])], ["dim0"])
    >>> dst = LinearLayout.from_bases([("register", [[4]]), ("lane", [[1], [2]])], ["dim0"])
    >>> p = hardware_permutation(src, dst)
    >>> p.sigma, p.lane_relabelling, p.transpositions
    ((1, 2, 0), [1, 0], [(0, 0)])
    """
    _check_warp_sides(source, target, "hardware_permutation")
    src_regs, dst_regs = nonzero_register_bases(source), nonzero_register_bases(target)
    register_bits = max(len(src_regs), len(dst_regs))
    src_columns = _hardware_columns(source, src_regs, register_bits, [])
    dst_columns = _hardware_columns(target, dst_regs, register_bits, [])
    return _hardware_permutation(src_columns, dst_columns, register_bits)


def _hardware_permutation(
    src_columns: list[Column], dst_columns: list[Column], register_bits: int
) -> HardwarePermutation | None:
    if len(src_columns) != len(dst_columns):
        return None
    sigma = _pair_free_bits(src_columns, dst_columns, register_bits)
    if sigma is None:
        return None
    p_reg, p_lane, mixed = _factor(sigma, register_bits)
    return HardwarePermutation(register_bits, tuple(sigma), p_reg, p_lane, mixed)


def _factor(sigma: list[int], register_bits: int) -> tuple[list[int], list[int], list[tuple[int, int]]]:
    """Split ``sigma`` into ``P_reg``, ``P_lane`` and transpositions ``(r_i, l_j)``.

    Each cycle is walked from a register bit; a run of lane bits entered from
    ``r_m`` at ``l_j`` and left from ``l_k`` to ``r_i`` becomes
    ``(r_i l_j) ∘ (.. r_m r_i ..)(l_j .. l_k)``.
    """
    n = len(sigma)
    p_reg = list(range(register_bits))
    p_lane = list(range(n - register_bits))
    mixed: list[tuple[int, int]] = []
    seen = [False] * n
    for start in range(n):
        if seen[start]:
            continue
        cycle = [start]
        seen[start] = True
        while sigma[cycle[-1]] != start:
            cycle.append(sigma[cycle[-1]])
            seen[cycle[-1]] = True
        entry: tuple[int, int] | None = None
        for current in cycle:
            following = sigma[current]
            if current < register_bits and following < register_bits:
                p_reg[current] = following
            elif current >= register_bits and following >= register_bits:
                p_lane[current - register_bits] = following - register_bits
            elif current < register_bits:
                entry = (current, following - register_bits)
            else:
                assert entry is not None, "cycles with a register bit start on one"
                r_m, l_j = entry
                p_reg[r_m] = following
                p_lane[current - register_bits] = l_j
                mixed.append((following, l_j))
    return p_reg, p_lane, mixed


@checks_arguments(AnalysisError)
def decompose_warp_conversion(
    source: LinearLayout,
    target: LinearLayout,
    element_bits: int,
    warp_lanes: int = 0,
    cross_lane: CrossLane = SHUFFLES_ONLY,
) -> WarpDecomposition | None:
    """The intra-warp conversion from ``source`` to ``target`` layout (same warps and
    CTAs), or ``None`` when it is not a permutation of hardware bits.  With
    ``warp_lanes`` (a mask of warp bits the source broadcasts) those warp bits count as
    lanes, the other warp bits must agree, and ``None`` also says that the shuffles
    would need another warp's data.  With the target's ``cross_lane`` moves, transpositions
    of a word bit with a lane bit of ``cross_lane.lane_swap_bits`` become lane swaps, and so
    does a 3-cycle ``(r l4 l5)``, as ``(r l4)`` after ``(r l5)`` (Triton's
    ``ConvertLayoutOpPermlaneSwap``); XOR shuffles are DPP moves or ``v_permlanex16`` where
    ``cross_lane`` says so (``CrossLane.xor_moves``).

    >>> from layoutdialect.f2 import LinearLayout, inverse_permutation
    >>> src = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2], [4]])], ["dim0"])
    >>> dst = LinearLayout.from_bases([("register", [[4]]), ("lane", [[1], [2]])], ["dim0"])
    >>> plan = decompose_warp_conversion(src, dst, 32)
    >>> plan.lane_permutation, plan.transpositions, plan.shuffles, plan.selects
    ((1, 0), (Transposition(register_bit=0, lane_bit=0),), 2, 4)
    """
    _check_warp_sides(source, target, "decompose_warp_conversion")
    check_element_bits(element_bits, "decompose_warp_conversion: element_bits")
    warp_bits = min(_warp_bits(source), _warp_bits(target))
    if warp_lanes < 0 or warp_lanes >> warp_bits:
        raise AnalysisError(
            f"decompose_warp_conversion: warp_lanes must be a mask of the layouts' {warp_bits} warp bits, "
            f"got {warp_lanes}"
        )
    src_regs, dst_regs = nonzero_register_bases(source), nonzero_register_bases(target)
    register_bits = max(len(src_regs), len(dst_regs))
    virtual = [k for k in range(warp_lanes.bit_length()) if warp_lanes >> k & 1]
    if virtual:
        src_warps, dst_warps = dict(source.bases).get("warp", []), dict(target.bases).get("warp", [])
        if len(src_warps) != len(dst_warps) or any(
            src_warps[k] != dst_warps[k] for k in range(len(src_warps)) if k not in virtual
        ):
            return None
    src_columns = _hardware_columns(source, src_regs, register_bits, virtual)
    dst_columns = _hardware_columns(target, dst_regs, register_bits, virtual)
    permutation = _hardware_permutation(src_columns, dst_columns, register_bits)
    if permutation is None:
        return None
    p_reg, p_lane, mixed = permutation.register_renaming, permutation.lane_relabelling, permutation.transpositions

    physical_lanes = len(p_lane) - len(virtual)
    swappable = [j for j in cross_lane.lane_swap_bits if j < physical_lanes]
    factorings: list[tuple[list[int], list[tuple[int, int]], list[tuple[int, int]], list[int]]] = []
    if swappable:
        factorings.append((p_lane, mixed, [], swappable))
        cycle = _lane_swap_cycle(p_lane, mixed, swappable)
        if cycle is not None:
            factorings.append((*cycle, swappable))
    factorings.append((p_lane, mixed, [], []))

    def packed_along(
        packed: list[int],
        p_lane: list[int],
        mixed: list[tuple[int, int]],
        cycle: list[tuple[int, int]],
        swappable: list[int],
    ) -> WarpDecomposition | None:
        """The decomposition whose words pack elements along register bits ``packed``
        (lowest first); transpositions of those bits are byte permutes within words, those
        of other bits with a lane bit of ``swappable`` lane swaps, as are ``cycle``'s
        (``None`` if ``cycle`` transposes a packed bit)."""
        pack_bits = len(packed)
        words_per_element = max(element_bits // WORD_BITS, 1)
        order = packed + [r for r in range(register_bits) if r not in packed]
        rho = [0] * register_bits
        for position, r in enumerate(order):
            rho[r] = position
        to_working = [rho[p_reg[k]] for k in range(register_bits)]
        to_source = inverse_permutation(to_working)
        source_images = [
            1 << src_regs[to_source[b]] if to_source[b] < len(src_regs) else 0 for b in range(register_bits)
        ]
        destination_images = [0] * len(dict(target.bases)["register"])
        for b, k in enumerate(dst_regs):
            destination_images[k] = 1 << rho[b]
        if any(rho[r] < pack_bits for r, _ in cycle):
            return None
        word_shift = words_per_element.bit_length() - 1 - pack_bits
        between = [Transposition(rho[r] + word_shift, j) for r, j in mixed if rho[r] >= pack_bits]
        swaps = [t for t in between if t.lane_bit in swappable]
        swaps += [Transposition(rho[r] + word_shift, j) for r, j in cycle]
        broadcast = 0
        for k, column in enumerate(src_columns[register_bits:]):
            if not any(column):
                broadcast |= 1 << p_lane[k]
        return WarpDecomposition(
            element_bits=element_bits,
            register_bits=register_bits,
            lane_bits=len(p_lane),
            elements_per_word=1 << pack_bits,
            words_per_element=words_per_element,
            source_slots=tuple(combine_all(source_images)),
            destination_slots=tuple(combine_all(destination_images)),
            lane_permutation=tuple(p_lane),
            transpositions=tuple(t for t in between if t.lane_bit not in swappable),
            broadcast_lanes=broadcast,
            in_word_transpositions=tuple(Transposition(rho[r], j) for r, j in mixed if rho[r] < pack_bits),
            warp_lane_bits=tuple(virtual),
            lane_swaps=tuple(swaps),
            cross_lane=cross_lane,
        )

    candidates: list[WarpDecomposition | None] = []
    for lanes, transposed, swapped, swaps_along in factorings:
        mixed_registers = [r for r, _ in transposed] + [r for r, _ in swapped[:1]]
        free = [r for r in range(register_bits) if r not in mixed_registers]
        if element_bits >= WORD_BITS:
            candidates.append(packed_along([], lanes, transposed, swapped, swaps_along))
            continue
        most_packed = min((WORD_BITS // element_bits).bit_length() - 1, register_bits)
        candidates.append(packed_along(free[:most_packed], lanes, transposed, swapped, swaps_along))
        if element_bits % 8 == 0 and len(free) < most_packed:
            packed = free + mixed_registers[: most_packed - len(free)]
            candidates.append(packed_along(packed, lanes, transposed, swapped, swaps_along))
    runnable = [c for c in candidates if c is not None and _reads_own_warp(c)]
    return min(runnable, key=lambda c: c.moves) if runnable else None


def _lane_swap_cycle(
    p_lane: list[int], mixed: list[tuple[int, int]], swappable: list[int]
) -> tuple[list[int], list[tuple[int, int]], list[tuple[int, int]]] | None:
    """The factoring of a 3-cycle ``(r l4 l5)`` into two lane swaps: when ``P_lane`` only
    exchanges lane bits 4 and 5, one transposition ``(r, l_j)`` uses one of them and none
    the other (``l_k``), ``(r l_j) ∘ (l4 l5) = (r l_k) ∘ (r l_j)``.  Returns ``P_lane`` as the
    identity, the other transpositions and the swaps in order; ``None`` otherwise."""
    if sorted(swappable) != [4, 5] or p_lane[4] != 5 or p_lane[5] != 4:
        return None
    if any(p_lane[k] != k for k in range(len(p_lane)) if k not in (4, 5)):
        return None
    using = [(r, j) for r, j in mixed if j in (4, 5)]
    if len(using) != 1:
        return None
    (r, j), k = using[0], 9 - using[0][1]
    rest = [t for t in mixed if t != (r, j)]
    return list(range(len(p_lane))), rest, [(r, j), (r, k)]


def _reads_own_warp(warp: WarpDecomposition) -> bool:
    """Whether every shuffle reads data its own warp holds: with virtual lanes, the
    ``xor`` shuffles flip physical lane bits only, and no select before an ``idx``
    shuffle stage is keyed on a warp bit (so the data stays copied along them)."""
    physical = warp.physical_lane_bits
    inverse = warp.lanes_before_relabelling
    swapped = warp.variant is ShuffleVariant.SWAP
    if any((inverse[t.lane_bit] if swapped else t.lane_bit) >= physical for t in warp.shuffled_transpositions):
        return False
    return not any(t.lane_bit >= physical and not warp.broadcasts(t.lane_bit) for t in warp.in_word_transpositions)
