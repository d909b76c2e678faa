"""Conversion analysis: the kind and path of each conversion, and its instruction counts."""

from __future__ import annotations

import pytest
from conversion_corpus import CORPUS, TRITON_COUNTS
from xdsl.parser import Parser

from layoutdialect import LinearLayout, make_context, to_linear_layout
from layoutdialect.analysis.conversion import ConversionKind, ConversionPath, choose_strategy, minimal_conversion
from layoutdialect.analysis.warp_shuffles import ShuffleVariant, Transposition, decompose_warp_conversion
from layoutdialect.target import SharedMemory

CTX = make_context()
BITS = {"f16": 16, "f32": 32, "i32": 32, "i8": 8}


def layouts(src: str, dst: str, shape: list[int]) -> tuple[LinearLayout, LinearLayout]:
    parse = lambda text: Parser(CTX, text).parse_attribute().data  # noqa: E731
    return to_linear_layout(parse(src), shape), to_linear_layout(parse(dst), shape)


EXPECTED_PATHS = {
    "blocked_transpose_128x64_f16": (ConversionKind.CROSS_WARP, ConversionPath.SHARED_MEMORY),
    "blocked_transpose_128x64_f32": (ConversionKind.CROSS_WARP, ConversionPath.SHARED_MEMORY),
    "mmav2_to_blocked_128x64_f16": (ConversionKind.CROSS_WARP, ConversionPath.SHARED_MEMORY),
    "mmav2_to_blocked_128x64_f32": (ConversionKind.CROSS_WARP, ConversionPath.SHARED_MEMORY),
    "blocked_to_dotA_128x64_f16": (ConversionKind.CROSS_WARP, ConversionPath.SHARED_MEMORY),
    "blocked_to_dotA_4x1_128x64_f16": (ConversionKind.CROSS_WARP, ConversionPath.SHARED_MEMORY),
    "mmav2_to_dotA_4x1_128x64_f16": (ConversionKind.NO_OP, ConversionPath.NONE),
    "mmav2_to_dotA_2x2_128x64_f16": (ConversionKind.CROSS_WARP, ConversionPath.SHARED_MEMORY),
    "warp_ship_32x32_i32": (ConversionKind.INTRA_WARP, ConversionPath.WARP_SHUFFLES),
    "warp_swap_32x32_i32": (ConversionKind.INTRA_WARP, ConversionPath.WARP_SHUFFLES),
    "warp_ship_4w_128x32_f16": (ConversionKind.INTRA_WARP, ConversionPath.WARP_SHUFFLES),
    "warp_swap_packed_4w_128x32_f16": (ConversionKind.INTRA_WARP, ConversionPath.WARP_SHUFFLES),
    "warp_transpose_4w_32x32_f32": (ConversionKind.INTRA_WARP, ConversionPath.SHARED_MEMORY),
    "reg_only_256x64_f32": (ConversionKind.REGISTER, ConversionPath.REGISTERS),
    "lane_perm_64x64_f32": (ConversionKind.INTRA_WARP, ConversionPath.WARP_SHUFFLES),
}


@pytest.mark.parametrize("case", CORPUS, ids=[case[0] for case in CORPUS])
def test_corpus_paths_and_counts_are_no_worse_than_tritons(case: tuple[str, str, str, list[int], str, int]) -> None:
    name, src_text, dst_text, shape, element, _ = case
    src, dst = layouts(src_text, dst_text, shape)
    plan = choose_strategy(src, dst, BITS[element], SharedMemory())
    assert (plan.kind, plan.path) == EXPECTED_PATHS[name]
    _, shuffles, selects = TRITON_COUNTS[name]
    assert plan.shuffles <= shuffles and plan.selects <= selects


def test_the_ship_and_swap_cases_match_tritons_counts_exactly() -> None:
    counts = {}
    for name, src_text, dst_text, shape, element, _ in CORPUS:
        plan = choose_strategy(*layouts(src_text, dst_text, shape), BITS[element], SharedMemory())
        counts[name] = (plan.shuffles, plan.selects, plan.warp.variant if plan.warp else None)
    assert counts["warp_ship_32x32_i32"] == (16, 48, ShuffleVariant.SHIP)
    assert counts["warp_swap_32x32_i32"] == (32, 64, ShuffleVariant.SWAP)
    assert counts["warp_ship_4w_128x32_f16"] == (8, 24, ShuffleVariant.SHIP)
    assert counts["lane_perm_64x64_f32"] == (32, 0, ShuffleVariant.SWAP)
    # Triton: 16 idx shuffles, 32 byte permutes and 4 selects; packing along untouched bits needs no permutes
    assert counts["warp_swap_packed_4w_128x32_f16"] == (16, 32, ShuffleVariant.SWAP)


def layout(registers: list[list[int]], lanes: list[list[int]], size: int) -> LinearLayout:
    return LinearLayout.from_bases([("register", registers), ("lane", lanes)], ["dim0"], [size])


