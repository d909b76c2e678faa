"""The F2 bank-conflict count against brute-force enumeration of every warp access."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wavefront_count import lanes_per_phase, wavefronts
from xdsl.parser import Parser

from layoutdialect import LinearLayout, make_context, to_linear_layout
from layoutdialect.analysis.bank_conflicts import access_cost, bank_conflicts, largest_vectorisation
from layoutdialect.target import SharedMemory, Target

CTX = make_context()

MMA_V2_1x4 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>"
MMA_V2_2x4 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>"
MMA_V2_4x1 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>"
MMA_V3_4x1 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>"
MMA_V3_2x2 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 32, 16]}>"
MFMA_V3 = "#ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>"
MFMA_V4 = "#ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [32, 32, 16], isTransposed = true}>"


def dot(op_idx: int, parent: str, k_width: int) -> str:
    return f"#ttg.dot_op<{{opIdx = {op_idx}, parent = {parent}, kWidth = {k_width}}}>"


def nvmma(swizzle: int, bits: int, transposed: bool = False) -> str:
    flag = "true" if transposed else "false"
    return f"#ttg.nvmma_shared<{{swizzlingByteWidth = {swizzle}, transposed = {flag}, elementBitWidth = {bits}}}>"


def swizzled(vec: int, per_phase: int, max_phase: int, order: str = "[1, 0]") -> str:
    return f"#ttg.swizzled_shared<{{vec = {vec}, perPhase = {per_phase}, maxPhase = {max_phase}, order = {order}}}>"


def blocked(spt: str, tpw: str, wpc: str, order: str) -> str:
    return f"#ttg.blocked<{{sizePerThread = {spt}, threadsPerWarp = {tpw}, warpsPerCTA = {wpc}, order = {order}}}>"


def layout(text: str, shape: list[int]) -> LinearLayout:
    return to_linear_layout(Parser(CTX, text).parse_attribute().data, shape)  # type: ignore[attr-defined]


def images(to_shared: LinearLayout, dim: str) -> list[int]:
    if not to_shared.has_in_dim(dim):
        return []
    return [dict(zip(to_shared.get_out_dim_names(), basis))["offset"] for basis in dict(to_shared.bases)[dim]]


def combine(bases: Sequence[int], index: int) -> int:
    value = 0
    for bit, basis in enumerate(bases):
        if index >> bit & 1:
            value ^= basis
    return value


def brute_force_wavefronts(
    registers: list[int],
    lanes: list[int],
    warps: list[int],
    element_bits: int,
    vector_elements: int,
    num_banks: int = 32,
    phase_of: Callable[[int], int] | None = None,
) -> tuple[int, int]:
    """(wavefronts per instruction, phases) by visiting every lane of every instruction;
    every instruction must take the same number.  ``phase_of`` names the phase of a lane
    where it is not the lane's index divided by the lanes of a phase (AMD's ``ds_read_b128``)."""
    registers = [r for r in registers if r]
    per_phase = lanes_per_phase(1 << len(lanes), vector_elements * element_bits, num_banks)
    phases = (1 << len(lanes)) // per_phase
    phase_of = phase_of or (lambda lane: lane // per_phase)
    vector = [registers.index(1 << k) for k in range(vector_elements.bit_length() - 1)]
    other = [r for i, r in enumerate(registers) if i not in vector]
    counts = set()
    for instruction in range(1 << len(other)):
        for warp in range(1 << len(warps)):
            base = combine(other, instruction) ^ combine(warps, warp)
            accesses = ((phase_of(lane), base ^ combine(lanes, lane)) for lane in range(1 << len(lanes)))
            counts.add(wavefronts(accesses, vector_elements, element_bits, num_banks))
    assert len(counts) == 1, f"instructions differ in wavefronts: {counts}"
    return counts.pop(), phases


def check_against_brute_force(
    reg: LinearLayout, shared: LinearLayout, bits: int, num_banks: int = 32, phase_basis: list[int] | None = None
) -> int:
    cost = bank_conflicts(
        reg, shared, bits, SharedMemory(num_banks, None if phase_basis is None else tuple(phase_basis))
    )
    to_shared = reg.invert_and_compose(shared)
    registers, lanes, warps = (images(to_shared, dim) for dim in ("register", "lane", "warp"))
    phase_of = None
    if phase_basis is not None:
        span = [combine(phase_basis, mask) for mask in range(1 << len(phase_basis))]
        phase_of = lambda lane: min(lane ^ other for other in span)  # noqa: E731
    expected, phases = brute_force_wavefronts(
        registers, lanes, warps, bits, cost.vector_bits // bits, num_banks, phase_of
    )
    assert (cost.wavefronts_per_instruction, cost.phases) == (expected, phases)
    return cost.excess_per_wavefront


# Triton's unittest BankConflictTest.bankConflicts: (register layout, shared layout, shape, bits).
TRITON_CASES = [
    (blocked("[1]", "[32]", "[4]", "[0]"), swizzled(1, 1, 1, "[0]"), [32], 32),
    (blocked("[1]", "[32]", "[4]", "[0]"), swizzled(1, 1, 1, "[0]"), [32], 16),
    (MMA_V3_4x1, nvmma(128, 16), [128, 128], 16),
    (dot(1, MMA_V2_1x4, 2), nvmma(64, 16), [64, 32], 16),
    (dot(0, MMA_V2_1x4, 2), nvmma(64, 16, transposed=True), [32, 64], 16),
    (dot(1, MMA_V2_1x4, 1), nvmma(32, 8), [8, 32], 8),
    (MMA_V2_4x1, nvmma(64, 16, transposed=True), [64, 64], 16),
    (MMA_V3_2x2, nvmma(64, 16), [64, 32], 16),
    (MMA_V2_4x1, nvmma(32, 8), [32, 32], 8),
    (dot(1, MMA_V2_2x4, 2), nvmma(0, 16), [4, 64], 16),
    (MMA_V3_4x1, nvmma(128, 32), [128, 64], 32),
]


@pytest.mark.parametrize(("reg", "shared", "shape", "bits"), TRITON_CASES)
def test_triton_bank_conflict_cases_match_brute_force(reg: str, shared: str, shape: list[int], bits: int) -> None:
    check_against_brute_force(layout(reg, shape), layout(shared, shape), bits)


ROTATING = "#ttg.amd_rotating_shared<{{vec = 4, perPhase = {}, maxPhase = {}, order = [0, 1]}}>"

# Triton's BankConflictTest.bankConflictsWavefront64: wave64, 32 or 64 banks, and the lanes
# whose span is the first phase of a ds_read_b128 (lanes 0-3 and 20-23 on CDNA3; 0-3, 12-15,
# 20-23 and 24-27 on CDNA4).
TRITON_WAVE64_CASES = [
    (blocked("[1, 8]", "[4, 16]", "[4, 1]", "[1, 0]"), swizzled(8, 1, 16), [128, 128], 32, [1, 2, 20]),
    (blocked("[1, 8]", "[4, 16]", "[4, 1]", "[1, 0]"), swizzled(8, 1, 16), [128, 128], 64, [1, 2, 12, 20]),
    (dot(0, MFMA_V3, 4), swizzled(4, 1, 16), [128, 128], 32, None),
    (dot(0, MFMA_V4, 8), swizzled(8, 1, 16), [128, 128], 64, [1, 2, 12, 20]),
    (dot(1, MFMA_V3, 4), ROTATING.format(1, 16), [64, 128], 32, None),
    (dot(1, MFMA_V4, 4), ROTATING.format(2, 8), [64, 128], 64, None),
]


@pytest.mark.parametrize(("reg", "shared", "shape", "banks", "phase_basis"), TRITON_WAVE64_CASES)
def test_triton_wave64_cases_match_brute_force(
    reg: str, shared: str, shape: list[int], banks: int, phase_basis: list[int] | None
) -> None:
    check_against_brute_force(layout(reg, shape), layout(shared, shape), 16, banks, phase_basis)


ROW_PER_LANE = blocked("[1, 1]", "[32, 1]", "[4, 1]", "[0, 1]")
ROW_MAJOR_V8 = blocked("[1, 8]", "[4, 8]", "[4, 1]", "[1, 0]")
COL_MAJOR_V8 = blocked("[8, 1]", "[8, 4]", "[1, 4]", "[0, 1]")
NVMMA_128 = nvmma(128, 16)


@pytest.mark.parametrize(
    ("reg", "shared", "excess"),
    [
        (ROW_PER_LANE, swizzled(1, 1, 1), 7),
        (ROW_MAJOR_V8, swizzled(1, 1, 1), 0),
        (COL_MAJOR_V8, swizzled(1, 1, 1), 7),
        (ROW_PER_LANE, swizzled(8, 1, 8), 0),
        (ROW_MAJOR_V8, swizzled(8, 1, 8), 0),
        (COL_MAJOR_V8, swizzled(8, 1, 8), 7),
        (ROW_PER_LANE, NVMMA_128, 0),
        (ROW_MAJOR_V8, NVMMA_128, 0),
        (COL_MAJOR_V8, NVMMA_128, 7),
    ],
)
def test_gluon_bank_conflicts_of_128x64_f16(reg: str, shared: str, excess: int) -> None:
    """Triton 3.9's gluon ``ttgl.bank_conflicts`` values, also confirmed by brute force."""
    assert check_against_brute_force(layout(reg, [128, 64]), layout(shared, [128, 64]), 16) == excess


