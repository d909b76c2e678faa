"""Every fold keeps the program's meaning: an op of constants (and of an argument, for
the identities) computes, on the layout-blind interpreter, what it folds to."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from layoutdialect import make_context, parse_module
from layoutdialect.dialect.folds import fold
from layoutdialect.passes.remove_redundant_conversions.canonicalization import fold_ops
from layoutdialect.sim.same_semantics import check_same_semantics

CONTEXT = make_context()
LAYOUT = "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>"

INTEGER_OPS = ["addi", "subi", "muli", "andi", "ori", "xori", "shli", "shrui", "shrsi", "maxsi", "minui"]
FLOAT_OPS = ["addf", "subf", "mulf", "divf"]


def _module(body: str, argument: str, result: str) -> str:
    return (
        f"#b = {LAYOUT}\n"
        'module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {\n'
        f"  tt.func @f(%x: {argument}) -> {result} {{\n{body}\n  }}\n}}\n"
    )


def _folds_and_keeps_meaning(text: str) -> bool:
    before = parse_module(text, "f.mlir", CONTEXT)
    after = parse_module(text, "f.mlir", CONTEXT)
    folded = fold_ops(after)
    check_same_semantics(before, after)
    return folded


@settings(deadline=None)
@given(
    st.sampled_from(INTEGER_OPS),
    st.sampled_from(["i8", "i32", "i64"]),
    st.integers(-300, 300),
    st.integers(-300, 300),
    st.booleans(),
)
def test_integer_ops_of_constants_fold_to_their_value(name: str, element: str, a: int, b: int, splat: bool) -> None:
    type_ = f"tensor<32x{element}, #b>" if splat else element
    literal = (lambda v: f"dense<{v}>") if splat else str
    body = (
        f"    %a = arith.constant {literal(a % 128)} : {type_}\n"
        f"    %b = arith.constant {literal(b % 7)} : {type_}\n"
        f"    %r = arith.{name} %a, %b : {type_}\n"
        f"    tt.return %r : {type_}"
    )
    _folds_and_keeps_meaning(_module(body, "i32", type_))


@settings(deadline=None)
@given(
    st.sampled_from(FLOAT_OPS), st.sampled_from(["f16", "f32"]), st.floats(-8, 8, width=16), st.floats(-8, 8, width=16)
)
def test_float_ops_of_constants_fold_to_their_value(name: str, element: str, a: float, b: float) -> None:
    type_ = f"tensor<32x{element}, #b>"
    body = (
        f"    %a = arith.constant dense<{a!r}> : {type_}\n"
        f"    %b = arith.constant dense<{b!r}> : {type_}\n"
        f"    %r = arith.{name} %a, %b : {type_}\n"
        f"    tt.return %r : {type_}"
    )
    _folds_and_keeps_meaning(_module(body, "i32", type_))


@settings(deadline=None)
@given(st.sampled_from(INTEGER_OPS), st.sampled_from([0, 1, -1]), st.booleans())
def test_integer_identities_keep_the_meaning(name: str, constant: int, constant_first: bool) -> None:
    type_ = "tensor<32xi32, #b>"
    operands = "%c, %x" if constant_first else "%x, %c"
    body = (
        f"    %c = arith.constant dense<{constant}> : {type_}\n"
        f"    %r = arith.{name} {operands} : {type_}\n"
        f"    tt.return %r : {type_}"
    )
    _folds_and_keeps_meaning(_module(body, type_, type_))


@settings(deadline=None)
@given(st.sampled_from(["extsi", "extui", "sitofp", "uitofp"]), st.integers(-128, 127))
def test_casts_of_constants_fold_to_their_value(name: str, value: int) -> None:
    target = "tensor<32xi32, #b>" if name.startswith("ext") else "tensor<32xf32, #b>"
    body = (
        f"    %a = arith.constant dense<{value}> : tensor<32xi8, #b>\n"
        f"    %r = arith.{name} %a : tensor<32xi8, #b> to {target}\n"
        f"    tt.return %r : {target}"
    )
    assert _folds_and_keeps_meaning(_module(body, "i32", target))


def test_an_inexact_truncation_is_not_folded() -> None:
    body = (
        "    %a = arith.constant dense<0.1> : tensor<32xf32, #b>\n"
        "    %r = arith.truncf %a : tensor<32xf32, #b> to tensor<32xf16, #b>\n"
        "    tt.return %r : tensor<32xf16, #b>"
    )
    module = parse_module(_module(body, "i32", "tensor<32xf16, #b>"), "f.mlir", CONTEXT)
    truncation = next(op for op in module.walk() if op.name == "arith.truncf")
    assert fold(truncation) is None
