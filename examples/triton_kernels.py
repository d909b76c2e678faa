"""Two Triton kernels compiled on the CPU, for ``python -m layoutdialect.triton``.

A transpose and a small matmul epilogue that stores in a coalesced layout, compiled for an
A100 (``cuda:80``) and an MI300 (``gfx942``) without a GPU: Triton's wheel carries the
NVIDIA and AMD back ends.

Run: python -m layoutdialect.triton examples/triton_kernels.py
"""

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource


@triton.jit
def transpose(x, out, R: tl.constexpr, C: tl.constexpr):
    rows, columns = tl.arange(0, R), tl.arange(0, C)
    tile = tl.load(x + rows[:, None] * C + columns[None, :])
    tl.store(out + columns[:, None] * R + rows[None, :], tl.trans(tile))


@triton.jit
def matmul(a, b, c, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm, rn, rk = tl.arange(0, BM), tl.arange(0, BN), tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        tile_a = tl.load(a + rm[:, None] * K + (k + rk)[None, :])
        acc += tl.dot(tile_a, tl.load(b + (k + rk)[:, None] * BN + rn[None, :]))
    tl.store(c + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))


TILE = {"x": "*fp32", "out": "*fp32"}
MATMUL = {"a": "*fp16", "b": "*fp16", "c": "*fp16", "K": "i32"}
for target in (GPUTarget("cuda", 80, 32), GPUTarget("hip", "gfx942", 64)):
    triton.compile(ASTSource(transpose, TILE, {"R": 64, "C": 64}), target=target)
    triton.compile(ASTSource(matmul, MATMUL, {"BM": 64, "BN": 64, "BK": 32}), target=target)
