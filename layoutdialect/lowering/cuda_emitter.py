"""CUDA (or HIP) C++ for the thread-level IR that ``lower-convert-layout`` emits, op for op.

Every value is kept as raw bits (an ``f16`` is a ``uint16_t``), a ``vector<N x T>`` is a
``Vec<T, N>`` of natural alignment (up to 16 bytes, so stores and loads vectorise), the
scratch memref is the caller's shared memory, passed in as ``unsigned char* scratch``,
``gpu.shuffle`` is ``__shfl_xor_sync`` or ``__shfl_sync`` and ``gpu.barrier`` is
``__syncthreads()``.  Because the IR is the one the CTA simulator proves, the CUDA does
what the plan does, instruction for instruction.  Each op type's CUDA is one entry of
``CUDA_OPS``, as each op's meaning is one entry of the simulator's ``THREAD_OPS``, and
the two cover the same ops.

``nvgpu.ldmatrix`` and ``nvvm.stmatrix`` are inline PTX (``MATRIX_HELPERS``, written before
a function that uses them), and so is ``nvvm.prmt`` (``PERMUTE_HELPERS``).  A
``vector<4x2xf16>`` is held flattened, as a ``Vec<uint16_t, 8>``, so ``vector.shape_cast``
is a new name for the same registers.  A shared-memory address
(``memref.extract_aligned_pointer_as_index`` and the integers and ``!llvm.ptr<3>`` made
from it by additions and casts) is a generic address, a ``uintptr_t``; the helpers turn
it into a shared one.

Across the CTAs of a cluster (sm_90) the cluster ops are inline PTX too
(``CLUSTER_HELPERS``): ``nvvm.read.ptx.sreg.cluster.ctarank`` reads ``%cluster_ctarank``,
``nvvm.mapa`` is ``mapa.u64`` on the generic address (so the ``llvm.load`` through its
result is a plain load of the generic address it returns), and ``nvvm.cluster.arrive`` and
``wait`` are ``barrier.cluster.arrive.aligned`` and ``barrier.cluster.wait.aligned``.  The
kernel must be launched in clusters of as many CTAs as the layouts split the tensor over.

The barrier contract: a function that uses the scratch buffer leaves it free when it
returns (a last ``__syncthreads()``, or ``__syncwarp()`` where each warp reads only what
it wrote, which also orders the warp's stores before its loads; across a cluster, the
lowering's own last cluster barrier), so it can be called twice in a row or in a loop
without a barrier from the caller.

For AMD GPUs (``hip=True``) the same ops are HIP: ``gpu.shuffle`` is ``__shfl_xor`` or
``__shfl`` (``ds_bpermute``), a DPP move ``__builtin_amdgcn_update_dpp``, the byte permute
``__builtin_amdgcn_perm`` (``v_perm_b32``), RDNA's ``__builtin_amdgcn_permlanex16``, the
register-lane swaps ``__builtin_amdgcn_permlane16_swap`` and ``permlane32_swap`` (gfx950), the
transposing reads ``__builtin_amdgcn_ds_read_tr16_b64`` and ``tr8_b64`` (gfx950), and a
wave's own ordering of its LDS stores before its loads a wave barrier with fences
(``HIP_HELPERS``).  The matrix and cluster ops are NVIDIA's and have no HIP form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import arith, builtin, gpu, llvm, memref, vector
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, MemRefType, VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.upstream.gpu.ops import BarrierOp, ShuffleMode, ShuffleOp
from layoutdialect.dialect.upstream.memref.ops import ExtractAlignedPointerAsIndexOp
from layoutdialect.dialect.upstream.nvgpu.ops import LdMatrixOp
from layoutdialect.dialect.upstream.nvvm.cluster import ClusterArriveOp, ClusterCtaRankOp, ClusterWaitOp, MapaOp
from layoutdialect.dialect.upstream.nvvm.ops import StMatrixOp
from layoutdialect.dialect.upstream.nvvm.permute import PermuteMode, PermuteOp
from layoutdialect.dialect.upstream.rocdl.cross_lane import (
    DppMoveOp,
    LaneSwapOp,
    Permlane16SwapOp,
    Permlane32SwapOp,
    PermlaneX16Op,
)
from layoutdialect.dialect.upstream.rocdl.lds import DsReadTr8B64Op, DsReadTr16B64Op, TransposedReadOp
from layoutdialect.dialect.upstream.vector.ops import ShapeCastOp

__all__ = [
    "HELPERS",
    "HIP_HELPERS",
    "HIP_OPS",
    "MATRIX_HELPERS",
    "PERMUTE_HELPERS",
    "SCRATCH_PARAMETER",
    "CLUSTER_HELPERS",
    "CUDA_OPS",
    "CudaFunction",
    "CudaOp",
    "cuda_type",
    "emit_cuda_function",
]

HELPERS = """\
#include <cstdint>
#include <cstring>

