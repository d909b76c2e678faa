"""``#ttg.linear`` and ``#ttg.generic_linear``: a distributed layout given by its F2 bases."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from layoutdialect.encodings.base import DistributedEncoding, check
from layoutdialect.encodings.fields import check_field_types
from layoutdialect.encodings.layout_properties import order_per_dim
from layoutdialect.f2 import LayoutBuilder, LinearLayout, is_power_of_two, standard_out_dim_names

__all__ = ["DISTRIBUTED_IN_DIMS", "GenericLinearEncoding", "LinearEncoding"]

DISTRIBUTED_IN_DIMS = ("register", "lane", "warp", "block")


def _single_dim(basis: Sequence[int]) -> bool:
    return sum(1 for v in basis if v) <= 1


@dataclass(frozen=True)
class _LinearLayoutEncoding(DistributedEncoding):
    """A distributed encoding that is its F2 layout; the counts are its in-dim sizes."""

    layout: LinearLayout

    @property
    def rank(self) -> int:
        return self.layout.num_out_dims

    @property
    def num_lanes(self) -> int:
        return self.layout.get_in_dim_size("lane")

    @property
    def num_warps(self) -> int:
        return self.layout.get_in_dim_size("warp")

    @property
    def num_ctas(self) -> int:
        return self.layout.get_in_dim_size("block")

    @property
    def order(self) -> list[int]:
        """Dims in the order the register bases first move them, then the rest from the last."""
        return order_per_dim(self.layout, "register", list(reversed(range(self.rank))))

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """The stored layout fitted to ``shape`` in register order: it wraps with more
        registers, and shrinks by dropping registers (lanes, warps and CTAs broadcast)."""
        names = standard_out_dim_names(self.rank)
        fitted = dict(zip(names, shape))
        layout = LayoutBuilder.of(self.layout).transpose_outs([names[d] for d in self.order])
        layout.ensure_not_smaller_than(fitted).ensure_not_larger_than(fitted, broadcast_registers=False)
        return layout.transpose_outs(names).build()


@dataclass(frozen=True)
class LinearEncoding(_LinearLayoutEncoding):
    """Each basis moves along at most one dim by a power of two, and without its zero
    (broadcast) bases the layout is a permutation: every element has one home."""

    def __post_init__(self) -> None:
        check_field_types(self)
        check(
            all(_single_dim(b) for _, bases in self.layout.bases for b in bases),
            "In a distributed layout, each base must move in at most one dimension.",
        )
        check(
            all(v == 0 or is_power_of_two(v) for _, bases in self.layout.bases for b in bases for v in b),
            "In a distributed layout, each base must be 0 or a power of two.",
        )
        without_copies = self.layout
        for name in DISTRIBUTED_IN_DIMS:
            without_copies = without_copies.remove_zero_bases_along_dim(name)
        check(without_copies.is_invertible(), "After removing the zero bases the layout must be bijective")


@dataclass(frozen=True)
class GenericLinearEncoding(_LinearLayoutEncoding):
    """Like ``LinearEncoding``, but warp bases may be swizzled (move along several dims)
    and the layout need only reach every element."""

    def __post_init__(self) -> None:
        check_field_types(self)
        check(
            all(_single_dim(b) for name, bases in self.layout.bases if name != "warp" for b in bases),
            "In a generic linear layout, each register, lane and block base must move in at most one dimension.",
        )
