"""``nvgpu.ldmatrix`` and ``nvvm.stmatrix`` (``.m8n8``, ``.x1/.x2/.x4``, ``.trans``, ``.b16``):
their syntax and verifiers are upstream MLIR's, and the CTA simulator moves exactly the
bytes PTX's fragment tables say, checked against a reference written from those tables
(by element: row, column), for random row addresses, warps in any order, and every error."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import arith, memref, vector
from xdsl.dialects.builtin import (
    IndexType,
    IntAttr,
    IntegerAttr,
    MemRefType,
    VectorType,
    bf16,
    f16,
    f32,
    i8,
    i16,
    i32,
    i64,
)
from xdsl.dialects.llvm import LLVMPointerType
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.parser import Parser

from layoutdialect import IRError, make_context, parse_module, print_module
from layoutdialect.dialect.upstream.gpu.ops import BarrierOp
from layoutdialect.dialect.upstream.memref.ops import ExtractAlignedPointerAsIndexOp
from layoutdialect.dialect.upstream.nvgpu import LdMatrixOp
from layoutdialect.dialect.upstream.nvvm import StMatrixOp, shared_pointer
from layoutdialect.dialect.upstream.vector import ShapeCastOp
from layoutdialect.sim.cta import CTASimulator, SharedMemoryError, SimulationError
from layoutdialect.sim.matrix_memory import shared_address

CTAS, WARPS, LANES = 2, 2, 32
ROWS = 64
"""Rows of 16 bytes in the test buffer."""
BUFFER_BYTES = 16 * ROWS
SHARED = IntegerAttr(3, i64)
SHARED_POINTER = LLVMPointerType(IntAttr(3))

ELEMENTS: dict[str, Attribute] = {"f16": f16, "bf16": bf16, "i16": i16, "f32": f32, "i32": i32, "i8": i8}
BITS = {"f16": 16, "bf16": 16, "i16": 16, "f32": 32, "i32": 32, "i8": 8}
VARIANTS = [
    (matrices, transposed, name)
    for matrices in (1, 2, 4)
    for name in ELEMENTS
    for transposed in (False, True)
    if not transposed or BITS[name] == 16
]
"""Every ``.x{m}`` form on every element type, ``.trans`` only on 16-bit elements."""


# ---------------------------------------------------------------- the PTX fragment tables


def element_at(memory: np.ndarray, rows: Sequence[int], matrix: int, row: int, column: int, bits: int) -> int:
    """Element (``row``, ``column``) of ``matrix``, whose row ``r`` starts at the byte
    ``rows[8 matrix + r]`` that lane ``8 matrix + r`` gave."""
    size = bits // 8
    start = rows[8 * matrix + row] + column * size
    return int.from_bytes(bytes(memory[start : start + size]), "little")


def reference_load(
    memory: np.ndarray, rows: Sequence[int], matrices: int, transposed: bool, bits: int
) -> list[list[int]]:
    """What each lane of a warp holds after ``ldmatrix``: matrix by matrix, its register's
    elements, low bits first.  Without ``.trans`` lane ``t`` holds row ``t / 4``, columns
    ``(t % 4) k`` to ``(t % 4) k + k - 1`` (``k`` elements in 32 bits); with ``.trans``
    (16-bit) the elements (``2 (t % 4)``, ``t / 4``) and (``2 (t % 4) + 1``, ``t / 4``)."""
    per_word = 32 // bits
    held = []
    for t in range(LANES):
        elements = []
        for j in range(matrices):
            if transposed:
                elements += [element_at(memory, rows, j, 2 * (t % 4) + e, t // 4, bits) for e in range(2)]
            else:
                elements += [element_at(memory, rows, j, t // 4, (t % 4) * per_word + e, bits) for e in range(per_word)]
        held.append(elements)
    return held


def reference_store(
    memory: np.ndarray, written: np.ndarray, rows: Sequence[int], words: np.ndarray, transposed: bool
) -> None:
    """``stmatrix`` by one warp: the 16-bit halves of lane ``t``'s word ``j`` go to (row
    ``t / 4``, columns ``2 (t % 4)`` and ``2 (t % 4) + 1``) of matrix ``j``, or with
    ``.trans`` to (rows ``2 (t % 4)`` and ``2 (t % 4) + 1``, column ``t / 4``)."""
    for t in range(LANES):
        for j in range(words.shape[1]):
            for half in range(2):
                value = int(words[t, j]) >> (16 * half) & 0xFFFF
                row, column = (2 * (t % 4) + half, t // 4) if transposed else (t // 4, 2 * (t % 4) + half)
                start = rows[8 * j + row] + 2 * column
                memory[start : start + 2] = [value & 0xFF, value >> 8]
                written[start : start + 2] = True


# ---------------------------------------------------------------- thread IR


def scratch_type() -> MemRefType[Attribute]:
    return MemRefType(i8, [BUFFER_BYTES], memory_space=SHARED)


def load_ops(
    scratch: SSAValue, index: SSAValue, matrices: int, transposed: bool, element: Attribute, shift: int = 0
) -> tuple[list[Operation], SSAValue]:
    """A view of ``scratch`` from byte ``shift`` on, ``ldmatrix`` at element ``index`` of
    it, and its result flattened by ``vector.shape_cast``."""
    bits = BITS[str(element)]
    shift_op = arith.ConstantOp(IntegerAttr(shift, IndexType()))
    view_type = MemRefType(element, [(BUFFER_BYTES - shift) * 8 // bits], memory_space=SHARED)
    view = memref.ViewOp(scratch, shift_op.result, [], view_type)
    per_word = 32 // bits
    load = LdMatrixOp(view.results[0], [index], matrices, transposed, VectorType(element, [matrices, per_word]))
    flat = ShapeCastOp(load.res, VectorType(element, [matrices * per_word]))
    return [shift_op, view, load, flat], flat.result


def store_ops(scratch: SSAValue, offset: SSAValue, words: Sequence[SSAValue], transposed: bool) -> list[Operation]:
    """``stmatrix`` of ``words`` at byte ``offset`` of ``scratch``, through ``shared_pointer``."""
    ops = shared_pointer(scratch, offset)
    return [*ops, StMatrixOp(ops[-1].results[0], words, transposed)]


def per_thread(values: np.ndarray) -> np.ndarray:
    """``values`` shaped ``(cta, warp, lane)`` as ``uint64``."""
    return np.asarray(values, dtype=np.uint64).reshape(CTAS, WARPS, LANES)


def filled_buffer(sim: CTASimulator, data: np.ndarray | None = None) -> np.ndarray:
    """A fresh buffer of ``BUFFER_BYTES``, all written: in each CTA with ``data[cta]``, or zeros."""
    scratch = sim.allocate(BUFFER_BYTES)
    memory, written = sim.buffers[-1]
    if data is not None:
        memory[:] = data
    written[:] = True
    return scratch


# ---------------------------------------------------------------- ldmatrix


row_choices = st.lists(st.integers(0, ROWS - 1), min_size=CTAS * WARPS * LANES, max_size=CTAS * WARPS * LANES)


@pytest.mark.parametrize(("matrices", "transposed", "name"), VARIANTS)
@settings(max_examples=20, deadline=None)
@given(rows=row_choices, seed=st.integers(0, 2**32 - 1))
def test_ldmatrix_gives_each_lane_its_fragment(
    matrices: int, transposed: bool, name: str, rows: list[int], seed: int
) -> None:
    """Each lane gives a random row (rows may repeat); lanes past ``8 m`` give addresses
    that are misaligned or past the buffer, which ``.x1`` and ``.x2`` ignore."""
    element, bits = ELEMENTS[name], BITS[name]
    shift = 32
    row_bytes = np.array(rows).reshape(CTAS, WARPS, LANES) * 16 + shift
    unused = np.arange(LANES) >= 8 * matrices
    garbage = np.where(np.arange(LANES) % 2, row_bytes + 8, 10**6)
    row_bytes = np.where(unused, garbage, np.minimum(row_bytes, BUFFER_BYTES - 16))
    block = Block(arg_types=[scratch_type(), IndexType()])
    ops, result = load_ops(block.args[0], block.args[1], matrices, transposed, element, shift)
    sim = CTASimulator(CTAS, WARPS, LANES)
    data = np.random.default_rng(seed).integers(0, 256, (CTAS, BUFFER_BYTES), dtype=np.uint8)
    inputs: dict[SSAValue, np.ndarray] = {
        block.args[0]: filled_buffer(sim, data),
        block.args[1]: per_thread((row_bytes - shift) * 8 // bits),
    }
    held = sim.run(ops, inputs)[result]
    for cta in range(CTAS):
        for warp in range(WARPS):
            expected = reference_load(data[cta], list(row_bytes[cta, warp]), matrices, transposed, bits)
            assert held[cta, warp].tolist() == expected, f"CTA {cta}, warp {warp}"


def test_ldmatrix_reads_a_multi_dimensional_memref_row_major() -> None:
    """``%view[%r, %c]`` of a ``memref<64x8xf16, 3>`` is element ``8 r + c``."""
    block = Block(arg_types=[scratch_type(), IndexType(), IndexType()])
    zero = arith.ConstantOp(IntegerAttr(0, IndexType()))
    view = memref.ViewOp(block.args[0], zero.result, [], MemRefType(f16, [ROWS, 8], memory_space=SHARED))
    load = LdMatrixOp(view.results[0], [block.args[1], block.args[2]], 4, False, VectorType(f16, [4, 2]))
    sim = CTASimulator(CTAS, WARPS, LANES)
    data = np.random.default_rng(1).integers(0, 256, (CTAS, BUFFER_BYTES), dtype=np.uint8)
    rows = (np.arange(LANES) * 5 + 3) % ROWS
    inputs: dict[SSAValue, np.ndarray] = {
        block.args[0]: filled_buffer(sim, data),
        block.args[1]: per_thread(np.broadcast_to(rows, (CTAS, WARPS, LANES))),
        block.args[2]: np.array(0, dtype=np.uint64),
    }
    held = sim.run([zero, view, load], inputs)[load.res]
    assert held[1, 1].tolist() == reference_load(data[1], list(rows * 16), 4, False, 16)


# ---------------------------------------------------------------- stmatrix


@pytest.mark.parametrize(("matrices", "transposed"), [(m, t) for m in (1, 2, 4) for t in (False, True)])
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_stmatrix_writes_each_lane_fragment(matrices: int, transposed: bool, data: st.DataObject) -> None:
    """Each used lane of each warp names its own random row of the buffer; exactly those
    rows are written, and with what PTX's table says."""
    used = 8 * matrices
    rows = np.array(data.draw(st.permutations(range(ROWS)))[: WARPS * used]).reshape(WARPS, used) * 16
    row_bytes = np.zeros((CTAS, WARPS, LANES), dtype=np.int64)
    row_bytes[:, :, :used] = rows
    row_bytes[:, :, used:] = 3  # ignored: misaligned
    words = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1))).integers(
        0, 2**32, (CTAS, WARPS, LANES, matrices), dtype=np.uint64
    )
    block = Block(arg_types=[scratch_type(), IndexType(), *[i32] * matrices])
    scratch, offset, *sources = block.args
    sim = CTASimulator(CTAS, WARPS, LANES)
    inputs: dict[SSAValue, np.ndarray] = {scratch: sim.allocate(BUFFER_BYTES), offset: per_thread(row_bytes)}
    inputs |= {source: words[..., j] for j, source in enumerate(sources)}
    sim.run(store_ops(scratch, offset, sources, transposed), inputs, warp_order=reversed(range(WARPS)))
    memory, written = sim.buffers[0]
    for cta in range(CTAS):
        expected, expected_written = np.zeros(BUFFER_BYTES, np.uint8), np.zeros(BUFFER_BYTES, bool)
        for warp in range(WARPS):
            reference_store(expected, expected_written, list(row_bytes[cta, warp]), words[cta, warp], transposed)
        assert (written[cta] == expected_written).all()
        assert (memory[cta][expected_written] == expected[expected_written]).all()


