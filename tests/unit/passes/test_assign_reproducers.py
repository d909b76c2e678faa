"""``assign-layouts`` on small kernels built from public reports of layout trouble in
Triton's passes (``tests/filecheck/assign-layouts/reproducers``, one file per report): on
each it is proven cheapest by the cost model, its output verifies, means what its input
meant and holds no tensor that takes more registers per thread than the target has; and
it costs no more than Triton 3.9's remove-layout-conversions + CSE (strictly less, or as
much with the optimum proven)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench_assign_layouts import _triton_output
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Attribute, Operation

from layoutdialect import make_context, parse_module
from layoutdialect.cost import Pricer, function_cost
from layoutdialect.cost.register_pressure import type_registers
from layoutdialect.dialect.semantics import distributed_encoding
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.ttg.tensors import with_encoding
from layoutdialect.passes.assign_layouts.assignment import Assignment, assign_layouts
from layoutdialect.sim.same_semantics import check_same_semantics
from layoutdialect.target import Target

FOLDER = Path(__file__).parents[2] / "filecheck" / "assign-layouts" / "reproducers"
REPRODUCERS = sorted(FOLDER.glob("*.mlir"))


def _module(path: Path) -> ModuleOp:
    return parse_module(path.read_text(), path.name, make_context())


def _function(module: ModuleOp) -> AnyFuncOp:
    (func,) = [op for op in module.walk() if isinstance(op, AnyFuncOp) and op.body.blocks]
    return func


def _op(func: AnyFuncOp, name: str) -> Operation:
    (op,) = [op for op in func.walk() if op.name == name]
    return op


def _tensor_types(func: AnyFuncOp) -> list[Attribute]:
    """The type of every tensor of ``func``: its ops' results and its blocks' arguments."""
    values = [v for op in func.walk() for v in op.results]
    values += [a for op in func.walk() for region in op.regions for block in region.blocks for a in block.args]
    return [v.type for v in values if isinstance(v.type, TensorType)]


def _assigned(path: Path) -> tuple[ModuleOp, ModuleOp, Assignment]:
    """The module of ``path`` before and after assign-layouts, and what it proved."""
    module = _module(path)
    original = module.clone()
    return original, module, assign_layouts(_function(module))


def test_the_folder_holds_a_case_per_report() -> None:
    assert len(REPRODUCERS) == 8


@pytest.mark.parametrize("path", REPRODUCERS, ids=lambda path: path.stem)
def test_proven_cheapest_within_the_register_limit_and_same_meaning(path: Path) -> None:
    original, module, assignment = _assigned(path)
    func = _function(module)
    func.verify()
    priced = function_cost(func)
    assert assignment.status == "optimal"
    assert assignment.lower_bound <= assignment.cost == priced.cost <= assignment.warm_start
    assert max(type_registers(type_) for type_ in _tensor_types(func)) <= priced.register_limit
    check_same_semantics(original, module)


@pytest.mark.parametrize("path", REPRODUCERS, ids=lambda path: path.stem)
def test_no_dearer_than_triton(path: Path) -> None:
    pytest.importorskip("triton")
    theirs = _triton_output(path.read_text())
    assert theirs is not None
    reference = function_cost(_function(parse_module(theirs, "triton", make_context()))).cost
    _, _, assignment = _assigned(path)
    assert assignment.cost < reference or (assignment.cost == reference and assignment.status == "optimal")


def test_the_broadcast_layout_would_put_every_element_in_every_thread() -> None:
    """The reported layout: the sum's layout after its reshape (what the conversion reads)
    broadcast to 2x4x1024 holds all 8,192 values in each thread, far past the limit, so no
    op is computed in it."""
    func = _function(_module(FOLDER / "broadcast-into-every-thread.mlir"))
    nothing = distributed_encoding(_op(func, "ttg.convert_layout").operands[0].type)
    broadcast = _op(func, "tt.broadcast").results[0].type
    assert nothing is not None
    assert type_registers(with_encoding(broadcast, nothing)) == 2 * 4 * 1024 > function_cost(func).register_limit


def test_the_uncoalesced_load_is_priced_above_the_reduce_friendly_conversion() -> None:
    """Loading the tile in the reduce-friendly layout costs more than loading it coalesced
    and converting it, so the model never removes that conversion by moving the load."""
    func = _function(_module(FOLDER / "column-sums-reduce-friendly.mlir"))
    load, conversion = _op(func, "tt.load"), _op(func, "ttg.convert_layout")
    friendly = distributed_encoding(conversion.results[0].type)
    assert friendly is not None
    pricer = Pricer(Target.named("cuda:90"))
    moved = ([with_encoding(load.operands[0].type, friendly)], [with_encoding(load.results[0].type, friendly)])
    coalesced, converted, uncoalesced = pricer.price(load), pricer.price(conversion), pricer.price(load, moved)
    assert coalesced is not None and converted is not None and uncoalesced is not None
    assert uncoalesced.cost > coalesced.cost + converted.cost
