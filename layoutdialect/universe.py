"""The ``xdsl.universe`` plugin: stock ``xdsl-opt`` (and ``layout-opt``) learn this package's
dialects, the ``ttgir`` output format and the layout passes once layoutdialect is installed."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from xdsl.dialects import get_all_dialects
from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe
from xdsl.utils.target import Target as OutputFormat

from layoutdialect.dialect.registry import PROVIDED_DIALECTS

__all__ = ["LAYOUTDIALECT_UNIVERSE"]


def _dialects_xdsl_lacks() -> dict[str, Callable[[], Dialect]]:
    """The registry's dialects whose names xDSL does not define: the multiverse refuses a
    name two plugins define, so stock ``xdsl-opt`` keeps xDSL's own ``arith``, ``scf``,
    ``gpu``, ``llvm``, ``memref`` and ``vector``, where ``layout-opt`` (and
    ``make_context``) load this package's in their place."""
    defined_by_xdsl = get_all_dialects()
    return {name: load for name, load in PROVIDED_DIALECTS.items() if name not in defined_by_xdsl}


def _ttgir_output() -> type[OutputFormat]:
    from layoutdialect.dialect.text import TTGIROutput

    return TTGIROutput


def _pass(module: str, name: str) -> type[ModulePass]:
    # passes/ installs as layoutdialect.passes, a mapping static checkers cannot follow.
    found: type[ModulePass] = getattr(import_module(f"layoutdialect.passes.{module}"), name)
    return found


LAYOUTDIALECT_UNIVERSE = Universe(
    all_dialects=_dialects_xdsl_lacks(),
    all_passes={
        "lower-to-linear": lambda: _pass("lower_to_linear", "LowerToLinearPass"),
        "lower-convert-layout": lambda: _pass("lower_convert_layout", "LowerConvertLayoutPass"),
        "remove-redundant-conversions": lambda: _pass("remove_redundant_conversions", "RemoveRedundantConversionsPass"),
        "assign-layouts": lambda: _pass("assign_layouts", "AssignLayoutsPass"),
    },
    all_targets={"ttgir": _ttgir_output},
)
