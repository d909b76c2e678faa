"""How many memory transactions a warp's global load or store takes, over F2.

A ``tt.load`` or ``tt.store`` of a tensor in a distributed layout issues, in each thread,
one instruction per vector of registers at consecutive addresses (at most 128 bits), and
the memory system serves each warp instruction in 32-byte *sectors*: a warp instruction
costs as many sectors as its lanes touch.

The addresses are linear over F2 once the tensor's place in memory is:

- along the *contiguous* dimension (the one whose elements are adjacent in memory; a
  pointer analysis finds it), element ``i`` lies ``i`` elements from the start;
- every other dimension lies above it, each row at least a sector away from the next
  (rows of a matrix are a run-time stride apart, so two rows never share a sector
  unless that stride is tiny; row-major tensors narrower than a sector are the
  exception the model gives up on).

An element's offset is then its coordinates' bits placed side by side, and each
register, lane and warp basis of the layout has one offset; offsets of a sum of bases
XOR.  Vectors are the low register bases at offsets ``1, 2, 4, ...`` (as for shared
memory, ``largest_vectorisation``), and the lanes of one instruction reach a coset of
the span of the lanes' offsets, so they touch ``2 ** rank`` sectors, the rank taken of
the lane offsets above the bits within a sector.

>>> from layoutdialect.encodings import BlockedEncoding, CGALayout, to_linear_layout
>>> rows = BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout.single(2))
>>> cost = global_access_cost(to_linear_layout(rows, [32, 16]), contiguous_dim=1, element_bits=32)
>>> cost.vector_bits, cost.instructions, cost.sectors_per_instruction, cost.sectors
(128, 1, 16, 16)
"""

from __future__ import annotations

from dataclasses import dataclass

from layoutdialect.analysis.bank_conflicts import MAX_VECTOR_BITS, largest_vectorisation
from layoutdialect.analysis.preconditions import AnalysisError, check_distributed, check_element_bits
from layoutdialect.f2 import LinearLayout
from layoutdialect.f2.arguments import checks_arguments
from layoutdialect.f2.bitmatrix import rank

__all__ = ["SECTOR_BYTES", "GlobalAccessCost", "global_access_cost"]

SECTOR_BYTES = 32
"""The bytes the memory system moves at once for a warp's access: an L1/L2 sector on
NVIDIA GPUs, half a cache line on AMD's."""


@dataclass(frozen=True)
class GlobalAccessCost:
    """One warp's global access of a whole tensor: each thread issues ``instructions``
    instructions of ``vector_bits`` bits; each warp instruction touches
    ``sectors_per_instruction`` sectors, ``sectors`` in all."""

    vector_bits: int
    instructions: int
    sectors_per_instruction: int

    @property
    def sectors(self) -> int:
        """The sectors of the whole access, every instruction of the warp."""
        return self.instructions * self.sectors_per_instruction


@checks_arguments(AnalysisError)
def global_access_cost(
    layout: LinearLayout, contiguous_dim: int, element_bits: int, max_vector_elements: int | None = None
) -> GlobalAccessCost:
    """The cost of one warp loading or storing a tensor in the distributed ``layout`` whose
    dimension ``contiguous_dim`` is contiguous in memory (the module docstring gives the
    model); ``element_bits`` wide elements (pointers are 64 bits); vectors of at most
    ``max_vector_elements`` (what the pointers' alignment allows), when given."""
    check_distributed(layout, "global_access_cost: layout", ("register",))
    check_element_bits(element_bits, "global_access_cost: element_bits")
    dims = layout.get_out_dim_names()
    if not 0 <= contiguous_dim < len(dims):
        raise AnalysisError(
            f"global_access_cost: contiguous_dim must be below the rank {len(dims)}, got {contiguous_dim}"
        )
    if max_vector_elements is not None and max_vector_elements < 1:
        raise AnalysisError(f"global_access_cost: max_vector_elements must be positive, got {max_vector_elements}")
    max_bits = (
        MAX_VECTOR_BITS if max_vector_elements is None else min(MAX_VECTOR_BITS, max_vector_elements * element_bits)
    )
    return _global_access_cost(layout, contiguous_dim, element_bits, max_bits)


def _global_access_cost(
    layout: LinearLayout, contiguous_dim: int, element_bits: int, max_bits: int = MAX_VECTOR_BITS
) -> GlobalAccessCost:
    """``global_access_cost`` of arguments known to fit."""
    shifts = _dim_shifts(layout, contiguous_dim, element_bits)
    registers = _offsets(layout, "register", shifts)
    lanes = _offsets(layout, "lane", shifts)
    warps = _offsets(layout, "warp", shifts)
    vector = largest_vectorisation(registers, element_bits, lanes + warps, max_bits)
    sector_elements = max(1, SECTOR_BYTES * 8 // element_bits)
    sector_shift = sector_elements.bit_length() - 1
    sectors = 1 << rank([offset >> sector_shift for offset in lanes])
    instructions = max(1, layout.get_in_dim_size("register") // vector)
    return GlobalAccessCost(vector * element_bits, instructions, sectors)


def _dim_shifts(layout: LinearLayout, contiguous_dim: int, element_bits: int) -> list[int]:
    """Where each dimension's coordinate bits start in an element's offset: the contiguous
    dimension at bit 0, each other above the one before, the first at least a sector up."""
    names = layout.get_out_dim_names()
    sector_bits = max(0, (SECTOR_BYTES * 8 // element_bits).bit_length() - 1)
    shifts = [0] * len(names)
    next_bit = max(layout.get_out_dim_size_log2(names[contiguous_dim]), sector_bits)
    for index in reversed(range(len(names))):
        if index != contiguous_dim:
            shifts[index] = next_bit
            next_bit += layout.get_out_dim_size_log2(names[index])
    return shifts


def _offsets(layout: LinearLayout, in_dim: str, shifts: list[int]) -> list[int]:
    """The element offset of each basis of ``in_dim``."""
    if not layout.has_in_dim(in_dim):
        return []
    offsets = []
    for index in range(layout.get_in_dim_size_log2(in_dim)):
        image = layout.get_basis(in_dim, index)
        assert isinstance(image, list)
        offset = 0
        for coordinate, shift in zip(image, shifts):
            offset ^= coordinate << shift
        offsets.append(offset)
    return offsets
