"""``#ttg.amd_wmma``: the accumulator of AMD RDNA / gfx1250 WMMA instructions (32-lane waves)."""

from __future__ import annotations

from dataclasses import dataclass

from layoutdialect.encodings.base import DistributedEncoding, check
from layoutdialect.encodings.cga import CGALayout

__all__ = ["AmdWmmaEncoding"]

DEFAULT_INSTR_SHAPE = (16, 16, 16)
VALID_INSTR_SHAPES = {
    1: ((16, 16, 16),),
    2: ((16, 16, 16), (16, 16, 32)),
    3: ((16, 16, 4), (16, 16, 32), (16, 16, 64), (16, 16, 128), (32, 16, 64), (32, 16, 128)),
}


@dataclass(frozen=True)
class AmdWmmaEncoding(DistributedEncoding):
    """``ctaLayout`` maps ``register`` and ``warp`` bits to *tile* indices per dim: e.g.
    ``warp = [[0, 1], [1, 0]]`` is warpsPerCTA [2, 2] with warp 1 on the next N tile."""

    version: int
    is_transpose: bool
    cta_register: tuple[tuple[int, ...], ...]
    cta_warp: tuple[tuple[int, ...], ...]
    cga: CGALayout
    instr_shape: tuple[int, ...] = DEFAULT_INSTR_SHAPE

    def __post_init__(self) -> None:
        check(1 <= self.version <= 3, "WMMA version must be in the [1, 3] range")
        check(self.instr_shape in VALID_INSTR_SHAPES[self.version], f"invalid WMMA v{self.version} instruction shape")
        for basis in self.cta_register + self.cta_warp:
            check(len(basis) == self.rank, f"ctaLayout bases must have {self.rank} entries, one per dim")
            check(all(v >= 0 for v in basis), "ctaLayout bases must be non-negative")

    @property
    def rank(self) -> int:
        return self.cga.rank

    @property
    def num_lanes(self) -> int:
        return 32

    @property
    def num_warps(self) -> int:
        return 1 << len(self.cta_warp)

    @property
    def num_ctas(self) -> int:
        return self.cga.num_ctas
