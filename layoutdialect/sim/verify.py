"""Proof by execution: run a lowered conversion and check every destination register.

Each source register is loaded with the id of the logical element the source
layout places there (its row-major index); after the simulated code runs, every
destination register, broadcast replicas included, must hold the id of the
element the destination layout places there.  Ids wider than the element type
are checked a slice of bits at a time, so even ``i1`` tensors are checked whole.

Code that uses shared memory runs three times on fresh memory: all warps in
step, then warp by warp between barriers in increasing and in decreasing order,
so a missing barrier or a wrong address shows as a wrong or unwritten value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
from xdsl.dialects.builtin import MemRefType, VectorType, i8
from xdsl.ir import Operation, SSAValue

from layoutdialect.f2 import HARDWARE_DIMS, LinearLayout
from layoutdialect.sim.cta import CTASimulator, SharedMemoryError

__all__ = ["ConversionMismatch", "ConversionTrace", "element_ids", "verify_conversion"]


class ConversionMismatch(ValueError):
    """A destination register holds the wrong element."""


def element_ids(layout: LinearLayout) -> np.ndarray:
    """Row-major element index held by each ``(block, warp, lane, register)``."""
    names = layout.get_out_dim_names()
    sizes = dict(layout.out_dims)
    strides = {}
    stride = 1
    for name in reversed(names):
        strides[name] = stride
        stride *= sizes[name]
    bases = dict(layout.bases)
    slowest_first = HARDWARE_DIMS[::-1]
    ids = np.zeros([layout.get_in_dim_size(d) if layout.has_in_dim(d) else 1 for d in slowest_first], np.uint64)
    for axis, dim in enumerate(slowest_first):
        for bit, basis in enumerate(bases.get(dim, [])):
            flat = sum(value * strides[name] for name, value in zip(names, basis))
            shape = [1] * len(HARDWARE_DIMS)
            shape[axis] = ids.shape[axis]
            has_bit = (np.arange(ids.shape[axis], dtype=np.uint64) >> np.uint64(bit)) & np.uint64(1)
            ids ^= has_bit.reshape(shape) * np.uint64(flat)
    return ids


@dataclass(frozen=True)
class ConversionTrace:
    """Every value of a verified conversion, from its runs with warps in step.

    The registers were loaded with element ids ``element_bits`` at a time: ``runs`` pairs
    the lowest id bit of each run with the values it produced, each shaped
    ``(cta, warp, lane, ...)``; a word of a wider type packs elements at
    ``element_bits`` apart."""

    element_bits: int
    runs: list[tuple[int, dict[SSAValue, np.ndarray]]]
    run_all_ones: Callable[[], dict[SSAValue, np.ndarray]]
    """Runs the conversion once more with every source bit set: an element's bits stay set
    wherever they move, so the slots of packed words left clear are padding."""

    @cached_property
    def _all_ones(self) -> dict[SSAValue, np.ndarray]:
        return self.run_all_ones()

    def held_elements(self, value: SSAValue, block: int = 0, warp: int = 0, lane: int = 0) -> list[int]:
        """The ids of the elements ``value`` holds in one thread, word by word and, within
        a word, lowest bits first; a packed word's padding slots are left out."""
        value_type = value.type
        scalar = value_type.element_type if isinstance(value_type, VectorType) else value_type
        word_bits = getattr(scalar, "bitwidth", self.element_bits)
        per_word = max(1, word_bits // self.element_bits)
        mask = (1 << self.element_bits) - 1

        def slots(words: np.ndarray) -> list[int]:
            return [
                (int(w) >> (part * self.element_bits)) & mask
                for w in np.atleast_1d(words).tolist()
                for part in range(per_word)
            ]

        ids: list[int] = []
        for low, values in self.runs:
            parts = slots(values[value][block, warp, lane])
            ids = [held | (part << low) for held, part in zip(ids, parts)] if ids else [p << low for p in parts]
        if per_word == 1:
            return ids
        occupied = slots(self._all_ones[value][block, warp, lane])
        return [element for element, bits in zip(ids, occupied) if bits == mask]


def verify_conversion(
    ops: Sequence[Operation],
    source: SSAValue,
    result: SSAValue,
    src: LinearLayout,
    dst: LinearLayout,
    element_bits: int,
    warp_order: Iterable[int] | None = None,
    scratch: SSAValue | None = None,
) -> ConversionTrace:
    """Run ``ops`` (which turn tensor ``source`` with layout ``src`` into ``result`` with
    layout ``dst``, using the shared buffer ``scratch`` if any) on every thread, and
    raise ``ConversionMismatch`` at the first destination register that does not
    hold its element.  Without ``warp_order``, warps run in step and, with a
    scratch buffer, in both adversarial orders, CTA by CTA (forwards, then backwards)
    when there are several.  Returns the first order's values."""
    src_ids, dst_ids = element_ids(src), element_ids(dst)
    ctas, warps, lanes = src_ids.shape[:3]
    simulator = CTASimulator(ctas, warps, lanes)
    Order = tuple[list[int] | None, list[int] | None]
    if warp_order is not None:
        orders: list[Order] = [(list(warp_order), None)]
    elif scratch is not None:
        forwards, backwards = (list(range(ctas)), list(reversed(range(ctas)))) if ctas > 1 else (None, None)
        orders = [(None, None), (list(range(warps)), forwards), (list(reversed(range(warps))), backwards)]
    else:
        orders = [(None, None)]
    total_bits = max(1, int(dst_ids.max()).bit_length(), int(src_ids.max()).bit_length())
    chunk = min(element_bits, 64)
    mask = np.uint64((1 << chunk) - 1) if chunk < 64 else np.uint64(0xFFFF_FFFF_FFFF_FFFF)
    scratch_bytes = _buffer_bytes(scratch) if scratch is not None else 0

    def run_all_ones() -> dict[SSAValue, np.ndarray]:
        inputs = {source: np.full_like(src_ids, mask)}
        if scratch is not None:
            inputs[scratch] = simulator.allocate(scratch_bytes)
        return simulator.run(ops, inputs, *orders[0])

    trace = ConversionTrace(chunk, [], run_all_ones)
    for order in orders:
        for low in range(0, total_bits, chunk):
            inputs = {source: (src_ids >> np.uint64(low)) & mask}
            if scratch is not None:
                inputs[scratch] = simulator.allocate(scratch_bytes)
            try:
                values = simulator.run(ops, inputs, *order)
            except SharedMemoryError as error:
                raise ConversionMismatch(f"{error} ({_order_name(order)})") from None
            _check_bits(values[result], dst_ids, low, chunk, _order_name(order))
            if order is orders[0]:
                trace.runs.append((low, values))
    return trace


def _check_bits(held: np.ndarray, dst_ids: np.ndarray, low: int, chunk: int, how: str) -> None:
    """Raise at the first register whose bits ``low .. low + chunk - 1`` are not its element's."""
    mask = np.uint64((1 << chunk) - 1) if chunk < 64 else np.uint64(0xFFFF_FFFF_FFFF_FFFF)
    expected = (dst_ids >> np.uint64(low)) & mask
    if held.shape != expected.shape:
        raise ConversionMismatch(f"the result has {held.shape[-1]} registers per thread, not {expected.shape[-1]}")
    wrong = np.argwhere(held != expected)
    if len(wrong):
        block, warp, lane, register = (int(i) for i in wrong[0])
        raise ConversionMismatch(
            f"block {block}, warp {warp}, lane {lane}, register {register} should hold element "
            f"{int(dst_ids[block, warp, lane, register])}, but holds bits {int(held[block, warp, lane, register])} "
            f"where element {int(dst_ids[block, warp, lane, register])} has bits "
            f"{int(expected[block, warp, lane, register])} (id bits {low} to {low + chunk - 1}; {how})"
        )


def _order_name(order: tuple[list[int] | None, list[int] | None]) -> str:
    warps, ctas = order
    name = "warps in step" if warps is None else f"warps in order {warps} between barriers"
    return name if ctas is None else f"{name}, CTAs in order {ctas} between cluster barriers"


def _buffer_bytes(scratch: SSAValue) -> int:
    scratch_type = scratch.type
    if not isinstance(scratch_type, MemRefType) or scratch_type.element_type != i8 or scratch_type.get_num_dims() != 1:
        raise ValueError(f"the scratch buffer must be a 1-D memref of i8, not {scratch_type}")
    return int(scratch_type.get_shape()[0])
