"""Blackwell tensor memory (``ttng``): its encodings read and print as Triton 3.9's, and
the ``tmem_*`` and ``tc_gen5`` ops refuse what Triton 3.9 refuses, with its messages
(each message below is the one ``triton_pass.py`` reports for the same input, but for the
two inputs on which Triton 3.9 stops at a failed assertion instead)."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.transforms.dead_code_elimination import dce
from xdsl.utils.exceptions import ParseError

from layoutdialect import IRError, parse_module
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.semantics import LayoutAnchor, semantic_trait
from layoutdialect.dialect.ttng.tensor_memory import (
    TCGen5MMAOp,
    TCGen5MMAScaledOp,
    TensorMemoryEncodingAttr,
    TensorMemoryScalesEncodingAttr,
    TMEMLoadOp,
)

CTX = make_context()

PRINTED = [
    "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>",
    "#ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = 2, CGALayout = [[0, 0], [1, 0]]>",
    "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CGALayout = [[1, 0]], twoCTAs = true>",
    "#ttng.tensor_memory_encoding<blockM = 128, blockN = 512, colStride = 1, fp4Padded = true>",
    "#ttng.tensor_memory_scales_encoding<>",
    "#ttng.tensor_memory_scales_encoding<CGALayout = [[1, 0]], blockRepOrder = kThenMn>",
    "#ttng.tensor_memory",
    "#ttng.redOp<min>",
]

CANONICAL = [
    (
        "#ttng.tensor_memory_encoding<colStride=1, blockN = 64, blockM = 128, twoCTAs = false, fp4Padded = 0>",
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>",
    ),
    (
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [], fp4Padded = 1>",
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, fp4Padded = true>",
    ),
    (
        "#ttng.tensor_memory_scales_encoding<blockRepOrder = mnThenK, CGALayout = [[0, 0]]>",
        "#ttng.tensor_memory_scales_encoding<CGALayout = [[0, 0]]>",
    ),
]

BAD_ENCODINGS = [
    ("#ttng.tensor_memory_encoding<blockM = 128, blockN = 128>", "struct is missing required parameter: colStride"),
    ("#ttng.tensor_memory_encoding<>", "expected a parameter name in struct"),
    (
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, ctaMode = default>",
        "duplicate or unknown struct parameter name: ctaMode",
    ),
    (
        "#ttng.tensor_memory_encoding<blockM = 128, blockM = 128, blockN = 128, colStride = 1>",
        "duplicate or unknown struct parameter name: blockM",
    ),
    ("#ttng.tensor_memory_encoding<blockM = 32, blockN = 128, colStride = 1>", "blockM must be 64 or 128 but got 32"),
    (
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 96, colStride = 1>",
        "blockN must be a power of 2 but got 96",
    ),
    (
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 1024, colStride = 1>",
        "blockN must be less than or equal to 512 but got 1024",
    ),
    (
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 3>",
        "colStride must be 1, 2, or 4 but got but got 3",
    ),
    (
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2, fp4Padded = true>",
        "fp4Padded tensor memory layout requires colStride 1 but got 2",
    ),
    (
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, twoCTAs = true>",
        "twoCTAs layout requires the first CGALayout block basis to be [1, 0]",
    ),
    (
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CGALayout = [[1, 0, 0]]>",
        "'CGALayout' entry length does not match rank 2",
    ),
    (
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, fp4Padded = 2>",
        "integer value too large",
    ),
    (
        "#ttng.tensor_memory_scales_encoding<blockRepOrder = foo>",
        "expected one of [mnThenK, kThenMn] for allowed 32-bit signless integer cases: 0, 1, got: foo",
    ),
]


@pytest.mark.parametrize("text", PRINTED)
def test_attributes_print_as_read(text: str) -> None:
    assert str(Parser(CTX, text).parse_attribute()) == text


@pytest.mark.parametrize(("text", "printed"), CANONICAL)
def test_defaults_are_left_out_and_keys_put_in_order(text: str, printed: str) -> None:
    assert str(Parser(CTX, text).parse_attribute()) == printed


@pytest.mark.parametrize(("text", "message"), BAD_ENCODINGS)
def test_invalid_encodings_are_refused_with_tritons_message(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Parser(CTX, text).parse_attribute()


HEADER = """\
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#nvmma8t = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#plain32 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
#swizzled = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#b = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#b_lanes = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1>
#unpacked = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>
#padded = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, fp4Padded = true>
#two = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CGALayout = [[1, 0]]>
#scales = #ttng.tensor_memory_scales_encoding<>
#k_first = #ttng.tensor_memory_scales_encoding<blockRepOrder = kThenMn>
#nvmma_copies = #ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#tmem_copies = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CGALayout = [[0, 0]]>
#bar_per_cta = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#bar_copies = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
"""

KERNEL = """\
module attributes {{"ttg.num-ctas" = {ctas} : i32, "ttg.num-warps" = 4 : i32, ttg.target = "{target}"}} {{
  tt.func @f(%t: tensor<128x128xf32, #b>, %p: i1, %tok: !ttg.async.token) {{
    {body}
    tt.return
  }}
}}
"""


def kernel(*lines: str, target: str = "cuda:100", ctas: int = 1) -> str:
    """A 4-warp kernel of ``ctas`` CTAs for ``target`` running ``lines``."""
    return HEADER + KERNEL.format(body="\n    ".join(lines), target=target, ctas=ctas)


def memdesc(shape: str, element: str, encoding: str, space: str = "#ttng.tensor_memory", mutable: bool = True) -> str:
    return f"!ttg.memdesc<{shape}x{element}, #{encoding}, {space}{', mutable' if mutable else ''}>"


def alloc(name: str, type_: str) -> str:
    """``%name``: a fresh buffer of ``type_`` in tensor or shared memory."""
    op = "ttng.tmem_alloc" if "ttng.tensor_memory" in type_ else "ttg.local_alloc"
    return f"%{name} = {op} : () -> {type_}"


ACC = memdesc("128x128", "f32", "tmem")
A = memdesc("128x64", "f16", "nvmma", "#smem")
B = memdesc("64x128", "f16", "nvmma", "#smem")
T = "tensor<128x128xf32, #b>"


BAR = memdesc("1", "i64", "bar", "#smem")


def mma(a: str = A, b: str = B, d: str = ACC, attributes: str = "", barrier: bool = False, bar: str = BAR) -> list[str]:
    """``ttng.tc_gen5_mma`` on fresh buffers of the types ``a``, ``b``, ``d``, arriving on
    a barrier of type ``bar`` when ``barrier``."""
    arrive, bar_type = (", %bar[%p]", f", {bar}") if barrier else ("", "")
    return [
        alloc("a", a),
        alloc("b", b),
        alloc("d", d),
        alloc("bar", bar),
        f"ttng.tc_gen5_mma %a, %b, %d, %p, %p{arrive}{attributes} : {a}, {b}, {d}{bar_type}",
    ]


def pair_mma(bar: str) -> str:
    """An asynchronous ``ttng.tc_gen5_mma`` in a 2-CTA kernel whose CTAs each compute the
    whole product, arriving on a barrier of type ``bar``."""
    a, b = memdesc("128x64", "f16", "nvmma_copies", "#smem"), memdesc("64x128", "f16", "nvmma_copies", "#smem")
    lines = mma(a, b, memdesc("128x128", "f32", "tmem_copies"), " {is_async}", barrier=True, bar=bar)
    return kernel(*lines, ctas=2)


def commit(bar: str, ctas: int = 1) -> str:
    """``ttng.tc_gen5_commit`` on a barrier of type ``bar``."""
    return kernel(alloc("bar", bar), f"ttng.tc_gen5_commit %bar, %p : {bar}", ctas=ctas)


def reduce(shape: str, element: str, encoding: str, layout: str = "b") -> str:
    """``ttng.tmem_load`` of a fresh ``shape`` buffer in the tensor-memory ``encoding`` into
    registers laid out by ``layout``, with each row's minimum."""
    buffer, rows = memdesc(shape, element, encoding), shape.split("x")[0]
    tensor = f"tensor<{shape}x{element}, #{layout}>"
    row = f"tensor<{rows}x{element}, #ttg.slice<{{dim = 1, parent = #{layout}}}>>"
    load = f"%x, %r = ttng.tmem_load %m {{redOp = #ttng.redOp<min>}} : {buffer} -> {tensor}, {row}"
    return kernel(alloc("m", buffer), load)


