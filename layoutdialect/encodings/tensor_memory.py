"""Blackwell tensor memory (TMEM): where its two encodings put a tile's elements.

TMEM is 128 lanes (rows) of 32-bit columns per CTA.  Triton models a descriptor in it as
a linear layout ``row, col, block -> dim0, dim1`` (Triton's ``toLinearLayout`` for
``TensorMemoryEncodingAttr`` and ``TensorMemoryScalesEncodingAttr``).  A zero ``row``
basis among rows 32 and 64 means the warps' row quarters hold copies; any other zero
basis marks rows or columns that hold nothing (padding, or a tile smaller than a block).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from layoutdialect.encodings.base import EncodingError, check, checked_shape
from layoutdialect.encodings.cga import CGALayout
from layoutdialect.f2 import LinearLayout, ensure_layout_not_larger_than, is_power_of_two

__all__ = [
    "BlockRepOrder",
    "TensorMemoryLayout",
    "TensorMemoryScalesLayout",
    "tensor_memory_linear_layout",
]

_DIMS = ("dim0", "dim1")


def _single_cta() -> CGALayout:
    return CGALayout.single(2)


@dataclass(frozen=True)
class TensorMemoryLayout:
    """How ``#ttng.tensor_memory_encoding`` places a tile in tensor memory: in
    ``block_m x block_n`` blocks, consecutive elements of a row ``col_stride`` element
    widths apart (1: packed; 2 gives each f16 a 32-bit column), over the CTAs of ``cga``;
    ``two_ctas`` for ``cta_group::2`` MMAs, ``fp4_padded`` for e2m1 operands padded to a
    byte each.  Built with Triton's checks and messages."""

    block_m: int
    block_n: int
    col_stride: int
    cga: CGALayout = field(default_factory=_single_cta)
    two_ctas: bool = False
    fp4_padded: bool = False

    def __post_init__(self) -> None:
        if self.two_ctas:
            check(
                bool(self.cga.bases) and self.cga.bases[0] == (1, 0),
                "twoCTAs layout requires the first CGALayout block basis to be [1, 0]",
            )
        check(self.block_m in (64, 128), f"blockM must be 64 or 128 but got {self.block_m}")
        check(is_power_of_two(self.block_n), f"blockN must be a power of 2 but got {self.block_n}")
        check(self.block_n <= 512, f"blockN must be less than or equal to 512 but got {self.block_n}")
        check(self.col_stride in (1, 2, 4), f"colStride must be 1, 2, or 4 but got but got {self.col_stride}")
        check(
            not self.fp4_padded or self.col_stride == 1,
            f"fp4Padded tensor memory layout requires colStride 1 but got {self.col_stride}",
        )


class BlockRepOrder:
    """The spellings of ``blockRepOrder``: how repeated 32x4x4B scale blocks follow each
    other along TMEM columns (non-K dim first, or K first)."""

    MN_THEN_K = "mnThenK"
    K_THEN_MN = "kThenMn"
    ALL = (MN_THEN_K, K_THEN_MN)


@dataclass(frozen=True)
class TensorMemoryScalesLayout:
    """How ``#ttng.tensor_memory_scales_encoding`` places MMA scales: 32x4x4B blocks copied
    over the four warps' 32-row quarters, repeated in ``block_rep_order``, over ``cga``."""

    cga: CGALayout = field(default_factory=_single_cta)
    block_rep_order: str = BlockRepOrder.MN_THEN_K


def tensor_memory_linear_layout(
    layout: TensorMemoryLayout | TensorMemoryScalesLayout, shape: Sequence[int]
) -> LinearLayout:
    """``row, col, block -> dim0, dim1``: which element of a ``shape`` tile each TMEM cell
    holds, bit for bit Triton 3.9's (pass a descriptor's allocation shape, last two dims).

    >>> tmem = tensor_memory_linear_layout(TensorMemoryLayout(64, 128, 1), [64, 128])
    >>> tmem.bases[0]
    ('row', [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0], [16, 0], [32, 0]])

    Row 16 is zero: with ``blockM = 64`` the warps' 32-row quarters use only 16 rows, and
    the 64x128 tile leaves nothing for the other 16.
    """
    dims = checked_shape(shape)
    if len(dims) != 2:
        raise EncodingError(f"a tensor-memory layout is two-dimensional; got the shape {list(dims)}")
    return _linear_layout(layout, dims)


