"""The layout-blind interpreter computes what numpy computes, and the semantics check catches changes."""

from __future__ import annotations

import numpy as np
import pytest

from layoutdialect import make_context, parse_module
from layoutdialect.sim.same_semantics import SemanticsChanged, check_same_semantics
from layoutdialect.sim.tensor_program import TensorInterpreter
from layoutdialect.sim.tensor_values import OFFSET_BIAS, Memory, ProgramError, RunBudget, RunCutOff

CTX = make_context()

HEADER = """
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#vec = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#rows = #ttg.slice<{dim = 1, parent = #row}>
#cols = #ttg.slice<{dim = 0, parent = #row}>
"""

# out[i] = sum over j of (in[i*8 + j] * 2 + in[i*8 + j] converted through #col), for i, j < 8, n times.
KERNEL = (
    HEADER
    + """
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @kernel(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %two = arith.constant dense<2.0> : tensor<8x8xf32, #row>
    %eight = arith.constant dense<8> : tensor<8x1xi32, #row>
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #rows>
    %c = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #cols>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<8xi32, #rows> -> tensor<8x1xi32, #row>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<8xi32, #cols> -> tensor<1x8xi32, #row>
    %rs = arith.muli %re, %eight : tensor<8x1xi32, #row>
    %rb = tt.broadcast %rs : tensor<8x1xi32, #row> -> tensor<8x8xi32, #row>
    %cb = tt.broadcast %ce : tensor<1x8xi32, #row> -> tensor<8x8xi32, #row>
    %offsets = arith.addi %rb, %cb : tensor<8x8xi32, #row>
    %base = tt.splat %in : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>, #row>
    %ptrs = tt.addptr %base, %offsets : tensor<8x8x!tt.ptr<f32>, #row>, tensor<8x8xi32, #row>
    %x = tt.load %ptrs : tensor<8x8x!tt.ptr<f32>, #row>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<8x8xf32, #row>) : i32 {
      %t = ttg.convert_layout %a : tensor<8x8xf32, #row> -> tensor<8x8xf32, #col>
      %u = ttg.convert_layout %t : tensor<8x8xf32, #col> -> tensor<8x8xf32, #row>
      %d = arith.mulf %u, %two : tensor<8x8xf32, #row>
      %e = arith.addf %d, %x : tensor<8x8xf32, #row>
      scf.yield %e : tensor<8x8xf32, #row>
    }
    %sum = "tt.reduce"(%acc) <{axis = 1 : i32}> ({
    ^bb0(%l: f32, %m: f32):
      %s = arith.addf %l, %m : f32
      tt.reduce.return %s : f32
    }) : (tensor<8x8xf32, #row>) -> tensor<8xf32, #rows>
    %outs = tt.splat %out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>, #rows>
    %optrs = tt.addptr %outs, %r : tensor<8x!tt.ptr<f32>, #rows>, tensor<8xi32, #rows>
    tt.store %optrs, %sum : tensor<8x!tt.ptr<f32>, #rows>
    tt.return
  }
}
"""
)


def run_kernel(text: str, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Run ``@kernel`` on a known input buffer; return the input and the output buffer."""
    memory = Memory()
    rng = np.random.default_rng(7)
    arguments = [
        memory.new_buffer_of(rng.integers(-4, 4, 64).astype(np.float32)),
        memory.new_buffer_of(np.zeros(8, np.float32)),
        np.array(n, np.int32),
    ]
    TensorInterpreter(parse_module(text, "kernel", CTX), memory).call("kernel", arguments)
    return memory.buffers[0], memory.buffers[1]


@pytest.mark.parametrize("n", [0, 1, 3])
def test_kernel_computes_what_numpy_computes(n: int) -> None:
    source, output = run_kernel(KERNEL, n)
    tile = source[:64].reshape(8, 8)
    accumulator = tile.copy()
    for _ in range(n):
        accumulator = accumulator * 2 + tile
    np.testing.assert_array_equal(output[:8], accumulator.sum(axis=1))


def test_masked_load_takes_other_and_masked_store_skips() -> None:
    text = (
        HEADER
        + """
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @kernel(%p: !tt.ptr<i32>, %q: !tt.ptr<i32>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #vec>
    %four = arith.constant dense<4> : tensor<128xi32, #vec>
    %minus = arith.constant dense<-1> : tensor<128xi32, #vec>
    %mask = arith.cmpi slt, %r, %four : tensor<128xi32, #vec>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #vec>
    %pp = tt.addptr %ps, %r : tensor<128x!tt.ptr<i32>, #vec>, tensor<128xi32, #vec>
    %x = tt.load %pp, %mask, %minus : tensor<128x!tt.ptr<i32>, #vec>
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #vec>
    %qq = tt.addptr %qs, %r : tensor<128x!tt.ptr<i32>, #vec>, tensor<128xi32, #vec>
    %odd = arith.andi %r, %four : tensor<128xi32, #vec>
    %keep = arith.cmpi ne, %odd, %four : tensor<128xi32, #vec>
    tt.store %qq, %x, %keep : tensor<128x!tt.ptr<i32>, #vec>
    tt.return
  }
}
"""
    )
    memory = Memory()
    source = np.arange(100, 228, dtype=np.int32)
    arguments = [memory.new_buffer_of(source), memory.new_buffer_of(np.full(128, 7, np.int32))]
    TensorInterpreter(parse_module(text, "kernel", CTX), memory).call("kernel", arguments)
    index = np.arange(128)
    loaded = np.where(index < 4, source, -1)
    np.testing.assert_array_equal(memory.buffers[1], np.where(index & 4 != 4, loaded, 7))


@pytest.mark.parametrize(
    ("predicate", "expected"),
    [
        ("oeq", [False, True, False, False]),
        ("une", [True, False, True, True]),
        ("ult", [True, False, False, True]),
        ("uno", [True, False, False, True]),
        ("ord", [False, True, True, False]),
        ("ogt", [False, False, True, False]),
    ],
)
def test_float_comparisons_treat_nan_as_unordered(predicate: str, expected: list[bool]) -> None:
    text = f"""
