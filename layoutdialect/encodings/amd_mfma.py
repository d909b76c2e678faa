"""``#ttg.amd_mfma``: the accumulator of AMD CDNA matrix-core instructions (64-lane waves)."""

from __future__ import annotations

from dataclasses import dataclass, field

from layoutdialect.encodings.base import WarpGridEncoding, check, check_powers_of_two, is_power_of_two
from layoutdialect.encodings.cga import CGALayout

__all__ = ["AmdMfmaEncoding"]

VALID_MN = ((32, 32), (16, 16), (64, 4), (4, 64))


@dataclass(frozen=True)
class AmdMfmaEncoding(WarpGridEncoding):
    """``version`` 1-4 (gfx908 .. gfx950), ``instrShape = [M, N, K]``; ``tilesPerWarp``
    defaults to all ones and ``elementBitWidth`` to 32."""

    version: int
    warps_per_cta: tuple[int, ...]
    instr_shape: tuple[int, ...]
    is_transposed: bool
    cga: CGALayout
    tiles_per_warp: tuple[int, ...] = field(default=())
    element_bit_width: int = 32

    def __post_init__(self) -> None:
        if not self.tiles_per_warp:
            object.__setattr__(self, "tiles_per_warp", (1,) * self.rank)
        check(0 <= self.version <= 4, "version must be in the [0, 4] range")
        check(len(self.instr_shape) >= 2, "instrShape must be [M, N, K]")
        m, n = self.instr_shape[0], self.instr_shape[1]
        check((m, n) in VALID_MN, f"invalid (mDim, nDim) combination: ({m}, {n})")
        check(self.element_bit_width in (32, 64), "elementBitWidth must be 32 or 64")
        check((m, n) != (64, 4) or self.is_transposed, "an MFMA 64x4 layout must be transposed")
        check_powers_of_two(self.warps_per_cta, "warpsPerCTA")
        check(self.cga.rank == self.rank, "warpsPerCTA and CGALayout must have the same rank.")
        check(
            len(self.tiles_per_warp) == self.rank and all(is_power_of_two(v) for v in self.tiles_per_warp),
            "tilesPerWarp must hold one power of two per dim",
        )

    @property
    def has_unit_tiles_per_warp(self) -> bool:
        return all(v == 1 for v in self.tiles_per_warp)

    @property
    def num_lanes(self) -> int:
        return 64
