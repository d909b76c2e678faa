"""Proof by execution that a layout rewrite kept a program's meaning.

Each function of the original module and of the rewritten one runs in the
layout-blind interpreter on the same random arguments, memory and program ids;
the returned values and every buffer in memory must agree bit for bit (NaN
equals NaN).  A rewrite that only moves data between layouts passes; one that
drops, reorders or duplicates a side effect, or feeds an op the wrong value, fails.
"""

from __future__ import annotations

import copy

import numpy as np
from xdsl.dialects.builtin import ModuleOp

from layoutdialect.dialect.tt_func import FuncOp
from layoutdialect.sim.tensor_program import TensorInterpreter
from layoutdialect.sim.tensor_values import Memory, random_value

__all__ = ["SemanticsChanged", "check_same_semantics"]


class SemanticsChanged(ValueError):
    """The rewritten function computes something else; the message names the function and the difference."""

    def __init__(self, function: str, message: str) -> None:
        super().__init__(f"@{function}: {message}")
        self.function = function


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and bool(np.array_equal(a, b, equal_nan=a.dtype.kind == "f"))


def check_same_semantics(before: ModuleOp, after: ModuleOp, trials: int = 3, seed: int = 0) -> None:
    """Raise ``SemanticsChanged`` unless every function with a body behaves the same in
    ``before`` and ``after`` on ``trials`` random inputs; ``ProgramError`` if an op is
    not interpreted."""
    for function in before.walk():
        if not isinstance(function, FuncOp) or not function.body.blocks:
            continue
        name = function.sym_name.data
        for trial in range(trials):
            rng = np.random.default_rng([seed, trial])
            memory = Memory()
            arguments = [random_value(t, rng, memory) for t in function.function_type.inputs]
            program_ids = tuple(int(i) for i in rng.integers(0, 4, size=3))
            outcomes = []
            for module in (before, after):
                run_memory = copy.deepcopy(memory)
                interpreter = TensorInterpreter(module, run_memory, program_ids)
                returned = interpreter.call(name, [a.copy() for a in arguments])
                outcomes.append((returned, run_memory.buffers))
            (returned_before, memory_before), (returned_after, memory_after) = outcomes
            for index, (a, b) in enumerate(zip(returned_before, returned_after, strict=True)):
                if not _same(a, b):
                    raise SemanticsChanged(name, f"returned value #{index} differs (trial {trial})")
            for index, (a, b) in enumerate(zip(memory_before, memory_after, strict=True)):
                if not _same(a, b):
                    raise SemanticsChanged(name, f"global buffer #{index} differs after the call (trial {trial})")