#ifndef LAYOUTDIALECT_CONVERSION_HELPERS
#define LAYOUTDIALECT_CONVERSION_HELPERS
template <typename T, int N>
struct alignas(sizeof(T) * N < 16 ? sizeof(T) * N : 16) Vec {
  T v[N];
};
#endif
"""
"""What every emitted file starts with: the register-array type, defined once however many
generated functions one ``.cu`` file holds."""


def _matrix_asm(instruction: str, matrices: int, transposed: bool) -> str:
    """The ``asm`` statement of ``ldmatrix`` or ``stmatrix`` ``.m8n8 .x{matrices} .b16``
    on the shared address ``address`` and the registers ``w``."""
    registers = ", ".join(f"%{i + (instruction == 'stmatrix')}" for i in range(matrices))
    words = ", ".join(f'"{"=r" if instruction == "ldmatrix" else "r"}"(w[{i}])' for i in range(matrices))
    trans = ".trans" if transposed else ""
    ptx = f"{instruction}.sync.aligned.m8n8.x{matrices}{trans}.shared.b16"
    if instruction == "ldmatrix":
        return f'asm volatile("{ptx} {{{registers}}}, [%{matrices}];" : {words} : "r"(address) : "memory");'
    return f'asm volatile("{ptx} [%0], {{{registers}}};" :: "r"(address), {words} : "memory");'


def _matrix_dispatch(instruction: str) -> str:
    """``if constexpr`` over the six forms of ``instruction``, for ``N`` matrices and ``Transposed``."""
    lines: list[str] = []
    for matrices in (1, 2, 4):
        for transposed in (False, True):
            keyword = "if constexpr" if not lines else "else if constexpr"
            condition = f"N == {matrices} && {'' if transposed else '!'}Transposed"
            lines += [f"  {keyword} ({condition})", f"    {_matrix_asm(instruction, matrices, transposed)}"]
    return "\n".join(lines)


MATRIX_HELPERS = f"""\
#ifndef LAYOUTDIALECT_MATRIX_HELPERS
#define LAYOUTDIALECT_MATRIX_HELPERS
// ldmatrix and stmatrix .m8n8 .b16 (sm_75 and sm_90 on): N = 1, 2 or 4 matrices of 8 rows of
// 16 bytes.  Lane l gives the address of row l % 8 of matrix l / 8; word j of lane t is bytes
// 4 (t % 4) .. 4 (t % 4) + 3 of row t / 4 of matrix j, or with .trans the 16-bit elements at
// rows 2 (t % 4) and 2 (t % 4) + 1, column t / 4.  Off the GPU, warp_emulation.h runs them.
#ifndef __CUDA_ARCH__
void emulated_ld_matrix(const void* row_address, int matrices, bool transposed, uint32_t* words);
void emulated_st_matrix(void* row_address, int matrices, bool transposed, const uint32_t* words);
#endif

template <typename R, bool Transposed>
__device__ inline R ld_matrix(const void* row_address) {{
  constexpr int N = sizeof(R) / 4;
  static_assert(N == 1 || N == 2 || N == 4, "ldmatrix loads 1, 2 or 4 matrices");
  uint32_t w[N];
#ifdef __CUDA_ARCH__
  const uint32_t address = static_cast<uint32_t>(__cvta_generic_to_shared(row_address));
{_matrix_dispatch("ldmatrix")}
#else
  emulated_ld_matrix(row_address, N, Transposed, w);
#endif
  R registers;
  memcpy(&registers, w, sizeof registers);
  return registers;
}}

template <bool Transposed, int N>
__device__ inline void st_matrix(void* row_address, Vec<uint32_t, N> words) {{
  static_assert(N == 1 || N == 2 || N == 4, "stmatrix stores 1, 2 or 4 matrices");
  const uint32_t* w = words.v;
#ifdef __CUDA_ARCH__
  const uint32_t address = static_cast<uint32_t>(__cvta_generic_to_shared(row_address));
{_matrix_dispatch("stmatrix")}
#else
  emulated_st_matrix(row_address, N, Transposed, w);
#endif
}}
#endif
"""
"""The inline PTX of ``nvgpu.ldmatrix`` and ``nvvm.stmatrix``, written before each function
that uses them and defined once per file.  ``ld_matrix<R, Transposed>`` returns the words
as the register array ``R``; off the GPU both call the emulation of ``warp_emulation.h``."""

PERMUTE_HELPERS = """\
#ifndef LAYOUTDIALECT_PERMUTE_HELPERS
#define LAYOUTDIALECT_PERMUTE_HELPERS
// prmt.b32: result byte i is byte (selector >> 4 i) & 7 of {hi, lo} (lo's are 0-3); with bit
// (selector >> 4 i) & 8 set, that byte's sign bit fills the result byte instead.
__device__ inline uint32_t byte_permute(uint32_t lo, uint32_t hi, uint32_t selector) {
  uint32_t result;
#ifdef __CUDA_ARCH__
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(result) : "r"(lo), "r"(hi), "r"(selector));
#else
  const uint64_t pair = (uint64_t)hi << 32 | lo;
  result = 0;
  for (int i = 0; i < 4; ++i) {
    const uint32_t control = selector >> 4 * i & 0xfu;
    uint32_t byte = pair >> 8 * (control & 7u) & 0xffu;
    if (control & 8u) byte = byte & 0x80u ? 0xffu : 0u;
    result |= byte << 8 * i;
  }
