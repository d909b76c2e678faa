"""The ``amdg`` ops of ``layoutdialect.dialect.amdg``: their verifiers refuse what Triton 3.9
refuses, with its messages (each case below was checked against Triton 3.9), and their
layout traits and side effects are Triton's."""

from __future__ import annotations

from math import prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.transforms.dead_code_elimination import dce

from layoutdialect import IRError, parse_module
from layoutdialect.dialect.amdg.ops import (
    AMDGOp,
    BufferAtomicCASOp,
    BufferAtomicRMWOp,
    BufferLoadOp,
    BufferStoreOp,
    ConcatOp,
    ExtractSliceOp,
    InThreadTransposeOp,
    ScaledUpcastFp4Op,
    ScaledUpcastFp8Op,
    in_thread_transposed_layout,
    scale_layout,
)
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.semantics import Elementwise, KeepsLayout, LayoutAnchor, SameLayout, layout_rule
from layoutdialect.dialect.ttg.attributes import encoding_attr
from layoutdialect.encodings import BlockedEncoding, CGALayout, LinearEncoding, to_linear_layout
from layoutdialect.f2 import LinearLayout
from layoutdialect.passes.remove_redundant_conversions.pipeline import RemoveRedundantConversionsPass

MODULE = """\
#b = #ttg.blocked<{{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}}>
#b2 = #ttg.blocked<{{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}}>
#bl = #ttg.blocked<{{sizePerThread = [1, 8], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [0, 1]}}>
#bl2 = #ttg.blocked<{{sizePerThread = [1, 8], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [0, 1]}}>
#sh = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}}>
#sh2 = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}}>
#sw = #ttg.swizzled_shared<{{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}}>
#smem = #ttg.shared_memory
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32{target}}} {{
  tt.func @f(%ptr: !tt.ptr<f32>, %off: tensor<1024xi32, #b>, %m: tensor<1024xi1, #b>, %o: tensor<1024xf32, #b>,
             %i: i32, %p: i1, %dst: !ttg.memdesc<1024xf32, #sh, #smem, mutable>, %ptrs: tensor<1024x!tt.ptr<f32>, #b>,
             %bar: !ttg.memdesc<1xi64, #sh, #smem, mutable>, %desc: !tt.tensordesc<64x64xf16, #sh2>,
             %dst2: !ttg.memdesc<64x64xf16, #sh2, #smem, mutable>, %rows: tensor<64xi32>, %pi: !tt.ptr<i32>,
             %vi: tensor<1024xi32, #b>, %t: tensor<128x128xf16, #bl>, %o2: tensor<1024xf32, #b2>, %ph: !tt.ptr<f16>,
             %sw: !ttg.memdesc<64x64xf16, #sw, #smem, mutable>) {{
    {body}
    tt.return
  }}
}}
"""

OFF, F32, LOCAL = "tensor<1024xi32, #b>", "tensor<1024xf32, #b>", "!ttg.memdesc<1024xf32, #sh, #smem, mutable>"
DESC, DST2 = "!tt.tensordesc<64x64xf16, #sh2>", "!ttg.memdesc<64x64xf16, #sh2, #smem, mutable>"
SEGMENTS = "operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>"

