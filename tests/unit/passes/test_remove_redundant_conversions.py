"""``remove-redundant-conversions`` keeps every program's meaning and never makes conversions move more bytes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from synthetic_kernels import synthetic_kernel
from xdsl.ir import Operation

from layoutdialect import make_context, parse_module, print_module, verify_module
from layoutdialect.dialect.tt.func import FuncOp
from layoutdialect.passes.remove_redundant_conversions.pipeline import (
    RemoveRedundantConversionsPass,
    weighted_conversion_bytes,
)

CTX = make_context(allow_unregistered=True)
SUITE = Path(__file__).resolve().parents[2] / "filecheck" / "remove-redundant-conversions"
CHUNKS = [
    pytest.param(chunk, id=f"{path.name}:{index}")
    for path in sorted(SUITE.glob("*.mlir"))
    for index, chunk in enumerate(path.read_text().split("// -----"))
]


def function(module: Operation) -> FuncOp:
    return next(op for op in module.walk() if isinstance(op, FuncOp))


@pytest.mark.parametrize("chunk", CHUNKS)
def test_every_suite_module_keeps_its_meaning(chunk: str) -> None:
    module = parse_module(chunk, "suite", CTX)
    RemoveRedundantConversionsPass(verify=True).apply(CTX, module)
    verify_module(module)


@settings(max_examples=40, deadline=None)
# The count of conversions may grow: moving two out of a loop beats one inside it.
@given(ops=st.integers(10, 150), seed=st.integers(0, 2**32 - 1))
def test_random_kernels_keep_their_meaning_and_move_no_more_bytes(ops: int, seed: int) -> None:
    text, _ = synthetic_kernel(ops, seed)
    module = parse_module(text, "kernel", CTX)
    cost_before = weighted_conversion_bytes(function(module))
    RemoveRedundantConversionsPass(verify=True).apply(CTX, module)
    verify_module(module)
    assert weighted_conversion_bytes(function(module)) <= cost_before
    assert print_module(parse_module(print_module(module), "printed", CTX)) == print_module(module)
