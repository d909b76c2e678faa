"""Pieces several encodings build their layouts from (Triton's ``LayoutUtils`` and the
helpers of ``LinearLayoutConversions.cpp``)."""

from __future__ import annotations

from collections.abc import Sequence

from layoutdialect.f2 import LayoutBuilder, standard_out_dim_names

__all__ = [
    "dot_operand_order",
    "matrix_order",
    "powers_of_two_below",
    "reshape_row_major",
    "shape_per_cta",
    "times_broadcast_along",
    "transpose_components",
]


def matrix_order(rank: int, row_major: bool) -> list[int]:
    """Dims fastest first for a batch of matrices ``[*batch, M, N]``: N first when row-major.

    >>> matrix_order(3, row_major=True), matrix_order(3, row_major=False)
    ([2, 1, 0], [1, 2, 0])
    """
    order = list(reversed(range(rank)))
    if rank >= 2 and not row_major:
        order[0], order[1] = order[1], order[0]
    return order


def dot_operand_order(op_idx: int, rank: int, k_contiguous: bool) -> list[int]:
    """Order of operand A ``[*batch, M, K]`` (``op_idx`` 0) or B ``[*batch, K, N]``; with
    ``k_contiguous`` the K dim comes first."""
    return matrix_order(rank, row_major=(op_idx == 1) != k_contiguous)


def times_broadcast_along(
    layout: LayoutBuilder, in_dim: str, sizes: Sequence[int], order: Sequence[int], k_dim: int
) -> LayoutBuilder:
    """``layout *= `` ``sizes`` of ``in_dim`` laid out ``order`` first, except that those
    along ``k_dim`` hold copies: the warps (or lanes) a dot operand repeats along K
    (Triton's ``broadcastedDotOperandLayout``)."""
    for d in order:
        grow = layout.times_zeros if d == k_dim else layout.times_identity
        grow(sizes[d], in_dim, f"dim{d}")
    return layout


def shape_per_cta(split: Sequence[int], shape: Sequence[int]) -> list[int]:
    """Each CTA's share of ``shape`` when dim ``d`` is split ``split[d]`` ways; a split
    shorter than the shape is padded with leading 1s, a longer one loses its leading
    entries, and a split larger than the dim gives every CTA the whole dim."""
    ways = [1] * (len(shape) - len(split)) + list(split[max(0, len(split) - len(shape)) :])
    return [size // min(size, n) for size, n in zip(shape, ways)]


def powers_of_two_below(size: int) -> list[int]:
    """``[1, 2, 4, ...]`` up to but excluding ``size``: one basis per bit of an index."""
    return [1 << bit for bit in range(size.bit_length() - 1)]


def reshape_row_major(layout: LayoutBuilder, shape: Sequence[int]) -> LayoutBuilder:
    """``layout`` over ``dim0..`` re-read as a tensor of ``shape``, the last dim fastest
    (Triton's ``reshapeLayout``)."""
    layout.transpose_outs(list(reversed(layout.get_out_dim_names())))
    names = standard_out_dim_names(len(shape))
    layout.reshape_outs(list(reversed(list(zip(names, shape)))))
    return layout.transpose_outs(names)


def transpose_components(layout: LayoutBuilder, order: Sequence[int]) -> LayoutBuilder:
    """Component ``j`` of every basis becomes the old component ``order[j]``; the out-dims
    keep their names and order (Triton's ``transposeLinearLayout``)."""
    names = layout.get_out_dim_names()
    layout.rename_outs({names[source]: names[j] for j, source in enumerate(order)})
    return layout.transpose_outs(names)
