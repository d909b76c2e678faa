"""Rules where Triton 3.9 refuses IR an older reading accepted, each with Triton's message,
and the neighbouring IR it still accepts (every case here was run through the 3.9 wheel)."""

from __future__ import annotations

import pytest

from layoutdialect import IRError, parse_module

BLOCKED = "#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>\n"


def _kernel(body: str, attributes: str = '"ttg.num-warps" = 1 : i32', header: str = "") -> str:
    return f"{header}module attributes {{{attributes}}} {{\n  tt.func @f{body}\n}}\n"


@pytest.mark.parametrize(
    ("type_", "message"),
    [
        ("!tt.ptr<f32, 1>", "expected string"),
        ('!tt.ptr<f32, "shared">', "invalid pointer address space 'shared'"),
    ],
)
def test_a_pointer_names_its_address_space_as_a_string(type_: str, message: str) -> None:
    with pytest.raises(IRError, match=message):
        parse_module(_kernel(f"(%p: {type_}) {{\n    tt.return\n  }}"))


@pytest.mark.parametrize(
    ("written", "printed"), [('"global"', "!tt.ptr<f32>"), ('"constant"', '!tt.ptr<f32, "constant">')]
)
def test_the_address_spaces_triton_names_read(written: str, printed: str) -> None:
    module = parse_module(_kernel(f"(%p: !tt.ptr<f32, {written}>) {{\n    tt.return\n  }}"))
    assert printed in str(module)


def test_a_join_of_encoded_operands_needs_a_result_encoding() -> None:
    body = (
        "(%a: tensor<32xf32, #blocked>) {\n"
        "    %j = tt.join %a, %a : tensor<32xf32, #blocked> -> tensor<32x2xf32>\n    tt.return\n  }"
    )
    with pytest.raises(IRError, match="'tt.join' op result encoding must be specified"):
        parse_module(_kernel(body, header=BLOCKED))


@pytest.mark.parametrize(("element", "refused"), [("i1", True), ("i8", False), ("f16", False)])
def test_shared_memory_holds_whole_bytes(element: str, refused: bool) -> None:
    shared = (
        "#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
        "#smem = #ttg.shared_memory\n"
    )
    alloc = f"%m = ttg.local_alloc : () -> !ttg.memdesc<8x{element}, #shared, #smem, mutable>"
    body = f"() {{\n    {alloc}\n    tt.return\n  }}"
    text = _kernel(body, header=shared)
    if refused:
        with pytest.raises(IRError, match="shared-memory element type bit width must be a multiple of 8; got 1"):
            parse_module(text)
    else:
        parse_module(text)


_MMA = (
    "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>\n"
    "#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>\n"
    "#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>\n"
)


@pytest.mark.parametrize(
    ("precision", "refused"), [("", True), (", inputPrecision = ieee", True), (", inputPrecision = tf32", False)]
)
def test_an_mma_dot_of_f32_needs_tf32(precision: str, refused: bool) -> None:
    body = (
        "(%a: tensor<16x16xf32, #a>, %b: tensor<16x16xf32, #b>, %c: tensor<16x16xf32, #mma>) {\n"
        f"    %d = tt.dot %a, %b, %c{precision} : tensor<16x16xf32, #a> * tensor<16x16xf32, #b>"
        " -> tensor<16x16xf32, #mma>\n"
        "    tt.return\n  }"
    )
    text = _kernel(body, '"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"', _MMA)
    if refused:
        with pytest.raises(IRError, match="unsupported MMA version"):
            parse_module(text)
    else:
        parse_module(text)


def _wmma(name: str, cga: str) -> str:
    return (
        f"#{name} = #ttg.amd_wmma<{{version = 3, isTranspose = true, ctaLayout = {{warp = [[0, 1], [1, 0]]}}, "
        f"CGALayout = {cga}, instrShape = [16, 16, 32]}}>\n"
    )


@pytest.mark.parametrize(
    ("a_cga", "b_cga", "message"),
    [
        ("[[1, 0], [0, 0]]", "[[0, 0], [0, 1]]", None),
        ("[[0, 0], [0, 1]]", "[[0, 0], [0, 1]]", "Incompatible CGA layout for operand 0"),
        ("[[1, 0], [0, 0]]", "[[1, 0], [0, 0]]", "Incompatible CGA layout for operand 1"),
        # An operand's CGA drops its K dimension from the parent's (Triton 3.9 accepts these).
        ("[[1, 0], [0, 1]]", "[[1, 0], [0, 1]]", None),
        ("[[1, 0], [0, 1]]", "[[0, 0], [0, 1]]", None),
        ("[[0, 1], [1, 0]]", "[[1, 0], [0, 1]]", "Incompatible CGA layout for operand 0"),
    ],
)
def test_a_multi_cta_wmma_dot_splits_its_operands_as_its_accumulator(
    a_cga: str, b_cga: str, message: str | None
) -> None:
    header = _wmma("acc", "[[1, 0], [0, 1]]") + _wmma("pa", a_cga) + _wmma("pb", b_cga)
    a = "tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #pa, kWidth = 8}>>"
    b = "tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #pb, kWidth = 8}>>"
    body = (
        f"(%a: {a}, %b: {b}, %c: tensor<32x32xf32, #acc>) {{\n"
        f"    %d = tt.dot %a, %b, %c : {a} * {b} -> tensor<32x32xf32, #acc>\n    tt.return\n  }}"
    )
    text = _kernel(
        body, '"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32', header
    )
    if message is None:
        parse_module(text)
    else:
        with pytest.raises(IRError, match=message):
            parse_module(text)


@pytest.mark.parametrize(
    ("target", "refused"),
    [
        (None, False),
        ("cuda:100", False),
        ("cuda:103", False),
        ("cuda:90", True),
        ("cuda:120", True),
        ("hip:gfx950", True),
    ],
)
def test_tensor_memory_needs_a_tcgen05_gpu(target: str | None, refused: bool) -> None:
    header = "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>\n"
    attributes = '"ttg.num-warps" = 4 : i32' + (f', ttg.target = "{target}"' if target else "")
    body = (
        "() {\n    %t = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>\n"
        "    tt.return\n  }"
    )
    text = _kernel(body, attributes, header)
    if refused:
        with pytest.raises(IRError, match="'ttng.tmem_alloc' op requires tcgen05 support"):
            parse_module(text)
    else:
        parse_module(text)
