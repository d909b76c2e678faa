"""The F2 count of a global access's vectors and sectors against enumerating every
address a warp touches."""

from __future__ import annotations

import pytest
from encoding_strategies import linear_layouts
from hypothesis import given
from hypothesis import strategies as st

from layoutdialect import LinearLayout
from layoutdialect.analysis.global_access import SECTOR_BYTES, global_access_cost
from layoutdialect.analysis.preconditions import AnalysisError


def element_address(coordinates: list[int], sizes: list[int], contiguous: int, bits: int) -> int:
    """The model's address of an element, in elements: along the contiguous dimension its
    index, every other dimension a row pitch above (the innermost at least a sector)."""
    address = coordinates[contiguous]
    pitch = max(sizes[contiguous], SECTOR_BYTES * 8 // bits)
    for dim in reversed(range(len(sizes))):
        if dim != contiguous:
            address += coordinates[dim] * pitch
            pitch *= sizes[dim]
    return address


def addresses(layout: LinearLayout, contiguous: int, bits: int, warp: int = 0) -> list[list[int]]:
    """``[register][lane]``: the address of each register of each lane of ``warp``."""
    sizes = [layout.get_out_dim_size(name) for name in layout.get_out_dim_names()]
    lanes = layout.get_in_dim_size("lane") if layout.has_in_dim("lane") else 1
    table = []
    for register in range(layout.get_in_dim_size("register")):
        row = []
        for lane in range(lanes):
            where = {"register": register} | ({"lane": lane} if layout.has_in_dim("lane") else {})
            if layout.has_in_dim("warp"):
                where["warp"] = warp
            image = layout.apply(where)
            row.append(element_address([image[name] for name in layout.get_out_dim_names()], sizes, contiguous, bits))
        table.append(row)
    return table


def is_vectorised(layout: LinearLayout, contiguous: int, bits: int, vector: int) -> bool:
    """Whether the addresses each lane of each warp holds make up whole aligned runs of
    ``vector`` consecutive elements (the registers may be grouped in any order)."""
    warps = layout.get_in_dim_size("warp") if layout.has_in_dim("warp") else 1
    for warp in range(warps):
        table = addresses(layout, contiguous, bits, warp)
        for lane in range(len(table[0])):
            held = {row[lane] for row in table}
            if any(start - start % vector + k not in held for start in held for k in range(vector)):
                return False
    return True


@given(linear_layouts(("register", "lane", "warp")), st.sampled_from([8, 16, 32, 64]), st.data())
def test_vectors_and_sectors_match_every_address(layout: LinearLayout, bits: int, data: st.DataObject) -> None:
    contiguous = data.draw(st.integers(0, layout.num_out_dims - 1))
    cost = global_access_cost(layout, contiguous, bits)
    vector = cost.vector_bits // bits
    assert is_vectorised(layout, contiguous, bits, vector)
    registers = layout.get_in_dim_size("register")
    if 2 * vector * bits <= 128 and 2 * vector <= registers:
        assert not is_vectorised(layout, contiguous, bits, 2 * vector)
    assert cost.instructions == registers // vector
    sector_elements = SECTOR_BYTES * 8 // bits
    for row in addresses(layout, contiguous, bits):  # a vector lies in one sector
        assert len({address // sector_elements for address in row}) == cost.sectors_per_instruction


def test_a_coalesced_row_load_takes_one_sector_per_32_bytes() -> None:
    layout = LinearLayout.from_bases(
        [("register", [[0, 1], [0, 2]]), ("lane", [[0, 4], [0, 8], [0, 16], [0, 32], [1, 0]]), ("warp", [])],
        ["dim0", "dim1"],
    )
    cost = global_access_cost(layout, contiguous_dim=1, element_bits=32)
    assert (cost.vector_bits, cost.instructions, cost.sectors_per_instruction) == (128, 1, 16)
    strided = global_access_cost(layout, contiguous_dim=0, element_bits=32)  # its 2 rows share a sector
    assert (strided.vector_bits, strided.instructions, strided.sectors_per_instruction) == (32, 4, 16)


def test_a_dimension_beyond_the_rank_is_refused() -> None:
    layout = LinearLayout.from_bases([("register", [[1]]), ("lane", [])], ["dim0"])
    with pytest.raises(AnalysisError, match="contiguous_dim must be below the rank 1, got 1"):
        global_access_cost(layout, 1, 32)
