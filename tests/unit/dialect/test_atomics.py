"""The atomics and the scalar and elementwise ``tt`` ops of ``layoutdialect.dialect.tt.atomics``:
their verifiers refuse what Triton 3.9 refuses, with its messages, and their layout traits
are Triton's (atomics anchor layouts and are never rematerialised; the rest are elementwise)."""

from __future__ import annotations

import pytest
from xdsl.transforms.dead_code_elimination import dce

from layoutdialect import IRError, parse_module
from layoutdialect.dialect.semantics import Elementwise, KeepsLayout, LayoutAnchor, SameLayout, layout_rule
from layoutdialect.dialect.tt.atomics import (
    ApproxDivFOp,
    AtomicCASOp,
    AtomicLoadOp,
    AtomicPollOp,
    AtomicRMWOp,
    AtomicStoreOp,
    ClampFOp,
    GetNumProgramsOp,
    MulhiUIOp,
    PreciseDivFOp,
    PreciseSqrtOp,
)

MODULE = """\
#b = #ttg.blocked<{{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}}>
#b2 = #ttg.blocked<{{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"}} {{
  tt.func @f(%p: tensor<128x!tt.ptr<f32>, #b>, %v: tensor<128xf32, #b>, %m: tensor<128xi1, #b>, %sp: !tt.ptr<i32>,
             %si: i32, %iv: tensor<128xi32, #b>, %p2: tensor<128x!tt.ptr<f32>, #b2>, %v2: tensor<128xf32, #b2>,
             %c: i1, %f: f32, %sps: tensor<128x!tt.ptr<i32>, #b>, %ns: i64) {{
    {body}
    tt.return
  }}
}}
"""

P, V, M = "tensor<128x!tt.ptr<f32>, #b>", "tensor<128xf32, #b>", "tensor<128xi1, #b>"
INTS = "tensor<128xi32, #b>"

