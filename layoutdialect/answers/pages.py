"""The pages of ``show --html``, ``convert --html`` and ``swizzle --html`` (``html_page``).

Each page draws its layouts' element grids: a distributed layout's cells coloured by
thread (or warp, lane, register, CTA), a shared or CuTe layout's by bank (or offset).
A conversion adds its destination beside its source and, below, its shuffle rounds
(the lane each lane reads, per word) or its scratch buffer (the rep, offset and bank
each element lands at, and each side's wavefronts); a swizzle adds its accesses' costs.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING

from layoutdialect.analysis.conversion import ConversionPath
from layoutdialect.analysis.layout_views import cute_grid_shape, linear_index, tensor_shape
from layoutdialect.analysis.swizzle_synthesis import SwizzlePlan
from layoutdialect.answers.arguments import LayoutArgument, LayoutArgumentError
from layoutdialect.answers.cells import (
    Cell,
    bank_of,
    cute_cells,
    distributed_cells,
    grid_shape,
    offset_cells,
    shared_cells,
)
from layoutdialect.answers.html_page import Grid, PageTooLarge, Table, check_page_size, render_page
from layoutdialect.f2 import LinearLayout
from layoutdialect.target import SharedMemory

if TYPE_CHECKING:
    from layoutdialect.answers.convert import ConvertAnswer

__all__ = ["conversion_page", "layout_grid", "layout_page", "swizzle_page", "write_page"]

DISTRIBUTED_COLOURINGS = ("thread", "warp", "lane", "register", "CTA")
SHARED_COLOURINGS = ("bank", "offset")


def layout_grid(title: str, argument: LayoutArgument, element_bits: int, memory: SharedMemory) -> Grid:
    """The element grid of ``argument``: by thread for a distributed layout, by bank otherwise."""
    layout = argument.layout
    if argument.kind == "distributed":
        rows, cols = grid_shape(tensor_shape(layout))
        return Grid(title, rows, cols, distributed_cells(layout), DISTRIBUTED_COLOURINGS)
    if argument.kind == "shared":
        rows, cols = grid_shape(tensor_shape(layout))
        return Grid(title, rows, cols, shared_cells(layout, element_bits, memory), SHARED_COLOURINGS)
    rows, cols = cute_grid_shape([layout.get_in_dim_size(d) for d in layout.get_in_dim_names()])
    return Grid(title, rows, cols, cute_cells(layout, element_bits, memory), SHARED_COLOURINGS)


def _grid_size(argument: LayoutArgument) -> tuple[int, int]:
    """The cells of ``argument``'s grid and the holders they describe."""
    layout = argument.layout
    if argument.kind == "cute":
        return layout.get_total_in_dim_size(), layout.get_total_in_dim_size()
    return layout.get_total_out_dim_size(), layout.get_total_in_dim_size()


def layout_page(argument: LayoutArgument, element_bits: int, memory: SharedMemory) -> str:
    """The page of one layout."""
    check_page_size(*_grid_size(argument))
    shape = "x".join(map(str, argument.shape))
    title = f"{argument.kind} layout, {shape}"
    grid = layout_grid("elements", argument, element_bits, memory)
    return render_page(title, [argument.text, str(argument.layout).strip("\n")], [grid])


def _scratch_cells(layout: LinearLayout, element_bits: int, memory: SharedMemory) -> list[Cell]:
    """Where each element lands in a conversion's scratch buffer (``offset[, reps][, block] -> dims``)."""
    shape = tensor_shape(layout)
    names = layout.get_in_dim_names()
    cells = [Cell() for _ in range(layout.get_total_out_dim_size())]
    for values in product(*(range(layout.get_in_dim_size(name)) for name in names)):
        inputs = dict(zip(names, values))
        out = layout.apply(inputs)
        cell = cells[linear_index([out[d] for d in layout.get_out_dim_names()], shape)]
        offset, rep, block = inputs["offset"], inputs.get("reps", 0), inputs.get("block", 0)
        bank = bank_of(offset, element_bits, memory)
        cell.info.append(f"CTA {block}, rep {rep}: scratch offset {offset}, bank {bank}")
        if not cell.keys:
            cell.label = str(offset)
            cell.keys = {"bank": bank, "offset": offset, "rep": rep}
    return cells


