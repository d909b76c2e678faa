"""Scratch buffers on CDNA as Triton 3.9 builds them: the phases of a 128-bit ``ds_read``
are XOR-closed lane groups (lanes 0-3 and 20-23 on gfx942; 0-3, 12-15, 20-23 and 24-27 on
gfx950), the segment avoids their spans, and on 64 banks no bank basis moves ahead to
widen a low-vector side (the gfx950 ``ds_read_b64`` hazard)."""

from __future__ import annotations

import pytest
from xdsl.parser import Parser

from layoutdialect import LinearLayout, make_context, plan, to_linear_layout
from layoutdialect.analysis.scratch_layout import plan_scratch, triton_scratch_plan
from layoutdialect.target import Target

CTX = make_context()
BITS = {"f16": 16, "bf16": 16, "f32": 32}

MFMA_32 = "#ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [32, 32, 16], isTransposed = true}>"
MFMA_16 = "#ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 32], isTransposed = true}>"

# Seeded pairs of ``bench/random_conversion_pairs.py --lanes 64 --seed 1`` (r077, r108) and
# an f32 MFMA reshape, with what Triton 3.9's gfx950 AMDGCN does: its ds_* instructions,
# the LDS bytes it allocates and its barriers (two per rep, less one).
TRITON_GFX950 = {
    "r077_slice_to_linear_8192_f16": (
        "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], "
        "warpsPerCTA = [4, 2], order = [1, 0]}>}>",
        "#ttg.linear<{register = [[32], [64], [0], [256], [512], [1024], [0], [4096]], lane = [[2], [0], [2048], "
        "[1], [128], [4]], warp = [[0], [8], [16]], block = []}>",
        [8192],
        "f16",
        ("32 x ds_write_b128", "8 x ds_read_b128", 2048, 15),
    ),
    "r108_slice_to_slice_64x16x16_bf16": (
        "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [4, 1, 1, 2], threadsPerWarp = [1, 4, 4, 4], "
        "warpsPerCTA = [2, 2, 2, 1], order = [0, 1, 3, 2]}>}>",
        "#ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [4, 2, 4, 1], threadsPerWarp = [1, 4, 4, 4], "
        "warpsPerCTA = [2, 2, 2, 1], order = [2, 3, 0, 1]}>}>",
        [64, 16, 16],
        "bf16",
        ("32 x ds_write_b128", "32 x ds_read_b128", 4096, 15),
    ),
    "mfma_32x32_to_16x16_128x1_f32": (
        MFMA_32,
        MFMA_16,
        [128, 1],
        "f32",
        ("1 x ds_write_b32", "1 x ds_read2_b32", 512, 1),
    ),
}


def layout(text: str, shape: list[int]) -> LinearLayout:
    return to_linear_layout(Parser(CTX, text).parse_attribute().data, shape)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(TRITON_GFX950))
def test_gfx950_buffers_are_triton_s(name: str) -> None:
    """Triton's buffer as we rebuild it has Triton's size and barriers, and our plan, proven
    on the simulator, issues Triton's instructions within that size."""
    src, dst, shape, dtype, (stores, loads, scratch_bytes, barriers) = TRITON_GFX950[name]
    memory = Target.named("hip:gfx950").shared
    triton = triton_scratch_plan(layout(src, shape), layout(dst, shape), BITS[dtype], memory)
    assert (triton.scratch_bytes, triton.barriers) == (scratch_bytes, barriers)
    planned = plan(src, dst, shape, dtype, target="hip:gfx950")
    assert planned.verified
    assert planned.store is not None and planned.load is not None
    assert f"{planned.store.instructions} x {planned.store.instruction}" == stores
    assert f"{planned.load.instructions} x {planned.load.instruction}" == loads
    assert planned.scratch_bytes == scratch_bytes


def test_64_banks_never_widen_a_low_vector_side_by_reordering_banks() -> None:
    """The f32 MFMA reshape has no common vector; the destination's register 64 is a bank
    basis.  On 32 banks Triton may put it first to load 64 bits; on gfx950 its contiguous
    ``ds_read_b64`` races with MFMA scheduling, so both Triton's plan and ours read two
    words 32 apart (``ds_read2_b32 offset1:32``) instead."""
    src, dst = layout(MFMA_32, [128, 1]), layout(MFMA_16, [128, 1])
    gfx950 = Target.named("hip:gfx950").shared
    assert not gfx950.widens_by_bank_order and Target.named("hip:gfx942").shared.widens_by_bank_order
    for scratch in (triton_scratch_plan(src, dst, 32, gfx950), plan_scratch(src, dst, 32, gfx950)):
        assert (scratch.load.cost.vector_bits, scratch.load.issued, scratch.load.paired) == (32, 1, 1)
        assert scratch.layout.apply({"offset": 32}) == {"dim0": 64, "dim1": 0}, "register 64 is 32 words up"