REFUSED = [
    (
        f'%0 = "amdg.buffer_load"(%ptr, %off) <{{{SEGMENTS}}}> : (!tt.ptr<f32>, {OFF}) -> tensor<1024xf16, #b>',
        "'amdg.buffer_load' op failed to verify that result element type matches the pointed type of ptr",
    ),
    (
        f'%0 = "amdg.buffer_load"(%ptr, %off) <{{{SEGMENTS}}}> : (!tt.ptr<f32>, {OFF}) -> tensor<1024xf32, #b2>',
        "'amdg.buffer_load' op failed to verify that result and offsets have the same shape",
    ),
    (
        f'%0 = "amdg.buffer_load"(%ptr, %o) <{{{SEGMENTS}}}> : (!tt.ptr<f32>, {F32}) -> {F32}',
        "'amdg.buffer_load' op operand #1 must be tensor of 32-bit signless integer values, but got 'tensor<1024xf32",
    ),
    (
        f'%0 = "amdg.buffer_load"(%ptrs, %off) <{{{SEGMENTS}}}> : (tensor<1024x!tt.ptr<f32>, #b>, {OFF}) -> {F32}',
        "'amdg.buffer_load' op operand #0 must be ptr, but got 'tensor<1024x!tt.ptr<f32>",
    ),
    (
        '%0 = "amdg.buffer_load"(%ptr, %off, %m, %o2) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>}> '
        f": (!tt.ptr<f32>, {OFF}, tensor<1024xi1, #b>, tensor<1024xf32, #b2>) -> {F32}",
        "'amdg.buffer_load' op failed to verify that result and other have the same type",
    ),
    (f"%0 = amdg.buffer_load %ptr[%off] : {F32}", "expected '->'"),
    (f"%0 = amdg.buffer_load %ptr[%off] cacheModifier = cg : !tt.ptr<f32> -> {F32}", "expected ':'"),
    (
        '"amdg.buffer_store"(%o, %ph, %off) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> '
        f": ({F32}, !tt.ptr<f16>, {OFF}) -> ()",
        "'amdg.buffer_store' op failed to verify that value element type matches the pointed type of ptr",
    ),
    (
        '%0 = "amdg.buffer_load_to_local"(%dst, %ptr, %off, %m, %vi) '
        "<{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>}> "
        f": ({LOCAL}, !tt.ptr<f32>, {OFF}, tensor<1024xi1, #b>, {OFF}) -> !ttg.async.token",
        "'amdg.buffer_load_to_local' op failed to verify that other matches shape and layout of offsets and the "
        "element type matches the pointee type of ptr",
    ),
    (
        f"%0 = amdg.buffer_atomic_rmw fsub, relaxed, gpu, %o, %ptr[%off] : !tt.ptr<f32> -> {F32}",
        "custom op 'amdg.buffer_atomic_rmw' expected string or keyword containing one of the following enum values "
        "for attribute 'atomic_rmw_op' [and, or, xor, add, fadd, max, min, umax, umin, exch]",
    ),
    (
        '%0 = "amdg.buffer_atomic_cas"(%ptr, %off, %o2, %o) <{sem = 1 : i32, scope = 1 : i32}> '
        f": (!tt.ptr<f32>, {OFF}, tensor<1024xf32, #b2>, {F32}) -> {F32}",
        "'amdg.buffer_atomic_cas' op failed to verify that result element type matches the cmp type",
    ),
    (
        '%0 = "amdg.async_copy_local_to_global"(%dst, %ptrs, %m) <{cachePolicy = 1 : i32}> '
        f": ({LOCAL}, tensor<1024x!tt.ptr<f32>, #b>, tensor<1024xi1, #b>) -> !ttg.async.token",
        "'amdg.async_copy_local_to_global' op unsupported cache policy attribute 1 : i32",
    ),
    ("%0 = amdg.async_wait", "'amdg.async_wait' op requires attribute 'num_inst'"),
    (
        "%0 = amdg.async_wait {num_inst = 1 : i64}",
        "custom op 'amdg.async_wait' 'amdg.async_wait' op attribute 'num_inst' failed to satisfy constraint: "
        "32-bit signless integer attribute",
    ),
    (
        f"amdg.init_barrier %dst, 1 : {LOCAL}",
        "'amdg.init_barrier' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs",
    ),
    (
        "amdg.init_barrier %bar, 0 : !ttg.memdesc<1xi64, #sh, #smem, mutable>",
        "'amdg.init_barrier' op count must be greater than or equal to 1",
    ),
    ("amdg.cluster_barrier_arrive", "'amdg.cluster_barrier_arrive' op requires ttg.num-ctas > 1"),
    (f"%0 = amdg.extract_slice %o [1000] : {F32} to tensor<256xf32, #b>", "invalid offset at dimension 0"),
    (
        f"%0 = amdg.extract_slice %o [0] : {F32} to tensor<2048xf32, #b>",
        "result shape cannot exceed source shape at dimension 0",
    ),
    (
        f"%0 = amdg.extract_slice %o [0] : {F32} to tensor<256xf16, #b>",
        "result element type must match source element type",
    ),
    (
        f"%0 = amdg.extract_slice %o [128] : {F32} to tensor<256xf32, #b>",
        "No source register holds the element for destination index [128]",
    ),
    (
        "%0 = amdg.extract_slice %t [0, 0] : tensor<128x128xf16, #bl> to tensor<32x128xf16, #bl>",
        "Lane and warp dim basis must match between source and destination layout.",
    ),
    (
        "%0 = amdg.extract_slice %t [0, 0] : tensor<128x128xf16, #bl> to tensor<128x128xf16, #bl2>",
        "No source register holds the element for destination index [16, 0]",
    ),
    (
        f"%0 = amdg.concat %o, %o : {F32}, {F32} -> {F32}",
        "Number of source tiles (2) doesn't match required count (1).",
    ),
    (
        f"%0 = amdg.concat %o, %o2 : {F32}, tensor<1024xf32, #b2> -> tensor<2048xf32, #b>",
        "All sources must have identical tensor types.",
    ),
    (
        f"%0 = amdg.concat %o, %o : {F32}, {F32} -> tensor<2048xf16, #b>",
        "Element types of sources and destination must match.",
    ),
    (
        "%0 = amdg.concat %t, %t : tensor<128x128xf16, #bl>, tensor<128x128xf16, #bl> -> tensor<128x128x2xf16, #bl>",
        "Source and destination tensors must have the same rank.",
    ),
    (
        "%0 = amdg.in_thread_transpose %t : tensor<128x128xf16, #bl> -> tensor<128x128xf32, #bl>",
        "'amdg.in_thread_transpose' op Expect input and output tensor to have same dtype",
    ),
    (
        f"%0 = amdg.async_tdm_copy_global_to_local %desc into %dst2 {{cache = 9 : i32}} : {DESC} -> {DST2}",
        "custom op 'amdg.async_tdm_copy_global_to_local' 'amdg.async_tdm_copy_global_to_local' op attribute 'cache' "
        "failed to satisfy constraint: allowed 32-bit signless integer cases: 1, 2, 3, 4, 5, 6, 7",
    ),
    (
        f"%0 = amdg.async_tdm_copy_global_to_local %desc into %dst2 {{warp_used_hint = 6 : i32}} : {DESC} -> {DST2}",
        "'amdg.async_tdm_copy_global_to_local' op warp_used_hint = 0x6 is not axis-aligned: K = 2 active warps must "
        "span exactly log2(K) = 1 warpId bit positions",
    ),
    (
        f"%0 = amdg.async_tdm_copy_global_to_local %desc into %dst2 {{warp_used_hint = 7 : i32}} : {DESC} -> {DST2}",
        "'amdg.async_tdm_copy_global_to_local' op popcount(warp_used_hint) = 3 must be a power of two (got hint 0x7)",
    ),
    (
        f"%0 = amdg.async_tdm_copy_global_to_local %desc into %dst2 {{warp_used_hint = 17 : i32}} : {DESC} -> {DST2}",
        "'amdg.async_tdm_copy_global_to_local' op warp_used_hint = 0x11 sets bits beyond num_warps = 4",
    ),
    (
        "%0 = amdg.async_tdm_copy_global_to_local %desc into %sw : "
        f"{DESC} -> !ttg.memdesc<64x64xf16, #sw, #smem, mutable>",
        "'amdg.async_tdm_copy_global_to_local' op TDM does not support swizzling",
    ),
    (
        "%0 = amdg.async_tdm_fused_copy_global_to_local %desc into %dst2 {warp_used_hints = array<i32: 1>} : "
        f"{DESC} -> {DST2}",
        "'amdg.async_tdm_fused_copy_global_to_local' op requires 2 to 4 members",
    ),
    (
        f"%0 = amdg.update_tensor_descriptor %desc add_offsets = [%i] : {DESC}",
        "'amdg.update_tensor_descriptor' op expected 2 add_offsets to match descriptor rank, got 1",
    ),
    (
        f"%0 = amdg.update_tensor_descriptor %desc {{clamp_bounds}} : {DESC}",
        "'amdg.update_tensor_descriptor' op must provide at least one of add_offsets, set_bounds, or pred",
    ),
    (
        f"%0 = amdg.update_tensor_descriptor %desc pred = %i {{clamp_bounds}} : {DESC}",
        "'amdg.update_tensor_descriptor' op clamp_bounds requires add_offsets",
    ),
    (
        f"amdg.tdm_prefetch %desc[%i, %i], %p, speculative = true returnOffsets : {DESC} -> tensor<64x1xi64>",
        "'amdg.tdm_prefetch' op inferred type(s) 'tensor<64x1xi64, #ttg.blocked<{sizePerThread = [1, 1], "
        "threadsPerWarp = [64, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>' are incompatible with return type(s) of "
        "operation 'tensor<64x1xi64>'",
    ),
    (
        f"%0 = amdg.async_tdm_gather %desc[%t] to %dst2 : tensor<128x128xf16, #bl>, {DST2} -> {DESC}",
        "'amdg.async_tdm_gather' op operand #1 must be tensor of 16-bit signless integer or 32-bit signless integer "
        "values",
    ),
]


