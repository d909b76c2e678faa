"""``ttng.packed_arith``: the signatures Triton 3.9 accepts (all 110 of the 2,940 element type
combinations it was asked about), the fp4 axis, and the verifier's refusals with Triton's messages."""

from __future__ import annotations

import itertools

import pytest
from xdsl.transforms.dead_code_elimination import dce

from layoutdialect import IRError, parse_module
from layoutdialect.dialect.ttng.packed_arith import (
    PACKED_ARITH_KINDS,
    PackedType,
    fp4_axis,
    has_signature,
)

F32, F16, BF16 = PackedType("f32x2", 2, "f"), PackedType("f16x2", 2, "h"), PackedType("bf16x2", 2, "b")
E5M2, E4M3 = PackedType("e5m2x4", 4, "5"), PackedType("e4m3x4", 4, "4")
E2M1, UE8M0 = PackedType("e2m1x4", 4, "2"), PackedType("ue8m0x4", 4, "u")
OPERANDS = (F32, F16, BF16, E5M2, E4M3, E2M1, UE8M0)
RESULTS = (F32, F16, BF16, E5M2, E4M3)
EIGHT_BITS = (E5M2, E4M3, E2M1, UE8M0)


def _triton_signatures() -> set[tuple[str, PackedType, tuple[PackedType, ...]]]:
    """What Triton 3.9 accepts: each ``(kind, result, operands)``."""
    accepted: set[tuple[str, PackedType, tuple[PackedType, ...]]] = set()
    for kind in ("add", "sub"):
        accepted |= {(kind, F32, (a, F32)) for a in (F32, F16, BF16)}
        accepted |= {(kind, F16, (F32, F32)), (kind, F16, (F16, F16))}
        accepted |= {(kind, BF16, (F32, F32)), (kind, BF16, (BF16, BF16))}
        accepted |= {(kind, r, (a, r)) for r in (E5M2, E4M3) for a in EIGHT_BITS}
    accepted |= {("mul", F32, (F32, F32)), ("mul", F16, (F32, F32)), ("mul", BF16, (F32, F32))}
    accepted |= {("mul", r, (r, b)) for r in (F16, BF16) for b in (F16, BF16)}
    accepted |= {("mul", r, ab) for r in (E5M2, E4M3) for ab in itertools.product(EIGHT_BITS, repeat=2)}
    accepted |= {("fma", r, (r, r, r)) for r in (F32, F16, BF16)}
    accepted |= {("fma", F32, (a, F32, F32)) for a in (F16, BF16)}
    accepted |= {("fma", r, (*ab, r)) for r in (E5M2, E4M3) for ab in itertools.product(EIGHT_BITS, repeat=2)}
    accepted |= {(kind, r, (r, r)) for kind in ("min", "max") for r in (F16, BF16)}
    return accepted


def test_the_signatures_are_triton_s() -> None:
    expected = _triton_signatures()
    assert len(expected) == 110
    for kind in PACKED_ARITH_KINDS:
        for result in RESULTS:
            for operands in itertools.product(OPERANDS, repeat=3 if kind == "fma" else 2):
                assert has_signature(kind, result, operands) == ((kind, result, operands) in expected), (
                    kind,
                    result,
                    operands,
                )


@pytest.mark.parametrize(
    ("result", "operands", "axis"),
    [
        ([128, 4], [[128, 2]], 1),
        ([4, 256], [[2, 256]], 0),
        ([4, 256], [[2, 256], [2, 256]], 0),
        ([4, 256], [[2, 256], [4, 128]], None),
        ([512], [[512]], None),
        ([4, 256], [[256]], None),
        ([4, 256], [[2, 128]], None),
        ([128, 4], [], None),
    ],
)
def test_fp4_operands_halve_one_dim(result: list[int], operands: list[list[int]], axis: int | None) -> None:
    assert fp4_axis(result, operands) == axis


LAYOUTS = """\
#c = #ttg.linear<{register = [[1], [2]], lane = [[4], [8], [16], [32], [64]], warp = [[128], [256]], block = []}>
#p = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], warp = [[64], [128]], block = []}>
#q = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]], block = []}>
#r3 = #ttg.linear<{register = [[1], [0], [2]], lane = [[4], [8], [16], [32], [64]], warp = [[128], [256]], block = []}>
#one = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]], block = []}>
#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
"""

ARGUMENTS = {
    "a": "tensor<512xf32, #c>",
    "h": "tensor<512xf16, #c>",
    "e": "tensor<512xf8E4M3FN, #c>",
    "p": "tensor<256xi8, #p>",
    "q": "tensor<256xi8, #q>",
    "pc": "tensor<512xi8, #c>",
    "i": "tensor<512xi32, #c>",
    "n": "tensor<512xf32>",
    "e3": "tensor<512xf8E4M3FN, #r3>",
    "h1": "tensor<128xf16, #one>",
    "x": "tensor<128x2xf32, #b>",
    "y": "tensor<128x4xf32, #b4>",
}


