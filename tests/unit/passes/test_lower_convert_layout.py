"""``lower_convert_layouts`` on whole modules: what it lowers, what it keeps, and that the result is right."""

from __future__ import annotations

from collections import Counter

import pytest
from conversion_corpus import CORPUS, TRITON_COUNTS
from xdsl.dialects.builtin import UnrealizedConversionCastOp
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Operation
from xdsl.transforms.common_subexpression_elimination import CommonSubexpressionElimination

from layoutdialect import IRError, make_context, parse_module, print_module, verify_module
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.lowering import layout_conversion
from layoutdialect.passes.lower_convert_layout import lower_convert_layouts
from layoutdialect.sim.verify import ConversionMismatch

CTX = make_context()
CASES = {case[0]: case for case in CORPUS}


def convert_module(name: str) -> str:
    """A module whose function converts its argument as corpus case ``name`` does, and returns it."""
    _, src, dst, shape, element, warps = CASES[name]
    dims = "x".join(map(str, shape))
    source, result = f"tensor<{dims}x{element}, {src}>", f"tensor<{dims}x{element}, {dst}>"
    return (
        f'module attributes {{"ttg.num-warps" = {warps} : i32}} {{\n'
        f"  func.func @f(%x: {source}) -> {result} {{\n"
        f"    %y = ttg.convert_layout %x : {source} -> {result}\n"
        f"    func.return %y : {result}\n"
        "  }\n"
        "}\n"
    )


def op_counts(module: Operation) -> Counter[str]:
    return Counter(op.name for op in module.walk())


@pytest.mark.parametrize("name", list(TRITON_COUNTS))
def test_every_corpus_conversion_is_lowered_and_verified(name: str) -> None:
    module = parse_module(convert_module(name), f"{name}.mlir", CTX)
    assert lower_convert_layouts(module, verify=True) == []
    verify_module(module)
    counts = op_counts(module)
    assert counts["ttg.convert_layout"] == 0
    path, shuffles, _ = TRITON_COUNTS[name]
    assert counts["gpu.shuffle"] <= shuffles
    through_memory = (counts["memref.alloc"], counts["memref.view"], min(counts["vector.store"], 1))
    assert through_memory == ((1, 1, 1) if "shared" in path else (0, 0, 0))
    function = next(op for op in module.walk() if isinstance(op, FuncOp))
    returned = function.body.block.last_op
    assert isinstance(returned, ReturnOp)
    assert returned.operands[0].type == function.function_type.outputs.data[0]


@pytest.mark.parametrize("name", list(TRITON_COUNTS))
def test_the_emitted_code_has_nothing_for_cse_to_remove(name: str) -> None:
    module = parse_module(convert_module(name), f"{name}.mlir", CTX)
    lower_convert_layouts(module)
    lowered = op_counts(module)
    CommonSubexpressionElimination().apply(CTX, module)
    assert op_counts(module) == lowered


def test_the_result_is_printable_and_parses_back() -> None:
    module = parse_module(convert_module("warp_swap_packed_4w_128x32_f16"), "swap.mlir", CTX)
    lower_convert_layouts(module)
    text = print_module(module)
    assert print_module(parse_module(text, "again.mlir", CTX)) == text


def test_equal_layouts_only_retype_the_source() -> None:
    module = parse_module(convert_module("mmav2_to_dotA_4x1_128x64_f16"), "noop.mlir", CTX)
    lower_convert_layouts(module, verify=True)
    function = next(op for op in module.walk() if isinstance(op, FuncOp))
    [cast, returned] = function.body.block.ops
    assert isinstance(cast, UnrealizedConversionCastOp)
    assert cast.operands[0] == function.args[0]
    assert returned.operands[0] == cast.results[0]


def test_a_conversion_to_its_own_type_is_its_source() -> None:
    _, src, dst, _, _, _ = CASES["warp_ship_32x32_i32"]
    text = convert_module("warp_ship_32x32_i32").replace(dst, src)
    module = parse_module(text, "same.mlir", CTX)
    assert lower_convert_layouts(module, verify=True) == []
    function = next(op for op in module.walk() if isinstance(op, FuncOp))
    [returned] = function.body.block.ops
    assert returned.operands[0] == function.args[0]