module {{
  tt.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {{
    %c = arith.cmpf {predicate}, %a, %b : tensor<4xf32>
    tt.return %c : tensor<4xi1>
  }}
}}
"""
    a = np.array([np.nan, 1.0, 3.0, 5.0], np.float32)
    b = np.array([0.0, 1.0, 2.0, np.nan], np.float32)
    (result,) = TensorInterpreter(parse_module(text, "f", CTX), Memory()).call("f", [a, b])
    assert result.tolist() == expected


def test_integer_arithmetic_wraps_at_its_width_and_divides_towards_zero() -> None:
    text = """
module {
  tt.func @f(%a: tensor<2xi8>, %b: tensor<2xi8>) -> (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) {
    %s = arith.addi %a, %b : tensor<2xi8>
    %q = arith.divsi %a, %b : tensor<2xi8>
    %r = arith.remsi %a, %b : tensor<2xi8>
    %u = arith.shrui %a, %b : tensor<2xi8>
    tt.return %s, %q, %r, %u : tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
  }
}
"""
    a, b = np.array([120, -7], np.int8), np.array([10, 2], np.int8)
    total, quotient, remainder, shifted = TensorInterpreter(parse_module(text, "f", CTX), Memory()).call("f", [a, b])
    assert total.tolist() == [-126, -5]
    assert quotient.tolist() == [12, -3]
    assert remainder.tolist() == [0, -1]
    assert shifted.tolist() == [0, (249 >> 2)]


def test_an_op_with_regions_the_interpreter_does_not_model_is_a_program_error() -> None:
    text = """
module {
  tt.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    %c = arith.constant 0 : index
    %b = scf.index_switch %c -> tensor<4xf32>
    default {
      scf.yield %a : tensor<4xf32>
    }
    tt.return %b : tensor<4xf32>
  }
}
"""
    with pytest.raises(ProgramError, match="'scf.index_switch' is not interpreted"):
        TensorInterpreter(parse_module(text, "f", CTX), Memory()).call("f", [np.zeros(4, np.float32)])


def test_a_pure_op_without_a_model_is_a_fixed_function_of_its_operands() -> None:
    text = """
