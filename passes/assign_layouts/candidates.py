"""Layouts ``assign-layouts`` generates, beyond those the function's ops already have.

Closure (``problem``) only moves layouts the function holds from op to op.  Some of the
cheapest assignments need a layout no op has; each generator here makes one from an
anchor's own layout:

- ``reduce_friendly``: a reduction whose warps split its axis pays a shared-memory
  exchange and two barriers, and the shuffle rounds of every lane bit along the axis for
  every register.  The same layout with its warps moved to the other dims keeps each
  thread's registers and each warp's lanes (so the loads that feed it stay as coalesced
  as they are) and reduces within each warp.
"""

from __future__ import annotations

from math import prod

from layoutdialect.encodings import DistributedEncoding
from layoutdialect.encodings.blocked import BlockedEncoding

__all__ = ["reduce_friendly"]


def reduce_friendly(encoding: DistributedEncoding, shape: tuple[int, ...], axis: int) -> BlockedEncoding | None:
    """``encoding`` (a blocked one) with its warps on the dims other than ``axis``, as many
    as each dim's share of ``shape`` past its lanes and registers can use, slowest dim
    first, the rest back on ``axis``; ``None`` when no warp leaves the axis.

    >>> from layoutdialect.encodings.cga import CGALayout
    >>> rows = BlockedEncoding((1, 1), (1, 32), (1, 4), (1, 0), CGALayout.single(2))
    >>> reduce_friendly(rows, (64, 128), axis=1).warps_per_cta
    (4, 1)
    """
    if not isinstance(encoding, BlockedEncoding) or encoding.warps_per_cta[axis] == 1:
        return None
    warps = [1] * len(shape)
    left = prod(encoding.warps_per_cta)
    for dim in reversed(encoding.order):
        if dim == axis:
            continue
        room = max(1, shape[dim] // (encoding.size_per_thread[dim] * encoding.threads_per_warp[dim]))
        warps[dim] = min(room, left)
        left //= warps[dim]
    warps[axis] = left
    if warps[axis] == encoding.warps_per_cta[axis]:
        return None
    return BlockedEncoding(
        encoding.size_per_thread, encoding.threads_per_warp, tuple(warps), encoding.order, encoding.cga
    )