def test_one_scratch_buffer_per_function_sized_for_its_largest_conversion() -> None:
    """@f converts f16 there and back (16 KB each); @g converts f32 (32 KB)."""
    _, row, col, _, _, _ = CASES["blocked_transpose_128x64_f16"]
    f16_rows, f16_cols = f"tensor<128x64xf16, {row}>", f"tensor<128x64xf16, {col}>"
    text = (
        'module attributes {"ttg.num-warps" = 4 : i32} {\n'
        f"  func.func @f(%x: {f16_rows}) -> {f16_rows} {{\n"
        f"    %y = ttg.convert_layout %x : {f16_rows} -> {f16_cols}\n"
        f"    %z = ttg.convert_layout %y : {f16_cols} -> {f16_rows}\n"
        f"    func.return %z : {f16_rows}\n"
        "  }\n" + "\n".join(convert_module("blocked_transpose_128x64_f32").replace("@f", "@g").splitlines()[1:])
    )
    module = parse_module(text, "two.mlir", CTX)
    assert lower_convert_layouts(module, verify=True) == []
    allocs = [op for op in module.walk() if op.name == "memref.alloc"]
    assert [str(op.results[0].type) for op in allocs] == ["memref<16384xi8, 3 : i64>", "memref<32768xi8, 3 : i64>"]
    functions = [op for op in module.walk() if isinstance(op, FuncOp)]
    assert [function.body.block.first_op for function in functions] == allocs
    assert len([op for op in module.walk() if op.name == "memref.view"]) == 3


def test_cross_cta_conversions_are_lowered_through_distributed_shared_memory() -> None:
    text = """#a = #ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = [[4, 0]]}>
#b = #ttg.linear<{register = [[4, 0]], lane = [[1, 0], [2, 0]], warp = [], block = [[0, 1]]}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32, "ttg.num-ctas" = 2 : i32} {
  func.func @f(%x: tensor<8x2xf32, #a>) -> tensor<8x2xf32, #b> {
    %y = ttg.convert_layout %x : tensor<8x2xf32, #a> -> tensor<8x2xf32, #b>
    func.return %y : tensor<8x2xf32, #b>
  }
}
"""
    module = parse_module(text, "ctas.mlir", CTX)
    assert lower_convert_layouts(module, verify=True) == []
    counts = op_counts(module)
    assert counts["ttg.convert_layout"] == counts["gpu.barrier"] == 0
    assert counts["nvvm.cluster.wait"] == 2 and counts["nvvm.mapa"] == counts["llvm.load"] == 2


def test_the_transposition_budget_decides_between_shuffles_and_shared_memory() -> None:
    text = convert_module("warp_transpose_4w_32x32_f32")
    through_memory = parse_module(text, "t.mlir", CTX)
    assert lower_convert_layouts(through_memory, verify=True) == []
    counts = op_counts(through_memory)
    assert (counts["gpu.shuffle"], counts["vector.store"], counts["gpu.barrier"]) == (0, 4, 0)
    lowered = parse_module(text, "t.mlir", CTX)
    assert lower_convert_layouts(lowered, verify=True, max_mixed_transpositions=2) == []
    assert op_counts(lowered)["gpu.shuffle"] > 0


def test_a_second_run_changes_nothing() -> None:
    module = parse_module(convert_module("warp_ship_32x32_i32"), "ship.mlir", CTX)
    lower_convert_layouts(module)
    once = print_module(module)
    assert lower_convert_layouts(module) == []
    assert print_module(module) == once


def test_verify_reports_a_wrong_lowering_at_the_op(monkeypatch: pytest.MonkeyPatch) -> None:
    def always_wrong(*_: object, **__: object) -> None:
        raise ConversionMismatch("lane 3 register 0 should hold element 7, holds 5")

    monkeypatch.setattr(layout_conversion, "verify_conversion", always_wrong)
    module = parse_module(convert_module("warp_ship_32x32_i32"), "ship.mlir", CTX)
    with pytest.raises(IRError, match=r"ship\.mlir:3:5: error: .*the lowered conversion is wrong: lane 3"):
        lower_convert_layouts(module, verify=True)
    assert op_counts(module)["ttg.convert_layout"] == 1


def test_unverified_lowering_does_not_run_the_simulator(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*_: object, **__: object) -> None:
        raise AssertionError("verify_conversion ran without verify=True")

    monkeypatch.setattr(layout_conversion, "verify_conversion", never)
    module = parse_module(convert_module("warp_ship_32x32_i32"), "ship.mlir", CTX)
    assert lower_convert_layouts(module) == []


def test_a_conversion_without_encodings_is_kept() -> None:
    text = (
        "module {\n"
        "  func.func @f(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {\n"
        "    %y = ttg.convert_layout %x : tensor<4x4xf32> -> tensor<4x4xf32>\n"
        "    func.return %y : tensor<4x4xf32>\n"
        "  }\n"
        "}\n"
    )
    module = parse_module(text, "plain.mlir", CTX)
    remarks = lower_convert_layouts(module)
    assert [str(remark) for remark in remarks] == [
        "plain.mlir:3:5: remark: the conversion has no ttg encoding on both sides; kept"
    ]
    assert any(isinstance(op, ConvertLayoutOp) for op in module.walk())


def test_an_element_type_without_a_bit_width_is_kept_with_the_reason() -> None:
    text = convert_module("warp_ship_32x32_i32").replace("xi32,", "xcomplex<f32>,")
    module = parse_module(text, "complex.mlir", CTX)
    [remark] = lower_convert_layouts(module)
    assert str(remark) == (
        "complex.mlir:3:5: remark: the conversion cannot be planned: type complex<f32> has no fixed bit width; kept"
    )
