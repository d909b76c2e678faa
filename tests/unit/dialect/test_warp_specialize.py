"""``ttg.warp_specialize`` and its partitions: the verifiers refuse what Triton 3.9 refuses,
with its messages, at the places it reports them; ops built in Python print as Triton's."""

from __future__ import annotations

import pytest
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, i32
from xdsl.ir import Block, Region
from xdsl.transforms.dead_code_elimination import dce

from layoutdialect import IRError, parse_module, print_module
from layoutdialect.dialect.ttg.warp_specialize import (
    WarpReturnOp,
    WarpSpecializeOp,
    WarpSpecializePartitionsOp,
    WarpYieldOp,
)

KERNEL = """\
module attributes {{"ttg.num-warps" = {warps} : i32}} {{
  tt.func @f(%arg0: i32, %arg1: i64) {{
    {body}
    tt.return
  }}
}}
"""


def kernel(body: str, warps: int = 4) -> str:
    """``body`` in a function of a kernel of ``warps`` warps, with ``%arg0: i32`` and ``%arg1: i64``."""
    return KERNEL.format(body=body, warps=warps)


def specialize(partitions: str = "", results: str = "()", yielded: str = "", captures: str = "") -> str:
    """A ``ttg.warp_specialize`` capturing ``captures`` (``%arg0`` as ``i32``), with ``partitions``
    after the default region, which yields ``yielded``."""
    types = "i32" if captures else ""
    return (
        f"ttg.warp_specialize({captures})\n    default {{\n      ttg.warp_yield {yielded}\n    }}\n"
        f"    {partitions} : ({types}) -> {results}"
    )


def with_attributes(op: str, attributes: str) -> str:
    """``op`` (a ``specialize``) with ``attributes {...}`` after its captures."""
    return op.replace(")\n", f") attributes {attributes}\n", 1)


def partition(index: int, warps: int = 4, arguments: str = "", body: str = "") -> str:
    return f"partition{index}({arguments}) num_warps({warps}) {{\n      {body}\n      ttg.warp_return\n    }}\n    "


GENERIC_HOLDER = """\
    "ttg.warp_specialize"() ({{
      "ttg.warp_yield"() : () -> ()
    }}, {{
      {holder}
    }}) {{partitionNumWarps = array<i32{warps}>}} : () -> ()"""

REFUSED = [
    (
        kernel(GENERIC_HOLDER.format(holder='"ttg.warp_yield"() : () -> ()', warps="")),
        "'ttg.warp_specialize' op expected to find only a `ttg.warp_specialize.partitions` op inside its second region",
    ),
    (
        kernel(GENERIC_HOLDER.format(holder='"ttg.warp_specialize.partitions"() : () -> ()', warps=": 1")),
        "'ttg.warp_specialize' op has 0 partitions but `partitionNumWarps` has 1 elements",
    ),
    (
        kernel(specialize(partition(0, 3))),
        "'ttg.warp_specialize' op partition #0 number of warps (3) must be a power of 2",
    ),
    (
        kernel(specialize(partition(0, 4) + partition(1, 0))),
        "'ttg.warp_specialize' op partition #1 number of warps (0) must be a power of 2",
    ),
    (
        kernel(specialize(partition(0, arguments="%a: i32"))),
        "'ttg.warp_specialize.partitions' op partition region #0 has 1 arguments but expected 0",
    ),
    (
        kernel(specialize(partition(0, arguments="%a: i32") + partition(1), captures="%arg0")),
        "'ttg.warp_specialize.partitions' op partition region #1 has 0 arguments but expected 1",
    ),
    (
        kernel(specialize("partition0() num_warps(2) {\n    }\n    ")),
        "'ttg.warp_specialize.partitions' op region #0 ('partitionRegions') failed to verify constraint: "
        "region with at least 1 blocks",
    ),
    (
        kernel(f"%r = {specialize(results='i32')}"),
        "'ttg.warp_yield' op has 0 operands but parent op expected 1",
    ),
    (
        kernel(f"%r = {specialize(results='i32', yielded='%arg1 : i64')}"),
        "'ttg.warp_yield' op operand #0 has type 'i64' but parent op expected 'i32'",
    ),
    (
        kernel(
            "ttg.warp_specialize()\n    default {\n      " + specialize() + "\n      ttg.warp_yield\n    } : () -> ()"
        ),
        "'ttg.warp_specialize' op cannot be nested inside another `ttg.warp_specialize` op",
    ),
    (
        kernel(specialize(partition(0, body=specialize()))),
        "'ttg.warp_specialize' op cannot be nested inside another `ttg.warp_specialize` op",
    ),
    (
        kernel(
            specialize(partition(0, 2) + partition(1, 1)).replace(
                ")\n", ") attributes {warpGroupStartIds = array<i32: 4>}\n", 1
            )
        ),
        "'ttg.warp_specialize' op has 1 warp group start IDs but expected 2",
    ),
    (
        kernel(specialize(partition(0)), warps=2),
        "warp-specialized kernels requires num_warps to be a multiple of 4",
    ),
    (
        kernel(with_attributes(specialize(partition(0)), "{partitionNumWarps = array<i32: 4>}")),
        "custom op 'ttg.warp_specialize' attribute 'partitionNumWarps' occurs more than once in the attribute list",
    ),
    (
        kernel(specialize().replace(": () -> ()", ": i32")),
        "custom op 'ttg.warp_specialize' invalid kind of type specified: expected builtin.function, but found 'i32'",
    ),
    (
        kernel(specialize(captures="%arg0").replace(": (i32) -> ()", ": () -> ()")),
        "custom op 'ttg.warp_specialize' number of operands and types do not match: got 1 operands and 0 types",
    ),
    (
        "tt.func @f() {\n  ttg.warp_return\n}",
        "'ttg.warp_return' expects parent op 'ttg.warp_specialize.partitions'",
    ),
    (
        "tt.func @f() {\n  ttg.warp_yield\n}",
        "'ttg.warp_yield' expects parent op 'ttg.warp_specialize'",
    ),
    (
        kernel(specialize(partition(0, body="%0 = arith.addi %arg0, %arg0 : i32"))),
        "Operation using value defined out of its IsolatedFromAbove parent",
    ),
]


