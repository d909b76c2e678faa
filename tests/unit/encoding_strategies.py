"""Hypothesis strategies for random valid encodings of every family, shared by the tests."""

from __future__ import annotations

from hypothesis import strategies as st

from layoutdialect import (
    AmdMfmaEncoding,
    AMDRotatingSharedEncoding,
    AmdWmmaEncoding,
    BlockedEncoding,
    CGALayout,
    DotOperandEncoding,
    GenericLinearEncoding,
    LinearEncoding,
    LinearLayout,
    NvidiaMmaEncoding,
    NVMMASharedEncoding,
    PaddedSharedEncoding,
    PartitionedSharedEncoding,
    SharedEncoding,
    SharedLinearEncoding,
    SliceEncoding,
    SwizzledSharedEncoding,
    standard_out_dim_names,
)

powers = st.sampled_from([1, 2, 4, 8])


@st.composite
def permutation_bases(draw: st.DrawFn, rank: int, max_bits: int = 3) -> list[tuple[int, ...]]:
    """Unit bases that fill 1, 2, 4, ... per dim (a permutation matrix), shuffled, plus some zeros."""
    bases = [
        tuple(1 << bit if d == dim else 0 for d in range(rank))
        for dim in range(rank)
        for bit in range(draw(st.integers(0, max_bits)))
    ]
    bases += [(0,) * rank] * draw(st.integers(0, 1))
    return list(draw(st.permutations(bases)))


@st.composite
def cgas(draw: st.DrawFn, rank: int) -> CGALayout:
    return CGALayout(tuple(draw(permutation_bases(rank, max_bits=1))), rank)


@st.composite
def blocked(draw: st.DrawFn, rank: int | None = None) -> BlockedEncoding:
    rank = draw(st.integers(1, 3)) if rank is None else rank
    arrays = [tuple(draw(powers) for _ in range(rank)) for _ in range(3)]
    order = tuple(draw(st.permutations(list(range(rank)))))
    return BlockedEncoding(*arrays, order, draw(cgas(rank)))


@st.composite
def nvidia_mma(draw: st.DrawFn) -> NvidiaMmaEncoding:
    major = draw(st.sampled_from([2, 3]))
    instr = (16, 8) if major == 2 else (16, draw(st.sampled_from([8, 64, 256])), 16)
    return NvidiaMmaEncoding(major, draw(st.integers(0, 1)), (draw(powers), draw(powers)), draw(cgas(2)), instr)


@st.composite
def amd_mfma(draw: st.DrawFn) -> AmdMfmaEncoding:
    m, n = draw(st.sampled_from([(32, 32), (16, 16), (4, 64)]))
    return AmdMfmaEncoding(
        draw(st.integers(0, 4)),
        (draw(powers), draw(powers)),
        (m, n, draw(st.sampled_from([4, 8, 16]))),
        draw(st.booleans()),
        draw(cgas(2)),
        (draw(powers), draw(powers)),
        draw(st.sampled_from([32, 64])),
    )


@st.composite
def amd_wmma(draw: st.DrawFn) -> AmdWmmaEncoding:
    version = draw(st.sampled_from([1, 2, 3]))
    shapes = {1: [(16, 16, 16)], 2: [(16, 16, 16), (16, 16, 32)], 3: [(16, 16, 32), (32, 16, 64)]}
    instr = draw(st.sampled_from(shapes[version]))
    tiles = draw(permutation_bases(2, max_bits=2))
    cut = draw(st.integers(0, len(tiles)))
    register, warp = tuple(tiles[:cut]), tuple(tiles[cut:])
    return AmdWmmaEncoding(version, draw(st.booleans()), register, warp, draw(cgas(2)), instr)


@st.composite
def dot_operands(draw: st.DrawFn) -> DotOperandEncoding:
    parent = draw(st.one_of(blocked(2), nvidia_mma(), amd_mfma(), amd_wmma()))
    op_idx = 0 if isinstance(parent, NvidiaMmaEncoding) and parent.is_hopper else draw(st.integers(0, 1))
    if isinstance(parent, BlockedEncoding):
        k_width = 0
    elif isinstance(parent, AmdWmmaEncoding) and parent.version < 3:
        k_width = 8
    else:
        k_width = draw(st.sampled_from([1, 2, 4, 8]))
    return DotOperandEncoding(op_idx, parent, k_width)


