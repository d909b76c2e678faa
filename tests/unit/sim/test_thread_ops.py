"""The CTA simulator's core knows none of its extensions: each registers its ops in
``THREAD_OPS`` from its own module, which the package imports."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.interpreter import InterpreterFunctions, impl, register_impls

from layoutdialect.dialect.upstream.gpu.ops import BarrierOp
from layoutdialect.sim import cta

EXTENSIONS = ("matrix_memory", "cluster_memory", "byte_permute")


def test_the_core_imports_no_extension() -> None:
    tree = ast.parse(Path(cta.__file__).read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not {f"layoutdialect.sim.{name}" for name in EXTENSIONS} & imported


def test_importing_the_core_registers_every_extension() -> None:
    check = "from layoutdialect.sim.cta import THREAD_OPS; print(sorted(t.name for t in THREAD_OPS))"
    listed = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True).stdout
    assert "'nvgpu.ldmatrix'" in listed and "'nvvm.mapa'" in listed and "'nvvm.prmt'" in listed


def test_an_op_has_one_meaning() -> None:
    @register_impls
    class Again(InterpreterFunctions):
        @impl(BarrierOp)
        def run_barrier(self, sim: object, op: BarrierOp, args: tuple[object, ...]) -> tuple[object, ...]:
            return ()

    with pytest.raises(ValueError, match="'gpu.barrier' is already simulated by ThreadFunctions"):
        cta.register_thread_functions(Again())
