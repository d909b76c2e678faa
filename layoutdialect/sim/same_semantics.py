"""Proof by execution that a layout rewrite kept a program's meaning.

Each function of the original module and of the rewritten one runs in the
layout-blind interpreter on the same random arguments, memory and program ids;
the returned values, every buffer in memory and what the observers saw (ops that
write where the interpreter does not model, ``tt.print``, ...) must agree bit for
bit (NaN equals NaN).  A rewrite that only moves data between layouts, or erases an
op nobody reads that only reads, passes; one that drops, reorders or duplicates a
side effect, or feeds an op the wrong value, fails.

The inputs are bounded: tensors larger than ``SAMPLED_ELEMENTS`` are held in part
(``Sampling``), and each run has a work budget (``RunBudget``), so the check costs
about as much as running a small kernel, whatever the shapes and trip counts.  A run
cut off by its budget is unfinished: the two runs are then compared on what both
observed, and a rewritten run that needs more loop iterations than the original
finished in is a change.  A trial whose original run was cut off runs again on the
same inputs with every loop truncated (``LOOP_CAP``), so that what follows a long
loop, its stores and results, is still compared.  ``docs/proof.md`` says what the check cannot see.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute

from layoutdialect.dialect.tt.func import FuncOp
from layoutdialect.sim.tensor_program import TensorInterpreter
from layoutdialect.sim.tensor_values import Memory, ProgramError, RunBudget, RunCutOff, Sampling, random_value

__all__ = [
    "LOOP_CAP",
    "SAMPLED_ELEMENTS",
    "WORK_PER_FUNCTION",
    "WORK_PER_RUN",
    "SemanticsChanged",
    "check_same_semantics",
    "sampling_for",
]

SAMPLED_ELEMENTS = 1 << 20
"""The most elements of one tensor a run holds: Triton's largest tensor
(``TRITON_MAX_TENSOR_NUMEL``); larger ones are held in part."""

WORK_PER_RUN = 1 << 24
"""The work budget of one run of the original (see ``RunBudget``): some 4,000 ops or 16M
element-steps, a tenth of a second."""

WORK_PER_FUNCTION = 2 * WORK_PER_RUN
"""The work budget of all the runs of one original function: trials past it are not run."""

REWRITTEN_WORK_FACTOR = 4
"""How many times the work of the original's run the rewritten one may do (rematerialising
copies of ops) before it too is cut off."""

LOOP_CAP = 2
"""Iterations per loop execution when a trial whose original run was cut off runs again
on the same inputs, and in the trials after it (see ``RunBudget.loop_cap``): two, so that
a changed step or a value carried from one iteration to the next is still seen; one if
those runs are cut off too."""


class SemanticsChanged(ValueError):
    """The rewritten function computes something else; the message names the function and the difference."""

    def __init__(self, function: str, message: str) -> None:
        super().__init__(f"@{function}: {message}")
        self.function = function


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and bool(np.array_equal(a, b, equal_nan=a.dtype.kind == "f"))


@dataclass
class _Outcome:
    """What one run of a function shows: its results (``None`` when cut off), the global
    buffers after it (those of its arguments, and those behind pointers that ops the
    interpreter does not model returned), what its observers saw, and how it ended."""

    returned: list[np.ndarray] | None
    buffers: list[np.ndarray]
    derived: dict[int, np.ndarray]
    observed: list[tuple[str, list[np.ndarray]]]
    cut_off: RunCutOff | None
    iterations: int


def _run(
    module: ModuleOp,
    name: str,
    arguments: list[np.ndarray],
    memory: Memory,
    program_ids: tuple[int, ...],
    sampling: Sampling,
    budget: RunBudget,
) -> _Outcome:
    """The outcome of ``@name`` on a copy of ``memory``."""
    run_memory = copy.deepcopy(memory)
    interpreter = TensorInterpreter(module, run_memory, program_ids, sampling, budget)
    returned: list[np.ndarray] | None = None
    cut_off = None
    try:
        returned = interpreter.call(name, [a.copy() for a in arguments])
    except RunCutOff as stop:
        cut_off = stop
    except RecursionError:
        raise ProgramError(f"@{name} nests regions or calls too deeply to interpret") from None
    return _Outcome(
        returned, run_memory.buffers, run_memory.derived, interpreter.observed, cut_off, budget.iterations_used
    )


def _observed_difference(before: _Outcome, after: _Outcome, complete: bool) -> str | None:
    """How the observations differ: all of them when both runs finished, else on the
    part both runs reached."""
    if complete and len(before.observed) != len(after.observed):
        return f"{len(before.observed)} observed op executions before, {len(after.observed)} after"
    for index, ((name_a, seen_a), (name_b, seen_b)) in enumerate(zip(before.observed, after.observed)):
        if name_a != name_b or len(seen_a) != len(seen_b) or not all(map(_same, seen_a, seen_b)):
            return f"observed op execution #{index} ('{name_a.split(' ')[0]}') sees other operands"
    return None


def _difference(before: _Outcome, after: _Outcome) -> str | None:
    """How ``after`` differs from ``before``, or ``None``."""
    if before.cut_off is None and after.cut_off is not None and after.cut_off.by_iterations:
        return f"the run terminates only before the rewrite ({after.cut_off})"
    if before.returned is None or after.returned is None:
        return _observed_difference(before, after, complete=False)
    for index, (a, b) in enumerate(zip(before.returned, after.returned, strict=True)):
        if not _same(a, b):
            return f"returned value #{index} differs"
    for index, (a, b) in enumerate(zip(before.buffers, after.buffers, strict=True)):
        if not _same(a, b):
            return f"global buffer #{index} differs after the call"
    for number in before.derived.keys() & after.derived.keys():
        if not _same(before.derived[number], after.derived[number]):
            return f"the buffer behind a pointer of unknown origin (#{number}) differs after the call"
    return _observed_difference(before, after, complete=True)


def _types(module: ModuleOp) -> Iterator[Attribute]:
    """Every type a value of ``module`` has."""
    for op in module.walk():
        yield from op.result_types
        for region in op.regions:
            for block in region.blocks:
                yield from block.arg_types


def sampling_for(*modules: ModuleOp) -> Sampling:
    """How the check holds the tensors of ``modules``: every element up to
    ``SAMPLED_ELEMENTS`` per tensor, the leading indices of larger ones."""
    return Sampling.for_types([t for module in modules for t in _types(module)], SAMPLED_ELEMENTS)


def _next_loop_cap(loop_cap: int | None) -> int:
    """The loop cap with which a trial whose original run was cut off runs again, on the
    same inputs, and the trials after it run: first ``LOOP_CAP`` iterations per loop
    execution, then one."""
    return LOOP_CAP if loop_cap is None else 1


def check_same_semantics(before: ModuleOp, after: ModuleOp, trials: int = 3, seed: int = 0) -> None:
    """Raise ``SemanticsChanged`` unless every function with a body behaves the same in
    ``before`` and ``after`` on ``trials`` random inputs (as many as ``WORK_PER_FUNCTION``
    allows); ``ProgramError`` if a value or op cannot be interpreted.  Both modules are
    held with one ``Sampling``; the rewritten run may use as many loop iterations as the
    original's and ``REWRITTEN_WORK_FACTOR`` times its work."""
    sampling = sampling_for(before, after)
    for function in before.walk():
        if not isinstance(function, FuncOp) or not function.body.blocks:
            continue
        name = function.sym_name.data
        left = WORK_PER_FUNCTION
        loop_cap: int | None = None
        trial = 0
        while trial < trials and left >= RunBudget.OP_COST:
            rng = np.random.default_rng([seed, trial])
            memory = Memory()
            arguments = [random_value(t, rng, memory, sampling) for t in function.function_type.inputs]
            program_ids = tuple(int(i) for i in rng.integers(0, 4, size=3))
            budget = RunBudget(min(WORK_PER_RUN, left), loop_cap=loop_cap)
            outcome_before = _run(before, name, arguments, memory, program_ids, sampling, budget)
            left -= budget.spent
            after_budget = RunBudget(
                budget.spent * REWRITTEN_WORK_FACTOR, iterations=outcome_before.iterations, loop_cap=loop_cap
            )
            outcome_after = _run(after, name, arguments, memory, program_ids, sampling, after_budget)
            cap = "" if loop_cap is None else f", loops cut at {loop_cap} iterations"
            if (difference := _difference(outcome_before, outcome_after)) is not None:
                raise SemanticsChanged(name, f"{difference} (trial {trial}{cap})")
            if outcome_before.cut_off is not None and loop_cap != 1:
                loop_cap = _next_loop_cap(loop_cap)
            else:
                trial += 1