module {
  tt.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    %b = math.cbrt %a : tensor<4xf32>
    tt.return %b : tensor<4xf32>
  }
}
"""
    module = parse_module(text, "f", CTX)
    run = TensorInterpreter(module, Memory()).call
    zeros, ones = np.zeros(4, np.float32), np.ones(4, np.float32)
    assert np.array_equal(run("f", [zeros])[0], run("f", [zeros.copy()])[0])
    assert not np.array_equal(run("f", [zeros])[0], run("f", [ones])[0])


def test_an_op_with_effects_and_no_model_is_an_observer() -> None:
    text = """
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%n: i32) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
"""
    interpreter = TensorInterpreter(parse_module(text, "f", CTX), Memory())
    interpreter.call("f", [np.int32(3)])
    assert [name.split()[0] for name, _ in interpreter.observed] == ["ttng.init_barrier"]


def test_pointers_keep_negative_offsets_in_their_buffer() -> None:
    memory = Memory()
    first = memory.new_buffer_of(np.arange(10, dtype=np.int32))
    second = memory.new_buffer_of(np.arange(10, 20, dtype=np.int32))
    pointers = np.array([first - 1, second - 1, second + 3], np.int64)
    loaded = memory.load(pointers, np.ones(3, np.bool_), np.zeros((), np.int32), np.dtype(np.int32))
    assert loaded.tolist() == [9, 19, 13]
    assert int(first) & ((1 << 40) - 1) == OFFSET_BIAS


def test_the_check_accepts_dropped_conversions_and_catches_a_changed_op_and_a_dropped_store() -> None:
    original = parse_module(KERNEL, "kernel", CTX)
    without_conversions = (
        KERNEL.replace("      %t = ttg.convert_layout %a : tensor<8x8xf32, #row> -> tensor<8x8xf32, #col>\n", "")
        .replace("      %u = ttg.convert_layout %t : tensor<8x8xf32, #col> -> tensor<8x8xf32, #row>\n", "")
        .replace("arith.mulf %u, %two", "arith.mulf %a, %two")
    )
    assert without_conversions.count("convert_layout") == 0
    check_same_semantics(original, parse_module(without_conversions, "k", CTX))
    changed = KERNEL.replace("%s = arith.addf %l, %m", "%s = arith.maxnumf %l, %m")
    with pytest.raises(SemanticsChanged, match="@kernel: global buffer #1 differs"):
        check_same_semantics(original, parse_module(changed, "k", CTX))
    dropped = KERNEL.replace("    tt.store %optrs, %sum : tensor<8x!tt.ptr<f32>, #rows>\n", "")
    with pytest.raises(SemanticsChanged, match="global buffer #1 differs"):
        check_same_semantics(original, parse_module(dropped, "k", CTX))


def test_histogram_counts_unmasked_values_per_bin_and_gather_indexes_along_its_axis() -> None:
    text = """
module {
  tt.func @f(%x: tensor<8xi32>, %m: tensor<8xi1>, %s: tensor<2x4xf32>, %i: tensor<2x2xi32>)
      -> (tensor<4xi32>, tensor<4xi32>, tensor<2x2xf32>) {
    %h = tt.histogram %x : tensor<8xi32> -> tensor<4xi32>
    %hm = tt.histogram %x, %m : tensor<8xi32> -> tensor<4xi32>
    %g = tt.gather %s[%i] {axis = 1 : i32} : (tensor<2x4xf32>, tensor<2x2xi32>) -> tensor<2x2xf32>
    tt.return %h, %hm, %g : tensor<4xi32>, tensor<4xi32>, tensor<2x2xf32>
  }
}
"""
    values = np.array([0, 1, 1, 3, 3, 3, 7, -1], np.int32)
    mask = np.array([1, 1, 0, 1, 0, 1, 1, 1], np.bool_)
    source = np.arange(8, dtype=np.float32).reshape(2, 4)
    indices = np.array([[3, 0], [2, 5]], np.int32)
    interpreter = TensorInterpreter(parse_module(text, "f", CTX), Memory())
    counts, masked, gathered = interpreter.call("f", [values, mask, source, indices])
    assert counts.tolist() == [1, 2, 0, 3]
    assert masked.tolist() == [1, 1, 0, 2]
    assert gathered.tolist() == [[3, 0], [6, 5]]  # index 5 wraps to 1


def test_scan_combines_prefixes_and_fp4_unpacks_low_nibble_first() -> None:
    text = """
module {
  tt.func @f(%x: tensor<2x4xi32>, %p: tensor<2x2xi8>) -> (tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xbf16>) {
    %fwd = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.subi %b, %a : i32
      tt.scan.return %s : i32
    }) : (tensor<2x4xi32>) -> tensor<2x4xi32>
    %rev = "tt.scan"(%x) <{axis = 1 : i32, reverse = true}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<2x4xi32>) -> tensor<2x4xi32>
    %f = ttg.fp4_to_fp %p {axis = 1 : i32} : tensor<2x2xi8> -> tensor<2x4xbf16>
    tt.return %fwd, %rev, %f : tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xbf16>
  }
}
"""
    x = np.array([[1, 2, 3, 4], [10, 20, 30, 40]], np.int32)
    packed = np.array([[0x21, 0x7F], [0x9A, 0x00]], np.uint8).view(np.int8)
    forward, backward, unpacked = TensorInterpreter(parse_module(text, "f", CTX), Memory()).call("f", [x, packed])
    assert forward.tolist() == [[1, 1, 2, 2], [10, 10, 20, 20]]  # b - a, left to right
    assert backward.tolist() == [[10, 9, 7, 4], [100, 90, 70, 40]]
    assert unpacked.astype(np.float32).tolist() == [[0.5, 1.0, -6.0, 6.0], [-1.0, -0.5, 0.0, 0.0]]


@pytest.mark.parametrize(
    ("width", "a", "b", "total", "unsigned_quotient", "below"),
    [
        (4, 1, 7, -8, 0, True),
        (4, -1, 2, 1, 7, False),
        (17, 65535, 65535, -2, 1, False),
        (128, (1 << 126), (1 << 126), -(1 << 127), 1, False),
        (128, -1, 3, 2, ((1 << 128) - 1) // 3, False),
    ],
)
def test_any_integer_width_wraps_and_reads_unsigned_at_that_width(
    width: int, a: int, b: int, total: int, unsigned_quotient: int, below: bool
) -> None:
    text = """
