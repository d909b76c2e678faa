"""Small Triton kernels of our own, each with the target it is compiled for on the CPU
(``bench_triton_loop.py`` times them, ``tests/unit/triton_hook`` compiles them):
elementwise, reductions along each axis, a scan, softmax, a transpose, matmuls on the
mma v2, v3 and v5 GPUs and on AMD's mfma and wmma ones, and an attention-like kernel."""

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
MI300, RDNA3 = GPUTarget("hip", "gfx942", 64), GPUTarget("hip", "gfx1100", 32)
MATMUL = {"a": "*fp16", "b": "*fp16", "c": "*fp16", "K": "i32"}
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
        {"q": "*fp16", "k": "*fp16", "v": "*fp16", "out": "*fp16", "N": "i32"},
        {"D": 64, "BM": 64, "BN": 64},
        A100,
    ),
    "matmul_mfma": Kernel(matmul, MATMUL, {"BM": 64, "BN": 64, "BK": 32}, MI300),
    "matmul_wmma": Kernel(matmul, MATMUL, {"BM": 64, "BN": 64, "BK": 32}, RDNA3),
}
"""Each test kernel by name."""
