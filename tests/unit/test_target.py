"""The target model: named GPUs, phase rules, the wavefront definition, and how a kernel's
attributes and options choose a target."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from xdsl.ir import Operation

from layoutdialect.dialect.text import parse_module
from layoutdialect.dialect.ttg.layout_checks import MODULE_TARGET, TargetOverride, kernel_target
from layoutdialect.target import DEFAULT_TARGET, CrossLane, SharedMemory, Target, TargetError, dpp_factors


@pytest.mark.parametrize(
    ("arch", "lanes", "banks", "wide"),
    [
        ("cuda:80", 32, 32, None),
        ("cuda:90", 32, 32, None),
        ("cuda:100", 32, 32, None),
        ("hip:gfx90a", 64, 32, None),
        ("hip:gfx942", 64, 32, (1, 2, 20)),
        ("hip:gfx950", 64, 64, (1, 2, 12, 20)),
        ("hip:gfx1100", 32, 32, (1, 2, 16)),
        ("hip:gfx1200", 32, 32, None),
        ("hip:gfx1250", 32, 64, (1, 2, 12, 20)),
    ],
)
def test_named_targets_have_their_warp_size_and_banks(
    arch: str, lanes: int, banks: int, wide: tuple[int, ...] | None
) -> None:
    target = Target.named(arch)
    assert (target.arch, target.lanes, target.shared.banks, target.shared.wide_load_phase) == (
        arch,
        lanes,
        banks,
        wide,
    )


def test_the_default_target_is_a_32_lane_32_bank_gpu() -> None:
    assert (DEFAULT_TARGET.lanes, DEFAULT_TARGET.shared.banks) == (32, 32)
    assert Target.named(None) == DEFAULT_TARGET


def test_overrides_replace_the_named_lanes_and_banks() -> None:
    target = Target.named("hip:gfx942", lanes=32, banks=64)
    assert (target.lanes, target.shared.banks) == (32, 64)
    assert target.shared.wide_load_phase is None, "another bank count drops the named phase rule"
    assert Target.named("hip:gfx950", banks=64).shared.wide_load_phase == (1, 2, 12, 20)


@pytest.mark.parametrize(
    ("arch", "message"),
    [
        ("sm_90", "unknown target 'sm_90'"),
        ("cuda:hopper", "'cuda:hopper' is not a CUDA target"),
        ("hip:mi300", "unknown target 'hip:mi300'"),
        ("", "unknown target ''"),
    ],
)
def test_unknown_targets_are_refused_by_name(arch: str, message: str) -> None:
    with pytest.raises(TargetError, match=message):
        Target.named(arch)


@pytest.mark.parametrize("banks", [0, 1, 7, 48, 128])
def test_bank_counts_must_be_a_gpus(banks: int) -> None:
    with pytest.raises(TargetError, match=f"not {banks}"):
        SharedMemory(banks)


@pytest.mark.parametrize("lanes", [0, 3, 48])
def test_lane_counts_must_be_powers_of_two(lanes: int) -> None:
    with pytest.raises(TargetError, match=f"not {lanes}"):
        Target.named("cuda:90", lanes=lanes)


def test_target_errors_are_value_errors() -> None:
    assert issubclass(TargetError, ValueError)


@pytest.mark.parametrize(
    ("banks", "lanes", "vector_bits", "phases"),
    [
        (32, 32, 8, 1),
        (32, 32, 16, 1),
        (32, 32, 32, 1),
        (32, 32, 64, 2),
        (32, 32, 128, 4),
        (32, 64, 32, 2),
        (32, 64, 128, 8),
        (64, 64, 32, 1),
        (64, 64, 128, 4),
        (16, 32, 32, 2),
    ],
)
def test_a_phase_fills_the_banks_once(banks: int, lanes: int, vector_bits: int, phases: int) -> None:
    assert 1 << SharedMemory(banks).phase_lane_bits(vector_bits, lanes) == phases


def test_amd_wide_loads_take_their_own_phase_lanes_and_stores_the_low_lanes() -> None:
    gfx942 = Target.named("hip:gfx942").shared
    assert gfx942.phase_basis(128, 6, load=True) == [1, 2, 20]
    assert gfx942.phase_basis(128, 6, load=False) == [1, 2, 4]
    assert gfx942.phase_basis(64, 6, load=True) == [1, 2, 4, 8]
    gfx950 = Target.named("hip:gfx950").shared
    assert gfx950.phase_basis(128, 6, load=True) == [1, 2, 12, 20]
    assert gfx942.phase_basis(128, 3, load=True) == [1, 2, 4], "a warp of 8 lanes has no lane 20"


# The lanes of each phase of a 128-bit ds_read, as AMD lists them for MI300 (CDNA3) and
# MI350 (CDNA4): 8 phases of 8 lanes and 4 phases of 16.
CDNA3_PHASES = [[0, 20], [32, 52], [4, 16], [36, 48], [8, 28], [40, 60], [12, 24], [44, 56]]
CDNA4_PHASES = [[0, 12, 20, 24], [32, 44, 52, 56], [4, 8, 16, 28], [36, 40, 48, 60]]


@pytest.mark.parametrize(("arch", "phases"), [("hip:gfx942", CDNA3_PHASES), ("hip:gfx950", CDNA4_PHASES)])
def test_wide_load_phases_are_the_lane_groups_the_hardware_serves_together(arch: str, phases: list[list[int]]) -> None:
    """Each listed phase is runs of four lanes from the given starts; ``lane_phases`` puts
    exactly those lanes together."""
    of_lane = Target.named(arch).shared.lane_phases(128, 6, load=True)
    expected = sorted(sorted(start + k for start in starts for k in range(4)) for starts in phases)
    grouped: dict[int, list[int]] = {}
    for lane, phase in enumerate(of_lane):
        grouped.setdefault(phase, []).append(lane)
    assert sorted(grouped.values()) == expected


@pytest.mark.parametrize("mask", range(1, 16))
def test_the_dpp_moves_of_a_mask_xor_the_lane_by_it_as_the_simulator_runs_them(mask: int) -> None:
    import numpy as np

    from layoutdialect.dialect.upstream.rocdl.cross_lane import dpp_control
    from layoutdialect.sim.lane_moves import dpp_source_lanes

    lanes = np.arange(64, dtype=np.uint64)
    source = lanes
    for part in dpp_factors(mask):
        if part:
            source = dpp_source_lanes(dpp_control(part), source)
    assert (source == lanes ^ np.uint64(mask)).all()
    assert CrossLane(dpp_rows=True).dpp_moves(mask) == sum(1 for part in dpp_factors(mask) if part) <= 2
    assert CrossLane().dpp_moves(mask) == 0


@pytest.mark.parametrize("mask", range(1, 32))
def test_rdna_xors_the_lane_by_one_row_xmask_or_one_permlanex16_as_the_simulator_runs_them(mask: int) -> None:
    import numpy as np

    from layoutdialect.dialect.upstream.rocdl.cross_lane import permlane_x16_selectors, row_xmask_control
    from layoutdialect.sim.lane_moves import dpp_source_lanes, permlane_x16_source_lanes

    rdna = Target.named("hip:gfx1100").cross_lane
    lanes = np.arange(64, dtype=np.uint64)
    if mask < 16:
        source = dpp_source_lanes(row_xmask_control(mask), lanes)
    else:
        low, high = (np.uint64(word) for word in permlane_x16_selectors(mask & 15))
        source = permlane_x16_source_lanes(low, high, lanes)
    assert (source == lanes ^ np.uint64(mask)).all()
    assert rdna.xor_moves(mask) == 1 and rdna.permlane_x16(mask) == (mask >= 16)
    assert not Target.named("hip:gfx942").cross_lane.permlane_x16(mask), "CDNA has no v_permlanex16"


def test_the_lds_pairs_two_accesses_a_constant_distance_apart_and_nvidia_pairs_none() -> None:
    lds = Target.named("hip:gfx942").shared
    assert lds.lds and not Target.named("cuda:90").shared.lds
    assert Target.named("hip:gfx942", banks=64).shared.lds, "a bank override keeps the LDS"
    assert [lds.pairs(32, 4 * k) for k in (1, 255, 256, 64 * 255, 64 * 256)] == [True, True, True, True, False]
    assert [lds.pairs(64, d) for d in (8, 4, 12, 0, -8)] == [True, False, False, False, False]
    assert not any(lds.pairs(bits, bits // 8) for bits in (8, 16, 128))
    assert not Target.named("cuda:90").shared.pairs(64, 8)


@given(st.sampled_from([8, 16, 32, 64]), st.lists(st.integers(0, 4096), max_size=64))
def test_wavefronts_are_the_most_distinct_words_of_one_bank(banks: int, words: list[int]) -> None:
    memory = SharedMemory(banks)
    per_bank = [len({w for w in words if w % banks == bank}) for bank in range(banks)]
    assert memory.wavefronts(words) == max(per_bank, default=0)
    assert memory.wavefronts(words + words) == memory.wavefronts(words), "a repeated word is a broadcast"


_KERNEL = """
module attributes {{{attributes}}} {{
  tt.func @f() {{
    tt.return
  }}
}}
"""


def _first_op(attributes: str) -> Operation:
    """The ``tt.return`` of an empty kernel whose module carries ``attributes``."""
    module = parse_module(_KERNEL.format(attributes=attributes))
    return next(op for op in module.walk() if op.name == "tt.return")


def test_a_kernel_names_its_target_and_lanes() -> None:
    op = _first_op('"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx950"')
    target = kernel_target(op)
    assert (target.arch, target.lanes, target.shared.banks) == ("hip:gfx950", 64, 64)
    assert MODULE_TARGET.resolve(op) == target


def test_options_replace_the_kernels_target_but_not_its_lanes() -> None:
    op = _first_op('"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"')
    target = TargetOverride(arch="hip:gfx942").resolve(op)
    assert (target.arch, target.lanes, target.shared.banks) == ("hip:gfx942", 32, 32)
    assert TargetOverride(banks=16).resolve(op).shared.banks == 16


def test_a_kernel_without_attributes_gets_the_default_target() -> None:
    assert kernel_target(_first_op('"ttg.num-warps" = 4 : i32')) == DEFAULT_TARGET


def test_a_kernel_naming_an_unknown_target_is_an_error() -> None:
    with pytest.raises(TargetError, match="unknown target 'nv:90'"):
        kernel_target(_first_op('"ttg.num-warps" = 4 : i32, ttg.target = "nv:90"'))
