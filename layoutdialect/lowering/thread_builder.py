"""A builder for one thread's straight-line code: ops with readable value names,
constants made once, and the lane id and its bits computed once (with the warp bits a
conversion counts as lanes above the lane's own, when it counts any)."""

from __future__ import annotations

from xdsl.dialects import arith, gpu, vector
from xdsl.dialects.builtin import DenseArrayBase, VectorType, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue

from layoutdialect.dialect.upstream.gpu.ops import ShuffleMode, ShuffleOp
from layoutdialect.dialect.upstream.nvvm.permute import PermuteOp

__all__ = ["BinaryIntegerOp", "ThreadIR"]

BinaryIntegerOp = arith.AndIOp | arith.OrIOp | arith.XOrIOp | arith.ShLIOp | arith.ShRUIOp


class ThreadIR:
    """Collects the ops of one thread's code, with small helpers for each kind."""

    def __init__(self, lanes: int, warp_lane_bits: tuple[int, ...] = ()) -> None:
        self.ops: list[Operation] = []
        self.lanes = lanes
        self.warp_lane_bits = warp_lane_bits
        self._constants: dict[tuple[int, Attribute], SSAValue] = {}
        self._lane: SSAValue | None = None
        self._warp: SSAValue | None = None
        self._lane_bit_set: dict[int, SSAValue] = {}
        self._binary: dict[tuple[type[BinaryIntegerOp], SSAValue, int | SSAValue], SSAValue] = {}

    def add(self, op: Operation, *names: str) -> SSAValue:
        """Append ``op``, naming its results ``names`` in the printed IR; return its first result."""
        self.ops.append(op)
        for result, name in zip(op.results, names):
            result.name_hint = name
        return op.results[0]

    def append(self, op: Operation) -> None:
        """Append ``op``, which has no results (a store or a barrier)."""
        self.ops.append(op)

    def binary(self, op_type: type[BinaryIntegerOp], left: SSAValue, right: SSAValue | int, name: str) -> SSAValue:
        """``op_type(left, right)`` (``arith.andi``, ``arith.xori`` ...), emitted once; an
        ``int`` right operand becomes a constant of ``left``'s type."""
        key = (op_type, left, right)
        if key not in self._binary:
            operand = self.constant(right, left.type) if isinstance(right, int) else right
            self._binary[key] = self.add(op_type(left, operand), name)
        return self._binary[key]

    def linear_terms(self, index: SSAValue, images: list[int], mask_name: str, shift_name: str) -> list[SSAValue]:
        """Terms whose XOR (or OR, when the images share no bit) is the image of ``index``
        under bit ``k -> images[k]``: every (input bit, output bit) pair with the same
        shift shares one ``(index & mask) << shift``.

        For images ``[0b101, 0b10]`` the pairs are 0->0, 0->2 and 1->1, so the terms
        are ``index & 0b11`` and ``(index & 0b1) << 2``.
        """
        by_shift: dict[int, int] = {}
        for bit, image in enumerate(images):
            for target in range(image.bit_length()):
                if image >> target & 1:
                    by_shift[target - bit] = by_shift.get(target - bit, 0) | 1 << bit
        terms = []
        for shift, mask in sorted(by_shift.items()):
            term = self.binary(arith.AndIOp, index, mask, mask_name)
            if shift > 0:
                term = self.binary(arith.ShLIOp, term, shift, shift_name)
            elif shift < 0:
                term = self.binary(arith.ShRUIOp, term, -shift, shift_name)
            terms.append(term)
        return terms

    def constant(self, value: int, type: Attribute = i32) -> SSAValue:
        key = (value, type)
        if key not in self._constants:
            self._constants[key] = self.add(arith.ConstantOp.from_int_and_width(value, type), f"c{value}")  # type: ignore[arg-type]
        return self._constants[key]

    def lane(self) -> SSAValue:
        """This thread's lane id, as ``i32``: with ``warp_lane_bits``, its virtual lane, the
        warp id's bit ``warp_lane_bits[i]`` as bit ``log2(lanes) + i``."""
        if self._lane is None:
            lane = self.add(gpu.LaneIdOp(), "lane_id")  # type: ignore[no-untyped-call]
            self._lane = self.add(arith.IndexCastOp(lane, i32), "lane")
            if self.warp_lane_bits:
                lane_bits = self.lanes.bit_length() - 1
                images = [0] * (max(self.warp_lane_bits) + 1)
                for i, bit in enumerate(self.warp_lane_bits):
                    images[bit] = 1 << lane_bits + i
                for term in self.linear_terms(self.warp_id(), images, "warp_bits", "virtual_lane"):
                    self._lane = self.add(arith.OrIOp(self._lane, term), "lane")
        return self._lane

    def warp_id(self) -> SSAValue:
        """This thread's warp in its CTA, as ``i32``: the thread id over the lanes."""
        if self._warp is None:
            thread = self.add(gpu.ThreadIdOp(gpu.DimensionAttr(gpu.DimensionEnum.X)), "tid")
            thread = self.add(arith.IndexCastOp(thread, i32), "tid")
            self._warp = self.add(arith.ShRUIOp(thread, self.constant(self.lanes.bit_length() - 1)), "warp")
        return self._warp

    def masked_lane(self, mask: int) -> SSAValue:
        """``lane & mask``, computed once per mask."""
        return self.binary(arith.AndIOp, self.lane(), mask, "lane_masked")

    def lane_bit_set(self, bit: int) -> SSAValue:
        """``i1``: whether bit ``bit`` of the lane id is 1."""
        if bit not in self._lane_bit_set:
            masked = self.masked_lane(1 << bit)
            self._lane_bit_set[bit] = self.add(arith.CmpiOp(masked, self.constant(0), "ne"), f"lane_bit{bit}")
        return self._lane_bit_set[bit]

    def select(self, condition: SSAValue, if_true: SSAValue, if_false: SSAValue) -> SSAValue:
        return self.add(arith.SelectOp(condition, if_true, if_false), "sel")

    def permute(self, lo: SSAValue, hi: SSAValue, selector: SSAValue) -> SSAValue:
        """``nvvm.prmt`` (default mode): bytes of ``{hi, lo}`` picked by ``selector``'s nibbles."""
        return self.add(PermuteOp(lo, hi, selector), "prmt")

    def shuffle(self, mode: ShuffleMode, value: SSAValue, offset: SSAValue) -> SSAValue:
        return self.add(ShuffleOp(mode, value, offset, self.constant(self.lanes)), "shfl", "valid")

    def permuted_lane(self, permutation: list[int]) -> SSAValue:
        """The lane id with bit ``k`` moved to bit ``permutation[k]``."""
        terms = self.linear_terms(self.lane(), [1 << target for target in permutation], "lane_masked", "src_lane")
        result = terms[0] if terms else self.lane()
        for term in terms[1:]:
            result = self.add(arith.OrIOp(result, term), "src_lane")
        return result

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
