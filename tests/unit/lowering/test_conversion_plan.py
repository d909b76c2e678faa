"""``plan_module``: one ``ConversionPlan`` per conversion, the module untouched, the JSON keys of
``layout-tool plan``."""

from __future__ import annotations

import pytest
from conversion_corpus import CORPUS

from layoutdialect import make_context, parse_module, print_module
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.lowering import conversion_plan
from layoutdialect.lowering.conversion_plan import plan_module, simulated_positions
from layoutdialect.lowering.convert_layout_op import PlannedConversion, plan_convert_op

CTX = make_context()
REQUIRED_KEYS = {
    "loc", "src", "dst", "shape", "dtype", "path", "shuffles", "selects", "store", "load", "barriers", "scratch_bytes",
    "verified",
}  # fmt: skip
COST_KEYS = {
    "vector_bits",
    "instructions",
    "phases",
    "wavefronts_per_instruction",
    "wavefronts_per_access",
    "bank_conflicts",
    "instruction",
}


def corpus_module() -> str:
    functions = []
    for index, (_, src, dst, shape, element, _) in enumerate(case for case in CORPUS if case[5] == 4):
        dims = "x".join(map(str, shape))
        source, result = f"tensor<{dims}x{element}, {src}>", f"tensor<{dims}x{element}, {dst}>"
        functions.append(
            f"  func.func @f{index}(%x: {source}) {{\n"
            f"    %y = ttg.convert_layout %x : {source} -> {result}\n"
            "    func.return\n  }\n"
        )
    return 'module attributes {"ttg.num-warps" = 4 : i32} {\n' + "".join(functions) + "}\n"


def test_every_conversion_is_reported_verified_and_the_module_is_untouched() -> None:
    module = parse_module(corpus_module(), "corpus.mlir", CTX)
    before = print_module(module)
    plans = plan_module(module)
    assert print_module(module) == before
    assert len(plans) == len([case for case in CORPUS if case[5] == 4])
    assert all(plan.verified for plan in plans)
    for plan in plans:
        entry = plan.to_json()
        assert set(entry) >= REQUIRED_KEYS
        if entry["path"] == "shared_memory":
            store = entry["store"]
            assert set(store) >= COST_KEYS and set(entry["load"]) >= COST_KEYS
            assert store["instructions"] > 0 and entry["scratch_bytes"] > 0
            assert store["wavefronts_per_access"] == store["instructions"] * store["wavefronts_per_instruction"]
        else:
            assert entry["store"] is entry["load"] is None and entry["scratch_bytes"] == 0


def test_without_verification_nothing_is_claimed() -> None:
    module = parse_module(corpus_module(), "corpus.mlir", CTX)
    assert {plan.verified for plan in plan_module(module, verify=False)} == {None}


def test_a_conversion_between_ctas_goes_through_distributed_shared_memory() -> None:
    text = """#a = #ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = [[4, 0]]}>
#b = #ttg.linear<{register = [[4, 0]], lane = [[1, 0], [2, 0]], warp = [], block = [[0, 1]]}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32, "ttg.num-ctas" = 2 : i32} {
  func.func @f(%x: tensor<8x2xf32, #a>) {
    %y = ttg.convert_layout %x : tensor<8x2xf32, #a> -> tensor<8x2xf32, #b>
    func.return
  }
}
"""
    [plan] = plan_module(parse_module(text, "ctas.mlir", CTX))
    assert (plan.loc, plan.path, plan.reason, plan.verified) == (
        "ctas.mlir:5:5",
        "distributed_shared_memory",
        "data crosses the CTAs of the cluster",
        True,
    )


def test_the_simulator_budget_is_shared_by_the_conversions_of_one_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
    columns = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>"
    source, result = f"tensor<64x64xf16, {rows}>", f"tensor<64x64xf16, {columns}>"
    convert = f"ttg.convert_layout %x : {source} -> {result}"
    text = (
        'module attributes {"ttg.num-warps" = 4 : i32} {\n'
        f"  func.func @f(%x: {source}) {{\n    %y = {convert}\n    %z = {convert}\n    func.return\n  }}\n}}\n"
    )
    module = parse_module(text, "twice.mlir", CTX)
    [op, _] = [op for op in module.walk() if isinstance(op, ConvertLayoutOp)]
    planned = plan_convert_op(op)
    assert isinstance(planned, PlannedConversion)
    monkeypatch.setattr(conversion_plan, "MAX_SIMULATED_POSITIONS", simulated_positions(planned.conversion))
    first, second = plan_module(module)
    assert first.verified is True and first.unverified == ""
    assert second.verified is None and "are more than the 0 left of the" in second.unverified
