"""Properties of ``to_linear_layout`` over random valid encodings and shapes (hypothesis)."""

from __future__ import annotations

import pytest
from encoding_strategies import blocked, distributed, nvmma, partitioned, phased, shared
from hypothesis import given
from hypothesis import strategies as st

from layoutdialect import (
    AMDRotatingSharedEncoding,
    BlockedEncoding,
    CGALayout,
    DistributedEncoding,
    Encoding,
    EncodingError,
    GenericLinearEncoding,
    LinearEncoding,
    LinearLayout,
    NVMMASharedEncoding,
    PaddedSharedEncoding,
    PartitionedSharedEncoding,
    SharedLinearEncoding,
    SwizzledSharedEncoding,
    to_linear_layout,
)
from layoutdialect.encodings import elements_per_thread, threads_per_warp, warps_per_cta

sizes = st.sampled_from([1, 2, 4, 8, 16, 32, 64, 128, 256])


@st.composite
def shaped(draw: st.DrawFn, encodings: st.SearchStrategy[Encoding]) -> tuple[Encoding, list[int]]:
    encoding = draw(encodings)
    return encoding, [draw(sizes) for _ in range(encoding.rank)]


def reaches_the_whole_shape(layout: LinearLayout, shape: list[int]) -> bool:
    return layout.out_dims == [(f"dim{d}", size) for d, size in enumerate(shape)] and layout.is_surjective()


@given(shaped(distributed))
def test_distributed_layouts_cover_the_shape_with_the_encodings_hardware(case: tuple[Encoding, list[int]]) -> None:
    encoding, shape = case
    assert isinstance(encoding, DistributedEncoding)
    layout = to_linear_layout(encoding, shape)
    assert layout.get_in_dim_names() == ["register", "lane", "warp", "block"]
    assert reaches_the_whole_shape(layout, shape)
    assert layout.get_in_dim_size("lane") == encoding.num_lanes
    assert layout.get_in_dim_size("warp") == encoding.num_warps
    assert layout.get_in_dim_size("block") == encoding.num_ctas


@given(shaped(distributed))
def test_a_distributed_layout_is_its_own_linear_encoding(case: tuple[Encoding, list[int]]) -> None:
    """Re-reading the layout as ``#ttg.linear`` at the same shape changes nothing: what
    makes ``lower-to-linear`` exact and idempotent."""
    encoding, shape = case
    layout = to_linear_layout(encoding, shape)
    as_linear = GenericLinearEncoding(layout) if isinstance(encoding, GenericLinearEncoding) else LinearEncoding(layout)
    assert to_linear_layout(as_linear, shape) == layout


@given(shaped(st.one_of(phased(SwizzledSharedEncoding), phased(AMDRotatingSharedEncoding), nvmma(), shared)))
def test_shared_layouts_cover_the_shape_and_are_their_own_shared_linear(case: tuple[Encoding, list[int]]) -> None:
    encoding, shape = case
    try:
        layout = to_linear_layout(encoding, shape)
    except EncodingError:
        assert may_refuse(encoding, shape)
        return
    assert not isinstance(encoding, PaddedSharedEncoding)
    assert layout.get_in_dim_names() == ["offset", "block"]
    assert reaches_the_whole_shape(layout, shape)
    if isinstance(encoding, AMDRotatingSharedEncoding) and encoding.cga.split_num != [1] * encoding.rank:
        return  # Triton lays the rotation over the whole tensor, ignoring the split: offsets collide
    as_linear = SharedLinearEncoding(layout, 16)
    assert to_linear_layout(as_linear, shape) == layout


def may_refuse(encoding: Encoding, shape: list[int]) -> bool:
    """Padding is not linear; a swizzled nvmma layout needs a whole swizzle atom; a
    shared_linear layout spans exactly its own shape."""
    if isinstance(encoding, NVMMASharedEncoding):
        return encoding.swizzling_byte_width > 0
    if isinstance(encoding, SharedLinearEncoding):
        return shape != [size for _, size in encoding.layout.out_dims]
    return isinstance(encoding, PaddedSharedEncoding)


