"""``CGALayout``: how a tensor is split over the CTAs of a cluster."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from layoutdialect.encodings.base import EncodingError, check, check_order
from layoutdialect.encodings.fields import check_field_types
from layoutdialect.f2 import MAX_RANK, LayoutBuilder, LinearLayout, is_power_of_two, standard_out_dim_names
from layoutdialect.f2.arguments import checks_arguments

__all__ = ["CGALayout", "combine_cta_cga_with_shape"]


@dataclass(frozen=True)
class CGALayout:
    """One basis per CTA bit, low bit first: CTA ``2**i`` holds the tile at ``bases[i]``.

    Text form: ``CGALayout = [[1, 0]]`` splits dim0 over 2 CTAs; ``[[0, 0]]`` gives
    2 CTAs that each hold the whole tensor.  No bases means one CTA.
    """

    bases: tuple[tuple[int, ...], ...]
    rank: int

    def __post_init__(self) -> None:
        check_field_types(self)
        check(0 <= self.rank <= MAX_RANK, f"CGALayout: rank must be from 0 to {MAX_RANK}, got {self.rank}")
        for basis in self.bases:
            check(len(basis) == self.rank, f"'CGALayout' entry length does not match rank {self.rank}")
            check(all(v >= 0 for v in basis), "expected an unsigned integer value in CGALayout entry")
        nonzero = [basis for basis in self.bases if any(basis)]
        single = all(sum(1 for v in b if v) == 1 and all(v == 0 or is_power_of_two(v) for v in b) for b in nonzero)
        check(
            single and len(set(nonzero)) == len(nonzero) and self._fills_each_dim(nonzero),
            "After removing broadcast bases the CGA encoding must be a permutation matrix",
        )

    @staticmethod
    def _fills_each_dim(nonzero: list[tuple[int, ...]]) -> bool:
        """Per dim, the non-zero components are exactly 1, 2, 4, ... (an invertible block)."""
        rank = len(nonzero[0]) if nonzero else 0
        for d in range(rank):
            values = sorted(b[d] for b in nonzero if b[d])
            if values != [1 << i for i in range(len(values))]:
                return False
        return True

    @classmethod
    def single(cls, rank: int) -> CGALayout:
        """One CTA: the default when ``CGALayout`` is absent."""
        return cls((), rank)

    @classmethod
    @checks_arguments(EncodingError)
    def from_split_params(
        cls, ctas_per_cga: Sequence[int], split_num: Sequence[int], cta_order: Sequence[int]
    ) -> CGALayout:
        """Triton's ``CGAEncodingAttr::fromSplitParams``: the CGA older Triton wrote as
        ``CTAsPerCGA``/``CTASplitNum``/``CTAOrder``.  Dims are taken in ``cta_order``; each
        is split ``split_num[d]`` ways (one basis per bit) and its remaining
        ``ctas_per_cga[d] / split_num[d]`` CTAs hold copies (zero bases).

        >>> CGALayout.from_split_params([2, 2], [2, 1], [1, 0]).bases
        ((0, 0), (1, 0))
        """
        check_order(cta_order)
        rank = len(cta_order)
        check(
            len(ctas_per_cga) == rank and len(split_num) == rank,
            f"CTAsPerCGA, CTASplitNum and CTAOrder must have the same rank, got "
            f"{len(ctas_per_cga)}, {len(split_num)} and {rank}",
        )
        bases: list[tuple[int, ...]] = []
        for dim in cta_order:
            total, split = ctas_per_cga[dim], split_num[dim]
            check(
                is_power_of_two(total) and is_power_of_two(split) and total % split == 0,
                f"CTASplitNum[{dim}] = {split} must be a power of two dividing CTAsPerCGA[{dim}] = {total}",
            )
            unit = [0] * rank
            for bit in range(split.bit_length() - 1):
                unit[dim] = 1 << bit
                bases.append(tuple(unit))
            bases.extend([(0,) * rank] * ((total // split).bit_length() - 1))
        return cls(tuple(bases), rank)

    @property
    def num_ctas(self) -> int:
        return 1 << len(self.bases)

    @property
    def is_single(self) -> bool:
        return not self.bases

    @property
    def split_num(self) -> list[int]:
        """Triton's ``CTASplitNum``: per dim, how many ways the CTAs split it (copies aside)."""
        split = [1] * self.rank
        for basis in self.bases:
            dim = next((d for d, v in enumerate(basis) if v), None)
            if dim is not None:
                split[dim] *= 2
        return split

    @checks_arguments(EncodingError)
    def without_dim(self, dim: int) -> CGALayout:
        """The CGA with dim ``dim`` never split: its CTAs along it hold copies (a dot
        operand's CGA is its accumulator's without the K dim)."""
        check(0 <= dim < self.rank, f"without_dim: dim must be one of the {self.rank} dims, got {dim}")
        return CGALayout(tuple(tuple(0 if d == dim else v for d, v in enumerate(b)) for b in self.bases), self.rank)

    @checks_arguments(EncodingError)
    def with_rank(self, rank: int) -> CGALayout:
        """The CGA of a tensor with ``rank - self.rank`` more leading dims, never split."""
        check(rank >= self.rank, f"a CGA layout of rank {self.rank} cannot serve a rank {rank} tensor")
        check(rank <= MAX_RANK, f"with_rank: rank must be at most {MAX_RANK}, got {rank}")
        padding = (0,) * (rank - self.rank)
        return CGALayout(tuple(padding + b for b in self.bases), rank)

    @cached_property
    def linear_layout(self) -> LinearLayout:
        """``block -> dim0..``; each out size is the smallest that holds the bases."""
        sizes = [max([1] + [1 << b[d].bit_length() for b in self.bases]) for d in range(self.rank)]
        return LinearLayout.from_bases(
            [("block", [list(b) for b in self.bases])],
            standard_out_dim_names(self.rank),
            sizes,
            require_surjective=False,
        )


