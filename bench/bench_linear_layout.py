"""``LinearLayout`` operations against Triton 3.9's Python binding, on the same random layouts.

Run ``python bench/bench_linear_layout.py`` (``--quick`` for a smoke run, ``--layouts N``
to change the count, 1,500 by default).  Each layout is drawn with a fixed seed: 2 to
16 input bits over ``register``, ``lane``, ``warp`` and ``block``, onto one to three
out-dims (``dim0``, ...), surjective, a few bases zero (broadcast); the invertible
cases are drawn square.  Every operation runs on the same inputs in both libraries.

Where Triton is importable (the ``bench`` extra, ``pip install -e '.[bench]'``), the
two are timed interleaved, each input ours then Triton's then ours again, so both
see the same machine load; the table gives the median time per call of each and the
median of the per-input ratios ours / Triton with its quartiles (below 1.0: ours is
faster).  Without Triton the table gives our figures alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from layoutdialect import LinearLayout

SEED = 20261124
IN_DIMS = ("register", "lane", "warp", "block")

Bases = list[tuple[str, list[list[int]]]]


@dataclass(frozen=True)
class Sample:
    """One random layout in the binding's plain form, and what each operation needs."""

    bases: Bases
    out_names: list[str]
    out_log2: list[int]
    square: bool

    def build(self, cls: Any) -> Any:
        return cls.from_bases(self.bases, self.out_names)


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    """``total`` bits over ``parts`` dims at random, each dim at least one bit when it can."""
    sizes = [0] * parts
    for _ in range(total):
        sizes[rng.randrange(parts)] += 1
    return sizes


def random_sample(rng: random.Random, square: bool, out_log2: list[int] | None = None) -> Sample:
    """A surjective layout onto ``out_log2`` (random if not given): ``square`` ones are
    invertible, others have extra (often zero) bits."""
    if out_log2 is None:
        out_log2 = [bits for bits in split(rng, rng.randint(2, 13), rng.randint(1, 3)) if bits]
    out_bits = sum(out_log2)
    in_bits = out_bits if square else out_bits + rng.randint(0, 3)
    out_names = [f"dim{k}" for k in range(len(out_log2))]
    columns = [1 << bit for bit in range(out_bits)]
    rng.shuffle(columns)
    for k in range(len(columns)):  # mix: a random invertible matrix
        for j in range(k):
            if rng.random() < 0.2:
                columns[k] ^= columns[j]
    while len(columns) < in_bits:
        extra = 0 if rng.random() < 0.6 else rng.getrandbits(out_bits)
        columns.insert(rng.randrange(len(columns) + 1), extra)
    in_sizes = split(rng, in_bits, len(IN_DIMS))
    bases: Bases = []
    position = 0
    for name, size in zip(IN_DIMS, in_sizes):
        dim_bases = []
        for column in columns[position : position + size]:
            components, shift = [], 0
            for log2 in out_log2:
                components.append((column >> shift) & ((1 << log2) - 1))
                shift += log2
            dim_bases.append(components)
        bases.append((name, dim_bases))
        position += size
    return Sample(bases, out_names, out_log2, square)


def operations(sample: Sample, other: Sample, cls: Any) -> dict[str, Callable[[], object]]:
    """Each operation, bound to its inputs built in the library ``cls``."""
    layout = sample.build(cls)
    twin = sample.build(cls)
    outer = other.build(cls)
    sizes = [1 << log2 for log2 in sample.out_log2]
    lanes = cls.from_bases([p for p in sample.bases if p[0] != "warp"], sample.out_names, sizes, False)
    warps = cls.from_bases([p for p in sample.bases if p[0] == "warp"], sample.out_names, sizes, False)
    inputs = {name: (1 << len(dim_bases)) - 1 for name, dim_bases in sample.bases}
    ops: dict[str, Callable[[], object]] = {
        "from_bases": lambda: cls.from_bases(sample.bases, sample.out_names),
        "str": lambda: str(layout),
        "apply": lambda: layout.apply(inputs),
        "==": lambda: layout == twin,
        "* (direct sum)": lambda: lanes * warps,
        "pseudoinvert": layout.pseudoinvert,
        "invert_and_compose": lambda: layout.invert_and_compose(outer),
    }
    if sample.square:
        inverse = layout.invert()
        ops["invert"] = layout.invert
        ops["compose"] = lambda: outer.compose(inverse)
    return ops


def timed(call: Callable[[], object], number: int) -> float:
    """Microseconds per call, the better of two runs of ``number`` calls."""
    timer = timeit.Timer(call)
    return min(timer.timeit(number), timer.timeit(number)) / number * 1e6


def quartiles(values: list[float]) -> tuple[float, float, float]:
    low, median, high = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
    return low, median, high


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few layouts and calls, to check that it runs")
    parser.add_argument("--layouts", type=int, default=1500, help="random layouts to time (default 1,500)")
    parser.add_argument("--only", action="append", metavar="OPERATION", help="time this operation only (repeatable)")
    args = parser.parse_args()
    count, number = (20, 5) if args.quick else (args.layouts, 20)
    try:
        from triton._C.libtriton.linear_layout import LinearLayout as TritonLayout
    except ImportError:
        TritonLayout = None

    rng = random.Random(SEED)
    ours: dict[str, list[float]] = {}
    theirs: dict[str, list[float]] = {}
    ratios: dict[str, list[float]] = {}
    for k in range(count):
        sample = random_sample(rng, square=k % 2 == 0)
        other = random_sample(rng, square=True, out_log2=sample.out_log2)
        our_ops = operations(sample, other, LinearLayout)
        their_ops = operations(sample, other, TritonLayout) if TritonLayout else {}
        for name, call in our_ops.items():
            if args.only and name not in args.only:
                continue
            if name in their_ops:
                before = timed(call, number)
                triton = timed(their_ops[name], number)
                us = min(before, timed(call, number))
                theirs.setdefault(name, []).append(triton)
                ratios.setdefault(name, []).append(us / triton)
            else:
                us = timed(call, number)
            ours.setdefault(name, []).append(us)

    print(f"{count} random layouts, {number} calls per timing; times are medians in microseconds per call")
    header = f"{'operation':<20}{'ours':>9}"
    if TritonLayout:
        header += f"{'Triton':>9}{'ours/Triton':>13}{'quartiles':>14}"
    print(header)
    for name, times in ours.items():
        line = f"{name:<20}{statistics.median(times):>9.2f}"
        if name in ratios:
            low, median, high = quartiles(ratios[name])
            line += f"{statistics.median(theirs[name]):>9.2f}{median:>13.2f}{f'{low:.2f}-{high:.2f}':>14}"
        print(line)
    if not TritonLayout:
        print("Triton is not importable here: install the bench extra to compare")


if __name__ == "__main__":
    main()