F8 = memdesc("128x128", "f8E4M3FN", "nvmma8", "#smem")
FP4 = memdesc("128x64", "i8", "nvmma8", "#smem")
SCALE = memdesc("128x4", "i8", "scales")


def scaled(
    a: str = F8,
    b: str = F8,
    d: str = ACC,
    scales: tuple[str, str] = (SCALE, SCALE),
    types: str = "e4m3 rhs = e4m3",
) -> list[str]:
    """``ttng.tc_gen5_mma_scaled`` on fresh buffers; ``types`` follows ``lhs = ``."""
    return [
        alloc("a", a),
        alloc("b", b),
        alloc("d", d),
        alloc("sa", scales[0]),
        alloc("sb", scales[1]),
        f"ttng.tc_gen5_mma_scaled %a, %b, %d, %sa, %sb, %p, %p lhs = {types} : {a}, {b}, {d}, {scales[0]}, {scales[1]}",
    ]


def nvfp4_scaled(a: str, b: str, a_scales: str, target: str = "cuda:100") -> str:
    """A 256x256x128 NVFP4 scaled MMA (e2m1 operands, e4m3 scales per 16 K values), the
    A scales in the encoding ``a_scales``."""
    scales = memdesc("256x8", "f8E4M3FN", a_scales), memdesc("256x8", "f8E4M3FN", "scales")
    return kernel(*scaled(a, b, memdesc("256x256", "f32", "tmem"), scales, "e2m1 rhs = e2m1"), target=target)


