"""Check each tensor's encoding against the module's ``ttg.*`` attributes, as Triton's
``verifyTensorLayouts`` does for every op.

A layout is written for a number of lanes, warps and CTAs; the module (or an
enclosing function) says how many the kernel runs with.  A mismatch is an error
with Triton's message, for example ``Layout has 16 threads per warp, but the
module specifies 32 threads per warp.``
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from math import prod

from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr, StringAttr, TensorType
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.traits import OpTrait
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.ttg.attributes import DistributedEncodingAttr, EncodingAttr
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.encodings import EncodingError, SharedLinearEncoding, to_linear_layout
from layoutdialect.f2 import LinearLayoutError, is_power_of_two
from layoutdialect.target import Target

__all__ = [
    "MODULE_TARGET",
    "MAX_LAYOUT_DIM",
    "MAX_TENSOR_ELEMENTS",
    "KernelAttributes",
    "TargetOverride",
    "TensorSize",
    "VerifyTensorLayouts",
    "ir_unchanged",
    "kernel_attributes",
    "kernel_target",
    "layout_problem",
    "tensor_size_problem",
    "verify_tensor_layouts",
]

NUM_WARPS = "ttg.num-warps"
THREADS_PER_WARP = "ttg.threads-per-warp"
NUM_CTAS = "ttg.num-ctas"
TARGET = "ttg.target"

MAX_TENSOR_ELEMENTS = 1 << 20
"""Triton's ``TRITON_MAX_TENSOR_NUMEL``: the most elements a ``tt`` op's tensor may have."""

MAX_LAYOUT_DIM = 1 << 31
"""The largest dim a tensor with a layout may have: Triton's linear layouts use 32-bit integers."""


@dataclass(frozen=True)
class KernelAttributes:
    """What the kernel around an op runs with; ``None`` where the IR does not say."""

    num_warps: int | None
    threads_per_warp: int
    num_ctas: int
    target: str | None


def _nearest(op: Operation, key: str) -> IntegerAttr | StringAttr | None:
    """``key`` on the nearest enclosing op (the op, a function, the module) that has it."""
    current: Operation | None = op
    while current is not None:
        value = current.attributes.get(key)
        if isinstance(value, IntegerAttr | StringAttr):
            return value
        current = current.parent_op()
    return None


def _integer(op: Operation, key: str) -> int | None:
    value = _nearest(op, key)
    return value.value.data if isinstance(value, IntegerAttr) else None


PARTITIONS = "ttg.warp_specialize.partitions"
"""The op holding ``ttg.warp_specialize``'s partition regions (matched by name: the
warp-specialisation ops import this module)."""


def _num_warps(op: Operation) -> int | None:
    """The warps the code around ``op`` runs on, as Triton's ``lookupNumWarps``: a
    ``ttg.warp_specialize`` partition's own ``partitionNumWarps`` entry, else the nearest
    ``"ttg.num-warps"``."""
    current: Operation | None = op
    while current is not None:
        parent = current.parent_op()
        region = current.parent_region()
        if parent is not None and parent.name == PARTITIONS and region is not None:
            owner = parent.parent_op()
            warps = None if owner is None else owner.properties.get("partitionNumWarps")
            index = next(i for i, candidate in enumerate(parent.regions) if candidate is region)
            if isinstance(warps, DenseArrayBase) and index < len(warps):
                return int(warps.get_values()[index])
        value = current.attributes.get(NUM_WARPS)
        if isinstance(value, IntegerAttr):
            return value.value.data
        current = parent
    return None


_KERNEL_KEYS = (NUM_WARPS, THREADS_PER_WARP, NUM_CTAS, TARGET)

_answers_per_region: dict[Region, KernelAttributes] | None = None
"""``kernel_attributes`` of the ops of each region, remembered while ``ir_unchanged``."""


@contextmanager
def ir_unchanged() -> Iterator[None]:
    """Within this block the IR is only read (as while verifying a module), so
    ``kernel_attributes`` answers once for all the ops of a region that carry none of
    the kernel's attributes themselves: they all see the same enclosing ops."""
    global _answers_per_region
    outer = _answers_per_region
    _answers_per_region = {} if outer is None else outer
    try:
        yield
    finally:
        _answers_per_region = outer