REFUSED = [
    (
        f"%0 = tt.atomic_rmw fsub, relaxed, gpu, %p, %v : ({P}, {V}) -> {V}",
        "custom op 'tt.atomic_rmw' expected string or keyword containing one of the following enum values for "
        "attribute 'atomic_rmw_op' [and, or, xor, add, fadd, max, min, umax, umin, exch]",
    ),
    (
        f"%0 = tt.atomic_rmw fadd, seq, gpu, %p, %v : ({P}, {V}) -> {V}",
        "expected string or keyword containing one of the following enum values for attribute 'sem' "
        "[relaxed, acquire, release, acq_rel]",
    ),
    (
        f"%0 = tt.atomic_rmw fadd, relaxed, grid, %p, %v : ({P}, {V}) -> {V}",
        "enum values for attribute 'scope' [gpu, cta, sys]",
    ),
    (
        f"%0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v, %m : ({P}, {V}) -> {V}",
        "custom op 'tt.atomic_rmw' number of operands and types do not match: got 3 operands and 2 types",
    ),
    (
        "%0 = tt.atomic_rmw fadd, relaxed, gpu, %f, %f : (f32, f32) -> f32",
        "'tt.atomic_rmw' op operand #0 must be ptr or ranked tensor of ptr values, but got 'f32'",
    ),
    (
        "%0 = tt.atomic_rmw add, relaxed, gpu, %sp, %si, %si : (!tt.ptr<i32>, i32, i32) -> i32",
        "'tt.atomic_rmw' op operand #2 must be 1-bit signless integer or ranked tensor of 1-bit signless integer "
        "values, but got 'i32'",
    ),
    (
        f"%0 = tt.atomic_rmw add, relaxed, gpu, %p, %iv : ({P}, {INTS}) -> {INTS}",
        "'tt.atomic_rmw' op failed to verify that ptr type matches value type",
    ),
    (
        f"%0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v, %c : ({P}, {V}, i1) -> {V}",
        "'tt.atomic_rmw' op failed to verify that mask type matches value type",
    ),
    (
        f"%0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : ({P}, {V}) -> tensor<64xf32, #b>",
        "'tt.atomic_rmw' op requires the same shape for all operands and results",
    ),
    (
        f"%0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : ({P}, {V}) -> tensor<128xf32, #b2>",
        "'tt.atomic_rmw' op requires the same encoding for all operands and results",
    ),
    (
        "%0 = tt.atomic_cas relaxed, gpu, %sp, %f, %f : (!tt.ptr<i32>, f32, f32) -> f32",
        "'tt.atomic_cas' op failed to verify that ptr type matches cmp type",
    ),
    (
        "%0 = tt.atomic_cas relaxed, gpu, %sp, %si, %f : (!tt.ptr<i32>, i32, f32) -> i32",
        "'tt.atomic_cas' op failed to verify that ptr type matches value type",
    ),
    (
        f"%0 = tt.atomic_cas relaxed, gpu, %sp, %si, %si : (!tt.ptr<i32>, i32, i32) -> {INTS}",
        "'tt.atomic_cas' op requires the same shape for all operands and results",
    ),
    (
        "%0 = tt.get_num_programs w : i32",
        "custom op 'tt.get_num_programs' expected string or keyword containing one of the following enum values for "
        "attribute 'axis' [x, y, z]",
    ),
    (
        "%0 = tt.get_num_programs x : i64",
        "'tt.get_num_programs' op result #0 must be 32-bit signless integer, but got 'i64'",
    ),
    (
        f"%0 = tt.clampf %v, %v, %v, propagateNan = some : {V}",
        "custom op 'tt.clampf' expected string or keyword containing one of the following enum values for attribute "
        "'propagateNan' [none, all]",
    ),
    (
        f"%0 = tt.clampf %iv, %iv, %iv, propagateNan = none : {INTS}",
        "'tt.clampf' op operand #0 must be floating-point or ranked tensor of floating-point values, but got "
        "'tensor<128xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>'",
    ),
    (
        "%0 = tt.precise_sqrt %si : i32",
        "'tt.precise_sqrt' op operand #0 must be floating-point or ranked tensor of floating-point values, "
        "but got 'i32'",
    ),
    (
        "%0 = tt.precise_divf %si, %si : i32",
        "'tt.precise_divf' op operand #0 must be floating-point or ranked tensor of floating-point values, "
        "but got 'i32'",
    ),
    ("%0 = tt.mulhiui %f, %f : f32", "'tt.mulhiui' op operand #0 must be integer or ranked tensor of integer values"),
    (
        "%0 = tt.atomic_load release, gpu, %sp : (!tt.ptr<i32>) -> i32",
        "'tt.atomic_load' op only supports acquire and relaxed semantics",
    ),
    ("%0 = tt.atomic_load acquire, gpu, %sp : (!tt.ptr<i32>) -> i64", "failed to verify that result matches ptr type"),
    (
        f"%0 = tt.atomic_load acquire, gpu, %sp, %m : (!tt.ptr<i32>, {M}) -> i32",
        "'tt.atomic_load' op failed to verify that mask type matches ptr type",
    ),
    (
        f"%0 = tt.atomic_load acquire, gpu, %sps, %iv : (tensor<128x!tt.ptr<i32>, #b>, {INTS}) -> {INTS}",
        "'tt.atomic_load' op operand #1 must be 1-bit signless integer or ranked tensor of 1-bit signless integer "
        "values, but got 'tensor<128xi32",
    ),
    (
        f"%0 = tt.atomic_load acquire, gpu, %iv : ({INTS}) -> {INTS}",
        "'tt.atomic_load' op operand #0 must be ptr or ranked tensor of ptr values",
    ),
    ("tt.atomic_store acquire, sys, %sp, %si : !tt.ptr<i32>", "'tt.atomic_store' op only supports release and relaxed"),
    (
        f"tt.atomic_store release, gpu, %iv, %iv : {INTS}",
        "custom op 'tt.atomic_store' 'ptr' must be ptr or ranked tensor of ptr values, but got 'tensor<128xi32",
    ),
    (
        "%0 = tt.atomic_poll release, gpu, %sp, %si : !tt.ptr<i32>, i32 -> i1",
        "'tt.atomic_poll' op only supports acquire and relaxed semantics",
    ),
    (
        "%0 = tt.atomic_poll acquire, gpu, %sp, %si : !tt.ptr<i32>, i32 -> i32",
        "'tt.atomic_poll' op result #0 must be 1-bit signless integer or ranked tensor of 1-bit signless integer "
        "values, but got 'i32'",
    ),
    (
        "%0 = tt.atomic_poll acquire, gpu, %sps, %si : tensor<128x!tt.ptr<i32>, #b>, i32 -> tensor<128xi1, #b>",
        "'tt.atomic_poll' op failed to verify that ptr type matches expected type",
    ),
    (
        f"%0 = tt.atomic_poll acquire, gpu, %sps, %iv : tensor<128x!tt.ptr<i32>, #b>, {INTS} -> i1",
        "'tt.atomic_poll' op failed to verify that result type matches expected shape",
    ),
    (
        "%0 = tt.approx_divf %si, %si : i32",
        "'tt.approx_divf' op operand #0 must be 32-bit float or ranked tensor of 32-bit float values, but got 'i32'",
    ),
]


