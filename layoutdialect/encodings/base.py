"""What every encoding shares: the error type, the two families, and small checks."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import TYPE_CHECKING

from layoutdialect.f2 import LinearLayout, LinearLayoutError, is_power_of_two, standard_out_dim_names
from layoutdialect.f2.arguments import checks_arguments

if TYPE_CHECKING:
    from layoutdialect.encodings.cga import CGALayout

__all__ = [
    "DerivedEncoding",
    "DistributedEncoding",
    "DotParentEncoding",
    "Encoding",
    "EncodingError",
    "SharedEncoding",
    "WarpGridEncoding",
    "check",
    "check_order",
    "checked_shape",
    "check_powers_of_two",
    "layout_from_bases",
]


class EncodingError(ValueError):
    """Encoding parameters that Triton rejects; the message is Triton's where it has one."""


def checked_shape(shape: object) -> tuple[int, ...]:
    """A tensor shape given as any sequence of integers, as a tuple; ``EncodingError``
    for anything else (a float would otherwise be truncated without a word)."""
    if isinstance(shape, str | bytes) or not isinstance(shape, Iterable):
        raise EncodingError(f"a shape must be a sequence of integers, got {shape!r}")
    try:
        return tuple(map(operator.index, shape))
    except TypeError:
        raise EncodingError(f"a shape must be a sequence of integers, got {shape!r}") from None


def check(condition: bool, message: str) -> None:
    if not condition:
        raise EncodingError(message)


def check_powers_of_two(values: Sequence[int], key: str) -> None:
    check(all(is_power_of_two(v) for v in values), f"Every element in {key} must be a power of two.")


def check_order(order: Sequence[int]) -> None:
    """``order`` lists every dim once, fastest-varying first."""
    check(
        sorted(order) == list(range(len(order))),
        f"order must be a permutation of 0..(rank-1), but was [{', '.join(map(str, order))}]",
    )


def layout_from_bases(in_dims: Sequence[str], bases: Mapping[str, Sequence[Sequence[int]]]) -> LinearLayout:
    """The layout ``in_dims -> dim0..`` at its natural shape, as Triton reads TTGIR bases.

    Every in-dim must be given; the rank is the length of the first non-empty basis,
    and the out-dim sizes are the smallest that hold every basis.
    """
    for name in in_dims:
        check(name in bases, f"Expected basis of '{name}' not found")
    rank = next((len(b[0]) for b in (bases[n] for n in in_dims) if b), 0)
    check(rank > 0, "Empty Layout not supported")
    return LinearLayout.from_bases([(n, [list(b) for b in bases[n]]) for n in in_dims], standard_out_dim_names(rank))


@dataclass(frozen=True)
class Encoding:
    """A layout encoding: the meaning of a tensor's elements' placement, per shape."""

    @property
    def rank(self) -> int:
        raise NotImplementedError

    @checks_arguments(EncodingError)
    def accepts_rank(self, rank: int) -> bool:
        """Whether tensors of this rank can have this encoding."""
        return self._accepts_rank(rank)

    def _accepts_rank(self, rank: int) -> bool:
        return rank == self.rank

    def to_linear_layout(self, shape: Sequence[int]) -> LinearLayout:
        """The F2 layout of a tensor of ``shape`` with this encoding, exactly as Triton 3.9
        computes it; in-dims ``register, lane, warp, block`` (distributed) or ``offset,
        block`` (shared), out-dims ``dim0..``.  Uncached: prefer the module function
        ``layoutdialect.to_linear_layout``."""
        dims = list(checked_shape(shape))
        if not self._accepts_rank(len(dims)):
            raise EncodingError(f"a tensor of shape {dims} has rank {len(dims)}, but the encoding has rank {self.rank}")
        for size in dims:
            if size <= 0 or size & (size - 1):
                raise EncodingError(f"every dim of the shape {dims} must be a power of two")
        try:
            return self._linear_layout(dims)
        except LinearLayoutError as error:
            raise EncodingError(f"the encoding has no linear layout at shape {dims}: {error}") from None

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """``to_linear_layout`` once ``shape`` is known to fit: the encoding's semantics."""
        raise NotImplementedError

    def _repr_html_(self) -> str:
        """A notebook's view: a distributed encoding's linear layout at its CTA tile
        (``cta_tile_shape``), as an F2 matrix and its bases."""
        from html import escape

        from layoutdialect.encodings.layout_properties import cta_tile_shape

        if not isinstance(self, DistributedEncoding):
            return (
                f"<pre>{escape(repr(self))}</pre><p>a shared encoding: to_linear_layout(encoding, shape) shows it</p>"
            )
        shape = cta_tile_shape(self)
        heading = f"<p>{escape(repr(self))}, at its CTA tile {list(shape)}:</p>"
        return heading + self.to_linear_layout(shape)._repr_html_()


@dataclass(frozen=True)
class DistributedEncoding(Encoding):
    """An encoding that spreads a tensor over the registers, lanes, warps and CTAs."""

    @property
    def num_lanes(self) -> int:
        """Threads per warp the layout is written for."""
        raise NotImplementedError

    @property
    def num_warps(self) -> int:
        """Warps per CTA the layout is written for."""
        raise NotImplementedError

    @property
    def num_ctas(self) -> int:
        """CTAs per CGA (cluster) the layout is written for."""
        raise NotImplementedError


class DotParentEncoding(DistributedEncoding):
    """An accumulator layout of a ``tt.dot``; its operands A and B get layouts of their own."""

    def operand_layout(self, op_idx: int, k_width: int, shape: Sequence[int]) -> LinearLayout:
        """The layout of operand ``op_idx`` (0 = A ``[M, K]``, 1 = B ``[K, N]``) at ``shape``:
        that of ``DotOperandEncoding(op_idx, self, k_width)``, whose checks it passes."""
        from layoutdialect.encodings.dot_operand import DotOperandEncoding  # a subclass's module

        return DotOperandEncoding(op_idx, self, k_width).to_linear_layout(shape)

    def _operand_layout(self, op_idx: int, k_width: int, shape: list[int]) -> LinearLayout:
        """``operand_layout`` once the operand and ``shape`` are known to fit."""
        raise NotImplementedError


class WarpGridEncoding(DistributedEncoding):
    """A layout whose warps form a ``warps_per_cta`` grid, one entry per dim, spread
    over CTAs by ``cga``."""

    warps_per_cta: tuple[int, ...]
    cga: CGALayout

    @property
    def rank(self) -> int:
        return len(self.warps_per_cta)

    @property
    def num_warps(self) -> int:
        return prod(self.warps_per_cta)

    @property
    def num_ctas(self) -> int:
        return self.cga.num_ctas


class DerivedEncoding(DistributedEncoding):
    """A layout derived from ``parent``'s: it runs on the parent's lanes, warps and CTAs."""

    parent: DistributedEncoding

    @property
    def num_lanes(self) -> int:
        return self.parent.num_lanes

    @property
    def num_warps(self) -> int:
        return self.parent.num_warps

    @property
    def num_ctas(self) -> int:
        return self.parent.num_ctas


@dataclass(frozen=True)
class SharedEncoding(Encoding):
    """An encoding that places a tensor at offsets of shared memory."""
