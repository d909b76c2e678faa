"""The size model of ``layout-tool``: how large an argument each command answers, and in
what time, measured on two cores (``bench/bench_tool_sizes.py`` times every command at
2^20 elements).

Every command answers every layout Triton allows, up to ``MAX_ELEMENTS`` elements, in a
few seconds: the answers work on the linear layout's bases (F2 algebra), or evaluate it at
all its inputs at once as arrays, never element by element in Python where that would take
seconds.  What is larger is refused with a located error at the argument that asks for it,
naming the limit; the outputs that list or draw every element have their own limits, at
their options, checked before any element is computed.  ``SIZES`` says all this in
``layout-tool --help``.
"""

from __future__ import annotations

import textwrap

from layoutdialect.cute.nesting import MAX_NESTING
from layoutdialect.lowering.simulation_budget import MAX_SIMULATED_POSITIONS

__all__ = [
    "COMMAND_SIZES",
    "MAX_CODEGEN_REGISTERS",
    "MAX_COSTED_ELEMENTS",
    "MAX_DIGITS",
    "MAX_ELEMENTS",
    "MAX_ELEMENT_BITS",
    "MAX_JSON_ELEMENTS",
    "MAX_NESTING",
    "MAX_PAGE_CELLS",
    "MAX_PAGE_HOLDERS",
    "MAX_SIMULATED_POSITIONS",
    "SIZES",
    "SLOW_PLACES",
    "SLOW_POSITIONS",
    "SLOW_SIZE",
    "power_of_two",
]

MAX_ELEMENTS = 1 << 20
"""The most elements a layout read from the command line may cover, and the most offsets
a CuTe layout may reach: 2^20, the most elements a Triton tensor may have
(``TRITON_MAX_TENSOR_NUMEL``); also the most places ``show --full`` prints and the most
cells a picture draws."""

MAX_ELEMENT_BITS = 1024
"""The widest element, ``b1024``: 128 bytes, a whole wavefront of 32 banks (Triton's widest
element is 64 bits, its widest shared-memory access 128)."""

MAX_DIGITS = 18
"""The most digits a size of an argument may have: every size the tool takes fits."""

MAX_JSON_ELEMENTS = 1 << 16
"""The most elements (hardware positions, offsets) ``show --json`` lists one by one: 2^16
take seconds to write with indentation, 2^20 a minute and 240 MB; beyond, it gives the
linear layout's bases alone."""

MAX_PAGE_CELLS = 128 * 128
"""The most cells an ``--html`` page draws in all its grids: a browser slows beyond."""

MAX_PAGE_HOLDERS = 8 * MAX_PAGE_CELLS
"""The most holders (hardware positions, offsets) an ``--html`` page describes in all its cells."""

MAX_CODEGEN_REGISTERS = 1 << 13
"""The most registers per thread a layout of ``codegen`` may have: a 2^20-element tensor
over 128 threads, whose function takes two or three seconds to lower and write (a layout
that broadcasts its registers may have far more)."""

MAX_COSTED_ELEMENTS = 1 << 16
"""The most elements ``swizzle``'s accesses may address for each candidate layout (a few
hundred candidates on a 2^20 tile): an access is costed at one place when the tile and the
access have power-of-two sides, else at every place."""

SLOW_POSITIONS = 1 << 16
"""Hardware positions (simulated ones, counted as for ``MAX_SIMULATED_POSITIONS``) above
which lowering and simulating a conversion takes a second or more, so ``convert`` and
``codegen`` show progress."""

SLOW_PLACES = 1 << 17
"""Places (elements, holders) above which ``show`` printing or drawing them all takes a
second or more, so it shows progress."""

SLOW_SIZE = 1 << 17
"""CuTe layout sizes above which ``cute`` evaluating one takes a second or more, so it
shows progress."""


def power_of_two(value: int) -> str:
    """``1048576 (2^20)``: a limit as a message names it."""
    return f"{value} (2^{value.bit_length() - 1})"


def _paragraph(text: str) -> str:
    return textwrap.fill(text, width=96, subsequent_indent="  ") + "\n"


_ELEMENTS = f"layouts of up to {power_of_two(MAX_ELEMENTS)} elements (Triton's largest tensor)"
_SIMULATOR = (
    f"the simulator runs conversions of up to {power_of_two(MAX_SIMULATED_POSITIONS // 2)} hardware positions "
    "(fewer for elements narrower than the element ids it checks, such as i1; larger ones are planned and lowered, "
    "and the answer says they were not run)"
)

SIZES = _paragraph(
    f"sizes: every command answers {_ELEMENTS} in seconds, CuTe layouts of up to as many coordinates and "
    f"offsets, elements of up to {MAX_ELEMENT_BITS} bits (b{MAX_ELEMENT_BITS}) and text nested up to {MAX_NESTING} "
    "brackets deep, and refuses larger arguments at the argument; each command's --help gives its own limits. "
    "Work that takes more than a second shows progress on stderr when it is a terminal."
)
"""The size model, as ``layout-tool --help`` states it."""

COMMAND_SIZES = {
    command: _paragraph(f"sizes: {text}")
    for command, text in {
        "show": f"{_ELEMENTS}; --full prints up to {power_of_two(MAX_ELEMENTS)} places; --json lists up to "
        f"{power_of_two(MAX_JSON_ELEMENTS)} elements, and the linear layout alone beyond; --svg/--png draw up to "
        f"{power_of_two(MAX_ELEMENTS)} cells; --html pages up to {MAX_PAGE_CELLS} cells",
        "dedup": f"{_ELEMENTS}, answered on the linear layout's bases",
        "conflicts": f"{_ELEMENTS}, elements of up to 128 bits (the widest shared-memory access)",
        "swizzle": f"tiles of up to {power_of_two(MAX_ELEMENTS)} elements of up to {MAX_ELEMENT_BITS} bits; the "
        f"accesses address up to {power_of_two(MAX_COSTED_ELEMENTS)} elements for each candidate layout (an access "
        "is costed at one place when the tile and its sides are powers of two, else at every place); --html pages "
        f"up to {MAX_PAGE_CELLS} cells",
        "cute": f"CuTe layouts of up to {power_of_two(MAX_ELEMENTS)} coordinates and offsets, text nested up to "
        f"{MAX_NESTING} brackets deep; ttg {_ELEMENTS}",
        "convert": f"{_ELEMENTS}; {_SIMULATOR}; --html pages up to {MAX_PAGE_CELLS} cells",
        "codegen": f"{_ELEMENTS}, of up to {power_of_two(MAX_CODEGEN_REGISTERS)} registers per thread; {_SIMULATOR}",
        "plan": f"tensors of up to {power_of_two(MAX_ELEMENTS)} elements; {_SIMULATOR}",
        "cost": f"tensors of up to {power_of_two(MAX_ELEMENTS)} elements",
    }.items()
}
"""Each command's limits, as its ``--help`` states them."""