def kernel(body: str) -> str:
    """``body`` in a 4-warp Blackwell kernel whose function takes the ``ARGUMENTS``."""
    arguments = ", ".join(f"%{name}: {type_}" for name, type_ in ARGUMENTS.items())
    return (
        LAYOUTS + 'module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", '
        f'"ttg.threads-per-warp" = 32 : i32}} {{\n  tt.func @f({arguments}) {{\n    {body}\n    tt.return\n  }}\n}}\n'
    )


def packed(kind: str, *names: str, result: str) -> str:
    """``%r = ttng.packed_arith kind %names... : (their types) -> result``."""
    types = ", ".join(ARGUMENTS[n] for n in names)
    return f"%r = ttng.packed_arith {kind} {', '.join('%' + n for n in names)} : ({types}) -> {result}"


OP = "'ttng.packed_arith' op "
REFUSED = [
    (packed("fma", "a", "a", result=ARGUMENTS["a"]), OP + "fma expects 3 operands but got 2"),
    (packed("add", "a", "a", "a", result=ARGUMENTS["a"]), OP + "add expects 2 operands but got 3"),
    (
        packed("div", "a", "a", result=ARGUMENTS["a"]),
        "custom op 'ttng.packed_arith' expected string or keyword containing one of the following enum values for "
        "attribute 'op_kind' [add, sub, mul, fma, min, max]",
    ),
    (packed("add", "a", "h", result=ARGUMENTS["a"]), OP + "unsupported add signature f32x2 <- (f32x2, f16x2)"),
    (packed("min", "a", "a", result=ARGUMENTS["a"]), OP + "unsupported min signature f32x2 <- (f32x2, f32x2)"),
    (packed("add", "p", "a", result=ARGUMENTS["a"]), OP + "unsupported add signature f32x2 <- (e2m1x4, f32x2)"),
    (
        packed("add", "x", "y", result=ARGUMENTS["x"]),
        OP + "operand 1 must have the result shape 128, 2, but got 128, 4",
    ),
    (packed("add", "n", "n", result=ARGUMENTS["n"]), OP + "requires a distributed tensor layout"),
    (packed("add", "n", "a", result=ARGUMENTS["a"]), OP + "operand 0 must have a layout equivalent to the result"),
    (packed("add", "e", "e3", result=ARGUMENTS["e3"]), OP + "operand 0 must have a layout equivalent to the result"),
    (
        packed("add", "i", "i", result=ARGUMENTS["a"]),
        OP + "operand #0 must be variadic of ranked tensor of packed arithmetic operand element values",
    ),
    (
        packed("add", "a", "a", result="tensor<512xi8, #c>"),
        OP + "result #0 must be ranked tensor of packed arithmetic result element values",
    ),
    (
        packed("add", "q", "e", result=ARGUMENTS["e"]),
        OP + "fp4 operand 0 must have a layout compatible with the result",
    ),
    (
        packed("add", "pc", "e", result=ARGUMENTS["e"]),
        OP + "requires every fp4 operand to have the result shape with the same single dimension halved",
    ),
    (
        packed("add", "h1", "h1", result=ARGUMENTS["h1"]),
        OP + "result layout must provide a multiple of 2 unique elements per thread",
    ),
    (
        '%r = "ttng.packed_arith"(%a, %a) <{op_kind = 9 : i32}> : '
        f"({ARGUMENTS['a']}, {ARGUMENTS['a']}) -> {ARGUMENTS['a']}",
        "invalid properties {op_kind = 9 : i32} for op ttng.packed_arith",
    ),
]


@pytest.mark.parametrize(("body", "message"), REFUSED, ids=[m[-60:] for _, m in REFUSED])
def test_triton_refuses_it_so_do_we(body: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(kernel(body))
    assert message in str(refused.value)


ACCEPTED = [
    packed("add", "p", "e", result=ARGUMENTS["e"]),
    packed("add", "x", "x", result=ARGUMENTS["x"]),
    packed("add", "e3", "e3", result=ARGUMENTS["e3"]),
    packed("sub", "a", "a", result=ARGUMENTS["h"]),
    '%r = "ttng.packed_arith"(%a, %a, %a) <{op_kind = 3 : i32}> : '
    f"({ARGUMENTS['a']}, {ARGUMENTS['a']}, {ARGUMENTS['a']}) -> {ARGUMENTS['a']}",
]


@pytest.mark.parametrize("body", ACCEPTED)
def test_triton_accepts_it_so_do_we(body: str) -> None:
    parse_module(kernel(body))


def test_an_unused_result_is_dead_code() -> None:
    module = parse_module(kernel(packed("add", "a", "a", result=ARGUMENTS["a"])))
    dce(module)
    assert not any(op.name == "ttng.packed_arith" for op in module.walk())
