"""The Python API a compiler stack calls (``layoutdialect.compiler``): pipelines by string or
by pass objects run as ``layout-opt`` runs them, and ``plan``, ``plan_module``,
``layout-tool plan --json`` and ``convert --json`` give one ``ConversionPlan`` alike."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import layoutdialect as ld
from layoutdialect.tools import layout_opt, layout_tool

ROOT = Path(__file__).resolve().parents[2]
ROWS = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
COLUMNS = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>"
SWAP_SOURCE = "#ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>"
SWAP_DESTINATION = "#ttg.linear<{register = [[4]], lane = [[1], [2]], warp = [], block = []}>"


def _example(name: str) -> str:
    return (ROOT / "examples" / name).read_text()


def _layout_opt(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    assert layout_opt.main(list(arguments)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("example", "pipeline", "passes"),
    [
        ("redundant_conversions.mlir", "remove-redundant-conversions", lambda: [ld.RemoveRedundantConversionsPass()]),
        ("matmul_tile.mlir", "lower-to-linear", lambda: [ld.LowerToLinearPass()]),
        (
            "lane_exchange.mlir",
            "lower-convert-layout{verify=true}",
            lambda: [ld.LowerConvertLayoutPass(verify=True)],
        ),
        ("redundant_conversions.mlir", "remove-redundant-conversions,cse", None),
    ],
)
def test_a_pipeline_by_string_or_by_objects_prints_what_layout_opt_prints(
    example: str, pipeline: str, passes: object, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = _layout_opt(capsys, str(ROOT / "examples" / example), "-p", pipeline)
    by_string = ld.parse_module(_example(example))
    ld.run_pipeline(by_string, pipeline)
    assert ld.print_module(by_string) == expected
    if callable(passes):
        by_objects = ld.parse_module(_example(example))
        ld.run_pipeline(by_objects, passes())
        assert ld.print_module(by_objects) == expected


@pytest.mark.parametrize(
    ("pipeline", "message"),
    [
        ("remove-redundant-conversion", "<pass-pipeline>:1:1: error:"),
        ("lower-convert-layout{verfy=true}", "<pass-pipeline>:1:"),
        ([object()], "a pipeline is a -p string or a sequence of ModulePass objects"),
    ],
)
def test_a_pipeline_that_cannot_be_read_is_a_located_value_error(pipeline: object, message: str) -> None:
    with pytest.raises(ld.IRError, match="error") as raised:
        ld.run_pipeline(ld.parse_module(_example("lane_exchange.mlir")), pipeline)  # type: ignore[arg-type]
    assert isinstance(raised.value, ValueError) and message in str(raised.value)


def test_the_pipeline_error_of_layout_opt_is_the_api_s(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        layout_opt.main([str(ROOT / "examples" / "lane_exchange.mlir"), "-p", "lower-convert-layout{verfy=true}"]) == 1
    )
    printed = capsys.readouterr().err
    with pytest.raises(ld.IRError) as raised:
        ld.run_pipeline(ld.parse_module(_example("lane_exchange.mlir")), "lower-convert-layout{verfy=true}")
    assert printed.strip() == str(raised.value).strip()


def _convert_json(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict[str, object]:
    assert layout_tool.main(["convert", *arguments, "--json"]) == 0
    plan: dict[str, object] = json.loads(capsys.readouterr().out)["plan"]
    return plan


def test_plan_is_the_plan_convert_prints(capsys: pytest.CaptureFixture[str]) -> None:
    printed = _convert_json(capsys, ROWS, COLUMNS, "--shape", "64x64", "--dtype", "f16", "--target", "cuda:90")
    planned = ld.plan(ROWS, COLUMNS, (64, 64), "f16", target="cuda:90")
    assert planned.to_json() | {"loc": "<convert>"} == printed
    assert planned.path == "shared_memory" and planned.verified is True
    assert planned.store is not None and planned.load is not None
    assert planned.wavefronts == planned.store.wavefronts + planned.load.wavefronts > 0
    assert planned.barriers >= 1 and planned.scratch_bytes > 0 and planned.reps >= 1


def test_plan_takes_encodings_their_attributes_or_text_alike() -> None:
    rows = ld.BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), ld.CGALayout.single(2))
    columns = ld.BlockedEncoding((4, 1), (4, 8), (1, 4), (0, 1), ld.CGALayout.single(2))
    by_text = ld.plan(ROWS, COLUMNS, (32, 32), "i32", verify=False)
    assert ld.plan(rows, columns, [32, 32], "i32", verify=False) == by_text
    assert ld.plan(ld.encoding_attr(rows), ld.encoding_attr(columns), (32, 32), "i32", verify=False) == by_text
    assert by_text.verified is None


def test_plan_module_gives_each_conversion_the_plan_of_its_two_layouts(capsys: pytest.CaptureFixture[str]) -> None:
    text = _example("lane_exchange.mlir")
    [in_module] = ld.plan_module(ld.parse_module(text, "lane_exchange.mlir"))
    alone = ld.plan(SWAP_SOURCE, SWAP_DESTINATION, dtype="i32")
    where = ("loc", "value", "source", "why", "src", "dst")
    assert {k: v for k, v in dataclasses.asdict(in_module).items() if k not in where} == {
        k: v for k, v in dataclasses.asdict(alone).items() if k not in where
    }
    assert (in_module.shuffles, in_module.selects, in_module.verified) == (2, 4, True)
    assert layout_tool.main(["plan", str(ROOT / "examples" / "lane_exchange.mlir"), "--json"]) == 0
    [printed] = json.loads(capsys.readouterr().out)["conversions"]
    assert printed == in_module.to_json() | {"loc": printed["loc"]}


def test_plan_module_takes_the_options_of_the_pass() -> None:
    module = ld.parse_module(_example("matmul_tile.mlir"))
    plans = ld.plan_module(module, verify=False, target="cuda:80", banks=16)
    assert plans and all(plan.verified is None for plan in plans)
    assert {plan.path for plan in plans} <= {"noop", "registers", "warp_shuffle", "shared_memory"}
    with pytest.raises(ld.IRError, match="--target"):
        ld.plan_module(module, target="cuda:9")
    with pytest.raises(ld.IRError, match="max_mixed_transpositions"):
        ld.plan_module(module, max_mixed_transpositions=-1)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: ld.plan(ROWS, COLUMNS, "32x32"), "shape must be a sequence of integers"),
        (lambda: ld.plan(ROWS, COLUMNS, (32, 32), "f128"), "is not a Triton element type"),
        (lambda: ld.plan(ROWS, 3, (32, 32)), "dst must be an encoding"),
        (lambda: ld.plan(ROWS, COLUMNS, (32, 32), target=90), "a target is a name"),
        (lambda: ld.plan(ROWS, "#ttg.blocked<{", (32, 32)), "<destination>:1:"),
        (lambda: ld.plan_module("module {}"), "plan_module needs a ModuleOp"),
        (lambda: ld.run_pipeline("module {}", "cse"), "run_pipeline needs a ModuleOp"),
    ],
)
def test_a_wrong_argument_is_a_value_error_that_names_it(call: object, message: str) -> None:
    with pytest.raises(ValueError, match="error") as raised:
        call()  # type: ignore[operator]
    assert message in str(raised.value)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: ld.LowerConvertLayoutPass(verify="yes"), "lower-convert-layout: 'verify' must be bool, got str"),
        (
            lambda: ld.LowerConvertLayoutPass(max_mixed_transpositions=1.5),
            "'max-mixed-transpositions' must be int, got float",
        ),
        (lambda: ld.RemoveRedundantConversionsPass(equal_layouts=1), "'equal-layouts' must be bool, got int"),
    ],
)
def test_a_pass_option_of_the_wrong_type_is_refused_as_the_pipeline_string_would_be(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]


def test_a_pass_applied_to_something_not_a_module_names_what_it_got() -> None:
    with pytest.raises(ValueError, match="lower-to-linear applies to a ModuleOp in a Context, got str in NoneType"):
        ld.LowerToLinearPass().apply(None, "module {}")  # type: ignore[arg-type]
