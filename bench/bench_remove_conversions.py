"""``remove-redundant-conversions`` against Triton: conversions left, bytes they move, and speed.

Run ``python bench/bench_remove_conversions.py`` (``--quick`` for a smoke run with a
small synthetic kernel, ``--ops N`` for its size, 5,000 by default).

Quality: every function of the FileCheck suites brought in from Triton's
``combine.mlir`` and ``canonicalize.mlir`` carries a ``// Triton keeps:`` line
listing the conversions in Triton's expected output.  The table gives, per
function, the conversions before the pass, after ours, and after Triton's, and
the bytes the remaining ones move; ours must never be higher.

Speed: a random kernel (``synthetic_kernels.py``) with nested loops and about one
conversion per ten ops goes through parse, each stage of the pipeline, and print;
each figure is the best of three runs.
"""

from __future__ import annotations

import argparse
import re
import time
from collections import defaultdict
from dataclasses import dataclass
from math import prod
from pathlib import Path

from synthetic_kernels import synthetic_kernel
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.parser import Parser

from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module, print_module
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.passes.remove_redundant_conversions.op_roles import scalar_bits
from layoutdialect.passes.remove_redundant_conversions.pipeline import RemoveRedundantConversionsPass
from layoutdialect.passes.remove_redundant_conversions.pipeline import remove_redundant_conversions as run_pipeline

SUITE = Path(__file__).resolve().parents[1] / "tests" / "filecheck" / "remove-redundant-conversions"
CHUNK_SEPARATOR = "// -----"
TRITON_KEEPS = re.compile(r"^// Triton keeps: (?P<types>.+)$")
FUNCTION = re.compile(r"^\s*(?:tt|func)\.func\s+(?:(?:public|private)\s+)?@(?P<name>\w+)")


@dataclass(frozen=True)
class Row:
    """One test function: conversions (and their bytes) before, after us, after Triton."""

    file: str
    function: str
    before: int
    ours: int
    ours_bytes: int
    triton: int | None
    triton_bytes: int | None


def tensor_bytes(type: TensorType) -> int:
    return prod(type.get_shape()) * scalar_bits(type.element_type) // 8


def conversions_by_function(module: ModuleOp) -> dict[str, tuple[int, int]]:
    """Count and bytes of the ``ttg.convert_layout`` ops of each function in ``module``."""
    counts = {}
    for func in (op for op in module.walk() if isinstance(op, AnyFuncOp)):
        types = [op.src.type for op in func.walk() if isinstance(op, ConvertLayoutOp)]
        counts[func.sym_name.data] = (len(types), sum(tensor_bytes(t) for t in types if isinstance(t, TensorType)))
    return counts


def triton_expectations(text: str, context: Context) -> dict[str, tuple[int, int] | None]:
    """The ``// Triton keeps:`` line before each function: count and bytes, or ``None``
    where Triton's test does not say."""
    expected: dict[str, tuple[int, int] | None] = {}
    pending = None
    for line in text.splitlines():
        if match := TRITON_KEEPS.match(line):
            pending = match["types"].strip()
        elif (match := FUNCTION.match(line)) and pending == "unspecified":
            expected[match["name"]], pending = None, None
        elif (match := FUNCTION.match(line)) and pending is not None:
            kept = [] if pending == "none" else [t.strip() for t in re.findall(r"tensor<[^>]*>", pending)]
            types = [Parser(context, t).parse_type() for t in kept]
            expected[match["name"]] = (len(types), sum(tensor_bytes(t) for t in types if isinstance(t, TensorType)))
            pending = None
    return expected


def quality_rows() -> list[Row]:
    rows = []
    context = make_context(allow_unregistered=True)
    for path in sorted(SUITE.glob("*.mlir")):
        for chunk in path.read_text().split(CHUNK_SEPARATOR):
            expected = triton_expectations(chunk, context)
            module = parse_module(chunk, path.name, context)
            before = conversions_by_function(module)
            RemoveRedundantConversionsPass().apply(context, module)
            after = conversions_by_function(module)
            for name, triton in expected.items():
                rows.append(Row(path.name, name, before[name][0], *after[name], *(triton or (None, None))))
    return rows


