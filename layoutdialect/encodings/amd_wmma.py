"""``#ttg.amd_wmma``: the accumulator of AMD RDNA / gfx1250 WMMA instructions (32-lane waves)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from layoutdialect.encodings.base import DotParentEncoding, EncodingError, check
from layoutdialect.encodings.cga import CGALayout, combine_cta_cga_with_shape
from layoutdialect.encodings.construction import dot_operand_order, matrix_order
from layoutdialect.encodings.fields import check_field_types
from layoutdialect.f2 import LayoutBuilder, LinearLayout, is_permutation_matrix, standard_out_dim_names
from layoutdialect.f2.arguments import checks_arguments

__all__ = ["AmdWmmaEncoding", "wmma_tile"]

WAVE_SIZE = 32
TILE_SIZE = 16
DEFAULT_INSTR_SHAPE = (16, 16, 16)
VALID_INSTR_SHAPES = {
    1: ((16, 16, 16),),
    2: ((16, 16, 16), (16, 16, 32)),
    3: ((16, 16, 4), (16, 16, 32), (16, 16, 64), (16, 16, 128), (32, 16, 64), (32, 16, 128)),
}


@cache
def wmma_tile(version: int, instr_mn: tuple[int, ...], transposed: bool, rank: int) -> LayoutBuilder:
    """One WMMA instruction's accumulator tile; shared, so copy it before growing it.

    The (fast, slow) coordinates below are (N, M), or (M, N) when transposed: v1
    spreads rows 2, 4, 8 over registers and row 1 over the lane halves; v2 and v3
    give lanes 16-31 rows 8-15, and the 32x16 shape stacks two 16x16 tiles in
    registers.
    """
    thread_order = matrix_order(rank, row_major=not transposed)
    if version == 1:
        registers, row_half = [[0, 2], [0, 4], [0, 8]], [0, 1]
    elif instr_mn == (32, 16):
        registers, row_half = [[0, 1], [0, 2], [0, 4], [0, 16]], [0, 8]
    else:
        registers, row_half = [[0, 1], [0, 2], [0, 4]], [0, 8]
    lanes = [[1, 0], [2, 0], [4, 0], [8, 0], row_half]
    tile = LayoutBuilder.from_bases(
        [("register", registers), ("lane", lanes)], [f"dim{thread_order[0]}", f"dim{thread_order[1]}"]
    )
    if rank == 3:
        tile.times_identity(1, "register", "dim0").times_identity(1, "lane", "dim0")
    return tile.transpose_outs(standard_out_dim_names(rank))


@dataclass(frozen=True)
class AmdWmmaEncoding(DotParentEncoding):
    """``ctaLayout`` maps ``register`` and ``warp`` bits to *tile* indices per dim: e.g.
    ``warp = [[0, 1], [1, 0]]`` is warpsPerCTA [2, 2] with warp 1 on the next N tile."""

    version: int
    is_transpose: bool
    cta_register: tuple[tuple[int, ...], ...]
    cta_warp: tuple[tuple[int, ...], ...]
    cga: CGALayout
    instr_shape: tuple[int, ...] = DEFAULT_INSTR_SHAPE

    def __post_init__(self) -> None:
        check_field_types(self)
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

    @property
    def is_generic(self) -> bool:
        """Whether ``ctaLayout`` is not a permutation of tile bits (Triton then treats the
        layout as generic linear: ``isGenericLinearEncoding``)."""
        return not is_permutation_matrix(self.cta_layout().build())

    @checks_arguments(EncodingError)
    def cta_layout(self, without_dim: int | None = None) -> LayoutBuilder:
        """``ctaLayout`` as a layout ``register, warp -> dim0..`` over tile indices;
        ``without_dim`` drops that dim from every basis (it then has size 1)."""
        check(
            without_dim is None or 0 <= without_dim < self.rank,
            f"cta_layout: without_dim must be one of the {self.rank} dims, got {without_dim}",
        )

        def kept(bases: tuple[tuple[int, ...], ...]) -> list[list[int]]:
            return [[0 if d == without_dim else v for d, v in enumerate(basis)] for basis in bases]

        bases = [("register", kept(self.cta_register)), ("warp", kept(self.cta_warp))]
        return LayoutBuilder.from_bases(bases, standard_out_dim_names(self.rank))

    def tile_layout(self) -> LayoutBuilder:
        """One instruction's accumulator tile (see ``wmma_tile``)."""
        return wmma_tile(self.version, tuple(self.instr_shape[:2]), self.is_transpose, self.rank).copy()

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """The instruction tile repeated by ``ctaLayout`` (its bases count whole tiles)."""
        layout = self.tile_layout().times(self.cta_layout())
        layout.transpose_outs([f"dim{d}" for d in matrix_order(self.rank, row_major=True)])
        return combine_cta_cga_with_shape(layout, self.cga, shape)

    @checks_arguments(EncodingError)
    def operand_nonk_dim(self, op_idx: int) -> int:
        """The operand's non-K extent per instruction: M for A and N for B, swapped
        for a transposed WMMA whose M and N differ."""
        check(op_idx in (0, 1), f"operand_nonk_dim: op_idx must be 0 or 1, got {op_idx}")
        m, n = self.instr_shape[0], self.instr_shape[1]
        effective = 1 - op_idx if self.is_transpose and m != n else op_idx
        return m if effective == 0 else n

    def _operand_layout(self, op_idx: int, k_width: int, shape: list[int]) -> LinearLayout:
        """``k_width`` K elements per register group, 16 lanes down the non-K dim and two
        lane groups along K (v1: both groups hold the same K, a copy); the ``ctaLayout``
        repeats only along the non-K dim."""
        rank = len(shape)
        order = dot_operand_order(op_idx, rank, k_contiguous=True)
        dim_k, dim_non_k = f"dim{order[0]}", f"dim{order[1]}"
        depth = WAVE_SIZE // TILE_SIZE
        tile = LayoutBuilder().times_identity(k_width, "register", dim_k).times_identity(TILE_SIZE, "lane", dim_non_k)
        if self.version == 1:
            tile.times_zeros(depth, "lane", dim_k)
        else:
            tile.times_identity(depth, "lane", dim_k)
        tile.times_identity(self.instr_shape[2] // (depth * k_width), "register", dim_k)
        non_k_repeat = self.operand_nonk_dim(op_idx) // TILE_SIZE
        if non_k_repeat > 1:
            tile.times_identity(non_k_repeat, "register", dim_non_k)
        k_dim = order[0]
        repeats = self.cta_layout(without_dim=k_dim).remove_zero_bases("register")
        tile.times(repeats).transpose_outs([f"dim{d}" for d in order])
        return combine_cta_cga_with_shape(tile, self.cga.without_dim(k_dim), shape)
