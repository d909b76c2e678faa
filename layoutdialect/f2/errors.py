"""The one error of the F2 core."""

from __future__ import annotations

__all__ = ["LinearLayoutError"]


class LinearLayoutError(ValueError):
    """An invalid linear layout, or an operation whose preconditions do not hold."""