#endif
  return result;
}
#endif
"""
"""The inline PTX of ``nvvm.prmt`` (its default mode), written before each function that
uses it and defined once per file; off the GPU the same bytes are picked in C++."""

CLUSTER_HELPERS = """\
#ifndef LAYOUTDIALECT_CLUSTER_HELPERS
#define LAYOUTDIALECT_CLUSTER_HELPERS
// The CTA's rank in its cluster, the generic address that `address` (this CTA's shared memory)
// has in the shared memory of the CTA of rank `rank`, and the two halves of the cluster barrier
// (sm_90 on).  Off the GPU, warp_emulation.h runs them.
#ifndef __CUDA_ARCH__
uint32_t emulated_cluster_cta_rank();
const void* emulated_map_shared_rank(const void* address, uint32_t rank);
void emulated_cluster_arrive();
void emulated_cluster_wait();
#endif

__device__ inline uint32_t cluster_cta_rank() {
#ifdef __CUDA_ARCH__
  uint32_t rank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  return rank;
#else
  return emulated_cluster_cta_rank();
#endif
}

__device__ inline const void* map_shared_rank(const void* address, uint32_t rank) {
#ifdef __CUDA_ARCH__
  const void* mapped;
  asm volatile("mapa.u64 %0, %1, %2;" : "=l"(mapped) : "l"(address), "r"(rank));
  return mapped;
#else
  return emulated_map_shared_rank(address, rank);
#endif
}

__device__ inline void cluster_arrive() {
#ifdef __CUDA_ARCH__
  asm volatile("barrier.cluster.arrive.aligned;" ::: "memory");
#else
  emulated_cluster_arrive();
#endif
}

__device__ inline void cluster_wait() {
#ifdef __CUDA_ARCH__
  asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
#else
  emulated_cluster_wait();
#endif
}
#endif
"""
"""The inline PTX of the cluster ops, written before each function that uses them and
defined once per file; off the GPU they call the emulation of ``warp_emulation.h``."""

HIP_HELPERS = """\
#ifndef LAYOUTDIALECT_HIP_HELPERS
#define LAYOUTDIALECT_HIP_HELPERS
// AMD's cross-lane helpers.  byte_permute: result byte i is byte (selector >> 4 i) & 7 of
// {hi, lo} (lo's are 0-3), as v_perm_b32 picks them from one selector byte each (the
// lowering's selectors pick bytes, none replicates a sign).  lane_swap<4 or 5>: the two words
// after v_permlane16_swap / v_permlane32_swap (gfx950): lanes with bit LaneBit set trade word a
// for word b of their partner lane.  wave_barrier: the wave's LDS stores before its loads.
// dpp_move<Control>: each lane's word from the lane the DPP pattern names in its row of 16.
// permlane_x16: v_permlanex16 (RDNA): each lane's word from the lane of the other row of its 32
// that nibble lane % 8 of low (lanes 0-7 of a row) or high (8-15) names.
// read_transposed<Chunk, 16 or 8>: ds_read_b64_tr_b16 / _b8 (gfx950): in each group of 16
// lanes, lane l's element r is element l % E of the 64-bit chunk that lane
// 16 (l / 16) + (l % 16) / E + r (16 / E) addresses (E elements a chunk).
// Off the GPU, warp_emulation.h runs them.
#ifndef __HIP_DEVICE_COMPILE__
void emulated_lane_swap(uint32_t a, uint32_t b, int lane_bit, uint32_t* pair);
void emulated_read_transposed(const void* address, int element_bits, void* chunk);
uint32_t emulated_permlane_x16(uint32_t word, uint32_t low, uint32_t high);
void emulated_wave_barrier();
uint32_t emulated_dpp_move(uint32_t word, int control);
#endif

template <int Control>
__device__ inline uint32_t dpp_move(uint32_t word) {
#ifdef __HIP_DEVICE_COMPILE__
  return (uint32_t)__builtin_amdgcn_update_dpp((int)word, (int)word, Control, 15, 15, false);
#else
  return emulated_dpp_move(word, Control);
#endif
}

__device__ inline uint32_t byte_permute(uint32_t lo, uint32_t hi, uint32_t selector) {
#ifdef __HIP_DEVICE_COMPILE__
  const uint32_t bytes = (selector & 0xfu) | (selector >> 4 & 0xfu) << 8 | (selector >> 8 & 0xfu) << 16 |
                         (selector >> 12 & 0xfu) << 24;
  return __builtin_amdgcn_perm(hi, lo, bytes);
#else
  const uint64_t pair = (uint64_t)hi << 32 | lo;
  uint32_t result = 0;
  for (int i = 0; i < 4; ++i) result |= (uint32_t)(pair >> 8 * (selector >> 4 * i & 7u) & 0xffu) << 8 * i;
  return result;
#endif
}

template <int LaneBit>
__device__ inline Vec<uint32_t, 2> lane_swap(uint32_t a, uint32_t b) {
  static_assert(LaneBit == 4 || LaneBit == 5, "v_permlane16_swap and v_permlane32_swap swap lane bits 4 and 5");
  Vec<uint32_t, 2> pair;
#ifdef __HIP_DEVICE_COMPILE__
  if constexpr (LaneBit == 5) {
    const auto swapped = __builtin_amdgcn_permlane32_swap(a, b, false, false);
    pair.v[0] = swapped[0];
    pair.v[1] = swapped[1];
  } else {
    const auto swapped = __builtin_amdgcn_permlane16_swap(a, b, false, false);
    pair.v[0] = swapped[0];
    pair.v[1] = swapped[1];
  }
#else
  emulated_lane_swap(a, b, LaneBit, pair.v);
#endif
  return pair;
}

