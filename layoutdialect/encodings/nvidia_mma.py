"""``#ttg.nvidia_mma``: the accumulator of ``mma.sync`` (v2, Ampere/Turing) and ``wgmma`` (v3, Hopper)."""

from __future__ import annotations

from dataclasses import dataclass

from layoutdialect.encodings.base import WarpGridEncoding, check, check_powers_of_two
from layoutdialect.encodings.cga import CGALayout

__all__ = ["NvidiaMmaEncoding"]


@dataclass(frozen=True)
class NvidiaMmaEncoding(WarpGridEncoding):
    """``versionMajor`` 2 or 3; ``instrShape`` is ``[16, 8]`` (or ``[1, 16, 8]``, fp64 ``[8, 8]``)
    for v2 and ``[16, N, K]`` for v3."""

    version_major: int
    version_minor: int
    warps_per_cta: tuple[int, ...]
    cga: CGALayout
    instr_shape: tuple[int, ...]

    def __post_init__(self) -> None:
        check(self.version_major != 1, "Volta (versionMajor = 1) is deprecated and no longer supported")
        check(self.version_major in (2, 3), f"versionMajor must be 2 or 3, got {self.version_major}")
        check_powers_of_two(self.warps_per_cta, "warpsPerCTA")
        check(self.cga.rank == self.rank, "warpsPerCTA and CGALayout must have the same rank.")
        expected = self.rank if self.version_major == 2 else 3
        check(
            len(self.instr_shape) == expected,
            f"instrShape must have {expected} entries for versionMajor = {self.version_major}, "
            f"got {len(self.instr_shape)}",
        )

    @property
    def is_ampere(self) -> bool:
        return self.version_major == 2

    @property
    def is_hopper(self) -> bool:
        return self.version_major == 3

    @property
    def num_lanes(self) -> int:
        return 32
