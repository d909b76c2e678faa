"""Helpers that build and fit layouts to tensor shapes (Triton's ``LayoutUtils``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from layoutdialect.f2.arguments import checked_integer, checks_arguments
from layoutdialect.f2.column_action import ColumnAction
from layoutdialect.f2.layout_builder import LayoutBuilder
from layoutdialect.f2.linear_layout import LinearLayout, LinearLayoutError

__all__ = [
    "HARDWARE_DIMS",
    "action_remove_broadcasted_regs",
    "ensure_layout_not_larger_than",
    "ensure_layout_not_smaller_than",
    "get_reps",
    "identity_standard_nd",
    "inverse_permutation",
    "is_permutation_matrix",
    "reg_perm_for_divide",
    "standard_out_dim_names",
]


_DIM_NAMES = tuple(f"dim{i}" for i in range(8))


HARDWARE_DIMS = ("register", "lane", "warp", "block")
"""The in-dims of a distributed layout, fastest first: a thread's registers, the lanes of
a warp, the warps of a CTA and the CTAs of a cluster (Triton's ``kReg``, ``kLane``,
``kWarp``, ``kBlock``)."""


MAX_RANK = 64
"""The most dims a tensor may have (as in numpy)."""


def standard_out_dim_names(rank: int) -> list[str]:
    """``["dim0", ..., "dim{rank-1}"]``: the out-dims of every tensor layout."""
    if type(rank) is not int or not 0 <= rank <= MAX_RANK:
        rank = checked_integer(rank, "standard_out_dim_names: rank")
        if not 0 <= rank <= MAX_RANK:
            raise LinearLayoutError(f"standard_out_dim_names: rank must be from 0 to {MAX_RANK}, got {rank}")
    return list(_DIM_NAMES[:rank]) if rank <= len(_DIM_NAMES) else [f"dim{i}" for i in range(rank)]


@checks_arguments(LinearLayoutError)
def inverse_permutation(permutation: Sequence[int]) -> list[int]:
    """The permutation that undoes ``permutation``: ``inverse[permutation[i]] == i``.

    >>> inverse_permutation([2, 0, 1])
    [1, 2, 0]
    """
    if sorted(permutation) != list(range(len(permutation))):
        raise LinearLayoutError(
            f"inverse_permutation: {list(permutation)} is not a permutation of 0..{len(permutation) - 1}"
        )
    inverse = [0] * len(permutation)
    for position, image in enumerate(permutation):
        inverse[image] = position
    return inverse


@checks_arguments(LinearLayoutError)
def is_permutation_matrix(layout: LinearLayout) -> bool:
    """Triton's ``isPermutationMatrixLayout``: flattened, and without its zero (broadcast)
    bases, every basis is a single bit and together they are invertible.

    >>> swap = LinearLayout.from_bases([("warp", [[0, 1], [1, 0]])], ["dim0", "dim1"])
    >>> diagonal = LinearLayout.from_bases([("warp", [[1, 1]])], ["dim0", "dim1"], [2, 2], require_surjective=False)
    >>> is_permutation_matrix(swap), is_permutation_matrix(diagonal)
    (True, False)
    """
    if not layout.get_in_dim_names():
        return True
    flat = layout.flatten_ins().flatten_outs()
    in_dim = flat.get_in_dim_names()[0]
    bare = flat.remove_zero_bases_along_dim(in_dim)
    single_bits = all(basis[0] & (basis[0] - 1) == 0 for _, bases in bare.bases for basis in bases)
    return single_bits and bare.is_invertible()


@checks_arguments(LinearLayoutError)
def identity_standard_nd(in_dim: str, shape: Sequence[int], order: Sequence[int]) -> LinearLayout:
    """A 1-D index laid row by row over ``shape``, ``order[0]`` the fastest dim.

    The out-dims come in ``order`` order, not ``dim0..``; that order decides where
    ``ensure_layout_not_smaller_than`` later adds bases.

    >>> identity_standard_nd("offset", [2, 4], [1, 0]).bases
    [('offset', [[1, 0], [2, 0], [0, 1]])]
    >>> identity_standard_nd("offset", [2, 4], [1, 0]).get_out_dim_names()
    ['dim1', 'dim0']
    """
    if len(shape) != len(order) or sorted(order) != list(range(len(shape))):
        raise LinearLayoutError(f"order {list(order)} must be a permutation of the dims of shape {list(shape)}")
    names = standard_out_dim_names(len(shape))
    layout = LinearLayout.empty()
    for dim in order:
        layout *= LinearLayout.identity_1d(shape[dim], in_dim, names[dim])
    return layout


def _check_shape(layout: LinearLayout, shape: Mapping[str, int], what: str) -> None:
    if sorted(shape) != sorted(layout.get_out_dim_names()):
        raise LinearLayoutError(
            f"{what}: the shape names {sorted(shape)} must be the layout's out-dims {layout.get_out_dim_names()}"
        )
    for name, size in shape.items():
        if size <= 0 or size & (size - 1):
            raise LinearLayoutError(f"{what}: the size of {name!r} must be a power of two, got {size}")


@checks_arguments(LinearLayoutError)
def ensure_layout_not_smaller_than(layout: LinearLayout, shape: Mapping[str, int]) -> LinearLayout:
    """Grow every out-dim to at least ``shape`` by repeating along the first in-dim.

    New bases go on top of the first in-dim (``register`` or ``offset``), out-dim
    by out-dim in the layout's out-dim order: the tile wraps around the tensor.
    """
    _check_shape(layout, shape, "ensure_layout_not_smaller_than")
    return LayoutBuilder.of(layout).ensure_not_smaller_than(shape).build()


@checks_arguments(LinearLayoutError)
def ensure_layout_not_larger_than(
    layout: LinearLayout, shape: Mapping[str, int], broadcast_registers: bool = True
) -> LinearLayout:
    """Shrink every out-dim to at most ``shape``, keeping the in-dims' sizes.

    Per out-dim, the bases reaching past the shape (largest component first, all
    bases with one value together) lose that component: those hardware bits now
    hold copies, i.e. broadcast.  With ``broadcast_registers=False`` such
    ``register`` bases are removed instead, so there are fewer registers.

    >>> tile = LinearLayout.from_bases([("register", [[1], [2]]), ("lane", [[4]])], ["dim0"])
    >>> ensure_layout_not_larger_than(tile, {"dim0": 2}).bases
    [('register', [[1], [0]]), ('lane', [[0]])]
    """
    _check_shape(layout, shape, "ensure_layout_not_larger_than")
    return LayoutBuilder.of(layout).ensure_not_larger_than(shape, broadcast_registers).build()


def reg_perm_for_divide(a: LinearLayout, b: LinearLayout, left: bool = True) -> ColumnAction | None:
    """Triton's ``regPermForDivide``: the reordering of ``a``'s registers after which ``a``
    may start (``left``) or end with ``b``'s registers, or ``None`` when some register basis
    of ``b`` is not one of ``a``'s.  The chosen bases go first (last), the others keep their
    order; the result is the only candidate, not a proof that ``divide_left`` then succeeds.

    >>> a = LinearLayout.from_bases([("register", [[2], [1]])], ["col"])
    >>> reg_perm_for_divide(a, LinearLayout.identity_1d(2, "register", "col"))
    ColumnAction([1, 0], register, 2)
    """
    a_bases = [basis for name, bases in a.bases if name == "register" for basis in bases]
    broadcast = LinearLayout.empty()
    for out_dim in a.get_out_dim_names():
        broadcast *= LinearLayout.identity_1d(1, "register", out_dim)
    b_wide = broadcast * b
    b_bases = [basis for name, bases in b_wide.bases if name == "register" for basis in bases]
    quotient_log2 = {
        out_dim: a.get_out_dim_size_log2(out_dim) - b_wide.get_out_dim_size_log2(out_dim)
        for out_dim in a.get_out_dim_names()
    }
    if any(log2 < 0 for log2 in quotient_log2.values()):
        return None
    used = [False] * len(a_bases)
    chosen = []
    for basis in b_bases:
        if not left:
            basis = [v << quotient_log2[out_dim] for out_dim, v in zip(a.get_out_dim_names(), basis)]
        index = next((j for j, candidate in enumerate(a_bases) if not used[j] and candidate == basis), None)
        if index is None:
            return None
        used[index] = True
        chosen.append(index)
    others = [j for j in range(len(a_bases)) if not used[j]]
    return ColumnAction(chosen + others if left else others + chosen, "register", len(a_bases))


def action_remove_broadcasted_regs(layout: LinearLayout) -> ColumnAction:
    """Triton's ``actionRemoveBroadcastedRegs``: keep the registers' non-zero bases, in order.

    >>> layout = LinearLayout.from_bases([("register", [[1], [0], [2]])], ["dim0"])
    >>> action_remove_broadcasted_regs(layout)
    ColumnAction([0, 2], register, 3)
    """
    registers = dict(layout.bases)["register"]
    kept = [i for i, basis in enumerate(registers) if any(basis)]
    return ColumnAction(kept, "register", len(registers))


def get_reps(cvt: LinearLayout, tile: LinearLayout) -> LinearLayout | None:
    """Triton's ``getReps``: ``cvt`` with the bases ``tile`` accounts for zeroed, or
    ``None`` unless each in-dim of ``cvt`` starts with ``tile``'s bases and its other bases
    avoid every bit ``tile`` reaches.  Unlike ``divide_left`` the others keep their place.

    >>> cvt = LinearLayout.from_bases([("register", [[0, 1], [1, 0], [0, 2]])], ["row", "col"])
    >>> tile = LinearLayout.from_bases([("register", [[0, 1]])], ["row", "col"], [1, 2], require_surjective=False)
    >>> get_reps(cvt, tile).bases
    [('register', [[0, 0], [1, 0], [0, 2]])]
    """
    out_dims = cvt.get_out_dim_names()
    tile_dims = set(tile.get_out_dim_names())
    mask = dict.fromkeys(out_dims, 0)
    for _, bases in tile.bases:
        for basis in bases:
            for out_dim, value in zip(tile.get_out_dim_names(), basis):
                mask[out_dim] |= value
    reps = []
    for in_dim, bases in cvt.bases:
        covered = tile.get_in_dim_size_log2(in_dim) if tile.has_in_dim(in_dim) else 0
        if covered > len(bases):
            return None
        for i in range(covered):
            expected = [tile.get_basis(in_dim, i, d) if d in tile_dims else 0 for d in out_dims]
            if bases[i] != expected:
                return None
        if any(v & mask[d] for basis in bases[covered:] for d, v in zip(out_dims, basis)):
            return None
        reps.append((in_dim, [[0] * len(out_dims)] * covered + bases[covered:]))
    return LinearLayout.from_bases(reps, out_dims, [size for _, size in cvt.out_dims], require_surjective=False)
