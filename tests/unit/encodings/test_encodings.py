"""Encoding values: Triton's validation rules and the hardware they are written for."""

from __future__ import annotations

import pytest

from layoutdialect import (
    AmdMfmaEncoding,
    AmdWmmaEncoding,
    BlockedEncoding,
    CGALayout,
    DotOperandEncoding,
    EncodingError,
    LinearEncoding,
    LinearLayout,
    NvidiaMmaEncoding,
    PaddedSharedEncoding,
    SliceEncoding,
    SwizzledSharedEncoding,
)

ONE_CTA = CGALayout.single(2)
BLOCKED = BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), ONE_CTA)
MMA = NvidiaMmaEncoding(2, 0, (2, 2), ONE_CTA, (16, 8))


def test_encoding_errors_are_value_errors() -> None:
    assert issubclass(EncodingError, ValueError)


def test_blocked_counts() -> None:
    assert (BLOCKED.rank, BLOCKED.num_lanes, BLOCKED.num_warps, BLOCKED.num_ctas) == (2, 32, 4, 1)
    split = BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout(((1, 0), (0, 1)), 2))
    assert split.num_ctas == 4


def test_accumulators_fix_their_wave_size() -> None:
    assert MMA.num_lanes == 32 and MMA.num_warps == 4
    mfma = AmdMfmaEncoding(3, (2, 2), (32, 32, 8), False, ONE_CTA)
    assert mfma.num_lanes == 64 and mfma.num_warps == 4 and mfma.tiles_per_warp == (1, 1)
    wmma = AmdWmmaEncoding(2, False, ((0, 1),), ((0, 2), (2, 0)), ONE_CTA)
    assert wmma.num_lanes == 32 and wmma.num_warps == 4


def test_operands_and_slices_run_on_their_parent() -> None:
    dot = DotOperandEncoding(0, MMA, 2)
    assert (dot.rank, dot.num_lanes, dot.num_warps) == (2, 32, 4)
    sliced = SliceEncoding(1, BLOCKED)
    assert (sliced.rank, sliced.num_warps) == (1, 4)
    blocked_3d = BlockedEncoding((1, 1, 1), (2, 4, 4), (4, 1, 1), (2, 1, 0), CGALayout.single(3))
    assert SliceEncoding(0, SliceEncoding(2, blocked_3d)).rank == 1


def test_linear_counts_are_its_in_dim_sizes() -> None:
    layout = LinearLayout.from_bases(
        [
            ("register", [[0, 1]]),
            ("lane", [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]),
            ("warp", [[8, 0], [0, 0]]),
            ("block", []),
        ],
        ["dim0", "dim1"],
    )
    linear = LinearEncoding(layout)
    assert (linear.rank, linear.num_lanes, linear.num_warps, linear.num_ctas) == (2, 32, 4, 1)


@pytest.mark.parametrize(
    ("bases", "valid"),
    [
        (((0, 0),), True),
        (((1, 0), (2, 0)), True),
        (((0, 1), (1, 0), (0, 0)), True),
        (((2, 0),), False),
        (((1, 1),), False),
        (((1, 0), (1, 0)), False),
        (((3, 0),), False),
    ],
)
def test_cga_must_be_a_permutation_without_its_broadcast_bases(bases: tuple[tuple[int, ...], ...], valid: bool) -> None:
    if valid:
        assert CGALayout(bases, 2).num_ctas == 1 << len(bases)
    else:
        with pytest.raises(EncodingError, match="permutation matrix"):
            CGALayout(bases, 2)


def test_cga_rank_is_checked() -> None:
    with pytest.raises(EncodingError, match="'CGALayout' entry length does not match rank 2"):
        CGALayout(((1,),), 2)


def test_mfma_64x4_must_be_transposed() -> None:
    with pytest.raises(EncodingError, match="must be transposed"):
        AmdMfmaEncoding(3, (1, 1), (64, 4, 4), False, ONE_CTA)
    assert AmdMfmaEncoding(3, (1, 1), (64, 4, 4), True, ONE_CTA).num_lanes == 64


def test_swizzled_order_must_match_the_cga_rank() -> None:
    with pytest.raises(EncodingError, match=r"order size \(3\) must match CGALayout rank \(2\)"):
        SwizzledSharedEncoding(8, 1, 8, (2, 1, 0), ONE_CTA)


def test_padded_short_form() -> None:
    padded = PaddedSharedEncoding.from_order((16,), (4,), (0, 1), (64, 16))
    assert padded.order == (0, 1) and padded.is_order_form and padded.rank == 2
    assert padded.linear_component.apply({"offset": 1, "block": 0}) == {"dim0": 1, "dim1": 0}
    assert padded.linear_component.apply({"offset": 64, "block": 0}) == {"dim0": 0, "dim1": 1}


def test_encodings_are_hashable_values() -> None:
    assert BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout.single(2)) == BLOCKED
    assert len({BLOCKED, MMA, DotOperandEncoding(0, MMA, 2), DotOperandEncoding(0, MMA, 2)}) == 3


@pytest.mark.parametrize(("per_phase", "max_phase", "name"), [(1, 0, "maxPhase = 0"), (0, 8, "perPhase = 0")])
def test_a_swizzle_without_phases_is_read_but_has_no_layout(per_phase: int, max_phase: int, name: str) -> None:
    """Triton 3.9 reads and verifies ``maxPhase = 0`` and then divides by it when it lays
    the encoding out; here the layout and the phase are a named error instead."""
    shared = SwizzledSharedEncoding(1, per_phase, max_phase, (1, 0), CGALayout.single(2))
    for ask in (lambda: shared.to_linear_layout([32, 32]), lambda: shared.phase(3)):
        with pytest.raises(EncodingError, match=f"{name} gives no layout"):
            ask()
