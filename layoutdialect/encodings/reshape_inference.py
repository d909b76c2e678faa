"""Which encoding ``tt.reshape`` gives its other side: Triton's ``inferReshapeOpEncoding``.

A reshape reads the elements row-major and keeps each on its thread and register,
so the F2 layout of the other side is always determined: the same bases, with the
out-dims regrouped (``reshaped_layout``).  What Triton chooses is how to *spell* it,
and that choice decides which conversions later passes see as no-ops.  In order:

1. **unit dims**: inserting the size-1 dim a ``#ttg.slice`` removed gives its parent,
   and removing a size-1 dim (the first that matches) gives a slice along it, when
   that spells exactly the reshaped layout (a ``#ttg.linear`` operand is never sliced);
2. **blocked**: Triton's ``inferReshapeOpLegacyEncoding`` rewrites the fields of a
   one-CTA ``#ttg.blocked`` when each group of merged or split dims is consecutive in
   its order and fills its sizes minor dim first;
3. otherwise the reshaped layout itself, as ``#ttg.linear`` (``#ttg.generic_linear``
   when the operand is generic).

The rule is symmetric: the operand encoding a reshape needs for a result encoding is
the same function with the shapes swapped.

>>> from layoutdialect.encodings import BlockedEncoding, CGALayout
>>> rows = BlockedEncoding((1, 4), (32, 1), (4, 1), (1, 0), CGALayout.single(2))
>>> squeezed = reshape_encoding(rows, [4, 1], [4])
>>> squeezed.dim, squeezed.parent == rows
(1, True)
>>> reshape_encoding(squeezed, [4], [4, 1]) == rows
True
>>> tiles = BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout.single(2))
>>> merged = reshape_encoding(tiles, [32, 16], [512])
>>> merged.size_per_thread, merged.threads_per_warp, merged.warps_per_cta
((4,), (32,), (4,))
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from layoutdialect.encodings.amd_wmma import AmdWmmaEncoding
from layoutdialect.encodings.base import DerivedEncoding, DistributedEncoding, EncodingError
from layoutdialect.encodings.blocked import BlockedEncoding, default_blocked_encoding
from layoutdialect.encodings.cga import CGALayout
from layoutdialect.encodings.linear import GenericLinearEncoding, LinearEncoding
from layoutdialect.encodings.slice import SliceEncoding
from layoutdialect.encodings.to_linear import to_linear_layout
from layoutdialect.f2 import LinearLayout, inverse_permutation, standard_out_dim_names

__all__ = ["linear_encoding_like", "reshape_decomposition", "reshape_encoding", "reshaped_layout"]

DimGroups = list[tuple[list[int], list[int]]]


def reshaped_layout(layout: LinearLayout, dst_shape: Sequence[int]) -> LinearLayout:
    """``layout`` over ``dim0..`` re-read row-major as a tensor of ``dst_shape``."""
    src_names = layout.get_out_dim_names()
    dst_names = standard_out_dim_names(len(dst_shape))
    minor_first = layout.transpose_outs(list(reversed(src_names)))
    regrouped = minor_first.reshape_outs([(n, d) for n, d in zip(reversed(dst_names), reversed(dst_shape))])
    return regrouped.transpose_outs(dst_names)


def is_generic(encoding: DistributedEncoding) -> bool:
    """Triton's ``isGenericLinearEncoding``: a ``#ttg.generic_linear``, a WMMA layout whose
    warps are not a permutation, or an encoding derived from either."""
    if isinstance(encoding, GenericLinearEncoding):
        return True
    if isinstance(encoding, DerivedEncoding):
        return is_generic(encoding.parent)
    if isinstance(encoding, AmdWmmaEncoding):
        return encoding.is_generic
    return False


def linear_encoding_like(layout: LinearLayout, source: DistributedEncoding) -> DistributedEncoding:
    """Triton's ``inferEncodingFromLinearLayout``: ``layout`` as ``#ttg.generic_linear``
    when ``source`` is generic, else as ``#ttg.linear``."""
    return GenericLinearEncoding(layout) if is_generic(source) else LinearEncoding(layout)


def reshape_decomposition(src_shape: Sequence[int], dst_shape: Sequence[int]) -> DimGroups:
    """Triton's ``getReshapeDecomposition``: the groups of source dims whose elements
    become a group of destination dims, in order; unit dims join the group before them.

    >>> reshape_decomposition([4, 8, 2], [32, 2])
    [([0, 1], [0]), ([2], [1])]
    """
    groups: DimGroups = []
    if not src_shape:
        return groups
    groups.append(([], []))
    src, dst, src_elements, dst_elements = 0, 0, 1, 1
    while src < len(src_shape) or dst < len(dst_shape):
        if src_elements < dst_elements or (src < len(src_shape) and (src_elements == 1 or src_shape[src] == 1)):
            src_elements *= src_shape[src]
            groups[-1][0].append(src)
            src += 1
        elif dst_elements < src_elements or (dst < len(dst_shape) and dst_shape[dst] == 1):
            dst_elements *= dst_shape[dst]
            groups[-1][1].append(dst)
            dst += 1
        else:
            groups.append(([], []))
            src_elements, dst_elements = 1, 1
    return groups