@pytest.mark.parametrize(("body", "message"), REFUSED, ids=[m[:60] for _, m in REFUSED])
def test_triton_refuses_it_so_do_we(body: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(MODULE.format(body=body, target=""))
    assert message in str(refused.value)


LOAD_TO_LOCAL = (
    f"%0 = amdg.buffer_load_to_local %ptr[%off] into %dst : !tt.ptr<f32>[{OFF}] -> <1024xf32, #sh, #smem, mutable>"
)


@pytest.mark.parametrize("arch", ["gfx942", "gfx950", ""])
def test_buffer_loads_into_shared_memory_on_cdna3_and_cdna4_or_any_unnamed_target(arch: str) -> None:
    parse_module(MODULE.format(body=LOAD_TO_LOCAL, target=f', ttg.target = "hip:{arch}"'))


@pytest.mark.parametrize("arch", ["gfx90a", "gfx1100", "gfx1250"])
def test_other_targets_have_no_buffer_loads_into_shared_memory(arch: str) -> None:
    with pytest.raises(IRError, match="BufferLoadToLocal unsupported on target architecture"):
        parse_module(MODULE.format(body=LOAD_TO_LOCAL, target=f', ttg.target = "hip:{arch}"'))


def test_amdg_ops_do_not_check_their_layouts_against_the_kernel() -> None:
    """Triton's AMD ops lack ``VerifyTensorLayoutsTrait``: a 64-lane MFMA layout in a kernel
    of the default 32 lanes is accepted (from Triton's ``test/Analysis/amd/test-alignment.mlir``)."""
    parse_module(
        "#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>\n"
        "tt.func public @f(%a: tensor<256x64xf16, #mma>) {\n"
        "  %0 = amdg.extract_slice %a [0, 0] : tensor<256x64xf16, #mma> to tensor<128x32xf16, #mma>\n"
        "  tt.return\n"
        "}\n"
    )


def test_buffer_loads_infer_layouts_backwards_only_and_may_be_recomputed() -> None:
    """Triton's ``SameLoadStoreOperandsAndResultEncoding``: no anchor, and rematerialisable."""
    rule = BufferLoadOp.get_trait(SameLayout)
    assert rule is not None and not rule.forward
    assert not BufferLoadOp.has_trait(LayoutAnchor) and not BufferLoadOp.has_trait(KeepsLayout)
    assert layout_rule(BufferStoreOp.create()) is None


@pytest.mark.parametrize("op", [BufferAtomicRMWOp, BufferAtomicCASOp])
def test_buffer_atomics_infer_layouts_backwards_and_are_never_cloned(op: type[AMDGOp]) -> None:
    rule = op.get_trait(SameLayout)
    assert rule is not None and not rule.forward
    assert op.has_trait(KeepsLayout) and not op.has_trait(LayoutAnchor)


def test_slices_and_concatenations_pass_no_layout_on() -> None:
    assert layout_rule(ExtractSliceOp.create()) is None and layout_rule(ConcatOp.create()) is None
    assert layout_rule(InThreadTransposeOp.create()) is None and layout_rule(ScaledUpcastFp4Op.create()) is None
    fp8 = ScaledUpcastFp8Op.get_trait(Elementwise)
    assert fp8 is not None and not fp8.forward


def test_dead_code_elimination_drops_unused_reads_and_keeps_side_effects() -> None:
    body = "\n    ".join(
        [
            f"%0 = amdg.buffer_load %ptr[%off] : !tt.ptr<f32> -> {F32}",
            f"%1 = amdg.extract_slice %o [0] : {F32} to tensor<256xf32, #b>",
            f"amdg.buffer_store %o, %ptr[%off] : !tt.ptr<f32> -> {F32}",
            f"%2 = amdg.buffer_atomic_rmw fadd, relaxed, gpu, %o, %ptr[%off] : !tt.ptr<f32> -> {F32}",
            "amdg.cond_barrier %p",
            "%3 = amdg.async_wait {num_inst = 0 : i32}",
        ]
    )
    kernel = parse_module(MODULE.format(body=body, target=""))
    dce(kernel)
    left = [op.name for op in kernel.walk() if op.name.startswith("amdg.")]
    assert left == ["amdg.buffer_store", "amdg.buffer_atomic_rmw", "amdg.cond_barrier", "amdg.async_wait"]


ATOMIC_BETWEEN_CONVERSIONS = """\
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b2 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @g(%ptr: !tt.ptr<f32>, %off: tensor<64x64xi32, #b2>, %ptrs: tensor<64x64x!tt.ptr<f32>, #b>) {
    %0 = ttg.convert_layout %off : tensor<64x64xi32, #b2> -> tensor<64x64xi32, #b>
    %1 = arith.sitofp %0 : tensor<64x64xi32, #b> to tensor<64x64xf32, #b>
    %2 = amdg.buffer_atomic_rmw fadd, relaxed, gpu, %1, %ptr[%0] : !tt.ptr<f32> -> tensor<64x64xf32, #b>
    %3 = ttg.convert_layout %2 : tensor<64x64xf32, #b> -> tensor<64x64xf32, #b2>
    %4 = arith.addf %3, %3 : tensor<64x64xf32, #b2>
    %5 = ttg.convert_layout %4 : tensor<64x64xf32, #b2> -> tensor<64x64xf32, #b>
    tt.store %ptrs, %5 : tensor<64x64x!tt.ptr<f32>, #b>
    tt.return
  }
}
"""


def test_remove_redundant_conversions_keeps_the_one_atomic_where_it_is() -> None:
    """As Triton 3.9: the conversions around the atomic go, the atomic stays in its layout, once."""
    kernel = parse_module(ATOMIC_BETWEEN_CONVERSIONS)
    RemoveRedundantConversionsPass().apply(make_context(), kernel)
    atomics = [op for op in kernel.walk() if isinstance(op, BufferAtomicRMWOp)]
    conversions = [op for op in kernel.walk() if op.name == "ttg.convert_layout"]
    assert len(atomics) == 1 and len(conversions) == 1
    assert "sizePerThread = [1, 4]" in str(atomics[0].result.type)


def test_the_in_thread_transposed_layout_swaps_each_threads_register_order() -> None:
    """Triton's ``deduceOutputLayout`` on ``test/Conversion/amd/in_thread_transpose.mlir``'s case."""
    blocked = BlockedEncoding((2, 2), (8, 8), (1, 1), (1, 0), CGALayout.single(2))
    expected = LinearLayout.from_bases(
        [
            ("register", [[1, 0], [0, 1]]),
            ("lane", [[0, 2], [0, 4], [0, 8], [2, 0], [4, 0], [8, 0]]),
            ("warp", []),
            ("block", []),
        ],
        ["dim0", "dim1"],
    )
    assert in_thread_transposed_layout(blocked, [16, 16]) == expected


# Triton 3.9's deduced register bases (its verifier prints them) for blocked layouts at
# shapes smaller than a tile and at shapes that repeat it: the tile cut to the shape, in the
# other order, then the repeats.  (sizePerThread, threadsPerWarp, warpsPerCTA, order, shape).
TRANSPOSED_REGISTERS = [
    ((4, 4), (1, 64), (1, 1), (1, 0), (1, 256), [[0, 1], [0, 2]]),
    ((4, 4), (1, 64), (1, 1), (1, 0), (2, 256), [[1, 0], [0, 1], [0, 2]]),
    ((4, 4), (1, 64), (1, 1), (1, 0), (2, 512), [[1, 0], [0, 1], [0, 2], [0, 256]]),
    ((4, 4), (1, 64), (1, 1), (1, 0), (1, 512), [[0, 1], [0, 2], [0, 256]]),
    ((4, 4), (1, 64), (1, 1), (0, 1), (1, 256), [[0, 1], [0, 2]]),
    ((4, 4), (1, 64), (1, 1), (0, 1), (2, 256), [[0, 1], [0, 2], [1, 0]]),
    ((4, 4), (1, 64), (1, 1), (0, 1), (2, 512), [[0, 1], [0, 2], [1, 0], [0, 256]]),
    ((4, 4), (1, 64), (1, 1), (1, 0), (2, 2), [[1, 0], [0, 1]]),
    ((8, 4), (8, 8), (1, 1), (1, 0), (4, 64), [[1, 0], [2, 0], [0, 1], [0, 2], [0, 32]]),
    ((8, 4), (8, 8), (1, 1), (1, 0), (64, 64), [[1, 0], [2, 0], [4, 0], [0, 1], [0, 2], [0, 32]]),
    ((2, 8), (16, 4), (2, 2), (0, 1), (4, 8), [[0, 1], [0, 2], [0, 4], [1, 0]]),
    ((4, 8), (8, 8), (1, 1), (1, 0), (1, 1), []),
    ((1, 8), (8, 8), (1, 1), (1, 0), (16, 4), [[0, 1], [0, 2], [8, 0]]),
]


@pytest.mark.parametrize(("spt", "tpw", "wpc", "order", "shape", "registers"), TRANSPOSED_REGISTERS)
def test_the_in_thread_transposed_layout_cuts_the_tile_to_the_shape_as_triton_does(
    spt: tuple[int, int],
    tpw: tuple[int, int],
    wpc: tuple[int, int],
    order: tuple[int, int],
    shape: tuple[int, int],
    registers: list[list[int]],
) -> None:
    blocked = BlockedEncoding(spt, tpw, wpc, order, CGALayout.single(2))
    transposed = in_thread_transposed_layout(blocked, list(shape))
    source = to_linear_layout(blocked, list(shape))
    assert dict(transposed.bases)["register"] == registers
    assert transposed.bases[1:] == source.bases[1:] and transposed.out_dims == source.out_dims


SKINNY = """\
#b = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 64], warpsPerCTA = [1, 1], order = [1, 0]}>
#l = #ttg.linear<{register = [[0, 1], [0, 2], [0, 0], [0, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], \
[0, 128]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @f(%a: tensor<1x256xf16, #b>) {
    %l = amdg.in_thread_transpose %a : tensor<1x256xf16, #b> -> tensor<1x256xf16, #l>
    tt.return
  }
}
"""


def test_a_shape_smaller_than_the_tile_is_refused_as_triton_refuses_it_not_a_crash() -> None:
    """``test/Conversion/amd/in_thread_transpose.mlir``'s skinny case: its result keeps the
    tile's registers that fall outside the 1x256 tensor as zeros, which Triton 3.9's
    deduced layout (no such registers) does not have."""
    with pytest.raises(IRError) as refused:
        parse_module(SKINNY, "skinny.mlir", make_context())
    assert refused.value.message.startswith("'amdg.in_thread_transpose' op Expect output layout to be transposed")
    assert (refused.value.location.line, refused.value.location.column) == (5, 5)


@st.composite
def blocked_2d(draw: st.DrawFn) -> BlockedEncoding:
    """A 2-D blocked layout over a 64-lane wave and 1 to 8 warps."""
    lanes, warps = draw(st.integers(0, 6)), draw(st.integers(0, 3))
    split = draw(st.integers(0, warps))
    return BlockedEncoding(
        tuple(draw(st.sampled_from([1, 2, 4, 8])) for _ in range(2)),
        (1 << lanes, 1 << (6 - lanes)),
        (1 << split, 1 << (warps - split)),
        tuple(draw(st.permutations([0, 1]))),
        CGALayout.single(2),
    )


@settings(deadline=None)
@given(blocked_2d(), st.tuples(st.integers(0, 9), st.integers(0, 9)), st.booleans())
def test_in_thread_transpose_at_any_shape_verifies_or_gives_a_located_error(
    blocked: BlockedEncoding, shape_bits: tuple[int, int], deduced: bool
) -> None:
    """Whatever the shape, the deduced layout is a layout of the tensor, the op with it
    as the result verifies, and any other result is refused at the op."""
    shape = [1 << bits for bits in shape_bits]
    transposed = in_thread_transposed_layout(blocked, shape)
    assert transposed.out_dims == to_linear_layout(blocked, shape).out_dims
    result = encoding_attr(LinearEncoding(transposed)) if deduced else encoding_attr(blocked)
    tensor = f"tensor<{shape[0]}x{shape[1]}xf16"
    text = (
        f'module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {prod(blocked.warps_per_cta)} : i32, '
        '"ttg.threads-per-warp" = 64 : i32} {\n'
        f"  tt.func @f(%a: {tensor}, {encoding_attr(blocked)}>) {{\n"
        f"    %l = amdg.in_thread_transpose %a : {tensor}, {encoding_attr(blocked)}> -> {tensor}, {result}>\n"
        "    tt.return\n  }\n}\n"
    )
    try:
        parse_module(text, "any.mlir", make_context())
    except IRError as error:
        assert not deduced, error
        assert error.location.line == 3
        assert error.message.startswith("'amdg.in_thread_transpose' op Expect output layout to be transposed")


def test_a_scale_layout_divides_the_scaled_coordinate_by_its_block() -> None:
    """One scale per 32 results along dim 1: the result layout's dim-1 components shift by 5."""
    output = to_linear_layout(BlockedEncoding((1, 8), (8, 8), (1, 1), (1, 0), CGALayout.single(2)), [16, 64])
    scales = scale_layout(output, 1, 32)
    assert scales.out_dims == [("dim0", 16), ("dim1", 2)]
    assert dict(scales.bases)["lane"] == [[0, 0], [0, 0], [0, 1], [1, 0], [2, 0], [4, 0]]
