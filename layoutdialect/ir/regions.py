"""Where a pass may put code that serves a whole function: the region isolated from above
around an op (a function's body, a ``ttg.warp_specialize`` partition, or the module's)."""

from __future__ import annotations

from xdsl.ir import Operation, Region
from xdsl.traits import IsolatedFromAbove

__all__ = ["isolated_region"]


def isolated_region(op: Operation) -> Region:
    """The closest region around ``op`` whose owner is isolated from above; values defined
    at its entry reach every op of it, and nothing outside it does."""
    region = op.parent_region()
    while region is not None and not (region.parent is not None and region.parent.has_trait(IsolatedFromAbove)):
        owner = region.parent
        region = owner.parent_region() if owner is not None else None
    assert region is not None, f"'{op.name}' is outside any module"
    return region
