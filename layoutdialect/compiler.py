"""What a Python compiler stack calls: read and print TTGIR, run passes, plan conversions.

Every function here is also a name of ``layoutdialect`` (loaded with xDSL on first use)::

    >>> import layoutdialect as ld
    >>> module = ld.parse_module(open("examples/redundant_conversions.mlir").read(), "redundant.mlir")
    >>> ld.run_pipeline(module, "remove-redundant-conversions")
    >>> "ttg.convert_layout" in ld.print_module(module)
    False
    >>> [p.path for p in ld.plan_module(ld.parse_module(open("examples/lane_exchange.mlir").read()))]
    ['warp_shuffle']

A pipeline is a ``-p`` string, as ``layout-opt`` takes it, or a sequence of pass objects
(``ld.RemoveRedundantConversionsPass()``, ``ld.LowerConvertLayoutPass(verify=True)``,
any xDSL ``ModulePass``).  ``plan`` and ``plan_module`` return ``ConversionPlan``, the one
object that carries every count ``layout-tool plan`` and ``convert`` print.  Every error
is a ``ValueError`` subclass: ``IRError`` (located, as the command line prints it),
``EncodingError``, ``TargetError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from layoutdialect.answers.arguments import (
    parse_element_type,
    parse_layout_argument,
    parse_target,
    parse_target_override,
)
from layoutdialect.answers.convert import plan_layouts
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import verify_module
from layoutdialect.dialect.ttg.attributes import EncodingAttr, encoding_attr
from layoutdialect.encodings import DistributedEncoding, SharedEncoding
from layoutdialect.ir.diagnostics import IRError, SourceLocation, argument_error
from layoutdialect.ir.pipelines import pipeline_passes
from layoutdialect.lowering import conversion_plan
from layoutdialect.lowering.conversion_plan import ConversionPlan
from layoutdialect.target import Target

__all__ = ["ConversionPlan", "plan", "plan_module", "run_pipeline"]


def run_pipeline(
    module: ModuleOp, pipeline: str | Sequence[ModulePass], *, verify: bool = True, ctx: Context | None = None
) -> None:
    """Run ``pipeline`` on ``module`` in place, as ``layout-opt -p`` runs it, in ``ctx`` (one
    with every dialect of this package when ``None``); with ``verify``, the module is
    verified after each pass and a pass that leaves it invalid is an ``IRError`` at the
    first op that fails.

    >>> import layoutdialect as ld
    >>> module = ld.parse_module(open("examples/matmul_tile.mlir").read())
    >>> ld.run_pipeline(module, [ld.LowerToLinearPass()])
    >>> "#ttg.blocked" in ld.print_module(module), "#ttg.linear" in ld.print_module(module)
    (False, True)
    """
    if not isinstance(module, ModuleOp):
        raise argument_error(f"run_pipeline needs a ModuleOp, got {type(module).__name__}")
    passes = pipeline_passes(pipeline)
    ctx = make_context() if ctx is None else ctx
    for each in passes:
        try:
            each.apply(ctx, module)
        except (VerifyException, DiagnosticException) as error:
            raise IRError(SourceLocation(f"<{each.name}>", 1, 1), str(error)) from None
        if verify:
            verify_module(module)


LayoutText = DistributedEncoding | SharedEncoding | EncodingAttr[Any] | str
"""A layout as ``plan`` takes it: an encoding value, its attribute, or text (a TTGIR
encoding, a tensor type, ``#ttg.linear``, a CuTe layout)."""


def plan(
    src: LayoutText,
    dst: LayoutText,
    shape: Sequence[int] | None = None,
    dtype: str = "f16",
    *,
    target: str | Target | None = None,
    verify: bool = True,
) -> ConversionPlan:
    """How ``lower-convert-layout`` converts a ``shape`` tensor of ``dtype`` from ``src`` to
    ``dst`` on ``target`` (a ``--target`` spelling such as ``"cuda:90"`` or ``"gfx942"``, or a
    ``Target``; a generic NVIDIA GPU when ``None``), with every count ``layout-tool convert``
    prints; with ``verify`` the lowered code is run on the CTA simulator.  ``shape`` may be
    left out when the layouts carry it (a tensor type, ``#ttg.linear``).

    >>> import layoutdialect as ld
    >>> rows = ld.BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), ld.CGALayout.single(2))
    >>> columns = ld.BlockedEncoding((4, 1), (4, 8), (1, 4), (0, 1), ld.CGALayout.single(2))
    >>> p = ld.plan(rows, columns, (64, 64), "f16", target="cuda:90")
    >>> p.path, p.store.instruction, p.load.instruction, p.barriers, p.scratch_bytes, p.verified
    ('shared_memory', 'st.shared.b64', 'ld.shared.b64', 1, 8192, True)
    """
    if shape is not None and (isinstance(shape, str) or not isinstance(shape, Sequence)):
        raise argument_error(f"plan: shape must be a sequence of integers, got {shape!r:.80}")
    source = parse_layout_argument(_layout_text(src, "src"), shape, "<source>")
    destination = parse_layout_argument(_layout_text(dst, "dst"), shape or source.shape, "<destination>")
    if not isinstance(dtype, str):
        raise argument_error(f"plan: dtype must be an element type's name, such as 'f16', got {dtype!r:.80}")
    element = parse_element_type(dtype, "<dtype>")
    gpu = target if isinstance(target, Target) else parse_target(_target_name(target), None)
    return plan_layouts(source, destination, element, gpu, verify)[1]


def plan_module(
    module: ModuleOp,
    *,
    verify: bool = True,
    target: str | None = None,
    banks: int | None = None,
    max_mixed_transpositions: int = 1,
    max_scratch_bytes: int | None = None,
) -> list[ConversionPlan]:
    """The plan of every ``ttg.convert_layout`` of ``module``, in order, as
    ``lower-convert-layout`` with these options lowers it (``target`` and ``banks`` replace
    the module's own GPU where given); the module is not changed.

    >>> import layoutdialect as ld
    >>> [exchange] = ld.plan_module(ld.parse_module(open("examples/lane_exchange.mlir").read(), "x.mlir"))
    >>> exchange.loc, exchange.path, (exchange.shuffles, exchange.selects), exchange.verified
    ('x.mlir:12:5', 'warp_shuffle', (2, 4), True)
    """
    if not isinstance(module, ModuleOp):
        raise argument_error(f"plan_module needs a ModuleOp, got {type(module).__name__}")
    if type(max_mixed_transpositions) is not int or max_mixed_transpositions < 0:
        raise argument_error(
            f"plan_module: max_mixed_transpositions must be an integer >= 0, got {max_mixed_transpositions!r}"
        )
    if max_scratch_bytes is not None and (type(max_scratch_bytes) is not int or max_scratch_bytes < 1):
        raise argument_error(f"plan_module: max_scratch_bytes must be a positive integer, got {max_scratch_bytes!r}")
    override = parse_target_override(_target_name(target), banks)
    return conversion_plan.plan_module(
        module,
        verify=verify,
        max_mixed_transpositions=max_mixed_transpositions,
        target=override,
        max_scratch_bytes=max_scratch_bytes,
    )


def _layout_text(layout: LayoutText, name: str) -> str:
    if isinstance(layout, DistributedEncoding | SharedEncoding):
        return str(encoding_attr(layout))
    if isinstance(layout, EncodingAttr | str):
        return str(layout)
    raise argument_error(f"plan: {name} must be an encoding, its attribute or its text, got {type(layout).__name__}")


def _target_name(target: object) -> str | None:
    if target is None or isinstance(target, str):
        return target
    raise argument_error(f"a target is a name such as 'cuda:90' or a Target, got {target!r:.80}")
