"""How deep CuTe text may nest, in a module that imports nothing, so that what states the
limit (``layout-tool --help``) need not load the parser and its algebra."""

from __future__ import annotations

__all__ = ["MAX_NESTING"]

MAX_NESTING = 32
"""The deepest nesting of brackets and calls a CuTe text may have."""
