"""Diagnostics on IR text, reported as ``file:line:col: error: message`` with the line and a caret."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["IRError", "SourceLocation", "locate"]


@dataclass(frozen=True)
class SourceLocation:
    """A place in a source text; ``length`` is how many characters the caret underlines."""

    filename: str
    line: int
    column: int
    length: int = 1

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.column}"

    def render(self, message: str, source_line: str | None = None, severity: str = "error") -> str:
        """``file:line:col: error: message`` (or ``remark``, ``warning``), then the source
        line and a caret under the place."""
        text = f"{self}: {severity}: {message}"
        if source_line is not None:
            width = max(1, min(self.length, len(source_line) - self.column + 1))
            text += f"\n{source_line}\n{' ' * (self.column - 1)}{'^' * width}"
        return text


class IRError(ValueError):
    """IR that does not parse or verify; ``str()`` is the located, rendered diagnostic."""

    def __init__(self, location: SourceLocation, message: str, source_line: str | None = None) -> None:
        super().__init__(location.render(message, source_line))
        self.location = location
        self.message = message


def argument_error(message: str) -> IRError:
    """A Python argument of the wrong type given to the dialect's functions, as an
    ``IRError`` (it is in no source text: ``<arguments>:1:1``)."""
    return IRError(SourceLocation("<arguments>", 1, 1), message)


def locate(filename: str, text: str, offset: int) -> tuple[SourceLocation, str]:
    """Where character ``offset`` (from 0) of ``text`` is, as a line and a column (from 1),
    and the source line it is on; ``text`` may span several lines, as an argument pasted
    from an IR dump does, and ``offset`` may be its end.

    >>> location, line = locate("<layout>", "#ttg.blocked<{order = [1, 0],\\n  warpsPerCTA = [4, 1]}>", 32)
    >>> print(location.render("here", line))
    <layout>:2:3: error: here
      warpsPerCTA = [4, 1]}>
      ^
    """
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    line = text[start : len(text) if end < 0 else end].removesuffix("\r")
    return SourceLocation(filename, text.count("\n", 0, offset) + 1, offset - start + 1), line
