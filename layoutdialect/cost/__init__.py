"""The cost model: what the layouts of a function make a warp pay, on one target.

``function_cost`` prices every op a layout choice changes (conversions, global and
shared-memory accesses, reductions and scans, elementwise work), weighted by loop trip
counts, in the units of ``CostWeights``; ``layout-tool cost`` prints it, and
``assign-layouts`` asks a ``Pricer`` what an op would cost in other layouts.
``docs/cost-model.md`` explains each term.
"""

from layoutdialect.cost.model import (
    ASSIGNMENT_ATTRIBUTE,
    DEFAULT_TRIP_COUNT,
    TERMS,
    CostItem,
    FunctionCost,
    OpTypes,
    Pricer,
    function_cost,
    module_cost,
    trip_count,
    trips,
)
from layoutdialect.cost.weights import CostWeights, weights_for

__all__ = [
    "ASSIGNMENT_ATTRIBUTE",
    "DEFAULT_TRIP_COUNT",
    "TERMS",
    "CostItem",
    "CostWeights",
    "FunctionCost",
    "OpTypes",
    "Pricer",
    "function_cost",
    "module_cost",
    "trip_count",
    "trips",
    "weights_for",
]
