"""The size model of ``layout-tool``: what each command answers quickly, and what it refuses,
at the argument that asks for too much (``layoutdialect.answers.arguments``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from layoutdialect.analysis.swizzle_synthesis import XorMap, access_costs
from layoutdialect.answers.arguments import (
    LayoutArgumentError,
    parse_element_bits,
    parse_element_type,
    parse_layout_argument,
    parse_shape,
)
from layoutdialect.answers.codegen import generate_conversion
from layoutdialect.answers.convert import explain_conversion
from layoutdialect.answers.cute import cute_answer
from layoutdialect.answers.limits import MAX_ELEMENTS, MAX_JSON_ELEMENTS
from layoutdialect.answers.picture import draw_layout
from layoutdialect.answers.show import ShowAnswer, show_layout
from layoutdialect.cute.layout import Swizzle
from layoutdialect.lowering import conversion_plan
from layoutdialect.target import SharedMemory, Target

BLOCKED = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
COLUMNS = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>"
MMA_V3 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>"


def _refused(call: object, *arguments: object) -> LayoutArgumentError:
    with pytest.raises(LayoutArgumentError) as error:
        call(*arguments)  # type: ignore[operator]
    return error.value


def test_a_shape_of_more_than_2_to_the_20_elements_is_refused_at_the_option() -> None:
    error = _refused(parse_shape, "2097152x1")
    assert str(error.location) == "--shape:1:1"
    assert (
        error.message
        == "2097152x1 has 2097152 elements; layout-tool answers layouts of at most 1048576 (2^20) elements"
    )
    assert parse_shape("1024x1024") == (1024, 1024)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("(3,1000000):(4,1)", "the layout's size is 3000000"),
        ("complement(4:2, 2147483648)", "the layout's size is 536870912"),
        ("(2,2):(1,1048576)", "the layout's offsets reach 1048577"),
        ("Swizzle<3,3,3> o (2048,1024):(1024,1)", "the layout's size is 2097152"),
        ("Swizzle<3,3,-20> o (8,64):(64,1)", "the layout's offsets reach 67108863"),
    ],
)
def test_a_cute_layout_past_the_limit_is_refused_before_it_is_evaluated(text: str, message: str) -> None:
    error = _refused(parse_layout_argument, text)
    assert str(error.location) == "<layout>:1:1" and error.message.startswith(message)


def test_a_swizzle_that_never_reads_its_source_bits_keeps_the_offsets_in_reach() -> None:
    """``Swizzle<3,3,1000>`` reads bits 1003 to 1005, which no offset below 512 has."""
    assert parse_layout_argument("Swizzle<3,3,1000> o (8,64):(64,1)").shape == (8, 64)


def test_a_linear_layout_covering_more_than_2_to_the_20_elements_is_refused_at_the_layout() -> None:
    bases = ", ".join(f"[{1 << bit}]" for bit in range(21))
    error = _refused(parse_layout_argument, f"#ttg.linear<{{register = [{bases}], lane = [], warp = [], block = []}}>")
    assert error.message.startswith("the tensor 2097152 has 2097152 elements")


@pytest.mark.parametrize(("dtype", "bits"), [("b1024", 1024), ("f16", 16), ("b128", 128)])
def test_elements_of_up_to_1024_bits_are_read(dtype: str, bits: int) -> None:
    assert parse_element_bits(dtype) == bits


@pytest.mark.parametrize("dtype", ["b2048", "b2147483648", "b" + "9" * 5000])
def test_wider_elements_are_refused_at_the_dtype(dtype: str) -> None:
    error = _refused(parse_element_bits, dtype)
    assert str(error.location) == "--dtype:1:1" and "wider than the widest layout-tool takes, b1024" in error.message


def test_a_cute_layout_of_2_to_the_20_elements_is_evaluated_as_the_layout_says() -> None:
    answer = cute_answer(["Swizzle<3,3,3> o (1024,1024):(1024,1)"])
    values = answer.facts[0].values
    swizzle = Swizzle(3, 3, 3)
    indices = np.random.default_rng(0).integers(0, 1 << 20, 1000)
    assert len(values) == 1 << 20
    assert all(values[i] == swizzle(i % 1024 * 1024 + i // 1024) for i in indices.tolist())
    assert answer.facts[0].inverse is not None


def test_the_linear_costs_at_one_place_are_those_of_every_place() -> None:
    """The swizzle search costs an F2-linear address at one place of each power-of-two
    access, as every place is the first moved by an XOR constant."""
    memory = SharedMemory()
    address = XorMap(64, (1, 2, 4, 8, 16, 32))
    accesses = [(1, 8), (8, 8), (4, 16), (64, 1)]
    assert access_costs(address, 64, 64, 16, accesses, memory, linear=True) == access_costs(
        address, 64, 64, 16, accesses, memory
    )


def test_a_conversion_past_the_simulator_budget_is_explained_and_says_it_was_not_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(conversion_plan, "MAX_SIMULATED_POSITIONS", 1 << 10)
    src, dst = parse_layout_argument(BLOCKED, (64, 64)), parse_layout_argument(COLUMNS, (64, 64))
    answer = explain_conversion(src, dst, parse_element_type("f16"), Target.named(None))
    assert answer.plan.verified is None
    reason = "not run on the simulator: 8192 hardware positions (4096, checked 2 times) are more than the 1024"
    assert f"verified: {reason}" in answer.text()
    code = generate_conversion(src, dst, parse_element_type("f16")).source
    assert f"// {reason}" in code and "lane 0 now holds" not in code


def test_a_conversion_within_the_budget_is_run_on_the_simulator() -> None:
    src, dst = parse_layout_argument(BLOCKED, (64, 64)), parse_layout_argument(COLUMNS, (64, 64))
    answer = explain_conversion(src, dst, parse_element_type("f16"), Target.named(None))
    assert answer.plan.verified is True and answer.plan.unverified == ""


def test_json_lists_elements_up_to_its_limit_and_gives_the_bases_beyond() -> None:
    small = show_layout(parse_layout_argument(BLOCKED, (64, 64))).to_json()
    assert len(small["elements"]) == 64 * 64
    large: ShowAnswer = show_layout(parse_layout_argument(BLOCKED, (512, 512)))
    listed = large.to_json()
    assert "elements" not in listed and listed["linear_layout"]["bases"]
    assert listed["unlisted"].startswith(f"262144 entries are more than --json lists ({MAX_JSON_ELEMENTS})")


def test_show_full_refuses_more_places_than_it_prints_at_the_option() -> None:
    broadcast = ", ".join(["[0]"] * 21)
    layout = f"#ttg.linear<{{register = [{broadcast}], lane = [[1]], warp = [], block = []}}>"
    argument = parse_layout_argument(layout)
    assert "too many to draw" in show_layout(argument).text()
    error = _refused(show_layout, argument, None, True)
    assert str(error.location) == "--full:1:1"
    assert error.message == f"the layout has {1 << 22} places to print; --full prints at most {MAX_ELEMENTS} (2^20)"


@pytest.mark.parametrize("option", ["--svg", "--png"])
def test_a_large_grid_is_drawn_as_one_image_in_the_options_format(option: str, tmp_path: Path) -> None:
    """The format is the option's, whatever the file is called."""
    path = tmp_path / "picture.svg"
    draw_layout(parse_layout_argument(MMA_V3, (256, 128)), path, 16, SharedMemory(), option)
    written = path.read_bytes()
    assert written.startswith(b"\x89PNG") if option == "--png" else b"<svg" in written[:400]
    if option == "--svg":
        assert b"<image" in written and written.count(b"<path") < 100