def test_totals_and_widths_of_a_conflicted_access() -> None:
    cost = bank_conflicts(layout(ROW_PER_LANE, [128, 64]), layout(swizzled(1, 1, 1), [128, 64]), 16, SharedMemory())
    assert (cost.vector_bits, cost.instructions, cost.phases, cost.wavefronts_per_instruction) == (128, 8, 4, 32)
    assert cost.total_wavefronts == 256 and not cost.conflict_free


def test_a_narrower_vector_than_the_layouts_allow_conflicts() -> None:
    """32-bit accesses 16 bytes apart: the 32 lanes reach only 8 banks, 4 times each."""
    reg, shared = layout(ROW_MAJOR_V8, [128, 64]), layout(NVMMA_128, [128, 64])
    cost = bank_conflicts(reg, shared, 16, SharedMemory(), vector_bits=32)
    assert (cost.vector_bits, cost.instructions, cost.wavefronts_per_instruction) == (32, 32, 4)
    assert bank_conflicts(reg, shared, 16, SharedMemory()).total_wavefronts == 8 * 4
    with pytest.raises(ValueError, match="allow at most 128 bits"):
        bank_conflicts(reg, shared, 16, SharedMemory(), vector_bits=256)


def test_refuses_a_layout_without_offsets() -> None:
    reg = layout(ROW_MAJOR_V8, [128, 64])
    with pytest.raises(ValueError, match=r"shared_layout must have the in-dims \['offset'\]"):
        bank_conflicts(reg, reg, 16, SharedMemory())


