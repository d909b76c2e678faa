"""Why each conversion left in a function pays for itself.

For a conversion of value ``v`` from layout ``a`` to ``d``, the function's layout problem
is solved again with that conversion forbidden: the cheapest assignment without it costs
more than the function does (by what the conversion saves), or there is none (it is
forced: a reader needs ``d`` and the producer can only make ``a``).  The remark names the
ops on both sides.
"""

from __future__ import annotations

from xdsl.ir import Operation

from layoutdialect.cost import Pricer, function_cost
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.ttg.layout_checks import TargetOverride
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.ir.locations import op_location
from layoutdialect.ir.remarks import Remark
from layoutdialect.passes.assign_layouts.problem import LayoutProblem, dissolves, root
from layoutdialect.passes.assign_layouts.solver import Objective, solve

__all__ = ["explain_conversions"]


def explain_conversions(
    func: AnyFuncOp, target: TargetOverride, objective: Objective, time_limit: float
) -> list[Remark]:
    """A remark for each conversion of ``func``, at a reader of it (a conversion the pass
    made has no place in the input): the ops that read it and the one that makes its
    operand, and what the cheapest assignment without it costs."""
    cost = function_cost(func, target).cost
    problem = LayoutProblem.of(func, Pricer(target.resolve(func)))
    remarks = []
    for op in [op for op in func.walk() if isinstance(op, ConvertLayoutOp) and dissolves(op)]:
        value = root(op.src)
        readers = sorted({_place(use.operation) for use in op.result.uses})
        producer = value.owner if isinstance(value.owner, Operation) else None
        without = solve(problem, objective, time_limit, without=(value, op.src.type, op.result.type))
        if without is None:
            saving = "no assignment does without it"
        else:
            saving = f"without it the cheapest assignment costs {without.cost:.0f} ({without.cost - cost:+.0f})"
        made_by = _place(producer) if producer is not None else "an argument"
        message = f"the conversion to {op.result.type} pays: {', '.join(readers)} read it, {made_by} makes its operand"
        anchor = next((use.operation for use in op.result.uses if op_location(use.operation) is not None), op)
        remarks.append(Remark(anchor, f"{message}; {saving}"))
    return remarks


def _place(op: Operation) -> str:
    where = op_location(op)
    return f"{op.name} at {where.line}:{where.column}" if where is not None else op.name
