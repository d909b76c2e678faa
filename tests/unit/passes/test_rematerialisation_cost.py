"""Triton's price of recomputing a reduction in another layout."""

from __future__ import annotations

import pytest

from layoutdialect import make_context, parse_module
from layoutdialect.dialect.tt.ops import ReduceOp
from layoutdialect.passes.remove_redundant_conversions.rematerialisation import reduce_cost, reduce_is_associative

CTX = make_context()


def reduction(blocked: str, shape: str, element: str, combiner: str, axis: int) -> ReduceOp:
    result_shape = "x".join(d for i, d in enumerate(shape.split("x")) if i != axis)
    sliced = f"#ttg.slice<{{dim = {axis}, parent = #l}}>"
    text = f"""
    #l = #ttg.blocked<{blocked}>
    module attributes {{"ttg.num-warps" = 4 : i32}} {{
    tt.func @f(%x: tensor<{shape}x{element}, #l>) {{
      %r = "tt.reduce"(%x) <{{axis = {axis} : i32}}> ({{
      ^bb0(%a: {element}, %b: {element}):
        %c = {combiner} %a, %b : {element}
        tt.reduce.return %c : {element}
      }}) : (tensor<{shape}x{element}, #l>) -> tensor<{result_shape}x{element}, {sliced}>
      tt.return
    }}
    }}"""
    return next(op for op in parse_module(text, "reduce", CTX).walk() if isinstance(op, ReduceOp))


ROWS = "{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}"


@pytest.mark.parametrize(
    ("shape", "axis", "cost"),
    [
        ("32x64", 1, 4 + 8 * 2),  # 4 lanes and 2 warps along the row
        ("32x64", 0, 8 + 8 * 2),  # 8 lanes and 2 warps down the column
        ("32x8", 1, 2 + 8 * 1),  # 8 columns hold 2 distinct lanes; the second warp along them repeats
    ],
)
def test_reduce_cost_counts_distinct_lanes_and_warps_along_the_axis(shape: str, axis: int, cost: int) -> None:
    assert reduce_cost(reduction(ROWS, shape, "f32", "arith.maxnumf", axis)) == cost


@pytest.mark.parametrize(
    ("shape", "element", "combiner", "associative"),
    [
        ("32x64", "f32", "arith.addf", False),
        ("32x64", "f32", "arith.mulf", False),
        ("32x64", "f32", "arith.maxnumf", True),
        ("32x64", "i32", "arith.addi", True),
        ("32x2", "f32", "arith.addf", True),  # two elements: a single addition
    ],
)
def test_only_float_sums_and_products_over_more_than_two_elements_are_not_associative(
    shape: str, element: str, combiner: str, associative: bool
) -> None:
    assert reduce_is_associative(reduction(ROWS, shape, element, combiner, 1)) is associative
