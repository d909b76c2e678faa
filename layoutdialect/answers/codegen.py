"""``layout-tool codegen``: a self-contained CUDA ``__device__`` function (HIP for an AMD
target) that converts one thread's registers from one layout to another, the way
``lower-convert-layout`` does.

The conversion is planned and lowered exactly as the pass lowers it, the lowering is
proven on the CTA simulator, and the thread-level IR is written out as CUDA or HIP
(``lowering.cuda_emitter``).  Comments show, for lane 0 of warp 0, which elements the registers
hold at the start and after each step that moves data.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import AnyFloat, IntegerType, VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from layoutdialect.analysis.conversion import ConversionKind, ConversionStrategy
from layoutdialect.analysis.layout_views import unflatten_index
from layoutdialect.answers.arguments import (
    LayoutArgument,
    LayoutArgumentError,
    describe_tensor,
    parse_conversion_arguments,
    parse_target,
)
from layoutdialect.answers.convert import conversion_types, plan_on_target
from layoutdialect.answers.limits import MAX_CODEGEN_REGISTERS, SLOW_POSITIONS, power_of_two
from layoutdialect.answers.progress import steps
from layoutdialect.answers.text_table import counted
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.upstream.nvgpu.ops import LdMatrixOp
from layoutdialect.dialect.upstream.nvvm.cluster import ClusterArriveOp, ClusterCtaRankOp, ClusterWaitOp, MapaOp
from layoutdialect.dialect.upstream.nvvm.ops import StMatrixOp
from layoutdialect.dialect.upstream.rocdl.cross_lane import ROW_XMASK, DppMoveOp, LaneSwapOp, PermlaneX16Op
from layoutdialect.dialect.upstream.rocdl.lds import TransposedReadOp
from layoutdialect.f2 import LinearLayout
from layoutdialect.lowering.conversion_plan import simulated_positions, unverified_reason
from layoutdialect.lowering.cuda_emitter import HELPERS, CudaFunction, cuda_type, emit_cuda_function
from layoutdialect.lowering.layout_conversion import lower_detached
from layoutdialect.sim.verify import ConversionTrace, element_ids
from layoutdialect.target import DEFAULT_TARGET, Target

__all__ = ["CodegenAnswer", "ask", "generate_conversion", "minimum_architecture"]

MAX_LISTED_REGISTERS = 16


def _coordinates(element: int, shape: tuple[int, ...]) -> str:
    return "(" + ",".join(map(str, unflatten_index(element, shape))) + ")"


@dataclass(frozen=True)
class _Contents:
    """Which elements lane 0 of warp 0 holds in each value, read off the verifying run."""

    trace: ConversionTrace
    shape: tuple[int, ...]

    def describe(self, value: SSAValue) -> str:
        elements = self.trace.held_elements(value)
        shown = " ".join(_coordinates(e, self.shape) for e in elements[:MAX_LISTED_REGISTERS])
        return shown + (" ..." if len(elements) > MAX_LISTED_REGISTERS else "")

    def annotate(self, group: list[Operation]) -> list[str]:
        """What the group's results hold, if they hold elements: register data, not the
        addresses among them (``mapa``'s pointer into another CTA's scratch) nor a byte
        selector."""
        described = [self.describe(op.results[0]) for op in group if op.results and _holds_data(op.results[0])]
        parts = [part for part in described if part]
        if not parts:
            return []
        listed = " ".join(parts[:MAX_LISTED_REGISTERS])
        return ["lane 0 now holds: " + listed + (" ..." if len(parts) > MAX_LISTED_REGISTERS else "")]


def _holds_data(value: SSAValue) -> bool:
    """Whether ``value`` is register data (a vector, an integer or a float), not an address."""
    return isinstance(value.type, VectorType | IntegerType | AnyFloat)


def _held_by_lane_zero(layout: LinearLayout, shape: tuple[int, ...]) -> str:
    ids = element_ids(layout)[0, 0, 0]
    shown = " ".join(_coordinates(int(e), shape) for e in ids[:MAX_LISTED_REGISTERS])
    return shown + (" ..." if len(ids) > MAX_LISTED_REGISTERS else "")


@dataclass(frozen=True)
class CodegenAnswer:
    source: str
    function: CudaFunction
    strategy: ConversionStrategy
    path: str

    def text(self) -> str:
        return self.source

    def to_json(self) -> dict[str, Any]:
        f = self.function
        return {
            "hip" if f.hip else "cuda": self.source,
            "function": f.name,
            "path": self.path,
            "shuffles": f.shuffles,
            "selects": f.selects,
            "permutes": f.permutes,
            "barriers": f.barriers,
            "shared_stores": f.shared_stores,
            "shared_loads": f.shared_loads,
        }


def generate_conversion(
    src: LayoutArgument,
    dst: LayoutArgument,
    element: Attribute,
    name: str = "convert_layout",
    target: Target = DEFAULT_TARGET,
) -> CodegenAnswer:
    """CUDA (HIP on an AMD ``target``) converting registers of ``src`` into ``dst`` for
    tensors of ``element`` on ``target``: the conversion is planned, lowered and verified as
    ``lower-convert-layout`` does it (verified up to ``MAX_SIMULATED_POSITIONS``), and the
    thread-level ops it returns are written out (``ldmatrix`` and ``stmatrix`` as inline PTX
    where the target has them, the register-lane swaps of gfx950 as its builtins)."""
    source_type, result_type = conversion_types(src, dst, element)
    for argument in (src, dst):
        registers = argument.layout.get_in_dim_size("register")
        if registers > MAX_CODEGEN_REGISTERS:
            raise argument.error(
                f"the layout has {registers} registers per thread; codegen writes functions of at most "
                f"{power_of_two(MAX_CODEGEN_REGISTERS)}"
            )
    shape = src.shape
    bits = bit_width(element)
    assert bits is not None
    conversion = plan_on_target(src, dst, element, target)
    plan = conversion.strategy
    if not conversion.lowerable:
        raise dst.error(f"the conversion has no lowering: {plan.reason}")
    source_vector = VectorType(element, [plan.source_registers])
    unverified = unverified_reason(conversion)
    large = src.layout.get_total_in_dim_size() > SLOW_POSITIONS or simulated_positions(conversion) > SLOW_POSITIONS
    ops: list[Operation] = []
    hip = target.arch.startswith("hip:")
    with steps("codegen", ["lower and simulate", "write CUDA"], large) as step:
        if plan.kind is ConversionKind.NO_OP:
            emitted = _plain_copy(name, source_vector, hip)
        else:
            step("lower and simulate")
            block, alloc, lowered = lower_detached(conversion, source_type, result_type, verify=not unverified)
            ops = ([alloc] if alloc is not None else []) + lowered.ops
            annotate = None if lowered.trace is None else _Contents(lowered.trace, shape).annotate
            step("write CUDA")
            emitted = emit_cuda_function(
                name, ops, block.args[0], lowered.result, source_vector, conversion.lanes, annotate, hip
            )
    header = [
        f"// {name}: {plan.kind.value} conversion of {describe_tensor(shape, str(element))}",
        f"//   from {source_type.encoding}",
        f"//   to   {result_type.encoding}",
        f"// path: {plan.path.value} ({plan.reason})",
        f"// {counted(emitted.shuffles, 'shuffle')}, {counted(emitted.selects, 'select')}, "
        f"{counted(emitted.permutes, 'byte permute')}, {counted(emitted.shared_stores, 'shared store')}, "
        f"{counted(emitted.shared_loads, 'shared load')}, {_barriers(emitted)} per thread",
        f"// registers hold raw {bits}-bit patterns; at the start lane 0 holds {_held_by_lane_zero(src.layout, shape)}",
        f"// and at the end it holds {_held_by_lane_zero(dst.layout, shape)}",
    ]
    if unverified and plan.kind is not ConversionKind.NO_OP:
        header.append(f"// {unverified}, so no comment below says what lane 0 holds after each step")
    if emitted.cluster_barriers:
        ctas = src.layout.get_in_dim_size("block")
        header.append(
            f"// sm_90 on: launch the kernel in clusters of {ctas} CTAs (__cluster_dims__({ctas}, 1, 1)); "
            "each CTA reads the others' scratch"
        )
    if emitted.scratch_bytes:
        header += [
            f"// scratch: {emitted.scratch_bytes} bytes of shared memory ({emitted.scratch_constant}),",
            "// 16-byte aligned, passed in by the caller; the function leaves it free, so it may be called",
            "// twice in a row or in a loop without a barrier from the caller",
        ]
    header += _thread_block_contract(src.layout, conversion.lanes, emitted)
    header += _hip_guard(name, ops, target) if hip else _architecture_guard(name, ops)
    source_text = HELPERS + "\n" + "\n".join(header) + "\n" + emitted.text()
    return CodegenAnswer(source_text, emitted, plan, plan.path.value)


def _thread_block_contract(layout: LinearLayout, lanes: int, emitted: CudaFunction) -> list[str]:
    """The header lines stating what the function assumes of the thread block that calls it,
    and the one-line check a caller may run: the emitted code reads its lane as
    ``threadIdx.x % lanes`` and its warp as ``threadIdx.x / lanes``, so a thread's registers
    are those of that lane and warp in both layouts only in a 1-D block of exactly the
    layouts' warps; barriers and warp-wide instructions need every thread to take part."""
    warps = layout.get_in_dim_size("warp")
    threads = warps * lanes
    collective = [
        text
        for count, text in (
            (emitted.barriers, "__syncthreads"),
            (
                emitted.scratch_bytes and not emitted.barriers and not emitted.cluster_barriers,
                emitted.wave_barrier,
            ),
            (emitted.shuffles, f"shuffles of all {lanes} lanes"),
            (emitted.matrix_instructions, "warp-wide ldmatrix/stmatrix"),
            (emitted.cluster_barriers, "cluster barriers"),
        )
        if count
    ]
    lines = [
        f"// thread block: 1-D, {threads} threads ({counted(warps, 'warp')} of {lanes} lanes); thread threadIdx.x",
        f"//   is lane threadIdx.x % {lanes} of warp threadIdx.x / {lanes} in both layouts and passes what that lane",
        "//   holds in the source layout",
    ]
    if collective:
        lines.append(f"//   every thread of the block calls the function at the same point ({', '.join(collective)})")
    lines.append(f"//   check at run time: assert(blockDim.x == {threads} && blockDim.y == 1 && blockDim.z == 1);")
    return lines