def conversion_page(answer: ConvertAnswer, memory: SharedMemory) -> str:
    """The page of a ``layout-tool convert`` answer: source and destination side by side,
    then the shuffle rounds or the scratch buffer, and the counts."""
    plan = answer.conversion.strategy
    bits = answer.conversion.element_bits
    sizes = [_grid_size(answer.src), _grid_size(answer.dst)]
    if plan.scratch is not None:
        sizes.append((answer.src.layout.get_total_out_dim_size(), plan.scratch.layout.get_total_in_dim_size()))
    check_page_size(sum(cells for cells, _ in sizes), sum(holders for _, holders in sizes))
    grids = [
        layout_grid("source", answer.src, bits, memory),
        layout_grid("destination", answer.dst, bits, memory),
    ]
    counts = answer.plan
    tables = [
        Table(
            "counts",
            [
                ("", "shuffles", "selects", "byte permutes", "barriers", "scratch bytes"),
                (
                    "here",
                    str(counts.shuffles),
                    str(counts.selects),
                    str(counts.permutes),
                    str(counts.barriers),
                    str(counts.scratch_bytes),
                ),
                *(
                    [("Triton 3.9's formula", f"{answer.triton.shuffles:g}", f"{answer.triton.selects:g}", "", "", "")]
                    if answer.triton
                    else []
                ),
            ],
            f"{plan.kind.value}: {plan.reason}",
        )
    ]
    warp = plan.warp
    if plan.path is ConversionPath.WARP_SHUFFLES and warp is not None:
        lanes = 1 << warp.physical_lane_bits
        rows = [("word", *(f"lane {lane}" for lane in range(lanes)))]
        rows += [
            (str(word), *(str(warp.swap_source_lane(word, lane)) for lane in range(lanes)))
            for word in range(warp.words)
        ]
        note = "each lane reads each word from the lane shown, in one shuffle stage between the selects"
        if warp.variant.value == "ship":
            note = "ship: per transposition, each lane sends its partner across the lane bit the word it lacks"
        if warp.cross_lane.dpp_rows or warp.cross_lane.row_xmask:
            note += "; XORs within 16 lanes are DPP moves"
        if warp.cross_lane.row_xmask:
            note += ", across the two rows of 32 v_permlanex16"
        swaps = [f"v_permlane{1 << t.lane_bit}_swap across word bit {t.register_bit}" for t in warp.lane_swaps]
        if swaps:
            note += "; then " + ", then ".join(swaps)
        tables.append(Table("shuffle stage: the lane each lane reads", rows, note))
    if plan.scratch is not None:
        scratch = plan.scratch
        cells = _scratch_cells(scratch.layout, bits, memory)
        rows_, cols = grids[0].rows, grids[0].cols
        grids.append(Grid("scratch: where each element lands", rows_, cols, cells, ("bank", "offset", "rep")))
        sides = [("store", scratch.store, False), ("load", scratch.load, True)]
        tables.append(
            Table(
                "shared-memory accesses",
                [
                    (
                        "side",
                        "instruction",
                        "bits a lane",
                        "instructions",
                        "accesses",
                        "wavefronts each",
                        "ideal",
                        "conflict-free",
                    ),
                    *(
                        (
                            name,
                            side.instruction(load=load),
                            str(side.cost.vector_bits),
                            str(side.issued),
                            str(side.cost.instructions),
                            str(side.cost.wavefronts_per_instruction),
                            str(side.cost.phases),
                            "yes" if side.cost.conflict_free else "no",
                        )
                        for name, side, load in sides
                    ),
                ],
                f"{scratch.scratch_bytes} bytes of scratch, {scratch.reps} reps, {scratch.barriers} barriers",
            )
        )
    title = f"convert {'x'.join(map(str, answer.src.shape))} {answer.element}: {plan.kind.value}"
    return render_page(title, [f"from {counts.src}", f"to   {counts.dst}"], grids, tables)


def swizzle_page(plan: SwizzlePlan, memory: SharedMemory) -> str:
    """The page of a ``layout-tool swizzle`` answer: the tile coloured by bank, and the accesses' costs."""
    check_page_size(plan.rows * plan.cols, plan.rows * plan.cols)
    cells = offset_cells(
        [plan.rows, plan.cols], lambda i: plan.address(i // plan.cols, i % plan.cols), plan.element_bits, memory
    )
    grid = Grid("offsets", plan.rows, plan.cols, cells, SHARED_COLOURINGS)
    rows = [("access", "wavefronts per access", "ideal", "conflicting places")]
    rows += [
        (
            f"{c.rows}x{c.cols}",
            str(c.worst_wavefronts),
            str(c.ideal_wavefronts),
            f"{c.conflicting_places} of {c.places}",
        )
        for c in plan.costs
    ]
    title = f"{plan.rows}x{plan.cols} tile of {plan.element_bits}-bit elements on {memory.banks} banks"
    return render_page(title, [f"address: {plan.formula}", plan.method], [grid], [Table("accesses", rows)])


def write_page(path: str, page: Callable[[], str]) -> None:
    """Write the page ``page()`` makes to ``path``; a page too large, or a path that cannot
    be written, is an error at ``--html``."""
    try:
        Path(path).write_text(page(), encoding="utf-8")
    except PageTooLarge as error:
        raise LayoutArgumentError("--html", path, 1, str(error)) from None
    except OSError as error:
        raise LayoutArgumentError("--html", path, 1, f"cannot write the page: {error.strerror or error}") from None
