"""The ``xdsl.universe`` plugin: stock ``xdsl-opt`` (and ``layout-opt``) learn the ``ttg``
dialect, the ``ttgir`` output target and the layout passes once layoutdialect is installed."""

from __future__ import annotations

from importlib import import_module

from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe
from xdsl.utils.target import Target

__all__ = ["LAYOUTDIALECT_UNIVERSE"]


def _ttg() -> Dialect:
    from layoutdialect.dialect.ttg import TTG

    return TTG


def _tt() -> Dialect:
    from layoutdialect.dialect.tt import TT

    return TT


def _ttgir_target() -> type[Target]:
    from layoutdialect.dialect.text import TTGIRTarget

    return TTGIRTarget


def _pass(module: str, name: str) -> type[ModulePass]:
    # passes/ installs as layoutdialect.passes, a mapping static checkers cannot follow.
    found: type[ModulePass] = getattr(import_module(f"layoutdialect.passes.{module}"), name)
    return found


LAYOUTDIALECT_UNIVERSE = Universe(
    all_dialects={"ttg": _ttg, "tt": _tt},
    all_passes={
        "lower-to-linear": lambda: _pass("lower_to_linear", "LowerToLinearPass"),
        "lower-convert-layout": lambda: _pass("lower_convert_layout", "LowerConvertLayoutPass"),
        "remove-redundant-conversions": lambda: _pass("remove_redundant_conversions", "RemoveRedundantConversionsPass"),
    },
    all_targets={"ttgir": _ttgir_target},
)