_ARCHITECTURE_NEEDS: tuple[tuple[tuple[type[Operation], ...], int, str], ...] = (
    ((LdMatrixOp,), 75, "ldmatrix"),
    ((StMatrixOp,), 90, "stmatrix"),
    ((ClusterCtaRankOp, MapaOp, ClusterArriveOp, ClusterWaitOp), 90, "thread-block clusters"),
)
"""The ops whose CUDA needs a newer GPU than plain code (shuffles, byte permutes, shared
memory and barriers run on every GPU CUDA compiles for): the compute capability and the
feature's name."""


def minimum_architecture(ops: Sequence[Operation]) -> tuple[int, list[str]] | None:
    """The compute capability the CUDA of ``ops`` needs (75 for ``sm_75``) and the features
    that need it, or ``None`` when it runs on every GPU."""
    needed = [(arch, what) for kinds, arch, what in _ARCHITECTURE_NEEDS if any(isinstance(op, kinds) for op in ops)]
    if not needed:
        return None
    highest = max(arch for arch, _ in needed)
    return highest, [f"{what} (sm_{arch})" for arch, what in needed]


def _architecture_guard(name: str, ops: Sequence[Operation]) -> list[str]:
    """The lines that stop the compilation for a GPU older than the code needs, with a
    message naming the features; none for code every GPU runs."""
    needed = minimum_architecture(ops)
    if needed is None:
        return ["// runs on every GPU CUDA compiles for"]
    arch, features = needed
    return [
        f"// needs sm_{arch} or newer: {', '.join(features)}",
        f"#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < {arch}0",
        f'#error "{name} uses {", ".join(features)}: compile it for sm_{arch} or newer (-arch=sm_{arch})"',
        "#endif",
    ]


