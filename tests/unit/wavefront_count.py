"""Wavefronts of a warp's shared-memory instruction, counted word by word (the tests' reference)."""

from __future__ import annotations

from collections.abc import Iterable

from layoutdialect.target import SharedMemory


def lanes_per_phase(lanes: int, vector_bits: int, num_banks: int) -> int:
    """Lanes served together: as many as the banks hold whole accesses, at most the warp."""
    return min(lanes, num_banks // max(1, vector_bits // 32))


def wavefronts(accesses: Iterable[tuple[int, int]], vector_elements: int, element_bits: int, num_banks: int) -> int:
    """``accesses`` gives each lane's ``(phase, first element offset)``; each phase takes as
    many wavefronts as the most distinct 32-bit words any bank holds (the definition,
    ``SharedMemory.wavefronts``)."""
    words: dict[int, set[int]] = {}
    for phase, start in accesses:
        for element in range(vector_elements):
            words.setdefault(phase, set()).add((start + element) * element_bits // 32)
    memory = SharedMemory(num_banks)
    return sum(memory.wavefronts(phase_words) for phase_words in words.values())
