"""The layout-assignment problem as a 0-1 integer program, solved by HiGHS.

Variables: ``x[c, s]``, whether choice ``c`` takes strategy ``s`` (fixed choices take
their one strategy), and ``y[v, a, d]``, whether value ``v`` is converted from type
``a`` to type ``d``.  Every read of ``v`` in type ``d`` by a strategy that is taken
needs ``v`` made in ``d`` by a strategy that is taken, or converted to ``d``:

    x[c, s] <= sum of x[p, t] over the producer's strategies t making d
              + sum of y[v, a, d] over the types a it may be converted from

A conversion needs its source: ``y[v, a, d] <= sum of x[p, t]`` over the strategies making
``a``, or, for a type ``a`` no strategy makes, the sum of the conversions to ``a`` from
made types (a conversion of a conversion: ``nvidia_mma`` to ``dot_op`` after a blocked
value became ``nvidia_mma``, a register renaming where a second round trip would cost).

A free op takes one strategy, or at least one when it may be copied.  The objective is
the modelled cost of every strategy taken and of every conversion (``objective=cost``),
or the number of conversions with the cost only to break ties (``objective=count``,
Triton's).  HiGHS proves a lower bound on the objective, and so the gap of what it
found within its time limit.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, SSAValue

from layoutdialect.passes.assign_layouts.problem import LayoutProblem

if TYPE_CHECKING:
    import highspy

__all__ = ["CONVERSION_TIE_BREAK", "Objective", "Solution", "solve"]

Objective = Literal["cost", "count"]

CONVERSION_TIE_BREAK = 0.01
"""What a conversion that moves nothing (a register renaming) costs in the objective, so
that the solver drops it where it can: a conversion op for nothing."""

COUNT_TIE_BREAK = 1e-6
"""The weight of the modelled cost in the ``count`` objective: only to break ties."""

Conversion = tuple[SSAValue, Attribute, Attribute]
"""``(value, type it is converted from, type it is converted to)``."""


@dataclass
class Solution:
    """What the solver chose: the strategies taken by each choice and the conversions made;
    the ``objective``'s value and the ``lower_bound`` HiGHS proved on it, the ``status``
    (``optimal`` or ``feasible``), and the modelled ``cost`` of the choice (the objective
    without its tie-breaking weights, when the objective is cost)."""

    taken: list[list[int]]
    conversions: list[Conversion]
    objective: float
    lower_bound: float
    status: str
    cost: float


@contextmanager
def _quiet_stdout() -> Iterator[None]:
    """Standard output closed at the file-descriptor level: HiGHS prints its banner from
    C++ the first time a solver is made, which would land in the middle of a module."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def _highs() -> highspy.Highs:
    """A silent solver.  ``highspy`` is imported here, when a pass first solves: it takes a
    fifth of a second, which every ``layout-opt`` start would pay."""
    import highspy

    with _quiet_stdout():
        solver = highspy.Highs()  # type: ignore[no-untyped-call]  # highspy's constructor is untyped
    solver.setOptionValue("output_flag", False)
    return solver