def test_the_worked_example_takes_two_shuffles_and_four_selects() -> None:
    """The README's worked example: lane t holds {2t, 2t+1} and must hold {t, t+4}."""
    warp = decompose_warp_conversion(layout([[1]], [[2], [4]], 8), layout([[4]], [[1], [2]], 8), 32)
    assert warp is not None
    assert warp.lane_permutation == (1, 0)
    assert warp.transpositions == (Transposition(register_bit=0, lane_bit=0),)
    assert (warp.shuffles, warp.selects) == (2, 4)


def test_a_trivial_lane_relabelling_ships_half_the_registers() -> None:
    """The PR 5419 review example: src reg [1,0],[2,0] lane [0,1],[0,2] -> dst reg [0,1],[2,0] lane [1,0],[0,2]."""
    src = LinearLayout.from_bases([("register", [[1, 0], [2, 0]]), ("lane", [[0, 1], [0, 2]])], ["dim0", "dim1"])
    dst = LinearLayout.from_bases([("register", [[0, 1], [2, 0]]), ("lane", [[1, 0], [0, 2]])], ["dim0", "dim1"])
    warp = decompose_warp_conversion(src, dst, 32)
    assert warp is not None and not warp.moves_lanes
    assert (warp.variant, warp.shuffles, warp.selects) == (ShuffleVariant.SHIP, 2, 6)


def test_a_transposition_with_a_broadcast_lane_only_selects() -> None:
    """Every lane pair (l, l ^ 2) holds elements {0, 2} (f32, 4 lanes); the destination gives
    element 2 to the lanes with bit 1 set.  No data crosses lanes: each lane selects its own
    register, where Triton shuffles one word and selects twice."""
    src = layout([[2]], [[1], [0]], 4)
    dst = layout([[0]], [[1], [2]], 4)
    warp = decompose_warp_conversion(src, dst, 32)
    assert warp is not None and warp.transpositions == (Transposition(register_bit=0, lane_bit=1),)
    assert warp.selected_transpositions == warp.transpositions and not warp.shuffled_transpositions
    assert (warp.shuffles, warp.selects) == (0, 1)


def test_broadcast_lanes_only_spare_their_own_transpositions() -> None:
    """Two register-lane swaps, one along a lane the source copies: one shuffle stage, one select stage."""
    src = layout([[4], [8]], [[1], [0], [2]], 16)
    dst = layout([[2], [0]], [[1], [8], [4]], 16)
    warp = decompose_warp_conversion(src, dst, 32)
    assert warp is not None and len(warp.transpositions) == 2
    assert len(warp.shuffled_transpositions) == len(warp.selected_transpositions) == 1


@pytest.mark.parametrize(("swapped", "shuffles", "selects"), [(1, 4, 12), (2, 8, 24), (3, 12, 36)])
def test_pure_register_lane_swaps(swapped: int, shuffles: int, selects: int) -> None:
    """r_i <-> l_i for i < swapped, 8 registers, 32 lanes: ship each transposition."""
    src = layout([[1 << i] for i in range(3)], [[1 << (3 + i)] for i in range(5)], 256)
    dst_registers = [[1 << (3 + i)] if i < swapped else [1 << i] for i in range(3)]
    dst_lanes = [[1 << i] if i < swapped else [1 << (3 + i)] for i in range(5)]
    warp = decompose_warp_conversion(src, layout(dst_registers, dst_lanes, 256), 32)
    assert warp is not None and len(warp.transpositions) == swapped
    assert (warp.shuffles, warp.selects) == (shuffles, selects)


def test_broadcast_registers_are_dropped_and_recreated() -> None:
    """A copied source register is ignored; a copied destination register is filled twice."""
    src = layout([[1], [0]], [[2], [4]], 8)
    dst = layout([[0], [1]], [[2], [4]], 8)
    plan = choose_strategy(src, dst, 32, SharedMemory())
    assert plan.kind is ConversionKind.REGISTER
    assert plan.register_map == (0, 0, 1, 1)


def test_minimal_conversion_keeps_only_the_dims_that_move() -> None:
    src = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2]]), ("warp", [[4]])], ["dim0"])
    dst = LinearLayout.from_bases([("register", [[2]]), ("lane", [[1]]), ("warp", [[4]])], ["dim0"])
    assert minimal_conversion(src, dst).get_in_dim_names() == ["register", "lane"]
    assert choose_strategy(src, dst, 32, SharedMemory()).kind is ConversionKind.INTRA_WARP
    crossing = LinearLayout.from_bases([("register", [[4]]), ("lane", [[2]]), ("warp", [[1]])], ["dim0"])
    assert choose_strategy(src, crossing, 32, SharedMemory()).kind is ConversionKind.CROSS_WARP


