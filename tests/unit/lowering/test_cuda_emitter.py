"""The CUDA emitter writes every op the CTA simulator runs, and no other: the lowering's
code is proven on the simulator and printed by the emitter, so an op one of them lacks
is code that is either unproven or unprintable.  Each op written only for this agreement
(``arith.divui``, ``arith.remui``, ``vector.broadcast``: the lowering emits none of them
today) does on the host what it does on the simulator."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from host_programs import COMPILER, build_and_run
from xdsl.dialects import arith, gpu, vector
from xdsl.dialects.builtin import TensorType, UnrealizedConversionCastOp, VectorType, i32
from xdsl.ir import Block, Operation, SSAValue

from layoutdialect.lowering.cuda_emitter import CUDA_OPS, HELPERS, HIP_OPS, CudaFunction, emit_cuda_function
from layoutdialect.sim.cta import THREAD_OPS, CTASimulator

WARPS, LANES, REGISTERS = 2, 32, 4


def test_the_emitter_and_the_simulator_cover_the_same_ops() -> None:
    """Every simulated op is written as CUDA or HIP; only AMD's own ops are HIP's alone."""
    written = set(CUDA_OPS) | set(HIP_OPS)
    only_simulated = sorted(op.name for op in set(THREAD_OPS) - written)
    only_emitted = sorted(op.name for op in written - set(THREAD_OPS))
    assert (only_simulated, only_emitted) == ([], [])
    assert sorted(op.name for op in set(HIP_OPS) - set(CUDA_OPS)) == [
        "llvm.extractvalue",
        "rocdl.ds.read.tr16.b64",
        "rocdl.ds.read.tr8.b64",
        "rocdl.permlane16.swap",
        "rocdl.permlane32.swap",
        "rocdl.permlanex16",
        "rocdl.update.dpp",
    ]


class Arithmetic:
    """Registers ``[q, r, q, lane]`` of the lane id's quotient ``q`` and remainder ``r`` by 5,
    made with ``vector.broadcast`` and ``vector.insert``."""

    def __init__(self) -> None:
        self.block = Block(arg_types=[TensorType(i32, [WARPS * LANES, REGISTERS])])
        self.ops: list[Operation] = []
        registers = VectorType(i32, [REGISTERS])
        self.add(UnrealizedConversionCastOp.get([self.block.args[0]], [registers]), "registers")
        lane = self.add(arith.IndexCastOp(self.add(gpu.LaneIdOp(), "lane_id"), i32), "lane")  # type: ignore[no-untyped-call]
        five = self.add(arith.ConstantOp.from_int_and_width(5, i32), "five")
        quotient = self.add(arith.DivUIOp(lane, five), "quotient")
        remainder = self.add(arith.RemUIOp(lane, five), "remainder")
        held = self.add(vector.BroadcastOp(quotient, registers), "held")
        held = self.add(vector.InsertOp(remainder, held, [1]), "held")
        held = self.add(vector.InsertOp(lane, held, [3]), "held")
        result_type = TensorType(i32, [WARPS * LANES, REGISTERS])
        self.result = self.add(UnrealizedConversionCastOp.get([held], [result_type]), "result")
        self.registers = registers

    def add(self, op: Operation, name: str) -> SSAValue:
        self.ops.append(op)
        op.results[0].name_hint = name
        return op.results[0]

    def emit(self) -> CudaFunction:
        return emit_cuda_function("arithmetic", self.ops, self.block.args[0], self.result, self.registers, LANES)


def test_divisions_and_broadcasts_are_written_as_c() -> None:
    text = Arithmetic().emit().text()
    assert "const uint32_t quotient = (uint32_t)(lane / five);" in text
    assert "const uint32_t remainder = (uint32_t)(lane % five);" in text
    assert "const Vec<uint32_t, 4> held = {{quotient, quotient, quotient, quotient}};" in text


@pytest.mark.skipif(COMPILER is None, reason="no C++ compiler for the host-side warp emulation")
def test_divisions_and_broadcasts_do_on_the_host_what_they_do_on_the_simulator(tmp_path: Path) -> None:
    program = Arithmetic()
    inputs = np.zeros((1, WARPS, LANES, REGISTERS), dtype=np.uint64)
    simulated = CTASimulator(1, WARPS, LANES).run(program.ops, {program.block.args[0]: inputs})[program.result][0]
    source = tmp_path / "main.cpp"
    source.write_text(
        f"""#include "warp_emulation.h"
#include <cstdio>
{HELPERS}
{program.emit().text()}
int main() {{
  static unsigned results[{WARPS * LANES}][{REGISTERS}];
  unsigned char* scratch[1] = {{nullptr}};
  emulated_launch(1, {WARPS * LANES}, {LANES}, scratch, [](int, int t) {{
    auto out = arithmetic(Vec<uint32_t, {REGISTERS}>{{}});
    for (int r = 0; r < {REGISTERS}; ++r) results[t][r] = out.v[r];
  }});
  for (int t = 0; t < {WARPS * LANES}; ++t)
    for (int r = 0; r < {REGISTERS}; ++r) std::printf("%u\\n", results[t][r]);
  return 0;
}}
"""
    )
    printed = build_and_run(source)
    host = np.array([int(line) for line in printed.split()], dtype=np.uint64).reshape(WARPS, LANES, REGISTERS)
    assert (host == simulated).all()
    assert (host[0, 17] == [3, 2, 3, 17]).all()