def _unit_dim_encoding(
    encoding: DistributedEncoding, src_shape: Sequence[int], dst_shape: Sequence[int]
) -> DistributedEncoding | None:
    """A slice's parent when the reshape puts back its size-1 dim, or a slice of
    ``encoding`` along the first size-1 dim the reshape removes; either only when it
    spells the reshaped layout exactly."""
    src, dst = list(src_shape), list(dst_shape)
    candidate: DistributedEncoding | None = None
    if isinstance(encoding, SliceEncoding) and encoding.parent_shape(src) == dst:
        candidate = encoding.parent
    elif len(dst) + 1 == len(src) and not isinstance(encoding, LinearEncoding | GenericLinearEncoding):
        dim = next((d for d, size in enumerate(src) if size == 1 and src[:d] + src[d + 1 :] == dst), None)
        try:
            candidate = None if dim is None else SliceEncoding(dim, encoding)
        except EncodingError:
            return None
    if candidate is None:
        return None
    try:
        same = to_linear_layout(candidate, dst) == reshaped_layout(to_linear_layout(encoding, src), dst)
    except EncodingError:
        return None
    return candidate if same else None


def _merged_dims_fill_minor_first(fields: Sequence[Sequence[int]], src_shape: Sequence[int], groups: DimGroups) -> bool:
    """Within each group of merged source dims, the blocks of ``fields`` (sizePerThread,
    then threadsPerWarp, then warpsPerCTA, each using up the shape the previous left)
    may give a dim more than one only once every more minor dim of the group is used
    up; a block larger than what is left is allowed only in the group's most major dim."""
    for src_dims, _ in groups:
        remaining = [src_shape[d] for d in src_dims]
        for sizes in fields:
            for i in reversed(range(len(src_dims))):
                size = sizes[src_dims[i]]
                if size == 1:
                    continue
                if any(remaining[j] != 1 for j in range(i + 1, len(src_dims))):
                    return False
                remaining[i] = remaining[i] // size if remaining[i] >= size else 0
                if remaining[i] == 0 and i != 0:
                    return False
    return True


def _legacy_blocked_reshape(
    src: BlockedEncoding, src_shape: Sequence[int], dst_shape: Sequence[int]
) -> BlockedEncoding | None:
    """Triton's ``inferReshapeOpLegacyEncoding``: the blocked encoding of ``dst_shape``
    holding the same elements per thread, or ``None`` when the fields cannot say it."""
    if list(src_shape) == list(dst_shape):
        return src
    num_warps, num_lanes, num_ctas = src.num_warps, src.num_lanes, src.num_ctas
    if src == default_blocked_encoding(src_shape, num_warps, num_lanes, num_ctas):
        return default_blocked_encoding(dst_shape, num_warps, num_lanes, num_ctas)
    if num_ctas != 1:
        return None
    fields = (src.size_per_thread, src.threads_per_warp, src.warps_per_cta)
    if any(size >= block and size % block for sizes in fields for size, block in zip(src_shape, sizes)):
        return None
    groups = reshape_decomposition(src_shape, dst_shape)
    inverse_order = inverse_permutation(src.order)
    for src_dims, _ in groups:
        positions = [inverse_order[d] for d in reversed(src_dims)]
        if any(later != earlier + 1 for earlier, later in zip(positions, positions[1:])):
            return None
    if not _merged_dims_fill_minor_first(fields, src_shape, groups):
        return None
    remaining = list(dst_shape)
    dst_fields: list[tuple[int, ...]] = []
    for sizes in fields:
        dst_sizes = [0] * len(dst_shape)
        for src_dims, dst_dims in groups:
            left = prod(sizes[d] for d in src_dims)
            for d in reversed(dst_dims):
                dst_sizes[d] = min(left, remaining[d])
                left //= dst_sizes[d]
                remaining[d] //= dst_sizes[d]
            dst_sizes[dst_dims[0]] *= left
        dst_fields.append(tuple(dst_sizes))
    groups.sort(key=lambda group: inverse_order[group[0][0]])
    dst_inverse_order = [0] * len(dst_shape)
    position = 0
    for _, dst_dims in groups:
        for d in reversed(dst_dims):
            dst_inverse_order[d] = position
            position += 1
    order = tuple(inverse_permutation(dst_inverse_order))
    return BlockedEncoding(*dst_fields, order, CGALayout.single(len(dst_shape)))


def reshape_encoding(
    encoding: DistributedEncoding, src_shape: Sequence[int], dst_shape: Sequence[int]
) -> DistributedEncoding:
    """The encoding of a row-major ``tt.reshape``'s result when its operand of
    ``src_shape`` has ``encoding`` (or, with the shapes swapped, the operand a result
    needs); each element stays on its thread and register.  See the module docstring
    for how Triton spells it; even at the same shape only a blocked encoding is kept
    as written.  ``EncodingError`` when the sizes differ."""
    if prod(src_shape) != prod(dst_shape):
        raise EncodingError(f"cannot reshape {list(src_shape)} into {list(dst_shape)}: sizes differ")
    unit = _unit_dim_encoding(encoding, src_shape, dst_shape)
    if unit is not None:
        return unit
    if isinstance(encoding, BlockedEncoding):
        legacy = _legacy_blocked_reshape(encoding, src_shape, dst_shape)
        if legacy is not None:
            return legacy
    return linear_encoding_like(reshaped_layout(to_linear_layout(encoding, src_shape), dst_shape), encoding)
