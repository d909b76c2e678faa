"""What every encoding shares: the error type, the two families, and small checks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import TYPE_CHECKING

from layoutdialect.f2 import LinearLayout, standard_out_dim_names

if TYPE_CHECKING:
    from layoutdialect.encodings.cga import CGALayout

__all__ = [
    "DerivedEncoding",
    "DistributedEncoding",
    "EncodingError",
    "SharedEncoding",
    "WarpGridEncoding",
    "check",
    "check_order",
    "check_powers_of_two",
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


def check_powers_of_two(values: Sequence[int], key: str) -> None:
    check(all(is_power_of_two(v) for v in values), f"Every element in {key} must be a power of two.")


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


class WarpGridEncoding(DistributedEncoding):
    """A layout whose warps form a ``warps_per_cta`` grid, one entry per dim, spread
    over CTAs by ``cga``."""

    warps_per_cta: tuple[int, ...]
    cga: CGALayout

    @property
    def rank(self) -> int:
        return len(self.warps_per_cta)

    @property
    def num_warps(self) -> int:
        return prod(self.warps_per_cta)

    @property
    def num_ctas(self) -> int:
        return self.cga.num_ctas


class DerivedEncoding(DistributedEncoding):
    """A layout derived from ``parent``'s: it runs on the parent's lanes, warps and CTAs."""

    parent: DistributedEncoding

    @property
    def num_lanes(self) -> int:
        return self.parent.num_lanes

    @property
    def num_warps(self) -> int:
        return self.parent.num_warps

    @property
    def num_ctas(self) -> int:
        return self.parent.num_ctas


@dataclass(frozen=True)
class SharedEncoding:
    """An encoding that places a tensor at offsets of shared memory."""

    @property
    def rank(self) -> int:
        raise NotImplementedError
