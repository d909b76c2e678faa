"""Every dialect this package reads, and the one way to load them into an xDSL context.

``ttg``, ``tt`` and ``ttng`` are Triton's; ``arith`` and ``scf`` replace xDSL's with the
tensor forms and spellings TTGIR uses; ``gpu_ext`` adds ``gpu.shuffle``.  Every other
dialect xDSL knows (its own and its plugins') is registered too, so stock ops read.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.context import Context
from xdsl.ir import Dialect
from xdsl.universe import Universe

from layoutdialect.dialect.arith import ARITH
from layoutdialect.dialect.gpu import GPU_EXT
from layoutdialect.dialect.scf import SCF
from layoutdialect.dialect.tt import TT
from layoutdialect.dialect.ttg import TTG
from layoutdialect.dialect.ttng import TTNG

__all__ = ["PROVIDED_DIALECTS", "load_dialects", "make_context", "register_all_dialects"]

PROVIDED_DIALECTS: dict[str, Callable[[], Dialect]] = {
    "ttg": lambda: TTG,
    "tt": lambda: TT,
    "ttng": lambda: TTNG,
    "arith": lambda: ARITH,
    "scf": lambda: SCF,
}
"""The dialects this package defines, by name; ``arith`` replaces xDSL's to take tensors,
and ``scf`` xDSL's to read ``scf.if`` as MLIR prints it.  ``GPU_EXT`` is loaded eagerly
beside them: its ``gpu.shuffle`` sits in xDSL's ``gpu`` namespace, which a lazily
registered dialect of another name would never be asked for."""


def load_dialects(ctx: Context) -> None:
    """Make ``ctx`` understand every dialect of ``PROVIDED_DIALECTS`` (a no-op for those it
    already knows: a context that registered xDSL's ``arith`` keeps it)."""
    for name, factory in PROVIDED_DIALECTS.items():
        if name not in ctx.registered_dialect_names:
            ctx.register_dialect(name, factory)
    if GPU_EXT.name not in ctx.registered_dialect_names:
        ctx.load_dialect(GPU_EXT)


def register_all_dialects(ctx: Context) -> None:
    """Register every dialect xDSL knows (its own and its plugins') in ``ctx``, with this
    package's in place of any of the same name."""
    for name, factory in Universe.get_multiverse().all_dialects.items():
        if name not in PROVIDED_DIALECTS:
            ctx.register_dialect(name, factory)
    load_dialects(ctx)


def make_context(allow_unregistered: bool = False) -> Context:
    """A fresh context with ``register_all_dialects``; ``allow_unregistered`` accepts ops
    of unknown dialects, as MLIR's ``-allow-unregistered-dialect``."""
    ctx = Context(allow_unregistered=allow_unregistered)
    register_all_dialects(ctx)
    return ctx