def _hip_guard(name: str, ops: Sequence[Operation], target: Target) -> list[str]:
    """The lines that stop a HIP compilation for an AMD GPU without the instructions the
    code uses (gfx950's register-lane swaps and transposing LDS reads; RDNA's
    ``v_permlanex16`` and DPP ``row_xmask``); a note that any AMD GPU with the same waves
    runs the rest."""
    gfx950, rdna = [], []
    if any(isinstance(op, LaneSwapOp) for op in ops):
        gfx950.append("v_permlane16_swap / v_permlane32_swap")
    if any(isinstance(op, TransposedReadOp) for op in ops):
        gfx950.append("ds_read_b64_tr_b16 / ds_read_b64_tr_b8")
    if any(isinstance(op, PermlaneX16Op) for op in ops):
        rdna.append("v_permlanex16")
    if any(isinstance(op, DppMoveOp) and op.dpp_ctrl.value.data >= ROW_XMASK for op in ops):
        rdna.append("DPP row_xmask")
    if gfx950:
        uses = " and ".join(gfx950)
        return [
            f"// needs gfx950: {uses}",
            "#if defined(__HIP_DEVICE_COMPILE__) && !defined(__gfx950__)",
            f'#error "{name} uses {uses}: compile it for gfx950 (--offload-arch=gfx950)"',
            "#endif",
        ]
    if rdna:
        uses = " and ".join(rdna)
        return [
            f"// needs RDNA (gfx10 and later) in waves of 32: {uses}",
            "#if defined(__HIP_DEVICE_COMPILE__) && (defined(__GFX9__) || __AMDGCN_WAVEFRONT_SIZE != 32)",
            f'#error "{name} uses {uses}: compile it for RDNA with waves of 32 (--offload-arch=gfx1100)"',
            "#endif",
        ]
    return [f"// HIP for {target.arch[4:]}: runs on every AMD GPU with waves of {target.lanes} lanes"]


