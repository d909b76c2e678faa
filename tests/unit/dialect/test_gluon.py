"""Gluon's placeholder encodings and ``gluon.set_auto_layout``: the layout checks pass the
placeholders as Triton 3.9's ``verifyTensorLayouts`` does, and the verifier refuses what
Triton refuses, with its messages."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import TensorType, i32
from xdsl.transforms.dead_code_elimination import dce

from layoutdialect import IRError, parse_module
from layoutdialect.dialect.gluon.ops import AutoEncodingAttr, CoalescedEncodingAttr, SetAutoLayoutOp
from layoutdialect.dialect.ttg.layout_checks import layout_problem

BLOCKED = "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"
AUTO = "tensor<16xi32, #gluon.auto_encoding>"

KERNEL = (
    f"#blocked = {BLOCKED}\n"
    'module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {\n'
    f"  tt.func @f(%auto: {AUTO}, %blocked: tensor<16xi32, #blocked>,\n"
    "      %coalesced: tensor<16xi32, #gluon.coalesced_encoding>) {\n"
    "    BODY\n"
    "    tt.return\n"
    "  }\n"
    "}\n"
)


def kernel(body: str) -> str:
    """``body`` in a 4-warp kernel whose function has an auto-encoded ``%auto``, a blocked
    ``%blocked`` and a coalesced-placeholder ``%coalesced``, all ``16xi32``."""
    return KERNEL.replace("BODY", body)


REFUSED = [
    (
        "%r = gluon.set_auto_layout %blocked : tensor<16xi32, #blocked> -> tensor<16xi32, #blocked>",
        "'gluon.set_auto_layout' op input tensor must have an auto layout type",
    ),
    (
        "%r = gluon.set_auto_layout %coalesced : tensor<16xi32, #gluon.coalesced_encoding> -> " + AUTO,
        "'gluon.set_auto_layout' op input tensor must have an auto layout type",
    ),
    (
        f"%r = gluon.set_auto_layout %auto : {AUTO} -> {AUTO}",
        "'gluon.set_auto_layout' op result type must not be auto layout",
    ),
    (
        f"%r = gluon.set_auto_layout %auto : {AUTO} -> tensor<16xi32>",
        "'gluon.set_auto_layout' op result tensor must have an encoding",
    ),
    (
        f"%r = gluon.set_auto_layout %auto : {AUTO} -> tensor<32xi32, #blocked>",
        "'gluon.set_auto_layout' op requires the same shape for all operands and results",
    ),
    (
        f"%r = gluon.set_auto_layout %auto : {AUTO} -> tensor<16xf32, #blocked>",
        "'gluon.set_auto_layout' op requires the same element type for all operands and results",
    ),
    (
        f"%r = gluon.set_auto_layout %auto : {AUTO} -> tensor<16xi32, "
        "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>>",
        "Layout has 8 warps per CTA, but the context requires 4 warps per CTA.",
    ),
]


@pytest.mark.parametrize(("body", "message"), REFUSED, ids=[m[:60] for _, m in REFUSED])
def test_triton_refuses_it_so_do_we(body: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(kernel(body))
    assert message in str(refused.value)


ACCEPTED = [
    f"%r = gluon.set_auto_layout %auto : {AUTO} -> tensor<16xi32, #blocked>",
    f"%r = gluon.set_auto_layout %auto : {AUTO} -> tensor<16xi32, #gluon.coalesced_encoding>",
    f"%r = gluon.set_auto_layout %auto : {AUTO} -> tensor<16xi32, #ttg.slice<{{dim = 0, parent = #ttg.blocked<"
    "{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>}>>",
    f"%r = ttg.convert_layout %blocked : tensor<16xi32, #blocked> -> {AUTO}",
    f"%r = tt.expand_dims %auto {{axis = 0 : i32}} : {AUTO} -> tensor<1x16xi32, #gluon.auto_encoding>",
    "%r = arith.addi %coalesced, %coalesced : tensor<16xi32, #gluon.coalesced_encoding>",
]


@pytest.mark.parametrize("body", ACCEPTED)
def test_triton_accepts_it_so_do_we(body: str) -> None:
    parse_module(kernel(body))


@pytest.mark.parametrize("placeholder", [AutoEncodingAttr(), CoalescedEncodingAttr()])
def test_placeholders_fit_any_kernel(placeholder: AutoEncodingAttr | CoalescedEncodingAttr) -> None:
    """Triton's ``verifyTensorLayouts`` asks the encoding's dialect; ``gluon`` has no
    ``DialectVerifyTensorLayoutInterface``, so its placeholders are never refused there."""
    op = SetAutoLayoutOp.create(operands=[], result_types=[TensorType(i32, [3], placeholder)])
    assert layout_problem(TensorType(i32, [3], placeholder), op) is None


def test_set_auto_layout_is_not_dead_code() -> None:
    """Triton declares no memory effects for it, so it is not removed even when unused."""
    module = parse_module(kernel(f"%r = gluon.set_auto_layout %auto : {AUTO} -> tensor<16xi32, #blocked>"))
    dce(module)
    assert any(op.name == "gluon.set_auto_layout" for op in module.walk())