REFUSED = [
    # Descriptors in tensor memory (Triton's MemDescType verifier and VerifyMemDescLayouts).
    (
        kernel(f"%x = ttng.tmem_alloc : () -> {memdesc('128x128', 'f32', 'tmem', '#smem')}"),
        "memorySpace must be TensorMemorySpace",
    ),
    (kernel(alloc("x", memdesc("2x2x128x128", "f32", "tmem"))), "rank must be 2 or 3"),
    (
        kernel(alloc("x", memdesc("128x128", "i1", "tmem"))),
        "tensor-memory element type bit width must be at least 8; got 1",
    ),
    (
        kernel(alloc("x", memdesc("128x128", "f32", "unpacked"))),
        "bitwidth * colStride must be less than or equal to 32. Got 32 and 2",
    ),
    (kernel(alloc("x", memdesc("64x128", "f32", "tmem"))), "the tensor shape must be at least 128x128. Got 64, 128"),
    (kernel(alloc("x", memdesc("2x128x4", "i8", "scales"))), "tensor-memory scale descriptors must have rank 2; got 3"),
    (kernel(alloc("x", memdesc("128x4", "f16", "scales"))), "bitwidth must be 8"),
    (
        kernel(alloc("x", memdesc("128x4", "i8", "scales").replace("mutable>", "mutable, 2x128x4>"))),
        "Scales don't currently support multibuffering",
    ),
    (
        kernel(alloc("x", memdesc("256x128", "f32", "two"))),
        "Result has an invalid layout: #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, "
        "CGALayout = [[1, 0]]>. Layout has 2 CTAs per CGA, but the context requires 1 CTAs per CGA.",
    ),
    # ttng.tmem_alloc
    (
        kernel(f"%x = ttng.tmem_alloc : () -> {memdesc('128x128', 'f32', 'tmem', mutable=False)}"),
        "'ttng.tmem_alloc' op uninitialized alloc must have a mutable memdesc type",
    ),
    (
        kernel(f"%x = ttng.tmem_alloc : () -> {ACC.replace('mutable>', 'mutable, 256x128>')}"),
        "'ttng.tmem_alloc' op result shape and its alloc shape must match",
    ),
    (
        # Triton 3.9 asserts in its register-layout check first.
        kernel(f"%x = ttng.tmem_alloc %t : ({T}) -> {memdesc('128x64', 'f32', 'tmem')}"),
        "'ttng.tmem_alloc' op source shape [128, 128] must match [destination shape 128, 64]",
    ),
    (
        kernel(f"%x = ttng.tmem_alloc %t : ({T}) -> {memdesc('128x128', 'f16', 'unpacked')}"),
        "'ttng.tmem_alloc' op source element type 'tensor<128x128xf32, #ttg.blocked<{sizePerThread = [1, 128], "
        "threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>>' must match destination element type 'f16'",
    ),
    # ttng.tmem_load
    (
        kernel(
            alloc("m", memdesc("128x4", "i8", "scales")), f"%x = ttng.tmem_load %m : {SCALE} -> tensor<128x4xi8, #b>"
        ),
        "'ttng.tmem_load' op should use tensor memory encoding.",
    ),
    (
        kernel(alloc("m", ACC), f"%x = ttng.tmem_load %m : {ACC} -> tensor<128x64xf32, #b>"),
        "'ttng.tmem_load' op source shape [128, 128] must match [destination shape 128, 64]",
    ),
    (
        kernel(alloc("m", ACC), f"%x = ttng.tmem_load %m {{redOp = #ttng.redOp<max>}} : {ACC} -> {T}"),
        "'ttng.tmem_load' op redOp is set but 'red' result is not present",
    ),
    (
        kernel(
            alloc("m", ACC),
            f"%x, %r = ttng.tmem_load %m : {ACC} -> {T}, tensor<128xf32, #ttg.slice<{{dim = 1, parent = #b}}>>",
        ),
        "'ttng.tmem_load' op 'red' result is present but redOp is not set",
    ),
    (
        kernel(alloc("m", ACC), f"%x = ttng.tmem_load %m {{NaN = true}} : {ACC} -> {T}"),
        "'ttng.tmem_load' op 'NaN' requires 'redOp' to be set",
    ),
    (
        reduce("128x128", "f16", "unpacked"),
        "'ttng.tmem_load' op tmem_load reduction requires packed format (unpacked=false)",
    ),
    (
        reduce("64x128", "f32", "tmem64", "b_lanes"),
        "'ttng.tmem_load' op tmem_load reduction with N dimension sharded across threads is not supported.",
    ),
    (
        reduce("256x128", "f32", "tmem"),
        "'ttng.tmem_load' op tmem_load reduction with multiple M rows per thread is not supported.",
    ),
    # ttng.tmem_store
    (
        kernel(
            f"%m = ttng.tmem_alloc %t : ({T}) -> {memdesc('128x128', 'f32', 'tmem', mutable=False)}",
            f"ttng.tmem_store %t, %m, %p : {T} -> {memdesc('128x128', 'f32', 'tmem', mutable=False)}",
        ),
        "'ttng.tmem_store' op Cannot store into an immutable alloc",
    ),
    (
        kernel(
            alloc("m", memdesc("128x128", "f32", "nvmma32", "#smem")),
            f"ttng.tmem_store %t, %m, %p : {T} -> {memdesc('128x128', 'f32', 'nvmma32', '#smem')}",
        ),
        "'ttng.tmem_store' op should use tensor memory encoding.",
    ),
    # ttng.tmem_copy
    (
        kernel(alloc("s", ACC), alloc("m", ACC), f"ttng.tmem_copy %s, %m : {ACC}, {ACC}"),
        "'ttng.tmem_copy' op The source must be a shared memory buffer",
    ),
    (
        kernel(
            alloc("s", memdesc("128x128", "f32", "plain32", "#smem")),
            alloc("m", ACC),
            f"ttng.tmem_copy %s, %m : {memdesc('128x128', 'f32', 'plain32', '#smem')}, {ACC}",
        ),
        "'ttng.tmem_copy' op Source layout should be swizzled.",
    ),
    (
        kernel(
            alloc("s", memdesc("128x128", "f32", "nvmma32", "#smem")),
            alloc("m", memdesc("128x128", "f32", "tmem64")),
            f"ttng.tmem_copy %s, %m : {memdesc('128x128', 'f32', 'nvmma32', '#smem')}, "
            f"{memdesc('128x128', 'f32', 'tmem64')}",
        ),
        "'ttng.tmem_copy' op Tmem layout must have blockM=128.",
    ),
    (
        kernel(
            alloc("s", memdesc("128x64", "f32", "nvmma32", "#smem")),
            alloc("m", ACC),
            f"ttng.tmem_copy %s, %m : {memdesc('128x64', 'f32', 'nvmma32', '#smem')}, {ACC}",
        ),
        "'ttng.tmem_copy' op source shape 128, 64 must match destination shape 128, 128",
    ),
    # ttng.tmem_subslice
    (
        kernel(alloc("m", ACC), f"%x = ttng.tmem_subslice %m : {ACC} -> {ACC}"),
        "'ttng.tmem_subslice' op requires attribute 'offset'",
    ),
    (
        kernel(
            alloc("m", ACC),
            f"%x = ttng.tmem_subslice %m {{offset = 96 : i32}} : {ACC} -> "
            f"{memdesc('128x64', 'f32', 'tmem').replace('mutable>', 'mutable, 128x128>')}",
        ),
        "The split offset may not exceed the source shape",
    ),
    (
        kernel(
            alloc("m", ACC),
            f"%x = ttng.tmem_subslice %m {{offset = 64 : i32}} : {ACC} -> {memdesc('128x64', 'f32', 'tmem')}",
        ),
        "'ttng.tmem_subslice' op The source and result must have the same alloc shape.",
    ),
    # ttng.tc_gen5_mma
    (kernel(*mma(barrier=True)), "'ttng.tc_gen5_mma' op The op is synchronous but a barrier is present."),
    (
        kernel(*mma(attributes=" {is_async}", barrier=True, bar=memdesc("1", "i32", "bar", "#smem"))),
        "'ttng.tc_gen5_mma' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs",
    ),
    (
        pair_mma(memdesc("1", "i64", "bar_copies", "#smem")),
        "'ttng.tc_gen5_mma' op completion barrier cga_layout must be [[1]], got [[0]]",
    ),
    (
        kernel(*mma(a=B)),
        "'ttng.tc_gen5_mma' op expected the last dimension of the first operand to be equal to the second-to-last "
        "dimension of the second operand",
    ),
    (
        kernel(*mma(d=memdesc("128x128", "f16", "unpacked"), a=A.replace("f16", "bf16"), b=B.replace("f16", "bf16"))),
        "'ttng.tc_gen5_mma' op unsupported accumulator dtype for operand types 'bf16' and 'bf16', accumulator dtype "
        "is 'f16' but must be one of ['f32']",
    ),
    (
        kernel(*mma(b=memdesc("64x128", "f8E5M2", "nvmma8", "#smem"))),
        "'ttng.tc_gen5_mma' op LHS and RHS operand dtypes kinds don't match: LHS kind is f16 but RHS kind is f8f6f4",
    ),
    (
        kernel(*mma(a=memdesc("128x64", "f16", "swizzled", "#smem"))),
        "'ttng.tc_gen5_mma' op LHS operand must have a NVMMAShared or TensorMemory encoding",
    ),
    (
        kernel(*mma(d=memdesc("128x128", "f32", "padded"))),
        "'ttng.tc_gen5_mma' op Accumulator must not be fp4_padded",
    ),
    (
        kernel(*mma(d=memdesc("128x128", "f16", "tmem"))),
        "'ttng.tc_gen5_mma' op The col stride of the return operand must be 32 / 16 but got 1",
    ),
    (
        kernel(*mma(a=memdesc("128x64", "f16", "unpacked"))),
        "'ttng.tc_gen5_mma' op The col stride of the LHS operand must be 1",
    ),
    (
        # Triton 3.9 asserts, reading the RHS's first CGA basis where there is none.
        kernel(*mma(attributes=" {two_ctas}")),
        "'ttng.tc_gen5_mma' op twoCTA mode expects the first basis of the cga_layout of the RHS to be [0, 1]",
    ),
    # ttng.tc_gen5_mma_scaled
    (
        kernel(*scaled(d=memdesc("128x128", "f32", "tmem64"))),
        "'ttng.tc_gen5_mma_scaled' op only supports instruction shape blockM=128",
    ),
    (
        kernel(*scaled(a=memdesc("128x64", "i8", "tmem"), types="e2m1 rhs = e4m3")),
        "'ttng.tc_gen5_mma_scaled' op expected e2m1 LHS operand to be fp4_padded when RHS is float8",
    ),
    (
        kernel(*scaled(a=memdesc("128x128", "f8E4M3FN", "tmem"), types="e2m3 rhs = e4m3")),
        "'ttng.tc_gen5_mma_scaled' op expected float8 LHS operand to have e4m3 or e5m2 format",
    ),
    (
        kernel(*scaled(scales=(memdesc("128x4", "i8", "k_first"), SCALE))),
        "'ttng.tc_gen5_mma_scaled' op A scales in tensor memory must use "
        "#ttng.tensor_memory_scales_encoding<blockRepOrder = mnThenK>",
    ),
    (
        nvfp4_scaled(
            memdesc("256x64", "i8", "nvmma8", "#smem"),
            memdesc("64x256", "i8", "nvmma8t", "#smem"),
            "scales",
            "cuda:107",
        ),
        "'ttng.tc_gen5_mma_scaled' op A scales in tensor memory must use "
        "#ttng.tensor_memory_scales_encoding<blockRepOrder = kThenMn>",
    ),
    (
        nvfp4_scaled(memdesc("256x64", "i8", "nvmma8", "#smem"), memdesc("128x128", "i8", "nvmma8", "#smem"), "scales"),
        "'ttng.tc_gen5_mma_scaled' op mxf4nvf4 does not support transposed operands",
    ),
    # ttng.tc_gen5_commit
    (
        kernel(
            alloc("bar", BAR),
            alloc("a", A),
            f"ttng.tc_gen5_commit %bar descs %a, %a, %a, %a, %a : {BAR}, " + ", ".join([A] * 5),
        ),
        "'ttng.tc_gen5_commit' op expected 0 to 4 descriptors, got 5",
    ),
    (commit(memdesc("2", "i64", "bar", "#smem")), "'ttng.tc_gen5_commit' op barrier allocation must be a descriptor"),
    (
        commit(memdesc("1", "i64", "bar_copies", "#smem"), ctas=2),
        "'ttng.tc_gen5_commit' op completion barrier cga_layout must be [[1]], got [[0]]",
    ),
]