@lru_cache(maxsize=1 << 12)
def _linear_layout(layout: TensorMemoryLayout | TensorMemoryScalesLayout, shape: tuple[int, int]) -> LinearLayout:
    split = layout.cga.split_num
    per_cta = [size // min(size, ways) for size, ways in zip(shape, split)]
    if isinstance(layout, TensorMemoryScalesLayout):
        tile = _scales_tile(layout, per_cta)
    else:
        tile = _accumulator_tile(layout, per_cta)
        reps_m = per_cta[0] // tile.get_out_dim_size("dim0")
        reps_n = per_cta[1] // tile.get_out_dim_size("dim1")
        tile = tile * LinearLayout.identity_1d(reps_m, "col", "dim0") * LinearLayout.identity_1d(reps_n, "col", "dim1")
    return tile * layout.cga.linear_layout


def _accumulator_tile(layout: TensorMemoryLayout, per_cta: Sequence[int]) -> LinearLayout:
    """One ``blockM x blockN`` block (``blockN`` at most the CTA's columns).  With
    ``blockM = 64`` each warp's quarter holds 16 rows; its other 16 hold the next 64 rows,
    else the next ``blockN`` columns, else nothing.  A 64-row two-CTA block puts its top
    column bit on row 16 instead."""
    block_n = min(layout.block_n, per_cta[1])
    columns = LinearLayout.zeros_1d(2 if layout.fp4_padded else 1, "col", "dim1")
    columns *= LinearLayout.identity_1d(block_n, "col", "dim1")
    tile = LinearLayout.zeros_1d(layout.col_stride, "col", "dim1")
    if layout.block_m == 64 and not layout.two_ctas:
        tile *= LinearLayout.identity_1d(16, "row", "dim0") * columns
        if per_cta[0] > layout.block_m:
            spare = [64, 0]
        elif per_cta[1] > block_n:
            spare = [0, block_n]
        else:
            spare = [0, 0]
        bases = dict(tile.bases)
        return LinearLayout.from_bases({"row": [*bases["row"], spare, [16, 0], [32, 0]], "col": bases["col"]}, _DIMS)
    tile *= LinearLayout.identity_1d(layout.block_m, "row", "dim0") * columns
    if layout.block_m == 64:
        bases = dict(tile.bases)
        check(bool(bases["col"]), "a 64-row two-CTA tensor-memory block needs at least two columns")
        moved = {"row": [*bases["row"], bases["col"][-1]], "col": bases["col"][:-1]}
        tile = LinearLayout.from_bases(moved, _DIMS, [size for _, size in tile.out_dims], require_surjective=False)
    return tile


def _scales_tile(layout: TensorMemoryScalesLayout, per_cta: Sequence[int]) -> LinearLayout:
    """32 rows x 4 scales blocks, copied over the four row quarters; two of them side by
    side cover 64 rows x 4.  The rest repeat along the columns in ``blockRepOrder``,
    where a second 64-row piece always comes first; a tile smaller than one block leaves
    cells empty."""
    tile = (
        LinearLayout.identity_1d(32, "row", "dim0")
        * LinearLayout.zeros_1d(4, "row", "dim0")
        * LinearLayout.identity_1d(4, "col", "dim1")
        * LinearLayout.identity_1d(2, "col", "dim0")
    )
    reps_mn = -(-per_cta[0] // tile.get_out_dim_size("dim0"))
    reps_k = -(-per_cta[1] // tile.get_out_dim_size("dim1"))
    if reps_mn > 1:
        tile *= LinearLayout.identity_1d(2, "col", "dim0")
        reps_mn //= 2
    mn, k = LinearLayout.identity_1d(reps_mn, "col", "dim0"), LinearLayout.identity_1d(reps_k, "col", "dim1")
    tile *= k * mn if layout.block_rep_order == BlockRepOrder.K_THEN_MN else mn * k
    tile *= LinearLayout.identity_1d(1, "block", "dim0")
    return ensure_layout_not_larger_than(tile, dict(zip(_DIMS, per_cta)))