def print_quality(rows: list[Row]) -> None:
    print("conversions left by remove-redundant-conversions, per test function ('-': Triton's test does not say)")
    file_width = max(len("file"), *(len(r.file) for r in rows)) + 2
    name_width = max(len("function"), *(len(r.function) for r in rows)) + 2
    print(
        f"{'file':<{file_width}}{'function':<{name_width}}{'before':>7}{'ours':>6}{'triton':>8}"
        f"{'our bytes':>11}{'triton bytes':>14}"
    )
    worse = 0
    for row in rows:
        flag = ""
        if row.triton is not None and row.triton_bytes is not None:
            if row.ours > row.triton or row.ours_bytes > row.triton_bytes:
                flag, worse = "  WORSE", worse + 1
            elif row.ours < row.triton or row.ours_bytes < row.triton_bytes:
                flag = "  better"
        triton = "-" if row.triton is None else str(row.triton)
        triton_bytes = "-" if row.triton_bytes is None else str(row.triton_bytes)
        print(
            f"{row.file:<{file_width}}{row.function:<{name_width}}{row.before:>7}{row.ours:>6}{triton:>8}"
            f"{row.ours_bytes:>11}{triton_bytes:>14}{flag}"
        )
    compared = [r for r in rows if r.triton is not None and r.triton_bytes is not None]
    ours, triton = sum(r.ours for r in compared), sum(r.triton or 0 for r in compared)
    ours_bytes, triton_bytes = sum(r.ours_bytes for r in compared), sum(r.triton_bytes or 0 for r in compared)
    print(
        f"total over the {len(compared)} functions where Triton's output is documented (of {len(rows)}): "
        f"{ours} conversions ({ours_bytes} bytes) against Triton's {triton} ({triton_bytes} bytes); "
        f"{worse} functions worse than Triton"
    )


def time_synthetic(ops: int, repeats: int) -> None:
    text, conversions = synthetic_kernel(ops)
    stages: dict[str, float] = defaultdict(lambda: float("inf"))
    remaining = 0
    for _ in range(repeats):
        context = make_context()
        start = time.perf_counter()
        module = parse_module(text, "<synthetic>", context)
        stages["parse"] = min(stages["parse"], time.perf_counter() - start)
        run: defaultdict[str, float] = defaultdict(float)

        def record(name: str, seconds: float, run: defaultdict[str, float] = run) -> None:
            run[name] += seconds

        for func in [op for op in module.walk() if isinstance(op, AnyFuncOp)]:
            run_pipeline(func, on_stage=record)
        for name, seconds in run.items():
            stages[name] = min(stages[name], seconds)
        start = time.perf_counter()
        output = print_module(module)
        stages["print"] = min(stages["print"], time.perf_counter() - start)
        remaining = output.count("ttg.convert_layout")
    total_ops = sum(1 for _ in parse_module(text, "<synthetic>", make_context()).walk())
    print(f"\nsynthetic kernel: {total_ops} ops, {conversions} conversions -> {remaining} left")
    print(f"{'stage':<20}{'seconds':>9}")
    for name, seconds in stages.items():
        print(f"{name:<20}{seconds:>9.3f}")
    pass_seconds = sum(s for name, s in stages.items() if name not in ("parse", "print"))
    print(f"{'pass total':<20}{pass_seconds:>9.3f}")
    print(f"{'end to end':<20}{sum(stages.values()):>9.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small synthetic kernel, one run")
    parser.add_argument("--ops", type=int, default=5000, help="size of the synthetic kernel")
    args = parser.parse_args()
    print_quality(quality_rows())
    time_synthetic(300 if args.quick else args.ops, 1 if args.quick else 3)


if __name__ == "__main__":
    main()
