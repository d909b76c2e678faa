"""Small Triton kernels of our own, each with the target it is compiled for on the CPU.

``KERNELS`` (``bench_triton_loop.py`` times them, ``tests/unit/triton_hook`` compiles
them): elementwise, reductions along each axis, a scan, softmax, a transpose, matmuls on
the mma v2, v3 and v5 GPUs and on AMD's mfma and wmma ones, and an attention-like kernel.

``WORKLOADS``: kernels as users write them, with the epilogues, casts and row-wise
reductions of real models (layer norm, cross-entropy, a GEMV, an int8-weight matmul,
chained dots with a bias, a fused bias and ReLU, an interleave, a transposed operand).
The passes are measured on the modules Triton's compile feeds them over both sets
(``bench_remove_conversions.py`` and ``bench_assign_layouts.py``, ``--triton-pipeline``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource


@triton.jit
def add(x, y, out, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out + offsets, tl.load(x + offsets, mask=mask) + tl.load(y + offsets, mask=mask), mask=mask)


@triton.jit
def column_sums(x, out, R: tl.constexpr, C: tl.constexpr):
    tile = tl.load(x + tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :])
    tl.store(out + tl.arange(0, C), tl.sum(tile, axis=0))


@triton.jit
def row_sums(x, out, R: tl.constexpr, C: tl.constexpr):
    tile = tl.load(x + tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :])
    tl.store(out + tl.arange(0, R), tl.sum(tile, axis=1))


@triton.jit
def prefix_sums(x, out, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.store(out + offsets, tl.cumsum(tl.load(x + offsets), axis=0))


@triton.jit
def softmax(x, out, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offsets = tl.arange(0, BLOCK)
    v = tl.load(x + row * n + offsets, mask=offsets < n, other=-float("inf"))
    e = tl.exp(v - tl.max(v, axis=0))
    tl.store(out + row * n + offsets, e / tl.sum(e, axis=0), mask=offsets < n)


@triton.jit
def transpose(x, out, R: tl.constexpr, C: tl.constexpr):
    rows, columns = tl.arange(0, R), tl.arange(0, C)
    tile = tl.load(x + rows[:, None] * C + columns[None, :])
    tl.store(out + columns[:, None] * R + rows[None, :], tl.trans(tile))


@triton.jit
def matmul(a, b, c, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc += tl.dot(
            tl.load(a + rm[:, None] * K + (k + rk)[None, :]), tl.load(b + (k + rk)[:, None] * BN + rn[None, :])
        )
    tl.store(c + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))


@triton.jit
def attention(q, k, v, out, N, D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    rm, rd = tl.program_id(0) * BM + tl.arange(0, BM), tl.arange(0, D)
    query = tl.load(q + rm[:, None] * D + rd[None, :])
    m = tl.full((BM,), -float("inf"), tl.float32)
    s = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    for start in range(0, N, BN):
        rn = start + tl.arange(0, BN)
        keys = tl.load(k + rn[None, :] * D + rd[:, None])
        scores = tl.dot(query, keys)
        m_new = tl.maximum(m, tl.max(scores, axis=1))
        p = tl.exp(scores - m_new[:, None])
        scale = tl.exp(m - m_new)
        s = s * scale + tl.sum(p, axis=1)
        acc = acc * scale[:, None] + tl.dot(p.to(tl.float16), tl.load(v + rn[:, None] * D + rd[None, :]))
        m = m_new
    tl.store(out + rm[:, None] * D + rd[None, :], (acc / s[:, None]).to(tl.float16))


@triton.jit
def layer_norm(x, weight, bias, out, eps, N: tl.constexpr, ROWS: tl.constexpr):
    rows, columns = tl.program_id(0) * ROWS + tl.arange(0, ROWS), tl.arange(0, N)
    tile = tl.load(x + rows[:, None] * N + columns[None, :])
    centred = tile - (tl.sum(tile, axis=1) / N)[:, None]
    scale = tl.rsqrt(tl.sum(centred * centred, axis=1) / N + eps)
    normed = centred * scale[:, None] * tl.load(weight + columns)[None, :] + tl.load(bias + columns)[None, :]
    tl.store(out + rows[:, None] * N + columns[None, :], normed)


@triton.jit
def cross_entropy(logits, target, loss, V: tl.constexpr, ROWS: tl.constexpr):
    rows, columns = tl.program_id(0) * ROWS + tl.arange(0, ROWS), tl.arange(0, V)
    x = tl.load(logits + rows[:, None] * V + columns[None, :]).to(tl.float32)
    peak = tl.max(x, axis=1)
    log_sum_exp = peak + tl.log(tl.sum(tl.exp(x - peak[:, None]), axis=1))
    picked = tl.sum(tl.where(columns[None, :] == tl.load(target + rows)[:, None], x, 0.0), axis=1)
    tl.store(loss + rows, log_sum_exp - picked)


@triton.jit
def gemv(a, x, y, N: tl.constexpr, ROWS: tl.constexpr):
    rows, columns = tl.program_id(0) * ROWS + tl.arange(0, ROWS), tl.arange(0, N)
    tile = tl.load(a + rows[:, None] * N + columns[None, :]).to(tl.float32)
    tl.store(y + rows, tl.sum(tile * tl.load(x + columns)[None, :].to(tl.float32), axis=1))


@triton.jit
def int8_weight_matmul(a, b, scale, c, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        weights = tl.load(b + (k + rk)[:, None] * BN + rn[None, :]).to(tl.float16)
        acc += tl.dot(tl.load(a + rm[:, None] * K + (k + rk)[None, :]), weights)
    acc = acc * tl.load(scale + rn)[None, :]
    tl.store(c + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))


@triton.jit
def matmul_bias_relu(a, b, bias, c, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc += tl.dot(
            tl.load(a + rm[:, None] * K + (k + rk)[None, :]), tl.load(b + (k + rk)[:, None] * BN + rn[None, :])
        )
    acc = tl.maximum(acc + tl.load(bias + rn)[None, :].to(tl.float32), 0.0)
    tl.store(c + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))


@triton.jit
def matmul_transposed_b(a, b, c, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        b_rows = tl.load(b + rn[:, None] * K + (k + rk)[None, :])
        acc += tl.dot(tl.load(a + rm[:, None] * K + (k + rk)[None, :]), tl.trans(b_rows))
    tl.store(c + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))


@triton.jit
def chained_dots(a, b, d, bias, c, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm, rn, rk = tl.arange(0, BM), tl.arange(0, BN), tl.arange(0, BK)
    hidden = tl.dot(tl.load(a + rm[:, None] * BK + rk[None, :]), tl.load(b + rk[:, None] * BN + rn[None, :]))
    hidden += tl.load(bias + rn)[None, :]
    result = tl.dot(hidden.to(tl.float16), tl.load(d + rn[:, None] * BK + rk[None, :]))
    tl.store(c + rm[:, None] * BK + rk[None, :], result.to(tl.float16))


@triton.jit
def interleave(x, y, out, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    pairs = tl.interleave(tl.load(x + offsets), tl.load(y + offsets))
    tl.store(out + tl.program_id(0) * 2 * BLOCK + tl.arange(0, 2 * BLOCK), pairs)


@dataclass(frozen=True)
class Kernel:
    """A kernel, its signature and constants, the target and the options it is compiled with."""

    function: Any
    signature: dict[str, str]
    constants: dict[str, int]
    target: GPUTarget
    options: dict[str, int] | None = None

    def source(self) -> ASTSource:
        return ASTSource(self.function, self.signature, self.constants)

    def compile(self) -> Any:
        return triton.compile(self.source(), target=self.target, options=self.options)


H100, A100, B200 = GPUTarget("cuda", 90, 32), GPUTarget("cuda", 80, 32), GPUTarget("cuda", 100, 32)
MI300, MI350, RDNA3 = GPUTarget("hip", "gfx942", 64), GPUTarget("hip", "gfx950", 64), GPUTarget("hip", "gfx1100", 32)
MATMUL = {"a": "*fp16", "b": "*fp16", "c": "*fp16", "K": "i32"}
ATTENTION = {"q": "*fp16", "k": "*fp16", "v": "*fp16", "out": "*fp16", "N": "i32"}
LAYER_NORM = {"x": "*fp32", "weight": "*fp32", "bias": "*fp32", "out": "*fp32", "eps": "fp32"}
CHAINED = {"a": "*fp16", "b": "*fp16", "d": "*fp16", "bias": "*fp32", "c": "*fp16"}
TILE = {"x": "*fp32", "out": "*fp32"}

KERNELS = {
    "elementwise": Kernel(add, {"x": "*fp32", "y": "*fp32", "out": "*fp32", "n": "i32"}, {"BLOCK": 1024}, H100),
    "sum_axis_0": Kernel(column_sums, TILE, {"R": 64, "C": 128}, A100),
    "sum_axis_1": Kernel(row_sums, TILE, {"R": 64, "C": 128}, A100),
    "scan": Kernel(prefix_sums, TILE, {"BLOCK": 512}, A100),
    "softmax": Kernel(softmax, {"x": "*fp32", "out": "*fp32", "n": "i32"}, {"BLOCK": 1024}, H100),
    "transpose": Kernel(transpose, TILE, {"R": 64, "C": 64}, H100),
    "matmul_mma_v2": Kernel(matmul, MATMUL, {"BM": 64, "BN": 64, "BK": 32}, A100),
    "matmul_mma_v3": Kernel(matmul, MATMUL, {"BM": 64, "BN": 64, "BK": 32}, H100, {"num_stages": 2}),
    "matmul_mma_v5": Kernel(matmul, MATMUL, {"BM": 128, "BN": 64, "BK": 32}, B200, {"num_stages": 2}),
    "attention": Kernel(
        attention,
        ATTENTION,
        {"D": 64, "BM": 64, "BN": 64},
        A100,
    ),
    "matmul_mfma": Kernel(matmul, MATMUL, {"BM": 64, "BN": 64, "BK": 32}, MI300),
    "matmul_wmma": Kernel(matmul, MATMUL, {"BM": 64, "BN": 64, "BK": 32}, RDNA3),
}
"""Each test kernel by name."""

F16_EPILOGUE = {"a": "*fp16", "b": "*fp16", "bias": "*fp16", "c": "*fp16", "K": "i32"}

WORKLOADS = {
    "layer_norm": Kernel(
        layer_norm,
        LAYER_NORM,
        {"N": 1024, "ROWS": 4},
        H100,
    ),
    "cross_entropy": Kernel(
        cross_entropy, {"logits": "*fp16", "target": "*i32", "loss": "*fp32"}, {"V": 1024, "ROWS": 8}, H100
    ),
    "gemv": Kernel(gemv, {"a": "*fp16", "x": "*fp16", "y": "*fp32"}, {"N": 512, "ROWS": 32}, A100),
    "int8_weight_matmul": Kernel(
        int8_weight_matmul,
        {"a": "*fp16", "b": "*i8", "scale": "*fp16", "c": "*fp16", "K": "i32"},
        {"BM": 64, "BN": 64, "BK": 64},
        A100,
    ),
    "matmul_bias_relu": Kernel(
        matmul_bias_relu, F16_EPILOGUE, {"BM": 128, "BN": 128, "BK": 32}, H100, {"num_stages": 3}
    ),
    "matmul_mfma_bias_relu": Kernel(matmul_bias_relu, F16_EPILOGUE, {"BM": 64, "BN": 64, "BK": 32}, MI300),
    "matmul_transposed_b": Kernel(matmul_transposed_b, MATMUL, {"BM": 64, "BN": 64, "BK": 32}, H100, {"num_stages": 2}),
    "chained_dots": Kernel(
        chained_dots,
        CHAINED,
        {"BM": 64, "BN": 64, "BK": 32},
        A100,
    ),
    "interleave": Kernel(interleave, {"x": "*fp32", "y": "*fp32", "out": "*fp32"}, {"BLOCK": 1024}, H100),
}
"""Kernels as users write them, by name; the passes are measured on them beside ``KERNELS``."""

AMD_WORKLOADS = {
    "attention_mfma": Kernel(
        attention,
        ATTENTION,
        {"D": 64, "BM": 64, "BN": 64},
        MI300,
    ),
    "chained_dots_gfx950": Kernel(
        chained_dots,
        CHAINED,
        {"BM": 64, "BN": 64, "BK": 32},
        MI350,
    ),
    "softmax_mfma": Kernel(softmax, {"x": "*fp32", "out": "*fp32", "n": "i32"}, {"BLOCK": 1024}, MI300),
    "layer_norm_wmma": Kernel(
        layer_norm,
        LAYER_NORM,
        {"N": 1024, "ROWS": 4},
        RDNA3,
    ),
}
"""Kernels as users write them, by name; the passes are measured on them beside ``KERNELS``."""