def test_a_conversion_that_is_no_bit_permutation_goes_through_shared_memory() -> None:
    src = layout([[1]], [[2], [4]], 8)
    dst = layout([[3]], [[2], [4]], 8)
    plan = choose_strategy(src, dst, 32, SharedMemory())
    assert plan.path is ConversionPath.SHARED_MEMORY and plan.warp is None
    assert "permutation" in plan.reason


@pytest.mark.parametrize(
    ("element_bits", "budget", "message"),
    [
        (0, 1, "element_bits must be from 1 to 128 bits, got 0"),
        (32, -1, "max_mixed_transpositions must be at least 0, got -1"),
    ],
)
def test_bad_plan_parameters_are_named(element_bits: int, budget: int, message: str) -> None:
    src = layout([[1]], [[2], [4]], 8)
    with pytest.raises(ValueError, match=message):
        choose_strategy(src, src, element_bits, SharedMemory(), budget)


def sliced(size_per_thread: str, warps_per_cta: str) -> str:
    """A 1-D slice (along dim 1) of a 2-D blocked parent with 4x8 lanes."""
    parent = (
        f"#ttg.blocked<{{sizePerThread = [{size_per_thread}], threadsPerWarp = [4, 8], "
        f"warpsPerCTA = [{warps_per_cta}], order = [1, 0]}}>"
    )
    return f"#ttg.slice<{{dim = 1, parent = {parent}}}>"


def test_warps_holding_copies_read_their_own_lanes_as_triton_does() -> None:
    """A slice whose source copies warp bit 0 (a 2x2-warp parent sliced along dim 1) into one
    that spreads element bit 2 over that warp bit: Triton 3.9 lowers it for sm_80 and sm_90
    with 32 shfl.sync.idx whose source lane reads the warp id, 16 selp and 32 prmt, and no
    shared memory.  Here the warp bit is a virtual lane: 32 shuffles and 16 selects."""
    src, dst = layouts(sliced("2, 8", "2, 2"), sliced("1, 2", "4, 1"), [512])
    plan = choose_strategy(src, dst, 16, SharedMemory())
    assert (plan.kind, plan.path) == (ConversionKind.CROSS_WARP, ConversionPath.WARP_SHUFFLES)
    assert plan.warp is not None and plan.warp.warp_lane_bits == (0,)
    assert (plan.shuffles, plan.selects, plan.permutes) == (32, 16, 0)
    assert plan.scratch is None


def test_copied_warps_that_the_shuffles_would_need_from_another_warp_go_through_shared_memory() -> None:
    """Without copies along the warp bit, the same destination needs another warp's data."""
    src, dst = layouts(sliced("2, 8", "4, 1"), sliced("1, 2", "4, 1"), [512])
    plan = choose_strategy(src, dst, 16, SharedMemory())
    assert (plan.kind, plan.path) == (ConversionKind.CROSS_WARP, ConversionPath.SHARED_MEMORY)


@pytest.mark.parametrize(
    ("src_text", "dst_text", "shape", "counts"),
    [
        # A lane bit becomes a register bit the source lacks: each lane sends its whole data to the
        # partner, and only the destination side selects (Triton 3.9: 4 shfl.sync, 8 selp).
        (
            "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
            "warpsPerCTA = [4, 1, 2], instrShape = [1, 16, 8]}>, kWidth = 8}>",
            "#ttg.linear<{register = [[0, 0, 1], [0, 0, 2], [0, 1, 0], [0, 8, 0], [0, 0, 0], [0, 16, 0]], "
            "lane = [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 2, 0], [0, 4, 0]], warp = [[0, 0, 0], [1, 0, 0], "
            "[2, 0, 0]], block = []}>",
            [4, 32, 4],
            (4, 8),
        ),
        # The same with a lane relabelling: every word takes an idx shuffle anyway, and each reads
        # the lane whose bit holds the word's register bit, so no select at all (Triton 3.9: 4 shfl
        # and 4 selp after them).
        (
            "#ttg.linear<{register = [[1], [0], [4], [2]], lane = [[8], [32], [64], [0], [16]], "
            "warp = [[0], [0], [0]], block = []}>",
            "#ttg.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>",
            [128],
            (4, 0),
        ),
    ],
    ids=["ship", "swap"],
)
def test_pairs_of_source_copies_need_no_select_before_the_shuffle(
    src_text: str, dst_text: str, shape: list[int], counts: tuple[int, int]
) -> None:
    """Where the transposed register bit is one the source lacks (its registers are tiled into
    the working file), the two words of each pair are copies: shipping either needs no select,
    swapping them changes nothing, and a relabelling's idx shuffles gather them.  Counts equal
    to Triton 3.9's sm_80 and sm_90 PTX in i8, or fewer selects."""
    src, dst = layouts(src_text, dst_text, shape)
    plan = choose_strategy(src, dst, 8, SharedMemory())
    assert plan.warp is not None and plan.warp.copies_along(plan.warp.transpositions[0].register_bit)
    assert (plan.shuffles, plan.selects) == counts