@pytest.mark.parametrize(("body", "message"), REFUSED, ids=[m[:60] for _, m in REFUSED])
def test_triton_refuses_it_so_do_we(body: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(MODULE.format(body=body))
    assert message in str(refused.value)


def test_an_axis_in_the_attribute_dictionary_sets_the_property() -> None:
    """As in MLIR, where Triton 3.9 reads this as ``tt.get_num_programs y``."""
    kernel = parse_module(MODULE.format(body="%0 = tt.get_num_programs x {axis = 1 : i32} : i32"))
    (op,) = [op for op in kernel.walk() if isinstance(op, GetNumProgramsOp)]
    assert op.axis.value.data == 1 and "axis" not in op.attributes


@pytest.mark.parametrize("op", [AtomicRMWOp, AtomicCASOp, AtomicLoadOp, AtomicStoreOp, AtomicPollOp])
def test_atomics_anchor_layouts_that_flow_through_them(op: type) -> None:
    assert op.has_trait(LayoutAnchor) and op.has_trait(KeepsLayout)
    rule = op.get_trait(SameLayout)
    assert rule is not None and rule.forward


@pytest.mark.parametrize("op", [ClampFOp, PreciseSqrtOp, PreciseDivFOp, ApproxDivFOp, MulhiUIOp])
def test_math_ops_are_elementwise(op: type) -> None:
    assert op.has_trait(Elementwise) and not op.has_trait(LayoutAnchor)


def test_dead_code_elimination_keeps_atomics_and_drops_pure_ops() -> None:
    body = "\n    ".join(
        [
            f"%0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v, %m : ({P}, {V}, {M}) -> {V}",
            "%1 = tt.atomic_cas acq_rel, gpu, %sp, %si, %si : (!tt.ptr<i32>, i32, i32) -> i32",
            "%2 = tt.get_num_programs x : i32",
            f"%3 = tt.clampf %v, %v, %v, propagateNan = all : {V}",
            f"%4 = tt.precise_sqrt %v : {V}",
            f"%5 = tt.precise_divf %v, %v : {V}",
            f"%6 = tt.mulhiui %iv, %iv : {INTS}",
            f"%7 = tt.approx_divf %v, %v : {V}",
        ]
    )
    kernel = parse_module(MODULE.format(body=body))
    assert layout_rule(next(op for op in kernel.walk() if isinstance(op, ClampFOp))) == Elementwise()
    dce(kernel)
    left = [op.name for op in kernel.walk() if op.name not in ("builtin.module", "tt.func", "tt.return")]
    assert left == ["tt.atomic_rmw", "tt.atomic_cas"]


def test_dead_code_elimination_keeps_unused_atomic_reads_and_grid_dependencies() -> None:
    """An atomic load or poll orders memory even when its value is unused, as a grid
    dependency does: none of them is erased."""
    body = "\n    ".join(
        [
            "tt.grid_dependency_wait",
            "%0 = tt.atomic_load acquire, gpu, %sp : (!tt.ptr<i32>) -> i32",
            "%1 = tt.atomic_poll acquire, gpu, %sp, %si timeout %ns : !tt.ptr<i32>, i32 -> i1",
            "tt.atomic_store release, gpu, %sp, %si : !tt.ptr<i32>",
            "tt.grid_dependency_launch_dependents",
        ]
    )
    kernel = parse_module(MODULE.format(body=body))
    dce(kernel)
    left = [op.name for op in kernel.walk() if op.name not in ("builtin.module", "tt.func", "tt.return")]
    assert left == [
        "tt.grid_dependency_wait",
        "tt.atomic_load",
        "tt.atomic_poll",
        "tt.atomic_store",
        "tt.grid_dependency_launch_dependents",
    ]