@pytest.mark.parametrize(("text", "message"), REFUSED, ids=[m[:60] for _, m in REFUSED])
def test_triton_refuses_it_so_do_we(text: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(text)
    assert message in str(refused.value)


ACCEPTED = [
    kernel(specialize()),
    kernel(specialize(partition(0, 8) + partition(1, 1) + partition(2, 2)), warps=8),
    kernel(specialize(partition(0, arguments="%a: i32", body="%0 = arith.addi %a, %a : i32"), captures="%arg0")),
    kernel(f"%r = {specialize(results='i64', yielded='%arg1 : i64')}"),
    kernel(
        specialize(partition(0, 2) + partition(1, 1)).replace(
            ")\n", ") attributes {warpGroupStartIds = array<i32: 4, 6>}\n", 1
        )
    ),
    # A kernel without a number of warps says nothing against warp specialisation.
    f"tt.func @f() {{\n  {specialize(partition(0))}\n  tt.return\n}}",
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_triton_accepts_it_so_do_we(text: str) -> None:
    parse_module(text)


def test_the_hidden_partitions_op_is_located_at_the_first_partition() -> None:
    """Triton locates the op the custom syntax hides where the partitions start."""
    text = kernel(specialize(partition(0, arguments="%a: i32")))
    with pytest.raises(IRError) as refused:
        parse_module(text)
    line = text.splitlines().index("    partition0(%a: i32) num_warps(4) {") + 1
    assert (refused.value.location.line, refused.value.location.column) == (line, 5)


def test_a_built_op_prints_as_triton_prints_it() -> None:
    module = parse_module("tt.func @f(%arg0: i32) -> i32 {\n  tt.return %arg0 : i32\n}")
    func = next(op for op in module.walk() if op.name == "tt.func")
    entry = func.regions[0].block
    argument = entry.args[0]
    body = Block(arg_types=[i32])
    body.add_ops([arith.AddiOp(body.args[0], body.args[0]), WarpReturnOp()])
    default = Region(Block([WarpYieldOp([argument])]))
    op = WarpSpecializeOp([argument], default, [Region(body)], [2], [i32])
    op.attributes["defaultRequestedRegisters"] = IntegerAttr(232, i32)  # an attribute in Triton 3.9, not a property
    entry.insert_op_before(op, entry.first_op)
    op.verify()
    assert op.num_warps == (2,)
    assert isinstance(op.partition_op, WarpSpecializePartitionsOp)
    text = print_module(module)
    assert text.splitlines()[2:10] == [
        "    %0 = ttg.warp_specialize(%arg0) attributes {defaultRequestedRegisters = 232 : i32}",
        "    default {",
        "      ttg.warp_yield %arg0 : i32",
        "    }",
        "    partition0(%1: i32) num_warps(2) {",
        "      %2 = arith.addi %1, %1 : i32",
        "      ttg.warp_return",
        "    } : (i32) -> i32",
    ]
    assert print_module(parse_module(text)) == text


def test_dead_code_elimination_keeps_a_specialisation_with_effects() -> None:
    shared = (
        "#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n#smem = #ttg.shared_memory\n"
    )
    memdesc = "!ttg.memdesc<1xi32, #s, #smem, mutable>"
    text = shared + (
        f"tt.func @f(%m: {memdesc}) {{\n"
        f"  ttg.warp_specialize(%m)\n  default {{\n    ttg.warp_yield\n  }}\n"
        f"  partition0(%b: {memdesc}) num_warps(1) {{\n"
        f"    %v = ttg.local_load %b : {memdesc} -> tensor<1xi32>\n"
        f"    ttg.local_store %v, %b : tensor<1xi32> -> {memdesc}\n"
        f"    ttg.warp_return\n  }} : ({memdesc}) -> ()\n  tt.return\n}}"
    )
    module = parse_module(text)
    dce(module)
    assert any(isinstance(op, WarpSpecializeOp) for op in module.walk())


def test_a_partition_checks_layouts_against_its_own_warps() -> None:
    blocked = "#b{w} = #ttg.blocked<{{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [{w}], order = [0]}}>\n"
    make_range = "%r = tt.make_range {{end = 128 : i32, start = 0 : i32}} : tensor<128xi32, #b{w}>"
    body = specialize(partition(0, 2, body=make_range.format(w=2)) + partition(1, 1, body=make_range.format(w=1)))
    parse_module(blocked.format(w=2) + blocked.format(w=1) + kernel(body))
    with pytest.raises(IRError, match="Layout has 2 warps per CTA, but the context requires 1 warps per CTA"):
        body = specialize(partition(0, 2) + partition(1, 1, body=make_range.format(w=2)))
        parse_module(blocked.format(w=2) + kernel(body))