@pytest.mark.parametrize(("matrices", "transposed"), [(m, t) for m in (1, 2, 4) for t in (False, True)])
@pytest.mark.parametrize("warp_order", [None, [0, 1], [1, 0]])
def test_stmatrix_then_ldmatrix_across_warps_gives_the_registers_back(
    matrices: int, transposed: bool, warp_order: list[int] | None
) -> None:
    """Warp ``w`` stores its matrices, waits at the barrier and loads warp ``w + 1``'s, which
    come back as that warp's registers, whatever order the warps run in between barriers."""
    used = 8 * matrices
    lanes = np.arange(LANES)
    own_rows = (lanes % used ^ 0b101) + 32 * np.arange(WARPS).reshape(WARPS, 1)
    block = Block(arg_types=[scratch_type(), IndexType(), IndexType(), *[i32] * matrices])
    scratch, store_offset, load_index, *sources = block.args
    loads, result = load_ops(scratch, load_index, matrices, transposed, f16)
    barrier = BarrierOp()  # type: ignore[no-untyped-call]
    ops = [*store_ops(scratch, store_offset, sources, transposed), barrier, *loads]
    words = np.random.default_rng(matrices).integers(0, 2**32, (CTAS, WARPS, LANES, matrices), dtype=np.uint64)
    sim = CTASimulator(CTAS, WARPS, LANES)
    inputs: dict[SSAValue, np.ndarray] = {
        scratch: sim.allocate(BUFFER_BYTES),
        store_offset: per_thread(np.broadcast_to(own_rows * 16, (CTAS, WARPS, LANES))),
        load_index: per_thread(np.broadcast_to(np.roll(own_rows, -1, axis=0) * 8, (CTAS, WARPS, LANES))),
    }
    inputs |= {source: words[..., j] for j, source in enumerate(sources)}
    held = sim.run(ops, inputs, warp_order=warp_order)[result]
    halves = np.stack([words & np.uint64(0xFFFF), words >> np.uint64(16)], axis=-1)
    assert (held == np.roll(halves, -1, axis=1).reshape(CTAS, WARPS, LANES, 2 * matrices)).all()


