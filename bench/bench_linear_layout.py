"""Microseconds per call of the LinearLayout hot paths, on 12- and 16-bit layouts.

Run ``python bench/bench_linear_layout.py`` (``--quick`` for a smoke run).  The
layouts are a blocked layout and an Ampere MMA accumulator layout, both wrapped
to a 64x64 (12 input bits) and a 256x256 (16 input bits) tensor, 4 warps, with
their out-dims in the standard ``dim0, dim1`` order that every tensor layout has.

Target: under 20 us per call for every operation.  Reference: Triton's C++
``invertAndCompose`` and ``pseudoinvert``, called through its Python binding on
such layouts on this machine, take about 70 to 80 us.
"""

from __future__ import annotations

import argparse
import timeit
from collections.abc import Callable

from layoutdialect import LinearLayout, ensure_layout_not_smaller_than, identity_standard_nd

TARGET_US = 20.0
TRITON_US = {"invert_and_compose": (70.0, 80.0), "pseudoinvert": (70.0, 80.0)}


def blocked(shape: int) -> LinearLayout:
    """``sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]``."""
    order = [1, 0]
    tile = (
        identity_standard_nd("register", [1, 4], order)
        * identity_standard_nd("lane", [8, 4], order)
        * identity_standard_nd("warp", [4, 1], order)
    )
    return ensure_layout_not_smaller_than(tile, {"dim0": shape, "dim1": shape}).transpose_outs(["dim0", "dim1"])


def mma_accumulator(shape: int) -> LinearLayout:
    """``#ttg.nvidia_mma`` v2, ``warpsPerCTA = [2, 2]``: Triton's 32x32 tile, wrapped."""
    tile = LinearLayout.from_bases(
        [
            ("register", [[0, 1], [8, 0], [0, 16]]),
            ("lane", [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]),
            ("warp", [[0, 8], [16, 0]]),
        ],
        ["dim0", "dim1"],
    )
    wrapped = ensure_layout_not_smaller_than(tile.transpose_outs(["dim1", "dim0"]), {"dim0": shape, "dim1": shape})
    return wrapped.transpose_outs(["dim0", "dim1"])


def cases(shape: int) -> dict[str, Callable[[], object]]:
    src, dst = blocked(shape), mma_accumulator(shape)
    inverse = dst.pseudoinvert()
    lanes, warps = src.sublayout(["register", "lane"], ["dim0", "dim1"]), src.sublayout(["warp"], ["dim0", "dim1"])
    return {
        "invert_and_compose": lambda: src.invert_and_compose(dst),
        "compose": lambda: src.compose(inverse),
        "pseudoinvert": dst.pseudoinvert,
        "* (direct sum)": lambda: lanes * warps,
        "free_variable_masks": src.free_variable_masks,
        "str": lambda: str(src),
    }


def microseconds(call: Callable[[], object], repeat: int, number: int) -> float:
    return min(timeit.repeat(call, repeat=repeat, number=number)) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few iterations only, to check that it runs")
    args = parser.parse_args()
    repeat, number = (1, 5) if args.quick else (7, 2000)

    print(f"{'operation':<22}{'bits':>5}{'us/call':>10}{'target':>9}  versus Triton's C++ (Python binding)")
    for shape in (64, 256):
        bits = blocked(shape).get_total_in_dim_size_log2()
        for name, call in cases(shape).items():
            us = microseconds(call, repeat, number)
            verdict = "ok" if us < TARGET_US else "SLOW"
            reference = TRITON_US.get(name)
            versus = (
                f"{reference[0]:.0f}-{reference[1]:.0f} us: {reference[0] / us:.1f}x-{reference[1] / us:.1f}x faster"
                if reference
                else ""
            )
            print(f"{name:<22}{bits:>5}{us:>10.2f}{verdict:>9}  {versus}")


if __name__ == "__main__":
    main()
