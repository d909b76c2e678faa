"""Proton's profiling ops (``proton``, ``proton_gpu``): the verifiers refuse what Triton 3.9
refuses, with its messages, and only the segment allocation is dead code when unused."""

from __future__ import annotations

import pytest
from xdsl.transforms.dead_code_elimination import dce

from layoutdialect import IRError, parse_module
from layoutdialect.dialect.proton_gpu.ops import GlobalMemorySpaceAttr, SegmentType

GLOBAL = "#proton_gpu.global_memory"


def segment(n_bytes: int = 256, granularity: str = "warp", ids: str = "") -> str:
    """A global-memory ``!proton_gpu.segment`` type."""
    return f"!proton_gpu.segment<{n_bytes}, {GLOBAL}, {granularity}{ids}>"


def kernel(body: str, attributes: str = '{"ttg.num-warps" = 8 : i32}') -> str:
    """``body`` in a function taking a pointer ``%p``, an ``i32`` ``%c`` and an ``i64`` ``%d``,
    in a module with ``attributes``."""
    return (
        f"module attributes {attributes} {{\n  tt.func @f(%p: !tt.ptr<i32>, %c: i32, %d: i64) {{\n"
        f"    {body}\n    tt.return\n  }}\n}}\n"
    )


def store(
    seg: str = segment(), rest: str = "{scopeId = 0 : i32}", counter: str = "%c", counter_type: str = "i32"
) -> str:
    """A segment allocation of type ``seg`` and a circular store of ``counter`` into it."""
    return (
        f"%seg = proton_gpu.segment_alloc %p : !tt.ptr<i32> -> {seg}\n"
        f"    proton_gpu.circular_store end %seg, {counter} {rest} : {seg}, {counter_type}"
    )


def specialized(default: str, partition: str) -> str:
    """A ``ttg.warp_specialize`` running ``default`` and one 4-warp partition running ``partition``."""
    return (
        "ttg.warp_specialize(%p) attributes {warpGroupStartIds = array<i32: 8>}\n    default {\n"
        f"      {default}\n      ttg.warp_yield\n    }}\n"
        f"    partition0(%q: !tt.ptr<i32>) num_warps(4) {{\n      {partition}\n      ttg.warp_return\n"
        "    } : (!tt.ptr<i32>) -> ()"
    )


REFUSED = [
    (kernel('proton.record "x"'), "custom op 'proton.record' expected 'end'"),
    (
        kernel(f"%seg = proton_gpu.segment_alloc %p : !tt.ptr<i32> -> {segment(granularity='cta', ids=', [0, 1]')}"),
        "'proton_gpu.segment_alloc' op only warp granularity supports non-empty selectIds for now",
    ),
    (
        kernel(f"%seg = proton_gpu.segment_alloc %p : !tt.ptr<i32> -> {segment(granularity='bogus')}"),
        "expected ::mlir::triton::proton::gpu::Granularity to be one of: thread, warp, warp_2, warp_4, warp_8, cta, "
        "warp_group, warp_group_2, warp_group_4, warp_group_8",
    ),
    (kernel(store(segment(ids=", [0, 1, 2]"))), "'proton_gpu.circular_store' op profiling buffer segment size must be"),
    (
        kernel(store(), '{"ttg.num-warps" = 8 : i32, "ttg.total-num-warps" = 3 : i32}'),
        "'proton_gpu.circular_store' op profiling buffer segment size must be power of 2",
    ),
    (kernel(store(rest="{scopeId = 256 : i32}")), "'proton_gpu.circular_store' op scope id must be in [0, 255]"),
    (kernel(store(rest="{scopeId = -1 : i32}")), "'proton_gpu.circular_store' op scope id must be in [0, 255]"),
    (
        kernel(store(rest="")),
        "'proton_gpu.circular_store' op requires exactly one static or dynamic scope identifier",
    ),
    (
        kernel(store(counter="%c, %c")),
        "'proton_gpu.circular_store' op requires exactly one static or dynamic scope identifier",
    ),
    (kernel(store(counter="%d")), "has been previously used or defined with type i64"),
    (kernel(store(), "{}"), "'builtin.module' op is not contained within a context that specifies the number of warps"),
    (
        kernel("%r = proton_gpu.read_counter {metric = 1 : i32} : i64"),
        "'proton_gpu.read_counter' op attribute 'metric' failed to satisfy constraint: "
        "The type of metric to be profiled",
    ),
    (
        kernel(specialized("proton_gpu.init_ctx %p : !tt.ptr<i32>", "")),
        "'proton_gpu.init_ctx' op can't initialize proton context in a warp specialized op",
    ),
    (
        kernel(specialized("", "proton_gpu.init_ctx %q : !tt.ptr<i32>")),
        "'proton_gpu.init_ctx' op can't initialize proton context in a warp specialized op",
    ),
]


@pytest.mark.parametrize(("text", "message"), REFUSED, ids=[m[-60:] for _, m in REFUSED])
def test_triton_refuses_it_so_do_we(text: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(text)
    assert message in str(refused.value)


ACCEPTED = [
    kernel(store(segment(granularity="warp", ids=", [0, 1]"))),
    kernel(store(rest="{scopeId = 255 : i32}", counter="%d", counter_type="i64")),
    kernel(store(rest="", counter="%c, %c")),
    kernel(store(segment(64)), '{"ttg.num-warps" = 8 : i32, "ttg.total-num-warps" = 16 : i32}'),
    kernel(f"%seg = proton_gpu.segment_alloc %p : !tt.ptr<i32> -> {segment(granularity='warp_group_8')}"),
    kernel("%seg = proton_gpu.segment_alloc %p : !tt.ptr<i32> -> !proton_gpu.segment<256, 3 : i32, cta>"),
    kernel("%r = proton_gpu.read_counter {metric = 0 : i32} : i64"),
    kernel('"proton.record"() <{isStart, name = "a"}> : () -> ()'),
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_triton_accepts_it_so_do_we(text: str) -> None:
    parse_module(text)


def test_only_the_segment_allocation_is_dead_code() -> None:
    seg = segment()
    body = "\n    ".join(
        [
            'proton.record start "s"',
            "proton_gpu.initialize %p : !tt.ptr<i32>",
            "proton_gpu.init_ctx %p : !tt.ptr<i32>",
            f"%seg = proton_gpu.segment_alloc %p : !tt.ptr<i32> -> {seg}",
            f"%used = proton_gpu.segment_alloc %p : !tt.ptr<i32> -> {seg}",
            "%r = proton_gpu.read_counter : i32",
            f"proton_gpu.restore_ctx %used, %p : {seg}, !tt.ptr<i32>",
            f"proton_gpu.save_ctx %used, %p : {seg}, !tt.ptr<i32>",
            f"proton_gpu.finalize %used, %p : {seg}, !tt.ptr<i32>",
            'proton.record end "s"',
        ]
    )
    module = parse_module(kernel(body))
    dce(module)
    names = [op.name for op in module.walk() if op.name.startswith("proton")]
    assert names == [
        "proton.record",
        "proton_gpu.initialize",
        "proton_gpu.init_ctx",
        "proton_gpu.segment_alloc",
        "proton_gpu.read_counter",
        "proton_gpu.restore_ctx",
        "proton_gpu.save_ctx",
        "proton_gpu.finalize",
        "proton.record",
    ]


def test_segment_type_built_in_python_prints_as_triton() -> None:
    assert str(SegmentType(1024, GlobalMemorySpaceAttr(), "warp", [0, 2])) == (
        f"!proton_gpu.segment<1024, {GLOBAL}, warp, [0, 2]>"
    )
