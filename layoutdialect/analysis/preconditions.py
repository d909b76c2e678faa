"""What the analyses require of their arguments, and ``AnalysisError``, raised at a
public function's entry when it does not hold.

Each public function checks its arguments' types with ``checks_arguments(AnalysisError)``
and what it needs of their values with the checks here, so that a wrong argument is
named in the message rather than failing as a ``KeyError`` or ``IndexError`` inside.
"""

from __future__ import annotations

from layoutdialect.f2 import HARDWARE_DIMS, LinearLayout
from layoutdialect.f2.arguments import check_in_dims
from layoutdialect.target import WIDE_ACCESS_BITS

__all__ = [
    "SHARED_DIMS",
    "AnalysisError",
    "check_conversion",
    "check_distributed",
    "check_element_bits",
    "check_one_tensor",
    "check_shared",
    "check_shared_access",
]

SHARED_DIMS = ("offset", "block")
"""The in-dims of a shared layout: the element offset and the CTA."""


class AnalysisError(ValueError):
    """An analysis given an argument of the wrong type, or layouts without what its
    question needs (the in-dims it reads, a shape shared by both sides); the message
    names the argument."""


def check_distributed(layout: LinearLayout, what: str, required: tuple[str, ...] = ()) -> None:
    """A distributed layout: in-dims among ``register, lane, warp, block``, with ``required``."""
    check_in_dims(layout, required, what, AnalysisError, allowed=HARDWARE_DIMS)


def check_shared(layout: LinearLayout, what: str) -> None:
    """A shared layout: an ``offset`` in-dim, and ``block`` at most besides."""
    check_in_dims(layout, ["offset"], what, AnalysisError, allowed=SHARED_DIMS)


def check_one_tensor(a: LinearLayout, b: LinearLayout, what: str) -> None:
    """Two layouts of one tensor: the same out-dims, in the same order, of the same sizes."""
    if a.out_dims != b.out_dims:
        raise AnalysisError(f"{what} must be layouts of one tensor; their out-dims are {a.out_dims} and {b.out_dims}")


def check_conversion(src: LinearLayout, dst: LinearLayout, what: str) -> None:
    """``src`` and ``dst`` sides of a conversion: distributed layouts of one tensor over the
    same lanes, warps and CTAs, ``src`` holding every element."""
    check_distributed(src, f"{what}: src")
    check_distributed(dst, f"{what}: dst")
    check_one_tensor(src, dst, f"{what}: src and dst")
    for dim in HARDWARE_DIMS[1:]:
        sizes = [layout.get_in_dim_size(dim) if layout.has_in_dim(dim) else 1 for layout in (src, dst)]
        if sizes[0] != sizes[1]:
            raise AnalysisError(f"{what}: src and dst must run on the same {dim}s; they have {sizes[0]} and {sizes[1]}")
    if not src.is_surjective():
        raise AnalysisError(f"{what}: src must hold every element of the tensor (be surjective):{src}")


def check_shared_access(reg_layout: LinearLayout, shared_layout: LinearLayout, bitwidth: int, what: str) -> None:
    """A distributed and a shared layout of one tensor, the shared one holding every
    element, and a positive element width."""
    check_distributed(reg_layout, f"{what}: reg_layout")
    check_shared(shared_layout, f"{what}: shared_layout")
    check_one_tensor(reg_layout, shared_layout, f"{what}: reg_layout and shared_layout")
    if not shared_layout.is_surjective():
        raise AnalysisError(f"{what}: shared_layout must hold every element of the tensor (be surjective)")
    check_element_bits(bitwidth, f"{what}: bitwidth")


def check_element_bits(bits: int, what: str) -> None:
    """An element width: from 1 bit (``i1``) to the widest access of one lane."""
    if not 1 <= bits <= WIDE_ACCESS_BITS:
        raise AnalysisError(f"{what} must be from 1 to {WIDE_ACCESS_BITS} bits, got {bits}")