ACCEPTED = [
    kernel(*mma()),
    kernel(*mma(attributes=" {is_async}", barrier=True)),
    pair_mma(memdesc("1", "i64", "bar_per_cta", "#smem")),
    commit(memdesc("1", "i64", "bar_per_cta", "#smem"), ctas=2),
    reduce("128x128", "f32", "tmem"),
    reduce("128x128", "f16", "tmem"),
    kernel(*scaled()),
    kernel(*scaled(a=FP4, b=memdesc("64x128", "i8", "nvmma8t", "#smem"), types="e2m1 rhs = e2m1")),
    nvfp4_scaled(
        memdesc("256x64", "i8", "nvmma8", "#smem"), memdesc("64x256", "i8", "nvmma8t", "#smem"), "k_first", "cuda:107"
    ),
    kernel(
        alloc("s", memdesc("128x32", "i8", "swizzled", "#smem")),
        alloc("m", memdesc("128x32", "i8", "scales")),
        f"ttng.tmem_copy %s, %m : {memdesc('128x32', 'i8', 'swizzled', '#smem')}, {memdesc('128x32', 'i8', 'scales')}",
    ),
]


@pytest.mark.parametrize(("text", "message"), REFUSED)
def test_ops_refuse_what_triton_refuses(text: str, message: str) -> None:
    with pytest.raises(IRError) as error:
        parse_module(text)
    assert message in str(error.value)