def solve(
    problem: LayoutProblem, objective: Objective, time_limit: float, without: Conversion | None = None
) -> Solution | None:
    """The cheapest assignment HiGHS finds within ``time_limit`` seconds, or ``None`` if it
    finds none; ``without``: one that does not make that conversion."""
    import highspy

    columns: list[tuple[float, float, float]] = []  # (objective coefficient, lower, upper)
    x: list[list[int]] = []
    for choice in problem.choices:
        fixed = 1.0 if choice.fixed else 0.0
        row = []
        for strategy in choice.strategies:
            weight = strategy.cost if objective == "cost" else strategy.cost * COUNT_TIE_BREAK
            row.append(len(columns))
            columns.append((weight, fixed, 1.0))
        x.append(row)
    rows: list[tuple[float, float, list[int], list[float]]] = []
    for number, choice in enumerate(problem.choices):
        if not choice.fixed:
            rows.append((1.0, float(len(x[number])) if choice.copies else 1.0, x[number], [1.0] * len(x[number])))
    y: dict[Conversion, int] = {}
    costs: dict[Conversion, float] = {}

    def conversion(value: SSAValue, made: Attribute, demand: Attribute, supply: list[int]) -> int:
        """The column of converting ``value`` from ``made`` to ``demand``, which needs one of
        the columns ``supply`` (``value`` made or converted in ``made``)."""
        key = (value, made, demand)
        if key not in y:
            cost = _conversion_cost(problem, made, demand) * problem.value_trips(value)
            costs[key] = cost
            weight = cost + CONVERSION_TIE_BREAK if objective == "cost" else 1.0 + cost * COUNT_TIE_BREAK
            y[key] = len(columns)
            columns.append((weight, 0.0, 1.0))
            rows.append((-highspy.kHighsInf, 0.0, [y[key], *supply], [1.0] + [-1.0] * len(supply)))
        return y[key]

    demanded: dict[SSAValue, list[Attribute]] = {}
    for read in problem.reads:
        if read.demand not in demanded.setdefault(read.value, []):
            demanded[read.value].append(read.demand)
    supplies: dict[tuple[SSAValue, Attribute], list[int]] = {}
    for value, demands in demanded.items():
        producer, result = problem.producer(value)
        makers: dict[Attribute, list[int]] = {}
        for strategy_number, strategy in enumerate(problem.choices[producer].strategies):
            makers.setdefault(strategy.results[result], []).append(x[producer][strategy_number])
        first: dict[Attribute, list[int]] = {}
        for made, making in makers.items():
            for demand in demands:
                if demand != made:
                    first.setdefault(demand, []).append(conversion(value, made, demand, making))
        second: dict[Attribute, list[int]] = {}
        for source in demands:
            if source in makers or source not in first:
                continue
            for demand in demands:
                if demand != source:
                    second.setdefault(demand, []).append(conversion(value, source, demand, first[source]))
        for demand in demands:
            supplies[(value, demand)] = makers.get(demand, []) + first.get(demand, []) + second.get(demand, [])
    for read in problem.reads:
        reader = x[read.choice][read.strategy]
        supply = supplies[(read.value, read.demand)]
        rows.append((-highspy.kHighsInf, 0.0, [reader, *supply], [1.0] + [-1.0] * len(supply)))
    solver = _highs()
    count = len(columns)
    solver.addVars(count, np.array([c[1] for c in columns]), np.array([c[2] for c in columns]))
    solver.changeColsCost(count, np.arange(count, dtype=np.int32), np.array([c[0] for c in columns]))
    solver.changeColsIntegrality(
        count, np.arange(count, dtype=np.int32), np.array([highspy.HighsVarType.kInteger] * count)
    )
    for lower, upper, indices, values in rows:
        solver.addRow(lower, upper, len(indices), np.array(indices, dtype=np.int32), np.array(values))
    if without is not None and without in y:
        solver.changeColBounds(y[without], 0.0, 0.0)
    solver.setOptionValue("time_limit", float(time_limit))
    solver.setOptionValue("mip_rel_gap", 0.0)
    solver.run()
    status = solver.getModelStatus()
    info = solver.getInfo()
    if info.primal_solution_status != 2:  # kSolutionStatusFeasible
        return None
    values = solver.getSolution().col_value
    taken = [[s for s, column in enumerate(row) if values[column] > 0.5] for row in x]
    conversions = [key for key, column in y.items() if values[column] > 0.5]
    optimal = status == highspy.HighsModelStatus.kOptimal
    objective_value = float(info.objective_function_value)
    bound = objective_value if optimal else float(info.mip_dual_bound)
    cost = sum(problem.choices[c].strategies[s].cost for c, row in enumerate(taken) for s in row)
    cost += sum(costs[key] for key in conversions)
    return Solution(taken, conversions, objective_value, bound, "optimal" if optimal else "feasible", cost)


def _conversion_cost(problem: LayoutProblem, made: Attribute, demand: Attribute) -> float:
    assert isinstance(made, TensorType) and isinstance(demand, TensorType)
    cost: float = problem.pricer.conversion(made, demand)
    return cost
