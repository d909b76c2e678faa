"""How the command-line tools run their process."""

from __future__ import annotations

import gc
import os
import signal

__all__ = ["GC_THRESHOLDS", "collect_garbage_rarely", "end_quietly_on_closed_pipe", "use_one_blas_thread"]

GC_THRESHOLDS = (200_000, 30, 30)
"""Python's cycle-collector thresholds for the tools (the defaults are ``(700, 10, 10)``)."""


def collect_garbage_rarely() -> None:
    """Run Python's cycle collector after 200,000 new objects instead of 700.

    A module's IR is a large graph of objects that all live until the tool exits, and
    with the default thresholds the collector rescans them over and over: reading and
    rewriting a kernel of 20k ops took about 15% longer.  Memory that cycles hold is
    still freed, only later (mypy raises its thresholds the same way).
    """
    gc.set_threshold(*GC_THRESHOLDS)


def end_quietly_on_closed_pipe() -> None:
    """End the process without a word when the reader of its output goes away, as Unix
    tools do (``layout-tool show ... | head``): the default action of ``SIGPIPE``, which
    Python replaces by an error, ``BrokenPipeError``, and a traceback on stderr.  The shell
    then sees the status of a process ended by ``SIGPIPE`` (141).  Where there is no
    ``SIGPIPE`` (Windows), nothing changes."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)


def use_one_blas_thread() -> None:
    """Start numpy's BLAS with one thread unless the caller chose a number.

    The tools never multiply floating-point matrices (their arrays are integers, and
    the F2 algebra packs bits into Python integers), yet OpenBLAS starts a thread per
    core when numpy loads, and those threads spin: a third of the CPU time of a small
    ``layout-tool cute`` question.  Set before numpy is imported, so only for the
    tools' own process."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