@pytest.mark.parametrize("text", ACCEPTED)
def test_ops_accept_what_triton_accepts(text: str) -> None:
    parse_module(text)


def test_loads_and_mmas_are_layout_anchors() -> None:
    for op in (TMEMLoadOp, TCGen5MMAOp, TCGen5MMAScaledOp):
        assert op.get_trait(LayoutAnchor) is not None


def test_only_reads_and_views_are_dead_when_unused() -> None:
    module = parse_module(
        kernel(
            alloc("m", ACC),
            f"%v = ttng.tmem_load %m : {ACC} -> {T}",
            f"%h = ttng.tmem_subslice %m {{offset = 0 : i32}} : {ACC} -> "
            f"{memdesc('128x64', 'f32', 'tmem').replace('mutable>', 'mutable, 128x128>')}",
            f"ttng.tmem_store %t, %m, %p : {T} -> {ACC}",
            *mma(),
        )
    )
    dce(module)
    names = [op.name for op in module.walk()]
    assert "ttng.tmem_load" not in names and "ttng.tmem_subslice" not in names
    assert "ttng.tmem_store" in names and "ttng.tc_gen5_mma" in names


def test_tensor_memory_encodings_have_no_register_layout() -> None:
    module: ModuleOp = parse_module(kernel(alloc("m", ACC)))
    (alloc_op,) = [op for op in module.walk() if op.name == "ttng.tmem_alloc"]
    encoding = alloc_op.results[0].type.encoding  # type: ignore[attr-defined]
    assert isinstance(encoding, TensorMemoryEncodingAttr | TensorMemoryScalesEncodingAttr)
    assert semantic_trait(alloc_op, LayoutAnchor) is None
    assert not hasattr(encoding, "to_linear_layout")
