"""What analyses read off a distributed layout at a shape (Triton's ``LinearEncodingTrait``
getters): elements per thread, threads and warps per dim, order and contiguity."""

from __future__ import annotations

from collections.abc import Sequence

from layoutdialect.encodings.base import DistributedEncoding, EncodingError
from layoutdialect.encodings.to_linear import to_linear_layout
from layoutdialect.f2 import LinearLayout
from layoutdialect.f2.arguments import checks_arguments

__all__ = [
    "MAX_TILE_DOUBLINGS",
    "bases_per_dim",
    "cta_tile_shape",
    "contiguity_per_thread",
    "elements_per_thread",
    "order",
    "order_per_dim",
    "thread_order",
    "threads_per_warp",
    "unique_elements_per_thread",
    "warp_order",
    "warps_per_cta",
]


MAX_TILE_DOUBLINGS = 40
"""How many times ``cta_tile_shape`` may double a dim: a tile holds at most 2^40 elements."""


def _copies_across_threads(layout: LinearLayout) -> int:
    """Zero bases of the lanes, warps and CTAs: threads that hold the same data."""
    return sum(
        1
        for dim in ("lane", "warp", "block")
        if layout.has_in_dim(dim)
        for basis in dict(layout.bases)[dim]
        if not any(basis)
    )


def cta_tile_shape(encoding: DistributedEncoding) -> list[int]:
    """The smallest shape at which no two lanes, warps or CTAs of ``encoding`` hold the
    same data (Triton's shape per CTA tile): from all ones, each step grows the dim that
    removes a copy soonest, by as many doublings as that takes.

    A blocked layout with ``sizePerThread = [1, 4]``, ``threadsPerWarp = [4, 8]`` and
    ``warpsPerCTA = [4, 1]`` gives ``[16, 32]``.
    """
    shape = [1] * encoding.rank
    copies = _copies_at(encoding, shape)
    while copies:
        steps: list[tuple[int, int, int]] = []
        for dim in range(len(shape)):
            for doublings in range(1, MAX_TILE_DOUBLINGS + 1):
                trial = [size << (doublings if d == dim else 0) for d, size in enumerate(shape)]
                fewer = _copies_at(encoding, trial)
                if fewer is not None and (copies is None or fewer < copies):
                    steps.append((doublings, fewer, dim))
                    break
        if not steps:
            break
        doublings, copies, dim = min(steps)
        shape[dim] <<= doublings
    return shape


def _copies_at(encoding: DistributedEncoding, shape: list[int]) -> int | None:
    """``_copies_across_threads`` at ``shape``, ``None`` where the encoding cannot lay it out."""
    try:
        return _copies_across_threads(to_linear_layout(encoding, shape))
    except ValueError:
        return None


def bases_per_dim(layout: LinearLayout, in_dim: str, skip_broadcast: bool = True) -> list[int]:
    """Per out-dim, ``2**`` the number of ``in_dim`` bases that move along it.

    A zero basis is skipped, or with ``skip_broadcast=False`` doubles the dim of the
    last non-zero basis before it (dim 0 if none): how Triton counts copies.

    >>> warps = LinearLayout.from_bases([("warp", [[0, 1], [0, 0], [1, 0]])], ["dim0", "dim1"])
    >>> bases_per_dim(warps, "warp"), bases_per_dim(warps, "warp", skip_broadcast=False)
    ([2, 2], [2, 4])
    """
    counts = [1] * layout.num_out_dims
    last = 0
    for basis in dict(layout.bases)[in_dim]:
        dim = next((d for d, v in enumerate(basis) if v), None)
        if dim is not None:
            last = dim
            counts[dim] *= 2
        elif not skip_broadcast:
            counts[last] *= 2
    return counts


def order_per_dim(layout: LinearLayout, in_dim: str, default_order: Sequence[int]) -> list[int]:
    """Out-dims in the order ``in_dim``'s bases first move along them, then the rest in
    ``default_order``."""
    result: list[int] = []
    for basis in dict(layout.bases)[in_dim]:
        dim = next((d for d, v in enumerate(basis) if v), None)
        if dim is not None and dim not in result:
            result.append(dim)
    return result + [d for d in default_order if d not in result]


def _default_order(rank: int) -> list[int]:
    return list(reversed(range(rank)))


@checks_arguments(EncodingError)
def elements_per_thread(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Per dim, how many elements each thread holds (copies included).

    >>> from layoutdialect.encodings import BlockedEncoding, CGALayout
    >>> blocked = BlockedEncoding((2, 2), (8, 4), (1, 2), (1, 0), CGALayout.single(2))
    >>> elements_per_thread(blocked, [32, 32]), threads_per_warp(blocked, [32, 32]), order(blocked, [32, 32])
    ([4, 4], [8, 4], [1, 0])
    """
    return bases_per_dim(to_linear_layout(encoding, shape), "register", skip_broadcast=False)


@checks_arguments(EncodingError)
def unique_elements_per_thread(encoding: DistributedEncoding, shape: Sequence[int]) -> int:
    """How many distinct elements each thread holds: Triton's ``getUniqueElemsPerThread``,
    2 to the number of register bases that are not zero."""
    registers = dict(to_linear_layout(encoding, shape).bases).get("register", [])
    return 1 << sum(1 for basis in registers if any(basis))


@checks_arguments(EncodingError)
def threads_per_warp(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Per dim, how many distinct lanes of a warp the tensor spreads over."""
    return bases_per_dim(to_linear_layout(encoding, shape), "lane")


@checks_arguments(EncodingError)
def warps_per_cta(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Per dim, how many distinct warps of a CTA the tensor spreads over."""
    return bases_per_dim(to_linear_layout(encoding, shape), "warp")


@checks_arguments(EncodingError)
def order(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Dims fastest first, as a thread's registers walk them."""
    return order_per_dim(to_linear_layout(encoding, shape), "register", _default_order(len(shape)))


@checks_arguments(EncodingError)
def thread_order(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Dims fastest first, as a warp's lanes walk them."""
    return order_per_dim(to_linear_layout(encoding, shape), "lane", order(encoding, shape))


@checks_arguments(EncodingError)
def warp_order(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Dims fastest first, as a CTA's warps walk them."""
    return order_per_dim(to_linear_layout(encoding, shape), "warp", order(encoding, shape))


@checks_arguments(EncodingError)
def contiguity_per_thread(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Per dim, how many consecutive elements a thread's first registers hold: the
    widest vector it can load or store along that dim.

    >>> from layoutdialect.encodings import BlockedEncoding, CGALayout
    >>> blocked = BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout.single(2))
    >>> contiguity_per_thread(blocked, [64, 64])
    [1, 4]
    """
    layout = to_linear_layout(encoding, shape)
    registers = dict(layout.bases)["register"]
    contiguity = [1] * len(shape)
    k = 0
    for dim in order(encoding, shape):
        expected = [0] * len(shape)
        expected[dim] = 1
        while k < len(registers) and registers[k] == expected:
            contiguity[dim] *= 2
            expected[dim] *= 2
            k += 1
    return contiguity
