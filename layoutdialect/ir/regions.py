"""Regions as passes handle them whole: where code that serves a whole function may go
(the region isolated from above around an op: a function's body, a
``ttg.warp_specialize`` partition, or the module's), and a body replaced by another."""

from __future__ import annotations

from xdsl.ir import Operation, Region
from xdsl.traits import IsolatedFromAbove

__all__ = ["isolated_region", "replace_blocks"]


def isolated_region(op: Operation) -> Region:
    """The closest region around ``op`` whose owner is isolated from above; values defined
    at its entry reach every op of it, and nothing outside it does."""
    region = op.parent_region()
    while region is not None and not (region.parent is not None and region.parent.has_trait(IsolatedFromAbove)):
        owner = region.parent
        region = owner.parent_region() if owner is not None else None
    assert region is not None, f"'{op.name}' is outside any module"
    return region


def replace_blocks(region: Region, donor: Region) -> None:
    """Erase the blocks of ``region`` and move ``donor``'s into it (``donor`` is left empty):
    a function's body replaced by a copy rewritten on the side, or by the copy it was before."""
    for block in list(region.blocks):
        region.detach_block(block).erase()
    donor.move_blocks(region)
