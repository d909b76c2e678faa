"""A griffe extension for the API reference: docstring examples as code blocks.

The package's docstrings show their examples as doctests (``>>>`` lines, then the
output), which the test suite runs.  Markdown would read them as nested block quotes
and their output's brackets as links, so each run of doctest lines, up to the next blank
line, is fenced as a ``pycon`` code block before mkdocstrings renders the docstring.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, Object

_PROMPT = re.compile(r"^(\s*)>>>( |$)")


def fence_doctests(text: str) -> str:
    """``text`` with each doctest (a ``>>>`` line and what follows it up to a blank line)
    inside a fenced ``pycon`` block at its indentation; a ``<BLANKLINE>`` becomes blank.
    """
    lines = text.splitlines()
    fenced: list[str] = []
    inside: str | None = None
    in_code = False
    for line in lines:
        if line.lstrip().startswith("```"):
            in_code = not in_code
        if inside is not None and not line.strip():
            fenced.append(f"{inside}```")
            inside = None
        prompt = None if in_code or inside is not None else _PROMPT.match(line)
        if prompt:
            inside = prompt.group(1)
            fenced.append(f"{inside}```pycon")
        fenced.append("" if line.strip() == "<BLANKLINE>" else line)
    if inside is not None:
        fenced.append(f"{inside}```")
    return "\n".join(fenced)


class DoctestBlocks(Extension):
    """Fence the doctests of every docstring (see ``fence_doctests``)."""

    def on_object(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
