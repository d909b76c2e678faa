"""``#ttg.amd_mfma``: the accumulator of AMD CDNA matrix-core instructions (64-lane waves)."""

from __future__ import annotations

from dataclasses import dataclass, field

from layoutdialect.encodings.base import (
    DotParentEncoding,
    WarpGridEncoding,
    check,
    check_powers_of_two,
)
from layoutdialect.encodings.cga import CGALayout, combine_cta_cga_with_shape
from layoutdialect.encodings.construction import dot_operand_order, matrix_order
from layoutdialect.encodings.fields import check_field_types
from layoutdialect.f2 import LayoutBuilder, LinearLayout, is_power_of_two

__all__ = ["AmdMfmaEncoding"]

VALID_MN = ((32, 32), (16, 16), (64, 4), (4, 64))
WAVE_SIZE = 64


@dataclass(frozen=True)
class AmdMfmaEncoding(WarpGridEncoding, DotParentEncoding):
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
        check_field_types(self)
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

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """Each lane holds 4 consecutive rows of M (1 for 64-bit elements; N when
        transposed), lanes sweep N then M; tiles then repeat along N through the whole
        tensor before any repeat along M, so the dot's tiles are N-contiguous."""
        rank = len(shape)
        m_index, n_index = rank - 2, rank - 1
        order = matrix_order(rank, row_major=True)
        dim_m, dim_n = f"dim{order[1]}", f"dim{order[0]}"
        m, n = self.instr_shape[0], self.instr_shape[1]
        height = 1 if self.element_bit_width == 64 else 4
        tiles = m * n // (WAVE_SIZE * height)
        held, across = (dim_n, dim_m) if self.is_transposed else (dim_m, dim_n)
        lanes_across = n if not self.is_transposed else m
        tile = (
            LayoutBuilder()
            .times_identity(height, "register", held)
            .times_identity(lanes_across, "lane", across)
            .times_identity(WAVE_SIZE // lanes_across, "lane", held)
            .times_identity(tiles, "register", held)
            .transpose_outs([dim_n, dim_m])
        )
        tiles_n, warps_n = self.tiles_per_warp[n_index], self.warps_per_cta[n_index]
        tile.times_identity(tiles_n, "register", dim_n).times_identity(warps_n, "warp", dim_n)
        tile.times_identity(shape[n_index] // (n * warps_n * tiles_n), "register", dim_n)
        tile.times_identity(self.tiles_per_warp[m_index], "register", dim_m)
        tile.times_identity(self.warps_per_cta[m_index], "warp", dim_m)
        if rank == 3:
            tile.times_identity(1, "register", "dim0").times_identity(1, "lane", "dim0")
            tile.times_identity(self.warps_per_cta[0], "warp", "dim0")
        return combine_cta_cga_with_shape(tile, self.cga, shape)

    def _operand_layout(self, op_idx: int, k_width: int, shape: list[int]) -> LinearLayout:
        """``k_width`` consecutive K elements per lane, lanes down the non-K dim then
        along K; the whole K extent sits in registers.  All the parent's warps are
        kept: those that step along K fall outside the tensor and become copies."""
        rank = len(shape)
        non_k_index, k_index = (rank - 2, rank - 1) if op_idx == 0 else (rank - 1, rank - 2)
        m, n = self.instr_shape[0], self.instr_shape[1]
        non_k = m if op_idx == 0 else n
        order = dot_operand_order(op_idx, rank, k_contiguous=True)
        dim_k, dim_non_k = f"dim{order[0]}", f"dim{order[1]}"
        tile = (
            LayoutBuilder()
            .times_identity(k_width, "register", dim_k)
            .times_identity(non_k, "lane", dim_non_k)
            .times_identity(WAVE_SIZE // non_k, "lane", dim_k)
        )
        k_tile = WAVE_SIZE // non_k * k_width
        if (m, n, op_idx) in ((64, 4, 0), (4, 64, 1)):
            tile.times_identity(16, "register", dim_k)
            k_tile *= 16
        if shape[k_index] > k_tile:
            tile.times_identity(shape[k_index] // k_tile, "register", dim_k)
        tile.times_identity(self.tiles_per_warp[non_k_index], "register", dim_non_k).transpose_outs([dim_k, dim_non_k])
        if rank == 3:
            tile.times_identity(1, "register", "dim0").times_identity(1, "lane", "dim0")
        warps = LayoutBuilder().times_identity_nd("warp", self.warps_per_cta, matrix_order(rank, row_major=True))
        layout = combine_cta_cga_with_shape(tile.times(warps), self.cga, shape)
        return layout.transpose_outs([f"dim{d}" for d in range(rank)])
