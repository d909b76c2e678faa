"""``dense<...>`` literals (``layoutdialect.ir.dense`` and the parser): a splat is
built once and, past ``SPLATS_WRITTEN_OUT`` elements, held as its one element, so
reading, verifying and printing it does not grow with its type; every literal prints as
it read.  The messages are MLIR's; Triton 3.9 gave each of them for the same literal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr

from layoutdialect import IRError, parse_module, print_module
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.semantics import SplatConstantRecreatable
from layoutdialect.ir.dense import SPLATS_WRITTEN_OUT, element_count, splat_bytes, splat_value

BLOCKED = "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"


def kernel(*constants: str) -> str:
    lines = "".join(f"    %{index} = arith.constant {constant}\n" for index, constant in enumerate(constants))
    return (
        'module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {\n'
        f"  tt.func @f() {{\n{lines}    tt.return\n  }}\n}}\n"
    )


def constants(text: str) -> list[DenseIntOrFPElementsAttr]:
    module = parse_module(text, "k.mlir", make_context())
    return [op.value for op in module.walk() if isinstance(op, arith.ConstantOp)]  # type: ignore[misc]


def test_a_splat_past_the_written_out_size_holds_one_element_and_reads_back_its_value() -> None:
    (zeros, nans, huge) = constants(
        kernel(
            f"dense<0> : tensor<{2 * SPLATS_WRITTEN_OUT}xi32>",
            f"dense<0x7FC00000> : tensor<{2 * SPLATS_WRITTEN_OUT}xf32>",
            "dense<-3> : tensor<1099511627776xi8>",
        )
    )
    assert [len(attribute.data.data) for attribute in (zeros, nans, huge)] == [4, 4, 1]
    assert element_count(huge) == 1099511627776
    assert splat_value(zeros) == 0 and splat_value(huge) == -3
    assert splat_bytes(nans) == bytes.fromhex("0000C07F")


def test_a_splat_up_to_the_written_out_size_gives_every_element() -> None:
    """What reads a kernel's constants element by element (the tensor interpreter) sees
    them all for every tensor Triton allows."""
    (ones,) = constants(kernel(f"dense<1.5> : tensor<{SPLATS_WRITTEN_OUT}xf32, {BLOCKED}>"))
    assert ones.get_values() == (1.5,) * SPLATS_WRITTEN_OUT
    assert splat_value(ones) == 1.5


def test_a_literal_whose_elements_differ_has_no_splat_value() -> None:
    (mixed, one) = constants(kernel("dense<[1, 2, 1, 1]> : tensor<4xi32>", "dense<[7]> : tensor<1xi32>"))
    assert splat_bytes(mixed) is None and splat_value(mixed) is None
    assert splat_value(one) == 7


def test_a_splat_held_as_one_element_is_built_again_in_another_layout_as_one() -> None:
    other = BLOCKED.replace("sizePerThread = [1]", "sizePerThread = [4]")
    text = kernel(
        f"dense<2> : tensor<{4 * SPLATS_WRITTEN_OUT}xi32, {BLOCKED}>",
        f"dense<0> : tensor<{4 * SPLATS_WRITTEN_OUT}xi32, {other}>",
    )
    module = parse_module(text, "k.mlir", make_context())
    constant, elsewhere = [op for op in module.walk() if isinstance(op, arith.ConstantOp)]
    trait = SplatConstantRecreatable()
    assert trait.holds_anywhere(constant)
    rebuilt = trait.rebuild(constant, elsewhere.result.type)  # type: ignore[arg-type]
    assert isinstance(rebuilt, arith.ConstantOp) and rebuilt.result.type == elsewhere.result.type
    assert len(rebuilt.value.data.data) == 4 and splat_value(rebuilt.value) == 2  # type: ignore[arg-type]


SPLATS = [
    "dense<0> : tensor<2097152xi32>",
    "dense<1> : tensor<1099511627776xi32>",
    "dense<-1.500000e+00> : tensor<9223372036854775807xf32>",
    "dense<0x7FC00000> : tensor<4194304xf32>",
    "dense<0xFF800000> : tensor<16xf32>",
    "dense<true> : tensor<4194304xi1>",
    "dense<7> : tensor<3x1048576xindex>",
    "dense<1.000000e+00> : tensor<8xf16>",
    "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>",
    "dense<> : tensor<0xi32>",
]


@pytest.mark.parametrize("literal", SPLATS)
def test_a_literal_prints_as_it_reads_and_printing_is_a_fixed_point(literal: str) -> None:
    printed = print_module(parse_module(kernel(literal), "k.mlir", make_context()))
    assert f"arith.constant {literal}\n" in printed
    assert print_module(parse_module(printed, "k.mlir", make_context())) == printed


@settings(deadline=None)
@given(
    st.lists(st.integers(1, 1 << 20), min_size=1, max_size=3),
    st.sampled_from(["i8", "i32", "i64", "f16", "f32"]),
    st.integers(-100, 100),
)
def test_any_splat_reads_and_prints_back_the_same(dims: list[int], element: str, value: int) -> None:
    literal = f"dense<{value if element[0] == 'i' else f'{value:.6e}'}> : tensor<{'x'.join(map(str, dims))}x{element}>"
    printed = print_module(parse_module(kernel(literal), "k.mlir", make_context()))
    assert f"arith.constant {literal}\n" in printed


def shapes_differ(literal: str, type_: str) -> str:
    return f"inferred shape of elements literal ({literal}) does not match type ({type_})"


def hex_size(type_: str) -> str:
    return f"elements hex data size is invalid for provided type: '{type_}'"


# Triton 3.9's messages for literals that do not fill their type, at the `dense` keyword
# (column 25 of the kernel's line) or, for a string that is no hex, at the string.
HUGE = "tensor<1099511627776xi32>"
REFUSED = [
    (f"dense<[1, 2]> : {HUGE}", 25, shapes_differ("[2]", "[1099511627776]")),
    ("dense<[[1, 2]]> : tensor<1099511627776x2xi32>", 25, shapes_differ("[1, 2]", "[1099511627776, 2]")),
    ("dense<[1]> : tensor<4xi32>", 25, shapes_differ("[1]", "[4]")),
    ("dense<[1, 2]> : tensor<i32>", 25, shapes_differ("[2]", "[]")),
    (f'dense<"0x0100000002000000"> : {HUGE}', 25, hex_size(HUGE)),
    ('dense<"0x01"> : tensor<4xi32>', 25, hex_size("tensor<4xi32>")),
    ("dense<> : tensor<2xi32>", 25, "parsed zero elements, but type ('tensor<2xi32>') expected at least 1"),
    ('dense<"0xZZ"> : tensor<4xi32>', 31, "expected string containing hex digits starting with `0x`"),
]


@pytest.mark.parametrize(("literal", "column", "message"), REFUSED)
def test_a_literal_that_does_not_fill_its_type_is_mlirs_located_error(literal: str, column: int, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(kernel(literal), "k.mlir", make_context())
    assert refused.value.message == message
    assert (refused.value.location.line, refused.value.location.column) == (3, column)


def test_a_type_with_more_elements_than_an_int64_counts_is_a_located_error() -> None:
    """Triton 3.9 stops on MLIR's assertion here."""
    with pytest.raises(IRError, match="integer overflow in element count computation") as refused:
        parse_module(kernel("dense<0> : tensor<1099511627776x1099511627776xi32>"), "k.mlir", make_context())
    assert refused.value.location.line == 3
