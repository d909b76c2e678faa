"""``#ttg.slice``: the parent layout with one dim removed, as after a reduction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from layoutdialect.encodings.base import DerivedEncoding, DistributedEncoding, EncodingError, check
from layoutdialect.encodings.fields import check_field_types
from layoutdialect.encodings.to_linear import to_linear_layout
from layoutdialect.f2 import LinearLayout, standard_out_dim_names
from layoutdialect.f2.arguments import checks_arguments

__all__ = ["SliceEncoding"]


@dataclass(frozen=True)
class SliceEncoding(DerivedEncoding):
    """``parent`` with dim ``dim`` squeezed out; the threads that held it now hold copies."""

    dim: int
    parent: DistributedEncoding

    def __post_init__(self) -> None:
        check_field_types(self)
        rank = self.parent.rank
        check(rank > 1, "parent layout must have at least rank >= 2")
        check(0 <= self.dim < rank, f"slice dim={self.dim} must be less than the parent rank={rank}")

    @property
    def rank(self) -> int:
        return self.parent.rank - 1

    @checks_arguments(EncodingError)
    def parent_shape(self, shape: Sequence[int]) -> list[int]:
        """The parent tensor's shape: ``shape`` with the sliced dim put back as 1."""
        check(len(shape) == self.rank, f"parent_shape: shape must have rank {self.rank}, got {list(shape)}")
        return [*shape[: self.dim], 1, *shape[self.dim :]]

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """The parent's layout with dim ``dim`` of size 1, that dim removed; registers
        that only moved along it go away, lanes, warps and CTAs along it stay as copies."""
        parent = to_linear_layout(self.parent, self.parent_shape(shape)).squeeze_outs(f"dim{self.dim}")
        return parent.rename_out_dims(standard_out_dim_names(len(shape))).remove_zero_bases_along_dim("register")
