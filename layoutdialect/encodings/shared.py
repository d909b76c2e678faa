"""Shared-memory encodings: where each element of a tile lives in a CTA's shared memory."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from layoutdialect.encodings.base import SharedEncoding, check, check_order, is_power_of_two
from layoutdialect.encodings.cga import CGALayout
from layoutdialect.f2 import LinearLayout, identity_standard_nd, standard_out_dim_names

__all__ = [
    "SHARED_IN_DIMS",
    "AMDRotatingSharedEncoding",
    "NVMMASharedEncoding",
    "PaddedSharedEncoding",
    "PartitionedSharedEncoding",
    "SharedLinearEncoding",
    "SwizzledSharedEncoding",
]

SHARED_IN_DIMS = ("offset", "block")


def _check_standard_shared_layout(layout: LinearLayout, what: str) -> None:
    check(layout.get_in_dim_names() == list(SHARED_IN_DIMS), f"{what} must have [offset, block] as input dims")
    check(
        layout.get_out_dim_names() == standard_out_dim_names(layout.num_out_dims),
        "Expected output dimensions to be ['dim0', 'dim1', ...].",
    )


@dataclass(frozen=True)
class _PhasedSharedEncoding(SharedEncoding):
    """Rows of ``vec``-element vectors whose position is XOR-ed with a per-row phase."""

    vec: int
    per_phase: int
    max_phase: int
    order: tuple[int, ...]
    cga: CGALayout

    def __post_init__(self) -> None:
        check(
            len(self.order) == self.cga.rank,
            f"order size ({len(self.order)}) must match CGALayout rank ({self.cga.rank})",
        )
        check_order(self.order)

    @property
    def rank(self) -> int:
        return len(self.order)


@dataclass(frozen=True)
class SwizzledSharedEncoding(_PhasedSharedEncoding):
    """``#ttg.swizzled_shared``: in 2-D, element ``(r, c)`` sits at column
    ``((c / vec) ^ ((r / perPhase) % maxPhase)) * vec + c % vec`` of row ``r``."""


@dataclass(frozen=True)
class AMDRotatingSharedEncoding(_PhasedSharedEncoding):
    """``#ttg.amd_rotating_shared``: as swizzled, with the phase of row ``r`` rotated by
    ``(r / (perPhase * maxPhase)) % maxPhase``."""


@dataclass(frozen=True)
class NVMMASharedEncoding(SharedEncoding):
    """``#ttg.nvmma_shared``: the TMA / wgmma / tcgen05 layout, 128-byte rows swizzled in
    16-byte chunks.  ``transposed`` makes dim0 the contiguous dim."""

    swizzling_byte_width: int
    transposed: bool
    element_bit_width: int
    cga: CGALayout
    fp4_padded: bool = False

    def __post_init__(self) -> None:
        check(self.element_bit_width != 0, "elementBitWidth must be non-zero")
        check(self.swizzling_byte_width in (0, 32, 64, 128), "swizzlingByteWidth must be 0, 32, 64, or 128")

    @property
    def rank(self) -> int:
        return self.cga.rank


@dataclass(frozen=True)
class SharedLinearEncoding(SharedEncoding):
    """``#ttg.shared_linear``: ``offset, block -> dim0..`` given by its bases; ``alignment``
    is the buffer's alignment in bytes."""

    layout: LinearLayout
    alignment: int

    def __post_init__(self) -> None:
        check(is_power_of_two(self.alignment), "alignment must be a positive power of two")
        _check_standard_shared_layout(self.layout, "SharedLinearEncodingAttr")
        check(self.layout.is_surjective(), "The layout must be surjective")
        without_copies = self.layout.remove_zero_bases_along_dim("offset").remove_zero_bases_along_dim("block")
        check(without_copies.is_invertible(), "After removing the zero bases the layout must be bijective")

    @property
    def rank(self) -> int:
        return self.layout.num_out_dims


@dataclass(frozen=True)
class PaddedSharedEncoding(SharedEncoding):
    """``#ttg.padded_shared``: a linear placement of whole rows or chunks, plus
    ``padding[k]`` elements inserted after every ``interval[k]`` elements."""

    intervals: tuple[int, ...]
    paddings: tuple[int, ...]
    linear_component: LinearLayout

    def __post_init__(self) -> None:
        check(
            len(self.intervals) == len(self.paddings),
            f"intervals size ({len(self.intervals)}) must match paddings size ({len(self.paddings)})",
        )
        check(bool(self.intervals), "must have at least one interval-padding pair")
        check(all(is_power_of_two(v) for v in self.intervals), "interval values must all be power of two")
        check(all(is_power_of_two(v) for v in self.paddings), "padding values must all be power of two")
        check(len(set(self.intervals)) == len(self.intervals), "interval values cannot have duplicates")
        _check_standard_shared_layout(self.linear_component, "linearComponent")
        check(self.linear_component.is_invertible(), "Broadcasting is not supported.")
        for _, bases in self.linear_component.bases:
            check(
                all(sum(1 for v in b if v) <= 1 for b in bases), "Each offset basis must move in at most one dimension."
            )
            check(
                all(v == 0 or is_power_of_two(v) for b in bases for v in b),
                "Each offset basis must be 0 or a power of two.",
            )

    @classmethod
    def from_order(
        cls, intervals: Sequence[int], paddings: Sequence[int], order: Sequence[int], shape: Sequence[int]
    ) -> PaddedSharedEncoding:
        """The short form ``{order = [..], shape = [..]}``: rows laid out ``order`` first, one CTA."""
        check(len(order) == len(shape), "Mismatch of shape and order ranks in padded layout")
        check_order(order)
        offsets = identity_standard_nd("offset", shape, order).transpose_outs(standard_out_dim_names(len(shape)))
        component = offsets * LinearLayout.from_bases([("block", [])], offsets.get_out_dim_names())
        return cls(tuple(intervals), tuple(paddings), component)

    @property
    def order(self) -> tuple[int, ...]:
        """Dims in the order the offset bases first move them, then the rest from the last."""
        order: list[int] = []
        for basis in self.linear_component.bases[0][1]:
            dim = next((d for d, v in enumerate(basis) if v), None)
            if dim is not None and dim not in order:
                order.append(dim)
        return tuple(order + [d for d in reversed(range(self.rank)) if d not in order])

    @property
    def is_order_form(self) -> bool:
        """Whether the short ``{order, shape}`` form describes this encoding exactly."""
        shape = [size for _, size in self.linear_component.out_dims]
        return self == PaddedSharedEncoding.from_order(self.intervals, self.paddings, self.order, shape)

    @property
    def rank(self) -> int:
        return self.linear_component.num_out_dims


@dataclass(frozen=True)
class PartitionedSharedEncoding(SharedEncoding):
    """``#ttg.partitioned_shared``: the tensor split along ``partition_dim`` into
    ``num_partitions * num_groups`` pieces kept in ``num_partitions`` buffers."""

    num_partitions: int
    num_groups: int
    partition_dim: int
    partition_layout: SharedEncoding

    def __post_init__(self) -> None:
        check(
            is_power_of_two(self.num_partitions) and self.num_partitions >= 2,
            "numPartitions must be a power of two, at least 2",
        )
        check(self.num_groups >= 1, "numGroups must be positive")
        check(
            0 <= self.partition_dim < self.partition_layout.rank,
            f"partitionDim must be less than the rank ({self.partition_layout.rank}) of partitionLayout",
        )
        check(
            not isinstance(self.partition_layout, PartitionedSharedEncoding),
            "partitionLayout must not itself be partitioned",
        )

    @property
    def rank(self) -> int:
        return self.partition_layout.rank
