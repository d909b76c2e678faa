"""``swizzle`` and ``conflicts --access`` count an access in one unit, wavefronts per access
(a warp reading the access tile, each lane its widest vector, the lanes beyond the tile
idle, every phase as ``SharedMemory.wavefronts``), say so in their text and JSON keys, and
agree on the same layout and access."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from layoutdialect.analysis.access_explanation import explain_access, tile_access_layout
from layoutdialect.analysis.swizzle_synthesis import XorMap, access_costs
from layoutdialect.f2 import LinearLayout
from layoutdialect.target import SharedMemory
from tools.layout_tool import main


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0, capsys.readouterr().err
    answer: dict[str, object] = json.loads(capsys.readouterr().out)
    return answer


@pytest.mark.parametrize(
    ("shape", "dtype", "accesses", "target"),
    [
        ("16x64", "f16", ["8x8"], None),
        ("16x64", "f16", ["8x8", "1x64"], None),
        ("8x8", "b128", ["1x8", "8x1"], None),
        ("32x32", "f32", ["32x1", "4x8"], None),
        ("64x64", "f16", ["16x16", "2x64"], "hip:gfx942"),
        ("32x64", "i8", ["8x16"], "hip:gfx950"),
        ("16x16", "f64", ["4x4", "16x1"], "cuda:90"),
    ],
)
def test_swizzle_and_conflicts_count_the_same_access_alike(
    shape: str, dtype: str, accesses: list[str], target: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    gpu = ["--target", target] if target else []
    options = [option for access in accesses for option in ("--access", access)]
    swizzle = _json(capsys, "swizzle", "--shape", shape, "--dtype", dtype, *options, *gpu)
    encoding = swizzle["ttg"]
    assert isinstance(encoding, str)
    conflicts = _json(capsys, "conflicts", encoding, "--shape", shape, "--dtype", dtype, *options, *gpu)
    swizzled = swizzle["accesses"]
    tiles = conflicts["accesses"]
    assert isinstance(swizzled, list) and isinstance(tiles, list)
    for counted, tile in zip(swizzled, tiles):
        assert f"{counted['rows']}x{counted['cols']}" == tile["access"]
        assert counted["wavefronts_per_access"] == tile["wavefronts_per_access"]
        # swizzle's ideal is the fewest any layout allows, conflicts' the fewest for the vector it reads.
        assert counted["ideal_wavefronts_per_access"] <= tile["ideal_wavefronts_per_access"]
        widest = tile["vector_bits"] == min(128, int(str(counted["cols"])) * int(str(swizzle["element_bits"])))
        if widest and target in (None, "cuda:90"):
            assert counted["ideal_wavefronts_per_access"] == tile["ideal_wavefronts_per_access"]
        assert tile["wavefronts_per_access"] == tile["instructions"] * tile["wavefronts_per_instruction"]


def test_both_texts_name_the_unit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["swizzle", "--shape", "16x64", "--dtype", "f16", "--access", "8x8"]) == 0
    swizzle = capsys.readouterr().out
    assert "access   wavefronts per access  ideal  conflicting places" in swizzle
    assert main(["conflicts", "Swizzle<3,3,3> o (16,64):(64,1)", "--access", "8x8", "--dtype", "f16"]) == 0
    conflicts = capsys.readouterr().out
    assert "wavefronts per instruction: 1 (ideal 1)" in conflicts
    assert "wavefronts per access: 1 (ideal 1)" in conflicts
    assert "wavefronts in total" not in conflicts


def _shared_layout(address: XorMap, rows: int, cols: int) -> LinearLayout | None:
    """``offset, block -> (dim0, dim1)`` of an XOR map of a power-of-two tile, if it is one."""
    row_bits, col_bits = rows.bit_length() - 1, cols.bit_length() - 1
    columns = [address(1 << bit, 0) for bit in range(row_bits)] + [address(0, 1 << bit) for bit in range(col_bits)]
    to_offset = LinearLayout.from_bases(
        [("dim0", [[c] for c in columns[:row_bits]]), ("dim1", [[c] for c in columns[row_bits:]])],
        ["offset"],
        [rows * cols],
        require_surjective=False,
    )
    if not to_offset.is_invertible():
        return None
    return LinearLayout.from_bases([*to_offset.invert().bases, ("block", [])], ["dim0", "dim1"], [rows, cols])


@settings(deadline=None)
@given(
    st.integers(0, 4),
    st.integers(0, 6),
    st.sampled_from([8, 16, 32, 64, 128]),
    st.sampled_from([8, 16, 32, 64]),
    st.sampled_from([None, (1, 2, 20), (1, 2, 12, 20)]),
    st.sampled_from([32, 64]),
    st.data(),
)
def test_the_swizzle_count_is_the_f2_count_of_conflicts(
    row_bits: int,
    col_bits: int,
    bits: int,
    banks: int,
    wide_load_lanes: tuple[int, ...] | None,
    lanes: int,
    data: st.DataObject,
) -> None:
    """On any XOR map, the warp ``swizzle`` simulates phase by phase takes, at the tile's
    origin, the wavefronts per access the rank formula of ``conflicts --access`` gives; the
    ideals agree where the layout keeps the widest vectors on NVIDIA's phases (which make the
    widest vectors the best; AMD's 128-bit loads may do better narrower)."""
    rows, cols = 1 << row_bits, 1 << col_bits
    memory = SharedMemory(banks, wide_load_lanes if wide_load_lanes is None or len(wide_load_lanes) else None)
    height = 1 << data.draw(st.integers(0, row_bits))
    width = 1 << data.draw(st.integers(0, col_bits))
    rng = random.Random(data.draw(st.integers(0, 1 << 30)))
    address = XorMap(cols, tuple(rng.randrange(cols) for _ in range(row_bits)))
    shared = _shared_layout(address, rows, cols)
    if shared is None:
        return
    explained = explain_access(
        tile_access_layout([rows, cols], (height, width), bits, lanes), shared, bits, memory, idle_copies=True
    )
    (counted,) = access_costs(address, height, width, bits, [(height, width)], memory, lanes=lanes)
    assert counted.worst_wavefronts == explained.cost.total_wavefronts
    assert counted.ideal_wavefronts <= explained.ideal_total_wavefronts
    if explained.cost.vector_bits == min(128, width * bits) and memory.wide_load_phase is None:
        assert counted.ideal_wavefronts == explained.ideal_total_wavefronts
