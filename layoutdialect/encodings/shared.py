"""Shared-memory encodings: where each element of a tile lives in a CTA's shared memory."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import prod

from layoutdialect.encodings.base import EncodingError, SharedEncoding, check, check_order
from layoutdialect.encodings.cga import CGALayout, combine_cta_cga_with_shape
from layoutdialect.encodings.construction import (
    powers_of_two_below,
    reshape_row_major,
    shape_per_cta,
    transpose_components,
)
from layoutdialect.encodings.fields import check_field_types
from layoutdialect.encodings.to_linear import to_linear_layout
from layoutdialect.f2 import LayoutBuilder, LinearLayout, identity_standard_nd, is_power_of_two, standard_out_dim_names
from layoutdialect.f2.arguments import checks_arguments

__all__ = [
    "SHARED_IN_DIMS",
    "AMDRotatingSharedEncoding",
    "NVMMASharedEncoding",
    "PaddedSharedEncoding",
    "PartitionedSharedEncoding",
    "SharedLinearEncoding",
    "SwizzledSharedEncoding",
    "nvmma_core_matrix",
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
        check_field_types(self)
        check(
            len(self.order) == self.cga.rank,
            f"order size ({len(self.order)}) must match CGALayout rank ({self.cga.rank})",
        )
        check_order(self.order)

    @property
    def rank(self) -> int:
        return len(self.order)

    @property
    def alignment(self) -> int:
        return 16

    @checks_arguments(EncodingError)
    def phase(self, row: int) -> int:
        """The XOR applied to the ``vec``-chunk index of row ``row``."""
        check(row >= 0, f"phase: row must be at least 0, got {row}")
        self._check_phases()
        return self._phase(row)

    def _check_phases(self) -> None:
        """``EncodingError`` unless ``perPhase`` and ``maxPhase`` are positive: Triton 3.9
        reads and verifies a zero, then divides by it when it lays the encoding out."""
        for name, value in (("perPhase", self.per_phase), ("maxPhase", self.max_phase)):
            check(
                value >= 1,
                f"{name} = {value} gives no layout: the phase (row / perPhase) % maxPhase divides by it "
                "(Triton 3.9 reads it and then divides by zero)",
            )

    def _phase(self, row: int) -> int:
        raise NotImplementedError

    @checks_arguments(EncodingError)
    def swizzled_extent(self, shape: list[int], per_cta: list[int]) -> list[int]:
        """The extent the swizzle pattern is laid over."""
        check(
            len(shape) == len(per_cta) == self.rank,
            f"swizzled_extent: shape {list(shape)} and per_cta {list(per_cta)} must have rank {self.rank}",
        )
        return self._swizzled_extent(list(shape), list(per_cta))

    def _swizzled_extent(self, shape: list[int], per_cta: list[int]) -> list[int]:
        raise NotImplementedError

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """Offsets run along the row ``order[0]`` first; row ``r``'s offsets are XOR-ed by
        ``vec * phase(r)``; further dims follow in ``order``.

        >>> shared = SwizzledSharedEncoding(2, 1, 4, (1, 0), CGALayout.single(2))
        >>> shared.to_linear_layout([8, 8]).bases
        [('offset', [[0, 1], [0, 2], [0, 4], [1, 2], [2, 4], [4, 0]]), ('block', [])]
        """
        per_cta = shape_per_cta(self.cga.split_num, shape)
        if len(shape) == 1:
            tile = LayoutBuilder().times_identity(per_cta[0], "offset", "dim0")
            return combine_cta_cga_with_shape(tile, self.cga, shape)
        self._check_phases()
        extent = self._swizzled_extent(shape, per_cta)
        col, row = self.order[0], self.order[1]
        cols, rows = extent[col], extent[row]
        bases = [[0, c] for c in powers_of_two_below(cols)]
        bases += [[r, self.vec * self._phase(r) % cols] for r in powers_of_two_below(rows)]
        tile = LayoutBuilder.from_bases([("offset", bases)], [f"dim{row}", f"dim{col}"])
        for d in self.order[2:]:
            tile.times_identity(extent[d], "offset", f"dim{d}")
        return combine_cta_cga_with_shape(tile, self.cga, shape)


@dataclass(frozen=True)
class SwizzledSharedEncoding(_PhasedSharedEncoding):
    """``#ttg.swizzled_shared``: in 2-D, element ``(r, c)`` sits at column
    ``((c / vec) ^ ((r / perPhase) % maxPhase)) * vec + c % vec`` of row ``r``."""

    def _phase(self, row: int) -> int:
        return (row // self.per_phase) % self.max_phase

    def _swizzled_extent(self, shape: list[int], per_cta: list[int]) -> list[int]:
        """One CTA's share of the tensor."""
        return per_cta


