"""``ops_of_types`` lists what filtering xDSL's ``walk`` with ``isinstance`` lists, in the
same order, on every module of the FileCheck inputs, from the module and from its body;
xDSL's ``scf.ForOp`` and ``scf.IfOp`` stand for this package's subclasses."""

from __future__ import annotations

import pytest
from filecheck_inputs import filecheck_chunks
from xdsl.dialects import arith, scf

from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module
from layoutdialect.dialect.tt.func import FuncOp
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.ir.diagnostics import IRError
from layoutdialect.ir.op_lists import ops_of_types

CHUNKS = filecheck_chunks()
TYPE_SETS = [[ConvertLayoutOp], [arith.ConstantOp, scf.ForOp], [scf.IfOp, scf.ForOp, FuncOp, ConvertLayoutOp]]


@pytest.mark.parametrize("chunk", CHUNKS)
def test_lists_what_walk_meets(chunk: str) -> None:
    try:
        module = parse_module(chunk, "input.mlir", make_context(allow_unregistered=True), verify=False)
    except IRError:
        return
    for types in TYPE_SETS:
        for region_first in (False, True):
            expected = [op for op in module.walk(region_first=region_first) if isinstance(op, tuple(types))]
            assert ops_of_types(module, types, region_first) == expected
            body = [op for op in module.body.walk(region_first=region_first) if isinstance(op, tuple(types))]
            assert ops_of_types(module.body, types, region_first) == body
