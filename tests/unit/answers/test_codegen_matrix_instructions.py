"""The CUDA of ``nvgpu.ldmatrix`` and ``nvvm.stmatrix``: inline PTX that, run on the host's
warp emulation, moves every element where the CTA simulator moves it, for every ``.x1/.x2/.x4``
and ``.trans`` form; with ``nvcc`` installed it also assembles for sm_80 (``ldmatrix``) and
sm_90 (both).

Each function is thread IR built by hand: every warp stores its registers with ``stmatrix``
at rows ``lane ^ 5`` of its own part of the scratch buffer, and loads them back with
``ldmatrix`` at rows ``lane ^ 3``, as elements of one type.  The store and the load are
``.trans`` or not independently, so that a wrong fragment on one side does not cancel out
on the other.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import arith, gpu, memref, vector
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    MemRefType,
    TensorType,
    UnrealizedConversionCastOp,
    VectorType,
    bf16,
    f16,
    f32,
    i8,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from layoutdialect.dialect.upstream.nvgpu import LdMatrixOp
from layoutdialect.dialect.upstream.nvvm import StMatrixOp, shared_pointer
from layoutdialect.dialect.upstream.vector import ShapeCastOp
from layoutdialect.lowering.cuda_emitter import HELPERS, MATRIX_HELPERS, CudaFunction, emit_cuda_function
from layoutdialect.sim.cta import CTASimulator

HERE = Path(__file__).parent
COMPILER = shutil.which("g++") or shutil.which("clang++")
NVCC = shutil.which("nvcc")

WARPS, LANES = 2, 32
ROW_BYTES = 16
STORE_ROW_XOR, LOAD_ROW_XOR = 5, 3
"""Lane ``l`` of warp ``w`` stores at row ``32 w + (l ^ 5)`` and loads at row ``32 w + (l ^ 3)``:
both permute the first 8, 16 and 32 rows, so what is loaded was stored."""
SCRATCH_BYTES = WARPS * LANES * ROW_BYTES
ELEMENTS: dict[str, Attribute] = {"f16": f16, "bf16": bf16, "f32": f32, "i8": i8}
BITS = {"f16": 16, "bf16": 16, "f32": 32, "i8": 8}
VARIANTS = [
    (matrices, store_transposed, load_transposed, name)
    for matrices in (1, 2, 4)
    for name in ELEMENTS
    for store_transposed in (False, True)
    for load_transposed in (False, True)
    if not load_transposed or BITS[name] == 16
]
"""``(matrices, stmatrix .trans, ldmatrix .trans, element)``: ``ldmatrix .trans`` only on 16 bits."""


def variant_name(matrices: int, store_transposed: bool, load_transposed: bool, element: str) -> str:
    store, load = ("_trans" if transposed else "" for transposed in (store_transposed, load_transposed))
    return f"st_x{matrices}{store}_ld{load}_{element}"


class Program:
    """The thread IR of one variant, with the values the emitter and the simulator need."""

    def __init__(self, matrices: int, store_transposed: bool, load_transposed: bool, element: str) -> None:
        self.matrices = matrices
        self.element = ELEMENTS[element]
        self.bits = BITS[element]
        self.source_vector = VectorType(i32, [matrices])
        self.block = Block(arg_types=[TensorType(i32, [LANES * WARPS, matrices])])
        self.ops: list[Operation] = []
        registers = self.add(UnrealizedConversionCastOp.get([self.block.args[0]], [self.source_vector]))
        scratch_type = MemRefType(i8, [SCRATCH_BYTES], memory_space=IntegerAttr(3, i64))
        scratch = self.add(memref.AllocOp([], [], scratch_type, IntegerAttr(16, i64)))
        lane = self.add(arith.IndexCastOp(self.add(gpu.LaneIdOp()), i32))  # type: ignore[no-untyped-call]
        thread = self.add(arith.IndexCastOp(self.add(gpu.ThreadIdOp(gpu.DimensionAttr(gpu.DimensionEnum.X))), i32))
        warp_rows = self.add(arith.ShLIOp(self.add(arith.ShRUIOp(thread, self.constant(5))), self.constant(5)))

        def row(xor: int) -> SSAValue:
            return self.add(arith.OrIOp(warp_rows, self.add(arith.XOrIOp(lane, self.constant(xor)))))

        store_offset = self.add(arith.ShLIOp(row(STORE_ROW_XOR), self.constant(4)))
        pointer_ops = shared_pointer(scratch, self.add(arith.IndexCastOp(store_offset, IndexType())))
        self.ops += pointer_ops
        words = [self.add(vector.ExtractOp(registers, [j], i32)) for j in range(matrices)]
        self.ops.append(StMatrixOp(pointer_ops[-1].results[0], words, store_transposed))
        element_bytes = self.bits // 8
        view_type = MemRefType(self.element, [SCRATCH_BYTES // element_bytes], memory_space=IntegerAttr(3, i64))
        view = self.add(memref.ViewOp(scratch, self.add(arith.ConstantOp(IntegerAttr(0, IndexType()))), [], view_type))
        per_row = (ROW_BYTES // element_bytes).bit_length() - 1
        index = self.add(
            arith.IndexCastOp(self.add(arith.ShLIOp(row(LOAD_ROW_XOR), self.constant(per_row))), IndexType())
        )
        per_word = 32 // self.bits
        loaded_type = VectorType(self.element, [matrices, per_word])
        loaded = self.add(LdMatrixOp(view, [index], matrices, load_transposed, loaded_type))
        flat = self.add(ShapeCastOp(loaded, VectorType(self.element, [matrices * per_word])))
        self.result = self.add(UnrealizedConversionCastOp.get([flat], [TensorType(self.element, [LANES * WARPS])]))

    def add(self, op: Operation) -> SSAValue:
        self.ops.append(op)
        return op.results[0]

    def constant(self, value: int) -> SSAValue:
        return self.add(arith.ConstantOp.from_int_and_width(value, i32))

    def emit(self, name: str) -> CudaFunction:
        return emit_cuda_function(name, self.ops, self.block.args[0], self.result, self.source_vector, LANES)

    def simulate(self, words: np.ndarray) -> np.ndarray:
        """The registers every thread ends with, shape ``(warp, lane, elements)``, for the
        input ``words``, shape ``(warp, lane, matrices)``."""
        simulator = CTASimulator(1, WARPS, LANES)
        held: np.ndarray = simulator.run(self.ops, {self.block.args[0]: words[None]})[self.result][0]
        return held


def inputs(matrices: int) -> np.ndarray:
    return np.random.default_rng(matrices).integers(0, 2**32, (WARPS, LANES, matrices), dtype=np.uint64)


def test_the_helpers_come_before_the_function_and_its_instructions_are_counted() -> None:
    emitted = Program(4, True, True, "f16").emit("convert")
    text = emitted.text()
    assert text.startswith(MATRIX_HELPERS)
    assert (emitted.shared_stores, emitted.shared_loads, emitted.matrix_instructions) == (1, 1, 2)
    assert "const uintptr_t intptr = reinterpret_cast<uintptr_t>(scratch);" in text
    assert "st_matrix<true>(ptr, Vec<uint32_t, 4>{{" in text
    assert "ld_matrix<Vec<uint16_t, 8>, true>(" in text
    assert text.count("__syncwarp();") == 2


def host_program() -> str:
    """Every variant, run on every thread of the warp emulation, its registers printed as
    ``variant thread register value`` lines."""
    parts = [HELPERS]
    runs = []
    for index, variant in enumerate(VARIANTS):
        matrices, element = variant[0], variant[3]
        name = variant_name(*variant)
        emitted = Program(*variant).emit(name)
        parts.append(emitted.text())
        words = ",".join(str(int(w)) for w in inputs(matrices).reshape(-1))
        registers = matrices * 32 // BITS[element]
        runs.append(
            f"""  {{
    static const uint32_t words[] = {{{words}}};
    run_threads([](int t) {{
      Vec<uint32_t, {matrices}> in;
      for (int r = 0; r < {matrices}; ++r) in.v[r] = words[t * {matrices} + r];
      auto out = {name}(in, scratch);
      out = {name}(in, scratch);  // twice: the function leaves the scratch buffer free
      for (int r = 0; r < {registers}; ++r) results[t][r] = out.v[r];
    }});
    for (int t = 0; t < {WARPS * LANES}; ++t)
      for (int r = 0; r < {registers}; ++r) std::printf("{index} %d %d %llu\\n", t, r, results[t][r]);
  }}"""
        )
    body = "\n".join(runs)
    return f"""#include "warp_emulation.h"
