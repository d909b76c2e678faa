"""Proof by execution that a layout rewrite kept a program's meaning.

Each function of the original module and of the rewritten one runs in the
layout-blind interpreter on the same random arguments, memory and program ids;
the returned values and every buffer in memory must agree bit for bit (NaN
equals NaN).  A rewrite that only moves data between layouts passes; one that
drops, reorders or duplicates a side effect, or feeds an op the wrong value, fails.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import numpy as np
from xdsl.dialects.builtin import ModuleOp

from layoutdialect.dialect.tt.func import FuncOp
from layoutdialect.sim.tensor_program import TensorInterpreter
from layoutdialect.sim.tensor_values import LoopBoundExceeded, Memory, random_value

__all__ = ["SemanticsChanged", "check_same_semantics"]


class SemanticsChanged(ValueError):
    """The rewritten function computes something else; the message names the function and the difference."""

    def __init__(self, function: str, message: str) -> None:
        super().__init__(f"@{function}: {message}")
        self.function = function


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and bool(np.array_equal(a, b, equal_nan=a.dtype.kind == "f"))


@dataclass
class _Outcome:
    """What one run of a function shows: its results, the global buffers after it, and
    what its unregistered ops observed."""

    returned: list[np.ndarray]
    buffers: list[np.ndarray]
    observed: list[tuple[str, list[np.ndarray]]]


def _run(
    module: ModuleOp, name: str, arguments: list[np.ndarray], memory: Memory, program_ids: tuple[int, ...]
) -> _Outcome | None:
    """The outcome of ``@name`` on a copy of ``memory``; ``None`` when a loop runs past
    the interpreter's bound."""
    run_memory = copy.deepcopy(memory)
    interpreter = TensorInterpreter(module, run_memory, program_ids)
    try:
        returned = interpreter.call(name, [a.copy() for a in arguments])
    except LoopBoundExceeded:
        return None
    return _Outcome(returned, run_memory.buffers, interpreter.observed)


def _difference(before: _Outcome, after: _Outcome) -> str | None:
    """How ``after`` differs from ``before``, or ``None``."""
    for index, (a, b) in enumerate(zip(before.returned, after.returned, strict=True)):
        if not _same(a, b):
            return f"returned value #{index} differs"
    for index, (a, b) in enumerate(zip(before.buffers, after.buffers, strict=True)):
        if not _same(a, b):
            return f"global buffer #{index} differs after the call"
    if len(before.observed) != len(after.observed):
        return f"{len(before.observed)} unregistered op executions before, {len(after.observed)} after"
    for index, ((name_a, seen_a), (name_b, seen_b)) in enumerate(zip(before.observed, after.observed)):
        if name_a != name_b or not all(_same(a, b) for a, b in zip(seen_a, seen_b, strict=True)):
            return f"unregistered op execution #{index} ('{name_a}') sees other operands"
    return None


def check_same_semantics(before: ModuleOp, after: ModuleOp, trials: int = 3, seed: int = 0) -> None:
    """Raise ``SemanticsChanged`` unless every function with a body behaves the same in
    ``before`` and ``after`` on ``trials`` random inputs; ``ProgramError`` if an op is
    not interpreted.  Two runs that both pass the loop bound agree on that input, and an
    unregistered op is an observer whose operands must agree, in order."""
    for function in before.walk():
        if not isinstance(function, FuncOp) or not function.body.blocks:
            continue
        name = function.sym_name.data
        for trial in range(trials):
            rng = np.random.default_rng([seed, trial])
            memory = Memory()
            arguments = [random_value(t, rng, memory) for t in function.function_type.inputs]
            program_ids = tuple(int(i) for i in rng.integers(0, 4, size=3))
            outcome_before = _run(before, name, arguments, memory, program_ids)
            outcome_after = _run(after, name, arguments, memory, program_ids)
            if outcome_before is None or outcome_after is None:
                if outcome_before is not outcome_after:
                    stops = "only before" if outcome_after is None else "only after"
                    raise SemanticsChanged(name, f"the run terminates {stops} the rewrite (trial {trial})")
                continue
            if (difference := _difference(outcome_before, outcome_after)) is not None:
                raise SemanticsChanged(name, f"{difference} (trial {trial})")
