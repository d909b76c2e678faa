"""``tt.int_to_ptr``, ``tt.ptr_to_int`` and ``tt.unsplat`` read as Triton 3.9 reads them,
refuse what it refuses with its messages, and are elementwise (the casts) or pure."""

from __future__ import annotations

import pytest

from layoutdialect import IRError, parse_module
from layoutdialect.dialect.semantics import Elementwise, layout_rule
from layoutdialect.dialect.tt.elementwise import IntToPtrOp, PtrToIntOp
from layoutdialect.dialect.tt.ops import UnsplatOp

MODULE = """\
#b = #ttg.blocked<{{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}}>
#b2 = #ttg.blocked<{{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}}>
#c = #ttg.blocked<{{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32}} {{
  tt.func @f(%a: i64, %as: tensor<128xi64, #b>, %p: !tt.ptr<f32>, %ps: tensor<128x!tt.ptr<f32>, #b>, %i: i32,
             %one: tensor<1x1xf32, #b2>, %two: tensor<2xf32, #b>) {{
    {body}
    tt.return
  }}
}}
"""

REFUSED = [
    ("%0 = tt.unsplat %two : tensor<2xf32, #b>", "source tensor must have exactly one element"),
    ("%0 = tt.unsplat %i : i32", "custom op 'tt.unsplat' invalid kind of type specified: expected builtin.tensor"),
    (
        "%0 = tt.int_to_ptr %i : i32 -> !tt.ptr<f16>",
        "'tt.int_to_ptr' op operand #0 must be 64-bit signless integer or tensor of 64-bit signless integer values, "
        "but got 'i32'",
    ),
    ("%0 = tt.int_to_ptr %a : i64 -> i64", "'tt.int_to_ptr' op result #0 must be ptr or ranked tensor of ptr values"),
    (
        "%0 = tt.int_to_ptr %as : tensor<128xi64, #b> -> !tt.ptr<f16>",
        "'tt.int_to_ptr' op if an operand is non-scalar, then there must be at least one non-scalar result",
    ),
    (
        "%0 = tt.int_to_ptr %a : i64 -> tensor<128x!tt.ptr<f16>, #b>",
        "'tt.int_to_ptr' op if a result is non-scalar, then at least one operand must be non-scalar",
    ),
    (
        "%0 = tt.int_to_ptr %as : tensor<128xi64, #b> -> tensor<128x!tt.ptr<f16>, #c>",
        "'tt.int_to_ptr' op requires the same encoding for all operands and results",
    ),
    (
        "%0 = tt.int_to_ptr %as : tensor<128xi64, #b> -> tensor<64x!tt.ptr<f16>, #b>",
        "'tt.int_to_ptr' op all non-scalar operands/results must have the same shape and base type",
    ),
    (
        "%0 = tt.ptr_to_int %p : !tt.ptr<f32> -> i32",
        "'tt.ptr_to_int' op result #0 must be 64-bit signless integer or tensor of 64-bit signless integer values, "
        "but got 'i32'",
    ),
    (
        "%0 = tt.ptr_to_int %as : tensor<128xi64, #b> -> tensor<128xi64, #b>",
        "'tt.ptr_to_int' op operand #0 must be ptr or ranked tensor of ptr values",
    ),
]


@pytest.mark.parametrize(("body", "message"), REFUSED, ids=[m[:60] for _, m in REFUSED])
def test_triton_refuses_it_so_do_we(body: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(MODULE.format(body=body))
    assert message in str(refused.value)


def test_a_one_element_tensor_of_any_rank_unsplats_to_its_element_type() -> None:
    kernel = parse_module(MODULE.format(body="%0 = tt.unsplat %one : tensor<1x1xf32, #b2>"))
    (op,) = [op for op in kernel.walk() if isinstance(op, UnsplatOp)]
    assert str(op.result.type) == "f32"


def test_address_casts_keep_the_layout_and_unsplat_is_pure() -> None:
    body = "%0 = tt.int_to_ptr %as : tensor<128xi64, #b> -> tensor<128x!tt.ptr<f16>, #b>\n    " + (
        "%1 = tt.ptr_to_int %ps : tensor<128x!tt.ptr<f32>, #b> -> tensor<128xi64, #b>"
    )
    kernel = parse_module(MODULE.format(body=body))
    casts = [op for op in kernel.walk() if isinstance(op, IntToPtrOp | PtrToIntOp)]
    assert len(casts) == 2 and all(layout_rule(op) == Elementwise() for op in casts)
    assert not UnsplatOp.get_trait(Elementwise)
