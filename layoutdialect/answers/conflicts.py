"""``layout-tool conflicts``: bank conflicts and vector width of moving a register layout to
or from a shared one, with the lanes and the F2 reason; or, with ``--access PxQ``, of a
warp reading PxQ blocks of a shared layout."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from layoutdialect.analysis.access_explanation import (
    AccessExplanation,
    explain_access,
    tile_access_layout,
)
from layoutdialect.analysis.bank_conflicts import MAX_VECTOR_BITS, warp_access
from layoutdialect.answers.arguments import (
    LayoutArgument,
    LayoutArgumentError,
    parse_layout_argument,
    parse_shape,
    parse_shape_option,
    parse_shared_element_bits,
    parse_target,
)
from layoutdialect.answers.text_table import counted
from layoutdialect.cute.layout import CuteError
from layoutdialect.cute.linear import shared_layout_from_cute
from layoutdialect.f2 import LinearLayout, is_power_of_two
from layoutdialect.target import SharedMemory, Target

__all__ = [
    "ConflictsAnswer",
    "TileAccessesAnswer",
    "ask",
    "shared_access_conflicts",
    "shared_side",
    "tile_accesses",
]


def shared_side(argument: LayoutArgument) -> LinearLayout:
    """The ``offset -> dims`` layout of a shared encoding or a bijective CuTe layout."""
    if argument.kind == "shared":
        return argument.layout
    if argument.kind == "cute":
        assert argument.cute is not None
        try:
            return shared_layout_from_cute(argument.cute)
        except CuteError as error:
            raise argument.error(str(error)) from None
    raise argument.error("the second layout must be shared: a shared encoding or a CuTe layout")


@dataclass(frozen=True)
class ConflictsAnswer:
    explanation: AccessExplanation
    element_bits: int

    def text(self) -> str:
        e = self.explanation
        cost = e.cost
        lines = [
            f"vector: {cost.vector_bits} bits ({counted(cost.vector_bits // self.element_bits, 'element')}); "
            f"widest legal: {e.widest_vector_bits} bits",
            f"instructions per thread: {cost.instructions}, {counted(cost.phases, 'phase')} each",
            f"wavefronts per instruction: {cost.wavefronts_per_instruction} "
            f"(ideal {e.ideal_wavefronts_per_instruction})",
            f"wavefronts per access: {cost.total_wavefronts} (ideal {e.ideal_total_wavefronts})",
        ]
        if cost.conflict_free:
            lines.append("conflict-free")
        else:
            lines.append(f"{e.ways}-way bank conflict in each phase")
        lines.append("bank of each lane's first word (first instruction): " + " ".join(map(str, e.lane_banks)))
        if e.conflicts:
            lines.append("conflicts in the first phase:")
            for conflict in e.conflicts:
                lanes = ",".join(map(str, conflict.lanes))
                lines.append(f"  bank {conflict.bank}: lanes {lanes} read {len(conflict.words)} different words")
        lines.append("why (per lane spanning the phase: offset in chunks = bank bits | bits above the banks):")
        for chunk in e.lane_chunks:
            lines.append(f"  lane {chunk.lane:>2}: chunk {chunk.chunk:>5} = bank {chunk.bank:>3} | row {chunk.row}")
        if e.clashing_lanes:
            masks = ", ".join(f"lane ^ {mask}" for mask in e.clashing_lanes)
            lines.append(
                f"  the bank rows of {masks} are zero while their chunks are not: those lanes hit the same bank on "
                f"another word, 2^(rank {len(e.lane_chunks)} chunks - rank of their bank bits) = {e.ways} ways"
            )
        else:
            lines.append(
                "  the bank bits of the lane chunks are independent, so no two lanes share a bank on different words"
            )
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        e = self.explanation
        cost = e.cost
        return {
            "cost": cost.to_json(),
            "widest_vector_bits": e.widest_vector_bits,
            "ideal_wavefronts_per_instruction": e.ideal_wavefronts_per_instruction,
            "ideal_wavefronts_per_access": e.ideal_total_wavefronts,
            "ways": e.ways,
            "lane_banks": e.lane_banks,
            "conflicts": [{"bank": c.bank, "lanes": c.lanes, "words": c.words} for c in e.conflicts],
            "lane_chunks": [{"lane": c.lane, "chunk": c.chunk, "bank": c.bank, "row": c.row} for c in e.lane_chunks],
            "clashing_lane_masks": e.clashing_lanes,
        }


def shared_access_conflicts(
    registers: LayoutArgument,
    shared: LayoutArgument,
    element_bits: int,
    memory: SharedMemory,
    load: bool = True,
    vector_bits: int | None = None,
) -> ConflictsAnswer:
    if registers.kind != "distributed":
        raise registers.error("the first layout must be a distributed (register) layout")
    offsets = shared_side(shared)
    if list(registers.shape) != [offsets.get_out_dim_size(d) for d in offsets.get_out_dim_names()]:
        raise shared.error(f"the layouts have different shapes: {list(registers.shape)} and {list(shared.shape)}")
    named = offsets.rename_out_dims(registers.layout.get_out_dim_names())
    try:
        warp_access(registers.layout, named, element_bits)
    except ValueError as error:
        raise shared.error(str(error)) from None
    try:
        explanation = explain_access(registers.layout, named, element_bits, memory, load, vector_bits)
    except ValueError as error:
        if vector_bits is None:
            raise
        raise LayoutArgumentError("--vector-bits", str(vector_bits), 1, str(error)) from None
    return ConflictsAnswer(explanation, element_bits)


@dataclass(frozen=True)
class TileAccessesAnswer:
    """``layout-tool conflicts SHARED --access PxQ ...``: one answer per access tile."""

    accesses: list[tuple[str, ConflictsAnswer]]

    def text(self) -> str:
        sections = []
        for tile, answer in self.accesses:
            cost = answer.explanation.cost
            verdict = "conflict-free" if cost.conflict_free else f"{answer.explanation.ways}-way bank conflict"
            sections.append(f"access {tile}: {verdict}\n" + answer.text())
        return "\n".join(sections)

    def to_json(self) -> dict[str, Any]:
        return {
            "accesses": [
                {"access": tile, **answer.to_json(), **answer.explanation.cost.to_json()}
                for tile, answer in self.accesses
            ]
        }


def tile_accesses(
    shared: LayoutArgument, tiles: list[str], element_bits: int, target: Target, load: bool = True
) -> TileAccessesAnswer:
    """For each ``PxQ`` tile, a warp reading (or writing) that block of ``shared``'s tensor
    at its origin, each lane its widest vector (``tile_access_layout``), the lanes beyond the
    block idle: the access ``swizzle`` costs (``analysis.swizzle_synthesis``)."""
    offsets = shared_side(shared)
    shape = [offsets.get_out_dim_size(d) for d in offsets.get_out_dim_names()]
    if len(shape) < 2:
        raise shared.error("--access needs a shared layout of rank 2 or more (rows x columns)")
    named = offsets.rename_out_dims([f"dim{d}" for d in range(len(shape))])
    answers = []
    for tile in tiles:
        rows, columns = parse_shape(tile, "--access", rank=2)
        if not (is_power_of_two(rows) and is_power_of_two(columns)):
            raise LayoutArgumentError("--access", tile, 1, f"access {tile} must have power-of-two sides")
        try:
            registers = tile_access_layout(shape, (rows, columns), element_bits, target.lanes)
        except ValueError as error:
            raise LayoutArgumentError("--access", tile, 1, str(error)) from None
        explanation = explain_access(registers, named, element_bits, target.shared, load, idle_copies=True)
        answers.append((f"{rows}x{columns}", ConflictsAnswer(explanation, element_bits)))
    return TileAccessesAnswer(answers)


def ask(
    registers: str,
    shared: str | None = None,
    dtype: str = "",
    shape: str | None = None,
    vector_bits: int | None = None,
    store: bool = False,
    target: str | None = None,
    num_banks: int | None = None,
    access: list[str] | None = None,
) -> ConflictsAnswer | TileAccessesAnswer:
    """``layout-tool conflicts``: a load (or ``store``) between two layouts as written on the
    command line, on ``target``'s shared memory; with ``access`` tiles, the one layout
    given is the shared one and each tile is a warp's access."""
    tensor_shape = parse_shape_option(shape)
    bits = parse_shared_element_bits(dtype)
    gpu = parse_target(target, num_banks)
    if vector_bits is not None and not (bits <= vector_bits <= MAX_VECTOR_BITS and is_power_of_two(vector_bits)):
        message = (
            f"an access moves a power of two of bits from one {bits}-bit element to {MAX_VECTOR_BITS}, "
            f"not {vector_bits}"
        )
        raise LayoutArgumentError("--vector-bits", str(vector_bits), 1, message)
    if access:
        if shared is not None:
            message = "with --access, give only the shared layout: the register side is the access tile"
            raise LayoutArgumentError("<registers>", registers, 1, message)
        if vector_bits is not None:
            raise LayoutArgumentError("--vector-bits", str(vector_bits), 1, "--access takes each lane's widest vector")
        return tile_accesses(parse_layout_argument(registers, tensor_shape, "<shared>"), access, bits, gpu, not store)
    if shared is None:
        message = "give a register layout and a shared layout, or a shared layout and --access PxQ"
        raise LayoutArgumentError("<shared>", "", 1, message)
    register_side = parse_layout_argument(registers, tensor_shape, "<registers>")
    shared_layout = parse_layout_argument(shared, tensor_shape or register_side.shape, "<shared>")
    return shared_access_conflicts(register_side, shared_layout, bits, gpu.shared, not store, vector_bits)