#include <cstdio>
#include <functional>
{"".join(parts)}
alignas(16) static unsigned char scratch[{SCRATCH_BYTES}];
static unsigned long long results[{WARPS * LANES}][16];

static void run_threads(const std::function<void(int)>& body) {{
  unsigned char* buffers[] = {{scratch}};
  emulated_launch(1, {WARPS * LANES}, {LANES}, buffers, [&body](int, int t) {{ body(t); }});
}}

int main() {{
{body}
  return 0;
}}
"""


@pytest.fixture(scope="module")
def host_results(tmp_path_factory: pytest.TempPathFactory) -> dict[int, np.ndarray]:
    """Per variant, the registers of every thread after the host run, shape ``(warp, lane, elements)``."""
    if COMPILER is None:
        pytest.skip("no C++ compiler for the host-side warp emulation")
    directory = tmp_path_factory.mktemp("matrix")
    source, binary = directory / "main.cpp", directory / "main"
    source.write_text(host_program())
    build = subprocess.run(
        [COMPILER, "-std=c++20", "-O1", "-pthread", f"-I{HERE}", str(source), "-o", str(binary)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=300, check=True)
    results: dict[int, np.ndarray] = {}
    for line in run.stdout.splitlines():
        index, thread, register, value = (int(part) for part in line.split())
        matrices, element = VARIANTS[index][0], VARIANTS[index][3]
        held = results.setdefault(index, np.zeros((WARPS * LANES, matrices * 32 // BITS[element]), np.uint64))
        held[thread, register] = value
    return {index: held.reshape(WARPS, LANES, -1) for index, held in results.items()}


@pytest.mark.parametrize("index", range(len(VARIANTS)), ids=[variant_name(*variant) for variant in VARIANTS])
def test_the_cuda_moves_every_element_as_the_simulator_does(index: int, host_results: dict[int, np.ndarray]) -> None:
    simulated = Program(*VARIANTS[index]).simulate(inputs(VARIANTS[index][0]))
    assert (host_results[index] == simulated).all()


@pytest.mark.skipif(NVCC is None, reason="nvcc is not installed")
def test_the_cuda_assembles_for_sm_90(tmp_path: Path) -> None:
    """Every variant, compiled for the host and for sm_90 through ptxas, which checks the inline PTX."""
    functions, calls = [HELPERS], []
    for variant in VARIANTS:
        name, matrices = variant_name(*variant), variant[0]
        functions.append(Program(*variant).emit(name).text())
        calls.append(
            f"  {{ Vec<uint32_t, {matrices}> in{{}}; in.v[0] = data[threadIdx.x]; auto out = {name}(in, scratch);"
            f" memcpy(&data[threadIdx.x], &out, 4); }}"
        )
    kernel = tmp_path / "kernel.cu"
    kernel.write_text(
        "".join(functions)
        + f"""
