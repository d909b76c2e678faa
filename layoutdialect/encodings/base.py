"""What every encoding shares: the error type, the two families, and small checks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from layoutdialect.f2 import LinearLayout, standard_out_dim_names

__all__ = [
    "DistributedEncoding",
    "EncodingError",
    "SharedEncoding",
    "check",
    "check_order",
    "is_power_of_two",
    "layout_from_bases",
]


class EncodingError(ValueError):
    """Encoding parameters that Triton rejects; the message is Triton's where it has one."""


def check(condition: bool, message: str) -> None:
    if not condition:
        raise EncodingError(message)


def is_power_of_two(value: int) -> bool:
    return value > 0 and value & (value - 1) == 0


def check_order(order: Sequence[int]) -> None:
    """``order`` lists every dim once, fastest-varying first."""
    check(
        sorted(order) == list(range(len(order))),
        f"order must be a permutation of 0..(rank-1), but was [{', '.join(map(str, order))}]",
    )


def layout_from_bases(in_dims: Sequence[str], bases: Mapping[str, Sequence[Sequence[int]]]) -> LinearLayout:
    """The layout ``in_dims -> dim0..`` at its natural shape, as Triton reads TTGIR bases.

    Every in-dim must be given; the rank is the length of the first non-empty basis,
    and the out-dim sizes are the smallest that hold every basis.
    """
    for name in in_dims:
        check(name in bases, f"Expected basis of '{name}' not found")
    rank = next((len(b[0]) for b in (bases[n] for n in in_dims) if b), 0)
    check(rank > 0, "Empty Layout not supported")
    return LinearLayout.from_bases([(n, [list(b) for b in bases[n]]) for n in in_dims], standard_out_dim_names(rank))


@dataclass(frozen=True)
class DistributedEncoding:
    """An encoding that spreads a tensor over the registers, lanes, warps and CTAs."""

    @property
    def rank(self) -> int:
        raise NotImplementedError

    @property
    def num_lanes(self) -> int:
        """Threads per warp the layout is written for."""
        raise NotImplementedError

    @property
    def num_warps(self) -> int:
        """Warps per CTA the layout is written for."""
        raise NotImplementedError

    @property
    def num_ctas(self) -> int:
        """CTAs per CGA (cluster) the layout is written for."""
        raise NotImplementedError


@dataclass(frozen=True)
class SharedEncoding:
    """An encoding that places a tensor at offsets of shared memory."""

    @property
    def rank(self) -> int:
        raise NotImplementedError