__device__ inline uint32_t permlane_x16(uint32_t word, uint32_t low, uint32_t high) {
#ifdef __HIP_DEVICE_COMPILE__
  return (uint32_t)__builtin_amdgcn_permlanex16((int)word, (int)word, (int)low, (int)high, true, false);
#else
  return emulated_permlane_x16(word, low, high);
#endif
}

template <typename Chunk, int ElementBits>
__device__ inline Chunk read_transposed(const void* address) {
  static_assert(sizeof(Chunk) == 8 && (ElementBits == 8 || ElementBits == 16), "a 64-bit chunk of bytes or halves");
  Chunk chunk;
#ifdef __HIP_DEVICE_COMPILE__
  typedef short halves __attribute__((ext_vector_type(4)));
  typedef int words __attribute__((ext_vector_type(2)));
  if constexpr (ElementBits == 16) {
    const halves read = __builtin_amdgcn_ds_read_tr16_b64_v4i16((__attribute__((address_space(3))) halves*)address);
    __builtin_memcpy(&chunk, &read, 8);
  } else {
    const words read = __builtin_amdgcn_ds_read_tr8_b64_v2i32((__attribute__((address_space(3))) words*)address);
    __builtin_memcpy(&chunk, &read, 8);
  }
#else
  emulated_read_transposed(address, ElementBits, &chunk);
#endif
  return chunk;
}

__device__ inline void wave_barrier() {
#ifdef __HIP_DEVICE_COMPILE__
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
#else
  emulated_wave_barrier();
#endif
}
#endif
"""
"""AMD's helpers, written before each HIP function and defined once per file."""

SCRATCH_PARAMETER = "scratch"
"""The name of the shared-memory parameter of a function that goes through shared memory."""

