"""The ``scf`` ops of ``layoutdialect.dialect.upstream.scf``: each region passes on as many values
as go where it leads, of their types, as MLIR's ``RegionBranchOpInterface`` and
``LoopLikeOpInterface`` require; every message below is the one Triton 3.9 gave for the
same kernel (``%y`` stands for a value of the wrong type)."""

from __future__ import annotations

import pytest

from layoutdialect import IRError, parse_module
from layoutdialect.dialect.registry import make_context

T, WRONG = "tensor<128xi32>", "tensor<128xi64>"

KERNEL = f"""\
module {{
  tt.func @f(%c: i1, %x: {T}, %y: {WRONG}) {{
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
{{body}}
    tt.return
  }}
}}
"""

IF_EDGE = "'scf.if' op along control flow edge from Operation scf.yield to Operation scf.if: "
FOR_EDGE = "'scf.for' op along control flow edge from Operation scf.yield to Region #0: "
WHILE_EDGE = "'scf.while' op along control flow edge from "
BACK_EDGE = WHILE_EDGE + "Operation scf.yield to Region #0: "
TYPES = f"successor operand type #0 '{WRONG}' should match successor input type #0 '{T}'"


LOOP = f"%r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x) -> ({T}) : i32 {{\n"
WHILE = f"%r = scf.while (%a = %x) : ({T}) -> {T} {{\n"
CONDITION, AFTER = f"  scf.condition(%c) %a : {T}\n}} do {{\n", f"^bb0(%b: {T}):\n"


def counts(operands: int, inputs: int) -> str:
    return f"region branch point has {operands} operands, but region successor needs {inputs} inputs"


REFUSED = [
    (f"%r = scf.if %c -> ({T}) {{\n}} else {{\n  scf.yield %x : {T}\n}}", IF_EDGE + counts(0, 1)),
    (f"%r = scf.if %c -> ({T}) {{\n  scf.yield %x : {T}\n}} else {{\n}}", IF_EDGE + counts(0, 1)),
    (f"%r = scf.if %c -> ({T}) {{\n  scf.yield %x : {T}\n}}", "'scf.if' op must have an else block if defining values"),
    (f"%r = scf.if %c -> ({T}) {{\n  scf.yield %y : {WRONG}\n}} else {{\n  scf.yield %x : {T}\n}}", IF_EDGE + TYPES),
    (
        f"%r = scf.if %c -> ({T}) {{\n  scf.yield %x : {T}\n}} else {{\n  scf.yield %x, %x : {T}, {T}\n}}",
        IF_EDGE + counts(2, 1),
    ),
    (f"scf.if %c {{\n  scf.yield %x : {T}\n}}", IF_EDGE + counts(1, 0)),
    (f"scf.if %c {{\n}} else {{\n  scf.yield %x : {T}\n}}", IF_EDGE + counts(1, 0)),
    (
        '"scf.if"(%c) ({\n^bb0(%z: i32):\n  scf.yield\n}, {\n}) : (i1) -> ()',
        "'scf.if' op region #0 should have no arguments",
    ),
    (LOOP + "  scf.yield\n}", FOR_EDGE + counts(0, 1)),
    (LOOP + "}", FOR_EDGE + counts(0, 1)),
    (LOOP + f"  scf.yield %y : {WRONG}\n}}", FOR_EDGE + TYPES),
    (
        LOOP + f"  scf.yield %a, %a : {T}, {T}\n}}",
        "'scf.for' op different number of region iter_args and yielded values: 1 != 2",
    ),
    (
        f"scf.for %i = %c0 to %c1 step %c1 : i32 {{\n  scf.yield %x : {T}\n}}",
        "'scf.for' op different number of region iter_args and yielded values: 0 != 1",
    ),
    (
        f'%r:2 = "scf.for"(%c0, %c1, %c1, %x) ({{\n^bb0(%i: i32, %a: {T}):\n  scf.yield %a : {T}\n}}) '
        f": (i32, i32, i32, {T}) -> ({T}, {T})",
        "'scf.for' op mismatch in number of loop-carried values and defined values",
    ),
    (
        f'%r = "scf.for"(%c0, %c1, %c1, %x) ({{\n^bb0(%i: i32, %a: {T}, %b: {T}):\n  scf.yield %a, %b : {T}, {T}\n}}) '
        f": (i32, i32, i32, {T}) -> ({T})",
        "'scf.for' op different number of inits and region iter_args: 1 != 2",
    ),
    (
        WHILE + f"  scf.condition(%c) %a, %a : {T}, {T}\n}} do {{\n" + AFTER + f"  scf.yield %b : {T}\n}}",
        WHILE_EDGE + "Operation scf.condition to Operation scf.while: " + counts(2, 1),
    ),
    (
        WHILE + CONDITION + f"^bb0(%b: {T}, %d: {T}):\n  scf.yield %b : {T}\n}}",
        WHILE_EDGE + "Operation scf.condition to Region #1: " + counts(1, 2),
    ),
    (
        WHILE + f"  scf.condition(%c) %y : {WRONG}\n}} do {{\n" + AFTER + f"  scf.yield %b : {T}\n}}",
        WHILE_EDGE + "Operation scf.condition to Operation scf.while: " + TYPES,
    ),
    (WHILE + CONDITION + AFTER + "  scf.yield\n}", BACK_EDGE + counts(0, 1)),
    (WHILE + CONDITION + AFTER + f"  scf.yield %y : {WRONG}\n}}", BACK_EDGE + TYPES),
    (
        f'%r = "scf.while"(%x) ({{\n^bb0(%a: {T}, %b: {T}):\n  scf.condition(%c) %a : {T}\n}}, {{\n'
        f"^bb0(%d: {T}):\n  scf.yield %d, %d : {T}, {T}\n}}) : ({T}) -> {T}",
        WHILE_EDGE + "parent to Region #0: " + counts(1, 2),
    ),
    (
        WHILE + f"  scf.yield %a : {T}\n}} do {{\n" + AFTER + f"  scf.yield %b : {T}\n}}",
        "'scf.while' op expects the 'before' region to terminate with 'scf.condition'",
    ),
    (
        WHILE + CONDITION + AFTER + f"  scf.condition(%c) %b : {T}\n}}",
        "'scf.while' op expects the 'after' region to terminate with 'scf.yield'",
    ),
    (
        f"%r = scf.execute_region -> {T} {{\n  scf.yield\n}}",
        "'scf.execute_region' op along control flow edge from Operation scf.yield to Operation scf.execute_region: "
        + counts(0, 1),
    ),
    (
        f"%r = scf.execute_region -> {T} {{\n  scf.yield %y : {WRONG}\n}}",
        "'scf.execute_region' op along control flow edge from Operation scf.yield to Operation scf.execute_region: "
        + TYPES,
    ),
]

