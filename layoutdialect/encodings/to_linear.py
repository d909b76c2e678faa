"""``to_linear_layout(encoding, shape)``: the cached entry point to every encoding's meaning."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from layoutdialect.encodings.base import Encoding, EncodingError, checked_shape
from layoutdialect.f2 import LinearLayout

__all__ = ["clear_cache", "to_linear_layout"]

CACHE_SIZE = 1 << 16


def to_linear_layout(encoding: Encoding, shape: Sequence[int]) -> LinearLayout:
    """The F2 layout of a tensor of ``shape`` with ``encoding``, bit for bit Triton 3.9's.

    Distributed encodings map ``register, lane, warp, block`` to ``dim0..``; shared
    encodings map ``offset, block``.  Results are cached by (encoding, shape), as
    Triton's dialect does; ``Encoding.to_linear_layout`` is the uncached function.

    >>> from layoutdialect.encodings import BlockedEncoding, CGALayout
    >>> blocked = BlockedEncoding((2, 2), (8, 4), (1, 2), (1, 0), CGALayout.single(2))
    >>> to_linear_layout(blocked, [32, 16]).bases[0]
    ('register', [[0, 1], [1, 0], [16, 0]])
    """
    if not isinstance(encoding, Encoding):
        raise EncodingError(f"to_linear_layout: encoding must be an Encoding, got {type(encoding).__name__}")
    return _cached_layout(encoding, checked_shape(shape))


@lru_cache(maxsize=CACHE_SIZE)
def _cached_layout(encoding: Encoding, shape: tuple[int, ...]) -> LinearLayout:
    return encoding.to_linear_layout(shape)


def clear_cache() -> None:
    """Forget every cached layout (for benchmarks that time the computation itself)."""
    _cached_layout.cache_clear()
