"""The layout semantics ops declare (``layoutdialect.dialect.semantics``) agree with what
their verifiers accept, and MLIR's own ops get theirs."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Operation

from layoutdialect import parse_module
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.semantics import (
    Elementwise,
    InferredLayout,
    LayoutAnchor,
    Recreatable,
    distributed_encoding,
    layout_rule,
    semantic_trait,
)
from layoutdialect.dialect.ttg.tensors import same_layout

SUITE = Path(__file__).parents[2] / "filecheck"
CORPORA = [
    SUITE / "dialect" / "ops.mlir",
    *sorted((SUITE / "remove-redundant-conversions").glob("*.mlir")),
]


def _modules(path: Path) -> list[ModuleOp]:
    text = path.read_text()
    context = make_context(allow_unregistered=True)
    modules = []
    for chunk in text.split("\n// -----\n"):
        try:
            modules.append(parse_module(chunk, ctx=context))
        except ValueError:
            continue  # an expected-error chunk
    return modules


@cache
def _inferring_ops(path: Path) -> list[Operation]:
    """The ops of ``path`` whose layout rule infers one side's layout from the other's."""
    return [op for module in _modules(path) for op in module.walk() if isinstance(layout_rule(op), InferredLayout)]


def test_the_corpus_holds_every_shape_changing_op() -> None:
    names = {op.name for path in CORPORA for op in _inferring_ops(path)}
    assert {"tt.reduce", "tt.expand_dims", "tt.reshape", "tt.trans", "tt.join", "tt.split"} <= names


def _holds_the_ir_layout(op: Operation) -> bool:
    """Whether ``op``'s rule gives the layout the IR holds in one direction at least, or
    the op has no distributed layouts to infer."""
    rule = layout_rule(op)
    assert rule is not None
    operand = rule.layout_operands(op)[0]
    source, target = distributed_encoding(operand.type), distributed_encoding(op.results[0].type)
    if source is None or target is None:
        return True
    assert isinstance(operand.type, TensorType) and isinstance(op.results[0].type, TensorType)
    forward, backward = rule.result_encoding(op, source), rule.operand_encoding(op, target)
    forward_holds = forward is not None and same_layout(forward, target, tuple(op.results[0].type.get_shape()))
    backward_holds = backward is not None and same_layout(backward, source, tuple(operand.type.get_shape()))
    return forward_holds or backward_holds


@pytest.mark.parametrize("path", CORPORA, ids=lambda path: path.name)
def test_inferred_layouts_are_the_ones_the_ir_holds(path: Path) -> None:
    """The verifier checks one direction (``tt.join`` infers its operand from its result,
    as Triton's does, since several results split to one operand layout); the rule must
    give the IR's layout in at least that one.  (The corpus is read here, not when the
    tests are collected: every pytest worker collects.)"""
    wrong = [str(op) for op in _inferring_ops(path) if not _holds_the_ir_layout(op)]
    assert not wrong


ARITH = """
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%x: tensor<128xf32, #b>, %s: f32) {
    %splat = arith.constant dense<1.0> : tensor<128xf32, #b>
    %range = arith.constant dense<[%RANGE%]> : tensor<128xf32, #b>
    %sum = arith.addf %x, %splat : tensor<128xf32, #b>
    %scalar = arith.addf %s, %s : f32
    %e = math.exp %sum : tensor<128xf32, #b>
    %load = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
    tt.return
  }
}
""".replace("%RANGE%", ", ".join(f"{i}.0" for i in range(128)))


def _ops_by_result_name() -> dict[str, Operation]:
    module = parse_module(ARITH)
    return {op.results[0].name_hint: op for op in module.walk() if op.results and op.results[0].name_hint}


def test_mlir_arith_and_math_ops_are_elementwise_on_tensors_only() -> None:
    ops = _ops_by_result_name()
    assert semantic_trait(ops["sum"], Elementwise) is not None
    assert semantic_trait(ops["e"], Elementwise) is not None
    assert semantic_trait(ops["scalar"], Elementwise) is None
    assert semantic_trait(ops["splat"], Elementwise) is None


def test_only_a_splat_constant_is_recreated_in_another_layout() -> None:
    ops = _ops_by_result_name()
    encoding = distributed_encoding(ops["sum"].results[0].type)
    assert encoding is not None
    splat, spread = semantic_trait(ops["splat"], Recreatable), semantic_trait(ops["range"], Recreatable)
    assert splat is not None and splat.holds(ops["splat"], encoding)
    assert spread is not None and not spread.holds(ops["range"], encoding)
    assert semantic_trait(ops["load"], Recreatable) is not None
    assert semantic_trait(ops["sum"], LayoutAnchor) is None
