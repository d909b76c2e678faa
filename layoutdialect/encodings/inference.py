"""Which encoding an op's result has, given its operand's, and back: Triton's
``inferDstEncoding`` and ``inferSrcEncoding`` for the shape-changing ``tt`` ops.

Elementwise ops and ``tt.broadcast`` keep the encoding.  A reduction along
``axis`` gives ``#ttg.slice<{dim = axis, parent = enc}>`` and ``tt.expand_dims``
undoes it.  ``tt.trans`` permutes a blocked layout's fields and any other
layout's F2 bases; ``tt.reshape`` renames the elements each thread holds.

>>> from layoutdialect.encodings import BlockedEncoding, CGALayout
>>> blocked = BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout.single(2))
>>> transposed = trans_encoding(blocked, [16, 64], [1, 0])
>>> transposed.size_per_thread, transposed.threads_per_warp, transposed.order
((4, 1), (4, 8), (0, 1))
>>> trans_encoding(transposed, [64, 16], [1, 0]) == blocked
True
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from layoutdialect.encodings.base import DistributedEncoding, EncodingError, check
from layoutdialect.encodings.blocked import BlockedEncoding
from layoutdialect.encodings.cga import CGALayout
from layoutdialect.encodings.dot_operand import DotOperandEncoding
from layoutdialect.encodings.layout_properties import elements_per_thread, order, unique_elements_per_thread
from layoutdialect.encodings.reshape_inference import linear_encoding_like, reshape_encoding
from layoutdialect.encodings.slice import SliceEncoding
from layoutdialect.encodings.to_linear import to_linear_layout
from layoutdialect.f2 import LinearLayout, divide_left, inverse_permutation, standard_out_dim_names

__all__ = [
    "expand_dims_encoding",
    "cat_registers",
    "expand_dims_source_encoding",
    "fp4_to_fp_encoding",
    "fp4_to_fp_source_encoding",
    "join_encoding",
    "is_expensive_view",
    "reduce_encoding",
    "reduce_source_encoding",
    "reshape_encoding",
    "split_encoding",
    "trans_encoding",
]


def reduce_encoding(encoding: DistributedEncoding, axis: int) -> SliceEncoding:
    """The result of reducing along ``axis``: the operand's layout sliced at ``axis``."""
    return SliceEncoding(axis, encoding)


def reduce_source_encoding(encoding: DistributedEncoding, axis: int) -> DistributedEncoding:
    """The operand a reduction along ``axis`` needs to produce ``encoding``: its parent."""
    check(
        isinstance(encoding, SliceEncoding) and encoding.dim == axis,
        f"a reduction along axis {axis} produces a slice encoding with dim = {axis}",
    )
    assert isinstance(encoding, SliceEncoding)
    return encoding.parent


def expand_dims_encoding(encoding: DistributedEncoding, axis: int) -> DistributedEncoding:
    """The result of inserting a dim at ``axis``: the operand must be a slice at ``axis``."""
    check(isinstance(encoding, SliceEncoding), "ExpandDimsOp operand encoding must be SliceEncodingAttr")
    assert isinstance(encoding, SliceEncoding)
    check(encoding.dim == axis, "Incompatible slice dimension for ExpandDimsOp operand")
    return encoding.parent


def expand_dims_source_encoding(encoding: DistributedEncoding, axis: int) -> SliceEncoding:
    """The operand ``tt.expand_dims`` at ``axis`` needs to produce ``encoding``."""
    return SliceEncoding(axis, encoding)


def _permute(values: Sequence[int], order: Sequence[int]) -> tuple[int, ...]:
    return tuple(values[i] for i in order)


