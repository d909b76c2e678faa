"""Microseconds per ``to_linear_layout`` over random encoding and shape pairs, cold and warm.

Run ``python bench/bench_to_linear.py`` (``--quick`` for a smoke run, ``--pairs N``
to change the count, 10,000 by default).  The pairs are drawn with a fixed seed
from every encoding family, at 2-D (and some 3-D) shapes of 1 to 256 per dim;
pairs Triton would refuse (an nvmma layout smaller than its swizzle) are
redrawn.  Cold: the cache is emptied first, so each pair is computed (a slice
still reuses its parent once computed).  Warm: the same pairs again, from the
cache.  Each figure is the best of 5 sweeps, as this machine's clock is noisy.

Reference: Triton's C++ ``to_linear_layout``, called through its Python binding,
takes about 80 us per call on this machine; cold must beat it, warm be near free.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable

from encoding_cases import case

from layoutdialect.encodings import (
    AmdMfmaEncoding,
    AmdWmmaEncoding,
    BlockedEncoding,
    CGALayout,
    DotOperandEncoding,
    Encoding,
    EncodingError,
    LinearEncoding,
    NvidiaMmaEncoding,
    NVMMASharedEncoding,
    SharedLinearEncoding,
    SliceEncoding,
    SwizzledSharedEncoding,
    to_linear_layout,
)
from layoutdialect.encodings.to_linear import clear_cache

TRITON_US = 80.0
SEED = 20261121


def power(rng: random.Random, low: int, high: int) -> int:
    """A power of two in ``[2**low, 2**high]``."""
    return 1 << rng.randint(low, high)


def cga(rng: random.Random, rank: int) -> CGALayout:
    if rng.random() < 0.8:
        return CGALayout.single(rank)
    dims = list(range(rank))
    rng.shuffle(dims)
    bases = [tuple(1 if d == dim else 0 for d in range(rank)) for dim in dims[: rng.randint(1, rank)]]
    return CGALayout(tuple(bases), rank)


def blocked(rng: random.Random, rank: int = 2) -> BlockedEncoding:
    order = list(range(rank))
    rng.shuffle(order)
    lanes = [1] * rank
    for _ in range(5):
        lanes[rng.randrange(rank)] *= 2
    warps = [1] * rank
    for _ in range(rng.randint(0, 3)):
        warps[rng.randrange(rank)] *= 2
    sizes = tuple(power(rng, 0, 2) for _ in range(rank))
    return BlockedEncoding(sizes, tuple(lanes), tuple(warps), tuple(order), cga(rng, rank))


def nvidia_mma(rng: random.Random) -> NvidiaMmaEncoding:
    warps = (power(rng, 0, 2), power(rng, 0, 1))
    if rng.random() < 0.6:
        return NvidiaMmaEncoding(2, 0, warps, cga(rng, 2), rng.choice([(16, 8), (8, 8)]))
    return NvidiaMmaEncoding(3, 0, warps, cga(rng, 2), (16, power(rng, 3, 8), 16))


def amd_mfma(rng: random.Random) -> AmdMfmaEncoding:
    m, n = rng.choice([(32, 32), (16, 16), (64, 4), (4, 64)])
    transposed = (m, n) == (64, 4) or rng.random() < 0.5
    tiles = (power(rng, 0, 1), power(rng, 0, 1))
    return AmdMfmaEncoding(3, (power(rng, 0, 2), power(rng, 0, 1)), (m, n, 8), transposed, cga(rng, 2), tiles)


def amd_wmma(rng: random.Random) -> AmdWmmaEncoding:
    version = rng.randint(1, 3)
    instr = {1: (16, 16, 16), 2: (16, 16, 32), 3: (32, 16, 64)}[version]
    tiles = [(0, 1), (1, 0), (0, 2), (2, 0)][: rng.randint(0, 4)]
    cut = rng.randint(0, len(tiles))
    return AmdWmmaEncoding(version, rng.random() < 0.5, tuple(tiles[:cut]), tuple(tiles[cut:]), cga(rng, 2), instr)


def dot_operand(rng: random.Random) -> DotOperandEncoding:
    parent = rng.choice([blocked, nvidia_mma, amd_mfma, amd_wmma])(rng)
    if isinstance(parent, BlockedEncoding):
        return DotOperandEncoding(rng.randint(0, 1), parent, 0)
    op_idx = 0 if isinstance(parent, NvidiaMmaEncoding) and parent.is_hopper else rng.randint(0, 1)
    k_width = 8 if isinstance(parent, AmdWmmaEncoding) else power(rng, 0, 3)
    return DotOperandEncoding(op_idx, parent, k_width)


def slice_of(rng: random.Random) -> SliceEncoding:
    parent = rng.choice([lambda r: blocked(r, 3), nvidia_mma, amd_mfma])(rng)
    return SliceEncoding(rng.randrange(parent.rank), parent)


def linear(rng: random.Random) -> LinearEncoding:
    return LinearEncoding(to_linear_layout(blocked(rng), [power(rng, 2, 6), power(rng, 2, 6)]))


def swizzled(rng: random.Random) -> SwizzledSharedEncoding:
    order = rng.choice([(1, 0), (0, 1)])
    return SwizzledSharedEncoding(power(rng, 0, 3), power(rng, 0, 2), power(rng, 0, 3), order, cga(rng, 2))


def nvmma(rng: random.Random) -> NVMMASharedEncoding:
    return NVMMASharedEncoding(rng.choice([0, 32, 64, 128]), rng.random() < 0.3, rng.choice([8, 16, 32]), cga(rng, 2))


def shared_linear(rng: random.Random) -> SharedLinearEncoding:
    return SharedLinearEncoding(to_linear_layout(swizzled(rng), [power(rng, 2, 6), power(rng, 2, 6)]), 16)


FAMILIES: dict[str, Callable[[random.Random], Encoding]] = {
    "blocked": blocked,
    "nvidia_mma": nvidia_mma,
    "amd_mfma": amd_mfma,
    "amd_wmma": amd_wmma,
    "dot_op": dot_operand,
    "slice": slice_of,
    "linear": linear,
    "swizzled_shared": swizzled,
    "nvmma_shared": nvmma,
    "shared_linear": shared_linear,
}


def shape_for(rng: random.Random, encoding: Encoding) -> list[int]:
    if isinstance(encoding, SharedLinearEncoding):
        return [size for _, size in encoding.layout.out_dims]
    return [power(rng, 0, 8) for _ in range(encoding.rank)]


def draw_pairs(count: int) -> list[tuple[str, Encoding, list[int]]]:
    """``count`` distinct (family, encoding, shape) pairs that have a linear layout."""
    rng = random.Random(SEED)
    pairs: dict[tuple[Encoding, tuple[int, ...]], str] = {}
    names = list(FAMILIES)
    while len(pairs) < count:
        family = names[len(pairs) % len(names)]
        encoding = FAMILIES[family](rng)
        shape = shape_for(rng, encoding)
        try:
            encoding.to_linear_layout(shape)
        except EncodingError:
            continue
        pairs.setdefault((encoding, tuple(shape)), family)
    clear_cache()
    return [(family, encoding, list(shape)) for (encoding, shape), family in pairs.items()]


def microseconds_per_call(pairs: list[tuple[str, Encoding, list[int]]], repeat: int, cold: bool) -> float:
    """The best of ``repeat`` sweeps over ``pairs``, per pair; cold sweeps start from an empty cache."""
    best = float("inf")
    for _ in range(repeat):
        if cold:
            clear_cache()
        start = time.perf_counter()
        for _, encoding, shape in pairs:
            to_linear_layout(encoding, shape)
        best = min(best, time.perf_counter() - start)
    return best / len(pairs) * 1e6


def triton_calls(pairs: list[tuple[str, Encoding, list[int]]]) -> list[Callable[[], object]] | None:
    """For each pair, a call of Triton 3.9's ``to_linear_layout`` binding on the same
    encoding and shape (the encoding parsed by Triton from our printed type, outside
    the timing); ``None`` where Triton is not importable."""
    try:
        from triton._C.libtriton import gluon_ir
    except ImportError:
        return None
    from triton_encoding_oracle import triton_layout_attribute
    from triton_oracle import triton_context

    context = triton_context()
    builder = gluon_ir.GluonOpBuilder(context)
    calls = []
    modules = []  # each attribute's module, alive as long as the calls
    for _, encoding, shape in pairs:
        attribute, module = triton_layout_attribute(case(encoding, shape), context, builder)
        modules.append(module)
        calls.append(lambda a=attribute, s=shape, held=modules: builder.to_linear_layout(a, s))
    return calls


def cold_microseconds(encoding: Encoding, shape: list[int]) -> float:
    """One cold ``to_linear_layout``: the best of three, each after emptying the cache."""
    best = float("inf")
    for _ in range(3):
        clear_cache()
        start = time.perf_counter()
        to_linear_layout(encoding, shape)
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def first_and_best_microseconds(call: Callable[[], object]) -> tuple[float, float]:
    """The first call's time (Triton remembers each layout it computed, so only the first
    is cold) and the best of three more (warm)."""
    times = []
    for _ in range(4):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1e6)
    return times[0], min(times[1:])


def warm_microseconds(encoding: Encoding, shape: list[int]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        to_linear_layout(encoding, shape)
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def print_ratios(pairs: list[tuple[str, Encoding, list[int]]], calls: list[Callable[[], object]]) -> None:
    """Ours against Triton's binding, pair by pair and interleaved (ours cold, Triton
    cold then warm, ours cold again, ours warm), so both see the same machine load:
    the median ratio per family, cold and warm."""
    cold: dict[str, list[float]] = defaultdict(list)
    warm: dict[str, list[float]] = defaultdict(list)
    for (family, encoding, shape), call in zip(pairs, calls):
        before = cold_microseconds(encoding, shape)
        triton_cold, triton_warm = first_and_best_microseconds(call)
        ours_cold = min(before, cold_microseconds(encoding, shape))
        ours_warm = warm_microseconds(encoding, shape)
        for key in (family, "all"):
            cold[key].append(ours_cold / triton_cold)
            warm[key].append(ours_warm / triton_warm)
    print("\nours / Triton's binding, median per family (quartiles); below 1: ours is faster")
    print(f"{'family':<18}{'cold':>8}{'quartiles':>14}{'warm':>8}{'quartiles':>14}")
    for family in [*(name for name in cold if name != "all"), "all"]:
        line = f"{family:<18}"
        for ratios in (cold[family], warm[family]):
            low, median, high = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
            line += f"{median:>8.2f}{f'{low:.2f}-{high:.2f}':>14}"
        print(line)


def speedup(reference_us: float, ours_us: float) -> str:
    """``reference_us`` against ``ours_us`` in words: "2.0x faster" or "1.4x slower"."""
    if ours_us <= reference_us:
        return f"{reference_us / ours_us:.1f}x faster"
    return f"{ours_us / reference_us:.1f}x slower"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="200 pairs only, to check that it runs")
    parser.add_argument("--pairs", type=int, default=10_000, help="how many encoding and shape pairs")
    args = parser.parse_args()
    pairs = draw_pairs(200 if args.quick else args.pairs)

    repeat = 1 if args.quick else 5
    by_family: dict[str, list[tuple[str, Encoding, list[int]]]] = defaultdict(list)
    for pair in pairs:
        by_family[pair[0]].append(pair)
    print(f"{'family':<18}{'pairs':>7}{'cold us':>10}{'warm us':>10}")
    for family, members in by_family.items():
        cold_us = microseconds_per_call(members, repeat, cold=True)
        warm_us = microseconds_per_call(members, repeat, cold=False)
        print(f"{family:<18}{len(members):>7}{cold_us:>10.1f}{warm_us:>10.2f}")
    cold_us = microseconds_per_call(pairs, repeat, cold=True)
    warm_us = microseconds_per_call(pairs, repeat, cold=False)
    print(f"{'all':<18}{len(pairs):>7}{cold_us:>10.1f}{warm_us:>10.2f}")
    calls = triton_calls(pairs)
    if calls is None:
        print(f"Triton is not importable here; its binding took ~{TRITON_US:.0f} us per call when last measured")
        print(f"cold: {speedup(TRITON_US, cold_us)} than that; warm: {speedup(TRITON_US, warm_us)}")
        return
    print_ratios(pairs, calls)


if __name__ == "__main__":
    main()
