"""Progress on the terminal for answers that can take more than a second, with tqdm.

A bar goes to stderr, and only when stderr is a terminal: a pipe, a file or a test sees
nothing, so stdout and the located errors on stderr stay exactly as they are.  A bar
over many items appears once they have taken ``DELAY_SECONDS``; a bar over an answer's
few long steps appears at once, and only for work large enough to take that long (the
answer decides), so quick answers never flash one.  Bars are erased when done.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

from tqdm import tqdm

__all__ = ["DELAY_SECONDS", "progress", "steps"]

DELAY_SECONDS = 1.0
"""How long items take before their bar appears."""

Item = TypeVar("Item")


def _shown() -> bool:
    return sys.stderr.isatty()


def progress(items: Iterable[Item], description: str, total: int | None = None) -> Iterator[Item]:
    """``items``, counted on a bar labelled ``description`` once they take ``DELAY_SECONDS``."""
    yield from tqdm(
        items, desc=description, total=total, delay=DELAY_SECONDS, leave=False, disable=not _shown(), file=sys.stderr
    )


@contextmanager
def steps(description: str, names: Sequence[str], large: bool) -> Iterator[Steps]:
    """A bar over the named steps of one answer, shown when the work is ``large``; enter
    each step with ``step(name)``."""
    bar = tqdm(total=len(names), desc=description, leave=False, disable=not (large and _shown()), file=sys.stderr)
    try:
        yield Steps(bar)
    finally:
        bar.close()


class Steps:
    """The steps of one answer on a bar: ``step(name)`` ends the step before and names the next."""

    def __init__(self, bar: tqdm) -> None:  # type: ignore[type-arg]
        self.bar = bar
        self.started = False

    def __call__(self, name: str) -> None:
        if self.started:
            self.bar.update(1)
        self.started = True
        self.bar.set_postfix_str(name)
