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
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from tqdm import tqdm

__all__ = ["DELAY_SECONDS", "progress", "steps"]

DELAY_SECONDS = 1.0
"""How long items take before their bar appears."""

Item = TypeVar("Item")


def _shown() -> bool:
    return sys.stderr.isatty()


def progress(items: Iterable[Item], description: str, total: int | None = None) -> Iterator[Item]:
    """``items``, counted on a bar labelled ``description`` once they take ``DELAY_SECONDS``
    (tqdm is loaded only where a bar can show: on a terminal)."""
    if not _shown():
        yield from items
        return
    from tqdm import tqdm

    yield from tqdm(items, desc=description, total=total, delay=DELAY_SECONDS, leave=False, file=sys.stderr)


@contextmanager
def steps(description: str, names: Sequence[str], large: bool) -> Iterator[Steps]:
    """A bar over the named steps of one answer, shown when the work is ``large`` and stderr
    a terminal (tqdm is loaded only then); enter each step with ``step(name)``."""
    if not (large and _shown()):
        yield Steps(None)
        return
    from tqdm import tqdm

    bar = tqdm(total=len(names), desc=description, leave=False, file=sys.stderr)
    try:
        yield Steps(bar)
    finally:
        bar.close()


class Steps:
    """The steps of one answer on a bar (none: no bar shows): ``step(name)`` ends the step
    before and names the next."""

    def __init__(self, bar: tqdm | None) -> None:
        self.bar = bar
        self.started = False

    def __call__(self, name: str) -> None:
        if self.bar is None:
            return
        if self.started:
            self.bar.update(1)
        self.started = True
        self.bar.set_postfix_str(name)
