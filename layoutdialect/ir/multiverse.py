"""xDSL's universe (its dialects, passes and output targets, and its plugins'), read once
per process.

``xdsl.universe.Universe.get_multiverse()`` reads every installed plugin's entry points
again on each call, about 10 ms; the set does not change while a process runs, so every
reader here (the dialect registry, the ``-p`` pipeline reader, ``layout-opt``) shares
one reading."""

from __future__ import annotations

from functools import cache

from xdsl.universe import Universe

__all__ = ["multiverse"]


@cache
def multiverse() -> Universe:
    """The union of xDSL's universe and its plugins', as ``Universe.get_multiverse()``."""
    return Universe.get_multiverse()