def kernel_attributes(op: Operation) -> KernelAttributes:
    """``"ttg.num-warps"``, ``"ttg.threads-per-warp"`` (default 32), ``"ttg.num-ctas"``
    (default 1) and ``ttg.target`` (e.g. ``"cuda:80"``) as seen from ``op``."""
    answers = _answers_per_region
    region = op.parent_region()
    if answers is None or region is None or any(key in op.attributes for key in _KERNEL_KEYS):
        return _kernel_attributes(op)
    known = answers.get(region)
    if known is None:
        known = answers[region] = _kernel_attributes(op)
    return known


def _kernel_attributes(op: Operation) -> KernelAttributes:
    found: dict[str, IntegerAttr | StringAttr] = {}
    current: Operation | None = op
    while current is not None and len(found) < 3:
        for key in (TARGET, THREADS_PER_WARP, NUM_CTAS):
            value = current.attributes.get(key)
            if key not in found and isinstance(value, IntegerAttr | StringAttr):
                found[key] = value
        current = current.parent_op()
    target, threads, ctas = found.get(TARGET), found.get(THREADS_PER_WARP), found.get(NUM_CTAS)
    return KernelAttributes(
        num_warps=_num_warps(op),
        threads_per_warp=(threads.value.data if isinstance(threads, IntegerAttr) else None) or 32,
        num_ctas=(ctas.value.data if isinstance(ctas, IntegerAttr) else None) or 1,
        target=target.data if isinstance(target, StringAttr) else None,
    )


def kernel_target(op: Operation, arch: str | None = None, banks: int | None = None) -> Target:
    """The GPU the kernel around ``op`` targets: ``arch`` or else ``ttg.target`` names it
    (a generic NVIDIA GPU when neither does), ``ttg.threads-per-warp`` sets its lanes, and
    ``banks`` overrides its shared-memory banks (``arch`` and ``banks`` come from pass or
    command-line options); ``TargetError`` for a name that is no GPU's."""
    if arch is None:
        named = _nearest(op, TARGET)
        arch = named.data if isinstance(named, StringAttr) else None
    return Target.named(arch, _integer(op, THREADS_PER_WARP), banks)


@dataclass(frozen=True)
class TargetOverride:
    """What a pass or command line says of the GPU, over what the module says:
    ``arch`` and ``banks`` replace the module's ``ttg.target`` and bank count where given
    (``kernel_target``); ``resolve`` gives the ``Target`` of a kernel."""

    arch: str | None = None
    banks: int | None = None

    def resolve(self, op: Operation) -> Target:
        """The target of the kernel around ``op``."""
        return kernel_target(op, self.arch, self.banks)


MODULE_TARGET = TargetOverride()
"""No override: the module's own target."""


@cache
def _encoding_problem(tensor: TensorType[Attribute]) -> str | None:
    """Why ``tensor``'s encoding cannot lay out its shape, whatever the kernel; a type
    is immutable, so each distinct one is asked once."""
    encoding = tensor.encoding
    if not isinstance(encoding, DistributedEncodingAttr):
        return "A tensor encoding must be a distributed layout, not a shared-memory one."
    layout = encoding.data
    shape = tensor.get_shape()
    if layout.rank != len(shape):
        return f"Layout has rank {layout.rank}, but the tensor it's attached to has rank {len(shape)}."
    if not all(is_power_of_two(d) for d in shape):
        return f"Layout requires a tensor shape of powers of two, got [{', '.join(map(str, shape))}]."
    if any(d > MAX_LAYOUT_DIM for d in shape):
        return (
            f"Layout requires every dim to be at most {MAX_LAYOUT_DIM} (Triton's layouts index a dim with 32-bit "
            f"integers), got [{', '.join(map(str, shape))}]."
        )
    try:
        to_linear_layout(layout, shape)
    except (EncodingError, LinearLayoutError) as error:
        return f"Layout has no linear layout at shape [{', '.join(map(str, shape))}]: {error}"
    return None


