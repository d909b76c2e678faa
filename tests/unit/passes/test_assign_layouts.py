"""``assign-layouts`` never costs more than ``remove-redundant-conversions`` by the cost
model, its output verifies, means what its input meant (the layout-blind interpreter),
and every conversion it makes is lowered and proven on the CTA simulator; on the
FileCheck suite's functions and on random kernels."""

from __future__ import annotations

import pytest
from filecheck_inputs import chunk_context, chunk_module, filecheck_chunks
from hypothesis import given, settings
from hypothesis import strategies as st
from synthetic_kernels import synthetic_kernel
from xdsl.dialects.builtin import ModuleOp

from layoutdialect import make_context, parse_module, plan_module, print_module, verify_module
from layoutdialect.cost import Pricer, function_cost
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.passes.assign_layouts import AssignLayoutsPass
from layoutdialect.passes.assign_layouts.assignment import assign_layouts
from layoutdialect.passes.assign_layouts.problem import LayoutProblem
from layoutdialect.passes.remove_redundant_conversions import RemoveRedundantConversionsPass
from layoutdialect.passes.remove_redundant_conversions.pipeline import verify_same_semantics
from layoutdialect.target import Target

SAMPLE = filecheck_chunks("remove-redundant-conversions", error_cases=False)[::5]
"""Every fifth chunk of the remove pass's FileCheck tests (all of them take 20 s)."""


def _single_block(module: ModuleOp) -> bool:
    return not any(len(region.blocks) > 1 for op in module.walk() for region in op.regions)


@pytest.mark.parametrize("chunk", SAMPLE)
def test_never_dearer_than_the_remove_pass_and_means_the_same(chunk: str) -> None:
    module = chunk_module(chunk)
    if not _single_block(module):
        pytest.skip("a region of several blocks: both passes leave the function unchanged")
    original = module.clone()
    removed = module.clone()
    RemoveRedundantConversionsPass().apply(chunk_context(), removed)
    removed_costs = {f.sym_name.data: function_cost(f).cost for f in _functions(removed)}
    for func in _functions(module):
        assignment = assign_layouts(func)
        assert assignment.status == "optimal"
        assert assignment.warm_start == removed_costs[func.sym_name.data]
        assert assignment.cost == function_cost(func).cost <= assignment.warm_start
        assert assignment.lower_bound <= assignment.cost
    module.verify()
    verify_same_semantics(original, module)
    assert all(plan.verified is not False for plan in plan_module(module))


def test_the_pass_records_what_it_proved_on_each_function() -> None:
    module = chunk_module(SAMPLE[0].values[0])
    AssignLayoutsPass(time_limit=5).apply(chunk_context(), module)
    for func in _functions(module):
        found = function_cost(func).assignment
        assert found is not None and found["status"] == "optimal" and found["objective"] == "cost"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"objective": "fast"}, "'objective' must be cost or count, got 'fast'"),
        ({"time_limit": 0}, "'time-limit' must be positive, got 0"),
        ({"target": "sm_1"}, "'target': unknown target 'sm_1'"),
    ],
)
def test_options_that_describe_nothing_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        AssignLayoutsPass(**options)  # type: ignore[arg-type]


def _functions(module: ModuleOp) -> list[AnyFuncOp]:
    return [op for op in module.walk() if isinstance(op, AnyFuncOp) and op.body.blocks]


EVERYTHING_EVERYWHERE = """
#b = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>
#all = #ttg.linear<{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 0, 64],
  [0, 0, 128], [0, 0, 256], [0, 0, 512], [0, 1, 0], [0, 2, 0], [1, 0, 0]], lane = [[0, 0, 0], [0, 0, 0], [0, 0, 0],
  [0, 0, 0], [0, 0, 0]], warp = [[0, 0, 0], [0, 0, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @everything_everywhere(%p: tensor<2x4x1024x!tt.ptr<f32>, #b>) -> tensor<2x4x1024xf32, #all> {
    %x = tt.load %p : tensor<2x4x1024x!tt.ptr<f32>, #b>
    %y = arith.mulf %x, %x : tensor<2x4x1024xf32, #b>
    %a = ttg.convert_layout %y : tensor<2x4x1024xf32, #b> -> tensor<2x4x1024xf32, #all>
    tt.return %a : tensor<2x4x1024xf32, #all>
  }
}
"""


