"""Byte permutes: ``nvvm.prmt`` reads and prints as upstream MLIR's, with its verifier, and the
simulator's ``prmt`` picks the bytes PTX defines in every mode; conversions that pack
sub-word elements along transposed register bits use it, and get it right."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from xdsl.dialects.builtin import TensorType, f16, i8, i32
from xdsl.ir import Attribute, Block

from layoutdialect import IRError, LinearEncoding, LinearLayout, encoding_attr, parse_module, print_module
from layoutdialect.analysis.warp_shuffles import decompose_warp_conversion
from layoutdialect.dialect.upstream.nvvm import PermuteMode, PermuteOp
from layoutdialect.lowering.layout_conversion import lower_detached, plan_layout_conversion
from layoutdialect.sim.byte_permute import MODE_CONTROLS, byte_permute
from layoutdialect.sim.cta import CTASimulator
from layoutdialect.sim.verify import ConversionMismatch, verify_conversion
from layoutdialect.target import SharedMemory

PERMUTES = """func.func @f(%sel: i32, %lo: i32, %hi: i32) -> i32 {
  %r1 = nvvm.prmt #nvvm.permute_mode<default> %sel, %lo, %hi : i32
  %r2 = nvvm.prmt #nvvm.permute_mode<rc8> %sel, %r1 : i32
  %r3 = nvvm.prmt #nvvm.permute_mode<b4e> %sel, %lo, %r2 : i32
  func.return %r3 : i32
}
"""

WORDS = st.integers(0, 2**32 - 1)


def test_prmt_prints_as_upstream_mlir_and_reads_back() -> None:
    printed = print_module(parse_module(PERMUTES, "p.mlir"))
    for line in PERMUTES.splitlines()[1:-2]:
        assert line.strip() in printed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("%r = nvvm.prmt #nvvm.permute_mode<default> %sel, %lo : i32", "mode 'default' requires 'hi' operand"),
        ("%r = nvvm.prmt #nvvm.permute_mode<ecl> %sel, %lo, %hi : i32", "mode 'ecl' does not accept 'hi' operand"),
    ],
)
def test_prmt_takes_hi_exactly_in_the_eight_byte_modes(text: str, message: str) -> None:
    module = f"func.func @f(%sel: i32, %lo: i32, %hi: i32) {{\n  {text}\n  func.return\n}}\n"
    with pytest.raises(IRError, match=message):
        parse_module(module, "bad.mlir")


def reference_prmt(lo: int, hi: int, selector: int, mode: PermuteMode) -> int:
    """PTX's definition, one byte at a time, with the fixed modes' tables written out as PTX lists
    them (result bytes 3 to 0)."""
    tables = {
        PermuteMode.F4E: [[3, 2, 1, 0], [4, 3, 2, 1], [5, 4, 3, 2], [6, 5, 4, 3]],
        PermuteMode.B4E: [[5, 6, 7, 0], [6, 7, 0, 1], [7, 0, 1, 2], [0, 1, 2, 3]],
        PermuteMode.RC8: [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]],
        PermuteMode.ECL: [[3, 2, 1, 0], [3, 2, 1, 1], [3, 2, 2, 2], [3, 3, 3, 3]],
        PermuteMode.ECR: [[0, 0, 0, 0], [1, 1, 1, 0], [2, 2, 1, 0], [3, 2, 1, 0]],
        PermuteMode.RC16: [[1, 0, 1, 0], [3, 2, 3, 2], [1, 0, 1, 0], [3, 2, 3, 2]],
    }
    source = lo.to_bytes(4, "little") + hi.to_bytes(4, "little")
    result = bytearray(4)
    for i in range(4):
        if mode is PermuteMode.DEFAULT:
            control = selector >> 4 * i & 0xF
            byte = source[control & 7]
            result[i] = (0xFF if byte & 0x80 else 0) if control & 8 else byte
        else:
            result[i] = source[tables[mode][selector & 3][3 - i]]
    return int.from_bytes(result, "little")


@given(WORDS, WORDS, WORDS, st.sampled_from(list(PermuteMode)))
def test_the_simulated_prmt_is_ptxs(lo: int, hi: int, selector: int, mode: PermuteMode) -> None:
    assert int(byte_permute(np.uint64(lo), np.uint64(hi), np.uint64(selector), mode)) == reference_prmt(
        lo, hi, selector, mode
    )


def test_the_mode_tables_agree_with_ptx_on_named_patterns() -> None:
    lo, hi = 0x33221100, 0x77665544
    assert int(byte_permute(lo, hi, 0x3210)) == lo and int(byte_permute(lo, hi, 0x7654)) == hi
    assert int(byte_permute(lo, hi, 1, PermuteMode.F4E)) == 0x44332211
    assert int(byte_permute(lo, hi, 2, PermuteMode.RC8)) == 0x22222222
    assert int(byte_permute(0x80FF7F01, 0, 0xBA98)) == 0xFFFF0000
    assert set(MODE_CONTROLS) == set(PermuteMode) - {PermuteMode.DEFAULT}


def test_prmt_runs_per_thread_in_the_simulator() -> None:
    block = Block(arg_types=[i32, i32, i32])
    op = PermuteOp(block.args[0], block.args[1], block.args[2])
    sim = CTASimulator(1, 1, 4)
    lanes = np.arange(4, dtype=np.uint64).reshape(1, 1, 4)
    inputs = {block.args[0]: lanes, block.args[1]: lanes << np.uint64(8), block.args[2]: np.uint64(0x0577)}
    result = sim.run([op], inputs)[op.res]
    assert result[0, 0].tolist() == [lane << 24 | lane << 16 for lane in range(4)]


# ------------------------------------------------------------------ conversions


def exchange(bits_per_element: int) -> tuple[LinearLayout, LinearLayout]:
    """Register bit 0 and lane bit 0 trade places (two elements per lane, 32 lanes)."""
    lanes = [[4], [8], [16], [32]]
    src = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2], *lanes]), ("warp", []), ("block", [])], ["dim0"])
    dst = LinearLayout.from_bases([("register", [[2]]), ("lane", [[1], *lanes]), ("warp", []), ("block", [])], ["dim0"])
    return src, dst


@pytest.mark.parametrize(("bits", "permutes"), [(8, 1), (16, 1), (32, 0), (1, 0)])
def test_packing_along_the_transposed_bit_is_chosen_when_cheaper(bits: int, permutes: int) -> None:
    """Two 8- or 16-bit elements share a word and one permute splices in the partner's: 1 shuffle,
    1 select, 1 permute, against 1 shuffle and 3 selects on two half-empty words; 32-bit and
    sub-byte elements keep the selects."""
    warp = decompose_warp_conversion(*exchange(bits), bits)
    assert warp is not None and warp.permutes == permutes
    assert (warp.shuffles, warp.selects) == ((1, 1) if permutes else (1, 3))


@pytest.mark.parametrize(
    ("bits", "even", "odd"),
    [(16, 0x5410, 0x3276), (8, 0x3240, 0x3215)],
)
def test_the_selectors_keep_own_elements_and_splice_the_partners(bits: int, even: int, odd: int) -> None:
    """f16: even lanes keep their low half and take the partner's low half as their high half;
    odd lanes take the partner's high half as their low half.  i8 (two bytes in the word, its
    upper half padding): the same with bytes."""
    warp = decompose_warp_conversion(*exchange(bits), bits)
    assert warp is not None
    assert (warp.permute_selector(0, 0), warp.permute_selector(0, 1)) == (even, odd)


@pytest.mark.parametrize(("element", "bits"), [(i8, 8), (f16, 16)], ids=["i8", "f16"])
def test_swapping_the_two_selectors_fails_verification(element: Attribute, bits: int) -> None:
    """The lowering verifies, and the same code with even and odd lanes' selectors swapped does not."""
    src, dst = exchange(bits)
    shape = [size for _, size in src.out_dims]
    source_type = TensorType(element, shape, encoding_attr(LinearEncoding(src)))
    result_type = TensorType(element, shape, encoding_attr(LinearEncoding(dst)))
    block, _, code = lower_detached(plan_layout_conversion(src, dst, bits, SharedMemory()), source_type, result_type)
    ops, result = code.ops, code.result
    verify_conversion(ops, block.args[0], result, src, dst, bits)
    (select,) = [op for op in ops if op.name == "arith.select"]
    select.operands = [select.operands[0], select.operands[2], select.operands[1]]
    with pytest.raises(ConversionMismatch):
        verify_conversion(ops, block.args[0], result, src, dst, bits)