@st.composite
def slices(draw: st.DrawFn) -> SliceEncoding:
    """A slice of any family with a dim to spare (a slice of a slice too)."""
    parents = st.one_of(
        blocked(draw(st.integers(2, 3))),
        nvidia_mma(),
        amd_mfma(),
        amd_wmma(),
        linear_layouts(DISTRIBUTED).map(LinearEncoding),
        blocked(3).map(lambda parent: SliceEncoding(0, parent)),
    )
    parent = draw(parents.filter(lambda encoding: encoding.rank >= 2))
    return SliceEncoding(draw(st.integers(0, parent.rank - 1)), parent)


@st.composite
def linear_layouts(draw: st.DrawFn, in_dims: tuple[str, ...]) -> LinearLayout:
    rank = draw(st.integers(1, 3))
    columns = draw(permutation_bases(rank))
    if not any(any(c) for c in columns):
        columns.append(tuple(1 if d == 0 else 0 for d in range(rank)))
    cuts = sorted(draw(st.lists(st.integers(0, len(columns)), min_size=len(in_dims) - 1, max_size=len(in_dims) - 1)))
    bounds = [0, *cuts, len(columns)]
    bases = [(name, [list(c) for c in columns[a:b]]) for name, a, b in zip(in_dims, bounds, bounds[1:])]
    return LinearLayout.from_bases(bases, standard_out_dim_names(rank))


DISTRIBUTED = ("register", "lane", "warp", "block")
distributed = st.one_of(
    blocked(),
    nvidia_mma(),
    amd_mfma(),
    amd_wmma(),
    dot_operands(),
    slices(),
    linear_layouts(DISTRIBUTED).map(LinearEncoding),
    linear_layouts(DISTRIBUTED).map(GenericLinearEncoding),
)


@st.composite
def phased(draw: st.DrawFn, cls: type[SwizzledSharedEncoding] | type[AMDRotatingSharedEncoding]) -> SharedEncoding:
    rank = draw(st.integers(1, 3))
    order = tuple(draw(st.permutations(list(range(rank)))))
    return cls(draw(powers), draw(powers), draw(powers), order, draw(cgas(rank)))


@st.composite
def nvmma(draw: st.DrawFn) -> NVMMASharedEncoding:
    rank = draw(st.integers(1, 4))
    return NVMMASharedEncoding(
        draw(st.sampled_from([0, 32, 64, 128])),
        draw(st.booleans()),
        draw(st.sampled_from([8, 16, 32])),
        draw(cgas(rank)),
        draw(st.booleans()),
    )


@st.composite
def padded(draw: st.DrawFn) -> PaddedSharedEncoding:
    intervals = tuple(draw(st.lists(st.sampled_from([16, 32, 64, 512]), min_size=1, max_size=3, unique=True)))
    paddings = tuple(draw(powers) for _ in intervals)
    if draw(st.booleans()):
        rank = draw(st.integers(1, 3))
        order = draw(st.permutations(list(range(rank))))
        return PaddedSharedEncoding.from_order(intervals, paddings, order, [draw(powers) for _ in range(rank)])
    layout = draw(linear_layouts(("offset", "block")).filter(lambda ll: ll.is_invertible()))
    return PaddedSharedEncoding(intervals, paddings, layout)


shared = st.one_of(
    phased(SwizzledSharedEncoding),
    phased(AMDRotatingSharedEncoding),
    nvmma(),
    st.builds(SharedLinearEncoding, linear_layouts(("offset", "block")), powers),
    padded(),
)
partitioned = shared.flatmap(
    lambda inner: st.builds(
        PartitionedSharedEncoding,
        st.sampled_from([2, 4]),
        st.integers(1, 4),
        st.integers(0, inner.rank - 1),
        st.just(inner),
    )
)
