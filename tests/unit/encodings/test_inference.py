"""Result-encoding inference for reduce, expand_dims, trans and reshape."""

from __future__ import annotations

import pytest

from layoutdialect.encodings import BlockedEncoding, CGALayout, EncodingError, SliceEncoding, to_linear_layout
from layoutdialect.encodings.inference import (
    expand_dims_encoding,
    reduce_encoding,
    reduce_source_encoding,
    reshape_encoding,
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
