"""The hook inside Triton's compile, kernel by kernel: Triton's compile time and the time
the hook adds in each mode (its own time, measured inside it, and the whole compile's
in replace mode), the conversions and shared memory of Triton's default against
replace mode, and against assign mode with the modelled cost of both.

Each kernel of ``triton_kernels.py`` is compiled for its target on the CPU (Triton's
wheel carries both back ends), ``--runs`` times in each of three ways (no hook, explain,
replace; the cache off), the fastest run kept.  Needs Triton 3.9 (``pip install -e
'.[triton]'``).

    python bench/bench_triton_loop.py [--runs 3] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")

import triton  # noqa: E402
from triton_kernels import KERNELS, Kernel  # noqa: E402

import layoutdialect.triton as lt  # noqa: E402


def _fastest(compile_once: Callable[[], Any], runs: int) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(runs):
        started = time.perf_counter()
        result = compile_once()
        best = min(best, time.perf_counter() - started)
    return best, result


def _hook_seconds(kernel: Kernel, mode: lt.Mode, runs: int) -> tuple[float, float, Any, lt.KernelReport]:
    """The fastest whole compile with the hook in ``mode``, the least time the hook itself
    took in a run (its report's ``seconds``: reading, the pipeline, and Triton reading our
    module back), and the last run's kernel and report."""
    compile_once = _with_hook(kernel, mode)
    fastest, own = float("inf"), float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        compiled, report = compile_once()
        fastest, own = min(fastest, time.perf_counter() - started), min(own, report.seconds)
    return fastest, own, compiled, report


def _with_hook(kernel: Kernel, mode: lt.Mode) -> Callable[[], tuple[Any, lt.KernelReport]]:
    def compile_once() -> tuple[Any, lt.KernelReport]:
        with lt.layout_hook(mode) as hook:
            compiled = kernel.compile()
        return compiled, hook.kernels[-1]

    return compile_once


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="compiles per kernel and way, the fastest kept")
    parser.add_argument("--only", nargs="+", choices=sorted(KERNELS), help="these kernels alone")
    args = parser.parse_args()
    triton.knobs.compilation.always_compile = True
    names = args.only or list(KERNELS)
    for name in names:  # warm Triton's back ends and our imports
        KERNELS[name].compile()
    _with_hook(KERNELS[names[0]], "replace")()
    print("the hook's own time, and the whole compile's, against Triton's compile without the hook:")
    print(f"{'kernel':<15}{'target':<13}{'Triton s':>9}{'explain':>9}{'replace':>9}{'compile':>9}{'cvts':>6}{'ours':>6}"
          f"{'shared B':>10}{'ours B':>8}")  # fmt: skip
    added: dict[str, list[float]] = {"explain": [], "replace": [], "compile": []}
    for name in names:
        kernel = KERNELS[name]
        base, default = _fastest(kernel.compile, args.runs)
        _, explain, _, _ = _hook_seconds(kernel, "explain", args.runs)
        replace_compile, replace, replaced, report = _hook_seconds(kernel, "replace", args.runs)
        added["explain"].append(explain / base)
        added["replace"].append(replace / base)
        added["compile"].append(replace_compile / base - 1)
        target = f"{kernel.target.backend}:{kernel.target.arch}"
        shares = "".join(f"{100 * added[way][-1]:>8.0f}%" for way in ("explain", "replace", "compile"))
        print(
            f"{name:<15}{target:<13}{base:>9.3f}{shares}{report.conversions_before:>6}{report.conversions_after:>6}"
            f"{default.metadata.shared:>10}{replaced.metadata.shared:>8}"
        )
    explain, replace, whole = (100 * statistics.median(added[way]) for way in ("explain", "replace", "compile"))
    print(f"time the hook adds to Triton's compile, median over {len(names)} kernels: explain {explain:.0f}%, "
          f"replace {replace:.0f}%; the whole replace-mode compile, fastest of {args.runs} against fastest of "
          f"{args.runs}: {whole:+.0f}%")  # fmt: skip
    print_assign_mode(names)
    print("no GPU is used: run times and outputs against the default need one (not measured here)")


def print_assign_mode(names: list[str]) -> None:
    """Assign mode against Triton's default, kernel by kernel: conversions, shared bytes and
    the modelled cost (``layout-tool cost``) of the TTGIR each hands to LLVM IR."""
    print("\nassign mode (assign-layouts in the loop) against Triton's default, by the cost model:")
    print(f"{'kernel':<15}{'cvts':>6}{'ours':>6}{'shared B':>10}{'ours B':>8}{'cost':>9}{'ours':>9}{'hook s':>8}")
    total_before = total_after = 0.0
    for name in names:
        kernel = KERNELS[name]
        default = kernel.compile()
        assigned, report = _with_hook(kernel, "assign")()
        before, after = report.modelled_cost or (0.0, 0.0)
        total_before, total_after = total_before + before, total_after + after
        print(
            f"{name:<15}{report.conversions_before:>6}{report.conversions_after:>6}{default.metadata.shared:>10}"
            f"{assigned.metadata.shared:>8}{before:>9.0f}{after:>9.0f}{report.seconds:>8.2f}"
        )
    lower = 100 * (1 - total_after / total_before) if total_before else 0.0
    print(f"total modelled cost: Triton's {total_before:.0f}, assign mode {total_after:.0f} ({lower:.1f}% lower)")


if __name__ == "__main__":
    main()
