"""Thread-level IR for an intra-warp conversion: selects on lane-id bits,
``gpu.shuffle`` over 32-bit words (on CDNA, DPP row moves for XORs within 16 lanes),
byte permutes (``nvvm.prmt``) within them and, on CDNA4, register-lane swaps of word pairs
(``rocdl.permlane32.swap``), as the warp decomposition says (Triton's ``transferWithinWarp``
and AMD's ``shuffleXor`` and ``ConvertLayoutOpPermlaneSwap``)."""

from __future__ import annotations

from xdsl.dialects import arith, llvm, vector
from xdsl.dialects.builtin import DenseArrayBase, IntegerType, VectorType, i32, i64
from xdsl.ir import Attribute, SSAValue

from layoutdialect.analysis.warp_shuffles import ShuffleVariant, Transposition, WarpDecomposition, bit_permutation
from layoutdialect.dialect.upstream.gpu.ops import ShuffleMode
from layoutdialect.dialect.upstream.rocdl.cross_lane import (
    LANE_SWAP_OPS,
    DppMoveOp,
    PermlaneX16Op,
    dpp_control,
    permlane_x16_selectors,
    row_xmask_control,
)
from layoutdialect.lowering.thread_builder import ThreadIR
from layoutdialect.target import dpp_factors

__all__ = ["warp_shuffles"]


def _words_type(warp: WarpDecomposition) -> IntegerType:
    bits = warp.element_bits * warp.elements_per_word // warp.words_per_element
    return IntegerType(bits)


def warp_shuffles(ir: ThreadIR, registers: SSAValue, element: Attribute, warp: WarpDecomposition) -> SSAValue:
    working = ir.shuffle_registers(registers, list(warp.source_slots), element)
    word_type = _words_type(warp)
    packed_type = VectorType(word_type, [warp.words])
    packed = ir.bitcast(working, packed_type, "words")
    words = [ir.add(vector.ExtractOp(packed, [k], word_type), "word") for k in range(warp.words)]
    if word_type.width.data < 32:
        words = [ir.add(arith.ExtUIOp(w, i32), "word") for w in words]
    words = _ship(ir, words, warp) if warp.variant is ShuffleVariant.SHIP else _swap(ir, words, warp)
    for t in warp.selected_transpositions:
        if not warp.copies_along(t.register_bit):
            words = _select_own(ir, words, t.register_bit, t.lane_bit)
    for t in warp.in_word_transpositions:
        words = _permute_within_words(ir, words, t, warp)
    for t in warp.lane_swaps:
        words = _lane_swap(ir, words, t)
    if word_type.width.data < 32:
        words = [ir.add(arith.TruncIOp(w, word_type), "word") for w in words]
    for k, word in enumerate(words):
        packed = ir.add(vector.InsertOp(word, packed, [k]), "words")
    working = ir.bitcast(packed, VectorType(element, [1 << warp.register_bits]), "regs")
    return ir.shuffle_registers(working, list(warp.destination_slots), element)


def _conditional_swaps(ir: ThreadIR, words: list[SSAValue], register_bit: int, lane_bit: int) -> list[SSAValue]:
    """In lanes whose bit ``lane_bit`` is set, swap words ``p`` and ``p ^ (1 << register_bit)``."""
    on = ir.lane_bit_set(lane_bit)
    result = list(words)
    for p0 in range(len(words)):
        if not p0 >> register_bit & 1:
            p1 = p0 | 1 << register_bit
            result[p0] = ir.select(on, words[p1], words[p0])
            result[p1] = ir.select(on, words[p0], words[p1])
    return result


def _xor_shuffle(ir: ThreadIR, warp: WarpDecomposition, word: SSAValue, mask: int) -> SSAValue:
    """``word`` of lane ``lane ^ mask``: where the decomposition's ``cross_lane`` takes them,
    one ``row_xmask`` DPP move (a mask below 16 on RDNA) or one ``v_permlanex16`` (16 to 31),
    or one or two DPP moves (a mask below 16 on CDNA: a row move, then a ``quad_perm``);
    else one shuffle."""
    if warp.cross_lane.permlane_x16(mask):
        low, high = (ir.constant(word_ - (word_ >> 31 << 32)) for word_ in permlane_x16_selectors(mask & 15))
        return ir.add(PermlaneX16Op(word, low, high), "moved")
    if not warp.dpp_moves(mask):
        return ir.shuffle(ShuffleMode.XOR, word, ir.constant(mask))
    if warp.cross_lane.row_xmask:
        return ir.add(DppMoveOp(word, row_xmask_control(mask)), "moved")
    for part in dpp_factors(mask):
        if part:
            word = ir.add(DppMoveOp(word, dpp_control(part)), "moved")
    return word


