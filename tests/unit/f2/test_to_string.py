"""``str(LinearLayout)`` is byte for byte Triton's ``LinearLayout::toString()``.

The eight cases are Triton 3.9's reference layouts V1-V8 (see
``tests/unit/encodings/reference_layouts.py``) and their text is what Triton 3.9 prints;
each layout is rebuilt from its bases with the tensor shape as out-dim sizes.
"""

from __future__ import annotations

import pytest

from layoutdialect import LinearLayout, standard_out_dim_names

CORE_CASES = [
    pytest.param(
        [
            ("register", [[0, 1], [1, 0]]),
            ("lane", [[0, 2], [0, 0], [2, 0], [4, 0], [0, 0]]),
            ("warp", [[0, 0]]),
            ("block", []),
        ],
        [8, 4],
        (
            "\n"
            " - register=1 -> (0, 1)\n"
            "   register=2 -> (1, 0)\n"
            " - lane=1 -> (0, 2)\n"
            "   lane=2 -> (0, 0)\n"
            "   lane=4 -> (2, 0)\n"
            "   lane=8 -> (4, 0)\n"
            "   lane=16 -> (0, 0)\n"
            " - warp=1 -> (0, 0)\n"
            " - block is a size 1 dimension\n"
            "where out dims are: [dim0 (size 8), dim1 (size 4)]"
        ),
        id="V1",
    ),
    pytest.param(
        [
            ("register", [[0, 1], [8, 0], [0, 16]]),
            ("lane", [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]),
            ("warp", [[0, 8], [16, 0]]),
            ("block", []),
        ],
        [32, 32],
        (
            "\n"
            " - register=1 -> (0, 1)\n"
            "   register=2 -> (8, 0)\n"
            "   register=4 -> (0, 16)\n"
            " - lane=1 -> (0, 2)\n"
            "   lane=2 -> (0, 4)\n"
            "   lane=4 -> (1, 0)\n"
            "   lane=8 -> (2, 0)\n"
            "   lane=16 -> (4, 0)\n"
            " - warp=1 -> (0, 8)\n"
            "   warp=2 -> (16, 0)\n"
            " - block is a size 1 dimension\n"
            "where out dims are: [dim0 (size 32), dim1 (size 32)]"
        ),
        id="V2",
    ),
    pytest.param(
        [
            ("register", [[0, 1], [8, 0], [0, 8], [0, 16]]),
            ("lane", [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]),
            ("warp", [[16, 0], [32, 0]]),
            ("block", []),
        ],
        [64, 32],
        (
            "\n"
            " - register=1 -> (0, 1)\n"
            "   register=2 -> (8, 0)\n"
            "   register=4 -> (0, 8)\n"
            "   register=8 -> (0, 16)\n"
            " - lane=1 -> (0, 2)\n"
            "   lane=2 -> (0, 4)\n"
            "   lane=4 -> (1, 0)\n"
            "   lane=8 -> (2, 0)\n"
            "   lane=16 -> (4, 0)\n"
            " - warp=1 -> (16, 0)\n"
            "   warp=2 -> (32, 0)\n"
            " - block is a size 1 dimension\n"
            "where out dims are: [dim0 (size 64), dim1 (size 32)]"
        ),
        id="V3",
    ),
    pytest.param(
        [
            ("register", [[0, 1], [8, 0], [0, 8]]),
            ("lane", [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]),
            ("warp", [[0, 0], [16, 0]]),
            ("block", []),
        ],
        [32, 16],
        (
            "\n"
            " - register=1 -> (0, 1)\n"
            "   register=2 -> (8, 0)\n"
            "   register=4 -> (0, 8)\n"
            " - lane=1 -> (0, 2)\n"
            "   lane=2 -> (0, 4)\n"
            "   lane=4 -> (1, 0)\n"
            "   lane=8 -> (2, 0)\n"
            "   lane=16 -> (4, 0)\n"
            " - warp=1 -> (0, 0)\n"
            "   warp=2 -> (16, 0)\n"
            " - block is a size 1 dimension\n"
            "where out dims are: [dim0 (size 32), dim1 (size 16)]"
        ),
        id="V4",
    ),
    pytest.param(
        [
            ("register", [[1, 0], [2, 0], [8, 0], [16, 0]]),
            ("lane", [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]]),
            ("warp", [[0, 32], [32, 0]]),
            ("block", []),
        ],
        [64, 64],
        (
            "\n"
            " - register=1 -> (1, 0)\n"
            "   register=2 -> (2, 0)\n"
            "   register=4 -> (8, 0)\n"
            "   register=8 -> (16, 0)\n"
            " - lane=1 -> (0, 1)\n"
            "   lane=2 -> (0, 2)\n"
            "   lane=4 -> (0, 4)\n"
            "   lane=8 -> (0, 8)\n"
            "   lane=16 -> (0, 16)\n"
            "   lane=32 -> (4, 0)\n"
            " - warp=1 -> (0, 32)\n"
            "   warp=2 -> (32, 0)\n"
            " - block is a size 1 dimension\n"
            "where out dims are: [dim0 (size 64), dim1 (size 64)]"
        ),
        id="V5",
    ),
    pytest.param(
        [("register", [[1]]), ("lane", [[0], [0], [2], [4], [8]]), ("warp", [[0]]), ("block", [])],
        [16],
        (
            "\n"
            " - register=1 -> (1)\n"
            " - lane=1 -> (0)\n"
            "   lane=2 -> (0)\n"
            "   lane=4 -> (2)\n"
            "   lane=8 -> (4)\n"
            "   lane=16 -> (8)\n"
            " - warp=1 -> (0)\n"
            " - block is a size 1 dimension\n"
            "where out dims are: [dim0 (size 16)]"
        ),
        id="V6",
    ),
    pytest.param(
        [("offset", [[0, 1], [0, 2], [0, 4], [1, 2], [2, 4], [4, 0]]), ("block", [])],
        [8, 8],
        (
            "\n"
            " - offset=1 -> (0, 1)\n"
            "   offset=2 -> (0, 2)\n"
            "   offset=4 -> (0, 4)\n"
            "   offset=8 -> (1, 2)\n"
            "   offset=16 -> (2, 4)\n"
            "   offset=32 -> (4, 0)\n"
            " - block is a size 1 dimension\n"
            "where out dims are: [dim0 (size 8), dim1 (size 8)]"
        ),
        id="V7",
    ),
    pytest.param(
        [
            ("offset", [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0]]),
            ("block", []),
        ],
        [16, 64],
        (
            "\n"
            " - offset=1 -> (0, 1)\n"
            "   offset=2 -> (0, 2)\n"
            "   offset=4 -> (0, 4)\n"
            "   offset=8 -> (0, 8)\n"
            "   offset=16 -> (0, 16)\n"
            "   offset=32 -> (0, 32)\n"
            "   offset=64 -> (1, 8)\n"
            "   offset=128 -> (2, 16)\n"
            "   offset=256 -> (4, 32)\n"
            "   offset=512 -> (8, 0)\n"
            " - block is a size 1 dimension\n"
            "where out dims are: [dim0 (size 16), dim1 (size 64)]"
        ),
        id="V8",
    ),
]


