"""AMD's cross-lane moves for ``CTASimulator``: DPP row moves (``rocdl.update.dpp``, the
patterns of ``DPP_PATTERNS``, every ``quad_perm`` and RDNA's ``row_xmask``, all rows and
banks enabled), RDNA's ``rocdl.permlanex16``, CDNA4's register-lane swaps
(``rocdl.permlane16.swap``, ``rocdl.permlane32.swap``) and ``llvm.extractvalue`` of the
pair a swap returns.

A swap across lane bit ``j`` returns, per lane ``l`` with bit ``j`` clear, the pair
``(a[l], a[l ^ 2^j])`` and, with it set, ``(b[l ^ 2^j], b[l])``: the lanes with the bit set
trade ``a`` for ``b``'s partner lanes.  The pair is held as a trailing axis of two words.

>>> import numpy as np
>>> a, b = np.arange(4, dtype=np.uint64), np.arange(10, 14, dtype=np.uint64)
>>> swapped = lane_swap(a, b, lane_bit=1, lanes=np.arange(4, dtype=np.uint64), axis=0)
>>> swapped[:, 0].tolist(), swapped[:, 1].tolist()
([0, 1, 10, 11], [2, 3, 12, 13])
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import llvm
from xdsl.interpreter import InterpreterFunctions, PythonValues, impl, register_impls

from layoutdialect.dialect.upstream.rocdl.cross_lane import (
    ALL_ROWS,
    DPP_PATTERNS,
    ROW_XMASK,
    DppMoveOp,
    LaneSwapOp,
    Permlane16SwapOp,
    Permlane32SwapOp,
    PermlaneX16Op,
)
from layoutdialect.sim.cta import CTASimulator, SimulationError, register_thread_functions

__all__ = ["LaneMoveFunctions", "dpp_source_lanes", "lane_swap", "permlane_x16_source_lanes"]

Array = np.ndarray


def lane_swap(a: Array, b: Array, lane_bit: int, lanes: Array, axis: int) -> Array:
    """The new ``(a, b)`` of a swap across ``lane_bit``, stacked on a last axis; ``lanes`` are
    the lane ids along ``axis`` of ``a`` and ``b``."""
    partner = (lanes ^ np.uint64(1 << lane_bit)).astype(np.intp)
    a_partner = np.take_along_axis(a, partner, axis=axis)
    b_partner = np.take_along_axis(b, partner, axis=axis)
    upper = (lanes >> np.uint64(lane_bit) & np.uint64(1)).astype(bool)
    return np.stack([np.where(upper, b_partner, a), np.where(upper, b, a_partner)], axis=-1)


def dpp_source_lanes(control: int, lanes: Array) -> Array:
    """The lane each of ``lanes`` reads under the DPP pattern ``control``.

    >>> import numpy as np
    >>> dpp_source_lanes(0x1B, np.arange(8, dtype=np.uint64)).tolist()
    [3, 2, 1, 0, 7, 6, 5, 4]
    >>> dpp_source_lanes(0x165, np.arange(8, dtype=np.uint64)).tolist()
    [5, 4, 7, 6, 1, 0, 3, 2]
    """
    if 0 <= control <= 0xFF:
        within = lanes & np.uint64(3)
        return lanes & ~np.uint64(3) | np.uint64(control) >> (np.uint64(2) * within) & np.uint64(3)
    if ROW_XMASK <= control < ROW_XMASK + 16:
        return lanes ^ np.uint64(control - ROW_XMASK)
    xors = {pattern: mask for mask, pattern in DPP_PATTERNS.items()}
    if control not in xors:
        raise SimulationError(f"the simulator models no DPP pattern {control:#x}")
    return lanes ^ np.uint64(xors[control])


def permlane_x16_source_lanes(low: Array, high: Array, lanes: Array) -> Array:
    """The lane each of ``lanes`` reads in ``v_permlanex16``: in the other row of its 32
    lanes, the one nibble ``lane % 8`` of selector ``low`` (lanes 0-7 of a row) or ``high``
    (8-15) names.

    >>> import numpy as np
    >>> lanes = np.arange(0, 32, 9, dtype=np.uint64)
    >>> permlane_x16_source_lanes(np.uint64(0x76543210), np.uint64(0xFEDCBA98), lanes).tolist()
    [16, 25, 2, 11]
    """
    within = lanes & np.uint64(15)
    selector = np.where(within < np.uint64(8), low, high).astype(np.uint64)
    nibble = selector >> (np.uint64(4) * (within & np.uint64(7))) & np.uint64(15)
    return lanes & ~np.uint64(31) | (lanes & np.uint64(16)) ^ np.uint64(16) | nibble


@register_impls
class LaneMoveFunctions(InterpreterFunctions):
    """The DPP moves, the swaps and the extraction of their words, for every thread
    ``sim.current`` selects."""

    @impl(DppMoveOp)
    def run_dpp_move(self, sim: CTASimulator, op: DppMoveOp, args: PythonValues) -> PythonValues:
        if op.row_mask.value.data != ALL_ROWS or op.bank_mask.value.data != ALL_ROWS:
            raise SimulationError("the simulator models DPP moves with every row and bank enabled")
        lanes = sim.lane_ids[sim.current]
        source = np.broadcast_to(args[1], lanes.shape)
        sources = dpp_source_lanes(op.dpp_ctrl.value.data, lanes).astype(np.intp)
        return (np.take_along_axis(source, sources, axis=2),)

    def _swap(self, sim: CTASimulator, op: LaneSwapOp, args: PythonValues) -> PythonValues:
        if sim.lanes != 64:
            raise SimulationError(f"'{op.name}' needs waves of 64 lanes, not {sim.lanes}")
        lanes = sim.lane_ids[sim.current]
        a, b = (np.broadcast_to(arg, lanes.shape) for arg in args)
        return (lane_swap(a, b, op.LANE_BIT, lanes, axis=2),)

    @impl(Permlane16SwapOp)
    def run_permlane16_swap(self, sim: CTASimulator, op: Permlane16SwapOp, args: PythonValues) -> PythonValues:
        return self._swap(sim, op, args)

    @impl(Permlane32SwapOp)
    def run_permlane32_swap(self, sim: CTASimulator, op: Permlane32SwapOp, args: PythonValues) -> PythonValues:
        return self._swap(sim, op, args)

    @impl(PermlaneX16Op)
    def run_permlane_x16(self, sim: CTASimulator, op: PermlaneX16Op, args: PythonValues) -> PythonValues:
        lanes = sim.lane_ids[sim.current]
        source = np.broadcast_to(args[1], lanes.shape)
        sources = permlane_x16_source_lanes(args[2], args[3], lanes).astype(np.intp)
        return (np.take_along_axis(source, sources, axis=2),)

    @impl(llvm.ExtractValueOp)
    def run_extract_value(self, sim: CTASimulator, op: llvm.ExtractValueOp, args: PythonValues) -> PythonValues:
        (position,) = op.position.get_values()
        return (args[0][..., position],)


register_thread_functions(LaneMoveFunctions())
