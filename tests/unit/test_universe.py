"""The ``xdsl.universe`` plugin offers stock ``xdsl-opt`` every dialect of the registry
whose name xDSL does not define itself (a plugin may not define a name twice)."""

from __future__ import annotations

from xdsl.dialects import get_all_dialects
from xdsl.universe import Universe

from layoutdialect.dialect.registry import PROVIDED_DIALECTS
from layoutdialect.universe import LAYOUTDIALECT_UNIVERSE


def test_the_plugin_offers_the_registrys_dialects_that_xdsl_lacks() -> None:
    offered = set(LAYOUTDIALECT_UNIVERSE.all_dialects)
    assert offered == set(PROVIDED_DIALECTS) - set(get_all_dialects())
    assert {"ttg", "tt", "ttng", "amdg", "nvgpu", "nvvm"} <= offered


def test_the_multiverse_loads_them() -> None:
    dialects = Universe.get_multiverse().all_dialects
    for name in LAYOUTDIALECT_UNIVERSE.all_dialects:
        assert dialects[name]().name == name