def trans_encoding(encoding: DistributedEncoding, shape: Sequence[int], order: Sequence[int]) -> DistributedEncoding:
    """The result of ``tt.trans`` with ``order`` on a tensor of ``shape``: result dim i is
    operand dim ``order[i]``, and every element stays with its thread and register."""
    check(sorted(order) == list(range(len(shape))), f"trans order {list(order)} is not a permutation of the dims")
    if list(order) == sorted(order):
        return encoding
    if isinstance(encoding, BlockedEncoding):
        inverse = inverse_permutation(order)
        cga = CGALayout(tuple(_permute(b, order) for b in encoding.cga.bases), encoding.cga.rank)
        return BlockedEncoding(
            _permute(encoding.size_per_thread, order),
            _permute(encoding.threads_per_warp, order),
            _permute(encoding.warps_per_cta, order),
            tuple(inverse[d] for d in encoding.order),
            cga,
        )
    layout = to_linear_layout(encoding, shape)
    bases = [(name, [list(_permute(b, order)) for b in vectors]) for name, vectors in layout.bases]
    return linear_encoding_like(LinearLayout.from_bases(bases, standard_out_dim_names(len(shape))), encoding)


def is_expensive_view(
    src: DistributedEncoding, src_shape: Sequence[int], dst: DistributedEncoding, dst_shape: Sequence[int]
) -> bool:
    """Triton's ``isExpensiveView``: reading a tensor of ``src_shape`` in ``src`` as one of
    ``dst_shape`` in ``dst`` would move data between threads, because the two disagree on
    which hardware bits hold copies or on how many elements each thread holds."""
    src_layout, dst_layout = to_linear_layout(src, src_shape), to_linear_layout(dst, dst_shape)
    if src_layout.free_variable_masks() != dst_layout.free_variable_masks():
        return True
    return prod(elements_per_thread(src, list(src_shape))) != prod(elements_per_thread(dst, list(dst_shape)))


def join_encoding(encoding: DistributedEncoding, shape: Sequence[int]) -> DistributedEncoding:
    """The result of ``tt.join`` of two tensors of ``shape`` in ``encoding``: a new last
    dim of 2 whose two elements sit in adjacent registers of the same thread.

    >>> from layoutdialect.encodings import BlockedEncoding, CGALayout
    >>> joined = join_encoding(BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout.single(2)), [32, 16])
    >>> joined.size_per_thread, joined.order
    ((1, 4, 2), (2, 1, 0))
    """
    rank = len(shape)
    if isinstance(encoding, SliceEncoding) and encoding.dim == rank:
        joined_shape = [*shape, 2]
        try:
            split = split_encoding(encoding.parent, joined_shape)
        except EncodingError:
            split = None
        if split is not None and _same_registers_but_copies(split, encoding, shape):
            return encoding.parent
    if isinstance(encoding, BlockedEncoding):
        cga = CGALayout(tuple((*basis, 0) for basis in encoding.cga.bases), rank + 1)
        return BlockedEncoding(
            (*encoding.size_per_thread, 2),
            (*encoding.threads_per_warp, 1),
            (*encoding.warps_per_cta, 1),
            (rank, *encoding.order),
            cga,
        )
    names = standard_out_dim_names(rank + 1)
    layout = to_linear_layout(encoding, shape)
    bases = [(name, [[*b, 0] for b in vectors]) for name, vectors in layout.bases]
    widened = LinearLayout.from_bases(bases, names, [*shape, 1])
    return linear_encoding_like(LinearLayout.identity_1d(2, "register", names[-1]) * widened, encoding)


def _same_registers_but_copies(a: DistributedEncoding, b: DistributedEncoding, shape: Sequence[int]) -> bool:
    """Whether ``a`` and ``b`` place every element alike at ``shape``, registers that only
    hold copies (zero bases) aside."""
    return to_linear_layout(a, shape).remove_zero_bases_along_dim("register") == to_linear_layout(
        b, shape
    ).remove_zero_bases_along_dim("register")


