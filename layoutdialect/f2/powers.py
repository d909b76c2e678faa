"""Powers of two: every size in a linear layout is one, so these few helpers serve all."""

from __future__ import annotations

from layoutdialect.f2.errors import LinearLayoutError

__all__ = ["checked_log2", "is_power_of_two", "log2_exact", "trailing_zeros"]


def is_power_of_two(value: int) -> bool:
    """Whether ``value`` is ``2 ** k`` for some ``k >= 0``."""
    return value > 0 and value & (value - 1) == 0


def log2_exact(value: int) -> int:
    """``k`` for ``value == 2 ** k`` (precondition: ``is_power_of_two(value)``)."""
    return value.bit_length() - 1


def checked_log2(size: int, what: str, error: type[ValueError] = LinearLayoutError) -> int:
    """``log2(size)``; ``error`` saying ``what`` must be a power of two when it is not."""
    if not is_power_of_two(size):
        raise error(f"{what} must be a power of two, got {size}")
    return log2_exact(size)


def trailing_zeros(value: int) -> int:
    """The index of the lowest set bit of ``value`` (``-1`` for zero)."""
    return (value & -value).bit_length() - 1
