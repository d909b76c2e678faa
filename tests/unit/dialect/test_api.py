"""The Python embedding API: parse, verify and print TTGIR; build and load the dialect."""

from __future__ import annotations

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import TensorType, f16, f32
from xdsl.parser import Parser
from xdsl.utils.test_value import create_ssa_value

import layoutdialect
from layoutdialect import (
    BlockedEncoding,
    BlockedEncodingAttr,
    CGALayout,
    ConvertLayoutOp,
    IRError,
    MemDescType,
    NvidiaMmaEncoding,
    SharedMemorySpaceAttr,
    SwizzledSharedEncoding,
    encoding_attr,
    load_dialects,
    parse_module,
    print_module,
)

MODULE = """\
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>
#linear = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [0, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32} {
  %0 = "test.op"() : () -> tensor<32x32xf16, #blocked>
  %1 = "test.op"() : () -> tensor<16xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
  %2 = "test.op"() : () -> tensor<16x8xf16, #linear>
}
"""

PRINTED = """\
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [0, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32} {
  %0 = "test.op"() : () -> tensor<32x32xf16, #blocked>
  %1 = "test.op"() : () -> tensor<16xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
  %2 = "test.op"() : () -> tensor<16x8xf16, #linear>
}
"""


def test_parse_then_print_with_aliases() -> None:
    printed = print_module(parse_module(MODULE))
    assert printed == PRINTED
    assert print_module(parse_module(printed)) == printed


def test_amd_accumulators_are_aliased_mma_and_unused_aliases_vanish() -> None:
    text = """\
#unused = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>
#wmma = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  %0 = "test.op"() : () -> tensor<64x64xf32, #mfma>
}
module attributes {"ttg.num-warps" = 4 : i32} {
  %1 = "test.op"() : () -> tensor<32x32xf32, #wmma>
}
"""
    printed = print_module(parse_module(text))
    assert printed.splitlines()[:2] == [
        "#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>",
        "#mma1 = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}}>",
    ]
    assert "blocked" not in printed


def test_errors_are_located_value_errors() -> None:
    with pytest.raises(IRError) as caught:
        parse_module(MODULE.replace("order = [1, 0]}>", "order = [1, 1]}>"), "kernel.mlir")
    assert isinstance(caught.value, ValueError)
    assert caught.value.location.filename == "kernel.mlir" and caught.value.location.line == 1
    assert str(caught.value).startswith("kernel.mlir:1:24: error: order must be a permutation of 0..(rank-1)")


def test_verification_errors_point_at_the_op() -> None:
    text = MODULE.replace('"ttg.num-warps" = 4', '"ttg.num-warps" = 8')
    with pytest.raises(IRError, match=r"^<string>:5:3: error: Result has an invalid layout: .* 4 warps per CTA"):
        parse_module(text)
    assert parse_module(text, verify=False) is not None


def test_load_dialects_into_a_users_context() -> None:
    ctx = Context()
    load_dialects(ctx)
    load_dialects(ctx)
    attr = Parser(
        ctx, "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"
    ).parse_attribute()
    assert isinstance(attr, BlockedEncodingAttr)
    assert attr.data == BlockedEncoding((1,), (32,), (4,), (0,), CGALayout.single(1))


def test_build_ir_from_python() -> None:
    blocked = encoding_attr(BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout.single(2)))
    mma = encoding_attr(NvidiaMmaEncoding(2, 0, (2, 2), CGALayout.single(2), (16, 8)))
    src = create_ssa_value(TensorType(f16, [32, 32], blocked))
    ConvertLayoutOp(src, TensorType(f16, [32, 32], mma)).verify()
    with pytest.raises(Exception, match="element types differ"):
        ConvertLayoutOp(src, TensorType(f32, [32, 32], mma)).verify()
    assert str(blocked) == (
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
    )


def test_memdesc_type() -> None:
    shared = encoding_attr(SwizzledSharedEncoding(8, 1, 8, (1, 0), CGALayout.single(2)))
    memdesc = MemDescType([16, 32], f16, shared, SharedMemorySpaceAttr(), mutable=True, alloc_shape=[2, 16, 32])
    assert memdesc.shape == (16, 32) and memdesc.alloc_shape == (2, 16, 32) and memdesc.mutable
    assert str(memdesc) == (
        "!ttg.memdesc<16x32xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, "
        "#ttg.shared_memory, mutable, 2x16x32>"
    )


def test_the_package_exports_the_dialect_lazily() -> None:
    assert layoutdialect.TTG.name == "ttg"
    assert {"ttg.convert_layout", "ttg.local_alloc", "ttg.local_load", "ttg.local_store", "ttg.local_dealloc"} <= {
        op.name for op in layoutdialect.TTG.operations
    }
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        layoutdialect.nothing  # noqa: B018


def test_kernel_attributes_are_read_from_the_nearest_function_or_module() -> None:
    from layoutdialect.dialect.ttg.layout_checks import KernelAttributes, kernel_attributes

    module = parse_module(
        """\
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  func.func @f() attributes {"ttg.num-warps" = 8 : i32} {
    func.return
  }
}
"""
    )
    func_op = next(op for op in module.walk() if op.name == "func.func")
    assert kernel_attributes(module) == KernelAttributes(4, 64, 1, "hip:gfx942")
    assert kernel_attributes(func_op) == KernelAttributes(8, 64, 1, "hip:gfx942")
    assert kernel_attributes(parse_module("")) == KernelAttributes(None, 32, 1, None)
