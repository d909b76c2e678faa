"""Random ``ttg.convert_layout`` pairs that Triton 3.9 can compile, for NVIDIA's 32-lane
warps or AMD CDNA's 64-lane waves.

``random_pairs(count, seed)`` draws, with ``random.Random(seed)``, ``count`` conversions of
one tensor between two distributed encodings: ``#ttg.blocked``, ``#ttg.slice``,
``#ttg.nvidia_mma`` v2 and v3, ``#ttg.dot_op`` of an MMA parent (with ``kWidth``) and
``#ttg.linear`` (the AMD families do not compile for CUDA).  With ``lanes=64`` (CDNA:
gfx942, gfx950) the MMA families are ``#ttg.amd_mfma`` (32x32 or 16x16 instructions, either
orientation) and its ``#ttg.dot_op``.  Tensors have rank 1 to 3, ``f16``, ``bf16``, ``f32``
or ``i8`` elements, and 4 or 8 warps in one CTA.

About a third of the pairs keep the source's warps and move data only inside each warp:
the destination is the source's linear layout with register and lane bases exchanged
(a ``#ttg.linear``), the conversions that shuffles can do.  The others draw both
encodings independently, which mostly moves data between warps (through shared memory).
A pair is kept only when both encodings have a linear layout at its shape (our
``to_linear_layout``) and the conversion moves data between threads; the pairs are drawn
one after another, so the first ``n`` of a seed never depend on ``count``.

``python bench/random_conversion_pairs.py --pairs 20 --seed 1 [--lanes 64]`` prints them as
JSON lines.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import asdict, dataclass
from io import StringIO
from math import prod

from xdsl.printer import Printer

from layoutdialect import (
    AmdMfmaEncoding,
    BlockedEncoding,
    CGALayout,
    DistributedEncoding,
    DotOperandEncoding,
    LinearEncoding,
    LinearLayout,
    NvidiaMmaEncoding,
    SliceEncoding,
)
from layoutdialect.analysis.conversion import reorders_registers
from layoutdialect.dialect.ttg.attributes import encoding_attr
from layoutdialect.encodings import EncodingError
from layoutdialect.f2 import LinearLayoutError

ELEMENT_BITS = {"f16": 16, "bf16": 16, "f32": 32, "i8": 8}
"""The element types drawn, by their TTGIR names, with their widths."""

FAMILIES = {
    32: ("blocked", "mma2", "dot2", "mma3", "dot3", "slice", "linear"),
    64: ("blocked", "mfma", "dotmfma", "slice", "linear"),
}
"""Short names of the encoding families drawn, by lanes per warp (``mma3``/``dot3``: Hopper
MMA and its A operand; ``mfma``/``dotmfma``: CDNA's MFMA and its operands)."""

RDNA_FAMILIES = ("blocked", "slice", "linear")
"""The families drawn for RDNA's waves of 32 (``random_pairs(..., families=RDNA_FAMILIES)``):
no NVIDIA MMA, which Triton's AMD backend does not take."""

SLICE_PARENTS = ("blocked", "mma2", "mma3", "dot2", "mfma")
"""The families a ``#ttg.slice`` is drawn from."""

MMA_FAMILIES = ("mma2", "dot2", "mma3", "dot3", "mfma", "dotmfma")
"""The families whose encodings are 2-D (or, for Ampere's, 3-D)."""

MAX_ELEMENTS_LOG2 = 14
"""Tensors hold at most 2**14 elements, so that every thread's share stays a few registers."""


@dataclass(frozen=True)
class ConversionPair:
    """A conversion of a ``shape`` tensor of ``element`` values from encoding ``src`` to
    ``dst`` (TTGIR text) in a CTA of ``warps`` warps of ``lanes`` lanes; ``name`` is stable
    for a seed."""

    name: str
    src: str
    dst: str
    shape: tuple[int, ...]
    element: str
    warps: int
    lanes: int = 32

    @property
    def element_bits(self) -> int:
        """The width of an element."""
        return ELEMENT_BITS[self.element]

    def as_row(self) -> dict[str, object]:
        """The pair as a JSON object (what the Triton oracle reads)."""
        return asdict(self) | {"shape": list(self.shape)}


def encoding_text(encoding: DistributedEncoding) -> str:
    """The TTGIR text of ``encoding``, as Triton prints it."""
    out = StringIO()
    Printer(stream=out).print_attribute(encoding_attr(encoding))
    return out.getvalue()


def _split(rng: random.Random, total_log2: int, rank: int) -> list[int]:
    """Powers of two, one per dim, whose product is ``2**total_log2``."""
    exponents = [0] * rank
    for _ in range(total_log2):
        exponents[rng.randrange(rank)] += 1
    return [1 << e for e in exponents]


def _shape(rng: random.Random, rank: int, warps: int, lanes: int) -> list[int]:
    """A tensor shape: from a quarter of the CTA's threads up to ``2**MAX_ELEMENTS_LOG2`` elements."""
    low = (lanes * warps).bit_length() - 3
    return _split(rng, rng.randint(low, MAX_ELEMENTS_LOG2), rank)


def _k_width(rng: random.Random, bits: int) -> int:
    """A dot operand's ``kWidth``: 32 or 64 bits of consecutive K elements per register group."""
    return rng.choice([32, 64]) // bits


def _blocked(rng: random.Random, rank: int, warps: int, bits: int, lanes: int) -> BlockedEncoding:
    """A ``#ttg.blocked`` whose fastest dim holds 1 to 16 bytes per thread (``bits``-bit elements)."""
    order = list(range(rank))
    rng.shuffle(order)
    size_per_thread = [rng.choice([1, 1, 2, 4]) for _ in range(rank)]
    size_per_thread[order[0]] = max(1, rng.choice([1, 2, 4, 8, 16]) * 8 // bits)
    return BlockedEncoding(
        tuple(size_per_thread),
        tuple(_split(rng, lanes.bit_length() - 1, rank)),
        tuple(_split(rng, warps.bit_length() - 1, rank)),
        tuple(order),
        CGALayout.single(rank),
    )


def _mma(rng: random.Random, version: int, rank: int, warps: int, shape: list[int]) -> NvidiaMmaEncoding:
    """An MMA accumulator of ``version`` 2 (``mma.sync``, warps anywhere) or 3 (``wgmma``: warp
    groups of 4 along M, an instruction N no wider than the tensor unless 8)."""
    if version == 2:
        instr = (16, 8) if rank == 2 else (1, 16, 8)
        warps_per_cta = tuple(_split(rng, warps.bit_length() - 1, rank))
    else:
        instr = (16, rng.choice([n for n in (8, 16, 32, 64, 128, 256) if n <= max(8, shape[1])]), 16)
        warps_per_cta = (4, warps // 4) if rng.random() < 0.5 else (warps, 1)
    return NvidiaMmaEncoding(version, 0, warps_per_cta, CGALayout.single(rank), instr)


def _mfma(rng: random.Random, warps: int) -> AmdMfmaEncoding:
    """A CDNA3 MFMA accumulator: 32x32x8 or 16x16x16 instructions, warps anywhere, either
    orientation."""
    instr = rng.choice([(32, 32, 8), (16, 16, 16)])
    return AmdMfmaEncoding(
        3, tuple(_split(rng, warps.bit_length() - 1, 2)), instr, rng.random() < 0.5, CGALayout.single(2)
    )


def _encoding(
    rng: random.Random,
    family: str,
    rank: int,
    warps: int,
    bits: int,
    shape: list[int],
    lanes: int = 32,
    drawn: tuple[str, ...] | None = None,
) -> DistributedEncoding:
    """An encoding of ``family`` for a tensor of ``shape`` (``linear``: a random permutation
    of another family's layout at ``shape``)."""
    if family == "blocked":
        return _blocked(rng, rank, warps, bits, lanes)
    if family == "mfma":
        return _mfma(rng, warps)
    if family == "dotmfma":
        return DotOperandEncoding(rng.randrange(2), _mfma(rng, warps), rng.choice([64, 128]) // bits)
    if family in ("mma2", "mma3"):
        return _mma(rng, int(family[-1]), rank, warps, shape)
    if family == "dot2":
        return DotOperandEncoding(rng.randrange(2), _mma(rng, 2, rank, warps, shape), _k_width(rng, bits))
    if family == "dot3":
        return DotOperandEncoding(0, _mma(rng, 3, rank, warps, shape), _k_width(rng, bits))
    if family == "slice":
        dim = rng.randrange(rank + 1)
        parent_shape = shape[:dim] + [rng.choice([2, 4, 16, 64])] + shape[dim:]
        parents = [family for family in _families(rank + 1, lanes, drawn) if family in SLICE_PARENTS]
        parent = _encoding(rng, rng.choice(parents), rank + 1, warps, bits, parent_shape, lanes, drawn)
        return SliceEncoding(dim, parent)
    family = rng.choice([other for other in _families(rank, lanes, drawn) if other != "linear"])
    source = _encoding(rng, family, rank, warps, bits, shape, lanes, drawn).to_linear_layout(shape)
    bases = dict(source.bases)
    pooled = bases["register"] + bases["lane"]
    rng.shuffle(pooled)
    return _linear(source, pooled[: len(bases["register"])], pooled[len(bases["register"]) :])


def _families(rank: int, lanes: int = 32, drawn: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The families of ``drawn`` (by default ``FAMILIES[lanes]``) with encodings of ``rank``:
    MMA and dot operands are 2-D or (Ampere's) 3-D, and only blocked parents of slices have
    rank 4."""
    if rank == 4:
        return ("blocked",)
    excluded = {1: MMA_FAMILIES, 2: (), 3: ("mma3", "dot3", "mfma", "dotmfma")}[rank]
    return tuple(family for family in drawn or FAMILIES[lanes] if family not in excluded)


def _linear(layout: LinearLayout, registers: list[list[int]], lanes: list[list[int]]) -> LinearEncoding:
    """``layout`` with new register and lane bases (warps and blocks kept)."""
    bases = dict(layout.bases) | {"register": registers, "lane": lanes}
    return LinearEncoding(LinearLayout.from_bases(list(bases.items()), layout.get_out_dim_names()))


def _intra_warp(rng: random.Random, layout: LinearLayout) -> LinearEncoding:
    """``layout`` with one to three register bases exchanged with lane bases, and now and then
    its lane bases permuted: data move inside each warp only."""
    registers, lanes = list(dict(layout.bases)["register"]), list(dict(layout.bases)["lane"])
    for _ in range(rng.randint(1, 3) if registers else 0):
        r, lane = rng.randrange(len(registers)), rng.randrange(len(lanes))
        registers[r], lanes[lane] = lanes[lane], registers[r]
    if rng.random() < 0.3:
        rng.shuffle(lanes)
    return _linear(layout, registers, lanes)


def _family(encoding: DistributedEncoding) -> str:
    """``encoding``'s short name in ``FAMILIES``."""
    if isinstance(encoding, BlockedEncoding):
        return "blocked"
    if isinstance(encoding, NvidiaMmaEncoding):
        return f"mma{encoding.version_major}"
    if isinstance(encoding, AmdMfmaEncoding):
        return "mfma"
    if isinstance(encoding, DotOperandEncoding):
        if isinstance(encoding.parent, AmdMfmaEncoding):
            return "dotmfma"
        assert isinstance(encoding.parent, NvidiaMmaEncoding)
        return f"dot{encoding.parent.version_major}"
    return "slice" if isinstance(encoding, SliceEncoding) else "linear"


def _draw(
    rng: random.Random, lanes: int, drawn: tuple[str, ...] | None = None
) -> tuple[DistributedEncoding, DistributedEncoding, list[int], str, int]:
    """One candidate pair: (source, destination, shape, element, warps)."""
    rank = rng.choice([1, 2, 2, 2, 3, 3])
    warps = rng.choice([4, 8])
    element = rng.choice(list(ELEMENT_BITS))
    bits = ELEMENT_BITS[element]
    shape = _shape(rng, rank, warps, lanes)
    if rank >= 2 and rng.random() < 0.5:
        shape[-2:] = [max(size, 16) for size in shape[-2:]]
        while prod(shape) > 1 << MAX_ELEMENTS_LOG2:
            shape[shape.index(max(shape))] //= 2
    families = _families(rank, lanes, drawn)
    src = _encoding(rng, rng.choice(families), rank, warps, bits, shape, lanes, drawn)
    if rng.random() < 1 / 3:
        dst: DistributedEncoding = _intra_warp(rng, src.to_linear_layout(shape))
    else:
        dst = _encoding(rng, rng.choice(families), rank, warps, bits, shape, lanes, drawn)
    return src, dst, shape, element, warps


def random_pairs(
    count: int = 150, seed: int = 0, lanes: int = 32, families: tuple[str, ...] | None = None
) -> list[ConversionPair]:
    """``count`` random pairs that move data between threads, the same for the same ``seed``,
    ``lanes`` (32: NVIDIA's warps; 64: AMD CDNA's waves) and ``families`` (by default
    ``FAMILIES[lanes]``; ``RDNA_FAMILIES`` with 32 lanes for RDNA's waves)."""
    rng = random.Random(seed)
    pairs: list[ConversionPair] = []
    while len(pairs) < count:
        try:
            src, dst, shape, element, warps = _draw(rng, lanes, families)
            moves = not reorders_registers(src.to_linear_layout(shape), dst.to_linear_layout(shape))
        except (EncodingError, LinearLayoutError):
            continue
        if not moves:
            continue
        dims = "x".join(map(str, shape))
        name = f"r{len(pairs):03d}_{_family(src)}_to_{_family(dst)}_{dims}_{element}_w{warps}"
        pairs.append(ConversionPair(name, encoding_text(src), encoding_text(dst), tuple(shape), element, warps, lanes))
    return pairs


def main() -> None:
    """Print the pairs as JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=150, help="how many pairs")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the draw")
    parser.add_argument("--lanes", type=int, choices=sorted(FAMILIES), default=32, help="lanes per warp")
    args = parser.parse_args()
    for pair in random_pairs(args.pairs, args.seed, args.lanes):
        sys.stdout.write(json.dumps(pair.as_row()) + "\n")


if __name__ == "__main__":
    main()
