"""MLIR's hexadecimal float literals: ``0xFF800000`` in an ``f32`` dense attribute is
the bit pattern of ``-inf``, not the integer 4286578688.

>>> from xdsl.dialects.builtin import Float16Type, Float32Type
>>> float_from_bits(0xFF800000, Float32Type())
-inf
>>> float_from_bits(0x3C00, Float16Type())
1.0
"""

from __future__ import annotations

import struct

from xdsl.dialects.builtin import AnyFloat, BFloat16Type, Float16Type, Float32Type, Float64Type

__all__ = ["float_from_bits"]

_STRUCT_CODES: dict[type[AnyFloat], tuple[str, str, int]] = {
    Float16Type: ("<H", "<e", 16),
    Float32Type: ("<I", "<f", 32),
    Float64Type: ("<Q", "<d", 64),
}


def float_from_bits(bits: int, float_type: AnyFloat) -> float:
    """The value whose IEEE encoding in ``float_type`` is ``bits``; ``ValueError`` when
    ``bits`` does not fit the type's width or the type has no exact Python float reading."""
    if isinstance(float_type, BFloat16Type):
        if not 0 <= bits < 1 << 16:
            raise ValueError(f"hexadecimal literal 0x{bits:X} does not fit the 16 bits of bf16")
        return float(struct.unpack("<f", struct.pack("<I", bits << 16))[0])
    codes = _STRUCT_CODES.get(type(float_type))
    if codes is None:
        raise ValueError(f"hexadecimal literals of {float_type} are not supported")
    integer_code, float_code, width = codes
    if not 0 <= bits < 1 << width:
        raise ValueError(f"hexadecimal literal 0x{bits:X} does not fit the {width} bits of {float_type}")
    return float(struct.unpack(float_code, struct.pack(integer_code, bits))[0])