def _barriers(emitted: CudaFunction) -> str:
    """``2 barriers``, with the cluster barriers beside them where there are any."""
    text = counted(emitted.barriers, "barrier")
    if emitted.cluster_barriers:
        text += f", {counted(emitted.cluster_barriers, 'cluster barrier')}"
    return text


def _plain_copy(name: str, registers: VectorType[Attribute], hip: bool) -> CudaFunction:
    """The function for layouts whose linear layouts are equal: every thread already holds
    its elements in the right registers."""
    copy = CudaFunction(name, f"{cuda_type(registers)} registers_in", cuda_type(registers), hip=hip)
    copy.lines = ["// the layouts are equal: every register already holds its element", "return registers_in;"]
    return copy


def ask(
    source: str,
    destination: str,
    dtype: str,
    shape: str | None = None,
    name: str = "convert_layout",
    target: str | None = None,
    num_banks: int | None = None,
) -> CodegenAnswer:
    """``layout-tool codegen``: two layouts, an element type, a function name and the GPU
    as written on the command line."""
    src, dst, element = parse_conversion_arguments("codegen", source, destination, dtype, shape)
    _check_function_name(name)
    gpu = parse_target(target, num_banks)
    if gpu.arch.startswith("hip:"):
        if gpu.lanes != (32 if gpu.cross_lane.row_xmask else 64):
            message = (
                "codegen writes HIP for waves of 64 lanes on CDNA (gfx942, gfx950) and of 32 on RDNA "
                f"(gfx1100), not {gpu.arch}'s {gpu.lanes}"
            )
            raise LayoutArgumentError("--target", target or "", 1, message)
        for argument in (src, dst):
            lanes = argument.layout.get_in_dim_size("lane")
            if lanes != gpu.lanes:
                raise argument.error(f"the layout has {lanes} lanes a warp, and {gpu.arch}'s waves have {gpu.lanes}")
    return generate_conversion(src, dst, element, name, gpu)


CPP_KEYWORDS = frozenset(
    """alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class
    compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype
    default delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline
    int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public register
    reinterpret_cast requires return short signed sizeof static static_assert static_cast struct switch template
    this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t
    while xor xor_eq""".split()  # noqa: SIM905 (97 words read better as text)
)
"""C++20's keywords, which no function may be named."""

HELPER_NAMES = frozenset(
    ["Vec", "ld_matrix", "st_matrix", "byte_permute", "cluster_cta_rank", "map_shared_rank", "cluster_arrive"]
    + ["cluster_wait", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "lane_swap", "wave_barrier"]
)
"""The names the emitted file and CUDA already give a meaning (``cuda_emitter``'s helpers,
CUDA's built-in variables)."""


def _check_function_name(name: str) -> None:
    """Refuse, at ``--name``, a name the function cannot have in C++: not an identifier, a
    keyword, one reserved to the compiler (``__x``, ``_X``), or a name the file already uses."""
    reason = None
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        reason = "the function name must be a C++ identifier"
    elif name in CPP_KEYWORDS:
        reason = f"'{name}' is a C++ keyword; the function name must be an identifier"
    elif "__" in name or re.match(r"_[A-Z]", name):
        reason = f"'{name}' is reserved to the compiler (it has '__' or starts with '_' and a capital)"
    elif name in HELPER_NAMES:
        reason = f"'{name}' already names a helper or a CUDA built-in in the file"
    if reason is not None:
        raise LayoutArgumentError("--name", name, 1, reason)
