"""``assign-layouts``: the cheapest layouts of each function by the cost model
(``layoutdialect.cost``), found by an integer program, with a proven lower bound.

``problem`` states the choices and reads of a function, ``solver`` solves them with
HiGHS, ``rewrite`` rebuilds the function as the solution says, and ``assignment`` is
the pass: warm start, solve, rebuild, verify, keep or fall back.
"""

from layoutdialect.passes.assign_layouts.assignment import AssignLayoutsPass

__all__ = ["AssignLayoutsPass"]
