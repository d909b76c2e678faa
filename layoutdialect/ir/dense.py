"""``dense<...>`` literals whose elements all have one value (splats), held in O(1).

xDSL holds a ``DenseIntOrFPElementsAttr``'s elements as bytes, every one written out,
and ``get_values`` gives them all.  A splat is written out only up to
``SPLATS_WRITTEN_OUT`` elements, so that whatever reads the constants of a kernel
Triton can compile sees every element; past it (``dense<0> : tensor<2097152xi32>``)
the attribute holds the one element, as MLIR holds every splat, and its ``get_values``
gives that element once.  ``splat_bytes`` and ``splat_value`` read both forms.
"""

from __future__ import annotations

from math import prod

from xdsl.dialects.builtin import AnyDenseElement, BytesAttr, DenseIntOrFPElementsAttr, RankedStructure

__all__ = ["SPLATS_WRITTEN_OUT", "element_count", "splat", "splat_bytes", "splat_value"]

SPLATS_WRITTEN_OUT = 1 << 20
"""The most elements a splat is written out for: at most 8 MiB of 64-bit elements, and
as many as a tensor of a Triton kernel may have (``ttg.layout_checks``'
``MAX_TENSOR_ELEMENTS``), so every constant of a kernel Triton compiles is written out."""


def element_count(attribute: DenseIntOrFPElementsAttr) -> int:
    """How many elements ``attribute``'s type has (not how many it holds)."""
    return prod(attribute.get_shape())


def splat(type: RankedStructure[AnyDenseElement], element: bytes) -> DenseIntOrFPElementsAttr:
    """The literal of ``type`` whose every element is ``element`` (one element's bytes):
    written out up to ``SPLATS_WRITTEN_OUT`` elements, held as the one beyond."""
    count = prod(type.get_shape())
    return DenseIntOrFPElementsAttr(type, BytesAttr(element if count > SPLATS_WRITTEN_OUT else element * count))


def splat_bytes(attribute: DenseIntOrFPElementsAttr) -> bytes | None:
    """The bytes of the value every element of ``attribute`` has (NaNs compared by their
    bits), or ``None`` when they differ or there are none; O(1) for a splat held as its
    one element."""
    data = attribute.data.data
    held = len(attribute)
    if held == 0:
        return None
    width = len(data) // held
    if held == 1 or data == data[:width] * held:
        return data[:width]
    return None


def splat_value(attribute: DenseIntOrFPElementsAttr) -> int | float | tuple[int, int] | tuple[float, float] | None:
    """The value every element of ``attribute`` has, or ``None`` (see ``splat_bytes``)."""
    element = splat_bytes(attribute)
    return None if element is None else attribute.get_element_type().unpack(element, 1)[0]
