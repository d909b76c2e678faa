"""``layout-tool codegen``: a self-contained CUDA ``__device__`` function that converts one
thread's registers from one layout to another, the way ``lower-convert-layout`` does.

The conversion is planned and lowered exactly as the pass lowers it, the lowering is
proven on the CTA simulator, and the thread-level IR is written out as CUDA
(``cuda_emitter``).  Comments show, for lane 0 of warp 0, which elements the registers
hold at the start and after each step that moves data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, VectorType
from xdsl.ir import Operation, SSAValue

from layoutdialect.analysis.conversion import ConversionKind, ConversionPlan
from layoutdialect.answers.arguments import LayoutArgument
from layoutdialect.answers.cuda_emitter import VEC_TEMPLATE, CudaFunction, emit_cuda_function
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.ttg.attributes import encoding_attr
from layoutdialect.encodings import DistributedEncoding
from layoutdialect.f2 import LinearLayout
from layoutdialect.passes.lower_convert_layout.planning import lower_planned, plan_convert_layouts
from layoutdialect.sim.cta import CTASimulator
from layoutdialect.sim.verify import element_ids

__all__ = ["CodegenAnswer", "generate_conversion"]

MAX_LISTED_REGISTERS = 16


def _encoding_text(argument: LayoutArgument, what: str) -> str:
    if not isinstance(argument.encoding, DistributedEncoding):
        raise argument.error(f"the {what} layout must be a distributed ttg encoding (a register layout)")
    return str(encoding_attr(argument.encoding))


def _module(src: LayoutArgument, dst: LayoutArgument, element_type: str) -> ModuleOp:
    shape = "x".join(map(str, src.shape))
    source = f"tensor<{shape}x{element_type}, {_encoding_text(src, 'source')}>"
    result = f"tensor<{shape}x{element_type}, {_encoding_text(dst, 'destination')}>"
    lanes = src.layout.get_in_dim_size("lane")
    warps = src.layout.get_in_dim_size("warp")
    text = (
        f'module attributes {{"ttg.num-warps" = {warps} : i32, "ttg.threads-per-warp" = {lanes} : i32}} {{\n'
        f"  func.func @convert(%registers: {source}) -> {result} {{\n"
        f"    %converted = ttg.convert_layout %registers : {source} -> {result}\n"
        f"    func.return %converted : {result}\n  }}\n}}\n"
    )
    return parse_module(text, "<codegen>", make_context())


def _coordinates(element: int, shape: tuple[int, ...]) -> str:
    parts = []
    for size in reversed(shape):
        parts.append(element % size)
        element //= size
    return "(" + ",".join(map(str, reversed(parts))) + ")"


class _Contents:
    """Which elements lane 0 of warp 0 holds in each value, from one simulated run."""

    def __init__(
        self,
        ops: list[Operation],
        source: SSAValue,
        scratch: SSAValue | None,
        src: LinearLayout,
        shape: tuple[int, ...],
        bits: int,
    ) -> None:
        self.shape = shape
        self.bits = bits
        ids = element_ids(src)
        self.exact = int(ids.max()) < (1 << min(bits, 63))
        simulator = CTASimulator(*ids.shape[:3])
        inputs = {source: ids}
        if scratch is not None:
            scratch_type = scratch.type
            inputs[scratch] = simulator.allocate(int(scratch_type.get_shape()[0]))  # type: ignore[attr-defined]
        body = [
            op for op in ops if op is not (scratch.owner if scratch is not None else None) and op.name != "func.return"
        ]
        self.values = simulator.run(body, inputs)

    def describe(self, value: SSAValue) -> str:
        held = np.atleast_1d(self.values[value][0, 0, 0])
        value_type = value.type
        element = value_type.element_type if isinstance(value_type, VectorType) else value_type
        per_word = max(1, (bit_width(element) or self.bits) // self.bits)
        elements = []
        for word in held.tolist():
            for part in range(per_word):
                elements.append((int(word) >> (part * self.bits)) & ((1 << self.bits) - 1))
        shown = " ".join(_coordinates(e, self.shape) for e in elements[:MAX_LISTED_REGISTERS])
        return shown + (" ..." if len(elements) > MAX_LISTED_REGISTERS else "")

    def annotate(self, group: list[Operation]) -> list[str]:
        if not self.exact:
            return []
        produced = [op.results[0] for op in group if op.results]
        return [f"lane 0 now holds: {self.describe_all(produced)}"]

    def describe_all(self, values: Sequence[SSAValue]) -> str:
        parts = [self.describe(v) for v in values[:MAX_LISTED_REGISTERS]]
        return " ".join(parts) + (" ..." if len(values) > MAX_LISTED_REGISTERS else "")


def _held_by_lane_zero(layout: LinearLayout, shape: tuple[int, ...]) -> str:
    ids = element_ids(layout)[0, 0, 0]
    shown = " ".join(_coordinates(int(e), shape) for e in ids[:MAX_LISTED_REGISTERS])
    return shown + (" ..." if len(ids) > MAX_LISTED_REGISTERS else "")


@dataclass(frozen=True)
class CodegenAnswer:
    source: str
    function: CudaFunction
    plan: ConversionPlan
    path: str

    def text(self) -> str:
        return self.source

    def to_json(self) -> dict[str, Any]:
        f = self.function
        return {
            "cuda": self.source,
            "function": f.name,
            "path": self.path,
            "shuffles": f.shuffles,
            "selects": f.selects,
            "barriers": f.barriers,
            "shared_stores": f.shared_stores,
            "shared_loads": f.shared_loads,
        }


def generate_conversion(
    src: LayoutArgument, dst: LayoutArgument, element_type: str, name: str = "convert_layout"
) -> CodegenAnswer:
    """CUDA converting registers of ``src`` into ``dst`` for tensors of ``element_type``."""
    if src.shape != dst.shape:
        raise dst.error(f"the layouts have different shapes: {list(src.shape)} and {list(dst.shape)}")
    module = _module(src, dst, element_type)
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    plans, remarks = plan_convert_layouts(module)
    if remarks:
        raise dst.error("the conversion moves data between CTAs, which this generator does not write")
    (planned,) = plans
    if planned.plan.kind is ConversionKind.NO_OP:
        raise dst.error("the layouts are equal at this shape: every thread already holds its elements")
    lower_planned(plans, verify=True)
    ops = list(function.body.block.ops)
    source = function.body.block.args[0]
    returned = ops[-1].operands[0]
    scratch = next((op.results[0] for op in ops if op.name == "memref.alloc"), None)
    cast = next(op for op in ops if op.name == "builtin.unrealized_conversion_cast" and op.operands[0] is source)
    source_vector = cast.results[0].type
    assert isinstance(source_vector, VectorType)
    shape = src.shape
    bits = planned.element_bits
    contents = _Contents(ops, source, scratch, src.layout, shape, bits)
    lanes = src.layout.get_in_dim_size("lane")
    emitted = emit_cuda_function(name, ops, source, returned, source_vector, lanes, contents.annotate)
    plan = planned.plan
    header = [
        f"// {name}: {plan.kind.value} conversion of a {'x'.join(map(str, shape))} tensor of {element_type}",
        f"//   from {_encoding_text(src, 'source')}",
        f"//   to   {_encoding_text(dst, 'destination')}",
        f"// path: {plan.path.value} ({plan.reason})",
        f"// {emitted.shuffles} shuffles, {emitted.selects} selects, {emitted.shared_stores} shared stores, "
        f"{emitted.shared_loads} shared loads, {emitted.barriers} barriers per thread",
        f"// registers hold raw {bits}-bit patterns; at the start lane 0 holds {_held_by_lane_zero(src.layout, shape)}",
        f"// and at the end it holds {_held_by_lane_zero(dst.layout, shape)}",
    ]
    source_text = (
        "#include <cstdint>\n#include <cstring>\n\n" + VEC_TEMPLATE + "\n" + "\n".join(header) + "\n" + emitted.text()
    )
    return CodegenAnswer(source_text, emitted, plan, plan.path.value)