ACCEPTED = [
    f"%r = scf.if %c -> ({T}) {{\n  scf.yield %x : {T}\n}} else {{\n  scf.yield %x : {T}\n}}",
    "scf.if %c {\n} else {\n}",
    "scf.if %c {\n}",
    LOOP + f"  scf.yield %a : {T}\n}}",
    "scf.for %i = %c0 to %c1 step %c1 : i32 {\n}",
    f"%r:2 = scf.while (%a = %x) : ({T}) -> ({T}, {T}) {{\n  scf.condition(%c) %a, %a : {T}, {T}\n}} do {{\n"
    f"^bb0(%b: {T}, %d: {T}):\n  scf.yield %b : {T}\n}}",
    f"%r = scf.execute_region -> {T} {{\n  scf.yield %x : {T}\n}}",
]


def kernel(body: str) -> str:
    return KERNEL.replace("{body}", "\n".join(f"    {line}" for line in body.splitlines()))


@pytest.mark.parametrize(("body", "message"), REFUSED)
def test_a_region_passing_on_values_that_do_not_fit_is_refused_at_its_op(body: str, message: str) -> None:
    with pytest.raises(IRError) as refused:
        parse_module(kernel(body), "k.mlir", make_context())
    assert refused.value.message == message
    assert refused.value.location.line == 5


@pytest.mark.parametrize("body", ACCEPTED)
def test_regions_passing_on_what_fits_are_accepted(body: str) -> None:
    parse_module(kernel(body), "k.mlir", make_context())


@pytest.mark.parametrize("op", ["scf.if %c", "scf.for %i = %c0 to %c1 step %c1 : i32"])
def test_a_branch_ending_in_another_terminator_is_refused(op: str) -> None:
    """Triton 3.9 first reports the ``tt.return`` outside its function; either way the
    kernel is refused with a located error."""
    with pytest.raises(IRError, match=r"tt\.return|scf\.yield") as refused:
        parse_module(kernel(f"{op} {{\n  tt.return\n}}"), "k.mlir", make_context())
    assert refused.value.location.filename == "k.mlir"
