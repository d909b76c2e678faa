"""The ``xdsl.universe`` plugin: stock ``xdsl-opt`` learns the ``ttg`` dialect and the
``ttgir`` output target once layoutdialect is installed."""

from __future__ import annotations

from xdsl.ir import Dialect
from xdsl.universe import Universe
from xdsl.utils.target import Target

__all__ = ["LAYOUTDIALECT_UNIVERSE"]


def _ttg() -> Dialect:
    from layoutdialect.dialect.ttg import TTG

    return TTG


def _ttgir_target() -> type[Target]:
    from layoutdialect.dialect.text import TTGIRTarget

    return TTGIRTarget


LAYOUTDIALECT_UNIVERSE = Universe(all_dialects={"ttg": _ttg}, all_targets={"ttgir": _ttgir_target})
