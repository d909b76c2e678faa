"""Async copies and memdesc views (``ttg``): their verifiers refuse what Triton 3.9
refuses, with its messages, accept what it accepts, and the ops with effects are never
dead code.  Every case here was checked against Triton 3.9 itself."""

from __future__ import annotations

import pytest
from xdsl.transforms.dead_code_elimination import dce

from layoutdialect import IRError, make_context, parse_module
from layoutdialect.dialect.semantics import LayoutAnchor, layout_rule, semantic_trait
from layoutdialect.passes.remove_redundant_conversions.pipeline import RemoveRedundantConversionsPass

MODULE = """\
#blocked = #ttg.blocked<{{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}}>
#b1 = #ttg.blocked<{{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}}>
#b2 = #ttg.blocked<{{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}}>
#shared = #ttg.swizzled_shared<{{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}}>
#plain = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}}>
#plain1d = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}}>
#swz = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 16, order = [0, 1]}}>
#nv64 = #ttg.nvmma_shared<{{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}}>
#padded = #ttg.padded_shared<[32:+4] {{order = [1, 0], shape = [16, 16]}}>
#padded8 = #ttg.padded_shared<[32:+4] {{order = [1, 0], shape = [8, 16]}}>
#wider = #ttg.padded_shared<[32:+8] {{order = [1, 0], shape = [16, 16]}}>
#halved = #ttg.padded_shared<[16:+2] {{order = [1, 0], shape = [8, 16]}}>
#cols = #ttg.swizzled_shared<{{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}}>
#split = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[1, 0]]}}>
#bcast = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[0, 0]]}}>
#parts = #ttg.partitioned_shared<{{numPartitions = 2, numGroups = 2, partitionDim = 0, partitionLayout = #plain}}>
#nv4d = #ttg.nvmma_shared<{{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 4}}>
#nv128 = #ttg.nvmma_shared<{{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}}>
#lin = #ttg.shared_linear<{{offset = [[1], [2], [4], [8], [16], [32], [64], [128], [256], [512]]}}, alignment = 8>
#smem = #ttg.shared_memory
module attributes {{"ttg.num-ctas" = {ctas} : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func @f(%i: i32, %m: {memdesc}, %p: tensor<16x64x!tt.ptr<f16>, #blocked>, %k: tensor<16x64xi1, #blocked>,
      %other: tensor<16x64xf16, #blocked>, %v: tensor<32xi32, #b1>, %x: tensor<32xi32, #b1>, %km: tensor<32xi1, #b1>) {{
    {body}
    tt.return
  }}
}}
"""


def module(memdesc: str, body: str, ctas: int = 1) -> str:
    """A kernel of ``ctas`` CTAs running ``body`` on ``%m`` of type ``memdesc``, with a
    16x64 tensor of pointers ``%p``, its mask ``%k`` and other values ``%other``, and 32-element
    tensors ``%v``, ``%x`` (i32) and ``%km`` (i1)."""
    return MODULE.format(memdesc=memdesc, body=body, ctas=ctas)


def md(shape: str, encoding: str = "#shared", mutable: bool = True, alloc: str = "") -> str:
    return f"!ttg.memdesc<{shape}, {encoding}, #smem{', mutable' if mutable else ''}{', ' + alloc if alloc else ''}>"


def index(src: str, dst: str) -> str:
    return module(src, f"%a = ttg.memdesc_index %m[%i] : {src} -> {dst}")


def subslice(src: str, offsets: str, dst: str) -> str:
    return module(src, f"%a = ttg.memdesc_subslice %m[{offsets}] : {src} -> {dst}")


def reinterpret(src: str, dst: str, ctas: int = 1) -> str:
    return module(src, f"%a = ttg.memdesc_reinterpret %m : {src} -> {dst}", ctas)


def reshape(src: str, dst: str) -> str:
    return module(src, f"%a = ttg.memdesc_reshape %m : {src} -> {dst}")


