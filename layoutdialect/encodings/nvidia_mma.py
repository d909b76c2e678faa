"""``#ttg.nvidia_mma``: the accumulator of ``mma.sync`` (v2, Ampere/Turing) and ``wgmma`` (v3, Hopper)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from layoutdialect.encodings.base import (
    DotParentEncoding,
    EncodingError,
    WarpGridEncoding,
    check,
    check_powers_of_two,
)
from layoutdialect.encodings.cga import CGALayout, combine_cta_cga_with_shape
from layoutdialect.encodings.construction import dot_operand_order, matrix_order, times_broadcast_along
from layoutdialect.encodings.fields import check_field_types
from layoutdialect.f2 import LayoutBuilder, LinearLayout

__all__ = ["NvidiaMmaEncoding", "nvidia_mma_tile"]


def nvidia_mma_tile(
    tile_shape: Sequence[int], k_width: int, order: Sequence[int], rep_order: Sequence[int]
) -> LayoutBuilder:
    """One warp's ``mma.sync`` fragment: ``k_width`` registers then 4 lanes along the fast
    dim ``order[0]``, 8 lanes down the slow dim, then registers repeat the 8-row block
    down and the whole group across.  Out-dims come in ``rep_order``, the order in
    which the tile later wraps.

    For the m16n8 accumulator (``k_width`` 2) thread ``t`` holds ``(t/4 + 8i, 2(t%4) + j)``:

    >>> nvidia_mma_tile([16, 8], 2, [1, 0], [1, 0]).transpose_outs(["dim0", "dim1"]).build().bases
    [('register', [[0, 1], [8, 0]]), ('lane', [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]])]
    """
    inner, outer = order[0], order[1]
    rows, cols = tile_shape[outer], tile_shape[inner]
    if rows % 8 or cols % (4 * k_width):
        raise EncodingError(f"an MMA tile of {rows}x{cols} does not hold 8 rows and 4 lanes of {k_width} elements")
    fast, slow = f"dim{inner}", f"dim{outer}"
    return (
        LayoutBuilder()
        .times_identity_nd("register", [1] * len(rep_order), rep_order)
        .times_identity(k_width, "register", fast)
        .times_identity(4, "lane", fast)
        .times_identity(8, "lane", slow)
        .times_identity(rows // 8, "register", slow)
        .times_identity(cols // (4 * k_width), "register", fast)
    )


@dataclass(frozen=True)
class NvidiaMmaEncoding(WarpGridEncoding, DotParentEncoding):
    """``versionMajor`` 2 or 3; ``instrShape`` is ``[16, 8]`` (or ``[1, 16, 8]``, fp64 ``[8, 8]``)
    for v2 and ``[16, N, K]`` for v3."""

    version_major: int
    version_minor: int
    warps_per_cta: tuple[int, ...]
    cga: CGALayout
    instr_shape: tuple[int, ...]

    def __post_init__(self) -> None:
        check_field_types(self)
        check(self.version_major != 1, "Volta (versionMajor = 1) is deprecated and no longer supported")
        check(self.version_major in (2, 3), f"versionMajor must be 2 (Ampere) or 3 (Hopper), got {self.version_major}")
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

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """The fragment of 16x8 tiles (kWidth 2); Ampere warps go along N first, Hopper
        warps along M; wrapping grows N before M."""
        rank = len(shape)
        check(self.is_ampere or rank == 2, "a Hopper (versionMajor = 3) MMA layout is 2-D")
        tile_shape = self.instr_shape if self.is_ampere else self.instr_shape[:2]
        order = matrix_order(rank, row_major=True)
        cta = nvidia_mma_tile(tile_shape, 2, order, order)
        cta.times_identity_nd("warp", self.warps_per_cta, matrix_order(rank, row_major=not self.is_hopper))
        return combine_cta_cga_with_shape(cta, self.cga, shape)

    def _operand_layout(self, op_idx: int, k_width: int, shape: list[int]) -> LinearLayout:
        """A (``[M, K]`` tiles of 16 x 8·kWidth) or B (``[K, N]``, Ampere only): ``k_width``
        consecutive K elements per register group; warps along K hold copies.  fp64
        (``instrShape [8, 8]``) tiles are 8 x 4·kWidth."""
        rank = len(shape)
        rows = self.instr_shape[rank - 2]
        k_tile = k_width * (4 if rows == 8 else 8)
        tile_shape = [1] * rank
        if op_idx == 0:
            tile_shape[rank - 2], tile_shape[rank - 1] = rows, k_tile
        else:
            check(self.is_ampere, "a Hopper MMA takes operand B from shared memory, not registers")
            tile_shape[rank - 2], tile_shape[rank - 1] = k_tile, 8
        order = dot_operand_order(op_idx, rank, k_contiguous=True)
        cta = nvidia_mma_tile(tile_shape, k_width, order, order)
        k_dim = rank - 1 if op_idx == 0 else rank - 2
        warp_order = matrix_order(rank, row_major=not self.is_hopper)
        times_broadcast_along(cta, "warp", self.warps_per_cta, warp_order, k_dim)
        return combine_cta_cga_with_shape(cta, self.cga.without_dim(k_dim), shape)
