"""An op line read again from an earlier reading gives what xDSL's reading of it gives:
the same module, or the same error at the same place."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO

import pytest
from filecheck_inputs import filecheck_chunks
from hypothesis import given, settings
from hypothesis import strategies as st

from layoutdialect.dialect.aliases import print_with_aliases
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module
from layoutdialect.ir import op_lines
from layoutdialect.ir.diagnostics import IRError


@contextmanager
def lines_read_afresh() -> Iterator[None]:
    """Every op read by xDSL, none made from an earlier reading."""
    original = op_lines.OpLines.read_again
    op_lines.OpLines.read_again = lambda self, parser, line: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        op_lines.OpLines.read_again = original  # type: ignore[method-assign]


def outcome(text: str) -> str:
    """The module in its generic form with locations, or the error reading it gave."""
    try:
        module = parse_module(text, "lines.mlir", make_context())
    except IRError as error:
        return f"error: {error}"
    out = StringIO()
    print_with_aliases(module, out, print_generic_format=True, print_debuginfo=True)
    return out.getvalue()


def read_both_ways(text: str) -> tuple[str, str]:
    with lines_read_afresh():
        afresh = outcome(text)
    return afresh, outcome(text)


def kernel(*lines: str) -> str:
    """``lines`` in a function, then an op (so that each line is followed by an SSA name)."""
    body = "\n".join(f"    {line}" for line in (*lines, "%end = arith.constant 0.0 : f32"))
    return (
        "module {\n  tt.func @f(%p: f32, %q: f32, %i: i32, %j: i32) {\n"
        f'{body}\n    tt.return\n  }}\n}}\n#loc1 = loc("k.py":3:7)\n#loc2 = loc("k.py":4:9)\n'
    )


def count_read_again(text: str) -> int:
    calls = []
    original = op_lines.OpLines.read_again

    def counting(self: op_lines.OpLines, parser: object, line: op_lines.OpLine) -> object:
        op = original(self, parser, line)  # type: ignore[arg-type]
        calls.append(op is not None)
        return op

    op_lines.OpLines.read_again = counting  # type: ignore[method-assign]
    try:
        outcome(text)
    finally:
        op_lines.OpLines.read_again = original  # type: ignore[method-assign]
    return sum(calls)


def test_repeated_lines_are_made_again_with_their_own_names_and_locations() -> None:
    text = kernel(
        "%a = arith.addf %p, %q : f32 loc(#loc1)",
        "%b = arith.addf %a, %q : f32 loc(#loc2)",
        "%c = arith.addf %b, %a : f32 loc(#loc1)",
        "%d = arith.addf %c, %c : f32",
        "%e = arith.addf %d, %p : f32",
        "%f = arith.addf %e, %d : f32",
    )
    afresh, again = read_both_ways(text)
    assert again == afresh and "error" not in again
    assert count_read_again(text) == 2  # the third line of each key: a location, or an op, after it


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        # The text says f32, the name binds an i32: xDSL's error, not an op of the wrong type.
        (["%a = arith.addf %p, %q : f32", "%b = arith.addf %p, %q : f32", "%c = arith.addf %p, %i : f32"], "previous"),
        # A name defined later is a forward reference, which only xDSL's reading records.
        (["%a = arith.addf %p, %q : f32", "%b = arith.addf %a, %q : f32", "%c = arith.addf %z, %q : f32"], "undecl"),
        # A name defined twice.
        (["%a = arith.addf %p, %q : f32", "%b = arith.addf %p, %q : f32", "%a = arith.addf %p, %q : f32"], "already"),
    ],
)
def test_names_that_do_not_fit_are_left_to_xdsl(lines: list[str], message: str) -> None:
    text = kernel(*lines)
    afresh, again = read_both_ways(text)
    assert again == afresh
    assert again.startswith("error") and message in again
    assert count_read_again(text) == 0


def test_the_token_after_a_line_is_part_of_its_key() -> None:
    """``tt.return``'s syntax ends in optional operands: before ``}`` it ends its line, before
    an op it reads that op's result as its operand and fails."""
    block = ["%a = arith.addf %p, %q : f32", "scf.yield"]
    text = (
        "module {\n  tt.func @f(%p: f32, %q: f32, %c: i1) {\n"
        + "".join(f"    scf.if %c {{\n      {block[0]}\n      {block[1]}\n    }}\n" for _ in range(3))
        + "    scf.if %c {\n      scf.yield\n      %b = arith.addf %p, %q : f32\n    }\n    tt.return\n  }\n}\n"
    )
    afresh, again = read_both_ways(text)
    assert again == afresh and again.startswith("error")


@pytest.mark.parametrize("chunk", filecheck_chunks(functions_only=False))
def test_every_filecheck_input_reads_alike(chunk: str) -> None:
    afresh, again = read_both_ways(chunk)
    assert again == afresh


NAMES = ["%p", "%q", "%i", "%j", "%a", "%b", "%c", "%u"]
TEMPLATES = [
    "{0} = arith.addf {1}, {2} : f32",
    "{0} = arith.addi {1}, {2} : i32",
    "{0} = arith.mulf {1}, {2} : f32 loc(#loc1)",
    "{0} = arith.mulf {1}, {2} : f32 loc(#loc2)",
    "{0} = arith.cmpf olt, {1}, {2} : f32",
    "{0}, {3} = arith.addui_extended {1}, {2} : i32, i1",
    "{0} = arith.constant 1.0 : f32",
    "{0} = arith.addf {1}, {2} {{fastmath = #arith.fastmath<fast>}} : f32",
]


@settings(deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(TEMPLATES), st.lists(st.sampled_from(NAMES), min_size=4, max_size=4)),
        min_size=1,
        max_size=14,
    )
)
def test_random_kernels_read_alike(lines: list[tuple[str, list[str]]]) -> None:
    """Lines from a few templates, with names defined or not, of the right type or not,
    defined twice, or the same name twice."""
    afresh, again = read_both_ways(kernel(*(template.format(*names) for template, names in lines)))
    assert again == afresh