def scatter_rmw(dst: str, result: str = "tensor<32xi32, #b1>", mask: bool = False, axis: int = 0) -> str:
    """``%old = local_atomic_scatter_rmw add`` of ``%v`` at ``%x`` (masked by ``%km``) into ``%m``."""
    operands, types = ("%v, %km", f"{I32S}, {I32S}, tensor<32xi1, #b1>") if mask else ("%v", f"{I32S}, {I32S}")
    rmw = f"%old = ttg.local_atomic_scatter_rmw add, %m[%x], {operands} {{axis = {axis} : i32}}"
    return module(dst, f"{rmw} : ({dst}, {types}) -> {result}")


COPY = "tensor<16x64x!tt.ptr<f16>, #blocked>"
I32S = "tensor<32xi32, #b1>"
I32_BUFFER = md("32xi32", "#plain1d")


def copy(buffer: str, rest: str = "", written: str = "") -> str:
    """``%t = async_copy_global_to_local %p, %m{rest}`` into a buffer of type ``buffer``,
    written ``written`` after the arrow (Triton's unqualified form by default)."""
    return module(buffer, f"%t = ttg.async_copy_global_to_local %p, %m{rest} : {COPY} -> {written or buffer[12:]}")


def on_buffer(body: str) -> str:
    """``body`` on ``%m``, a mutable 1-D buffer of 32 ``i32``."""
    return module(I32_BUFFER, body)


