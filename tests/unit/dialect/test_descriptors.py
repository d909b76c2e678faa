"""Tensor descriptors (``tt``) and TMA copies (``ttng``): their verifiers refuse what Triton
3.9 refuses, with its messages (each checked against the 3.9 wheel), descriptor loads and
gathers pin their layout while stores take their operand's, and the copies with side
effects are never dead code."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import IntegerType, ModuleOp, Signedness, TensorType, f16
from xdsl.ir import Operation
from xdsl.traits import is_side_effect_free
from xdsl.transforms.dead_code_elimination import dce

from layoutdialect import IRError, parse_module
from layoutdialect.dialect.semantics import KeepsLayout, LayoutAnchor, layout_rule, semantic_trait
from layoutdialect.dialect.text import print_module
from layoutdialect.dialect.tt.descriptors import TensorDescType

MODULE = """\
#blocked = #ttg.blocked<{{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]{cga2}}}>
#b1 = #ttg.blocked<{{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]{cga1}}}>
#bx = #ttg.blocked<{{sizePerThread = [32], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]{cga1}}}>
#b4 = #ttg.blocked<{{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]{cga1}}}>
#b3 = #ttg.blocked<{{
    sizePerThread = [1, 1, 4], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}}>
#shared = #ttg.nvmma_shared<{{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16{nvmma_cga}}}>
#sharedT = #ttg.nvmma_shared<{{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}}>
#shared64 = #ttg.nvmma_shared<{{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}}>
#fp4 = #ttg.nvmma_shared<{{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}}>
#sw = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}}>
#bar = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [0]{cga1}}}>
#smem = #ttg.shared_memory
module attributes {{"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = {ctas} : i32,
    "ttg.threads-per-warp" = 32 : i32{two_ctas}}} {{
  tt.func @f(%p: !tt.ptr<f16>, %q: !tt.ptr<i8>, %i: i32, %l: i64, %h: i16, %x: tensor<32xi32, #b1>,
      %xb: tensor<32xi32, #bx>, %x4: tensor<32xi32, #b4>, %pred: i1,
      %t: tensor<128x64xf16, #blocked>, %g: tensor<32x64xf16, #blocked>,
      %d: !tt.tensordesc<128x64xf16, #shared>, %d1: !tt.tensordesc<1x64xf16, #shared>,
      %im: !ttng.tensordesc_im2col<{im2col}>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>,
      %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>,
      %gbuf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>) {{
    {body}
    tt.return
  }}
}}
"""

DESC, ROW_DESC = "!tt.tensordesc<128x64xf16, #shared>", "!tt.tensordesc<1x64xf16, #shared>"
BAR = "!ttg.memdesc<1xi64, #bar, #smem, mutable>"
BUF, ROWS = "!ttg.memdesc<128x64xf16, #shared, #smem, mutable>", "!ttg.memdesc<32x64xf16, #shared, #smem, mutable>"
WIDE, NARROW = "tensor<128x64xf16, #blocked>", "tensor<32x64xf16, #blocked>"
BLOCKED = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
NVMMA = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>"


def module(
    body: str,
    ctas: int = 1,
    broadcast: bool = False,
    im2col: str = "128x64xf16, #shared",
    two_ctas: bool | None = None,
) -> str:
    """A kernel of ``ctas`` CTAs (a power of two) running ``body`` on the values the
    signature names; the NVMMA buffers are split over the CTAs or, with ``broadcast``,
    copied to each, the other layouts (the barrier ``%bar`` too) copied to each, and
    ``%im`` is an im2col descriptor of block ``im2col``.  ``two_ctas`` sets the module's
    ``"ttng.two-ctas"``."""

    def cga(bases: list[str]) -> str:
        return f", CGALayout = [{', '.join(bases)}]" if bases else ""

    bits = range(ctas.bit_length() - 1)
    split = [f"[{1 << bit}, 0]" for bit in bits]
    return MODULE.format(
        body=body,
        ctas=ctas,
        cga1=cga(["[0]" for _ in bits]),
        cga2=cga(["[0, 0]" for _ in bits]),
        nvmma_cga=cga(["[0, 0]" for _ in bits] if broadcast else split),
        im2col=im2col,
        two_ctas="" if two_ctas is None else f', "ttng.two-ctas" = {str(two_ctas).lower()}',
    )


def copy_in(
    operands: str = "%d[%i, %i] %buf, %bar, %pred", attributes: str = "", desc: str = DESC, buf: str = BUF
) -> str:
    return f"ttng.async_tma_copy_global_to_local {operands}{attributes} : {desc}, {BAR} -> {buf}"


def load_rows(result: str, rows: int = 32, splat: bool = False) -> str:
    """``tt.descriptor_gather`` of ``%d1`` into ``result`` at ``rows`` row offsets: ``%x``,
    or with ``splat`` a splat of ``%i``."""
    offsets = f"%y = tt.splat %i : i32 -> tensor<{rows}xi32, #b1>\n" if splat else ""
    name = "%y" if splat else "%x"
    return (
        f"{offsets}%v = tt.descriptor_gather %d1[{name}, %i] : ({ROW_DESC}, tensor<{rows}xi32, #b1>, i32) -> {result}"
    )


def gather(offsets: str = "%xb", layout: str = "#bx", attributes: str = "", rows: str = ROWS) -> str:
    return (
        f"ttng.async_tma_gather %d1[{offsets}, %i] %gbuf, %bar, %pred{attributes} : {ROW_DESC}, "
        f"tensor<32xi32, {layout}>, i32, {BAR}, {rows}, i1"
    )


def make(desc: str, ranks: int = 2, attributes: str = "", pointer: str = "%p : !tt.ptr<f16>") -> str:
    name, type_ = pointer.split(" : ")
    sizes, strides = ", ".join(["%i"] * ranks), ", ".join(["%l"] * ranks)
    return f"%e = tt.make_tensor_descriptor {name}, [{sizes}], [{strides}]{attributes} : {type_}, {desc}"


def tensormap(box: int = 2, dims: int = 2, strides: int = 1, elements: int = 2, fields: str = "") -> str:
    groups = [["%i"] * box, ["%i"] * dims, ["%l"] * strides, ["%i"] * elements]
    lists = ", ".join("[" + ", ".join(g) + "]" for g in groups)
    types = ", ".join(
        ["!tt.ptr<i8>", "!tt.ptr<f16>", *(["i32"] * (box + dims)), *(["i64"] * strides), *(["i32"] * elements)]
    )
    fields = fields or "elem_type = 1 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32"
    return f"ttng.tensormap_create %q, %p, {lists} {{{fields}}} : ({types}) -> ()"


REFUSED = [
    # The type and tt.make_tensor_descriptor.
    (
        module("%e = tt.make_tensor_descriptor %p, [%i], [%l] : !tt.ptr<f16>, !tt.tensordesc<tensor<8xf16>>"),
        "tensor descriptors must not wrap tensor types; use !tt.tensordesc<shape x element-type[, layout]> instead",
    ),
    (module(make("!tt.tensordesc<?x64xf16>")), "expected static shape"),
    (
        module(make("!tt.tensordesc<128x64xf16>", attributes=" {padding = 3 : i32}")),
        "custom op 'tt.make_tensor_descriptor' 'tt.make_tensor_descriptor' op attribute 'padding' failed to satisfy "
        "constraint: allowed 32-bit signless integer cases: 1, 2",
    ),
    # Register loads and stores.
    (
        module(f"%v = tt.descriptor_load %d[%i, %i] : {DESC} -> tensor<128x64xf32, #blocked>"),
        "'tt.descriptor_load' op descriptor block and tensor element types must match, but got descriptor element "
        "type 'f16' and tensor element type 'f32'",
    ),
    (
        module(f"%v = tt.descriptor_load %d[%i, %i] : {DESC} -> tensor<128x32xf16, #blocked>"),
        "'tt.descriptor_load' op descriptor block and tensor must have the same number of elements, but got "
        "descriptor block with 8192 elements tensor with 4096 elements",
    ),
    (
        module(
            make("!tt.tensordesc<128x64xi8>", pointer="%q : !tt.ptr<i8>")
            + "\n%v = tt.descriptor_load %e[%i, %i] : !tt.tensordesc<128x64xi8> -> tensor<128x64xui8, #blocked>"
        ),
        "'tt.descriptor_load' op result #0 must be ranked tensor of floating-point or integer or ptr values, but got "
        f"'tensor<128x64xui8, {BLOCKED}>'",
    ),
    (
        module(f"tt.descriptor_store %d[%i, %i], %g : {DESC}, tensor<32x64xf16, #blocked>"),
        "'tt.descriptor_store' op descriptor block and tensor must have the same number of elements, but got "
        "descriptor block with 8192 elements tensor with 2048 elements",
    ),
    (
        module(f"tt.descriptor_reduce foo, %d[%i, %i], %t : {DESC}, tensor<128x64xf16, #blocked>"),
        "custom op 'tt.descriptor_reduce' expected string or keyword containing one of the following enum values for "
        "attribute 'kind' [add, min, max, inc, dec, and, or, xor]",
    ),
    # Gathers and scatters of rows.
    (
        module(
            f"%v = tt.descriptor_gather %d[%x, %i] : ({DESC}, tensor<32xi32, #b1>, i32) -> tensor<32x64xf16, #blocked>"
        ),
        "'tt.descriptor_gather' op descriptor block must have exactly 1 row, but got 'tensor<128x64xf16>'",
    ),
    (
        module(
            make("!tt.tensordesc<1x1x64xf16>", ranks=3)
            + "\n%v = tt.descriptor_gather %e[%x, %i] : (!tt.tensordesc<1x1x64xf16>, tensor<32xi32, #b1>, i32) "
            "-> tensor<32x64xf16, #blocked>"
        ),
        "'tt.descriptor_gather' op descriptor block must be a 2D tensor, but got 'tensor<1x1x64xf16>'",
    ),
    (
        module(
            f"%v = tt.descriptor_gather %d1[%t, %i] : ({ROW_DESC}, tensor<128x64xf16, #blocked>, i32) "
            "-> tensor<32x64xf16, #blocked>"
        ),
        "'tt.descriptor_gather' op operand #1 must be ranked tensor of 16-bit signless integer or 32-bit signless "
        f"integer values, but got 'tensor<128x64xf16, {BLOCKED}>'",
    ),
    (
        module(load_rows("tensor<1x32x64xf16, #b3>")),
        "'tt.descriptor_gather' op result must be a 2D tensor, but got 'tensor<1x32x64xf16, ",
    ),
    (
        module(load_rows("tensor<4x64xf16, #blocked>", rows=4, splat=True)),
        "'tt.descriptor_gather' op must have at least 8 rows, but got 4",
    ),
    (
        module(
            make("!tt.tensordesc<1x64xf64>")
            + "\n%v = tt.descriptor_gather %e[%x, %i] : (!tt.tensordesc<1x64xf64>, tensor<32xi32, #b1>, i32) "
            "-> tensor<32x64xf64, #blocked>"
        ),
        "'tt.descriptor_gather' op TMA dtype cannot be greater than 32 bits",
    ),
    (
        module(
            make("!tt.tensordesc<1x8xf16>")
            + "\n%v = tt.descriptor_gather %e[%x, %i] : (!tt.tensordesc<1x8xf16>, tensor<32xi32, #b1>, i32) "
            "-> tensor<32x8xf16, #blocked>"
        ),
        "'tt.descriptor_gather' op must have at least 16 columns for 'f16', but got 8",
    ),
    (
        module(load_rows("tensor<32x64xf16, #blocked>", rows=64, splat=True)),
        "'tt.descriptor_gather' op result tensor must have as many rows as indices (64), but got "
        f"'tensor<32x64xf16, {BLOCKED}>'",
    ),
    (
        module(load_rows("tensor<32x32xf16, #blocked>")),
        "'tt.descriptor_gather' op result tensor number of columns must match block (64), but got "
        f"'tensor<32x32xf16, {BLOCKED}>'",
    ),
    (
        module(load_rows("tensor<32x64xf32, #blocked>")),
        "'tt.descriptor_gather' op result tensor element type must match block ('f16'), but got "
        f"'tensor<32x64xf32, {BLOCKED}>'",
    ),
    (
        module(f"tt.descriptor_scatter %d1[%x, %i], %t : {ROW_DESC}, tensor<32xi32, #b1>, i32, {WIDE}"),
        "'tt.descriptor_scatter' op result tensor must have as many rows as indices (32), but got "
        f"'tensor<128x64xf16, {BLOCKED}>'",
    ),
    # TMA loads into shared memory.
    (
        module(copy_in("%d[%i] %buf, %bar, %pred")),
        "'ttng.async_tma_copy_global_to_local' op expected 2 coordinates, but got 1",
    ),
    (
        module(
            make(DESC.replace("128x64", "1x1x1x1x128x64"), ranks=6)
            + "\n"
            + copy_in("%e[%i, %i, %i, %i, %i, %i] %buf, %bar, %pred", desc=DESC.replace("128x64", "1x1x1x1x128x64"))
        ),
        "'ttng.async_tma_copy_global_to_local' op must have between 1 and 5 coordinates",
    ),
    (
        module(copy_in("%d[%i, %i] %gbuf, %bar, %pred", buf=ROWS)),
        "'ttng.async_tma_copy_global_to_local' op descriptor block and tensor must have the same number of elements, "
        "but got descriptor block with 8192 elements tensor with 2048 elements",
    ),
    (
        module(
            "%b = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #sw, #smem, mutable>\n"
            + copy_in("%d[%i, %i] %b, %bar, %pred", buf="!ttg.memdesc<128x64xf16, #sw, #smem, mutable>")
        ),
        "'ttng.async_tma_copy_global_to_local' op TMA descriptor must have NVMMA shared layout",
    ),
    (
        module(
            "%b = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared64, #smem, mutable>\n"
            + copy_in("%d[%i, %i] %b, %bar, %pred", buf="!ttg.memdesc<128x64xf16, #shared64, #smem, mutable>")
        ),
        f"'ttng.async_tma_copy_global_to_local' op TMA descriptor layout must match shared layout, but got descriptor "
        f"layout {NVMMA} and shared memory layout {NVMMA.replace('128', '64')}",
    ),
    (
        module(
            make("!tt.tensordesc<128x64xf16>")
            + "\n"
            + copy_in("%e[%i, %i] %buf, %bar, %pred", desc="!tt.tensordesc<128x64xf16>")
        ),
        "'ttng.async_tma_copy_global_to_local' op TMA descriptor layout must match shared layout, but got descriptor "
        f"layout <<NULL ATTRIBUTE>> and shared memory layout {NVMMA}",
    ),
    (
        module(
            make("!tt.tensordesc<128x64xf16, #sharedT>")
            + "\n%b = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #sharedT, #smem, mutable>\n"
            + copy_in(
                "%e[%i, %i] %b, %bar, %pred",
                desc="!tt.tensordesc<128x64xf16, #sharedT>",
                buf="!ttg.memdesc<128x64xf16, #sharedT, #smem, mutable>",
            )
        ),
        "'ttng.async_tma_copy_global_to_local' op TMA descriptor layout must not be transposed",
    ),
    (
        module(
            "%b2 = ttg.local_alloc : () -> !ttg.memdesc<1xi32, #bar, #smem, mutable>\n"
            f"ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %b2, %pred : {DESC}, "
            f"!ttg.memdesc<1xi32, #bar, #smem, mutable> -> {BUF}"
        ),
        "'ttng.async_tma_copy_global_to_local' op barrier allocation must be a descriptor of Nxi64 type with "
        "N <= number of CTAs",
    ),
    (
        module(copy_in(attributes=" {multicast}")),
        "'ttng.async_tma_copy_global_to_local' op multicast requires the shared layout to broadcast across CTAs",
    ),
    (
        module(copy_in("%d[%i, %i] offsets = [%h] %buf, %bar, %pred")),
        "'ttng.async_tma_copy_global_to_local' op TILED mode does not support offsets",
    ),
    (
        module(copy_in("%d[%i] %buf, %bar, %pred", attributes=" {isVolatile = true}")),
        "'ttng.async_tma_copy_global_to_local' op volatile TMA loads are not supported",
    ),
    (
        module(copy_in(attributes=" {cachePolicy = 1 : i32}")),
        "'ttng.async_tma_copy_global_to_local' op unsupported TMA cache policy attribute 1 : i32",
    ),
    (
        module(copy_in("%im[%i, %i] %buf, %bar, %pred", desc="!ttng.tensordesc_im2col<128x64xf16, #shared>")),
        "'ttng.async_tma_copy_global_to_local' op IM2COL mode requires at least 3D coordinates, but got 2D",
    ),
    (
        module(copy_in("%im[%i, %i, %i, %i] %buf, %bar, %pred", desc="!ttng.tensordesc_im2col<128x64xf16, #shared>")),
        "'ttng.async_tma_copy_global_to_local' op IM2COL mode requires offsets to be provided",
    ),
    (
        module(
            copy_in(
                "%im[%i, %i, %i, %i] offsets = [%h] %buf, %bar, %pred",
                desc="!ttng.tensordesc_im2col<128x64xf16, #shared>",
            )
        ),
        "'ttng.async_tma_copy_global_to_local' op IM2COL mode with 4D coordinates requires 2 offsets, but got 1",
    ),
    (module("", im2col="1x128x64xf16"), "TensorDescIm2ColType requires rank-2 shape, got rank 3"),
    # Where the module says whether CTAs pair ("ttng.two-ctas"), a TMA load's barrier has a
    # word per CTA, or with pairs one per pair; %bar is one word that every CTA shares.
    (
        module(copy_in(), ctas=2, two_ctas=False),
        "'ttng.async_tma_copy_global_to_local' op TMA barrier cga_layout must be [[1]], got [[0]]",
    ),
    (
        module(copy_in(), ctas=4, two_ctas=True),
        "'ttng.async_tma_copy_global_to_local' op TMA barrier cga_layout must be [[1], [2]] or [[0], [1]], "
        "got [[0], [0]]",
    ),
    (
        module(copy_in(), ctas=4, two_ctas=False),
        "'ttng.async_tma_copy_global_to_local' op TMA barrier cga_layout must be [[1], [2]], got [[0], [0]]",
    ),
    (
        module(gather(), ctas=2, broadcast=True, two_ctas=False),
        "'ttng.async_tma_gather' op TMA barrier cga_layout must be [[1]], got [[0]]",
    ),
    # TMA stores and reductions.
    (
        module(f"ttng.async_tma_copy_local_to_global %d[%i] %buf : {DESC}, {BUF}"),
        "'ttng.async_tma_copy_local_to_global' op expected 2 coordinates, but got 1",
    ),
    (
        module(
            make("!tt.tensordesc<128x64xi8, #fp4>", pointer="%q : !tt.ptr<i8>")
            + "\n%b = ttg.local_alloc : () -> !ttg.memdesc<128x64xi8, #fp4, #smem, mutable>\n"
            "ttng.async_tma_copy_local_to_global %e[%i, %i] %b : !tt.tensordesc<128x64xi8, #fp4>, "
            "!ttg.memdesc<128x64xi8, #fp4, #smem, mutable>"
        ),
        "'ttng.async_tma_copy_local_to_global' op does not support fp4_padded operands",
    ),
    (
        module(f"ttng.async_tma_reduce inc, %d[%i, %i] %buf : {DESC}, {BUF}"),
        "'ttng.async_tma_reduce' op unsupported reduce kind inc for element type 'f16'",
    ),
    (
        module(f"ttng.async_tma_reduce and, %d[%i, %i] %buf : {DESC}, {BUF}"),
        "'ttng.async_tma_reduce' op unsupported reduce kind and for element type 'f16'",
    ),
    # A kind no keyword names, in the generic form (Triton refuses it converting the property).
    *(
        (
            module(f'"{name}"({operands}) <{{kind = {kind} : i32}}> : ({types}) -> ()'),
            f"'{name}' op attribute 'kind' failed to satisfy constraint: allowed 32-bit signless integer cases: "
            "1, 2, 3, 4, 5, 6, 7, 8",
        )
        for name, operands, types, kind in (
            ("tt.descriptor_reduce", "%d, %t, %i, %i", f"{DESC}, {WIDE}, i32, i32", 9),
            ("ttng.async_tma_reduce", "%d, %i, %i, %buf", f"{DESC}, i32, i32, {BUF}", 0),
        )
    ),
    # TMA gathers and scatters.
    (
        module(gather("%x", "#b1")),
        "'ttng.async_tma_gather' op x offsets must have at least 4 contiguous elements per thread",
    ),
    (module(gather("%x4", "#b4")), "'ttng.async_tma_gather' op x offsets must be broadcasted across each warp"),
    (
        module(gather(), ctas=2),
        "'ttng.async_tma_gather' op x offsets must have the same row CGA layout as the memdesc",
    ),
    (
        module(
            "%b = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sw, #smem, mutable>\n"
            f"ttng.async_tma_scatter %d1[%xb, %i] %b : {ROW_DESC}, tensor<32xi32, #bx>, i32, "
            "!ttg.memdesc<32x64xf16, #sw, #smem, mutable>"
        ),
        "'ttng.async_tma_scatter' op TMA descriptor must have NVMMA shared layout",
    ),
    # Descriptors made on the device.
    (module(tensormap(dims=1)), "Rank mismatch for global dim. Got 1 but expected 2"),
    (module(tensormap(strides=2)), "Rank mismatch for global stride. Got 2 but expected 1"),
    (module(tensormap(elements=1)), "Rank mismatch for element stride. Got 1 but expected 2"),
    (
        module(
            tensormap(
                fields="elem_type = 16 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32"
            )
        ),
        "custom op 'ttng.tensormap_create' 'ttng.tensormap_create' op attribute 'elem_type' failed to satisfy "
        "constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 15",
    ),
]


@pytest.mark.parametrize(("text", "message"), REFUSED)
def test_refused_as_triton_refuses(text: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(text)
    assert message in str(refused.value)


PER_CTA_BARRIER = (
    "%b = ttg.local_alloc : () -> !ttg.memdesc<{words}xi64, #ttg.swizzled_shared<{{vec = 1, perPhase = 1, "
    "maxPhase = 1, order = [0], CGALayout = {bases}}}>, #smem, mutable>\n"
    "ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %b, %pred : {desc}, !ttg.memdesc<{words}xi64, "
    "#ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = {bases}}}>, #smem, mutable> "
    "-> {buf}"
)
"""A TMA load whose barrier has ``words`` words in CGA layout ``bases``."""

ACCEPTED = [
    module(gather(attributes=" {multicast}"), ctas=2, broadcast=True),
    module(copy_in(attributes=" {multicast}"), ctas=2, broadcast=True),
    # TMA barriers: a word per CTA, or with CTA pairs one per pair; no "ttng.two-ctas", no check.
    module(copy_in(), ctas=1, two_ctas=False),
    module(copy_in(), ctas=2),
    module(copy_in(), ctas=2, two_ctas=True),
    module(gather(), ctas=2, broadcast=True, two_ctas=True),
    module(PER_CTA_BARRIER.format(words=2, bases="[[1]]", desc=DESC, buf=BUF), ctas=2, two_ctas=False),
    module(PER_CTA_BARRIER.format(words=4, bases="[[1], [2]]", desc=DESC, buf=BUF), ctas=4, two_ctas=True),
    module(PER_CTA_BARRIER.format(words=2, bases="[[0], [1]]", desc=DESC, buf=BUF), ctas=4, two_ctas=True),
    module(
        copy_in(
            "%im[%i, %i, %i, %i, %i] offsets = [%h, %h, %h] %buf, %bar, %pred",
            desc="!ttng.tensordesc_im2col<128x64xf16, #shared>",
        )
    ),
    module(f"ttng.async_tma_reduce max, %d[%i, %i] %buf : {DESC}, {BUF}"),
    module(f"%v = tt.descriptor_load %d[%i, %i] : {DESC} -> tensor<1x128x64xf16, #b3>"),
    module(
        make("!tt.tensordesc<64x64xui8>", pointer="%q : !tt.ptr<i8>")
        + "\n%v = tt.descriptor_load %e[%i, %i] : !tt.tensordesc<64x64xui8> -> tensor<64x64xi8, #blocked>"
    ),
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_accepted_as_triton_accepts(text: str) -> None:
    parse_module(text)


def _ops(text: str) -> dict[str, Operation]:
    return {op.name: op for op in parse_module(text).walk()}


KERNEL = module(
    "\n".join(
        [
            make(DESC),
            f"%w = tt.descriptor_load %d[%i, %i] : {DESC} -> tensor<128x64xf16, #blocked>",
            load_rows("tensor<32x64xf16, #blocked>"),
            f"tt.descriptor_store %d[%i, %i], %t : {DESC}, tensor<128x64xf16, #blocked>",
            f"tt.descriptor_reduce add, %d[%i, %i], %t : {DESC}, tensor<128x64xf16, #blocked>",
            f"tt.descriptor_scatter %d1[%x, %i], %g : {ROW_DESC}, tensor<32xi32, #b1>, i32, {NARROW}",
            copy_in(),
            f"ttng.async_tma_copy_local_to_global %d[%i, %i] %buf : {DESC}, {BUF}",
            f"ttng.async_tma_reduce add, %d[%i, %i] %buf : {DESC}, {BUF}",
            gather(),
            f"ttng.async_tma_scatter %d1[%xb, %i] %gbuf : {ROW_DESC}, tensor<32xi32, #bx>, i32, {ROWS}",
            "ttng.async_tma_store_wait {pendings = 0 : i32}",
            tensormap(),
            "ttng.tensormap_fenceproxy_acquire %q : !tt.ptr<i8>",
            f"%n = ttng.reinterpret_tensor_descriptor %q : !tt.ptr<i8> to {DESC}",
        ]
    )
)


@pytest.mark.parametrize("name", ["tt.descriptor_load", "tt.descriptor_gather"])
def test_loads_and_gathers_pin_their_layout(name: str) -> None:
    """Triton's ``isLayoutAnchor`` holds for descriptor loads and gathers, and the 3.9
    wheel's remove-layout-conversions never re-creates one in another layout."""
    op = _ops(KERNEL)[name]
    anchor, keeps = semantic_trait(op, LayoutAnchor), semantic_trait(op, KeepsLayout)
    assert anchor is not None and anchor.holds(op)
    assert keeps is not None and keeps.holds(op)
    assert layout_rule(op) is None


