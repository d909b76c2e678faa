"""``assign-layouts`` never costs more than ``remove-redundant-conversions`` by the cost
model, its output verifies, means what its input meant (the layout-blind interpreter),
and every conversion it makes is lowered and proven on the CTA simulator."""

from __future__ import annotations

import pytest
from filecheck_inputs import chunk_context, chunk_module, filecheck_chunks
from xdsl.dialects.builtin import ModuleOp

from layoutdialect import plan_module
from layoutdialect.cost import function_cost
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.passes.assign_layouts import AssignLayoutsPass
from layoutdialect.passes.assign_layouts.assignment import assign_layouts
from layoutdialect.passes.remove_redundant_conversions import RemoveRedundantConversionsPass
from layoutdialect.passes.remove_redundant_conversions.pipeline import verify_same_semantics

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