def test_without_the_barrier_a_warp_run_first_reads_rows_not_yet_written() -> None:
    block = Block(arg_types=[scratch_type(), IndexType(), IndexType(), i32])
    scratch, store_offset, load_index, source = block.args
    loads, _ = load_ops(scratch, load_index, 1, False, f16)
    ops = [*store_ops(scratch, store_offset, [source], False), *loads]
    rows = (np.arange(LANES) % 8) + 8 * np.arange(WARPS).reshape(WARPS, 1)
    sim = CTASimulator(CTAS, WARPS, LANES)
    inputs: dict[SSAValue, np.ndarray] = {
        scratch: sim.allocate(BUFFER_BYTES),
        store_offset: per_thread(np.broadcast_to(rows * 16, (CTAS, WARPS, LANES))),
        load_index: per_thread(np.broadcast_to(np.roll(rows, 1, axis=0) * 8, (CTAS, WARPS, LANES))),
        source: np.array(7, dtype=np.uint64),
    }
    sim.run(ops, inputs)  # in step, every warp stores before any loads
    inputs[scratch] = sim.allocate(BUFFER_BYTES)
    with pytest.raises(SharedMemoryError, match=r"nvgpu.ldmatrix reads byte 128, which no thread has written"):
        sim.run(ops, inputs, warp_order=[0, 1])