REFUSED = [
    # async_copy_global_to_local writes the buffer it is given
    (copy(md("16x64xf16", mutable=False)), "'ttg.async_copy_global_to_local' op Cannot store into immutable memory"),
    (
        module(md("16x64xf16"), "%t = ttg.async_copy_global_to_local %i, %m : i32 -> <16x64xf16, #shared, #smem>"),
        "invalid kind of type specified: expected builtin.tensor, but found 'i32'",
    ),
    # memdesc_index: one whole buffer of a multi-buffered allocation
    (index(md("3x8x16xf32"), md("8x16xf16")), "result element type must match desc element type"),
    (index(md("3x8x16xf32"), md("16xf32", "#plain1d")), "src and result must have the same encoding"),
    (index(md("3x8x16xf32"), md("3x8x16xf32")), "result rank must be input rank - 1"),
    (index(md("8xf32", "#plain1d"), md("1xf32", "#plain1d")), "result rank must be input rank - 1"),
    (index(md("3x8x16xf32"), md("4x16xf32")), "result shape must equal to srcShape[1:]"),
    (
        index(md("3x8x8xf32", "#plain", alloc="3x8x16"), md("8x8xf32", "#plain")),
        "We only support memdesc_index of a multibuffer-prefix subview",
    ),
    (index(md("3x8x16xf32"), md("8x16xf32", alloc="3x8x16")), "alloc shape must match shape for the result"),
    # memdesc_subslice: a tile-aligned part, not cutting through the swizzling pattern
    (subslice(md("8x16xf32"), "0, 0", md("8x16xf16")), "result element type must match desc element type"),
    (
        subslice(md("8x16xf32"), "0, 0", md("8x8xf32", "#plain", alloc="8x16")),
        "src and result must have the same encoding",
    ),
    (subslice(md("8x16xf32"), "0", md("8x16xf32")), "offsets must have the same rank as input"),
    (subslice(md("8x16xf32"), "0, 0", md("8x8xf32")), "source and result must have the same allocation shape"),
    (subslice(md("8x16xf32"), "1, 8", md("8x8xf32", alloc="8x16")), "A non zero offset found in a dimension"),
    (subslice(md("8x16xf32"), "6, 0", md("4x16xf32", alloc="8x16")), "The split offset may not exceed the source"),
    (subslice(md("8x16xf32"), "-4, 0", md("4x16xf32", alloc="8x16")), "The split offset may not exceed the source"),
    (subslice(md("8x16xf32"), "2, 0", md("4x16xf32", alloc="8x16")), "The split offset may not touch the tile"),
    (
        subslice(md("5x8x16xf32", "#plain"), "2, 2, 0", md("3x4x16xf32", "#plain", alloc="5x8x16")),
        "The split offset may not touch the tile",
    ),
    (
        subslice(md("5x8x16xf32", "#plain"), "3, 0, 0", md("3x8x16xf32", "#plain", alloc="5x8x16")),
        "The split offset may not exceed the source shape",
    ),
    (
        subslice(md("8x16xf32", "#swz"), "0, 4", md("8x4xf32", "#swz", alloc="8x16")),
        "We don't support splitting along the swizzling pattern",
    ),
    (
        subslice(md("2x16x16xf32", "#padded"), "1, 0, 0", md("1x16x16xf32", "#padded", alloc="2x16x16")),
        "SubSlice of low rank PaddedSharedEncoding from higher rank tensors is not supported yet",
    ),
    # memdesc_reinterpret: every byte of the result belongs to the operand's view
    (reinterpret(md("8x16xf16", mutable=False), md("8x16xf16")), "source and result must have the same mutability"),
    (reinterpret(md("16x16xf16", "#padded"), md("16x16xf16", "#plain")), "between padded and non-padded layouts"),
    (reinterpret(md("16x16xf16", "#padded"), md("16x16xf16", "#wider")), "with different padding pattern"),
    (
        reinterpret(md("8x16xf16", "#padded", alloc="16x16"), md("8x16xf16", "#padded8")),
        "cannot reinterpret a padded source subview",
    ),
    (reinterpret(md("128x16xf16", "#parts"), md("128x16xi16", "#parts")), "cannot reinterpret partitioned shared"),
    (reinterpret(md("16x16xf16", "#padded"), md("16x16xf16", "#parts")), "cannot reinterpret partitioned shared"),
    (reinterpret(md("2x16x64xf16"), md("16x64xi8", alloc="16x128")), "result must not be a subview"),
    (
        reinterpret(md("8x16xf16"), md("8x16xf32")),
        "result shared-memory footprint (512 bytes) exceeds the source view (256 bytes)",
    ),
    (
        reinterpret(md("2x16x16xf16", "#plain", alloc="7x16x16"), md("4x16x16xf16", "#plain")),
        "result shared-memory footprint (2048 bytes) exceeds the source view (1024 bytes)",
    ),
    (
        reinterpret(md("2x8x16xf16", "#plain", alloc="7x16x16"), md("16x16xf16", "#plain")),
        "result shared-memory footprint includes offsets not owned by the source subview "
        "(512 bytes requested; 256 contiguous bytes available)",
    ),
    (
        reinterpret(md("8x16xf16", "#cols", alloc="16x16"), md("8x16xf16", "#plain")),
        "(256 bytes requested; 16 contiguous bytes available)",
    ),
    (
        reinterpret(md("64x16xf16", "#split", alloc="128x16"), md("64x16xf16", "#bcast"), ctas=2),
        "cannot reinterpret a source subview sliced across CTAs",
    ),
    (
        reinterpret(md("128x8xf16", "#split", alloc="128x16"), md("8x8xf16", "#split"), ctas=2),
        "(64 bytes requested; 16 contiguous bytes available)",
    ),
    # memdesc_reshape: the same buffer read row-major in another shape
    (reshape(md("32x1x4x64xf16", "#nv4d"), md("64x64xf16", "#nv64")), "number of src and dst elements of reshape"),
    (
        reshape(md("32x1x4x64xf16", "#nv4d"), md("128x64xf32", "#nv64")),
        "'ttg.memdesc_reshape' op requires the same element type for all operands and results",
    ),
    (reshape(md("16x64xf16", alloc="32x64"), md("1024xf16", "#plain1d")), "NYI: memdesc_reshape of memdesc_subslice"),
    # Triton refuses this one without a message (its layout-equivalence check fails silently)
    (reshape(md("16x64xf16"), md("64x16xf16")), "does not place the elements where the reshaped operand has them"),
    # local_atomic_scatter_rmw: one value per index, into mutable shared memory
    (scatter_rmw(md("32xi32", "#plain1d", mutable=False)), "'ttg.local_atomic_scatter_rmw' op Cannot store into"),
    (
        scatter_rmw(I32_BUFFER, result="tensor<32xi32, #b2>"),
        "'ttg.local_atomic_scatter_rmw' op failed to verify that result type matches values type",
    ),
    (scatter_rmw(I32_BUFFER, axis=1), "axis 1 is out of bounds for destination rank 1"),
    (scatter_rmw(md("32xf32", "#plain1d")), "values element type must match destination element type"),
    (
        on_buffer(f"%old = ttg.local_atomic_scatter_rmw add, %m[%x], %v : ({I32_BUFFER}, {I32S}, {I32S}) -> {I32S}"),
        "'ttg.local_atomic_scatter_rmw' op requires attribute 'axis'",
    ),
    (
        on_buffer(
            f"%old = ttg.local_atomic_scatter_rmw nand, %m[%x], %v {{axis = 0 : i32}} : ({I32_BUFFER}, {I32S}, {I32S})"
            f" -> {I32S}"
        ),
        "custom op 'ttg.local_atomic_scatter_rmw' expected string or keyword containing one of the following enum "
        "values for attribute 'atomic_rmw_op' [and, or, xor, add, fadd, max, min, umax, umin, exch]",
    ),
    (
        on_buffer(
            f"%old = ttg.local_atomic_scatter_rmw add, %m[%x], %v {{atomic_rmw_op = 11 : i32, axis = 0 : i32}} : "
            f"({I32_BUFFER}, {I32S}, {I32S}) -> {I32S}"
        ),
        "'ttg.local_atomic_scatter_rmw' op attribute 'atomic_rmw_op' failed to satisfy constraint: allowed 32-bit "
        "signless integer cases: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10",
    ),
    # local_gather and local_scatter index along one axis of the buffer
    (
        module(
            md("2x32xi32", "#plain"),
            f"%g = ttg.local_gather %m[%x] {{axis = 0 : i32}} : {md('2x32xi32', '#plain')}, {I32S} -> {I32S}",
        ),
        "source and indices must have the same rank",
    ),
    (
        on_buffer(f"ttg.local_scatter %m[%x], %v {{axis = 1 : i32}} : {I32_BUFFER}, {I32S}, {I32S}"),
        "axis 1 is out of bounds for destination rank 1",
    ),
    # ttg.barrier names address spaces
    (on_buffer("ttg.barrier local|shared"), "unknown addrSpace 'shared'"),
]


