"""The mbarrier, fence and cluster-launch-control ops (``ttng``): their verifiers refuse
what Triton 3.9 refuses, with its messages, and they are never dead code."""

from __future__ import annotations

import pytest
from xdsl.transforms.dead_code_elimination import dce

from layoutdialect import IRError, parse_module

MODULE = """\
#s = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [0]{cga}}}>
#s0 = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [0]{zeros}}}>
#smem = #ttg.shared_memory
module attributes {{"ttg.num-ctas" = {ctas} : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"}} {{
  tt.func {visibility}@f(%pred: i1, %phase: i32, %r: i128, %bar: !ttg.memdesc<{bar}, #s, #smem, mutable>,
      %res: !ttg.memdesc<{res}, #s, #smem, mutable>, %res0: !ttg.memdesc<2xi64, #s0, #smem, mutable>) {attributes}{{
    {body}
    tt.return
  }}
}}
"""


def module(
    body: str,
    ctas: int = 1,
    bar: str = "1xi64",
    cga: str = "",
    res: str = "2xi64",
    visibility: str = "",
    attributes: str = "",
) -> str:
    """A kernel of ``ctas`` CTAs running ``body``: ``%bar`` is a barrier of type ``bar``
    in the ``#s`` layout (``cga`` adds its CGA), ``%res`` a CLC result buffer of type
    ``res``, and ``%res0`` one that every CTA holds whole."""
    zeros = "" if ctas == 1 else ", CGALayout = [" + ", ".join(["[0]"] * (ctas.bit_length() - 1)) + "]"
    return MODULE.format(
        body=body,
        ctas=ctas,
        bar=bar,
        cga=cga,
        res=res,
        zeros=zeros,
        visibility=visibility,
        attributes=attributes,
    )


BAR = "!ttg.memdesc<{}, #s, #smem, mutable>"
ONE, TWO = BAR.format("1xi64"), BAR.format("2xi64")
PER_CTA = ", CGALayout = [[1]]"
SHARED = ", CGALayout = [[0]]"

REFUSED = [
    (
        module(f"ttng.init_barrier %bar, 0 : {ONE}"),
        "'ttng.init_barrier' op count must be greater than or equal to 1",
    ),
    (
        module(f"ttng.init_barrier %bar, 1 : {BAR.format('1xi32')}", bar="1xi32"),
        "'ttng.init_barrier' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs",
    ),
    (
        module(f"ttng.inval_barrier %bar : {TWO}", bar="2xi64"),
        "'ttng.inval_barrier' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs",
    ),
    (
        module(f"ttng.barrier_expect %bar, 16, %pred : {BAR.format('1xi32')}", bar="1xi32"),
        "'ttng.barrier_expect' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs",
    ),
    (
        module(
            f"ttng.wait_barrier %bar, %phase : {BAR.format('4xi64')}",
            ctas=4,
            bar="4xi64",
            cga=", CGALayout = [[2], [1]]",
        ),
        "'ttng.wait_barrier' op broadcasted cluster barriers require bases to be the sequence 1, 2, 4, 8, ... "
        "perhaps with zero bases interleaved.",
    ),
    (
        module(f"ttng.arrive_barrier %bar, 0 : {ONE}"),
        "'ttng.arrive_barrier' op count must be greater than or equal to 1",
    ),
    (
        module(f"ttng.arrive_barrier %bar, 1 {{multicastCTA = 1 : i32}} : {ONE}"),
        "'ttng.arrive_barrier' op multicast arrive requires num_ctas > 1",
    ),
    (
        module(f"ttng.arrive_barrier %bar, 1 {{multicastCTA = 3 : i32}} : {TWO}", 2, "2xi64", PER_CTA),
        "'ttng.arrive_barrier' op multicastCTA exceeds numCTAs - 1",
    ),
    (
        module(
            f"ttng.arrive_barrier %bar, 1 {{multicastCTA = 1 : i32}} : {ONE}",
            2,
            cga=SHARED,
        ),
        "'ttng.arrive_barrier' op multicast barrier cga_layout must be [[1]], got [[0]]",
    ),
    (
        module(f"ttng.arrive_barrier %bar, 1 {{fromCTA = 2 : i32}} : {TWO}", 2, "2xi64", PER_CTA),
        "'ttng.arrive_barrier' op fromCTA must be in the range [0, num_ctas - 1]",
    ),
    (
        module(
            f"ttng.barrier_expect %bar, 16 {{fromCTA = 0 : i32}}, %pred : {ONE}",
            2,
            cga=SHARED,
        ),
        "'ttng.barrier_expect' op fromCTA requires a 1D barrier with one element per CTA and canonical CGA layout",
    ),
    (
        module(
            f"ttng.arrive_barrier %bar, 1 {{fromCTA = 0 : i32, multicastCTA = 1 : i32}} : {TWO}",
            2,
            "2xi64",
            PER_CTA,
        ),
        "'ttng.arrive_barrier' op fromCTA cannot be combined with multicast arrive",
    ),
    (module("ttng.cluster_barrier"), "'ttng.cluster_barrier' op requires ttg.num-ctas > 1"),
    (
        module("ttng.cluster_barrier", 2, visibility="private ", attributes="attributes {noinline = true} "),
        "'ttng.cluster_barrier' op must be inside a kernel function",
    ),
    (
        module("ttng.fence_mbarrier_init_release_cluster"),
        "'ttng.fence_mbarrier_init_release_cluster' op requires ttg.num-ctas > 1",
    ),
    (module("ttng.fence_async_shared"), "'ttng.fence_async_shared' op requires attribute 'bCluster'"),
    (
        module("%v = ttng.clc_load_result %res : !ttg.memdesc<2xi32, #s, #smem, mutable> -> i128", res="2xi32"),
        "Expected CLC result buffer to have type int64, but got'i32'",
    ),
    (
        module("%v = ttng.clc_load_result %res : !ttg.memdesc<4xi64, #s, #smem, mutable> -> i128", res="4xi64"),
        "Expected CLC result buffer to have rank 1 and a single dimension equal to 2, but got 4.",
    ),
    (
        module("%v = ttng.clc_load_result %res : !ttg.memdesc<2xi64, #s, #smem, mutable> -> i128", 2, "2xi64", PER_CTA),
        "Expected CLC result buffer cga_layout bases to be all zeros. Got [[1]]",
    ),
    (
        module(
            f"ttng.clc_try_cancel %res0, %bar : !ttg.memdesc<2xi64, #s0, #smem, mutable>, {ONE}",
            2,
            cga=SHARED,
        ),
        "'ttng.clc_try_cancel' op completion barrier cga_layout must be [[1]], got [[0]]",
    ),
    (
        module("%v = ttng.clc_get_program_id %r, w : i128 -> i32"),
        "custom op 'ttng.clc_get_program_id' expected string or keyword containing one of the following enum values "
        "for attribute 'dim' [x, y, z]",
    ),
]


