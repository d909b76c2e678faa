"""Thread-level IR for one layout conversion, in standard dialects.

``emit_conversion`` turns a ``ConversionPlan`` into straight-line ops over one
thread's registers: the source tensor becomes a ``vector<R x T>`` of its
registers (``builtin.unrealized_conversion_cast``), data moves with
``vector.shuffle`` (register renaming), ``arith.select`` on lane-id bits and
``gpu.shuffle``, and the destination registers become the result tensor.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, gpu, vector
from xdsl.dialects.builtin import (
    DenseArrayBase,
    IntegerType,
    TensorType,
    UnrealizedConversionCastOp,
    VectorType,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from layoutdialect.analysis.conversion import ConversionPath, ConversionPlan
from layoutdialect.analysis.warp_shuffles import ShuffleVariant, WarpDecomposition, bit_permutation
from layoutdialect.dialect.gpu_shuffle import ShuffleMode, ShuffleOp

__all__ = ["ConversionCode", "ThreadIR", "emit_conversion"]


@dataclass(frozen=True)
class ConversionCode:
    """The ops of one lowered conversion and the value that replaces its result:
    ``source`` itself, with no ops, when nothing moves and the types agree."""

    ops: list[Operation]
    result: SSAValue


class ThreadIR:
    """Collects the ops of one thread's code, with small helpers for each kind."""

    def __init__(self, lanes: int) -> None:
        self.ops: list[Operation] = []
        self.lanes = lanes
        self._constants: dict[tuple[int, Attribute], SSAValue] = {}
        self._lane: SSAValue | None = None
        self._masked_lane: dict[int, SSAValue] = {}
        self._lane_bit_set: dict[int, SSAValue] = {}

    def add(self, op: Operation, *names: str) -> SSAValue:
        """Append ``op``, naming its results ``names`` in the printed IR; return its first result."""
        self.ops.append(op)
        for result, name in zip(op.results, names):
            result.name_hint = name
        return op.results[0]

    def constant(self, value: int, type: Attribute = i32) -> SSAValue:
        key = (value, type)
        if key not in self._constants:
            self._constants[key] = self.add(arith.ConstantOp.from_int_and_width(value, type), f"c{value}")  # type: ignore[arg-type]
        return self._constants[key]

    def lane(self) -> SSAValue:
        """This thread's lane id, as ``i32``."""
        if self._lane is None:
            lane = self.add(gpu.LaneIdOp(), "lane_id")  # type: ignore[no-untyped-call]
            self._lane = self.add(arith.IndexCastOp(lane, i32), "lane")
        return self._lane

    def masked_lane(self, mask: int) -> SSAValue:
        """``lane & mask``, computed once per mask."""
        if mask not in self._masked_lane:
            self._masked_lane[mask] = self.add(arith.AndIOp(self.lane(), self.constant(mask)), "lane_masked")
        return self._masked_lane[mask]

    def lane_bit_set(self, bit: int) -> SSAValue:
        """``i1``: whether bit ``bit`` of the lane id is 1."""
        if bit not in self._lane_bit_set:
            masked = self.masked_lane(1 << bit)
            self._lane_bit_set[bit] = self.add(arith.CmpiOp(masked, self.constant(0), "ne"), f"lane_bit{bit}")
        return self._lane_bit_set[bit]

    def select(self, condition: SSAValue, if_true: SSAValue, if_false: SSAValue) -> SSAValue:
        return self.add(arith.SelectOp(condition, if_true, if_false), "sel")

    def shuffle(self, mode: ShuffleMode, value: SSAValue, offset: SSAValue) -> SSAValue:
        return self.add(ShuffleOp(mode, value, offset, self.constant(self.lanes)), "shfl", "valid")

    def permuted_lane(self, permutation: list[int]) -> SSAValue:
        """The lane id with bit ``k`` moved to bit ``permutation[k]``."""
        by_shift: dict[int, int] = {}
        for k, target in enumerate(permutation):
            by_shift[target - k] = by_shift.get(target - k, 0) | 1 << k
        result: SSAValue | None = None
        for shift, mask in sorted(by_shift.items()):
            part = self.masked_lane(mask)
            if shift > 0:
                part = self.add(arith.ShLIOp(part, self.constant(shift)), "src_lane")
            elif shift < 0:
                part = self.add(arith.ShRUIOp(part, self.constant(-shift)), "src_lane")
            result = part if result is None else self.add(arith.OrIOp(result, part), "src_lane")
        return result if result is not None else self.lane()

    def shuffle_registers(self, source: SSAValue, mask: list[int], element: Attribute) -> SSAValue:
        """``vector.shuffle``: result element ``i`` is ``source[mask[i]]``."""
        source_type = source.type
        assert isinstance(source_type, VectorType)
        if mask == list(range(source_type.get_shape()[0])):
            return source
        result_type = VectorType(element, [len(mask)])
        shuffle = vector.ShuffleOp(source, source, DenseArrayBase.from_list(i64, mask), result_type=result_type)
        return self.add(shuffle, "regs")

    def bitcast(self, source: SSAValue, result_type: VectorType[Attribute], name: str) -> SSAValue:
        return source if source.type == result_type else self.add(vector.BitcastOp(source, result_type), name)


