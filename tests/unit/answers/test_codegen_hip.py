"""The HIP that ``layout-tool codegen --target hip:gfx942|gfx950`` writes: AMD's primitives
where the plan takes them, the plan's counts, and correct when run.

Each function runs on the host under ``warp_emulation.h`` with waves of 64 lanes, and every
thread's result registers are compared with the destination layout's elements.  With
``hipcc`` installed, each must also compile for its GPU.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from host_programs import COMPILER, checks_program

from layoutdialect.answers.arguments import (
    LayoutArgumentError,
    parse_element_bits,
    parse_element_type,
    parse_layout_argument,
)
from layoutdialect.answers.codegen import CodegenAnswer, ask, generate_conversion
from layoutdialect.sim.verify import element_ids
from layoutdialect.target import Target

HIPCC = shutil.which("hipcc")


def _linear(registers: list[int], lanes: list[int]) -> str:
    def bases(values: list[int]) -> str:
        return "[" + ", ".join(f"[{value}]" for value in values) + "]"

    return f"#ttg.linear<{{register = {bases(registers)}, lane = {bases(lanes)}, warp = [], block = []}}>"


MFMA_B = (
    "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
    "isTransposed = false}>, kWidth = 4}>"
)

CASES: dict[str, tuple[str, str, tuple[int, ...], str, str]] = {
    # An MFMA operand to a layout with register bit 2 on lane bit 5: Triton 3.9's gfx950 AMDGCN
    # takes 8 v_permlane32_swap (with v_perm packing); so do we, without the packing.
    "lane_swap_f16": (
        MFMA_B,
        "#ttg.linear<{register = [[1, 0], [2, 0], [8, 0], [4, 0], [32, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
        "[0, 16], [16, 0]], warp = [[0, 0], [0, 0]], block = []}>",
        (64, 32),
        "f16",
        "hip:gfx950",
    ),
    # The 3-cycle (r l4 l5) as two swaps, (r l4) after (r l5), as in Triton 3.9's gfx950 AMDGCN
    # (one v_permlane32_swap and one v_permlane16_swap).
    "three_cycle_i32": (
        _linear([1], [2, 4, 8, 16, 32, 64]),
        _linear([32], [2, 4, 8, 16, 64, 1]),
        (128,),
        "i32",
        "hip:gfx950",
    ),
    # Each destination register is one ds_bpermute of the source's only register, as in
    # Triton 3.9's gfx942 AMDGCN (2 ds_bpermute_b32, no v_cndmask).
    "gather_bf16": (
        "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 32], warpsPerCTA = [1, 4], order = [0, 1]}>",
        "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], "
        "isTransposed = true}>, kWidth = 8}>",
        (2, 32),
        "bf16",
        "hip:gfx942",
    ),
    # Register bit 0 with lane bit 2: each shipped word crosses lanes by two DPP moves
    # (row_half_mirror, then a quad_perm), as in Triton 3.9's gfx942 AMDGCN (2 v_mov_b32_dpp,
    # 3 v_cndmask_b32).
    "dpp_xor_i32": (
        _linear([1], [2, 4, 8, 16, 32, 64]),
        _linear([8], [2, 4, 1, 16, 32, 64]),
        (128,),
        "i32",
        "hip:gfx942",
    ),
    # An f16 element bit with lane bit 0: one DPP quad_perm and one v_perm_b32 (Triton 3.9's
    # gfx942 AMDGCN takes 1 DPP move and 3 v_cndmask_b32).
    "byte_permutes_f16": (
        _linear([1], [2, 4, 8, 16, 32, 64]),
        _linear([2], [1, 4, 8, 16, 32, 64]),
        (128,),
        "f16",
        "hip:gfx942",
    ),
    # Triton 3.9's gfx942 AMDGCN: 2 ds_write2_b64 and 2 ds_read2_b64.
    "lds_pairs_f16": (
        "#ttg.linear<{register = [[0, 1], [8, 0], [0, 4], [0, 64]], lane = [[0, 8], [1, 0], [0, 32], [4, 0], [2, 0], "
        "[0, 2]], warp = [[0, 16], [0, 0], [0, 0]], block = []}>",
        "#ttg.linear<{register = [[2, 0], [8, 0], [0, 4], [0, 2]], lane = [[0, 1], [1, 0], [0, 32], [4, 0], [0, 8], "
        "[0, 64]], warp = [[0, 16], [0, 0], [0, 0]], block = []}>",
        (16, 128),
        "f16",
        "hip:gfx942",
    ),
    # Rows of 8 halves a thread to columns: on gfx950 each wave reads its 4 registers a chunk
    # with one ds_read_b64_tr_b16 (Triton 3.9's AMDGCN reads 16 ds_read_u16).
    "transposed_read_f16": (
        "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
        "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
        (64, 64),
        "f16",
        "hip:gfx950",
    ),
    # The same for bytes, 8 a chunk, with ds_read_b64_tr_b8 (Triton 3.9: 64 ds_read_u8).
    "transposed_read_i8": (
        "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
        "#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
        (64, 64),
        "i8",
        "hip:gfx950",
    ),
    # RDNA's waves of 32: register bit 0 with lane bit 2 is one DPP row_xmask:4 move (Triton 3.9's
    # gfx1100 AMDGCN: one v_mov_b32_dpp row_xmask:4) ...
    "row_xmask_i32": (
        _linear([1], [2, 4, 8, 16, 32]),
        _linear([8], [2, 4, 1, 16, 32]),
        (64,),
        "i32",
        "hip:gfx1100",
    ),
    # ... and with lane bit 4, one v_permlanex16 (Triton 3.9: one v_permlanex16_b32).
    "permlane_x16_i32": (
        _linear([1], [2, 4, 8, 16, 32]),
        _linear([32], [2, 4, 8, 16, 1]),
        (64,),
        "i32",
        "hip:gfx1100",
    ),
    # Two transpositions within one wave: through the LDS, each wave reading what it wrote.
    "wave_local_f32": (
        _linear([1, 2], [4, 8, 16, 32, 64, 128]),
        _linear([4, 8], [1, 2, 16, 32, 64, 128]),
        (256,),
        "f32",
        "hip:gfx942",
    ),
}


def _generate(case: str) -> CodegenAnswer:
    src_text, dst_text, shape, element, target = CASES[case]
    return generate_conversion(
        parse_layout_argument(src_text, shape),
        parse_layout_argument(dst_text, shape),
        parse_element_type(element),
        name=case,
        target=Target.named(target),
    )


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_hip_calls_amd_s_primitives_as_often_as_the_plan_counts(case: str) -> None:
    answer = _generate(case)
    plan, emitted, source = answer.strategy, answer.function, answer.source
    assert emitted.hip and "__shfl_sync" not in source and "__syncwarp" not in source and "asm" not in source
    assert (emitted.shuffles, emitted.selects, emitted.permutes) == (plan.shuffles, plan.selects, plan.permutes)
    swaps = plan.warp.lane_swap_instructions if plan.warp is not None else 0
    body = source[source.index(f"__device__ {emitted.return_type} {case}(") :]
    assert body.count("= lane_swap<") == swaps
    moves = body.count("= __shfl") + body.count("= dpp_move<") + body.count("= permlane_x16(")
    assert moves == plan.shuffles - swaps
    assert bool(body.count("= dpp_move<")) == (case in ("dpp_xor_i32", "byte_permutes_f16", "row_xmask_i32"))
    assert bool(body.count("= permlane_x16(")) == (case == "permlane_x16_i32")
    assert body.count("= byte_permute(") == plan.permutes
    assert bool(swaps) == (case in ("lane_swap_f16", "three_cycle_i32"))
    assert bool(plan.permutes) == (case == "byte_permutes_f16")
    if plan.scratch is not None:
        assert emitted.shared_stores == plan.scratch.store.cost.instructions
        assert emitted.shared_loads == plan.scratch.load.cost.instructions
        transposed = plan.scratch.load.transposed
        assert body.count("= read_transposed<") == (transposed is not None) * plan.scratch.load.cost.instructions
        assert (transposed is not None) == case.startswith("transposed_read")
        assert body.count("__syncthreads();") == (plan.scratch.barriers + 1 if plan.scratch.barriers else 0)
        assert body.count("wave_barrier();") == (0 if plan.scratch.barriers else 2)


def test_each_case_takes_the_primitive_its_comment_names() -> None:
    """The plans behind the cases: lane swaps and transposing reads on gfx950, a gather
    without selects, paired LDS accesses and DPP moves on gfx942."""
    assert [t.lane_bit for t in _generate("three_cycle_i32").strategy.warp.lane_swaps] == [5, 4]  # type: ignore[union-attr]
    gather = _generate("gather_bf16").strategy
    assert (gather.shuffles, gather.selects) == (2, 0)
    scratch = _generate("lds_pairs_f16").strategy.scratch
    assert scratch is not None and (scratch.store.paired, scratch.load.paired) == (2, 2)
    dpp = _generate("dpp_xor_i32")
    assert (dpp.strategy.shuffles, dpp.strategy.selects) == (2, 3)
    assert "dpp_move<0x141>" in dpp.source and "dpp_move<0x1b>" in dpp.source
    for case, instruction, reads in (
        ("transposed_read_f16", "ds_read_b64_tr_b16", 4),
        ("transposed_read_i8", "ds_read_b64_tr_b8", 8),
    ):
        loads = _generate(case).strategy.scratch
        assert loads is not None and (loads.load.instruction(True), loads.load.issued) == (instruction, reads)


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_header_guards_gfx950_s_lane_swaps(case: str) -> None:
    source = _generate(case).source
    guarded = "#if defined(__HIP_DEVICE_COMPILE__) && !defined(__gfx950__)\n#error" in source
    assert guarded == ("= lane_swap<" in source or "= read_transposed<" in source)
    rdna = "#if defined(__HIP_DEVICE_COMPILE__) && (defined(__GFX9__) || __AMDGCN_WAVEFRONT_SIZE != 32)" in source
    assert rdna == (case in ("row_xmask_i32", "permlane_x16_i32"))
    assert guarded or rdna or "// HIP for gfx942: runs on every AMD GPU with waves of 64 lanes" in source


@pytest.mark.skipif(COMPILER is None, reason="no C++ compiler for the host-side warp emulation")
def test_the_hip_moves_every_element_to_its_destination_register(tmp_path: Path) -> None:
    answers = {}
    for case in sorted(CASES):
        src_text, dst_text, shape, element, _ = CASES[case]
        src, dst = parse_layout_argument(src_text, shape), parse_layout_argument(dst_text, shape)
        answers[case] = (_generate(case), element_ids(src.layout), element_ids(dst.layout), parse_element_bits(element))
    assert checks_program(answers, tmp_path) == {case: f"{case}: ok" for case in CASES}


def test_codegen_refuses_waves_the_layouts_do_not_have() -> None:
    with pytest.raises(LayoutArgumentError, match="the layout has 32 lanes a warp, and hip:gfx942's waves have 64"):
        ask(_linear([1], [2, 4, 8, 16, 32]), _linear([32], [2, 4, 8, 16, 1]), "i32", "64", target="gfx942")
    with pytest.raises(LayoutArgumentError, match="of 32 on RDNA"):
        ask(_linear([1], [2, 4, 8, 16, 32]), _linear([32], [2, 4, 8, 16, 1]), "i32", "64", target="gfx803")


@pytest.mark.skipif(HIPCC is None, reason="hipcc is not installed")
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_hip_compiles_for_its_gpu(case: str, tmp_path: Path) -> None:
    answer = _generate(case)
    arch = CASES[case][4].removeprefix("hip:")
    kernel = tmp_path / "kernel.hip"
    kernel.write_text(answer.source)
    assert HIPCC is not None
    build = subprocess.run(
        [HIPCC, "-c", f"--offload-arch={arch}", "--offload-device-only", str(kernel), "-o", str(tmp_path / "k.o")],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
