"""Shape-fitting helpers, checked on Triton 3.9's reference layouts in
``tests/unit/encodings/reference_layouts.py``."""

from __future__ import annotations

from layoutdialect import (
    LinearLayout,
    ensure_layout_not_larger_than,
    ensure_layout_not_smaller_than,
    identity_standard_nd,
    standard_out_dim_names,
)

STANDARD = ["dim0", "dim1"]


def blocked_tile() -> LinearLayout:
    """The CTA tile of ``sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2],
    order = [1, 0]``, out-dims in ``order`` order as Triton builds it."""
    order = [1, 0]
    return (
        identity_standard_nd("register", [2, 2], order)
        * identity_standard_nd("lane", [8, 4], order)
        * identity_standard_nd("warp", [1, 2], order)
    )


def test_standard_out_dim_names() -> None:
    assert standard_out_dim_names(3) == ["dim0", "dim1", "dim2"]
    assert standard_out_dim_names(0) == []


def test_identity_standard_nd_walks_order_fastest_first() -> None:
    layout = identity_standard_nd("offset", [4, 2], [0, 1])
    assert layout.get_out_dim_names() == ["dim0", "dim1"]
    assert [layout.apply({"offset": x}) for x in (1, 3, 4)] == [
        {"dim0": 1, "dim1": 0},
        {"dim0": 3, "dim1": 0},
        {"dim0": 0, "dim1": 1},
    ]


def test_the_tile_is_the_reference_at_its_own_shape() -> None:
    """Reference layout X1: the 16x16 tile."""
    assert blocked_tile().transpose_outs(STANDARD).bases == [
        ("register", [[0, 1], [1, 0]]),
        ("lane", [[0, 2], [0, 4], [2, 0], [4, 0], [8, 0]]),
        ("warp", [[0, 8]]),
    ]


def test_growing_wraps_in_out_dim_order() -> None:
    """Reference layout X2: at 32x32 the new register bases are [0, 16] then [16, 0] (dim1 first)."""
    grown = ensure_layout_not_smaller_than(blocked_tile(), {"dim0": 32, "dim1": 32}).transpose_outs(STANDARD)
    assert grown.bases == [
        ("register", [[0, 1], [1, 0], [0, 16], [16, 0]]),
        ("lane", [[0, 2], [0, 4], [2, 0], [4, 0], [8, 0]]),
        ("warp", [[0, 8]]),
    ]


def test_shrinking_broadcasts_the_largest_bases() -> None:
    """Reference layout V1: at 8x4, lane [0, 4], lane [8, 0] and warp [0, 8] become 0."""
    shrunk = ensure_layout_not_larger_than(blocked_tile(), {"dim0": 8, "dim1": 4}).transpose_outs(STANDARD)
    assert shrunk.bases == [
        ("register", [[0, 1], [1, 0]]),
        ("lane", [[0, 2], [0, 0], [2, 0], [4, 0], [0, 0]]),
        ("warp", [[0, 0]]),
    ]
    assert shrunk.out_dims == [("dim0", 8), ("dim1", 4)]


def test_growing_or_shrinking_to_the_same_shape_changes_nothing() -> None:
    tile = blocked_tile()
    shape = {"dim0": 16, "dim1": 16}
    assert ensure_layout_not_smaller_than(tile, shape) == tile
    assert ensure_layout_not_larger_than(tile, shape) == tile


def test_bases_with_one_value_are_broadcast_together() -> None:
    """Two bases reaching 4 hold the same data; dropping the top bit zeroes both."""
    layout = LinearLayout.from_bases([("register", [[4]]), ("lane", [[4], [1], [2]])], ["dim0"])
    shrunk = ensure_layout_not_larger_than(layout, {"dim0": 4})
    assert shrunk.bases == [("register", [[0]]), ("lane", [[0], [1], [2]])]


def test_without_register_broadcast_registers_are_removed() -> None:
    """What ``#ttg.linear`` does when the tensor is smaller: fewer registers, not copies."""
    layout = LinearLayout.from_bases([("register", [[1], [8]]), ("lane", [[2], [4]]), ("warp", [[16]])], ["dim0"])
    shrunk = ensure_layout_not_larger_than(layout, {"dim0": 4}, broadcast_registers=False)
    assert shrunk.bases == [("register", [[1]]), ("lane", [[2], [0]]), ("warp", [[0]])]
    assert shrunk.out_dims == [("dim0", 4)]