def split_encoding(encoding: DistributedEncoding, shape: Sequence[int]) -> DistributedEncoding:
    """The results of ``tt.split`` of a tensor of ``shape`` (last dim 2) in ``encoding``:
    that dim must be held in one register bit, which the results lose."""
    rank = len(shape)
    if (
        isinstance(encoding, BlockedEncoding)
        and encoding.size_per_thread[-1] == 2
        and encoding.threads_per_warp[-1] == 1
        and encoding.warps_per_cta[-1] == 1
        and all(basis[-1] == 0 for basis in encoding.cga.bases)
    ):
        return BlockedEncoding(
            encoding.size_per_thread[:-1],
            encoding.threads_per_warp[:-1],
            encoding.warps_per_cta[:-1],
            tuple(d for d in encoding.order if d != rank - 1),
            CGALayout(tuple(basis[:-1] for basis in encoding.cga.bases), rank - 1),
        )
    check(shape[-1] == 2, "SplitOp input shape should have 2 in the last dim")
    layout = to_linear_layout(encoding, shape)
    found = False
    bases: list[tuple[str, list[list[int]]]] = []
    for name, vectors in layout.bases:
        kept = []
        for basis in vectors:
            if name == "register" and basis[-1] == 1:
                found = True
                continue
            kept.append(basis[:-1])
        bases.append((name, kept))
    check(found, "SplitOp requires at least 2 elements per thread in the last dimension")
    return linear_encoding_like(
        LinearLayout.from_bases(bases, standard_out_dim_names(rank - 1), list(shape[:-1])), encoding
    )


def cat_registers(
    source: DistributedEncoding, source_shape: Sequence[int], target: DistributedEncoding, target_shape: Sequence[int]
) -> tuple[int, int]:
    """``(provided, required)`` for ``tt.cat`` of two ``source`` tensors into ``target``:
    the distinct registers per thread both operands give, and those ``target`` holds.
    Triton's lowering concatenates registers, so the layout is legal when they are equal."""
    provided = 2 * unique_elements_per_thread(source, source_shape)
    return provided, unique_elements_per_thread(target, target_shape)


def fp4_to_fp_encoding(encoding: DistributedEncoding, shape: Sequence[int], axis: int) -> DistributedEncoding:
    """The result of ``ttg.fp4_to_fp`` unpacking, along ``axis``, a tensor of ``shape`` in
    ``encoding``: each byte's two values land in two adjacent registers of its thread.

    >>> from layoutdialect.encodings import BlockedEncoding, CGALayout
    >>> packed = BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout.single(2))
    >>> fp4_to_fp_encoding(packed, [32, 32], 1).size_per_thread
    (1, 8)
    """
    return _fp4_encoding(encoding, shape, axis, unpacking=True)


def fp4_to_fp_source_encoding(encoding: DistributedEncoding, shape: Sequence[int], axis: int) -> DistributedEncoding:
    """The operand encoding ``ttg.fp4_to_fp`` along ``axis`` needs to give a result of
    ``shape`` in ``encoding``; an ``EncodingError`` if no thread holds both halves of a byte."""
    return _fp4_encoding(encoding, shape, axis, unpacking=False)


def _fp4_encoding(
    encoding: DistributedEncoding, shape: Sequence[int], axis: int, unpacking: bool
) -> DistributedEncoding:
    """Triton's ``inferFp4ToFpOpEncoding``: a blocked or dot-operand encoding whose order has
    dim 0 at position ``axis`` doubles (or halves) its elements per thread there; any
    other encoding gains (or loses) a first register basis along ``axis``."""
    check(0 <= axis < len(shape), f"fp4_to_fp axis {axis} is out of range for rank {len(shape)}")
    too_few = "fp4_to_fp needs at least 2 elements per thread along the axis"
    if order(encoding, shape)[axis] == 0:
        if isinstance(encoding, DotOperandEncoding):
            check(unpacking or encoding.k_width > 1, too_few)
            k_width = encoding.k_width * 2 if unpacking else encoding.k_width // 2
            return DotOperandEncoding(encoding.op_idx, encoding.parent, k_width)
        if isinstance(encoding, BlockedEncoding):
            sizes = list(encoding.size_per_thread)
            check(unpacking or sizes[axis] > 1, too_few)
            sizes[axis] = sizes[axis] * 2 if unpacking else sizes[axis] // 2
            return BlockedEncoding(
                tuple(sizes), encoding.threads_per_warp, encoding.warps_per_cta, encoding.order, encoding.cga
            )
    layout = to_linear_layout(encoding, shape)
    pair = LinearLayout.identity_1d(2, "register", standard_out_dim_names(len(shape))[axis])
    result = pair * layout if unpacking else divide_left(layout, pair)
    check(result is not None, "fp4_to_fp: the result layout does not hold both halves of a byte in one thread")
    assert result is not None
    return linear_encoding_like(result, encoding)