# ---------------------------------------------------------------- pointers


def test_a_shared_pointer_is_the_buffer_and_the_byte() -> None:
    block = Block(arg_types=[scratch_type(), IndexType()])
    zero = arith.ConstantOp(IntegerAttr(48, IndexType()))
    view = memref.ViewOp(block.args[0], zero.result, [], MemRefType(i8, [BUFFER_BYTES - 48], memory_space=SHARED))
    ops = shared_pointer(view.results[0], block.args[1])
    assert [op.name for op in ops] == [
        "memref.extract_aligned_pointer_as_index",
        "arith.addi",
        "arith.index_cast",
        "llvm.inttoptr",
    ]
    assert str(ops[-1].results[0].type) == "!llvm.ptr<3>"
    reused = shared_pointer(ops[0].results[0], block.args[1])
    assert [op.name for op in reused] == ["arith.addi", "arith.index_cast", "llvm.inttoptr"]
    sim = CTASimulator(1, 1, LANES)
    sim.allocate(16)
    inputs: dict[SSAValue, np.ndarray] = {
        block.args[0]: sim.allocate(BUFFER_BYTES),
        block.args[1]: np.arange(LANES, dtype=np.uint64)[None, None],
    }
    values = sim.run([zero, view, *ops], inputs)
    assert int(values[ops[0].results[0]]) == shared_address(1, 48) == (1 << 32) + 48
    assert values[ops[-1].results[0]][0, 0].tolist() == [(1 << 32) + 48 + lane for lane in range(LANES)]