@pytest.mark.parametrize(("text", "message"), REFUSED, ids=[m[:60] for _, m in REFUSED])
def test_triton_refuses_it_so_do_we(text: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(text)
    assert message in str(refused.value)


ACCEPTED = [
    module(f"ttng.init_barrier %bar, 1 : {TWO}", 2, "2xi64", PER_CTA),
    module(f"ttng.init_barrier %bar, 1 : {ONE}", 4, cga=", CGALayout = [[0], [0]]"),
    module(f"ttng.wait_barrier %bar, %phase : {TWO}", 4, "2xi64", ", CGALayout = [[0], [1]]"),
    module(
        f"ttng.arrive_barrier %bar, 1 {{fromCTA = 1 : i32, multicastCTA = 1 : i32}} : {TWO}",
        2,
        "2xi64",
        PER_CTA,
    ),
    module(f"ttng.arrive_barrier %bar, 1 {{ctaMask = 1 : i32}} : {ONE}"),
    module("ttng.cluster_barrier", 2, visibility="private "),
    module("ttng.cluster_barrier {relaxed = true}", 2),
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_triton_accepts_it_so_do_we(text: str) -> None:
    parse_module(text)


def test_dead_code_elimination_keeps_every_barrier_op() -> None:
    body = "\n    ".join(
        [
            f"ttng.init_barrier %bar, 1 : {TWO}",
            f"ttng.barrier_expect %bar, 16, %pred : {TWO}",
            f"ttng.arrive_barrier %bar, 1 : {TWO}",
            f"ttng.async_copy_mbarrier_arrive %bar : {TWO}",
            f"ttng.wait_barrier %bar, %phase : {TWO}",
            f"ttng.inval_barrier %bar : {TWO}",
            "ttng.fence_async_shared {bCluster = true}",
            "ttng.fence_mbarrier_init_release_cluster",
            "ttng.cluster_barrier",
            "ttng.clc_try_cancel %res0, %bar : !ttg.memdesc<2xi64, #s0, #smem, mutable>, " + TWO,
            "%loaded = ttng.clc_load_result %res0 : !ttg.memdesc<2xi64, #s0, #smem, mutable> -> i128",
            "%unused = ttng.clc_is_canceled %r : i128 -> i1",
        ]
    )
    kernel = parse_module(module(body, 2, "2xi64", PER_CTA))
    dce(kernel)
    names = [op.name for op in kernel.walk() if op.name.startswith("ttng.")]
    # Only the pure decoding of an answer goes; a load of one is only a read, so it goes too.
    assert names == [
        "ttng.init_barrier",
        "ttng.barrier_expect",
        "ttng.arrive_barrier",
        "ttng.async_copy_mbarrier_arrive",
        "ttng.wait_barrier",
        "ttng.inval_barrier",
        "ttng.fence_async_shared",
        "ttng.fence_mbarrier_init_release_cluster",
        "ttng.cluster_barrier",
        "ttng.clc_try_cancel",
    ]


def test_a_cluster_barrier_cannot_be_initialised_inside_warp_specialize() -> None:
    """A barrier whose word the CTAs share needs a cluster barrier after its
    initialisation, which a partition cannot place."""
    partition = f"""ttg.warp_specialize(%bar)
    default {{
      ttg.warp_yield
    }}
    partition0(%b: {ONE}) num_warps(4) {{
      ttng.init_barrier %b, 1 : {ONE}
      ttg.warp_return
    }} : ({ONE}) -> ()"""
    with pytest.raises(IRError) as refused:
        parse_module(module(partition, 2, cga=SHARED))
    assert "'ttng.init_barrier' op cannot be used inside `ttg.warp_specialize`" in str(refused.value)