@pytest.mark.parametrize("text, message", REFUSED)
def test_triton_refuses_it_so_do_we(text: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(text)
    assert message in str(refused.value)


ACCEPTED = [
    copy(md("16x64xf16"), " mask %k other %other", written=md("16x64xf16")),
    copy(md("16x64xf16"), " {cachePolicy = 1 : i32, contiguity = 8 : i32, isVolatile = true}"),
    # a copy checks neither the buffer's shape nor its element type
    copy(md("16x32xf32")),
    index(md("2x8x16xf32", "#plain", alloc="4x8x16"), md("8x16xf32", "#plain")),
    index(md("8x16xf32", "#plain1d"), md("16xf32", "#plain1d")),
    index(md("3x8x16xf32", mutable=False), md("8x16xf32")),
    subslice(md("5x8x16xf32", "#plain"), "1, 4, 0", md("3x4x16xf32", "#plain", alloc="5x8x16")),
    subslice(md("8x8x32xf16", "#nv64"), "3, 0, 0", md("3x8x32xf16", "#nv64", alloc="8x8x32")),
    subslice(md("8x16xf32"), "0, 0", md("8x4xf32", alloc="8x16")),
    reinterpret(md("2x16x64xf16"), md("1024xf32", "#plain1d")),
    reinterpret(md("16x64xf16", alloc="2x16x64"), md("16x64xi16")),
    reinterpret(md("2x8x16xf16", "#plain", alloc="7x16x16"), md("8x16xf16", "#plain")),
    reinterpret(md("64x64xf16"), md("64x64xf16", alloc="2x64x64")),
    reinterpret(md("16x16xf16", "#padded"), md("8x16xf32", "#halved")),
    reinterpret(md("128x8xf16", "#split", alloc="128x16"), md("2x8xf16", "#split"), ctas=2),
    reshape(md("32x1x4x64xf16", "#nv4d"), md("128x64xf16", "#nv128")),
    reshape(md("16x64xf16", "#plain"), md("1024xf16", "#lin")),
    scatter_rmw(I32_BUFFER, mask=True),
    on_buffer(f"%g = ttg.local_gather %m[%x] {{axis = 0 : i32}} : {I32_BUFFER}, {I32S} -> {I32S}"),
    on_buffer("ttg.barrier none|local"),
    on_buffer('ttg.barrier "global_read|tensor_write"'),
    on_buffer(
        "%g = ttg.global_scratch_alloc {alignment = 128 : i32, third_party_allocation, nbytes = 384 : i32}"
        " : !tt.ptr<i8>"
    ),
    on_buffer("%w = ttg.warp_id {omitUniformHint}"),
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_triton_accepts_it_so_do_we(text: str) -> None:
    parse_module(text)


def test_dead_code_elimination_keeps_what_writes_or_waits_and_drops_unused_views() -> None:
    body = "\n    ".join(
        [
            f"%t = ttg.async_copy_global_to_local %p, %m : {COPY} -> {md('16x64xf16')}",
            "%g = ttg.async_commit_group tokens %t",
            "%w = ttg.async_wait %g {num = 0 : i32}",
            "ttg.barrier local",
            f"%view = ttg.memdesc_subslice %m[0, 32] : {md('16x64xf16')} -> {md('16x32xf16', alloc='16x64')}",
            f"%r = ttg.memdesc_reinterpret %m : {md('16x64xf16')} -> {md('16x128xi8')}",
            "%id = ttg.warp_id",
        ]
    )
    kernel = parse_module(module(md("16x64xf16"), body))
    dce(kernel)
    names = [op.name for op in kernel.walk() if op.name.startswith("ttg.")]
    assert names == ["ttg.async_copy_global_to_local", "ttg.async_commit_group", "ttg.async_wait", "ttg.barrier"]


def test_no_op_of_the_family_moves_layouts() -> None:
    """Triton's remove-layout-conversions neither propagates layouts through these ops nor
    starts from them: a copy's pointers keep the layout its coalescing was chosen for."""
    for text in ACCEPTED:
        for op in parse_module(text).walk():
            if op.name.startswith("ttg."):
                assert layout_rule(op) is None and semantic_trait(op, LayoutAnchor) is None, op.name


def test_remove_redundant_conversions_keeps_the_copy_pointers_layout() -> None:
    body = "\n    ".join(
        [
            f"%cv = ttg.convert_layout %p : {COPY} -> tensor<16x64x!tt.ptr<f16>, #b16>",
            f"%t = ttg.async_copy_global_to_local %cv, %m : tensor<16x64x!tt.ptr<f16>, #b16> -> {md('16x64xf16')}",
        ]
    )
    text = module(md("16x64xf16"), body).replace(
        "#smem = #ttg.shared_memory",
        "#smem = #ttg.shared_memory\n"
        "#b16 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>",
    )
    kernel = parse_module(text)
    RemoveRedundantConversionsPass().apply(make_context(), kernel)
    (copy_op,) = (op for op in kernel.walk() if op.name == "ttg.async_copy_global_to_local")
    assert "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32]" in str(copy_op.operands[0].type)