def test_no_candidate_puts_a_whole_tensor_in_every_thread() -> None:
    """The return offers its layout, in which each thread would hold all 8,192 values: more
    registers than a thread has, so no op is ever computed in it; the conversion stays."""
    module = parse_module(EVERYTHING_EVERYWHERE, "everything.mlir", make_context())
    (func,) = _functions(module)
    problem = LayoutProblem.of(func, Pricer(Target.named("cuda:90")))
    offered = {str(strategy.encoding) for choice in problem.choices for strategy in choice.strategies}
    assert not any("LinearEncoding" in encoding for encoding in offered)
    assign_layouts(func)
    assert [op.name for op in func.body.block.ops] == ["tt.load", "arith.mulf", "ttg.convert_layout", "tt.return"]


@settings(max_examples=10, deadline=None)
@given(ops=st.integers(10, 150), seed=st.integers(0, 2**32 - 1))
def test_random_kernels_keep_their_meaning_and_cost_no_more(ops: int, seed: int) -> None:
    text, _ = synthetic_kernel(ops, seed)
    context = make_context()
    module = parse_module(text, "kernel", context)
    original = module.clone()
    (func,) = _functions(module)
    assignment = assign_layouts(func)
    assert assignment.status == "optimal"
    assert assignment.cost == function_cost(func).cost <= assignment.warm_start
    verify_module(module)
    verify_same_semantics(original, module)
    assert print_module(parse_module(print_module(module), "printed", context)) == print_module(module)


CONDITIONAL = """
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @choose(%c: i1, %p: tensor<64x64x!tt.ptr<f32>, #rows>, %q: tensor<64x64x!tt.ptr<f32>, #rows>) {
    %r = scf.if %c -> (tensor<64x64xf32, #cols>) {
      %a = tt.load %p : tensor<64x64x!tt.ptr<f32>, #rows>
      %a_cols = ttg.convert_layout %a : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
      scf.yield %a_cols : tensor<64x64xf32, #cols>
    } else {
      %b = tt.load %q : tensor<64x64x!tt.ptr<f32>, #rows>
      %b_cols = ttg.convert_layout %b : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
      scf.yield %b_cols : tensor<64x64xf32, #cols>
    }
    %r_rows = ttg.convert_layout %r : tensor<64x64xf32, #cols> -> tensor<64x64xf32, #rows>
    tt.store %p, %r_rows : tensor<64x64x!tt.ptr<f32>, #rows>
    tt.return
  }
}
"""


def test_a_conditional_result_takes_the_layout_both_branches_and_its_reader_share() -> None:
    """Solved from the input itself (no warm start): the conditional's result is a choice
    its branches' yields and the store agree on, so no conversion is left."""
    from layoutdialect.passes.assign_layouts.rewrite import rewrite_function
    from layoutdialect.passes.assign_layouts.solver import solve

    module = parse_module(CONDITIONAL, "choose.mlir", make_context())
    original = module.clone()
    (func,) = _functions(module)
    problem = LayoutProblem.of(func, Pricer(Target.named("cuda:90")))
    assert len(problem.slot_values) == 1
    solution = solve(problem, "cost", 10.0)
    assert solution is not None and solution.status == "optimal" and not solution.conversions
    rewrite_function(func, problem, solution)
    module.verify()
    verify_same_semantics(original, module)
    assert "ttg.convert_layout" not in print_module(module)
    assert function_cost(func).cost == solution.cost
