"""Powers of two: every size in a linear layout is one, so these few helpers serve all.

Each takes an integer; anything else is a ``LinearLayoutError`` naming it, found only
when the arithmetic fails, so that the integers of the hot paths pay nothing.
"""

from __future__ import annotations

from layoutdialect.f2.arguments import checked_integer, shown
from layoutdialect.f2.errors import LinearLayoutError

__all__ = ["MAX_SIZE_LOG2", "checked_log2", "is_power_of_two", "log2_exact", "trailing_zeros"]

MAX_SIZE_LOG2 = 64
"""The most bits of an index into anything here: a dim, a tensor or a buffer holds at
most ``2**64`` elements (a 64-bit index addresses each).  A larger size is refused where
it would be looped over, rather than looped over."""


def _not_an_integer(function: str, value: object) -> LinearLayoutError:
    return LinearLayoutError(f"{function}: value must be an integer, got {shown(value)}")


def is_power_of_two(value: int) -> bool:
    """Whether ``value`` is ``2 ** k`` for some ``k >= 0``."""
    try:
        return value > 0 and value & (value - 1) == 0
    except TypeError:
        raise _not_an_integer("is_power_of_two", value) from None


def log2_exact(value: int) -> int:
    """``k`` for ``value == 2 ** k`` (precondition: ``is_power_of_two(value)``)."""
    try:
        return value.bit_length() - 1
    except AttributeError:
        raise _not_an_integer("log2_exact", value) from None


def checked_log2(size: int, what: str, error: type[ValueError] = LinearLayoutError) -> int:
    """``log2(size)``; ``error`` saying ``what`` must be a power of two when it is not."""
    if type(size) is not int or size <= 0 or size & (size - 1):
        if not (isinstance(error, type) and issubclass(error, ValueError)):
            raise LinearLayoutError(f"checked_log2: error must be a ValueError subclass, got {shown(error)}")
        size = checked_integer(size, what, error)
        if size <= 0 or size & (size - 1):
            raise error(f"{what} must be a power of two, got {size}")
    return size.bit_length() - 1


def trailing_zeros(value: int) -> int:
    """The index of the lowest set bit of ``value`` (``-1`` for zero)."""
    try:
        return (value & -value).bit_length() - 1
    except (TypeError, AttributeError):
        raise _not_an_integer("trailing_zeros", value) from None