@pytest.mark.parametrize("name", ["tt.descriptor_store", "tt.descriptor_reduce", "tt.descriptor_scatter"])
def test_stores_take_their_operands_layout(name: str) -> None:
    op = _ops(KERNEL)[name]
    assert semantic_trait(op, LayoutAnchor) is None and layout_rule(op) is None


def test_only_descriptor_construction_is_dead_code() -> None:
    """The copies, waits and tensormap writes survive dead-code elimination; an unused
    descriptor (made or reinterpreted) or descriptor load does not."""
    kernel = parse_module(KERNEL)
    dce(kernel)
    left = {op.name for op in kernel.walk()}
    assert not left & {"tt.make_tensor_descriptor", "tt.descriptor_load", "tt.descriptor_gather"}
    assert not left & {"ttng.reinterpret_tensor_descriptor"}
    side_effects = {name for name in _ops(KERNEL) if name.startswith(("tt.descriptor_", "ttng."))}
    side_effects -= {"tt.descriptor_load", "tt.descriptor_gather", "ttng.reinterpret_tensor_descriptor"}
    assert side_effects <= left
    assert not is_side_effect_free(_ops(KERNEL)["ttng.async_tma_store_wait"])


def test_make_tensor_descriptor_prints_its_types_as_triton_does() -> None:
    """Without their dialect prefix (Triton's ``type($x)`` of its own dialect's types), and
    without the default ``padding``."""
    text = module(
        make(DESC, attributes=" {padding = 1 : i32}")
        + "\n"
        + make("!tt.tensordesc<128x64xf16>").replace("%e", "%n", 1).replace("] :", "] {padding = 2 : i32} :")
    )
    printed = print_module(parse_module(text))
    assert "%e = tt.make_tensor_descriptor %p, [%i, %i], [%l, %l] : <f16>, <128x64xf16, #shared>" in printed
    assert "%n = tt.make_tensor_descriptor %p, [%i, %i], [%l, %l] {padding = 2 : i32} : <f16>, <128x64xf16>" in printed


def test_descriptor_types_differ_by_layout_and_compare_signless() -> None:
    kernel = parse_module(KERNEL)
    func = next(op for op in kernel.walk() if op.name == "tt.func")
    types = [argument.type for argument in func.regions[0].blocks[0].args]
    descs = [t for t in types if isinstance(t, TensorDescType)]
    assert len(set(descs)) == 2
    unsigned = TensorDescType([4, 8], IntegerType(8, Signedness.UNSIGNED))
    assert unsigned.block_type() == TensorType(IntegerType(8), [4, 8])
    assert unsigned != TensorDescType([4, 8], IntegerType(8))
    assert TensorDescType([4, 8], f16).shared_layout is None


def test_descriptors_survive_printing() -> None:
    kernel = parse_module(KERNEL)
    assert isinstance(kernel, ModuleOp)
    printed = print_module(kernel)
    assert print_module(parse_module(printed)) == printed