@st.composite
def warp_accesses(draw: st.DrawFn) -> tuple[list[int], list[int], int, int, SharedMemory]:
    """Random register and lane offset bases in a 2**10-element space (zeros allowed), and
    the shared memory: 32 or 64 banks, with or without AMD's 128-bit load phases."""
    element_bits = draw(st.sampled_from([8, 16, 32, 64]))
    banks = draw(st.sampled_from([32, 64]))
    lanes = [draw(st.integers(0, 1023)) for _ in range(draw(st.sampled_from([5, 6])))]
    contiguous = draw(st.integers(0, 4))
    scattered = [draw(st.integers(0, 1023)) for _ in range(draw(st.integers(0, 2)))]
    registers = [1 << k for k in range(contiguous)] + scattered
    order = draw(st.permutations(range(len(registers))))
    registers = [registers[i] for i in order]
    elements = largest_vectorisation(registers, element_bits, lanes)
    elements = draw(st.sampled_from([1 << k for k in range(elements.bit_length())]))
    wide = draw(
        st.sampled_from([None, Target.named("hip:gfx942" if banks == 32 else "hip:gfx950").shared.wide_load_phase])
    )
    return registers, lanes, element_bits, elements, SharedMemory(banks, wide)


@settings(deadline=None)
@given(warp_accesses())
def test_f2_count_equals_brute_force(access: tuple[list[int], list[int], int, int, SharedMemory]) -> None:
    """Loads and stores, on NVIDIA's phases (low lanes) or AMD's (cosets of a span of lanes)."""
    registers, lanes, element_bits, elements, memory = access
    for load in (True, False):
        cost = access_cost(registers, lanes, element_bits, elements, memory, load)
        basis = memory.phase_basis(element_bits * elements, len(lanes), load)
        span = [combine(basis, mask) for mask in range(1 << len(basis))]
        phase_of = (lambda lane, span=span: min(lane ^ o for o in span)) if memory.wide_load_phase else None
        expected, phases = brute_force_wavefronts(registers, lanes, [], element_bits, elements, memory.banks, phase_of)
        assert (cost.wavefronts_per_instruction, cost.phases) == (expected, phases)
