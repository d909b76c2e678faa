"""Which registers ``tcgen05.ld`` / ``tcgen05.st`` can move a tile between, and how.

A TMEM load or store moves, per warp, a fixed *message atom*: which lane and which
register of a thread meets which row and 32-bit column of the warp's 32-row quarter.
A register layout is TMEM-compatible with a descriptor when, composed with the inverse
of the descriptor's layout (``row, col, block -> dim0, dim1``, see
``layoutdialect.encodings.tensor_memory``), it is one atom repeated: warps 1 and 2 on
rows 32 and 64, CTAs on the same CTAs, and after removing register copies and packing
narrow elements into 32-bit columns, the lanes and first registers exactly those of an
atom (Triton's ``computeTMemLdStEncodingInfo``).  The other direction builds the
register layouts each atom gives (Triton's ``getTmemCompatibleLayouts``).

Everything here takes linear layouts, so it knows no IR; the verifiers of
``ttng.tmem_load`` and ``ttng.tmem_store`` compute the layouts and ask.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from layoutdialect.analysis.preconditions import AnalysisError
from layoutdialect.f2 import HARDWARE_DIMS, ColumnAction, LinearLayout, divide_left, ensure_layout_not_larger_than
from layoutdialect.f2.arguments import check_in_dims, checks_arguments
from layoutdialect.f2.layout_utils import action_remove_broadcasted_regs, get_reps, reg_perm_for_divide

__all__ = [
    "MAX_REGISTERS",
    "TMemAccess",
    "TMemAccessAtom",
    "TMemAccessError",
    "distributed_layout_for_tmem_access",
    "lower_tmem_access",
    "tile_layout",
    "tmem_access",
    "tmem_compatible_layouts",
    "tmem_load_layout_split_long_m",
    "tmem_view",
]

MAX_REGISTERS = 256
"""Registers per thread when nothing lowers the limit (Triton's ``maxRegisters``)."""


class TMemAccessAtom(Enum):
    """The shapes of ``tcgen05.ld`` / ``st`` messages (Triton's ``TMemAccessAtom``): rows
    of a warp's quarter x bits of columns, per repetition."""

    I32x32b = "32x32b"
    I16x64b = "16x64b"
    I16x128b = "16x128b"
    I16x256b = "16x256b"
    I16x32bx2 = "16x32bx2"


class TMemAccessError(AnalysisError):
    """A register layout that no TMEM message moves (the message is Triton's), or an
    argument that is no question about one."""


MEMORY_DIMS = ("row", "col", "block")
"""The in-dims of a TMEM layout: a warp quarter's row, the 32-bit column and the CTA."""


def _check_bits(name: str, value: int, what: str) -> None:
    if value < 1:
        raise TMemAccessError(f"{what}: {name} must be positive, got {value}")


def _check_memory_layout(layout: LinearLayout, what: str) -> None:
    check_in_dims(layout, ["row", "col"], what, TMemAccessError, allowed=MEMORY_DIMS)


@dataclass(frozen=True)
class TMemAccess:
    """How a TMEM load or store moves the tile (Triton's ``TMemLdStEncodingInfo``).

    ``atom`` is the message, ``registers_per_message`` 32-bit registers per thread each;
    ``reps`` maps the remaining register bits to where each repetition starts, after the
    registers are reordered by ``perm`` (and, first, their copies dropped by
    ``broadcast``).  ``vec`` narrow elements share a 32-bit register; ``unpacked`` 16-bit
    elements each take a 32-bit column; with ``padding`` a narrow element alone fills
    one.  A ``16x32bx2`` message reads a second 16-row half at ``second_half_offset``
    (row << 16 | column)."""

    atom: TMemAccessAtom
    reps: LinearLayout
    perm: ColumnAction
    registers_per_message: int
    second_half_offset: int | None = None
    broadcast: ColumnAction | None = None
    unpacked: bool = False
    vec: int = 1
    padding: bool = False


@checks_arguments(TMemAccessError)
def tile_layout(atom: TMemAccessAtom, unpacked: bool = False, with_warp: bool = True) -> LinearLayout:
    """``register, lane (, warp) -> row, col``: the cells one message gives each thread
    (Triton's ``getTileLayout``), in 32-bit columns (two per register when ``unpacked``);
    ``with_warp`` adds warps 1 and 2 on rows 32 and 64.

    >>> tile_layout(TMemAccessAtom.I16x64b, with_warp=False).bases
    [('register', []), ('lane', [[8, 0], [0, 1], [1, 0], [2, 0], [4, 0]])]
    """
    tile = LinearLayout.from_bases([("register", []), ("lane", [])], ["row", "col"])
    if unpacked:
        tile *= LinearLayout.zeros_1d(1, "register", "col", 2)
    if atom is TMemAccessAtom.I32x32b:
        tile *= LinearLayout.identity_1d(32, "lane", "row")
    elif atom is TMemAccessAtom.I16x32bx2:
        tile *= LinearLayout.identity_1d(16, "lane", "row")
    elif atom is TMemAccessAtom.I16x64b:
        tile *= LinearLayout.from_bases([("lane", [[8, 0], [0, 1], [1, 0], [2, 0], [4, 0]])], ["row", "col"])
    else:
        if atom is TMemAccessAtom.I16x256b:
            tile *= LinearLayout.identity_1d(2, "register", "col")
        tile *= (
            LinearLayout.identity_1d(4, "lane", "col")
            * LinearLayout.identity_1d(8, "lane", "row")
            * LinearLayout.identity_1d(2, "register", "row")
        )
    if not with_warp:
        return tile
    columns = tile.get_out_dim_size("col")
    return LinearLayout.from_bases(
        [*tile.bases, ("warp", [[32, 0], [64, 0]])], ["row", "col"], [128, columns], require_surjective=False
    )


def _vectorised(
    cvt: LinearLayout, tile: LinearLayout, max_registers: int
) -> tuple[LinearLayout, ColumnAction, int] | None:
    """Triton's ``getVec``: the widest repetition of ``tile`` along the columns whose
    registers ``cvt`` holds (after a reordering), within half the register budget (a
    quarter at 256 registers when one message does not suffice): the repetitions, the
    reordering and the registers per message; ``None`` when not even one tile fits."""
    most = max_registers // 2
    if max_registers == MAX_REGISTERS and cvt.get_in_dim_size("register") > most:
        most //= 2
    widest = most // tile.get_in_dim_size("register")
    reps, perm = None, None
    width = 1
    while width <= widest:
        wide_tile = tile * LinearLayout.identity_1d(width, "register", "col")
        found = reg_perm_for_divide(cvt, wide_tile)
        if found is None:
            break
        perm = found
        found_reps = get_reps(found.apply(cvt), wide_tile)
        if found_reps is None:
            break
        reps = found_reps
        width *= 2
    if width == 1:
        return None
    assert reps is not None and perm is not None
    return reps, perm, width // 2 * tile.get_in_dim_size("register")


_ATOMS = (TMemAccessAtom.I32x32b, TMemAccessAtom.I16x256b, TMemAccessAtom.I16x64b, TMemAccessAtom.I16x128b)
"""The messages tried first, in Triton's order; at most one can match."""


@checks_arguments(TMemAccessError)
def lower_tmem_access(cvt: LinearLayout, max_registers: int, bitwidth: int, unpacked: bool = False) -> TMemAccess:
    """Triton's ``lowerTMemLdSt``: the message moving ``cvt`` (``register, lane, warp ->
    row, col`` in ``bitwidth``-bit columns, warps 1 and 2 already on rows 32 and 64);
    ``TMemAccessError`` when none does."""
    check_in_dims(cvt, ["register", "lane"], "lower_tmem_access: cvt", TMemAccessError, allowed=HARDWARE_DIMS[:3])
    if cvt.get_out_dim_names() != ["row", "col"]:
        raise TMemAccessError(f"lower_tmem_access: cvt must map to row and col, not {cvt.get_out_dim_names()}")
    _check_bits("max_registers", max_registers, "lower_tmem_access")
    _check_bits("bitwidth", bitwidth, "lower_tmem_access")
    broadcast = action_remove_broadcasted_regs(cvt)
    if not broadcast.is_identity:
        access = lower_tmem_access(broadcast.apply(cvt), max_registers, bitwidth, unpacked)
        return _replace(access, broadcast=broadcast)
    if bitwidth < 32:
        return _lower_narrow(cvt, max_registers, bitwidth, unpacked)
    for atom in _ATOMS:
        found = _vectorised(cvt, tile_layout(atom, unpacked), max_registers)
        if found is not None:
            return TMemAccess(atom, *found)
    found = _vectorised(cvt, tile_layout(TMemAccessAtom.I16x32bx2, unpacked), max_registers)
    if found is None:
        raise TMemAccessError(f"Failed to lower TMEM load/store: unsupported dst layout\n{cvt}")
    reps, perm, registers = found
    row, column = dict(reps.bases)["lane"][4]
    offset = row << 16 | column
    bases = [(name, basis[:4] + [[0, 0]] if name == "lane" else basis) for name, basis in reps.bases]
    reps = LinearLayout.from_bases(bases, ["row", "col"], [size for _, size in reps.out_dims], require_surjective=False)
    return TMemAccess(TMemAccessAtom.I16x32bx2, reps, perm, registers, second_half_offset=offset)


def _packed(layout: LinearLayout, bitwidth: int, in_dim: str, out_dim: str) -> tuple[LinearLayout, int]:
    """The most consecutive ``out_dim`` elements that ``in_dim`` holds and that fit in 32
    bits, and ``layout`` divided by them on the left: ``(quotient, count)``."""
    quotient, contiguous = layout, 1
    while bitwidth * contiguous * 2 <= 32:
        packed = divide_left(layout, LinearLayout.identity_1d(contiguous * 2, in_dim, out_dim))
        if packed is None:
            break
        quotient, contiguous = packed, contiguous * 2
    return quotient, contiguous


def _lower_narrow(cvt: LinearLayout, max_registers: int, bitwidth: int, unpacked: bool) -> TMemAccess:
    """Elements narrower than 32 bits: pack the most consecutive columns a register holds
    into one wider element, or else give each 16-bit element its own 32-bit column
    (unpacked), or else pad each element to 32 bits: elements a 32-bit column apart, or
    all in one column.

    Two rules here are Triton 3.9's as measured with its wheel, not its later source's:
    a single column is padded too (a 64x4xi8 descriptor with ``blockM = 64, blockN = 2``
    loads into one two-byte register per thread), and padded elements do not count as
    unpacked (a ``tmem_load`` reduction over them is accepted).
    """
    words = 32 // bitwidth
    quotient, contiguous = _packed(cvt, bitwidth, "register", "col")
    padding = False
    if contiguous > 1:
        unpacked, wider = False, bitwidth * contiguous
    else:
        spread = divide_left(
            cvt,
            LinearLayout.zeros_1d(1, "register", "col", words) * LinearLayout.identity_1d(2, "register", "col"),
        )
        padded = divide_left(cvt, LinearLayout.zeros_1d(1, "register", "col", words))
        if bitwidth == 16 and spread is not None:
            unpacked, quotient = True, spread
        elif padded is not None:
            unpacked, quotient, padding = False, padded, True
        elif cvt.get_out_dim_size("col") == 1:
            unpacked, padding = False, True
        else:
            raise TMemAccessError("Failed to lower TMEM load/store: TMEM layout is not packed or unpacked")
        wider = 32
    if unpacked:
        quotient = LinearLayout.zeros_1d(1, "register", "col", words) * quotient
    access = lower_tmem_access(quotient, max_registers, wider, unpacked)
    return _replace(
        access,
        vec=contiguous if contiguous > 1 else access.vec,
        unpacked=unpacked or access.unpacked,
        padding=padding or access.padding,
    )


def _replace(access: TMemAccess, **changes: object) -> TMemAccess:
    return TMemAccess(**{**access.__dict__, **changes})


@checks_arguments(TMemAccessError)
def tmem_access(
    register_layout: LinearLayout, memory_layout: LinearLayout, bitwidth: int, max_registers: int = MAX_REGISTERS
) -> TMemAccess:
    """Triton's ``computeTMemLdStEncodingInfo``: how registers laid out as
    ``register_layout`` (``register, lane, warp, block -> dim0, dim1``) load or store
    ``bitwidth``-bit elements in tensor memory laid out as ``memory_layout`` (the
    descriptor's ``tmem_view``), within ``max_registers`` per thread; a
    ``TMemAccessError`` says why no message can.

    >>> from layoutdialect.encodings.tensor_memory import TensorMemoryLayout, tensor_memory_linear_layout
    >>> memory = tensor_memory_linear_layout(TensorMemoryLayout(128, 128, 1), [128, 128])
    >>> rows = LinearLayout.from_bases(
    ...     [("register", [[0, 1 << i] for i in range(7)]), ("lane", [[1 << i, 0] for i in range(5)]),
    ...      ("warp", [[32, 0], [64, 0]]), ("block", [])], ["dim0", "dim1"])
    >>> access = tmem_access(rows, memory, 32)
    >>> access.atom, access.registers_per_message
    (<TMemAccessAtom.I32x32b: '32x32b'>, 128)
    """
    check_in_dims(register_layout, ["register", "lane", "warp"], "tmem_access: register_layout", TMemAccessError)
    check_in_dims(register_layout, [], "tmem_access: register_layout", TMemAccessError, allowed=HARDWARE_DIMS)
    _check_memory_layout(memory_layout, "tmem_access: memory_layout")
    if register_layout.out_dims != memory_layout.out_dims:
        raise TMemAccessError(
            "tmem_access: register_layout and memory_layout must be layouts of one tile; their out-dims are "
            f"{register_layout.out_dims} and {memory_layout.out_dims}"
        )
    _check_bits("bitwidth", bitwidth, "tmem_access")
    _check_bits("max_registers", max_registers, "tmem_access")
    cvt = register_layout.invert_and_compose(memory_layout).quotient(["block"])
    if cvt is None:
        raise TMemAccessError(
            "The cga_layout of the register and memory layout must be the same. Got:\n"
            f"{register_layout}\n{memory_layout}"
        )
    warps = [register_layout.get_basis("warp", i) for i in range(min(2, register_layout.get_in_dim_size_log2("warp")))]
    if warps != [memory_layout.get_basis("row", 5), memory_layout.get_basis("row", 6)]:
        raise TMemAccessError(f"warps=1,2 must map to rows=32,64. Got:\n{register_layout}\n{memory_layout}")
    bases = [(name, [[32, 0], [64, 0], *basis[2:]] if name == "warp" else basis) for name, basis in cvt.bases]
    cvt = LinearLayout.from_bases(bases, ["row", "col"], [size for _, size in cvt.out_dims], require_surjective=False)
    return lower_tmem_access(cvt, max_registers, bitwidth)


@checks_arguments(TMemAccessError)
def distributed_layout_for_tmem_access(
    memory_layout: LinearLayout, atom: TMemAccessAtom, num_warps: int, bitwidth: int
) -> LinearLayout | None:
    """Triton's ``getDistributedLayoutForTmemLdSt``: the register layout (``register,
    lane, warp, block -> dim0, dim1``) that moves a descriptor whose ``tmem_view`` is
    ``memory_layout`` with ``atom`` messages and ``num_warps`` warps,
    or ``None`` when that atom cannot (fewer than 4 warps never can).  Columns left over
    go to registers, then to the warps beyond four (the rest of which hold copies); a
    quarter's rows 16-31 go to the fifth warp (else a register) where the atom covers
    only 16 rows."""
    _check_memory_layout(memory_layout, "distributed_layout_for_tmem_access: memory_layout")
    _check_bits("bitwidth", bitwidth, "distributed_layout_for_tmem_access")
    if num_warps < 4:
        return None
    if num_warps & (num_warps - 1):
        raise TMemAccessError(f"distributed_layout_for_tmem_access: num_warps must be a power of two, got {num_warps}")
    if bitwidth != 32:
        return _narrow_distributed_layout(memory_layout, atom, num_warps, bitwidth)
    tile = tile_layout(atom, with_warp=False)
    columns = memory_layout.get_in_dim_size("col")
    missing = columns // tile.get_out_dim_size("col")
    if missing == 0:
        return None
    rows32 = atom is TMemAccessAtom.I32x32b
    rows16 = memory_layout.get_basis("row", 4) == [0, 0]
    reached = (tile * LinearLayout.identity_1d(1, "block", "block")).compose(memory_layout)
    reached = reached.sublayout(["register", "lane"], memory_layout.get_out_dim_names())
    if rows32:
        reached = reached.resize_in_dim("lane", reached.get_in_dim_size("lane") // 2)
    if not reached.is_injective():
        return None
    row16 = None if rows32 or rows16 else "warp" if num_warps > 4 else "register"
    warps_to_tile = num_warps // (8 if row16 == "warp" else 4)
    warp_copies = warps_to_tile // min(missing, warps_to_tile)
    warps_to_tile //= warp_copies
    missing //= warps_to_tile
    if missing > 1:
        if rows32 and rows16:
            halved = divide_left(tile, LinearLayout.identity_1d(2, "lane", "row"))
            assert halved is not None
            tile = halved * (
                LinearLayout.identity_1d(missing // 2, "register", "col") * LinearLayout.identity_1d(2, "lane", "col")
            )
        else:
            tile *= LinearLayout.identity_1d(missing, "register", "col")
    bases = dict(tile.bases)
    bases["warp"] = [[32, 0], [64, 0]]
    if row16 is not None:
        bases[row16] = [*bases[row16], [16, 0]]
    tile = LinearLayout.from_bases(bases, ["row", "col"], [128, tile.get_out_dim_size("col")], require_surjective=False)
    tile *= LinearLayout.identity_1d(warps_to_tile, "warp", "col") * LinearLayout.zeros_1d(warp_copies, "warp", "col")
    tile *= LinearLayout.identity_1d(memory_layout.get_in_dim_size("block"), "block", "block")
    return tile.compose(memory_layout)


def _narrow_distributed_layout(
    memory_layout: LinearLayout, atom: TMemAccessAtom, num_warps: int, bitwidth: int
) -> LinearLayout | None:
    """``distributed_layout_for_tmem_access`` for elements under 32 bits, dual to
    ``lower_tmem_access``: consecutive columns packed into a register, else each 16-bit
    element in its own 32-bit column, else one element padded to 32 bits."""
    words = 32 // bitwidth
    quotient, contiguous = _packed(memory_layout, bitwidth, "col", "dim1")
    if contiguous > 1:
        layout = distributed_layout_for_tmem_access(quotient, atom, num_warps, bitwidth * contiguous)
        return None if layout is None else LinearLayout.identity_1d(contiguous, "register", "dim1") * layout
    stride = LinearLayout.zeros_1d(words, "col", "dim1")
    spread = divide_left(memory_layout, stride * LinearLayout.identity_1d(2, "col", "dim1"))
    if bitwidth == 16 and spread is not None:
        layout = distributed_layout_for_tmem_access(spread, atom, num_warps, 32)
        return None if layout is None else LinearLayout.identity_1d(2, "register", "dim1") * layout
    padded = divide_left(memory_layout, stride)
    if padded is not None:
        return distributed_layout_for_tmem_access(padded, atom, num_warps, 32)
    if memory_layout.get_in_dim_size("col") == 1:
        return distributed_layout_for_tmem_access(memory_layout, atom, num_warps, 32)
    return None


_COMPATIBLE_ATOMS = (TMemAccessAtom.I32x32b, TMemAccessAtom.I16x256b, TMemAccessAtom.I16x128b, TMemAccessAtom.I16x64b)


@checks_arguments(TMemAccessError)
def tmem_compatible_layouts(memory_layout: LinearLayout, num_warps: int, bitwidth: int) -> list[LinearLayout]:
    """Triton's ``getTmemCompatibleLayouts``: the register layouts each atom gives (in
    Triton's order), then ``tmem_load_layout_split_long_m``'s when there is one, for a
    descriptor whose ``tmem_view`` is ``memory_layout``."""
    layouts = [distributed_layout_for_tmem_access(memory_layout, a, num_warps, bitwidth) for a in _COMPATIBLE_ATOMS]
    layouts.append(tmem_load_layout_split_long_m(memory_layout, num_warps, bitwidth))
    return [layout for layout in layouts if layout is not None]


@checks_arguments(TMemAccessError)
def tmem_load_layout_split_long_m(memory_layout: LinearLayout, num_warps: int, bitwidth: int) -> LinearLayout | None:
    """Triton's ``getTmemLoadLayoutSplitLongM``: with 8 warps, the ``32x32b`` layout with
    warp 4 and lane 16 swapped, when that keeps warps 1, 2 and 4 on one dim (lane 16 is
    then read by a ``16x32bx2`` message); ``None`` otherwise."""
    if num_warps != 8:
        return None
    layout = distributed_layout_for_tmem_access(memory_layout, TMemAccessAtom.I32x32b, num_warps, bitwidth)
    if layout is None:
        return None
    for dim in layout.get_out_dim_names():
        warp1, warp2, warp4 = (layout.get_basis("warp", i, dim) == 0 for i in range(3))
        lane16 = layout.get_basis("lane", 4, dim) == 0
        if lane16 != warp4 and warp1 == warp2 == lane16:
            bases = dict(layout.bases)
            warps, lanes = list(bases["warp"]), list(bases["lane"])
            warps[2], lanes[4] = lanes[4], warps[2]
            bases |= {"warp": warps, "lane": lanes}
            sizes = [size for _, size in layout.out_dims]
            return LinearLayout.from_bases(list(bases.items()), layout.get_out_dim_names(), sizes, False)
    return None


@checks_arguments(TMemAccessError)
def tmem_view(memory_layout: LinearLayout, shape: Sequence[int]) -> LinearLayout:
    """A descriptor's TMEM layout over its allocation (``row, col, block -> dim0, dim1``)
    seen at its own ``shape``, as Triton 3.9 checks and proposes register layouts against
    it (measured with its wheel): components past the shape become 0, and the top column
    bits that then hold nothing are dropped.

    A 256x64 slice of a 256x128 accumulator (two 128-row blocks side by side) keeps the
    column bit of columns 64-127 as one holding nothing, as the next bit (the second
    block) follows it; a 32x4 scales tile loses its third column bit, which would hold
    rows 32-63 of a 64x4 block.

    >>> from layoutdialect.encodings.tensor_memory import TensorMemoryScalesLayout, tensor_memory_linear_layout
    >>> dict(tmem_view(tensor_memory_linear_layout(TensorMemoryScalesLayout(), [32, 4]), [32, 4]).bases)["col"]
    [[0, 1], [0, 2]]
    """
    _check_memory_layout(memory_layout, "tmem_view: memory_layout")
    if len(shape) != memory_layout.num_out_dims:
        raise TMemAccessError(
            f"tmem_view: shape {list(shape)} must give a size for each of {memory_layout.get_out_dim_names()}"
        )
    clamped = ensure_layout_not_larger_than(memory_layout, dict(zip(memory_layout.get_out_dim_names(), shape)))
    bases = dict(clamped.bases)
    columns = list(bases["col"])
    while columns and not any(columns[-1]):
        columns.pop()
    bases["col"] = columns
    return LinearLayout.from_bases(list(bases.items()), clamped.get_out_dim_names(), list(shape), False)
