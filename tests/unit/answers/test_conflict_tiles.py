"""``layout-tool conflicts SHARED --access PxQ``: a warp reading blocks of a shared layout."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from layoutdialect.analysis.access_explanation import tile_access_layout
from tools.layout_tool import main

SEED_SWIZZLE = "Swizzle<2,3,3> o (8,32):(32,1)"


def _accesses(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict[str, dict[str, object]]:
    assert main(["conflicts", SEED_SWIZZLE, *arguments, "--json"]) == 0
    return {entry["access"]: entry for entry in json.loads(capsys.readouterr().out)["accesses"]}


def test_the_seed_swizzle_serves_8x8_and_2x32_but_not_4x16(capsys: pytest.CaptureFixture[str]) -> None:
    accesses = _accesses(capsys, "--access", "8x8", "--access", "2x32", "--access", "4x16", "--dtype", "f16")
    assert [accesses[tile]["conflict_free"] for tile in ("8x8", "2x32", "4x16")] == [True, True, False]
    assert accesses["4x16"]["ways"] == 2
    assert accesses["4x16"]["wavefronts_per_instruction"] == 2 * accesses["8x8"]["wavefronts_per_instruction"]


def test_the_bank_count_changes_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    """With 8 banks a phase is 2 lanes of 16 bytes: rows of the 8x8 block pair up in a bank."""
    accesses = _accesses(capsys, "--access", "8x8", "--access", "4x16", "--dtype", "f16", "--num-banks", "8")
    assert (accesses["8x8"]["ways"], accesses["4x16"]["conflict_free"]) == (2, True)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 3), st.integers(0, 5), st.sampled_from([8, 16, 32, 64]), st.data())
def test_a_tile_access_reads_exactly_the_tile(row_bits: int, column_bits: int, bits: int, data: st.DataObject) -> None:
    rows, columns = 1 << row_bits, 1 << column_bits
    shape = [rows << data.draw(st.integers(0, 2)), columns << data.draw(st.integers(0, 2))]
    layout = tile_access_layout(shape, (rows, columns), bits, 32)
    read = set()
    for register in range(layout.get_in_dim_size("register")):
        for lane in range(32):
            point = layout.apply({"register": register, "lane": lane, "warp": 0, "block": 0})
            read.add((point["dim0"], point["dim1"]))
    assert read == {(r, c) for r in range(rows) for c in range(columns)}
    vector = min(columns, 128 // bits)
    assert [basis for basis in dict(layout.bases)["register"][: vector.bit_length() - 1]] == [
        [0, 1 << k] for k in range(vector.bit_length() - 1)
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--access", "3x8"], "--access:1:1: error: access 3x8 must have power-of-two sides"),
        (["--access", "16x8"], "--access:1:1: error: the 16x8 access does not fit the 8x32 tile"),
        (["--access", "8"], "--access:1:1: error: expected 2 sizes"),
        (["(8,32):(32,1)", "--access", "8x8"], "<registers>:1:1: error: with --access, give only the shared layout"),
    ],
)
def test_bad_accesses_are_located_errors(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["conflicts", SEED_SWIZZLE, *arguments, "--dtype", "f16"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err