def _lane_swap(ir: ThreadIR, words: list[SSAValue], transposition: Transposition) -> list[SSAValue]:
    """Transpose word bit ``register_bit`` with lane bit 4 or 5: one register-lane swap of
    each pair of words ``p`` and ``p ^ (1 << register_bit)``."""
    swap = LANE_SWAP_OPS[transposition.lane_bit]
    result = list(words)
    for p0 in range(len(words)):
        if not p0 >> transposition.register_bit & 1:
            p1 = p0 | 1 << transposition.register_bit
            pair = ir.add(swap(result[p0], result[p1]), "swapped")
            for k, p in enumerate((p0, p1)):
                result[p] = ir.add(llvm.ExtractValueOp(DenseArrayBase.from_list(i64, [k]), pair, i32), "word")
    return result


def _select_own(ir: ThreadIR, words: list[SSAValue], register_bit: int, lane_bit: int) -> list[SSAValue]:
    """Transpose a word bit with a lane bit along which all lanes hold the same words:
    both words ``p`` and ``p ^ (1 << register_bit)`` become the lane's own word whose
    bit ``register_bit`` is its lane bit ``lane_bit``."""
    on = ir.lane_bit_set(lane_bit)
    result = list(words)
    for p0 in range(len(words)):
        if not p0 >> register_bit & 1:
            p1 = p0 | 1 << register_bit
            result[p0] = result[p1] = ir.select(on, words[p1], words[p0])
    return result


def _permute_within_words(
    ir: ThreadIR, words: list[SSAValue], transposition: Transposition, warp: WarpDecomposition
) -> list[SSAValue]:
    """Transpose bit ``register_bit`` of the elements' positions in their words with lane
    bit ``lane_bit``: each word goes to the partner lane across that bit (it already
    holds it when the source broadcasts the bit), and a byte permute keeps the lane's own
    elements where the position bit equals its lane bit and takes the partner's elsewhere."""
    bit, lane_bit = transposition.register_bit, transposition.lane_bit
    selector = ir.select(
        ir.lane_bit_set(lane_bit),
        ir.constant(warp.permute_selector(bit, 1)),
        ir.constant(warp.permute_selector(bit, 0)),
    )
    broadcast = warp.broadcasts(lane_bit)
    result = []
    for word in words:
        partner = word if broadcast else _xor_shuffle(ir, warp, word, 1 << lane_bit)
        result.append(ir.permute(word, partner, selector))
    return result


def _swap(ir: ThreadIR, words: list[SSAValue], warp: WarpDecomposition) -> list[SSAValue]:
    """Selects, one shuffle stage that also relabels lanes, selects (all in place); no
    selects before the shuffles along a word bit the source copies, where swapping changes nothing."""
    inverse = list(warp.lanes_before_relabelling)
    for t in warp.shuffled_transpositions:
        if not warp.copies_along(t.register_bit):
            words = _conditional_swaps(ir, words, t.register_bit, inverse[t.lane_bit])
    source_lane = ir.permuted_lane(inverse) if warp.moves_lanes else None
    gathered = warp.gathered_transpositions
    if source_lane is not None:
        kept = ir.lanes - 1 if warp.warp_lane_bits else -1
        for t in gathered:
            kept &= ~(1 << inverse[t.lane_bit])
        if kept != -1:
            source_lane = ir.binary(arith.AndIOp, source_lane, kept & (1 << 32) - 1, "src_lane")
    offsets: dict[int, SSAValue] = {}
    for p, word in enumerate(words):
        mask = bit_permutation(warp.lane_offset_mask(p), inverse)
        mask |= bit_permutation(warp.gathered_lane_bits(p)[1], inverse)
        if source_lane is not None:
            if mask not in offsets:
                offsets[mask] = (
                    ir.add(arith.XOrIOp(source_lane, ir.constant(mask)), "src_lane") if mask else source_lane
                )
            words[p] = ir.shuffle(ShuffleMode.IDX, word, offsets[mask])
        elif mask:
            words[p] = _xor_shuffle(ir, warp, word, mask)
    for t in warp.shuffled_transpositions:
        if t not in gathered:
            words = _conditional_swaps(ir, words, t.register_bit, t.lane_bit)
    return words


def _ship(ir: ThreadIR, words: list[SSAValue], warp: WarpDecomposition) -> list[SSAValue]:
    """Each transposition out of place: lanes send their partner the word it lacks (either
    word, when the two are copies)."""
    result = list(words)
    for t in warp.shuffled_transpositions:
        on = ir.lane_bit_set(t.lane_bit)
        copies = warp.copies_along(t.register_bit)
        for p0 in range(len(result)):
            if not p0 >> t.register_bit & 1:
                p1 = p0 | 1 << t.register_bit
                v0, v1 = result[p0], result[p1]
                sent = v0 if copies else ir.select(on, v0, v1)
                received = _xor_shuffle(ir, warp, sent, 1 << t.lane_bit)
                result[p0] = ir.select(on, received, v0)
                result[p1] = ir.select(on, v1, received)
    return result
