"""The hook that puts this package inside Triton's own compile.

Triton 3.9 calls ``triton.knobs.runtime.add_stages_inspection_hook`` twice per compile:
with no arguments, for a ``(key, hash)`` that joins its cache key, and with
``(backend, stages, options, language, capability)``, where the hook may wrap any stage
(``ttir``, ``ttgir``, ``llir``, ``ptx``/``amdgcn``, ``cubin``/``hsaco``).  ``LayoutHook``
wraps ``ttgir``:

- in ``explain`` mode it reads the module Triton made and reports every
  ``ttg.convert_layout`` (``KernelReport``), leaving the module as it is;
- in ``replace`` mode it also runs ``remove-redundant-conversions`` on that module and
  hands Triton the result, which Triton lowers to LLVM IR and PTX or AMDGCN, when it
  has fewer conversions or shared bytes;
- in ``assign`` mode it runs ``assign-layouts`` instead, and hands on the result when
  its modelled cost (``layout-tool cost``) is below that of Triton's module.

The mode is part of the cache key, so a replaced kernel never comes from a default
entry, nor the reverse.  Whatever fails on this side (a module we do not read, a pass
that stops, a module Triton's next stage refuses) falls back to Triton's own module with
a warning that says why; the user's program never stops because of the hook.
"""

from __future__ import annotations

import hashlib
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from layoutdialect.triton.report import KernelReport, kernel_report

__all__ = ["MODES", "LayoutHook", "LayoutHookWarning", "Mode"]

Mode = Literal["explain", "replace", "assign"]
MODES: tuple[Mode, ...] = ("explain", "replace", "assign")

PIPELINES: dict[Mode, str] = {"replace": "remove-redundant-conversions", "assign": "assign-layouts"}
"""What each mode that changes kernels runs on Triton's TTGIR."""


class LayoutHookWarning(UserWarning):
    """The hook kept Triton's own module for a kernel, and why."""


def _package_version() -> str:
    from importlib.metadata import version

    return version("layoutdialect")


class LayoutHook:
    """Triton's stages-inspection hook, in ``explain``, ``replace`` or ``assign`` mode.

    Every kernel compiled while it is installed adds a ``KernelReport`` to ``kernels``."""

    def __init__(self, mode: Mode = "explain") -> None:
        if mode not in MODES:
            raise ValueError(f"LayoutHook: mode must be one of {', '.join(MODES)}, got {mode!r}")
        self.mode: Mode = mode
        self.cache_key = f"layoutdialect-{mode}-{_package_version()}"
        """What joins Triton's cache key, on every compile: the mode and this package's version."""
        self.kernels: list[KernelReport] = []
        self._context: Any = None
        """The xDSL context every kernel is read in, made on the first."""
        self._originals: dict[int, tuple[Any, int]] = {}
        """Triton's own module and the index of its report, by the id of the module handed
        on in its place, for the fallback."""

    def __call__(self, *args: Any) -> tuple[str, str] | None:
        if not args:
            return self.cache_key, hashlib.sha256(self.cache_key.encode()).hexdigest()
        _backend, stages, _options, _language, _capability = args
        self._wrap(stages)
        return None

    def _wrap(self, stages: dict[str, Callable[[Any, dict[str, Any]], Any]]) -> None:
        make_ttgir = stages.get("ttgir")
        if make_ttgir is None:
            return
        stages["ttgir"] = lambda module, metadata: self._after_ttgir(make_ttgir(module, metadata))
        make_llir = stages.get("llir")
        if self.mode in PIPELINES and make_llir is not None:
            stages["llir"] = lambda module, metadata: self._llir_or_fallback(make_llir, module, metadata)

    def _after_ttgir(self, module: Any) -> Any:
        """Report Triton's module and, in a mode that changes kernels, give back ours in its place."""
        started = time.perf_counter()
        text = module.str()
        try:
            if self._context is None:
                from layoutdialect.dialect.registry import make_context

                self._context = make_context()
            report, replaced = kernel_report(
                text, PIPELINES.get(self.mode), self._context, by_cost=self.mode == "assign"
            )
        except Exception as error:  # any failure of ours keeps Triton's module
            self._warn(_kernel_name(module), f"could not read or change its TTGIR: {_reason(error)}")
            return module
        result = module
        if replaced is not None:
            try:
                result = _triton_module(replaced, module.context)
                self._originals[id(result)] = (module, len(self.kernels))
            except Exception as error:
                self._warn(report.name, f"Triton could not read the module we made: {_reason(error)}")
                report = report.kept_triton()
        report.seconds = time.perf_counter() - started
        self.kernels.append(report)
        return result

    def _llir_or_fallback(
        self, make_llir: Callable[[Any, dict[str, Any]], Any], module: Any, metadata: dict[str, Any]
    ) -> Any:
        """Triton's LLVM IR of our module, or of its own when its lowering refuses ours."""
        replaced = self._originals.pop(id(module), None)
        if replaced is None:
            return make_llir(module, metadata)
        original, index = replaced
        try:
            return make_llir(module, metadata)
        except Exception as error:
            self._warn(self.kernels[index].name, f"Triton could not lower the module we made: {_reason(error)}")
            self.kernels[index] = self.kernels[index].kept_triton()
            return make_llir(original, metadata)

    def _warn(self, kernel: str, why: str) -> None:
        warnings.warn(f"layoutdialect kept Triton's module for {kernel}: {why}", LayoutHookWarning, stacklevel=3)


def _reason(error: Exception) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def _kernel_name(module: Any) -> str:
    try:
        return str(module.get_entry_func_name())
    except Exception:
        return "a kernel"


def _triton_module(text: str, context: Any) -> Any:
    """``text`` read by Triton into ``context``, as Triton reads a kernel override."""
    from triton._C.libtriton import ir

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "kernel.ttgir"
        path.write_text(text)
        module = ir.parse_mlir_module(str(path), context)
    module.context = context
    return module