def layout_problem(tensor: TensorType[Attribute], op: Operation) -> str | None:
    """Why ``tensor``'s encoding does not fit the kernel around ``op``, or ``None``."""
    encoding = tensor.encoding
    if not isinstance(encoding, EncodingAttr):
        return None
    problem = _encoding_problem(tensor)
    if problem is not None:
        return problem
    assert isinstance(encoding, DistributedEncodingAttr)
    layout = encoding.data
    kernel = kernel_attributes(op)
    if layout.num_lanes != kernel.threads_per_warp:
        return (
            f"Layout has {layout.num_lanes} threads per warp, "
            f"but the module specifies {kernel.threads_per_warp} threads per warp."
        )
    if kernel.num_warps is not None and layout.num_warps != kernel.num_warps:
        return (
            f"Layout has {layout.num_warps} warps per CTA, but the context requires {kernel.num_warps} warps per CTA."
        )
    if layout.num_ctas != kernel.num_ctas:
        return f"Layout has {layout.num_ctas} CTAs per CGA, but the context requires {kernel.num_ctas} CTAs per CGA."
    return None


def memdesc_layout_problem(memdesc: MemDescType, op: Operation) -> str | None:
    """Why ``memdesc``'s shared encoding does not fit the kernel around ``op`` (its CTAs
    per CGA, as Triton's ``verifyTensorLayouts`` checks for shared layouts), or ``None``."""
    encoding = memdesc.encoding
    if not isinstance(encoding, EncodingAttr):
        return None
    shared = encoding.data
    cga = getattr(shared, "cga", None)
    if cga is not None:
        ctas = cga.num_ctas
    elif isinstance(shared, SharedLinearEncoding) and shared.layout.has_in_dim("block"):
        ctas = shared.layout.get_in_dim_size("block")
    else:
        return None
    required = kernel_attributes(op).num_ctas
    if ctas != required:
        return f"Layout has {ctas} CTAs per CGA, but the context requires {required} CTAs per CGA."
    return None


def tensor_size_problem(op: Operation) -> str | None:
    """Triton's ``TensorSizeTrait`` of the ``tt`` ops: every tensor they read or write has
    at most ``MAX_TENSOR_ELEMENTS`` elements, a power of two of them; ``None`` if so."""
    for type_ in [*op.operand_types, *op.result_types]:
        if not isinstance(type_, TensorType):
            continue
        elements = prod(type_.get_shape())
        if elements > MAX_TENSOR_ELEMENTS:
            return f"Maximum allowed number of elements is {MAX_TENSOR_ELEMENTS}, but '{op.name}' op has more than that"
        if not is_power_of_two(elements):
            return (
                f"Number of elements must be power-of-two, but '{op.name}' op doesn't follow the rule "
                f"({elements}) elements"
            )
    return None


def _describe(value: SSAValue) -> str:
    return f"%{value.name_hint}" if value.name_hint else "a value"


def verify_tensor_layouts(op: Operation, memdescs: bool = True) -> None:
    """Raise ``VerifyException`` if an operand or result tensor of ``op`` has a layout
    that does not fit the kernel's lanes, warps or CTAs, or (with ``memdescs``, as for
    Triton's ops with ``VerifyTensorLayoutsTrait``) a memdesc whose shared layout is
    written for another number of CTAs."""
    for index, operand in enumerate(op.operands):
        if problem := _value_layout_problem(operand.type, op, memdescs):
            raise VerifyException(
                f"Operand {index} ({_describe(operand)}) has an invalid layout: {operand.type.encoding}. {problem}"
            )
    for index, result in enumerate(op.results):
        if problem := _value_layout_problem(result.type, op, memdescs):
            which = "Result" if len(op.results) == 1 else f"Result {index}"
            raise VerifyException(f"{which} has an invalid layout: {result.type.encoding}. {problem}")


def _value_layout_problem(type_: Attribute, op: Operation, memdescs: bool) -> str | None:
    if isinstance(type_, TensorType):
        return layout_problem(type_, op)
    if memdescs and isinstance(type_, MemDescType):
        return memdesc_layout_problem(type_, op)
    return None


@dataclass(frozen=True)
class VerifyTensorLayouts(OpTrait):
    """Triton's ``VerifyTensorLayoutsTrait``: the op's tensors have layouts that fit the
    kernel (``verify_tensor_layouts``).  Ops without it are checked by the module's
    verifier (``layoutdialect.dialect.text.verify_module``), as Triton's dialect does."""

    def verify(self, op: Operation) -> None:
        verify_tensor_layouts(op)


@dataclass(frozen=True)
class TensorSize(OpTrait):
    """Triton's ``TensorSizeTrait`` of the ``tt`` ops (``tensor_size_problem``)."""

    def verify(self, op: Operation) -> None:
        if problem := tensor_size_problem(op):
            raise VerifyException(problem)
