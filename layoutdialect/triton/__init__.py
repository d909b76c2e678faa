"""This package inside Triton's own compile: every kernel Triton compiles in the process
is explained (``explain``) or improved (``replace``), from Python.

    >>> import layoutdialect.triton as lt          # doctest: +SKIP
    >>> with lt.layout_hook("explain") as hook:    # doctest: +SKIP
    ...     my_kernel[grid](x, y, BLOCK=1024)
    >>> print(hook.kernels[0].table())             # doctest: +SKIP

``install(mode)`` sets the hook for the rest of the process and ``uninstall()`` removes
it; ``python -m layoutdialect.triton script.py`` runs a script with it, as ``python -m
cProfile`` does, and prints every kernel's table (``layoutdialect.triton.__main__``).
Triton is the ``[triton]`` extra: ``pip install 'layoutdialect[triton]'``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from layoutdialect.triton.hook import MODES, LayoutHook, LayoutHookWarning, Mode
from layoutdialect.triton.report import KernelReport

__all__ = ["MODES", "KernelReport", "LayoutHook", "LayoutHookWarning", "Mode", "install", "layout_hook", "uninstall"]


def _knobs() -> object:
    try:
        from triton import knobs
    except ImportError as error:
        raise ImportError("layoutdialect.triton needs Triton 3.9: pip install 'layoutdialect[triton]'") from error
    return knobs.runtime


def install(mode: Mode = "explain") -> LayoutHook:
    """Put a new ``LayoutHook`` in Triton's compile for every kernel compiled from now on
    (replacing any stages hook set before) and return it."""
    hook = LayoutHook(mode)
    _knobs().add_stages_inspection_hook = hook  # type: ignore[attr-defined]
    return hook


def uninstall() -> None:
    """Take the stages hook out of Triton's compile."""
    _knobs().add_stages_inspection_hook = None  # type: ignore[attr-defined]


@contextmanager
def layout_hook(mode: Mode = "explain") -> Iterator[LayoutHook]:
    """The hook installed for the ``with`` block and the stages hook set before restored after."""
    runtime = _knobs()
    before = runtime.add_stages_inspection_hook  # type: ignore[attr-defined]
    hook = LayoutHook(mode)
    runtime.add_stages_inspection_hook = hook  # type: ignore[attr-defined]
    try:
        yield hook
    finally:
        runtime.add_stages_inspection_hook = before  # type: ignore[attr-defined]
