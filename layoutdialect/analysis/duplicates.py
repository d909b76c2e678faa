"""Which hardware bits of a layout hold copies of data, and the layout without them.

An input bit is *free* when its basis is a combination of earlier ones (zero for a
plain broadcast): flipping it, with the right earlier bits, reaches the same element.
A linear map sends exactly ``2^(free bits)`` inputs to every element it reaches, so
that is how many copies each held element has.  Dropping the free bits gives an
injective ``deduplicated`` layout, and ``to_deduplicated`` maps every original input
to the input of the deduplicated one holding the same element, so
``layout == deduplicated ∘ to_deduplicated``.

>>> from layoutdialect.f2 import LinearLayout
>>> layout = LinearLayout.from_bases([("register", [[1], [0]]), ("lane", [[2], [1]])], ["dim0"])
>>> report = find_duplicates(layout)
>>> report.free_bits, report.copies
({'register': [1], 'lane': [1]}, 4)
>>> report.deduplicated.bases
[('register', [[1]]), ('lane', [[2]])]
"""

from __future__ import annotations

from dataclasses import dataclass

from layoutdialect.analysis.preconditions import AnalysisError
from layoutdialect.f2 import LinearLayout, lstsq
from layoutdialect.f2.arguments import checks_arguments

__all__ = ["DuplicateReport", "find_duplicates"]


@dataclass(frozen=True)
class DuplicateReport:
    """``free_bits``: per in-dim, the bit positions holding copies; ``zero_bits`` those that
    are plain broadcasts (a zero basis); ``copies``: how many inputs hold each element;
    ``unheld``: elements of the tensor no input holds."""

    layout: LinearLayout
    free_bits: dict[str, list[int]]
    zero_bits: dict[str, list[int]]
    copies: int
    unheld: int
    deduplicated: LinearLayout
    to_deduplicated: LinearLayout

    @property
    def has_duplicates(self) -> bool:
        return self.copies > 1


@checks_arguments(AnalysisError)
def find_duplicates(layout: LinearLayout) -> DuplicateReport:
    """The free variables of ``layout``, its deduplicated form and the map back."""
    masks = layout.free_variable_masks()
    free_bits = {name: [bit for bit in range(size.bit_length()) if masks[name] >> bit & 1] for name, size in (
        (name, layout.get_in_dim_size(name) - 1) for name in layout.get_in_dim_names()
    )}  # fmt: skip
    zero_bits = {
        name: [index for index, basis in enumerate(vectors) if not any(basis)] for name, vectors in layout.bases
    }
    kept = [
        (name, [b for index, b in enumerate(vectors) if index not in free_bits[name]]) for name, vectors in layout.bases
    ]
    sizes = [layout.get_out_dim_size(name) for name in layout.get_out_dim_names()]
    deduplicated = LinearLayout.from_bases(kept, layout.get_out_dim_names(), sizes, require_surjective=False)
    to_deduplicated = lstsq(deduplicated, layout)
    assert to_deduplicated is not None, "the kept bases span the image"
    free = sum(len(bits) for bits in free_bits.values())
    held = 1 << (layout.get_total_in_dim_size_log2() - free)
    return DuplicateReport(
        layout=layout,
        free_bits=free_bits,
        zero_bits=zero_bits,
        copies=1 << free,
        unheld=layout.get_total_out_dim_size() - held,
        deduplicated=deduplicated,
        to_deduplicated=to_deduplicated,
    )