_BINARY: dict[type[Operation], str] = {
    arith.AndIOp: "&",
    arith.OrIOp: "|",
    arith.XOrIOp: "^",
    arith.ShLIOp: "<<",
    arith.ShRUIOp: ">>",
    arith.AddiOp: "+",
    arith.SubiOp: "-",
    arith.MuliOp: "*",
    arith.DivUIOp: "/",
    arith.RemUIOp: "%",
}
_COMPARISONS = {"eq": "==", "ne": "!=", "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}


def _scalar_type(type_: Attribute) -> str:
    if isinstance(type_, IndexType):
        return "uint32_t"
    bits = bit_width(type_)
    if bits == 1:
        return "bool"
    if bits not in (8, 16, 32, 64):
        raise ValueError(f"no CUDA register type for {bits}-bit {type_}")
    return f"uint{bits}_t"


def cuda_type(type_: Attribute) -> str:
    """The C++ type holding a value of ``type_`` as raw bits."""
    if isinstance(type_, VectorType):
        return f"Vec<{_scalar_type(type_.element_type)}, {type_.element_count()}>"
    if isinstance(type_, MemRefType):
        return f"{_scalar_type(type_.element_type)}*"
    if isinstance(type_, llvm.LLVMPointerType):
        return "void*"
    return _scalar_type(type_)


@dataclass
class CudaFunction:
    """The emitted body and what it contains, counted the way the plan counts."""

    name: str
    parameter: str
    return_type: str
    lines: list[str] = field(default_factory=list)
    shuffles: int = 0
    selects: int = 0
    barriers: int = 0
    shared_stores: int = 0
    shared_loads: int = 0
    scratch_bytes: int = 0
    """Bytes of shared memory the caller passes in (0: the function takes none)."""
    matrix_instructions: int = 0
    """How many ``ldmatrix`` and ``stmatrix`` it runs (counted in the loads and stores too)."""
    permutes: int = 0
    cluster_barriers: int = 0
    """How many cluster barriers (arrive and wait) it passes: only across the CTAs of a cluster."""
    hip: bool = False
    """Whether the body is HIP for an AMD GPU (else CUDA)."""

    @property
    def wave_barrier(self) -> str:
        """The function that orders a warp's (wave's) shared-memory stores before its loads."""
        return "wave_barrier" if self.hip else "__syncwarp"

    @property
    def scratch_constant(self) -> str:
        """The ``constexpr`` naming ``scratch_bytes`` in the emitted text."""
        return f"{self.name}_scratch_bytes"

    def text(self) -> str:
        body = "\n".join(f"  {line}" if line else "" for line in self.lines)
        parameters = self.parameter
        prefix = HIP_HELPERS + "\n" if self.hip else ""
        if self.matrix_instructions:
            prefix += MATRIX_HELPERS + "\n"
        if self.permutes and not self.hip:
            prefix += PERMUTE_HELPERS + "\n"
        if self.cluster_barriers:
            prefix += CLUSTER_HELPERS + "\n"
        if self.scratch_bytes:
            parameters += f", unsigned char* {SCRATCH_PARAMETER}"
            prefix += f"constexpr uint32_t {self.scratch_constant} = {self.scratch_bytes};\n"
        return f"{prefix}__device__ {self.return_type} {self.name}({parameters}) {{\n{body}\n}}\n"


class _Names:
    def __init__(self) -> None:
        self.names: dict[SSAValue, str] = {}
        self.used: set[str] = set()
        self.next_index: dict[str, int] = {}
        """Per name hint, the suffix to try next: every lower one is taken."""
        self.addresses: set[SSAValue] = set()
        """The integers that hold a shared-memory address, held as ``uintptr_t``."""

    def __call__(self, value: SSAValue) -> str:
        if value not in self.names:
            base = re.sub(r"\W", "_", value.name_hint or "v")
            if base[0].isdigit():
                base = f"v{base}"
            name, index = base, self.next_index.get(base, 1)
            if name in self.used:
                name = f"{base}_{index}"
                while name in self.used:
                    name, index = f"{base}_{index + 1}", index + 1
                self.next_index[base] = index + 1
            self.used.add(name)
            self.names[value] = name
        return self.names[value]


def emit_cuda_function(
    name: str,
    ops: Sequence[Operation],
    source: SSAValue,
    result: SSAValue,
    source_vector: VectorType[Attribute],
    lanes: int,
    annotate: Callable[[list[Operation]], list[str]] | None = None,
    hip: bool = False,
) -> CudaFunction:
    """``__device__ Vec<T, M> name(Vec<T, N> source)`` running ``ops``, which turn the tensor
    ``source`` (its registers: ``source_vector``) into the tensor ``result``; ``annotate``
    may add comment lines after each group of data-moving ops.  With ``hip`` the body is
    HIP for an AMD GPU (``HIP_OPS`` first)."""
    names = _Names()
    names.names[source] = "registers_in"
    emitted = CudaFunction(name, f"{cuda_type(source_vector)} registers_in", "", hip=hip)
    group: list[Operation] = []
    group_kind: str | None = None

    def flush() -> None:
        nonlocal group, group_kind
        if group and annotate is not None and group_kind in ("select", "shuffle", "lane swap", "permute", "load"):
            emitted.lines.extend(f"// {line}" for line in annotate(group))
        group, group_kind = [], None

    cluster = any(isinstance(op, ClusterWaitOp) for op in ops)
    warp_local = not cluster and not any(isinstance(op, gpu.BarrierOp) for op in ops)
    stores_pending = False
    for op in ops:
        kind = _kind(op)
        if kind != group_kind:
            flush()
            if warp_local and kind == "load" and stores_pending:
                emitted.lines += ["", "// each warp reads only what it wrote: its stores before its loads"]
                emitted.lines.append(f"{emitted.wave_barrier}();")
                stores_pending = False
            stores_pending |= kind == "store"
            group_kind = kind
            heading = (_HIP_HEADINGS.get(kind) if hip else None) or _HEADINGS.get(kind)
            if heading is not None:
                emitted.lines.append("")
                emitted.lines.append(f"// {heading}")
        group.append(op)
        emitted.lines.extend(_emit(op, names, emitted, lanes))
    flush()
    if emitted.scratch_bytes and not cluster:
        emitted.lines += ["", "// the scratch buffer is free again for the next conversion"]
        emitted.lines.append(f"{emitted.wave_barrier}();" if warp_local else "__syncthreads();")
    if result not in names.names:
        raise ValueError("the lowered conversion does not produce its result")
    cast = result.owner
    assert isinstance(cast, builtin.UnrealizedConversionCastOp)
    emitted.lines.append(f"return {names(result)};")
    emitted.return_type = cuda_type(cast.operands[0].type)
    return emitted


_HEADINGS = {
    "select": "conditional register swaps (selects on lane bits)",
    "shuffle": "warp shuffles",
    "lane swap": "register-lane swaps (v_permlane16_swap, v_permlane32_swap)",
    "selector": "this lane's byte selector (a select of two constants)",
    "permute": "byte permutes (prmt)",
    "store": "stores to shared memory",
    "barrier": "barrier",
    "cluster barrier": "cluster barrier: every CTA's stores before any CTA's loads, or the loads before reuse",
    "load": "loads from shared memory",
}


_HIP_HEADINGS = {
    "shuffle": "wave shuffles (ds_bpermute, DPP moves)",
    "permute": "byte permutes (v_perm_b32)",
    "load": "loads from the LDS",
    "store": "stores to the LDS",
}
"""The headings that name AMD's instructions in HIP."""

_Emit = Callable[[Any, "_Names", CudaFunction, int], list[str]]
"""Writes one op as CUDA: ``(op, names, function, lanes)`` to the op's lines, counting
what it does in ``function``."""


@dataclass(frozen=True)
class CudaOp:
    """How ``emit_cuda_function`` writes one op type: ``emit`` gives its lines, and
    ``kind`` the group it belongs to, under a heading where the kind changes (and, for
    the kinds that move data, followed by the caller's annotation)."""

    kind: str
    emit: _Emit


CUDA_OPS: dict[type[Operation], CudaOp] = {}
"""Every op type ``emit_cuda_function`` writes, by exact type: the thread-level IR the
lowering emits, the same ops ``sim.cta.THREAD_OPS`` simulates."""


def _entered_in(table: dict[type[Operation], CudaOp]) -> Callable[..., Callable[[_Emit], _Emit]]:
    """A decorator ``(*op_types, kind=...)`` that enters the decorated function in ``table``
    for each of ``op_types``."""

    def writes(*op_types: type[Operation], kind: str = "other") -> Callable[[_Emit], _Emit]:
        def enter(emit: _Emit) -> _Emit:
            for op_type in op_types:
                table[op_type] = CudaOp(kind, emit)
            return emit

        return enter

    return writes


_writes = _entered_in(CUDA_OPS)


HIP_OPS: dict[type[Operation], CudaOp] = {}
"""The op types whose HIP differs from their CUDA (the rest are written as ``CUDA_OPS``
writes them), and the AMD-only ops."""

_NVIDIA_ONLY = (LdMatrixOp, StMatrixOp, ClusterCtaRankOp, MapaOp, ClusterArriveOp, ClusterWaitOp)
"""The op types with no HIP form: NVIDIA's matrix and cluster instructions."""


def _entry(op: Operation, hip: bool) -> CudaOp | None:
    """How ``op`` is written in CUDA, or with ``hip`` in HIP."""
    if hip:
        if isinstance(op, _NVIDIA_ONLY):
            raise ValueError(f"no HIP form for '{op.name}': it is NVIDIA's")
        return HIP_OPS.get(type(op)) or CUDA_OPS.get(type(op))
    if type(op) in HIP_OPS and type(op) not in CUDA_OPS:
        raise ValueError(f"no CUDA form for '{op.name}': it is AMD's; write HIP (codegen --target hip:gfx950)")
    return CUDA_OPS.get(type(op))


def _kind(op: Operation) -> str:
    entry = CUDA_OPS.get(type(op)) or HIP_OPS.get(type(op))
    if entry is None:
        return "other"
    if entry.kind == "select":
        assert isinstance(op, arith.SelectOp)
        constants = all(isinstance(choice.owner, arith.ConstantOp) for choice in (op.lhs, op.rhs))
        return "selector" if constants else "select"
    return entry.kind


def _emit(op: Operation, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    entry = _entry(op, out.hip)
    renames = entry is not None and entry.emit is _same_registers
    if not renames and any(operand in name.addresses for operand in op.operands):
        return _emit_address(op, name)
    if entry is None:
        raise ValueError(f"cannot write '{op.name}' as CUDA")
    return entry.emit(op, name, out, lanes)


def _declare(value: SSAValue, expression: str, name: _Names) -> str:
    """The constant declaration of ``value`` as ``expression``."""
    return f"const {cuda_type(value.type)} {name(value)} = {expression};"


@_writes(builtin.UnrealizedConversionCastOp, ShapeCastOp)
def _same_registers(op: Operation, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    """A tensor as its registers, or a vector of rank 2 as its flattened registers: the
    result is a new name for the operand's value."""
    name.names[op.results[0]] = name(op.operands[0])
    return []


def _constant(op: arith.ConstantOp) -> str:
    value = op.value
    if not isinstance(value, IntegerAttr):
        raise ValueError(f"no CUDA literal for {value}")
    if isinstance(value.type, IntegerType) and value.type.width.data == 1:
        return "true" if value.value.data else "false"
    return f"{value.value.data & 0xFFFFFFFFFFFFFFFF}u"


@_writes(arith.ConstantOp)
def _write_constant(op: arith.ConstantOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    return [_declare(op.result, _constant(op), name)]


def _binary(operator: str) -> _Emit:
    """Writes an integer op as ``operator`` on raw bits, cast back to the result's width."""

    def write(op: Operation, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
        lhs, rhs = op.operands
        result = op.results[0]
        return [_declare(result, f"({cuda_type(result.type)})({name(lhs)} {operator} {name(rhs)})", name)]

    return write


for _op_type, _operator in _BINARY.items():
    _writes(_op_type)(_binary(_operator))


@_writes(arith.IndexCastOp, arith.ExtUIOp, arith.TruncIOp)
def _cast(op: Operation, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    result = op.results[0]
    return [_declare(result, f"({cuda_type(result.type)}){name(op.operands[0])}", name)]


@_writes(arith.CmpiOp)
def _compare(op: arith.CmpiOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    predicate = arith.CMPI_COMPARISON_OPERATIONS[op.predicate.value.data]
    if predicate not in _COMPARISONS:
        raise ValueError(f"no CUDA form for cmpi {predicate}")
    return [_declare(op.result, f"{name(op.lhs)} {_COMPARISONS[predicate]} {name(op.rhs)}", name)]


@_writes(arith.SelectOp, kind="select")
def _select(op: arith.SelectOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.selects += 1
    return [_declare(op.result, f"{name(op.cond)} ? {name(op.lhs)} : {name(op.rhs)}", name)]


@_writes(PermuteOp, kind="permute")
def _permute(op: PermuteOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    if op.mode.data is not PermuteMode.DEFAULT or op.hi is None:
        raise ValueError(f"no CUDA form for prmt.{op.mode.data}")
    out.permutes += 1
    return [_declare(op.results[0], f"byte_permute({name(op.lo)}, {name(op.hi)}, {name(op.selector)})", name)]


@_writes(vector.ExtractOp)
def _extract(op: vector.ExtractOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    return [_declare(op.results[0], f"{name(op.vector)}.v[{_static_position(op.static_position)}]", name)]


@_writes(vector.InsertOp)
def _insert(op: vector.InsertOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    target = op.results[0]
    return [
        f"{cuda_type(target.type)} {name(target)} = {name(op.dest)};",
        f"{name(target)}.v[{_static_position(op.static_position)}] = {name(op.source)};",
    ]


@_writes(vector.ShuffleOp)
def _shuffle_registers(op: vector.ShuffleOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    target = op.results[0]
    width = op.v1.type.get_shape()[0]  # type: ignore[attr-defined]
    picks = []
    for index in op.mask.get_values():
        source, position = (op.v1, index) if index < width else (op.v2, index - width)
        picks.append(f"{name(source)}.v[{position}]")
    return [f"const {cuda_type(target.type)} {name(target)} = {{{{{', '.join(picks)}}}}};"]


@_writes(vector.BroadcastOp)
def _broadcast(op: vector.BroadcastOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    target = op.vector
    target_type = target.type
    assert isinstance(target_type, VectorType)
    if isinstance(op.source.type, VectorType) or target_type.get_num_dims() != 1:
        raise ValueError("only broadcasts of a scalar to a one-dimensional vector are emitted")
    copies = ", ".join([name(op.source)] * target_type.get_shape()[0])
    return [f"const {cuda_type(target_type)} {name(target)} = {{{{{copies}}}}};"]


@_writes(vector.BitcastOp)
def _bitcast(op: vector.BitcastOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    target = op.results[0]
    return [
        f"{cuda_type(target.type)} {name(target)};",
        f"memcpy(&{name(target)}, &{name(op.source)}, sizeof {name(target)});",
    ]


@_writes(gpu.LaneIdOp)
def _lane_id(op: gpu.LaneIdOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    return [_declare(op.results[0], f"threadIdx.x % {lanes}u", name)]


@_writes(gpu.ThreadIdOp)
def _thread_id(op: gpu.ThreadIdOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    if op.dimension.data != gpu.DimensionEnum.X:
        raise ValueError("only threadIdx.x is used by conversions")
    return [_declare(op.results[0], "threadIdx.x", name)]


_SHUFFLE_CALLS = {
    ShuffleMode.XOR: "__shfl_xor_sync",
    ShuffleMode.IDX: "__shfl_sync",
    ShuffleMode.UP: "__shfl_up_sync",
    ShuffleMode.DOWN: "__shfl_down_sync",
}


@_writes(ShuffleOp, kind="shuffle")
def _warp_shuffle(op: ShuffleOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    """CUDA's ``__shfl_xor_sync(0xffffffffu, ...)`` and the others, or HIP's ``__shfl_xor(...)``,
    which takes no mask of lanes."""
    out.shuffles += 1
    value, offset, width = (name(o) for o in op.operands)
    call = _SHUFFLE_CALLS[op.mode.data]
    if out.hip:
        return [_declare(op.results[0], f"{call.removesuffix('_sync')}({value}, {offset}, {width})", name)]
    return [_declare(op.results[0], f"{call}(0xffffffffu, {value}, {offset}, {width})", name)]


_hip_writes = _entered_in(HIP_OPS)


@_hip_writes(Permlane16SwapOp, Permlane32SwapOp, kind="lane swap")
def _lane_swap(op: LaneSwapOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.shuffles += 1
    pair = op.results[0]
    call = f"lane_swap<{op.LANE_BIT}>({name(op.first)}, {name(op.second)})"
    return [f"const Vec<uint32_t, 2> {name(pair)} = {call};"]


@_hip_writes(DppMoveOp, kind="shuffle")
def _dpp_move(op: DppMoveOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.shuffles += 1
    return [_declare(op.res, f"dpp_move<{op.dpp_ctrl.value.data:#x}>({name(op.src)})", name)]


@_hip_writes(DsReadTr16B64Op, DsReadTr8B64Op, kind="load")
def _read_transposed(op: TransposedReadOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.shared_loads += 1
    call = f"read_transposed<{cuda_type(op.res.type)}, {op.ELEMENT_BITS}>({name(op.ptr)})"
    return [_declare(op.res, call, name)]


@_hip_writes(PermlaneX16Op, kind="shuffle")
def _permlane_x16(op: PermlaneX16Op, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.shuffles += 1
    selectors = f"{name(op.selector_low)}, {name(op.selector_high)}"
    return [_declare(op.res, f"permlane_x16({name(op.src)}, {selectors})", name)]


@_hip_writes(llvm.ExtractValueOp, kind="lane swap")
def _extract_swapped(op: llvm.ExtractValueOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    (position,) = op.position.get_values()
    return [_declare(op.results[0], f"{name(op.container)}.v[{position}]", name)]


@_writes(memref.AllocOp)
def _scratch(op: memref.AllocOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    memref_type = op.memref.type
    assert isinstance(memref_type, MemRefType)
    out.scratch_bytes = memref_type.get_shape()[0]
    name.names[op.memref] = SCRATCH_PARAMETER
    name.used.add(SCRATCH_PARAMETER)
    return []


@_writes(memref.ViewOp)
def _view(op: memref.ViewOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    target = op.results[0]
    return [
        f"{cuda_type(target.type)} const {name(target)} = "
        f"reinterpret_cast<{cuda_type(target.type)}>({name(op.source)} + {name(op.byte_shift)});"
    ]


@_writes(vector.StoreOp, kind="store")
def _store(op: vector.StoreOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.shared_stores += 1
    vector_type = cuda_type(op.vector.type)
    (address,) = op.indices
    return [f"*reinterpret_cast<{vector_type}*>({name(op.base)} + {name(address)}) = {name(op.vector)};"]


@_writes(vector.LoadOp, kind="load")
def _load(op: vector.LoadOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.shared_loads += 1
    (address,) = op.indices
    vector_type = cuda_type(op.results[0].type)
    return [
        _declare(op.results[0], f"*reinterpret_cast<const {vector_type}*>({name(op.base)} + {name(address)})", name)
    ]


@_writes(LdMatrixOp, kind="load")
def _load_matrices(op: LdMatrixOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.shared_loads += 1
    out.matrix_instructions += 1
    row = f"{name(op.src_memref)} + {_linear_index(op.src_memref.type, [name(i) for i in op.indices])}"
    result_type = cuda_type(op.results[0].type)
    return [_declare(op.results[0], f"ld_matrix<{result_type}, {str(op.transposed).lower()}>({row})", name)]


@_writes(StMatrixOp, kind="store")
def _store_matrices(op: StMatrixOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.shared_stores += 1
    out.matrix_instructions += 1
    words = ", ".join(name(source) for source in op.sources)
    transposed = str(op.transposed).lower()
    return [f"st_matrix<{transposed}>({name(op.ptr)}, Vec<uint32_t, {len(op.sources)}>{{{{{words}}}}});"]


@_writes(BarrierOp, kind="barrier")
def _barrier(op: BarrierOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.barriers += 1
    return ["__syncthreads();"]


@_writes(ClusterCtaRankOp)
def _cluster_rank(op: ClusterCtaRankOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    return [_declare(op.results[0], "cluster_cta_rank()", name)]


@_writes(MapaOp, kind="load")
def _map_shared_rank(op: MapaOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    return [f"const void* const {name(op.results[0])} = map_shared_rank({name(op.a)}, {name(op.b)});"]


@_writes(llvm.LoadOp, kind="load")
def _load_pointer(op: llvm.LoadOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.shared_loads += 1
    vector_type = cuda_type(op.results[0].type)
    return [_declare(op.results[0], f"*reinterpret_cast<const {vector_type}*>({name(op.ptr)})", name)]


@_writes(ClusterArriveOp, kind="cluster barrier")
def _cluster_arrive(op: ClusterArriveOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    return ["cluster_arrive();"]


@_writes(ClusterWaitOp, kind="cluster barrier")
def _cluster_wait(op: ClusterWaitOp, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    out.cluster_barriers += 1
    return ["cluster_wait();"]


@_writes(ExtractAlignedPointerAsIndexOp, llvm.IntToPtrOp)
def _address(op: Operation, name: _Names, out: CudaFunction, lanes: int) -> list[str]:
    """Ops that only ever take or give a shared-memory address."""
    return _emit_address(op, name)


def _emit_address(op: Operation, name: _Names) -> list[str]:
    """An op making or moving a shared-memory address: the view's generic address, byte
    offsets added to it, its casts to other integers and to ``!llvm.ptr<3>``."""
    result = op.results[0]
    if isinstance(op, ExtractAlignedPointerAsIndexOp):
        name.addresses.add(result)
        return [f"const uintptr_t {name(result)} = reinterpret_cast<uintptr_t>({name(op.source)});"]
    if isinstance(op, arith.AddiOp):
        name.addresses.add(result)
        return [f"const uintptr_t {name(result)} = {name(op.lhs)} + {name(op.rhs)};"]
    if isinstance(op, arith.IndexCastOp) and bit_width(result.type) == 64:
        name.addresses.add(result)
        name.names[result] = name(op.input)
        return []
    if isinstance(op, llvm.IntToPtrOp):
        return [f"void* const {name(result)} = reinterpret_cast<void*>({name(op.input)});"]
    raise ValueError(f"cannot write '{op.name}' of a shared-memory address as CUDA")


def _linear_index(memref_type: Attribute, indices: list[str]) -> str:
    """The element offset of ``indices`` in a static row-major memref."""
    assert isinstance(memref_type, MemRefType)
    shape = memref_type.get_shape()
    if not isinstance(memref_type.layout, builtin.NoneAttr) or any(size < 0 for size in shape):
        raise ValueError(f"only static row-major memrefs are emitted, not {memref_type}")
    terms = []
    for dim, index in enumerate(indices):
        stride = 1
        for size in shape[dim + 1 :]:
            stride *= size
        terms.append(index if stride == 1 else f"{index} * {stride}u")
    return " + ".join(terms)


def _static_position(position: object) -> int:
    values = position.get_values()  # type: ignore[attr-defined]
    if len(values) != 1:
        raise ValueError("only one-dimensional register vectors are emitted")
    return int(values[0])
