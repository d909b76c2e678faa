"""The ``scf cleanup`` stage of ``remove-redundant-conversions`` (MLIR's ``scf.for`` and
``scf.if`` canonicalizations): trip counts as MLIR's ``constantTripCount`` gives them, and
random programs of loops and branches that keep their meaning and reach a fixed point."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import scf

from layoutdialect import make_context, parse_module, print_module, verify_module
from layoutdialect.dialect.tt.func import FuncOp
from layoutdialect.passes.remove_redundant_conversions.pipeline import verify_same_semantics
from layoutdialect.passes.remove_redundant_conversions.scf_cleanup import clean_up_scf, static_trip_count

CTX = make_context()
HEADER = """#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {"""
T = "tensor<128xi32, #b>"
P = "tensor<128x!tt.ptr<i32>, #b>"


def loop_with_bounds(lower: str, upper: str, step: str, width: int = 32) -> scf.ForOp:
    """An ``scf.for`` over ``iN`` bounds: each a constant, ``%n`` or ``%m`` (``%n + 1``,
    which cannot wrap)."""
    constants = {text for text in (lower, upper, step) if not text.startswith("%")}
    lines = [f"    %k{value.replace('-', 'm')} = arith.constant {value} : i{width}" for value in sorted(constants)]
    name = {text: (text if text.startswith("%") else f"%k{text.replace('-', 'm')}") for text in (lower, upper, step)}
    text = f"""{HEADER}
  tt.func @f(%n: i{width}) {{
    %one = arith.constant 1 : i{width}
    %m = arith.addi %n, %one overflow<nsw> : i{width}
{chr(10).join(lines)}
    scf.for %i = {name[lower]} to {name[upper]} step {name[step]} : i{width} {{
    }}
    tt.return
  }}
}}"""
    module = parse_module(text, "loop", CTX)
    return next(op for op in module.walk() if isinstance(op, scf.ForOp))


@pytest.mark.parametrize(
    ("lower", "upper", "step", "trips"),
    [
        ("0", "1", "1", 1),
        ("0", "10", "3", 4),
        ("0", "9", "3", 3),
        ("5", "1", "1", 0),
        ("3", "3", "1", 0),
        ("%n", "%n", "1", 0),  # one value for both bounds, whatever it is
        ("%n", "%m", "1", 1),  # %n + 1 without signed wrap
        ("%n", "%m", "2", 1),
        ("%n", "4", "1", None),
        ("0", "4", "0", None),  # a zero step never ends, or never starts
        ("0", "4", "-1", None),  # a negative step never ends
        ("4", "0", "-1", 0),
        ("0", "4", "%n", None),
    ],
)
def test_trip_counts_follow_mlir(lower: str, upper: str, step: str, trips: int | None) -> None:
    assert static_trip_count(loop_with_bounds(lower, upper, step)) == trips


def test_trip_count_reads_bounds_signed_at_their_width() -> None:
    """``i8`` from -128 to 127 runs 255 times; ``255 : i8`` is -1, below the lower bound 0."""
    assert static_trip_count(loop_with_bounds("-128", "127", "1", width=8)) == 255
    assert static_trip_count(loop_with_bounds("0", "255", "1", width=8)) == 0


