"""``assign-layouts``: the cheapest layouts for each function by the cost model, found by
an integer program, with a proven lower bound.

Per ``tt.func``: ``remove-redundant-conversions`` runs first, as the warm start and the
fallback; the function's layout-assignment problem (``problem``) is then solved by
HiGHS within ``time-limit`` seconds (``solver``) and the function rebuilt as the
solution says (``rewrite``).  The result is kept when it verifies and its modelled cost
(``layout-tool cost``) is below the warm start's; otherwise the warm start stays
(``fallback``).  Each function gets a remark with its cost, the lower bound, the gap
and the status, and the same as a discardable attribute ``assign_layouts`` that
``layout-tool cost`` reports.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from math import floor
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import DictionaryAttr, FloatAttr, ModuleOp, StringAttr, f64
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import VerifyException

from layoutdialect.cost import ASSIGNMENT_ATTRIBUTE, Pricer, function_cost
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.ttg.layout_checks import MODULE_TARGET, TargetOverride
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.ir.pass_options import check_application, check_options
from layoutdialect.ir.regions import replace_blocks
from layoutdialect.ir.remarks import Remark
from layoutdialect.passes.assign_layouts.explanation import explain_conversions
from layoutdialect.passes.assign_layouts.problem import LayoutProblem
from layoutdialect.passes.assign_layouts.rewrite import rewrite_function
from layoutdialect.passes.assign_layouts.solver import Solution, solve
from layoutdialect.passes.remove_redundant_conversions.pipeline import (
    remove_redundant_conversions,
    verify_same_semantics,
)
from layoutdialect.target import Target, TargetError

__all__ = ["AssignLayoutsPass", "Assignment", "assign_layouts"]


@dataclass(frozen=True)
class Assignment:
    """What ``assign-layouts`` did to one function: its ``cost`` after (the modelled cost,
    or with ``objective`` ``count`` the number of conversions), the ``lower_bound`` proven
    on any assignment, the ``gap`` between them, the ``status`` (``optimal``, ``feasible``
    within the time limit, or ``fallback`` to the warm start, ``reason`` saying why) and
    the warm start's cost."""

    function: str
    cost: float
    lower_bound: float
    status: str
    warm_start: float
    reason: str = ""
    objective: str = "cost"

    @property
    def gap(self) -> float:
        return 0.0 if self.cost <= 0 else max(0.0, (self.cost - self.lower_bound) / self.cost)

    def message(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        what = "modelled cost" if self.objective == "cost" else "conversions"
        return (
            f"@{self.function}: {what} {self.cost:.0f}, lower bound {self.lower_bound:.0f}, gap "
            f"{self.gap:.1%}, {self.status}{why}; remove-redundant-conversions: {self.warm_start:.0f}"
        )


def assign_layouts(
    func: AnyFuncOp, target: TargetOverride = MODULE_TARGET, time_limit: float = 10.0, objective: str = "cost"
) -> Assignment:
    """Give ``func`` the cheapest layouts the solver finds (the module docstring says how)."""
    name = func.sym_name.data
    remove_redundant_conversions(func)
    measure = _measure(objective, target)
    warm = measure(func)
    pricer = Pricer(target.resolve(func))
    problem = LayoutProblem.of(func, pricer)
    solution = solve(problem, "count" if objective == "count" else "cost", time_limit)

    def kept_warm(status: str, bound: float, reason: str = "") -> Assignment:
        return Assignment(name, warm, min(bound, warm), status, warm, reason, objective)

    if solution is None:
        return kept_warm("fallback", 0.0, "no solution within the time limit")
    found, bound = (
        (solution.cost, _cost_bound(solution))
        if objective == "cost"
        else (float(len(solution.conversions)), float(floor(solution.lower_bound + 1e-9)))
    )
    if found >= warm:
        return kept_warm(solution.status if found == warm else "fallback", bound)
    kept = func.clone()
    rewrite_function(func, problem, solution)
    try:
        func.verify()
    except VerifyException as error:
        _restore(func, kept)
        return kept_warm("fallback", bound, f"the solution does not verify: {str(error).splitlines()[0]}")
    after = measure(func)
    if after > warm:
        _restore(func, kept)
        return kept_warm("fallback", bound, "the rebuilt function costs more")
    kept.erase()
    return Assignment(name, after, min(bound, after), solution.status, warm, "", objective)


def _measure(objective: str, target: TargetOverride) -> Callable[[AnyFuncOp], float]:
    """What the objective counts of a function: its modelled cost, or its conversions."""
    if objective == "count":
        return lambda func: float(sum(1 for op in func.walk() if isinstance(op, ConvertLayoutOp)))
    return lambda func: function_cost(func, target).cost


def _cost_bound(solution: Solution) -> float:
    """The lower bound on the modelled cost: the solver's, less the tie-breaking weight
    its objective gives the conversions it makes (``CONVERSION_TIE_BREAK`` each)."""
    bound: float = max(0.0, solution.lower_bound - (solution.objective - solution.cost))
    return bound


def _restore(func: AnyFuncOp, kept: AnyFuncOp) -> None:
    """Give ``func`` back the body ``kept`` copied."""
    replace_blocks(func.body, kept.body)
    kept.erase()


@dataclass(frozen=True)
class AssignLayoutsPass(ModulePass):
    """``assign-layouts{target="" time-limit=10 objective=cost verify=false explain=false}``:
    the cheapest layouts of each function by the cost model; ``objective=count`` minimises
    conversions, as Triton does; ``target`` replaces the module's ``ttg.target``;
    ``verify`` runs every function before and after on random inputs with layouts
    ignored and fails if anything differs; ``explain`` says at each conversion left why it
    pays.  Remarks go to stderr."""

    name = "assign-layouts"
    summary: ClassVar[str] = "the cheapest layouts of each function by the cost model, with a proven lower bound"

    target: str = ""
    time_limit: int = 10
    objective: str = "cost"
    verify: bool = False
    explain: bool = False

    def __post_init__(self) -> None:
        check_options(self)
        if self.objective not in ("cost", "count"):
            raise ValueError(f"'objective' must be cost or count, got {self.objective!r}")
        if self.time_limit <= 0:
            raise ValueError(f"'time-limit' must be positive, got {self.time_limit}")
        try:
            Target.named(self.target or None)
        except TargetError as error:
            raise ValueError(f"'target': {error}") from None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        check_application(self, ctx, op)
        original = op.clone() if self.verify else None
        target = TargetOverride(self.target or None)
        for func in [f for f in op.walk() if isinstance(f, AnyFuncOp)]:
            if not func.body.blocks:
                continue
            if any(len(region.blocks) > 1 for inner in func.walk() for region in inner.regions):
                message = f"@{func.sym_name.data} has a region of several blocks; assign-layouts leaves it unchanged"
                print(Remark(func, message), file=sys.stderr)
                continue
            assignment = assign_layouts(func, target, float(self.time_limit), self.objective)
            func.attributes[ASSIGNMENT_ATTRIBUTE] = DictionaryAttr(
                {
                    "objective": StringAttr(assignment.objective),
                    "cost": FloatAttr(assignment.cost, f64),
                    "lower_bound": FloatAttr(assignment.lower_bound, f64),
                    "gap": FloatAttr(assignment.gap, f64),
                    "status": StringAttr(assignment.status),
                }
            )
            print(Remark(func, assignment.message()), file=sys.stderr)
            if self.explain:
                objective = "count" if self.objective == "count" else "cost"
                for remark in explain_conversions(func, target, objective, float(self.time_limit)):
                    print(remark, file=sys.stderr)
        if original is not None:
            verify_same_semantics(original, op)