# ---------------------------------------------------------------- errors


def run_load(rows: np.ndarray, matrices: int = 4, written: bool = True) -> None:
    block = Block(arg_types=[scratch_type(), IndexType()])
    ops, _ = load_ops(block.args[0], block.args[1], matrices, False, i8)
    sim = CTASimulator(1, 1, LANES)
    scratch = sim.allocate(BUFFER_BYTES)
    sim.buffers[0][1][:] = written
    sim.run(ops, {block.args[0]: scratch, block.args[1]: np.asarray(rows, dtype=np.uint64)[None, None]})


def run_store(pointers: np.ndarray, words: np.ndarray) -> None:
    block = Block(arg_types=[SHARED_POINTER, i32])
    sim = CTASimulator(1, 1, LANES)
    sim.allocate(BUFFER_BYTES)
    inputs: dict[SSAValue, np.ndarray] = {
        block.args[0]: np.asarray(pointers, np.uint64)[None, None],
        block.args[1]: words[None, None],
    }
    sim.run([StMatrixOp(block.args[0], [block.args[1]], False)], inputs)


def test_a_misaligned_row_is_an_error() -> None:
    rows = np.arange(LANES) * 16
    rows[5] += 8
    with pytest.raises(
        SharedMemoryError,
        match=r"lane 5 of warp 0 in CTA 0 gives row 5 of matrix 0 at byte 88 of a "
        r"1024-byte buffer, not 16-byte aligned",
    ):
        run_load(rows)


def test_a_row_past_the_buffer_is_an_error() -> None:
    rows = np.arange(LANES) * 16
    rows[12] = BUFFER_BYTES
    with pytest.raises(
        SharedMemoryError, match=r"lane 12 .* matrix 1 at byte 1024 .*, so its 16 bytes leave the buffer"
    ):
        run_load(rows)
    rows[12] = BUFFER_BYTES - 16
    run_load(rows)


def test_reading_unwritten_bytes_is_an_error() -> None:
    with pytest.raises(SharedMemoryError, match="which no thread has written"):
        run_load(np.arange(LANES) * 16, written=False)


def test_two_lanes_writing_different_values_to_a_row_race() -> None:
    pointers = np.arange(LANES) * 16
    pointers[3] = pointers[2]  # two lanes name row 2 of matrix 0
    words = np.zeros(LANES, dtype=np.uint64)
    run_store(pointers, words)  # the same values: no race
    words[13] = 1  # lane 13 writes row 3, which is row 2's bytes now
    with pytest.raises(
        SharedMemoryError, match="lanes of CTA 0 write different values to byte 36 in one nvvm.stmatrix"
    ):
        run_store(pointers, words)


