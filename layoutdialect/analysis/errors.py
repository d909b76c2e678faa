"""The error of the analyses: a question they cannot answer as asked."""

from __future__ import annotations

__all__ = ["AnalysisError"]


class AnalysisError(ValueError):
    """An analysis given an argument of the wrong type, or layouts without what its
    question needs (the in-dims it reads, a shape shared by both sides); the message
    names the argument."""
