"""What the pictures and pages draw in each cell of a layout's element grid.

A tensor is drawn as a grid of its elements, row-major, with the leading dims of a
tensor of rank above 2 folded into rows.  Each cell carries a short label (``T3:1``,
thread 3's register 1, as Triton's layout dumps write it, or a shared offset), the
numbers it can be coloured by (thread, warp, lane, register, CTA; offset, bank) and the
lines that describe it: its tensor coordinate and every holder or its offset and bank.
CTA 0 gives the label and colours; every CTA that holds the element is described.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import prod
from typing import TypeVar

import numpy as np

from layoutdialect.analysis.layout_views import (
    cute_grid_points,
    hardware_points,
    linear_index,
    shared_points,
    tensor_shape,
    unflatten_index,
)
from layoutdialect.f2 import LinearLayout
from layoutdialect.target import BANK_BITS, SharedMemory

__all__ = [
    "Cell",
    "bank_of",
    "cute_cells",
    "distributed_cells",
    "grid_shape",
    "offset_cells",
    "shared_cells",
]


@dataclass
class Cell:
    """One element of the grid: its label, the numbers it is coloured by, its description."""

    label: str = ""
    keys: dict[str, int] = field(default_factory=dict)
    info: list[str] = field(default_factory=list)


def grid_shape(shape: Sequence[int]) -> tuple[int, int]:
    """Rows and columns of the grid of a tensor: its last dim across, the others folded down."""
    if len(shape) == 1:
        return 1, shape[0]
    return prod(shape[:-1]), shape[-1]


Offsets = TypeVar("Offsets", int, np.ndarray)


def bank_of(offset: Offsets, element_bits: int, memory: SharedMemory) -> Offsets:
    """The bank of the first 32-bit word of the element at ``offset`` (of each, for an array)."""
    return (offset * element_bits // BANK_BITS) % memory.banks


def _coordinate(coordinates: Sequence[int]) -> str:
    return "(" + ", ".join(map(str, coordinates)) + ")"


def distributed_cells(layout: LinearLayout) -> list[Cell]:
    """The cells of a distributed layout (``register, lane, warp, block -> dims``), row-major."""
    shape = tensor_shape(layout)
    lanes = layout.get_in_dim_size("lane")
    cells = [Cell() for _ in range(prod(shape))]
    for index, cell in enumerate(cells):
        cell.info.append(f"tensor {_coordinate(unflatten_index(index, shape))}")
    for block, warp, lane, register, coordinates in hardware_points(layout):
        cell = cells[linear_index(coordinates, shape)]
        thread = lane + warp * lanes
        cell.info.append(f"CTA {block}, warp {warp}, lane {lane} (thread {thread}), register {register}")
        if block == 0 and not cell.keys:
            cell.label = f"T{thread}:{register}"
            cell.keys = {"thread": thread, "warp": warp, "lane": lane, "register": register, "CTA": block}
    return cells


def shared_cells(layout: LinearLayout, element_bits: int, memory: SharedMemory) -> list[Cell]:
    """The cells of a shared layout (``offset, block -> dims``), row-major."""
    shape = tensor_shape(layout)
    offsets: dict[int, int] = {}
    holders: dict[int, list[str]] = {}
    for block, offset, coordinates in shared_points(layout):
        index = linear_index(coordinates, shape)
        holders.setdefault(index, []).append(f"CTA {block}, offset {offset}")
        if block == 0:
            offsets.setdefault(index, offset)
    cells = []
    for index in range(prod(shape)):
        held_at = offsets.get(index)
        cell = Cell(info=[f"tensor {_coordinate(unflatten_index(index, shape))}", *holders.get(index, ["not held"])])
        if held_at is not None:
            bank = bank_of(held_at, element_bits, memory)
            cell.label, cell.keys = str(held_at), {"bank": bank, "offset": held_at}
            cell.info.append(f"shared offset {held_at} (byte {held_at * element_bits // 8}), bank {bank}")
        cells.append(cell)
    return cells


def offset_cells(
    shape: Sequence[int], offset: Callable[[int], int], element_bits: int, memory: SharedMemory
) -> list[Cell]:
    """The cells of a layout given as the offset of each element (row-major index): a
    swizzle of a tile that need not be a power of two."""
    return [
        _offset_cell(f"tensor {_coordinate(unflatten_index(index, shape))}", offset(index), element_bits, memory)
        for index in range(prod(shape))
    ]


def cute_cells(layout: LinearLayout, element_bits: int, memory: SharedMemory) -> list[Cell]:
    """The cells of a CuTe layout (``dims -> offset``) in ``cute_grid_points`` order, as
    ``layout-tool show`` prints it."""
    return [
        _offset_cell(f"coordinate {_coordinate(coordinates)}", offset, element_bits, memory)
        for coordinates, offset in cute_grid_points(layout)
    ]


def _offset_cell(place: str, offset: int, element_bits: int, memory: SharedMemory) -> Cell:
    """A cell labelled with its shared-memory ``offset``, coloured by offset and bank."""
    bank = bank_of(offset, element_bits, memory)
    info = [place, f"offset {offset} (byte {offset * element_bits // 8})", f"bank {bank}"]
    return Cell(str(offset), {"bank": bank, "offset": offset}, info)
