"""PTX's byte permute (``nvvm.prmt``) for ``CTASimulator``, in every mode.

``byte_permute(lo, hi, selector, mode)`` is the instruction on arrays of 32-bit words:
the eight bytes ``{hi, lo}`` (``lo``'s are bytes 0-3) and four 4-bit controls, one per
result byte.  In the default mode control ``i`` is nibble ``i`` of the selector: its three
low bits name the byte, its fourth replicates that byte's sign bit over the result byte.
The other modes take fixed controls, chosen by the selector's two low bits
(``MODE_CONTROLS``).

>>> import numpy as np
>>> hex(int(byte_permute(np.uint64(0x33221100), np.uint64(0x77665544), np.uint64(0x5410))))
'0x55441100'
>>> hex(int(byte_permute(np.uint64(0x80), np.uint64(0), np.uint64(0x8880))))
'0xffffff80'
"""

from __future__ import annotations

import numpy as np
from xdsl.interpreter import InterpreterFunctions, PythonValues, impl, register_impls

from layoutdialect.dialect.upstream.nvvm.permute import PermuteMode, PermuteOp
from layoutdialect.sim.cta import CTASimulator, register_thread_functions

__all__ = ["MODE_CONTROLS", "BytePermuteFunctions", "byte_permute"]

Array = np.ndarray

MODE_CONTROLS: dict[PermuteMode, tuple[int, int, int, int]] = {
    PermuteMode.F4E: (0x3210, 0x4321, 0x5432, 0x6543),
    PermuteMode.B4E: (0x5670, 0x6701, 0x7012, 0x0123),
    PermuteMode.RC8: (0x0000, 0x1111, 0x2222, 0x3333),
    PermuteMode.ECL: (0x3210, 0x3211, 0x3222, 0x3333),
    PermuteMode.ECR: (0x0000, 0x1110, 0x2210, 0x3210),
    PermuteMode.RC16: (0x1010, 0x3232, 0x1010, 0x3232),
}
"""The controls each fixed mode uses for the selector's two low bits 0, 1, 2 and 3, written
as the default mode's selector would be (``0x5670``: result byte 0 is byte 0, byte 1 is
byte 7, ...); none of them replicates a sign."""


def byte_permute(lo: Array, hi: Array, selector: Array, mode: PermuteMode = PermuteMode.DEFAULT) -> Array:
    """``prmt.b32{.mode}`` of the 32-bit words ``lo`` and ``hi`` (arrays that broadcast)."""
    lo, hi, selector = (np.asarray(a, dtype=np.uint64) for a in (lo, hi, selector))
    if mode is PermuteMode.DEFAULT:
        controls = selector & np.uint64(0xFFFF)
    else:
        controls = np.asarray(MODE_CONTROLS[mode], dtype=np.uint64)[(selector & np.uint64(3)).astype(np.intp)]
    pair = (hi & np.uint64(0xFFFFFFFF)) << np.uint64(32) | lo & np.uint64(0xFFFFFFFF)
    result = np.zeros(np.broadcast_shapes(pair.shape, controls.shape), dtype=np.uint64)
    for position in range(4):
        control = controls >> np.uint64(4 * position) & np.uint64(0xF)
        byte = pair >> ((control & np.uint64(7)) * np.uint64(8)) & np.uint64(0xFF)
        replicated = np.where(byte >> np.uint64(7) & np.uint64(1), np.uint64(0xFF), np.uint64(0))
        byte = np.where(control >> np.uint64(3) & np.uint64(1), replicated, byte)
        result |= byte << np.uint64(8 * position)
    return result


@register_impls
class BytePermuteFunctions(InterpreterFunctions):
    """``nvvm.prmt``, for every thread ``sim.current`` selects at once."""

    @impl(PermuteOp)
    def run_permute(self, sim: CTASimulator, op: PermuteOp, args: PythonValues) -> PythonValues:
        if op.hi is None:
            lo, selector = args
            hi = np.uint64(0)
        else:
            lo, hi, selector = args
        return (byte_permute(lo, hi, selector, op.mode.data),)


register_thread_functions(BytePermuteFunctions())
