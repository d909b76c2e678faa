"""The CUDA that ``layout-tool codegen`` writes: same counts as the plan, correct when run.

Each generated function runs on the host under ``warp_emulation.h`` (one thread per CUDA
thread, barriers and shuffles emulated), compiled by the system C++ compiler, and every
thread's result registers are compared with the destination layout's elements.  With
``nvcc`` installed, the function must also compile to PTX.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from host_programs import COMPILER, checks_program

from layoutdialect.answers.arguments import parse_element_bits, parse_element_type, parse_layout_argument
from layoutdialect.answers.codegen import CodegenAnswer, generate_conversion
from layoutdialect.sim.verify import element_ids
from layoutdialect.target import Target

HERE = Path(__file__).parent
NVCC = shutil.which("nvcc")


def _blocked(size: str, lanes: str, warps: str, order: str) -> str:
    return (
        f"#ttg.blocked<{{sizePerThread = [{size}], threadsPerWarp = [{lanes}], warpsPerCTA = [{warps}], "
        f"order = [{order}]}}>"
    )


CASES = {
    "blog_exchange_i32": (
        "#ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>",
        "#ttg.linear<{register = [[4]], lane = [[1], [2]], warp = [], block = []}>",
        (8,),
        "i32",
    ),
    "blog_exchange_byte_permutes_f16": (
        "#ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>",
        "#ttg.linear<{register = [[4]], lane = [[1], [2]], warp = [], block = []}>",
        (8,),
        "f16",
    ),
    # The source's warps hold copies along warp bit 0: each warp reads its own lanes, chosen by the warp id.
    "copied_warps_slice_bf16": (
        "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [2, 8], threadsPerWarp = [4, 8], "
        "warpsPerCTA = [2, 2], order = [1, 0]}>}>",
        "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], "
        "warpsPerCTA = [4, 1], order = [1, 0]}>}>",
        (512,),
        "bf16",
    ),
    "byte_permutes_i8": (
        "#ttg.linear<{register = [[1], [4]], lane = [[2], [8]], warp = [], block = []}>",
        "#ttg.linear<{register = [[2], [4]], lane = [[1], [8]], warp = [], block = []}>",
        (16,),
        "i8",
    ),
    "shuffle_ship_i32": (
        _blocked("32, 1", "1, 32", "1, 1", "0, 1"),
        _blocked("16, 2", "2, 16", "1, 1", "0, 1"),
        (32, 32),
        "i32",
    ),
    "registers_only_f16": (
        "#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>",
        "#ttg.linear<{register = [[0, 2], [0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>",
        (32, 4),
        "f16",
    ),
    "shared_transpose_f32": (
        _blocked("1, 4", "8, 4", "4, 1", "1, 0"),
        _blocked("4, 1", "4, 8", "1, 4", "0, 1"),
        (64, 64),
        "f32",
    ),
    "shared_packing_i8": (
        _blocked("1, 4", "16, 2", "1, 2", "1, 0"),
        _blocked("4, 1", "2, 16", "2, 1", "0, 1"),
        (16, 16),
        "i8",
    ),
    "shuffle_packing_bf16": (
        _blocked("1, 2", "8, 4", "1, 1", "1, 0"),
        _blocked("2, 1", "4, 8", "1, 1", "0, 1"),
        (16, 16),
        "bf16",
    ),
    "warp_synchronous_transpose_f32": (
        _blocked("1, 4", "8, 4", "4, 1", "1, 0"),
        _blocked("4, 1", "2, 16", "4, 1", "0, 1"),
        (32, 32),
        "f32",
    ),
    # Two CTAs, each converting its own half: the code runs in every CTA alike.
    "cga_within_each_cta_f16": (
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], "
        "CGALayout = [[1, 0]]}>",
        "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1], "
        "CGALayout = [[1, 0]]}>",
        (64, 32),
        "f16",
    ),
    "shared_transpose_f16": (
        _blocked("1, 8", "8, 4", "2, 1", "1, 0"),
        _blocked("8, 1", "4, 8", "1, 2", "0, 1"),
        (64, 64),
        "f16",
    ),
}


MMA_2X2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"
CASES |= {
    "ldmatrix_transpose_f16": (
        _blocked("1, 8", "4, 8", "4, 1", "1, 0"),
        _blocked("8, 1", "8, 4", "1, 4", "0, 1"),
        (128, 64),
        "f16",
    ),
    "stmatrix_accumulator_f16": (MMA_2X2, _blocked("1, 8", "4, 8", "4, 1", "1, 0"), (128, 64), "f16"),
}
CASES |= {
    # Rows split over two CTAs become columns split over them: half of each CTA's data is the other's.
    "cluster_rows_to_columns_f16": (
        "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], "
        "CGALayout = [[1, 0]]}>",
        "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], "
        "CGALayout = [[0, 1]]}>",
        (64, 64),
        "f16",
    ),
    "cluster_small_f32": (
        "#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = [[4, 0]]}>",
        "#ttg.linear<{register = [[4, 0]], lane = [[1, 0], [2, 0]], warp = [], block = [[0, 1]]}>",
        (8, 2),
        "f32",
    ),
}
TARGETS = {
    "ldmatrix_transpose_f16": "cuda:80",
    "stmatrix_accumulator_f16": "cuda:90",
    "cluster_rows_to_columns_f16": "cuda:90",
    "cluster_small_f32": "cuda:90",
}
"""Cases planned for a GPU with matrix instructions (ldmatrix from sm_75, stmatrix from sm_90)
or clusters (sm_90)."""


def _target(case: str) -> Target:
    return Target.named(TARGETS.get(case))


def _generate(case: str) -> CodegenAnswer:
    src_text, dst_text, shape, element = CASES[case]
    return generate_conversion(
        parse_layout_argument(src_text, shape),
        parse_layout_argument(dst_text, shape),
        parse_element_type(element),
        target=_target(case),
    )


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_cuda_has_the_plans_instruction_counts(case: str) -> None:
    answer = _generate(case)
    plan, emitted = answer.strategy, answer.function
    assert (emitted.shuffles, emitted.selects, emitted.permutes) == (plan.shuffles, plan.selects, plan.permutes)
    assert answer.source.count("__shfl_") == plan.shuffles
    assert answer.source.count("= byte_permute(") == plan.permutes
    assert bool(plan.permutes) == ("byte_permutes" in case)
    if plan.scratch is None:
        assert emitted.shared_stores == emitted.shared_loads == emitted.barriers == emitted.scratch_bytes == 0
        assert "__syncthreads" not in answer.source and "__syncwarp" not in answer.source
    elif scratch_crosses_ctas(answer):
        # The plan's barriers are cluster barriers, its last one freeing the buffer for the next call.
        scratch = plan.scratch
        assert emitted.cluster_barriers == scratch.barriers == 2 * scratch.reps
        assert answer.source.count("\n  cluster_wait();") == scratch.barriers
        assert "__syncthreads" not in answer.source and "__syncwarp" not in answer.source
        assert emitted.shared_stores == scratch.store.cost.instructions
        assert emitted.shared_loads == scratch.load.cost.instructions
        assert 0 < answer.source.count("= map_shared_rank(") <= emitted.shared_loads
        assert f"__cluster_dims__({CTAS[case]}, 1, 1)" in answer.source
    else:
        scratch = plan.scratch
        # One more barrier than the plan's frees the buffer for the next call.
        assert emitted.barriers == scratch.barriers
        if scratch.barriers:
            assert answer.source.count("__syncthreads();") == scratch.barriers + 1
        else:
            assert answer.source.count("__syncwarp();") == 2
        assert emitted.scratch_bytes == scratch.scratch_bytes
        assert "unsigned char* scratch" in answer.source
        assert emitted.shared_stores == scratch.store.cost.instructions
        assert emitted.shared_loads == scratch.load.cost.instructions
        matrix_sides = [side for side in (scratch.store, scratch.load) if side.matrix is not None]
        calls = answer.source.count("ld_matrix<") + answer.source.count("st_matrix<")
        assert calls == emitted.matrix_instructions == sum(side.cost.instructions for side in matrix_sides)
        assert bool(matrix_sides) == (case in TARGETS and "cluster" not in case)


CTAS = {"cluster_rows_to_columns_f16": 2, "cluster_small_f32": 2}


def scratch_crosses_ctas(answer: CodegenAnswer) -> bool:
    return answer.strategy.scratch is not None and answer.strategy.scratch.cross_cta


@pytest.fixture(scope="module")
def host_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """What each case's check prints, from one host program that runs them all: one
    build instead of one per case (the warp emulation header is most of each build)."""
    answers = {}
    for case in sorted(CASES):
        src_text, dst_text, shape, element = CASES[case]
        src, dst = parse_layout_argument(src_text, shape), parse_layout_argument(dst_text, shape)
        answer = generate_conversion(src, dst, parse_element_type(element), target=_target(case), name=case)
        answers[case] = (answer, element_ids(src.layout), element_ids(dst.layout), parse_element_bits(element))
    return checks_program(answers, tmp_path_factory.mktemp("codegen"))


@pytest.mark.skipif(COMPILER is None, reason="no C++ compiler for the host-side warp emulation")
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_cuda_moves_every_element_to_its_destination_register(case: str, host_runs: dict[str, str]) -> None:
    assert host_runs[case] == f"{case}: ok"


@pytest.mark.skipif(NVCC is None, reason="nvcc is not installed")
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_cuda_compiles_to_ptx(case: str, tmp_path: Path) -> None:
    answer = _generate(case)
    element = f"uint{parse_element_bits(CASES[case][3])}_t"
    parameter_type = answer.function.parameter.rsplit(" ", 1)[0]
    scratch_declaration, arguments = "", "registers"
    if answer.function.scratch_bytes:
        scratch_declaration = "alignas(16) __shared__ unsigned char scratch[convert_layout_scratch_bytes];"
        arguments = "registers, scratch"
    kernel = tmp_path / "kernel.cu"
    kernel.write_text(
        answer.source
        + f"""
