"""Result-encoding inference for reduce, expand_dims, trans, reshape, join and split."""

from __future__ import annotations

import pytest
from encoding_strategies import blocked, nvidia_mma, slices
from hypothesis import given
from hypothesis import strategies as st

from layoutdialect.encodings import (
    BlockedEncoding,
    CGALayout,
    DistributedEncoding,
    EncodingError,
    SliceEncoding,
    to_linear_layout,
)
from layoutdialect.encodings.inference import (
    expand_dims_encoding,
    join_encoding,
    reduce_encoding,
    reduce_source_encoding,
    reshape_encoding,
    split_encoding,
    trans_encoding,
)

BLOCKED = BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout.single(2))


def test_reduce_gives_the_slice_and_expand_dims_undoes_it() -> None:
    sliced = reduce_encoding(BLOCKED, 1)
    assert sliced == SliceEncoding(1, BLOCKED)
    assert expand_dims_encoding(sliced, 1) == BLOCKED
    assert reduce_source_encoding(sliced, 1) == BLOCKED
    with pytest.raises(EncodingError, match="Incompatible slice dimension"):
        expand_dims_encoding(sliced, 0)
    with pytest.raises(EncodingError, match="must be SliceEncodingAttr"):
        expand_dims_encoding(BLOCKED, 0)


@pytest.mark.parametrize("shape", [[16, 64], [64, 64], [8, 8]])
def test_trans_keeps_every_element_on_its_thread(shape: list[int]) -> None:
    transposed = trans_encoding(BLOCKED, shape, [1, 0])
    before = to_linear_layout(BLOCKED, shape)
    after = to_linear_layout(transposed, shape[::-1])
    for name, bases in before.bases:
        assert [b[::-1] for b in bases] == [list(b) for b in dict(after.bases)[name]]


def test_trans_of_a_slice_is_the_permuted_linear_layout() -> None:
    sliced = SliceEncoding(0, BlockedEncoding((1, 1, 4), (1, 8, 4), (1, 4, 1), (2, 1, 0), CGALayout.single(3)))
    transposed = trans_encoding(sliced, [16, 32], [1, 0])
    assert trans_encoding(transposed, [32, 16], [1, 0]) != sliced
    assert to_linear_layout(trans_encoding(transposed, [32, 16], [1, 0]), [16, 32]) == to_linear_layout(
        sliced, [16, 32]
    )


def test_reshape_keeps_row_major_elements_on_their_threads() -> None:
    shape, flat = [16, 64], [1024]
    reshaped = reshape_encoding(BLOCKED, shape, flat)
    before, after = to_linear_layout(BLOCKED, shape), to_linear_layout(reshaped, flat)
    for name, bases in before.bases:
        assert [b[0] * 64 + b[1] for b in bases] == [b[0] for b in dict(after.bases)[name]]
    assert to_linear_layout(reshape_encoding(reshaped, flat, shape), shape) == before
    assert reshape_encoding(BLOCKED, shape, shape) is BLOCKED
    with pytest.raises(EncodingError, match="sizes differ"):
        reshape_encoding(BLOCKED, shape, [512])


@given(st.one_of(blocked(rank=2), nvidia_mma(), slices().filter(lambda e: e.rank == 2)), st.sampled_from([16, 32, 64]))
def test_split_undoes_join(encoding: DistributedEncoding, size: int) -> None:
    shape = [size, size]
    joined = join_encoding(encoding, shape)
    layout = to_linear_layout(joined, [*shape, 2])
    assert dict(layout.bases)["register"][0] == [0, 0, 1] or isinstance(joined, BlockedEncoding)
    assert to_linear_layout(split_encoding(joined, [*shape, 2]), shape) == to_linear_layout(encoding, shape)


def test_join_of_a_blocked_layout_puts_the_pair_in_the_fastest_registers() -> None:
    joined = join_encoding(BLOCKED, [32, 16])
    assert joined == BlockedEncoding((1, 4, 2), (8, 4, 1), (4, 1, 1), (2, 1, 0), CGALayout.single(3))
    assert split_encoding(joined, [32, 16, 2]) == BLOCKED


def test_split_needs_the_pair_in_one_thread() -> None:
    across_lanes = BlockedEncoding((1, 1), (16, 2), (4, 1), (1, 0), CGALayout.single(2))
    with pytest.raises(EncodingError, match="at least 2 elements per thread"):
        split_encoding(across_lanes, [64, 2])
    with pytest.raises(EncodingError, match="2 in the last dim"):
        split_encoding(BLOCKED, [16, 4])