@pytest.mark.parametrize(("bases", "shape", "text"), CORE_CASES)
def test_to_string_matches_triton(bases: list[tuple[str, list[list[int]]]], shape: list[int], text: str) -> None:
    layout = LinearLayout.from_bases(bases, standard_out_dim_names(len(shape)), shape, require_surjective=False)
    assert str(layout) == text
    assert repr(layout) == text


@pytest.mark.parametrize(("bases", "shape", "text"), CORE_CASES)
def test_reference_layouts_are_surjective_onto_their_shape(
    bases: list[tuple[str, list[list[int]]]], shape: list[int], text: str
) -> None:
    inferred = LinearLayout.from_bases(bases, standard_out_dim_names(len(shape)))
    assert inferred.out_dims == list(zip(standard_out_dim_names(len(shape)), shape))


def test_empty_layouts() -> None:
    assert str(LinearLayout.empty()) == "\n(empty layout)"
    with_outs = LinearLayout.from_bases([], ["dim0", "dim1"], [4, 1], require_surjective=False)
    assert str(with_outs) == "\n(empty layout with out-dims [dim0 (size 4), dim1 (size 1)])"


def test_dims_without_bases_print_as_size_one() -> None:
    layout = LinearLayout.from_bases([("warp", []), ("register", [[1]])], ["dim0"])
    assert str(layout) == ("\n - warp is a size 1 dimension\n - register=1 -> (1)\nwhere out dims are: [dim0 (size 2)]")


@pytest.mark.parametrize(
    ("bases", "out_names", "out_sizes", "text"),
    [
        pytest.param(
            [("register", [[1], [2], [0]])],
            ["dim0"],
            [4],
            "\n - register=1 -> (1)\n   register=2 -> (2)\n   register=4 -> (0)\nwhere out dims are: [dim0 (size 4)]",
            id="one-out-dim",
        ),
        pytest.param(
            [("register", [[1, 0, 0], [0, 2, 0], [0, 0, 1]]), ("lane", [[0, 1, 0], [1, 0, 1]])],
            ["dim0", "dim1", "dim2"],
            [2, 4, 2],
            "\n - register=1 -> (1, 0, 0)\n   register=2 -> (0, 2, 0)\n   register=4 -> (0, 0, 1)\n"
            " - lane=1 -> (0, 1, 0)\n   lane=2 -> (1, 0, 1)\n"
            "where out dims are: [dim0 (size 2), dim1 (size 4), dim2 (size 2)]",
            id="three-out-dims",
        ),
        pytest.param(
            [("register", [[], []]), ("lane", [])],
            [],
            [],
            "\n - register=1 -> ()\n   register=2 -> ()\n - lane is a size 1 dimension\nwhere out dims are: []",
            id="no-out-dims",
        ),
    ],
)
def test_every_out_dim_count_prints_as_triton(
    bases: list[tuple[str, list[list[int]]]], out_names: list[str], out_sizes: list[int], text: str
) -> None:
    """One, two (the cases above) and three out-dims take different paths of ``__str__``;
    a layout with in-dims but no out-dims prints empty images (texts from Triton 3.9)."""
    layout = LinearLayout.from_bases(bases, out_names, out_sizes, require_surjective=False)
    assert str(layout) == text