__global__ void run({element}* data) {{
  {parameter_type} registers;
  {scratch_declaration}
  for (int r = 0; r < int(sizeof registers / sizeof({element})); ++r) registers.v[r] = data[threadIdx.x * 64 + r];
  auto out = convert_layout({arguments});
  for (int r = 0; r < int(sizeof out / sizeof({element})); ++r) data[threadIdx.x * 64 + r] = out.v[r];
}}
"""
    )
    assert NVCC is not None
    build = subprocess.run(
        [NVCC, "-ptx", f"-arch=sm_{_target(case).arch.removeprefix('cuda:') if case in TARGETS else 80}", str(kernel)]
        + ["-o", str(tmp_path / "kernel.ptx")],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    ptx = (tmp_path / "kernel.ptx").read_text()
    assert ptx.count("shfl.sync") == answer.strategy.shuffles
    scratch = answer.strategy.scratch
    if scratch is not None:
        for side, name in ((scratch.store, "stmatrix"), (scratch.load, "ldmatrix")):
            assert ptx.count(f"{name}.sync") == (side.cost.instructions if side.matrix else 0)


EQUAL_CASES = {
    "same_blocked": (_blocked("1, 4", "8, 4", "4, 1", "1, 0"), _blocked("1, 4", "8, 4", "4, 1", "1, 0"), (32, 32)),
    # The m16n8 accumulator and the dot_op A layout with kWidth 2 are the same linear layout in f16.
    "mma_to_dot_a_kwidth2": (
        "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>",
        "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
        "warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>",
        (64, 16),
    ),
}


@pytest.mark.parametrize("case", sorted(EQUAL_CASES))
def test_equal_layouts_give_a_plain_copy(case: str) -> None:
    src_text, dst_text, shape = EQUAL_CASES[case]
    answer = generate_conversion(
        parse_layout_argument(src_text, shape), parse_layout_argument(dst_text, shape), parse_element_type("f16")
    )
    assert answer.path == "none"
    assert "return registers_in;" in answer.source
    assert answer.function.scratch_bytes == answer.function.shuffles == answer.function.barriers == 0


@pytest.mark.skipif(COMPILER is None, reason="no C++ compiler for the host-side warp emulation")
def test_several_generated_functions_compile_in_one_file(tmp_path: Path) -> None:
    parts = []
    for index, case in enumerate(("shared_transpose_f32", "shuffle_ship_i32", "registers_only_f16")):
        src_text, dst_text, shape, element = CASES[case]
        parts.append(
            generate_conversion(
                parse_layout_argument(src_text, shape),
                parse_layout_argument(dst_text, shape),
                parse_element_type(element),
                name=f"convert_{index}",
            ).source
        )
    program = tmp_path / "several.cpp"
    program.write_text('#include "warp_emulation.h"\n' + "\n".join(parts) + "\nint main() { return 0; }\n")
    assert COMPILER is not None
    build = subprocess.run(
        [COMPILER, "-std=c++20", "-fsyntax-only", f"-I{HERE}", str(program)], capture_output=True, text=True
    )
    assert build.returncode == 0, build.stderr


CASES_ACROSS_CTAS = {
    # Each CTA holds half the rows and needs half the columns: every thread loads 8 words, 4 from each CTA.
    "cluster_rows_to_columns_f32": (
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0], "
        "CGALayout = [[1, 0]]}>",
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0], "
        "CGALayout = [[0, 1]]}>",
        (16, 32),
        "f32",
    ),
}
_DECLARED_DATA = re.compile(r"^\s*const (?:Vec<uint(\d+)_t, (\d+)>|uint(\d+)_t) \w+ = ")
_HEADING = re.compile(r"^\s*// (warp shuffles|loads from shared memory|byte permutes|conditional register swaps)")


@pytest.mark.parametrize("case", sorted(CASES | CASES_ACROSS_CTAS))
def test_each_comment_lists_as_many_elements_as_the_step_moved(case: str) -> None:
    """After each step, ``lane 0 now holds:`` lists one coordinate per element its data
    registers hold: the addresses beside them (``mapa``'s pointers into the other CTAs'
    scratch) hold none."""
    src_text, dst_text, shape, element = (CASES | CASES_ACROSS_CTAS)[case]
    target = Target.named("cuda:90" if case in CASES_ACROSS_CTAS else TARGETS.get(case))
    answer = generate_conversion(
        parse_layout_argument(src_text, shape),
        parse_layout_argument(dst_text, shape),
        parse_element_type(element),
        target=target,
    )
    element_bits = parse_element_bits(element)
    moved: int | None = None
    checked = 0
    for line in answer.source.splitlines():
        if _HEADING.match(line):
            moved = 0
        elif moved is not None and (declared := _DECLARED_DATA.match(line)):
            vector_bits, count, scalar_bits = declared.groups()
            moved += int(count) * int(vector_bits) // element_bits if count else int(scalar_bits) // element_bits
        elif moved is not None and line.strip().startswith("// lane 0 now holds:"):
            listed = line.split(":", 1)[1].split()
            assert len(listed) == moved or (listed[-1] == "..." and len(listed) - 1 < moved), line
            moved, checked = None, checked + 1
    if "lane 0 now holds" in answer.source:
        assert checked


def _needed_architecture(source: str) -> int:
    """The compute capability the instructions a function calls need: ldmatrix sm_75,
    stmatrix and clusters sm_90, anything else every GPU."""
    body = source.split("__device__ Vec", 1)[-1]
    needs = [75 * ("ld_matrix<" in body), 90 * ("st_matrix<" in body), 90 * ("cluster_wait()" in body)]
    return max(needs)


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_header_guards_the_architecture_the_instructions_need(case: str) -> None:
    answer = _generate(case)
    needed = _needed_architecture(answer.source)
    guards = re.findall(
        r"#if defined\(__CUDA_ARCH__\) && __CUDA_ARCH__ < (\d+)\n#error \"(.*)\"\n#endif", answer.source
    )
    if not needed:
        assert guards == [] and "// runs on every GPU CUDA compiles for" in answer.source
        return
    assert [int(arch) for arch, _ in guards] == [needed * 10]
    message = guards[0][1]
    assert message.startswith("convert_layout uses ") and f"sm_{needed}" in message
    for call, feature in (("ld_matrix<", "ldmatrix"), ("st_matrix<", "stmatrix"), ("cluster_wait()", "clusters")):
        assert (feature in message) == (call in answer.source.split("__device__ Vec", 1)[-1])


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_header_states_the_thread_block_it_assumes(case: str) -> None:
    answer = _generate(case)
    src_text, _, shape, _ = CASES[case]
    layout = parse_layout_argument(src_text, shape).layout
    lanes, warps = layout.get_in_dim_size("lane"), layout.get_in_dim_size("warp")
    threads = lanes * warps
    assert f"// thread block: 1-D, {threads} threads" in answer.source
    assert f"assert(blockDim.x == {threads} && blockDim.y == 1 && blockDim.z == 1);" in answer.source
    body = answer.source[answer.source.index(f"__device__ {answer.function.return_type} convert_layout(") :]
    assert "threadIdx.x" not in body or f"threadIdx.x % {lanes}u" in body
    collective = "calls the function at the same point" in answer.source
    calls = ("__syncthreads();", "__syncwarp();", "_sync(0xffffffffu", "_matrix<", "cluster_wait();")
    assert collective == any(call in body for call in calls)


@pytest.mark.skipif(NVCC is None, reason="nvcc is not installed")
@pytest.mark.parametrize("case", ["stmatrix_accumulator_f16", "cluster_small_f32"])
def test_nvcc_stops_at_the_guard_for_an_older_gpu(case: str, tmp_path: Path) -> None:
    kernel = tmp_path / "kernel.cu"
    kernel.write_text(_generate(case).source)
    assert NVCC is not None
    build = subprocess.run(
        [NVCC, "-ptx", "-arch=sm_80", str(kernel), "-o", str(tmp_path / "kernel.ptx")], capture_output=True, text=True
    )
    assert build.returncode != 0
    assert "compile it for sm_90 or newer" in build.stderr
