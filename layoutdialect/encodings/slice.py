"""``#ttg.slice``: the parent layout with one dim removed, as after a reduction."""

from __future__ import annotations

from dataclasses import dataclass

from layoutdialect.encodings.base import DerivedEncoding, DistributedEncoding, check

__all__ = ["SliceEncoding"]


@dataclass(frozen=True)
class SliceEncoding(DerivedEncoding):
    """``parent`` with dim ``dim`` squeezed out; the threads that held it now hold copies."""

    dim: int
    parent: DistributedEncoding

    def __post_init__(self) -> None:
        rank = self.parent.rank
        check(rank > 1, "parent layout must have at least rank >= 2")
        check(0 <= self.dim < rank, f"slice dim={self.dim} must be less than the parent rank={rank}")

    @property
    def rank(self) -> int:
        return self.parent.rank - 1
