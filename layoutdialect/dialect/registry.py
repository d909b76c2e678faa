"""Every dialect this package reads, and the one way to load them into an xDSL context.

``ttg``, ``tt``, ``ttng``, ``amdg``, ``gluon``, ``proton`` and ``proton_gpu`` are Triton's
(``dialect/<name>/``); the upstream MLIR dialects of ``dialect/upstream/`` replace xDSL's
``arith``, ``scf``, ``gpu``, ``llvm``, ``memref`` and ``vector`` with the tensor forms,
spellings and ops TTGIR uses, and add ``nvgpu``, ``nvvm`` and ``rocdl`` ops xDSL lacks.  Every other
dialect xDSL knows (its own and its plugins') is registered too, so stock ops read.  The
``xdsl.universe`` plugin (``layoutdialect.universe``) offers stock ``xdsl-opt`` the ones
xDSL does not define.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache

from xdsl.context import Context
from xdsl.ir import Dialect

from layoutdialect.f2.arguments import checks_arguments
from layoutdialect.ir.diagnostics import argument_error

__all__ = ["PROVIDED_DIALECTS", "load_dialects", "make_attribute_context", "make_context", "register_all_dialects"]


def _provided(module: str, name: str) -> Callable[[], Dialect]:
    """A loader of the dialect object ``name`` of ``layoutdialect.dialect.<module>``,
    imported the first time a context meets the dialect."""

    def load() -> Dialect:
        dialect: Dialect = getattr(importlib.import_module(f"layoutdialect.dialect.{module}"), name)
        return dialect

    return load


PROVIDED_DIALECTS: dict[str, Callable[[], Dialect]] = {
    "ttg": _provided("ttg", "TTG"),
    "tt": _provided("tt", "TT"),
    "ttng": _provided("ttng", "TTNG"),
    "amdg": _provided("amdg", "AMDG"),
    "arith": _provided("upstream.arith", "ARITH"),
    "scf": _provided("upstream.scf", "SCF"),
    "gpu": _provided("upstream.gpu", "GPU"),
    "llvm": _provided("upstream.llvm", "LLVM"),
    "memref": _provided("upstream.memref", "MEMREF"),
    "vector": _provided("upstream.vector", "VECTOR"),
    "nvgpu": _provided("upstream.nvgpu", "NVGPU"),
    "nvvm": _provided("upstream.nvvm", "NVVM"),
    "rocdl": _provided("upstream.rocdl", "ROCDL"),
    "gluon": _provided("gluon", "GLUON"),
    "proton": _provided("proton", "PROTON"),
    "proton_gpu": _provided("proton_gpu", "PROTON_GPU"),
}
"""The dialects this package defines, by name, each loaded when first used: ``arith``
replaces xDSL's to take tensors, ``scf`` xDSL's to read ``scf.if`` as MLIR prints it,
``gpu`` is xDSL's with ``gpu.shuffle`` added, ``llvm`` xDSL's with ``llvm.intr.assume``,
``memref`` xDSL's with ``memref.extract_aligned_pointer_as_index`` in MLIR's custom form,
``vector`` xDSL's with ``vector.shape_cast`` added, and ``nvgpu`` (``nvgpu.ldmatrix``),
``nvvm`` (``nvvm.stmatrix``) and ``rocdl`` (the scheduling ops of Triton's AMD pipelines)
upstream MLIR's ops that xDSL lacks."""


@checks_arguments(argument_error)
def load_dialects(ctx: Context) -> None:
    """Make ``ctx`` understand every dialect of ``PROVIDED_DIALECTS`` (a no-op for those it
    already knows: a context that registered xDSL's ``arith`` keeps it)."""
    for name, factory in PROVIDED_DIALECTS.items():
        if name not in ctx.registered_dialect_names:
            ctx.register_dialect(name, factory)


@cache
def _xdsl_dialects() -> dict[str, Callable[[], Dialect]]:
    """Every dialect xDSL knows (its own and its plugins'), but this package's, by name."""
    from layoutdialect.ir.multiverse import multiverse  # its plugins' registry loads xDSL's passes

    return {name: factory for name, factory in multiverse().all_dialects.items() if name not in PROVIDED_DIALECTS}


def register_all_dialects(ctx: Context) -> None:
    """Register every dialect xDSL knows (its own and its plugins') in ``ctx``, with this
    package's in place of any of the same name."""
    for name, factory in _xdsl_dialects().items():
        ctx.register_dialect(name, factory)
    load_dialects(ctx)


@checks_arguments(argument_error)
def make_context(allow_unregistered: bool = False) -> Context:
    """A fresh context with ``register_all_dialects``; ``allow_unregistered`` accepts ops
    of unknown dialects, as MLIR's ``-allow-unregistered-dialect``."""
    ctx = Context(allow_unregistered=allow_unregistered)
    register_all_dialects(ctx)
    return ctx


def make_attribute_context() -> Context:
    """A fresh context for attributes and types written alone (a layout on a command line):
    this package's dialects, with ``ttg``'s encodings and types but not its ops, whose
    modules load ``tt`` and most of ``ttg`` (half a second) and which no attribute names;
    not xDSL's own dialects, whose registry loads its passes (a sixth of a second)."""
    ctx = Context()
    ctx.register_dialect("ttg", _provided("ttg.attribute_dialect", "TTG_ATTRIBUTES"))
    load_dialects(ctx)
    return ctx
