"""What analyses read off a distributed layout at a shape (Triton's ``LinearEncodingTrait``
getters): elements per thread, threads and warps per dim, order and contiguity."""

from __future__ import annotations

from collections.abc import Sequence

from layoutdialect.encodings.base import DistributedEncoding
from layoutdialect.encodings.to_linear import to_linear_layout
from layoutdialect.f2 import LinearLayout

__all__ = [
    "bases_per_dim",
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


def elements_per_thread(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Per dim, how many elements each thread holds (copies included).

    >>> from layoutdialect.encodings import BlockedEncoding, CGALayout
    >>> blocked = BlockedEncoding((2, 2), (8, 4), (1, 2), (1, 0), CGALayout.single(2))
    >>> elements_per_thread(blocked, [32, 32]), threads_per_warp(blocked, [32, 32]), order(blocked, [32, 32])
    ([4, 4], [8, 4], [1, 0])
    """
    return bases_per_dim(to_linear_layout(encoding, shape), "register", skip_broadcast=False)


def unique_elements_per_thread(encoding: DistributedEncoding, shape: Sequence[int]) -> int:
    """How many distinct elements each thread holds: Triton's ``getUniqueElemsPerThread``,
    2 to the number of register bases that are not zero."""
    registers = dict(to_linear_layout(encoding, shape).bases).get("register", [])
    return 1 << sum(1 for basis in registers if any(basis))


def threads_per_warp(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Per dim, how many distinct lanes of a warp the tensor spreads over."""
    return bases_per_dim(to_linear_layout(encoding, shape), "lane")


def warps_per_cta(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Per dim, how many distinct warps of a CTA the tensor spreads over."""
    return bases_per_dim(to_linear_layout(encoding, shape), "warp")


def order(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Dims fastest first, as a thread's registers walk them."""
    return order_per_dim(to_linear_layout(encoding, shape), "register", _default_order(len(shape)))


def thread_order(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Dims fastest first, as a warp's lanes walk them."""
    return order_per_dim(to_linear_layout(encoding, shape), "lane", order(encoding, shape))


def warp_order(encoding: DistributedEncoding, shape: Sequence[int]) -> list[int]:
    """Dims fastest first, as a CTA's warps walk them."""
    return order_per_dim(to_linear_layout(encoding, shape), "warp", order(encoding, shape))


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