class _Program:
    """A random function of loops and branches over a pool of tensors, built for the
    patterns: trip counts of 0, 1, 2 or ``%n``, values carried unchanged or swapped,
    branches on one condition, its negation or a constant, nested branches, and stores
    that keep the order of effects observable."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.pool = ["%x", "%y"]
        self.lines: list[str] = []
        self.count = 0

    def name(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def value(self, extra: tuple[str, ...] = ()) -> str:
        return self.random.choice([*self.pool, *extra])

    def computed(self, indent: str, inputs: tuple[str, ...]) -> str:
        result = self.name()
        self.lines.append(f"{indent}{result} = arith.addi {self.value(inputs)}, {self.value(inputs)} : {T}")
        if self.random.random() < 0.5:
            self.lines.append(f"{indent}tt.store %p, {result} : {P}")
        return result

    def loop(self, indent: str) -> None:
        bounds = self.random.choice(["%c0 to %c0", "%c0 to %c1", "%c0 to %c2", "%c0 to %n", "%n to %m", "%n to %n"])
        carried = [self.value() for _ in range(self.random.randint(1, 3))]
        arguments = tuple(self.name() for _ in carried)
        results = [self.name() for _ in carried]
        iter_args = ", ".join(f"{a} = {v}" for a, v in zip(arguments, carried))
        types = ", ".join([T] * len(carried))
        self.lines.append(
            f"{indent}{', '.join(results)} = scf.for %i{self.count} = {bounds} step %c1 "
            f"iter_args({iter_args}) -> ({types}) : i32 {{"
        )
        yielded = []
        for _ in carried:
            kind = self.random.choice(["argument", "outside", "computed"])
            if kind == "argument":
                yielded.append(self.random.choice(arguments))
            elif kind == "outside":
                yielded.append(self.value())
            else:
                yielded.append(self.computed(indent + "  ", arguments))
        self.lines += [f"{indent}  scf.yield {', '.join(yielded)} : {types}", f"{indent}}}"]
        self.pool += results

    def branch(self, indent: str, nested: bool = False) -> tuple[str, ...]:
        """An ``scf.if`` of up to two results (with an ``else`` branch always when it has
        results, else mostly), nested in another when ``nested``; its results."""
        condition = self.random.choice(["%c", "%c", "%d", "%notc", "%true", "%false"])
        results = tuple(self.name() for _ in range(self.random.randint(0, 2)))
        types = ", ".join([T] * len(results))
        head = f"{', '.join(results)} = scf.if {condition} -> ({types})" if results else f"scf.if {condition}"
        self.lines.append(f"{indent}{head} {{")
        self.branch_body(indent + "  ", results, nested)
        if results or self.random.random() < 0.7:
            self.lines.append(f"{indent}}} else {{")
            self.branch_body(indent + "  ", results, nested)
        self.lines.append(f"{indent}}}")
        self.pool += results
        return results

    def branch_body(self, indent: str, results: tuple[str, ...], nested: bool) -> None:
        """One branch: a store or an inner ``scf.if`` (not in one already), then what it yields."""
        inner: tuple[str, ...] = ()
        outside = list(self.pool)
        if not nested and self.random.random() < 0.3:
            inner = self.branch(indent, nested=True)
            self.pool = outside
        elif self.random.random() < 0.5:
            self.lines.append(f"{indent}tt.store %p, {self.value()} : {P}")
        yielded = [self.computed(indent, inner) if self.random.random() < 0.4 else self.value(inner) for _ in results]
        typed = f" {', '.join(yielded)} : {', '.join([T] * len(results))}" if results else ""
        self.lines.append(f"{indent}scf.yield{typed}")

    def text(self, statements: int) -> str:
        for _ in range(statements):
            self.loop("    ") if self.random.random() < 0.5 else self.branch("    ")
        returned = self.random.sample(self.pool, min(3, len(self.pool)))
        return f"""{HEADER}
  tt.func @f(%x: {T}, %y: {T}, %c: i1, %d: i1, %k: i32, %p: {P}) -> ({", ".join([T] * len(returned))}) {{
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %true = arith.constant true
    %false = arith.constant false
    %n = arith.andi %k, %c3 : i32
    %m = arith.addi %n, %c1 overflow<nsw> : i32
    %notc = arith.xori %c, %true : i1
{chr(10).join(self.lines)}
    tt.return {", ".join(returned)} : {", ".join([T] * len(returned))}
  }}
}}"""


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), statements=st.integers(1, 6))
def test_random_loops_and_branches_keep_their_meaning(seed: int, statements: int) -> None:
    text = _Program(seed).text(statements)
    original = parse_module(text, "program", CTX)
    module = parse_module(text, "program", CTX)
    function = next(op for op in module.walk() if isinstance(op, FuncOp))
    clean_up_scf(function)
    verify_module(module)
    verify_same_semantics(original, module)
    printed = print_module(module)
    assert not clean_up_scf(function)  # a fixed point
    assert print_module(module) == printed


def test_nothing_to_clean_up_is_no_change() -> None:
    module = parse_module(f"{HEADER}\n  tt.func @f(%x: {T}) -> {T} {{\n    tt.return %x : {T}\n  }}\n}}", "f", CTX)
    function = next(op for op in module.walk() if isinstance(op, FuncOp))
    assert not clean_up_scf(function)