__global__ void run(uint32_t* data) {{
  alignas(16) __shared__ unsigned char scratch[{SCRATCH_BYTES}];
{chr(10).join(calls)}
}}
"""
    )
    assert NVCC is not None
    objects = tmp_path / "kernel.o"
    build = subprocess.run([NVCC, "-c", "-arch=sm_90", str(kernel), "-o", str(objects)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    ptx = tmp_path / "kernel.ptx"
    subprocess.run([NVCC, "-ptx", "-arch=sm_90", str(kernel), "-o", str(ptx)], check=True)
    text = ptx.read_text()
    for matrices in (1, 2, 4):
        for trans in ("", ".trans"):
            assert f"ldmatrix.sync.aligned.m8n8.x{matrices}{trans}.shared.b16" in text
            assert f"stmatrix.sync.aligned.m8n8.x{matrices}{trans}.shared.b16" in text


@pytest.mark.skipif(NVCC is None, reason="nvcc is not installed")
def test_ldmatrix_alone_assembles_for_sm_80(tmp_path: Path) -> None:
    kernel = tmp_path / "kernel.cu"
    loads = "\n".join(
        f"  {{ auto r = ld_matrix<Vec<uint16_t, {2 * m}>, {str(t).lower()}>(tile + 8 * (threadIdx.x % 32));"
        f" data[threadIdx.x] += r.v[0]; }}"
        for m in (1, 2, 4)
        for t in (False, True)
    )
    kernel.write_text(
        HELPERS
        + MATRIX_HELPERS
        + f"""
__global__ void run(uint16_t* data) {{
  alignas(16) __shared__ uint16_t tile[256];
  tile[threadIdx.x] = data[threadIdx.x];
  __syncwarp();
{loads}
}}
"""
    )
    assert NVCC is not None
    build = subprocess.run(
        [NVCC, "-c", "-arch=sm_80", str(kernel), "-o", str(tmp_path / "kernel.o")], capture_output=True, text=True
    )
    assert build.returncode == 0, build.stderr