@dataclass(frozen=True)
class AMDRotatingSharedEncoding(_PhasedSharedEncoding):
    """``#ttg.amd_rotating_shared``: as swizzled, with the phase of row ``r`` rotated by
    ``(r / (perPhase * maxPhase)) % maxPhase``."""

    def _phase(self, row: int) -> int:
        """The swizzled phase, rotated every ``per_phase * max_phase`` rows."""
        block = (row // self.max_phase // self.per_phase) % self.max_phase
        return ((row // self.per_phase) % self.max_phase) ^ block

    def _swizzled_extent(self, shape: list[int], per_cta: list[int]) -> list[int]:
        """The whole tensor, not one CTA's share: Triton's rotating layout ignores the split."""
        return shape


@cache
def nvmma_core_matrix(cols: int, vec: int, per_phase: int, max_phase: int, fp4_padded: bool) -> LayoutBuilder:
    """One nvmma swizzle atom over ``(row, col)``, 8 rows of ``cols`` elements; shared, so
    copy it before growing it.

    Row ``r`` is XOR-ed by ``vec * ((r / perPhase) % maxPhase)``.  With ``fp4Padded``
    each 16 byte columns hold 8 real bytes and 8 of padding, which map onto the real ones.
    """

    def packed(col: int) -> int:
        return col // 16 * 8 + col % 8 if fp4_padded else col

    bases = [[0, packed(c)] for c in powers_of_two_below(cols)]
    bases += [[r, packed(vec * ((r // per_phase) % max_phase))] for r in (1, 2, 4)]
    return LayoutBuilder.from_bases([("offset", bases)], ["dim0", "dim1"])


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
        check_field_types(self)
        check(self.element_bit_width != 0, "elementBitWidth must be non-zero")
        check(self.swizzling_byte_width in (0, 32, 64, 128), "swizzlingByteWidth must be 0, 32, 64, or 128")

    @property
    def rank(self) -> int:
        return self.cga.rank

    def _accepts_rank(self, rank: int) -> bool:
        """Leading dims beyond the encoding's rank (buffers of a pipeline) are allowed."""
        return rank >= self.rank

    @property
    def vec(self) -> int:
        """Elements per 16-byte chunk, the unit the swizzle moves."""
        return 128 // self.element_bit_width

    @property
    def per_phase(self) -> int:
        """Rows that share one phase."""
        return 128 // self.swizzling_byte_width if self.swizzling_byte_width else 1

    @property
    def max_phase(self) -> int:
        """Distinct phases: 16-byte chunks per swizzled row."""
        return self.swizzling_byte_width // 16 if self.swizzling_byte_width else 1

    @property
    def alignment(self) -> int:
        return 128 * self.max_phase

    def core_matrix(self) -> LayoutBuilder:
        """One swizzle atom (see ``nvmma_core_matrix``)."""
        cols = 8 * max(16, self.swizzling_byte_width) // self.element_bit_width
        return nvmma_core_matrix(cols, self.vec, self.per_phase, self.max_phase, self.fp4_padded).copy()

    @checks_arguments(EncodingError)
    def tma_block_shape(self, per_cta: list[int]) -> list[int]:
        """The TMA box (in packed elements): at most 256 per dim, and along the contiguous
        dim exactly one swizzle row."""
        check(
            self._accepts_rank(len(per_cta)) and all(size > 0 for size in per_cta),
            f"tma_block_shape: per_cta must be positive sizes of a rank {self.rank} tensor, got {list(per_cta)}",
        )
        return self._tma_block_shape(list(per_cta))

    def _tma_block_shape(self, per_cta: list[int]) -> list[int]:
        box = list(per_cta)
        contiguous = 0 if self.transposed else len(box) - 1
        if self.fp4_padded:
            box[contiguous] *= 2
        box = [min(size, 256) for size in box]
        if self.swizzling_byte_width:
            row = 8 * self.swizzling_byte_width // self.element_bit_width
            if box[contiguous] < row:
                raise EncodingError(
                    f"block shape along the contiguous dimension {contiguous} is too small for the swizzle byte "
                    f"size {self.swizzling_byte_width} in NVMMA Shared Layout"
                )
            box[contiguous] = row
        if self.fp4_padded:
            box[contiguous] //= 2
        return box

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """Swizzle atoms fill one TMA box, rows first; boxes then repeat dim0 first.
        Unswizzled, a box is row-major (column-major when transposed) and boxes repeat
        the last dim first, as the box's out-dims are built last dim first.

        >>> shared = NVMMASharedEncoding(128, False, 16, CGALayout.single(2))
        >>> shared.to_linear_layout([16, 64]).bases[0][1][6:]
        [[1, 8], [2, 16], [4, 32], [8, 0]]
        """
        rank = len(shape)
        cga = self.cga.with_rank(rank)
        per_cta = shape_per_cta(cga.split_num, shape)
        box = self._tma_block_shape(per_cta)
        names = standard_out_dim_names(rank)
        box_shape = box[1:] + box[:1] if self.transposed else box
        if not self.swizzling_byte_width:
            tile = LayoutBuilder()
            for d in reversed(range(rank)):
                tile.times_identity(box_shape[d], "offset", names[d])
            if self.transposed:
                transpose_components(tile, [rank - 1, *range(rank - 1)])
            tile.ensure_not_smaller_than(dict(zip(names, per_cta)))
            return combine_cta_cga_with_shape(tile, cga, shape)
        check(rank >= 2, "a swizzled nvmma_shared layout needs at least 2 dims")
        collapsed = {"dim0": prod(box[:-1]), "dim1": box[-1]}
        if self.transposed:
            collapsed = {"dim0": box[-1], "dim1": prod(box[:-1])}
        atom = self.core_matrix()
        packing = 2 if self.fp4_padded else 1
        rows, cols = atom.get_out_dim_size("dim0"), atom.get_out_dim_size("dim1")
        if collapsed["dim1"] * packing < cols or collapsed["dim0"] < rows:
            raise EncodingError(
                f"Illegal shared layout; expected collapsed shapePerCTA to be at least [{rows}, {cols // packing}], "
                f"collapsedTmaShape: [{collapsed['dim0']}, {collapsed['dim1']}]"
            )
        boxes = atom.ensure_not_smaller_than(collapsed, ["dim0", "dim1"])
        covered = boxes.get_out_dim_size("dim0") * boxes.get_out_dim_size("dim1")
        if covered != prod(box_shape):
            raise EncodingError(
                f"Illegal shared layout; the swizzle atoms cover {covered} elements, not the TMA box {box_shape}"
            )
        tile = reshape_row_major(boxes, box_shape)
        if self.transposed:
            transpose_components(tile, [rank - 1, *range(rank - 1)])
        tile.ensure_not_smaller_than(dict(zip(names, per_cta)), names)
        return combine_cta_cga_with_shape(tile, cga, shape)


@dataclass(frozen=True)
class SharedLinearEncoding(SharedEncoding):
    """``#ttg.shared_linear``: ``offset, block -> dim0..`` given by its bases; ``alignment``
    is the buffer's alignment in bytes."""

    layout: LinearLayout
    alignment: int

    def __post_init__(self) -> None:
        check_field_types(self)
        check(is_power_of_two(self.alignment), "alignment must be a positive power of two")
        _check_standard_shared_layout(self.layout, "SharedLinearEncodingAttr")
        check(self.layout.is_surjective(), "The layout must be surjective")
        without_copies = self.layout.remove_zero_bases_along_dim("offset").remove_zero_bases_along_dim("block")
        check(without_copies.is_invertible(), "After removing the zero bases the layout must be bijective")

    @property
    def rank(self) -> int:
        return self.layout.num_out_dims

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """The stored layout, which must span exactly ``shape`` (Triton asserts it; a
        subview's layout is its allocation's)."""
        sizes = [size for _, size in self.layout.out_dims]
        check(sizes == shape, f"the shared_linear layout spans {sizes}, not the shape {shape}")
        return self.layout


@dataclass(frozen=True)
class PaddedSharedEncoding(SharedEncoding):
    """``#ttg.padded_shared``: a linear placement of whole rows or chunks, plus
    ``padding[k]`` elements inserted after every ``interval[k]`` elements."""

    intervals: tuple[int, ...]
    paddings: tuple[int, ...]
    linear_component: LinearLayout

    def __post_init__(self) -> None:
        check_field_types(self)
        check(
            len(self.intervals) == len(self.paddings),
            f"intervals size ({len(self.intervals)}) must match paddings size ({len(self.paddings)})",
        )
        check(bool(self.intervals), "must have at least one interval-padding pair")
        check(all(is_power_of_two(v) for v in self.intervals), "interval values must all be power of two")
        check(all(is_power_of_two(v) for v in self.paddings), "padding values must all be power of two")
        check(len(set(self.intervals)) == len(self.intervals), "interval values cannot have duplicates")
        _check_standard_shared_layout(self.linear_component, "linearComponent")
        offsets = self.linear_component.sublayout(["offset"], self.linear_component.get_out_dim_names())
        check(offsets.is_injective(), "Broadcasting in offset dimension is not supported.")
        for _, bases in self.linear_component.bases:
            check(
                all(sum(1 for v in b if v) <= 1 for b in bases), "Each offset basis must move in at most one dimension."
            )
            check(
                all(v == 0 or is_power_of_two(v) for b in bases for v in b),
                "Each offset basis must be 0 or a power of two.",
            )

    @classmethod
    @checks_arguments(EncodingError)
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

    @checks_arguments(EncodingError)
    def padded_offset(self, offset: int) -> int:
        """Where linear offset ``offset`` really sits: ``padding[k]`` more elements for
        every whole ``interval[k]`` before it.

        >>> PaddedSharedEncoding.from_order([16], [4], [1, 0], [4, 16]).padded_offset(35)
        43
        """
        check(offset >= 0, f"padded_offset: offset must be at least 0, got {offset}")
        return offset + sum(
            (offset >> (interval.bit_length() - 1)) << (padding.bit_length() - 1)
            for interval, padding in zip(self.intervals, self.paddings)
        )

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        raise EncodingError(
            "padded_shared has no linear layout: its padding is not linear; use its linear_component and padded_offset"
        )


@dataclass(frozen=True)
class PartitionedSharedEncoding(SharedEncoding):
    """``#ttg.partitioned_shared``: the tensor split along ``partition_dim`` into
    ``num_partitions * num_groups`` pieces kept in ``num_partitions`` buffers."""

    num_partitions: int
    num_groups: int
    partition_dim: int
    partition_layout: SharedEncoding

    def __post_init__(self) -> None:
        check_field_types(self)
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

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """Each of the ``numPartitions * numGroups`` pieces along ``partitionDim`` has the
        inner layout; ``partition`` picks the buffer, higher ``offset`` bits the group.
        The in-dims are ``offset, block, partition``."""
        pieces = self.num_partitions * self.num_groups
        dim = self.partition_dim
        if not is_power_of_two(self.num_groups):
            raise EncodingError(f"numGroups = {self.num_groups} is not a power of two: not linear")
        if shape[dim] < pieces:
            raise EncodingError(f"dim {dim} of size {shape[dim]} cannot be split into {pieces} partitioned pieces")
        check(
            not isinstance(self.partition_layout, PaddedSharedEncoding),
            "a partitioned padded layout has no linear layout; use the padded linear component",
        )
        piece_shape = shape[:dim] + [shape[dim] // pieces] + shape[dim + 1 :]
        piece = LayoutBuilder.of(to_linear_layout(self.partition_layout, piece_shape))
        piece.times_identity(self.num_partitions, "partition", f"dim{dim}")
        return piece.times_identity(self.num_groups, "offset", f"dim{dim}").build()
