"""Encodings, conversion plans and ``convert`` answers render themselves in notebooks."""

from __future__ import annotations

from layoutdialect.analysis.conversion import choose_strategy
from layoutdialect.answers.arguments import parse_element_type, parse_layout_argument
from layoutdialect.answers.convert import explain_conversion
from layoutdialect.encodings.layout_properties import cta_tile_shape
from layoutdialect.target import Target

BLOCKED = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
MMA = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"


def _encoding(text: str):  # noqa: ANN202 - an encoding of any kind
    return parse_layout_argument(text, (64, 64)).encoding


def test_the_cta_tile_is_the_smallest_shape_without_thread_copies() -> None:
    assert cta_tile_shape(_encoding(BLOCKED)) == [16, 32]
    assert cta_tile_shape(_encoding(MMA)) == [32, 16]


def test_an_encoding_shows_its_layout_at_its_cta_tile() -> None:
    html = _encoding(BLOCKED)._repr_html_()
    assert "at its CTA tile [16, 32]" in html and "<th>w2</th>" in html


def test_a_plan_and_a_convert_answer_show_themselves() -> None:
    src = parse_layout_argument("#ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>")
    dst = parse_layout_argument("#ttg.linear<{register = [[4]], lane = [[1], [2]], warp = [], block = []}>")
    plan = choose_strategy(src.layout, dst.layout, 32, Target.named(None).shared)
    html = plan._repr_html_()
    assert "<th>kind</th><td>intra-warp</td>" in html and "<th>shuffles</th><td>2</td>" in html
    answer = explain_conversion(src, dst, parse_element_type("i32"), Target.named(None))
    page = answer._repr_html_()
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == 2