module {
  tt.func @f(%a: iW, %b: iW) -> (iW, iW, i1) {
    %s = arith.addi %a, %b : iW
    %q = arith.divui %a, %b : iW
    %c = arith.cmpi ult, %a, %b : iW
    tt.return %s, %q, %c : iW, iW, i1
  }
}
""".replace("iW", f"i{width}")
    held = np.dtype(object) if width > 64 else np.dtype(f"int{max(8, 1 << (width - 1).bit_length())}")
    run = TensorInterpreter(parse_module(text, "f", CTX), Memory()).call
    s, q, c = run("f", [np.array(a, held), np.array(b, held)])
    assert (int(s), int(q), bool(c)) == (
        total,
        unsigned_quotient - (1 << width) * (unsigned_quotient >= 1 << (width - 1)),
        below,
    )


def test_a_loop_with_a_negative_step_runs_as_mlir_lowers_it() -> None:
    """``scf.for`` runs while the index is below the upper bound: no iteration when the
    lower bound is not below it, and until the budget stops it otherwise."""
    text = """
module {
  tt.func @f(%lo: i32, %hi: i32) -> i32 {
    %step = arith.constant -1 : i32
    %zero = arith.constant 0 : i32
    %r = scf.for %i = %lo to %hi step %step iter_args(%n = %zero) -> (i32) : i32 {
      %m = arith.addi %n, %i : i32
      scf.yield %m : i32
    }
    tt.return %r : i32
  }
}
"""
    module = parse_module(text, "f", CTX)
    assert int(TensorInterpreter(module, Memory()).call("f", [np.int32(5), np.int32(2)])[0]) == 0
    with pytest.raises(RunCutOff, match="work budget"):
        TensorInterpreter(module, Memory(), budget=RunBudget(1 << 16)).call("f", [np.int32(2), np.int32(5)])


def test_a_loop_cap_leaves_each_loop_execution_after_that_many_iterations() -> None:
    """``RunBudget.loop_cap`` truncates ``scf.for`` and ``scf.while`` alike, each execution
    of each loop on its own: here 3 outer iterations of 2 inner ones, not 10 of 10."""
    text = """
module {
  tt.func @f(%n: i32) -> (i32, i32) {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %outer = scf.for %i = %zero to %n step %one iter_args(%a = %zero) -> (i32) : i32 {
      %inner = scf.for %j = %zero to %n step %one iter_args(%b = %a) -> (i32) : i32 {
        %c = arith.addi %b, %one : i32
        scf.yield %c : i32
      }
      scf.yield %inner : i32
    }
    %counted = scf.while (%k = %zero) : (i32) -> i32 {
      %more = arith.cmpi slt, %k, %n : i32
      scf.condition(%more) %k : i32
    } do {
    ^bb0(%k: i32):
      %next = arith.addi %k, %one : i32
      scf.yield %next : i32
    }
    tt.return %outer, %counted : i32, i32
  }
}
"""
    module = parse_module(text, "f", CTX)
    whole = TensorInterpreter(module, Memory()).call("f", [np.int32(10)])
    assert [int(v) for v in whole] == [100, 10]
    capped = TensorInterpreter(module, Memory(), budget=RunBudget(1 << 20, loop_cap=3)).call("f", [np.int32(10)])
    assert [int(v) for v in capped] == [9, 3]


def test_addresses_cast_both_ways_and_unsplat_reads_the_one_element() -> None:
    """A pointer's address, advanced as an integer and cast back, reads where ``tt.addptr``
    would; ``tt.unsplat`` gives the one element of its tensor."""
    text = """
module {
  tt.func @f(%in: !tt.ptr<i32>, %one: tensor<1xf32>) -> (i32, f32) {
    %address = tt.ptr_to_int %in : !tt.ptr<i32> -> i64
    %c8 = arith.constant 8 : i64
    %moved = arith.addi %address, %c8 : i64
    %p = tt.int_to_ptr %moved : i64 -> !tt.ptr<i32>
    %x = tt.load %p : !tt.ptr<i32>
    %s = tt.unsplat %one : tensor<1xf32>
    tt.return %x, %s : i32, f32
  }
}
"""
    memory = Memory()
    buffer = memory.new_buffer_of(np.arange(10, 20, dtype=np.int32))
    loaded, element = TensorInterpreter(parse_module(text, "f", CTX), memory).call(
        "f", [buffer, np.array([2.5], np.float32)]
    )
    assert int(loaded) == 12 and float(element) == 2.5