def test_a_pointer_into_no_buffer_is_an_error() -> None:
    pointers = np.arange(LANES) * 16 + (5 << 32)
    with pytest.raises(SharedMemoryError, match="lane 0 .* at address 0x500000000, in no shared-memory buffer"):
        run_store(pointers, np.zeros(LANES, dtype=np.uint64))


def test_only_warps_of_32_lanes_move_matrices() -> None:
    block = Block(arg_types=[scratch_type(), IndexType()])
    ops, _ = load_ops(block.args[0], block.args[1], 1, False, f16)
    sim = CTASimulator(1, 1, 64)
    with pytest.raises(SimulationError, match="needs warps of 32 lanes, not 64"):
        sim.run(ops, {block.args[0]: sim.allocate(BUFFER_BYTES), block.args[1]: np.array(0, np.uint64)})


def test_other_vector_ops_refuse_vectors_of_rank_two() -> None:
    block = Block(arg_types=[scratch_type(), IndexType()])
    ops, _ = load_ops(block.args[0], block.args[1], 4, False, f16)
    extract = vector.ExtractOp(ops[2].results[0], [1], VectorType(f16, [2]))
    sim = CTASimulator(1, 1, LANES)
    inputs: dict[SSAValue, np.ndarray] = {
        block.args[0]: filled_buffer(sim),
        block.args[1]: np.arange(LANES, dtype=np.uint64)[None, None] * 8,
    }
    with pytest.raises(SimulationError, match="models 'vector.extract' on 1-D vectors only"):
        sim.run([*ops, extract], inputs)


# ---------------------------------------------------------------- syntax and verifiers


ROUND_TRIP = """\
func.func @f(%view: memref<64x8xf16, 3>, %r: index, %c: index, %raw: memref<1024xi8, 3>, %off: index,
             %w0: i32, %w1: i32, %w2: i32, %w3: i32) {
  %a = nvgpu.ldmatrix %view[%r, %c] {numTiles = 4 : i32, transpose = false} :
    memref<64x8xf16, 3> -> vector<4x2xf16>
  %b = nvgpu.ldmatrix %view[%r, %c] {transpose = true, numTiles = 1 : i32} : memref<64x8xf16, 3> -> vector<1x2xf16>
  %flat = vector.shape_cast %a : vector<4x2xf16> to vector<8xf16>
  %intptr = memref.extract_aligned_pointer_as_index %raw : memref<1024xi8, 3> -> index
  %addr = arith.addi %intptr, %off : index
  %addr_i64 = arith.index_cast %addr : index to i64
  %ptr = llvm.inttoptr %addr_i64 : i64 to !llvm.ptr<3>
  nvvm.stmatrix %ptr, %w0, %w1, %w2, %w3 {layout = #nvvm.mma_layout<row>,
    shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} :
    !llvm.ptr<3>, i32, i32, i32, i32
  nvvm.stmatrix %ptr, %w0 {eltType = #nvvm.ld_st_matrix_elt_type<b8>, layout = #nvvm.mma_layout<col>,
    shape = #nvvm.ld_st_matrix_shape<n = 8, m = 16>} : !llvm.ptr<3>, i32
  func.return
}
"""


def test_the_ops_print_as_upstream_mlir_and_read_back() -> None:
    printed = print_module(parse_module(ROUND_TRIP, "ops.mlir"))
    assert (
        "%a = nvgpu.ldmatrix %view[%r, %c] {numTiles = 4 : i32, transpose = false} : "
        "memref<64x8xf16, 3 : i64> -> vector<4x2xf16>" in printed
    )
    assert "{numTiles = 1 : i32, transpose = true}" in printed
    assert "%flat = vector.shape_cast %a : vector<4x2xf16> to vector<8xf16>" in printed
    assert "%intptr = memref.extract_aligned_pointer_as_index %raw : memref<1024xi8, 3 : i64> -> index" in printed
    assert (
        "nvvm.stmatrix %ptr, %w0, %w1, %w2, %w3 {eltType = #nvvm.ld_st_matrix_elt_type<b16>, "
        "layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : "
        "!llvm.ptr<3>, i32, i32, i32, i32" in printed
    )
    assert "shape = #nvvm.ld_st_matrix_shape<m = 16, n = 8>} : !llvm.ptr<3>, i32" in printed
    assert print_module(parse_module(printed, "again.mlir")) == printed