@given(shaped(partitioned))
def test_partitioned_layouts_add_a_partition_dim(case: tuple[Encoding, list[int]]) -> None:
    encoding, shape = case
    assert isinstance(encoding, PartitionedSharedEncoding)
    dim, pieces = encoding.partition_dim, encoding.num_partitions * encoding.num_groups
    piece_shape = shape[:dim] + [max(1, shape[dim] // pieces)] + shape[dim + 1 :]
    try:
        layout = to_linear_layout(encoding, shape)
    except EncodingError:
        groups = encoding.num_groups
        assert groups & (groups - 1) or shape[dim] < pieces or may_refuse(encoding.partition_layout, piece_shape)
        return
    assert layout.get_in_dim_names() == ["offset", "block", "partition"]
    assert layout.get_in_dim_size("partition") == encoding.num_partitions
    assert reaches_the_whole_shape(layout, shape)


@given(shaped(distributed))
def test_getters_agree_with_the_layout(case: tuple[Encoding, list[int]]) -> None:
    """Per dim, registers x lanes x warps x CTAs (copies counted) cover the shape."""
    encoding, shape = case
    assert isinstance(encoding, DistributedEncoding)
    layout = to_linear_layout(encoding, shape)
    per_thread = elements_per_thread(encoding, shape)
    lanes, warps = threads_per_warp(encoding, shape), warps_per_cta(encoding, shape)
    assert 1 << len(dict(layout.bases)["register"]) == prod_of(per_thread)
    assert prod_of(lanes) <= encoding.num_lanes and prod_of(warps) <= encoding.num_warps


def prod_of(values: list[int]) -> int:
    result = 1
    for value in values:
        result *= value
    return result


@given(blocked(), st.data())
def test_the_cache_returns_what_the_encoding_computes(encoding: Encoding, data: st.DataObject) -> None:
    shape = [data.draw(sizes) for _ in range(encoding.rank)]
    assert to_linear_layout(encoding, shape) is to_linear_layout(encoding, tuple(shape))
    assert to_linear_layout(encoding, shape) == encoding.to_linear_layout(shape)


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ([16], "shape \\[16\\] has rank 1, but the encoding has rank 2"),
        ([16, 16, 16], "has rank 3"),
        ([12, 16], "must be a power of two"),
        ([0, 16], "must be a power of two"),
    ],
)
def test_bad_shapes_are_refused(shape: list[int], message: str) -> None:
    encoding = BlockedEncoding((1, 1), (4, 8), (1, 1), (1, 0), CGALayout.single(2))
    with pytest.raises(EncodingError, match=message):
        to_linear_layout(encoding, shape)


@given(blocked(), st.data())
def test_blocked_drops_registers_that_fall_outside_the_shape(encoding: BlockedEncoding, data: st.DataObject) -> None:
    """Triton 3.9 removes a blocked layout's out-of-shape register bases (lanes, warps and
    CTAs keep theirs as zeros), so a thread never holds two copies of one element."""
    shape = [data.draw(st.sampled_from([1, 2, 4, 8, 16, 32, 64])) for _ in range(encoding.rank)]
    layout = to_linear_layout(encoding, shape)
    registers = dict(layout.bases)["register"]
    assert all(any(basis) for basis in registers)
    assert reaches_the_whole_shape(layout, shape)
    per_cta = [max(1, size // split) for size, split in zip(shape, encoding.cga.split_num)]
    tile = [s * t * w for s, t, w in zip(encoding.size_per_thread, encoding.threads_per_warp, encoding.warps_per_cta)]
    held = [min(s, p) if p <= t else s * (p // t) for s, p, t in zip(encoding.size_per_thread, per_cta, tile)]
    assert len(registers) == sum(size.bit_length() - 1 for size in held)


@given(st.integers(2, 4), st.booleans(), st.sampled_from([8, 16, 32]), st.data())
def test_unswizzled_nvmma_boxes_repeat_the_last_dim_first(
    rank: int, transposed: bool, bits: int, data: st.DataObject
) -> None:
    """A TMA box holds at most 256 elements a dim; past it, Triton's unswizzled layout
    repeats the box along the last dim first, then towards dim0."""
    shape = [data.draw(st.sampled_from([256, 512, 1024])) for _ in range(rank)]
    layout = to_linear_layout(NVMMASharedEncoding(0, transposed, bits, CGALayout.single(rank)), shape)
    offsets = dict(layout.bases)["offset"]
    repeats = [next(d for d, v in enumerate(basis) if v) for basis in offsets if max(basis) >= 256]
    assert repeats == sorted(repeats, reverse=True)
    assert reaches_the_whole_shape(layout, shape)
