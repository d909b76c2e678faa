"""``ttg``: Triton GPU layout encodings, ``!ttg.memdesc`` and the ops that move tensors
between layouts and shared memory.

``TTG``, the dialect, is made on first use (``ttg.dialect``): its ops load ``tt`` and most
of this package, which a module that needs only the encodings (``ttg.attributes``) need not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xdsl.ir import Dialect

__all__ = ["TTG"]


def __getattr__(name: str) -> Dialect:
    if name == "TTG":
        from layoutdialect.dialect.ttg.dialect import TTG

        return TTG
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