def test_built_ops_print_as_parsed_ones() -> None:
    block = Block(arg_types=[SHARED_POINTER, i32, i32])
    trans = StMatrixOp(block.args[0], block.args[1:], True)
    trans.verify()
    assert trans.transposed and not StMatrixOp(block.args[0], block.args[1:], False).transposed
    assert str(trans.layout) == "#nvvm.mma_layout<col>"
    assert [str(trans.properties[key]) for key in ("eltType", "shape")] == [
        "#nvvm.ld_st_matrix_elt_type<b16>",
        "#nvvm.ld_st_matrix_shape<m = 8, n = 8>",
    ]
    load_block = Block(arg_types=[MemRefType(bf16, [512], memory_space=SHARED), IndexType()])
    load = LdMatrixOp(load_block.args[0], [load_block.args[1]], 2, True, VectorType(bf16, [2, 2]))
    load.verify()
    assert (load.tiles, load.transposed) == (2, True)
    assert isinstance(ExtractAlignedPointerAsIndexOp(load_block.args[0]).results[0].type, IndexType)


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("#nvvm.mma_layout<col>", "#nvvm.mma_layout<col>"),
        ("#nvvm.ld_st_matrix_elt_type<b8x16.b6x16_p32>", "#nvvm.ld_st_matrix_elt_type<b8x16.b6x16_p32>"),
        ("#nvvm.ld_st_matrix_elt_type<b8x16.b4x16_p64>", "#nvvm.ld_st_matrix_elt_type<b8x16.b4x16_p64>"),
        ("#nvvm.ld_st_matrix_shape<n = 16, m = 8>", "#nvvm.ld_st_matrix_shape<m = 8, n = 16>"),
    ],
)
def test_the_attributes_read_and_print_as_upstream(text: str, printed: str) -> None:
    assert str(Parser(make_context(), text).parse_attribute()) == printed


def function(body: str, arguments: str) -> str:
    return f"func.func @f({arguments}) {{\n  {body}\n  func.return\n}}\n"


LD_ARGS = "%v: memref<64xf16, 3>, %g: memref<64xf16>, %w: memref<64xf64, 3>, %b: memref<64xi8, 3>, %i: index"
ST_ARGS = "%p: !llvm.ptr<3>, %q: !llvm.ptr, %r: i32, %s: i16"
ST_ATTRS = (
    "{{layout = #nvvm.mma_layout<{layout}>, shape = #nvvm.ld_st_matrix_shape<m = {m}, n = {n}>, "
    "eltType = #nvvm.ld_st_matrix_elt_type<{element}>}}"
)


def stmatrix(operands: str, types: str, layout: str = "row", m: int = 8, n: int = 8, element: str = "b16") -> str:
    return f"nvvm.stmatrix {operands} {ST_ATTRS.format(layout=layout, m=m, n=n, element=element)} : {types}"


