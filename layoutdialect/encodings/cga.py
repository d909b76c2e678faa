"""``CGALayout``: how a tensor is split over the CTAs of a cluster."""

from __future__ import annotations

from dataclasses import dataclass

from layoutdialect.encodings.base import check, is_power_of_two

__all__ = ["CGALayout"]


@dataclass(frozen=True)
class CGALayout:
    """One basis per CTA bit, low bit first: CTA ``2**i`` holds the tile at ``bases[i]``.

    Text form: ``CGALayout = [[1, 0]]`` splits dim0 over 2 CTAs; ``[[0, 0]]`` gives
    2 CTAs that each hold the whole tensor.  No bases means one CTA.
    """

    bases: tuple[tuple[int, ...], ...]
    rank: int

    def __post_init__(self) -> None:
        for basis in self.bases:
            check(len(basis) == self.rank, f"'CGALayout' entry length does not match rank {self.rank}")
            check(all(v >= 0 for v in basis), "expected an unsigned integer value in CGALayout entry")
        nonzero = [basis for basis in self.bases if any(basis)]
        single = all(sum(1 for v in b if v) == 1 and all(v == 0 or is_power_of_two(v) for v in b) for b in nonzero)
        check(
            single and len(set(nonzero)) == len(nonzero) and self._fills_each_dim(nonzero),
            "After removing broadcast bases the CGA encoding must be a permutation matrix",
        )

    @staticmethod
    def _fills_each_dim(nonzero: list[tuple[int, ...]]) -> bool:
        """Per dim, the non-zero components are exactly 1, 2, 4, ... (an invertible block)."""
        rank = len(nonzero[0]) if nonzero else 0
        for d in range(rank):
            values = sorted(b[d] for b in nonzero if b[d])
            if values != [1 << i for i in range(len(values))]:
                return False
        return True

    @classmethod
    def single(cls, rank: int) -> CGALayout:
        """One CTA: the default when ``CGALayout`` is absent."""
        return cls((), rank)

    @property
    def num_ctas(self) -> int:
        return 1 << len(self.bases)

    @property
    def is_single(self) -> bool:
        return not self.bases
