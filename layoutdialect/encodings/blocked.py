"""``#ttg.blocked``: each thread holds a small block, threads and warps tile the rest."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from layoutdialect.encodings.base import (
    DotParentEncoding,
    EncodingError,
    WarpGridEncoding,
    check,
    check_order,
    check_powers_of_two,
)
from layoutdialect.encodings.cga import CGALayout, combine_cta_cga_with_shape
from layoutdialect.encodings.construction import shape_per_cta, times_broadcast_along
from layoutdialect.encodings.fields import check_field_types
from layoutdialect.f2 import LayoutBuilder, LinearLayout
from layoutdialect.f2.arguments import checks_arguments

__all__ = ["BlockedEncoding", "default_blocked_encoding"]


@dataclass(frozen=True)
class BlockedEncoding(WarpGridEncoding, DotParentEncoding):
    """``sizePerThread`` elements per thread, ``threadsPerWarp`` and ``warpsPerCTA`` per
    dim, ``order`` listing the dims fastest first; all arrays have the tensor's rank."""

    size_per_thread: tuple[int, ...]
    threads_per_warp: tuple[int, ...]
    warps_per_cta: tuple[int, ...]
    order: tuple[int, ...]
    cga: CGALayout

    def __post_init__(self) -> None:
        check_field_types(self)
        arrays = (self.size_per_thread, self.threads_per_warp, self.warps_per_cta, self.order)
        check(
            len({len(a) for a in arrays}) == 1,
            "sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.",
        )
        check_powers_of_two(self.size_per_thread, "sizePerThread")
        check_powers_of_two(self.threads_per_warp, "threadsPerWarp")
        check_powers_of_two(self.warps_per_cta, "warpsPerCTA")
        check(self.cga.rank == len(self.order), "BlockedEncodingAttr and CGALayout's fields must have the same rank.")
        check_order(self.order)

    @classmethod
    @checks_arguments(EncodingError)
    def fitted_to(
        cls,
        shape: Sequence[int],
        size_per_thread: Sequence[int],
        order: Sequence[int],
        num_warps: int,
        num_lanes: int,
        cga: CGALayout,
    ) -> BlockedEncoding:
        """Triton's ``BlockedEncodingAttr::get(shape, sizePerThread, order, ...)``: lanes
        and then warps go to the dims fastest first, each dim taking as many as its
        share of ``shape`` (per CTA, over ``size_per_thread``) can use; the slowest dim
        takes whatever is left.

        >>> BlockedEncoding.fitted_to([16, 64], [1, 4], [1, 0], 4, 32, CGALayout.single(2)).threads_per_warp
        (2, 16)
        """
        rank = len(size_per_thread)
        check(
            len(shape) == rank == len(order) == cga.rank,
            f"fitted_to: shape {list(shape)}, size_per_thread {list(size_per_thread)}, order {list(order)} and the "
            f"CGA layout must have one rank",
        )
        check_order(order)
        check_powers_of_two([*shape, *size_per_thread, num_warps, num_lanes], "fitted_to's sizes")
        threads, warps = [1] * rank, [1] * rank
        per_cta = shape_per_cta(cga.split_num, shape)
        lanes_left, warps_left, threads_left = num_lanes, num_warps, num_warps * num_lanes
        for dim in order[:-1]:
            wanted = min(max(threads_left, 1), max(1, per_cta[dim] // size_per_thread[dim]))
            threads[dim] = min(max(wanted, 1), lanes_left)
            warps[dim] = min(max(wanted // threads[dim], 1), warps_left)
            lanes_left //= threads[dim]
            warps_left //= warps[dim]
            threads_left //= threads[dim] * warps[dim]
        threads[order[-1]] = num_lanes // prod(threads[d] for d in order[:-1])
        warps[order[-1]] = num_warps // prod(warps[d] for d in order[:-1])
        return cls(tuple(size_per_thread), tuple(threads), tuple(warps), tuple(order), cga)

    @property
    def num_lanes(self) -> int:
        return prod(self.threads_per_warp)

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """Registers, then lanes, then warps tile the CTA, each ``order`` first; the
        tile then wraps or broadcasts to ``shape`` and the CGA adds ``block`` bases.
        Registers past a smaller ``shape`` are dropped, lanes and warps zeroed:

        >>> blocked = BlockedEncoding((1, 64), (32, 1), (4, 1), (0, 1), CGALayout.single(2))
        >>> blocked.to_linear_layout([256, 1]).bases[0]
        ('register', [[128, 0]])
        """
        cta = (
            LayoutBuilder()
            .times_identity_nd("register", self.size_per_thread, self.order)
            .times_identity_nd("lane", self.threads_per_warp, self.order)
            .times_identity_nd("warp", self.warps_per_cta, self.order)
        )
        return combine_cta_cga_with_shape(cta, self.cga, shape, broadcast_registers=False)

    def _operand_layout(self, op_idx: int, k_width: int, shape: list[int]) -> LinearLayout:
        """The FMA dot's operand: each thread holds the whole K extent of its rows
        (columns for B), and the lanes and warps along K hold copies."""
        k_dim = len(shape) - 1 if op_idx == 0 else len(shape) - 2
        thread_size = list(self.size_per_thread)
        thread_size[k_dim] = shape[k_dim]
        cta = LayoutBuilder().times_identity_nd("register", thread_size, self.order)
        times_broadcast_along(cta, "lane", self.threads_per_warp, self.order, k_dim)
        times_broadcast_along(cta, "warp", self.warps_per_cta, self.order, k_dim)
        return combine_cta_cga_with_shape(cta, self.cga.without_dim(k_dim), shape)


def default_blocked_encoding(shape: Sequence[int], num_warps: int, num_lanes: int, num_ctas: int) -> BlockedEncoding:
    """Triton's ``getDefaultBlockedEncoding``: one element per thread, the last dim
    fastest, lanes, warps and CTAs spread over the dims from the fastest (CTAs from the
    slowest) as far as each dim's size allows; the slowest dim takes what is left.

    >>> default_blocked_encoding([4, 64], 4, 32, 1).threads_per_warp
    (1, 32)
    """
    rank = len(shape)
    order = list(reversed(range(rank)))
    ctas, ctas_left = [1] * rank, num_ctas
    for dim in reversed(order):
        ctas[dim] = min(max(ctas_left, 1), max(1, shape[dim]))
        ctas_left //= ctas[dim]
    split = list(ctas)
    ctas[rank - 1] *= ctas_left
    cga = CGALayout.from_split_params(ctas, split, order)
    return BlockedEncoding.fitted_to(shape, [1] * rank, order, num_warps, num_lanes, cga)
