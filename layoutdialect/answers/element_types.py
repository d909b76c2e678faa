"""The element types ``layout-tool --dtype`` takes: Triton's tensor element types by their
MLIR names, and ``bN``, an ``N``-bit unit.

These are the types Triton 3.9's ``tl.dtype.to_ir`` makes (``int1`` to ``int64`` and the
unsigned integers as ``i1`` to ``i64``, ``fp8e4nv`` as ``f8E4M3FN``, ``fp8e4b8`` as
``f8E4M3FNUZ``, ``fp8e5`` as ``f8E5M2``, ``fp8e5b16`` as ``f8E5M2FNUZ``, ``fp16``, ``bf16``,
``fp32``, ``fp64``); other MLIR types (``f128``, ``index``, ``i3``) are no element of a
Triton tensor.  The module imports nothing, so that ``layout-tool --help`` can list them.
"""

from __future__ import annotations

__all__ = ["ELEMENT_TYPE_SPELLINGS", "TRITON_ELEMENT_BITS"]

TRITON_ELEMENT_BITS = {
    "i1": 1,
    "i8": 8,
    "i16": 16,
    "i32": 32,
    "i64": 64,
    "f8E4M3FN": 8,
    "f8E4M3FNUZ": 8,
    "f8E5M2": 8,
    "f8E5M2FNUZ": 8,
    "f16": 16,
    "bf16": 16,
    "f32": 32,
    "f64": 64,
}
"""Bits of each element type of a Triton tensor, by its MLIR name."""

ELEMENT_TYPE_SPELLINGS = ", ".join(TRITON_ELEMENT_BITS) + " (MLIR's names)"
"""The element types, as the command lines list them."""
