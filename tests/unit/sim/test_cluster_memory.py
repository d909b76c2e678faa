"""Distributed shared memory: the cluster ops read and print as upstream MLIR's ``nvvm``, and
the simulator's ``mapa`` and cluster loads read the holder's bytes, with every error."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects import llvm
from xdsl.dialects.builtin import IntAttr, VectorType, f16, i32
from xdsl.ir import Block

from layoutdialect import IRError, parse_module, print_module
from layoutdialect.dialect.upstream.nvvm import ClusterCtaRankOp, MapaOp
from layoutdialect.sim.cluster_memory import CLUSTER_RANK_SHIFT
from layoutdialect.sim.cta import CTASimulator, SharedMemoryError
from layoutdialect.sim.matrix_memory import shared_address

LANES = 4
SHARED_POINTER = llvm.LLVMPointerType(IntAttr(3))

CLUSTER_OPS = """func.func @f(%p: !llvm.ptr<3>) {
  %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
  %remote = nvvm.mapa %p, %rank : !llvm.ptr<3> -> !llvm.ptr<7>
  %v = llvm.load %remote : !llvm.ptr<7> -> vector<2xf16>
  nvvm.cluster.arrive {aligned}
  nvvm.cluster.wait {aligned}
  nvvm.cluster.wait
  func.return
}
"""


def test_the_cluster_ops_print_as_upstream_mlir_and_read_back() -> None:
    printed = print_module(parse_module(CLUSTER_OPS, "c.mlir"))
    for line in CLUSTER_OPS.splitlines()[1:-2]:
        assert line.strip() in printed


def test_mapa_maps_a_shared_pointer_to_a_cluster_pointer_only() -> None:
    wrong = CLUSTER_OPS.replace("%p: !llvm.ptr<3>", "%p: !llvm.ptr<1>").replace(
        ": !llvm.ptr<3> ->", ": !llvm.ptr<1> ->"
    )
    with pytest.raises(IRError) as refused:
        parse_module(wrong, "bad.mlir")
    assert "'nvvm.mapa' op maps an !llvm.ptr<3> to an !llvm.ptr<7>, not !llvm.ptr<1> to !llvm.ptr<7>" in str(
        refused.value
    )


def run_cluster_load(sim: CTASimulator, byte: np.ndarray, rank: np.ndarray) -> np.ndarray:
    block = Block(arg_types=[SHARED_POINTER, i32])
    mapa = MapaOp(block.args[0], block.args[1])
    load = llvm.LoadOp(mapa.res, VectorType(f16, [2]))
    inputs = {
        block.args[0]: np.asarray(shared_address(0, 0) + byte, np.uint64),
        block.args[1]: np.asarray(rank, np.uint64),
    }
    return sim.run([mapa, load], inputs)[load.dereferenced_value]


def two_ctas() -> CTASimulator:
    """Two CTAs of one 4-lane warp, each of whose 16-byte buffer holds bytes ``16 c + k``."""
    sim = CTASimulator(2, 1, LANES)
    sim.allocate(16)
    memory, written = sim.buffers[0]
    memory[:] = np.arange(32, dtype=np.uint8).reshape(2, 16)
    written[:] = True
    return sim


def test_each_lane_reads_the_holder_s_bytes() -> None:
    """Lane l of CTA c reads 4 bytes at 4 l of CTA 1 - c: its two f16, little-endian."""
    sim = two_ctas()
    lanes = np.arange(LANES, dtype=np.uint64)[None, None]
    rank = np.array([1, 0], dtype=np.uint64).reshape(2, 1, 1)
    values = run_cluster_load(sim, 4 * lanes, rank)
    for cta in range(2):
        for lane in range(LANES):
            start = 16 * (1 - cta) + 4 * lane
            expected = [start | (start + 1) << 8, (start + 2) | (start + 3) << 8]
            assert values[cta, 0, lane].tolist() == expected


def test_the_rank_is_this_cta_s_number() -> None:
    sim = CTASimulator(4, 1, LANES)
    rank = ClusterCtaRankOp()
    values = sim.run([rank], {})
    assert (values[rank.res] == np.arange(4).reshape(4, 1, 1)).all()


def test_a_cluster_address_is_the_rank_above_the_shared_address() -> None:
    sim = two_ctas()
    block = Block(arg_types=[SHARED_POINTER, i32])
    mapa = MapaOp(block.args[0], block.args[1])
    values = sim.run([mapa], {block.args[0]: np.uint64(shared_address(0, 8)), block.args[1]: np.uint64(1)})
    assert int(values[mapa.res]) == 1 << CLUSTER_RANK_SHIFT | shared_address(0, 8)


@pytest.mark.parametrize(
    ("byte", "rank", "unwritten", "message"),
    [
        (2, 0, False, "a 4-byte load is not aligned to its size"),
        (16, 0, False, "reaches byte 19 of a 16-byte buffer"),
        (0, 2, False, "rank 2 names no CTA of the 2 in the cluster"),
        (4, 1, True, "reads byte 4 of CTA 1, which no thread of it has written"),
    ],
)
def test_bad_cluster_loads_are_errors(byte: int, rank: int, unwritten: bool, message: str) -> None:
    sim = two_ctas()
    if unwritten:
        sim.buffers[0][1][1] = False
    with pytest.raises(SharedMemoryError, match=message):
        run_cluster_load(sim, np.uint64(byte), np.uint64(rank))