REFUSED = [
    (
        function(
            "%r = nvgpu.ldmatrix %g[%i] {numTiles = 4 : i32, transpose = false} : memref<64xf16> -> vector<4x2xf16>",
            LD_ARGS,
        ),
        "expected nvgpu.ldmatrix srcMemref must have a memory space attribute of IntegerAttr(3) or "
        "gpu::AddressSpaceAttr(Workgroup)",
    ),
    (
        function(
            "%r = nvgpu.ldmatrix %v[%i] {numTiles = 4 : i32, transpose = false} : memref<64xf16, 3> -> vector<4x2xf32>",
            LD_ARGS,
        ),
        "'nvgpu.ldmatrix' op failed to verify that srcMemref and res have same element type",
    ),
    (
        function(
            "%r = nvgpu.ldmatrix %w[%i] {numTiles = 1 : i32, transpose = false} : memref<64xf64, 3> -> vector<1x1xf64>",
            LD_ARGS,
        ),
        "nvgpu.ldmatrix works for 32b or lower",
    ),
    (
        function(
            "%r = nvgpu.ldmatrix %b[%i] {numTiles = 1 : i32, transpose = true} : memref<64xi8, 3> -> vector<1x4xi8>",
            LD_ARGS,
        ),
        "nvgpu.ldmatrix transpose works only at 16b granularity",
    ),
    (
        function(
            "%r = nvgpu.ldmatrix %v[%i] {numTiles = 4 : i32, transpose = false} : memref<64xf16, 3> -> vector<8xf16>",
            LD_ARGS,
        ),
        "results must be 2 dimensional vector",
    ),
    (
        function(
            "%r = nvgpu.ldmatrix %b[%i] {numTiles = 4 : i32, transpose = false} : memref<64xi8, 3> -> vector<4x2xi8>",
            LD_ARGS,
        ),
        "expected vector register shape[1] = 4",
    ),
    (
        function(
            "%r = nvgpu.ldmatrix %v[%i] {numTiles = 2 : i32, transpose = false} : memref<64xf16, 3> -> vector<4x2xf16>",
            LD_ARGS,
        ),
        "expected vector register shape[0] and numTiles to match",
    ),
    (
        function(stmatrix("%q, %r", "!llvm.ptr, i32"), ST_ARGS),
        "'nvvm.stmatrix' op operand #0 must be LLVM pointer in address space 3, but got '!llvm.ptr'",
    ),
    (
        function(stmatrix("%p, %r, %r, %r", "!llvm.ptr<3>, i32, i32, i32"), ST_ARGS),
        "'nvvm.stmatrix' op expected num attribute to be 1, 2 or 4",
    ),
    (
        function(stmatrix("%p, %r", "!llvm.ptr<3>, i32", m=16, n=16), ST_ARGS),
        "'nvvm.stmatrix' op expected shape to be 8x8 or 16x8",
    ),
    (
        function(stmatrix("%p, %r", "!llvm.ptr<3>, i32", element="b8"), ST_ARGS),
        "'nvvm.stmatrix' op expected element type to be B16 for 8x8 matrix",
    ),
    (
        function(stmatrix("%p, %r", "!llvm.ptr<3>, i32", layout="col", m=16), ST_ARGS),
        "'nvvm.stmatrix' op expected element type to be B8 for 16x8 matrix",
    ),
    (
        function(stmatrix("%p, %r", "!llvm.ptr<3>, i32", m=16, element="b8"), ST_ARGS),
        "'nvvm.stmatrix' op expected layout to be col for 16x8 matrix",
    ),
    (
        function("%v = vector.shape_cast %x : vector<4x2xf16> to vector<4xf16>", "%x: vector<4x2xf16>"),
        "'vector.shape_cast' op has different number of elements at source (8) and result (4)",
    ),
    (
        function("%v = vector.shape_cast %x : vector<4x2xf16> to vector<8xi16>", "%x: vector<4x2xf16>"),
        "'vector.shape_cast' op has different source and result element types",
    ),
]


@pytest.mark.parametrize(("text", "message"), REFUSED, ids=[message for _, message in REFUSED])
def test_the_verifiers_refuse_what_upstream_refuses(text: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(text, "bad.mlir")
    assert message in str(refused.value)


def test_an_unknown_element_type_or_shape_key_does_not_read() -> None:
    with pytest.raises(IRError, match="b32"):
        parse_module(function(stmatrix("%p, %r", "!llvm.ptr<3>, i32", element="b32"), ST_ARGS), "bad.mlir")
    with pytest.raises(IRError, match="duplicate or unknown struct parameter name: k"):
        parse_module(
            function(
                "nvvm.stmatrix %p, %r {shape = #nvvm.ld_st_matrix_shape<m = 8, k = 8>} : !llvm.ptr<3>, i32", ST_ARGS
            ),
            "bad.mlir",
        )
