"""``layout-tool swizzle``: a shared-memory layout serving every listed access, printed as a
CuTe swizzle with its address formula, as a ``ttg`` shared encoding, and as a linear layout,
with the conflict table of each access under it, in wavefronts per access: a warp reading
the access tile, each lane its widest vector, in the phases of ``SharedMemory``, as
``layout-tool conflicts SHARED --access PxQ`` counts it (``analysis.swizzle_synthesis``).

Sizes: the tile has at most 2^20 elements and each element at most 1024 bits (the size
model of ``answers.arguments``).  Each candidate layout is costed on every access: once
(one place stands for all) when the tile and the access have power-of-two sides, else at
every place; the accesses may address at most ``MAX_COSTED_ELEMENTS`` (2^16) elements per
candidate, a few seconds over the few hundred candidates of a 2^20 tile, and more is
refused at the ``--access`` that goes past it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from layoutdialect.analysis.swizzle_synthesis import SwizzlePlan, check_access, costed_elements, synthesise_swizzle
from layoutdialect.answers.arguments import (
    LayoutArgumentError,
    check_output_path,
    parse_shape,
    parse_shared_element_bits,
    parse_target,
)
from layoutdialect.answers.limits import MAX_COSTED_ELEMENTS, power_of_two
from layoutdialect.answers.progress import progress
from layoutdialect.cute.layout import Layout
from layoutdialect.dialect.ttg.attributes import encoding_attr
from layoutdialect.encodings import CGALayout, SwizzledSharedEncoding, to_linear_layout
from layoutdialect.encodings.shared import SharedLinearEncoding
from layoutdialect.f2 import LinearLayout
from layoutdialect.target import SharedMemory

__all__ = ["SwizzleAnswer", "ask", "swizzle_for_accesses", "ttg_shared_encoding"]

ALIGNMENT_BYTES = 16


def _swizzled_shared(plan: SwizzlePlan, layout: LinearLayout) -> SwizzledSharedEncoding | None:
    """The ``#ttg.swizzled_shared`` with the same layout, if one exists: ``vec = 2^M``,
    ``maxPhase = 2^B`` and ``perPhase = 2^(S+M) / C``."""
    swizzle = plan.swizzle
    if swizzle is None:
        return None
    vec, max_phase = 1 << swizzle.base, 1 << swizzle.bits
    span = 1 << (swizzle.shift + swizzle.base)
    if swizzle.bits == 0:
        vec, max_phase, span = 1, 1, plan.cols
    if span % plan.cols or max_phase * vec > plan.cols:
        return None
    encoding = SwizzledSharedEncoding(vec, span // plan.cols, max_phase, (1, 0), CGALayout.single(2))
    return encoding if to_linear_layout(encoding, [plan.rows, plan.cols]) == layout else None


def ttg_shared_encoding(plan: SwizzlePlan) -> str | None:
    """``#ttg.swizzled_shared`` where it fits, else ``#ttg.shared_linear``; ``None`` without
    a linear layout."""
    layout = plan.linear_layout()
    if layout is None:
        return None
    swizzled = _swizzled_shared(plan, layout)
    return str(encoding_attr(swizzled or SharedLinearEncoding(layout, ALIGNMENT_BYTES)))


@dataclass(frozen=True)
class SwizzleAnswer:
    plan: SwizzlePlan

    def cute(self) -> str | None:
        if self.plan.swizzle is None:
            return None
        return f"{self.plan.swizzle} o {Layout((self.plan.rows, self.plan.cols), (self.plan.cols, 1))}"

    def text(self) -> str:
        plan = self.plan
        lines = [f"{plan.rows}x{plan.cols} tile of {plan.element_bits}-bit elements ({plan.method})"]
        if plan.conflict_free:
            lines.append("every access is conflict-free")
        else:
            lines.append(
                "no layout searched (the closed form, Swizzle<B,M,S>, XOR maps of row bits into column bits, "
                "the layout found for each access alone) serves every access without conflicts; the best trade-off:"
            )
        cute = self.cute()
        lines.append(f"CuTe:         {cute if cute is not None else 'none (not a Swizzle<B,M,S> of a row-major tile)'}")
        lines.append(f"address:      {plan.formula}")
        encoding = ttg_shared_encoding(plan)
        lines.append(f"ttg:          {encoding if encoding is not None else 'none (the tile is not a power of two)'}")
        layout = plan.linear_layout()
        if layout is not None:
            lines.append("linear layout:")
            lines.append(str(layout).strip("\n"))
        lines.append("access   wavefronts per access  ideal  conflicting places")
        for cost in plan.costs:
            lines.append(
                f"{f'{cost.rows}x{cost.cols}':<8}{cost.worst_wavefronts:>22}{cost.ideal_wavefronts:>7}"
                f"  {cost.conflicting_places} of {cost.places}"
            )
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        plan = self.plan
        swizzle = plan.swizzle
        layout = plan.linear_layout()
        return {
            "shape": [plan.rows, plan.cols],
            "element_bits": plan.element_bits,
            "method": plan.method,
            "conflict_free": plan.conflict_free,
            "cute": self.cute(),
            "swizzle": None if swizzle is None else {"B": swizzle.bits, "M": swizzle.base, "S": swizzle.shift},
            "address": plan.formula,
            "ttg": ttg_shared_encoding(plan),
            "linear_layout": None if layout is None else dict(layout.bases),
            "accesses": [
                {
                    "rows": c.rows,
                    "cols": c.cols,
                    "wavefronts_per_access": c.worst_wavefronts,
                    "ideal_wavefronts_per_access": c.ideal_wavefronts,
                    "conflicting_places": c.conflicting_places,
                    "places": c.places,
                }
                for c in plan.costs
            ],
        }


def swizzle_for_accesses(
    shape: tuple[int, ...], element_bits: int, accesses: list[tuple[int, ...]], memory: SharedMemory, lanes: int = 32
) -> SwizzleAnswer:
    if len(shape) != 2:
        raise ValueError(f"--shape must be rows x columns, got {len(shape)} sizes")
    if not accesses:
        raise ValueError("give at least one --access, such as --access 1x64 --access 8x8")
    pairs = []
    for access in accesses:
        if len(access) != 2:
            raise ValueError(f"an access is rows x columns, got {'x'.join(map(str, access))}")
        pairs.append((access[0], access[1]))
    track = partial(progress, description="swizzle: candidate layouts")
    return SwizzleAnswer(synthesise_swizzle(shape[0], shape[1], element_bits, pairs, memory, track, lanes))


def ask(
    shape: str,
    dtype: str,
    access: Sequence[str],
    target: str | None = None,
    num_banks: int | None = None,
    html: str | None = None,
) -> SwizzleAnswer:
    """``layout-tool swizzle``: the tile and access tiles as written on the command line;
    with ``html``, the tile is also drawn to that page."""
    if html is not None:
        check_output_path("--html", html)
    tile = parse_shape(shape, rank=2)
    bits = parse_shared_element_bits(dtype)
    if not access:
        raise LayoutArgumentError("--access", "", 1, "give at least one --access, such as --access 1x64")
    accesses = [parse_shape(text, "--access", rank=2) for text in access]
    gpu = parse_target(target, num_banks)
    memory = gpu.shared
    costed = 0
    for text, (height, width) in zip(access, accesses):
        try:
            check_access(tile[0], tile[1], height, width)
        except ValueError as error:
            raise LayoutArgumentError("--access", text, 1, str(error)) from None
        costed += costed_elements(tile[0], tile[1], height, width, bits)
        if costed > MAX_COSTED_ELEMENTS:
            message = (
                f"the accesses so far address {costed} elements for each candidate layout (an access is costed at "
                "one place when the tile and its sides are powers of two, else at every place); swizzle addresses "
                f"at most {power_of_two(MAX_COSTED_ELEMENTS)}"
            )
            raise LayoutArgumentError("--access", text, 1, message)
    answer = swizzle_for_accesses(tile, bits, accesses, memory, gpu.lanes)
    if html is not None:
        from layoutdialect.answers.pages import swizzle_page, write_page

        write_page(html, lambda: swizzle_page(answer.plan, memory))
    return answer