def combine_cta_cga_with_shape(
    cta: LayoutBuilder, cga: CGALayout, shape: Sequence[int], broadcast_registers: bool = True
) -> LinearLayout:
    """One CTA's layout fitted to its share of ``shape``, times the CGA's ``block`` bases.

    The CGA splits the tensor first (its bases past the shape are zeroed); the CTA
    layout then wraps (extra ``register``/``offset`` bases, in its out-dim order) or
    broadcasts (largest bases zeroed) to fit each CTA's share.  With
    ``broadcast_registers=False`` a ``register`` basis past the share is dropped
    instead of zeroed, so a thread holds no copies (``#ttg.blocked`` in Triton 3.9).
    ``cta`` is consumed.

    >>> warps = LayoutBuilder().times_identity(1, "register", "dim0").times_identity(4, "warp", "dim0")
    >>> combine_cta_cga_with_shape(warps, CGALayout(((1,),), 1), [4]).bases
    [('register', []), ('warp', [[1], [0]]), ('block', [[2]])]
    """
    names = standard_out_dim_names(len(shape))
    labeled = dict(zip(names, shape))
    if cga.is_single:
        cta.ensure_not_smaller_than(labeled).ensure_not_larger_than(labeled, broadcast_registers)
        cta.times_zeros(1, "block", names[0])
        result = cta.transpose_outs(names)
    else:
        cga_layout = LayoutBuilder.of(cga.linear_layout).ensure_not_larger_than(labeled)
        cga_layout.transpose_outs(cta.get_out_dim_names())
        cta_shape = {d: max(1, labeled[d] // cga_layout.get_out_dim_size(d)) for d in names}
        cta.ensure_not_smaller_than(cta_shape).ensure_not_larger_than(cta_shape, broadcast_registers)
        result = cta.times(cga_layout).transpose_outs(names)
    covered = result.get_out_dim_sizes()
    if covered != list(shape):
        raise EncodingError(f"the layout covers {covered}, not the shape {list(shape)}")
    return result.build()
