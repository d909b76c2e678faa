"""``layout-tool convert``: the class, the F2 factorisation, the plan and counts beside Triton's formula."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import i32

from layoutdialect.analysis.warp_shuffles import ShuffleVariant, decompose_warp_conversion, hardware_permutation
from layoutdialect.answers.arguments import parse_element_type, parse_layout_argument
from layoutdialect.answers.convert import explain_conversion, triton_shuffle_counts
from layoutdialect.f2 import LinearLayout
from layoutdialect.target import Target
from tools.layout_tool import main

SEED_SOURCE = "#ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>"
SEED_DESTINATION = "#ttg.linear<{register = [[4]], lane = [[1], [2]], warp = [], block = []}>"
REGISTERS = "#ttg.linear<{{register = [{}], lane = [[4], [8]], warp = [], block = []}}>"


def _blocked(size: str, lanes: str, warps: str, order: str) -> str:
    return (
        f"#ttg.blocked<{{sizePerThread = [{size}], threadsPerWarp = [{lanes}], warpsPerCTA = [{warps}], "
        f"order = [{order}]}}>"
    )


ROWS = _blocked("1, 4", "4, 8", "4, 1", "1, 0")


def _explain(source: str, destination: str, dtype: str = "i32", shape: tuple[int, ...] | None = None):
    src = parse_layout_argument(source, shape, "<source>")
    dst = parse_layout_argument(destination, shape or src.shape, "<destination>")
    return explain_conversion(src, dst, parse_element_type(dtype), Target.named("cuda:90"))


def test_the_seed_exchange_takes_two_shuffles_and_four_selects_as_triton_counts() -> None:
    answer = _explain(SEED_SOURCE, SEED_DESTINATION)
    data = answer.to_json()
    plan = data["plan"]
    assert (data["kind"], plan["shuffles"], plan["selects"], plan["barriers"]) == ("intra-warp", 2, 4, 0)
    assert data["triton"] == {"variant": "swap", "R": 2, "m": 1, "shuffles": 2, "selects": 4}
    assert answer.plan.verified is True
    # P = B^-1 A: register -> lane 1, lane 1 -> lane 2, lane 2 -> register.
    assert data["matrices"]["P"]["matrix"] == [[0, 0, 1], [1, 0, 0], [0, 1, 0]]
    text = answer.text()
    assert "transposition (r1 l1) = select (r1 ^= l1) · shuffle (l1 ^= r1) · select (r1 ^= l1)" in text
    assert "word 0: 0<-0 1<-2 2<-1 3<-3" in text


@pytest.mark.parametrize(
    ("source", "destination", "dtype", "kind", "path"),
    [
        (ROWS, ROWS, "f16", "no-op", "noop"),
        (REGISTERS.format("[1], [2]"), REGISTERS.format("[2], [1]"), "f16", "register permutation", "registers"),
        (ROWS, _blocked("4, 1", "8, 4", "1, 4", "0, 1"), "f16", "cross-warp", "shared_memory"),
    ],
)  # fmt: skip
def test_each_class_is_named_with_its_path(source: str, destination: str, dtype: str, kind: str, path: str) -> None:
    data = _explain(source, destination, dtype, None if "linear" in source else (32, 32)).to_json()
    plan = data["plan"]
    assert (data["kind"], plan["path"]) == (kind, path)
    if path == "shared_memory":
        assert plan["scratch_bytes"] > 0 and plan["wavefronts"] > 0 and plan["barriers"] == 1
    assert data["plan"]["verified"] in (True, None)


def test_the_cli_prints_json_with_the_issue_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", SEED_SOURCE, SEED_DESTINATION, "--dtype", "i32", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"kind", "why", "moving_dims", "triton", "matrices", "plan"} <= set(data)
    for key in (
        "path",
        "reason",
        "shuffles",
        "selects",
        "permutes",
        "barriers",
        "scratch_bytes",
        "wavefronts",
        "verified",
    ):
        assert key in data["plan"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--dtype", "b32"], "--dtype:1:1: error: convert needs an MLIR element type"),
        (["--dtype", "i32", "--destination", "(8):(1)"], "<destination>:1:1: error: the destination layout must be"),
    ],
)
def test_bad_arguments_are_located_errors(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    destination = SEED_DESTINATION
    if "--destination" in arguments:
        destination = arguments[arguments.index("--destination") + 1]
        arguments = arguments[: arguments.index("--destination")]
    assert main(["convert", SEED_SOURCE, destination, *arguments]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


def test_layouts_on_different_warps_are_refused() -> None:
    with pytest.raises(ValueError, match="different numbers of warps"):
        _explain(_blocked("1, 4", "4, 8", "4, 1", "1, 0"), _blocked("1, 4", "4, 8", "2, 1", "1, 0"), "f16", (32, 32))


@st.composite
def warp_permutations(draw: st.DrawFn) -> tuple[LinearLayout, LinearLayout]:
    """Two layouts of a 1-D tensor on one warp that place its bits in random orders."""
    register_bits, lane_bits = draw(st.integers(0, 3)), draw(st.integers(1, 5))
    units = [[1 << b] for b in range(register_bits + lane_bits)]

    def side() -> LinearLayout:
        order = draw(st.permutations(units))
        bases = [("register", order[:register_bits]), ("lane", order[register_bits:]), ("warp", []), ("block", [])]
        return LinearLayout.from_bases(bases, ["dim0"])

    return side(), side()


@settings(deadline=None)
@given(warp_permutations())
def test_the_factors_compose_to_the_permutation(pair: tuple[LinearLayout, LinearLayout]) -> None:
    source, target = pair
    permutation = hardware_permutation(source, target)
    assert permutation is not None
    registers = permutation.register_bits
    sigma = list(range(len(permutation.sigma)))
    reg = [*permutation.register_renaming, *range(registers, len(sigma))]
    lane = [*range(registers), *(registers + j for j in permutation.lane_relabelling)]
    mixed = list(sigma)
    for r, j in permutation.transpositions:
        mixed[r], mixed[registers + j] = registers + j, r
    assert [mixed[lane[reg[k]]] for k in sigma] == list(permutation.sigma)


@settings(deadline=None)
@given(warp_permutations())
def test_the_swap_sources_carry_the_conversion_out(pair: tuple[LinearLayout, LinearLayout]) -> None:
    """Run the swap (selects, the shuffle stage reading ``swap_source_lane``, selects) or
    the ship on element ids of 32-bit elements; every lane must end with the destination's."""
    source, target = pair
    warp = decompose_warp_conversion(source, target, 32)
    assert warp is not None
    lanes = 1 << warp.lane_bits
    held = [
        [source.apply({"register": r, "lane": lane, "warp": 0, "block": 0})["dim0"] for r in warp.source_slots]
        for lane in range(lanes)
    ]
    if warp.variant is ShuffleVariant.SWAP:
        inverse = warp.lanes_before_relabelling

        def swaps(words: list[list[int]], pre: bool) -> list[list[int]]:
            result = [list(w) for w in words]
            for t in warp.shuffled_transpositions:
                lane_bit = inverse[t.lane_bit] if pre else t.lane_bit
                for lane in range(lanes):
                    if lane >> lane_bit & 1:
                        for p in range(warp.words):
                            result[lane][p] = words[lane][p ^ 1 << t.register_bit]
                words = [list(w) for w in result]
            return result

        held = swaps(held, True)
        held = [[held[warp.swap_source_lane(p, lane)][p] for p in range(warp.words)] for lane in range(lanes)]
        held = swaps(held, False)
    else:
        for t in warp.shuffled_transpositions:
            on = [bool(lane >> t.lane_bit & 1) for lane in range(lanes)]
            pairs = [p for p in range(warp.words) if not p >> t.register_bit & 1]
            sent = [{p: held[lane][p if on[lane] else p | 1 << t.register_bit] for p in pairs} for lane in range(lanes)]
            for lane in range(lanes):
                received = sent[lane ^ 1 << t.lane_bit]
                for p in pairs:
                    if on[lane]:
                        held[lane][p] = received[p]
                    else:
                        held[lane][p | 1 << t.register_bit] = received[p]
    for lane in range(lanes):
        registers = range(target.get_in_dim_size("register"))
        expected = [target.apply({"register": r, "lane": lane, "warp": 0, "block": 0})["dim0"] for r in registers]
        assert [held[lane][slot] for slot in warp.destination_slots] == expected


def test_trivial_lane_relabelling_with_one_transposition_ships() -> None:
    source = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2], [4]])], ["dim0"])
    target = LinearLayout.from_bases([("register", [[2]]), ("lane", [[1], [4]])], ["dim0"])
    warp = decompose_warp_conversion(source, target, 32)
    assert warp is not None
    counts = triton_shuffle_counts(warp)
    assert (counts.variant, counts.shuffles, counts.selects) == ("ship", 1, 3)
    assert i32.bitwidth == 32


@pytest.mark.parametrize(("spelling", "arch"), [("sm_90", "cuda:90"), ("sm_90a", "cuda:90"), ("gfx942", "hip:gfx942")])
def test_targets_may_be_named_as_compilers_name_them(
    spelling: str, arch: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["convert", SEED_SOURCE, SEED_DESTINATION, "--dtype", "i32", "--target", spelling]) == 0
    assert f" on {arch} " in capsys.readouterr().out.splitlines()[0]