def _words_type(warp: WarpDecomposition) -> IntegerType:
    bits = warp.element_bits * warp.elements_per_word // warp.words_per_element
    return IntegerType(bits)


def _warp_shuffles(ir: ThreadIR, registers: SSAValue, element: Attribute, warp: WarpDecomposition) -> SSAValue:
    working = ir.shuffle_registers(registers, list(warp.source_slots), element)
    word_type = _words_type(warp)
    packed_type = VectorType(word_type, [warp.words])
    packed = ir.bitcast(working, packed_type, "words")
    words = [ir.add(vector.ExtractOp(packed, [k], word_type), "word") for k in range(warp.words)]
    if word_type.width.data < 32:
        words = [ir.add(arith.ExtUIOp(w, i32), "word") for w in words]
    words = _ship(ir, words, warp) if warp.variant is ShuffleVariant.SHIP else _swap(ir, words, warp)
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


def _swap(ir: ThreadIR, words: list[SSAValue], warp: WarpDecomposition) -> list[SSAValue]:
    """Selects, one shuffle stage that also relabels lanes, selects (all in place)."""
    inverse = [0] * warp.lane_bits
    for j, image in enumerate(warp.lane_permutation):
        inverse[image] = j
    for t in warp.transpositions:
        words = _conditional_swaps(ir, words, t.register_bit, inverse[t.lane_bit])
    source_lane = ir.permuted_lane(inverse) if warp.moves_lanes else None
    offsets: dict[int, SSAValue] = {}
    for p, word in enumerate(words):
        mask = bit_permutation(warp.lane_offset_mask(p), inverse)
        if source_lane is not None:
            if mask not in offsets:
                offsets[mask] = (
                    ir.add(arith.XOrIOp(source_lane, ir.constant(mask)), "src_lane") if mask else source_lane
                )
            words[p] = ir.shuffle(ShuffleMode.IDX, word, offsets[mask])
        elif mask:
            words[p] = ir.shuffle(ShuffleMode.XOR, word, ir.constant(mask))
    for t in warp.transpositions:
        words = _conditional_swaps(ir, words, t.register_bit, t.lane_bit)
    return words


def _ship(ir: ThreadIR, words: list[SSAValue], warp: WarpDecomposition) -> list[SSAValue]:
    """Each transposition out of place: lanes send their partner the word it lacks."""
    result = list(words)
    for t in warp.transpositions:
        on = ir.lane_bit_set(t.lane_bit)
        for p0 in range(len(result)):
            if not p0 >> t.register_bit & 1:
                p1 = p0 | 1 << t.register_bit
                v0, v1 = result[p0], result[p1]
                sent = ir.select(on, v0, v1)
                received = ir.shuffle(ShuffleMode.XOR, sent, ir.constant(1 << t.lane_bit))
                result[p0] = ir.select(on, received, v0)
                result[p1] = ir.select(on, v1, received)
    return result


def emit_conversion(
    source: SSAValue, result_type: TensorType[Attribute], plan: ConversionPlan, lanes: int
) -> ConversionCode:
    """The ops that convert ``source`` to ``result_type`` as ``plan`` says.  ``plan``
    must be carried out in place, in registers or by shuffles."""
    source_type = source.type
    assert isinstance(source_type, TensorType)
    if plan.path is ConversionPath.NONE:
        if source_type == result_type:
            return ConversionCode([], source)
        retyped = UnrealizedConversionCastOp.get([source], [result_type])
        return ConversionCode([retyped], retyped.results[0])
    element = source_type.element_type
    ir = ThreadIR(lanes)
    values = ir.add(UnrealizedConversionCastOp.get([source], [VectorType(element, [plan.source_registers])]), "regs")
    if plan.path is ConversionPath.REGISTERS:
        values = ir.shuffle_registers(values, list(plan.register_map), element)
    elif plan.path is ConversionPath.WARP_SHUFFLES:
        assert plan.warp is not None
        values = _warp_shuffles(ir, values, element, plan.warp)
    else:
        raise ValueError(f"a conversion by {plan.path.value} has no thread-level lowering yet")
    result = ir.add(UnrealizedConversionCastOp.get([values], [result_type]))
    return ConversionCode(ir.ops, result)
