"""``to_linear_layout`` gives Triton 3.9's bases, bit for bit, on its reference layouts.

Each case is read from its TTGIR type text with this package's own parser, so the
test also checks that the text means what Triton says it means.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from xdsl.dialects.builtin import TensorType
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError

from layoutdialect import CGALayout, EncodingAttr, LinearLayout, MemDescType, make_context
from layoutdialect.encodings import (
    BlockedEncoding,
    DistributedEncoding,
    Encoding,
    EncodingError,
    PaddedSharedEncoding,
    contiguity_per_thread,
    elements_per_thread,
    order,
    threads_per_warp,
    to_linear_layout,
    warps_per_cta,
)

_spec = importlib.util.spec_from_file_location("reference_layouts", Path(__file__).with_name("reference_layouts.py"))
assert _spec is not None and _spec.loader is not None
_references = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_references)
REFERENCE_LAYOUTS = _references.REFERENCE_LAYOUTS

CTX = make_context()


def encoding_and_shape(type_text: str) -> tuple[Encoding, list[int]]:
    parsed = Parser(CTX, type_text).parse_type()
    if isinstance(parsed, MemDescType):
        return parsed.encoding.data, list(parsed.alloc_shape[-len(parsed.shape) :])
    assert isinstance(parsed, TensorType) and isinstance(parsed.encoding, EncodingAttr)
    return parsed.encoding.data, list(parsed.get_shape())


@pytest.mark.parametrize(("name", "type_text", "bases"), REFERENCE_LAYOUTS, ids=[case[0] for case in REFERENCE_LAYOUTS])
def test_reference_layout(name: str, type_text: str, bases: dict[str, list[list[int]]]) -> None:
    encoding, shape = encoding_and_shape(type_text)
    layout = to_linear_layout(encoding, shape)
    assert layout.bases == list(bases.items())
    assert layout.out_dims == [(f"dim{d}", size) for d, size in enumerate(shape)]
    assert encoding.to_linear_layout(shape) == layout


UNIT_TEST_CASES = [
    (
        "MMAv2_16x16",
        "tensor<16x16xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>",
        {"register": [[0, 1], [8, 0], [0, 8]], "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]},
    ),
    (
        "DotMMAv2_tile_kwidth8_A",
        "tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 8}>>",
        {"register": [[0, 1], [0, 2], [0, 4], [8, 0], [0, 32]], "lane": [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]]},
    ),
    (
        "DotMMAv2_tile_kwidth8_B",
        "tensor<64x8xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 8}>>",
        {"register": [[1, 0], [2, 0], [4, 0], [32, 0]], "lane": [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]]},
    ),
    (
        "DotMMAv3_warp4_kwidth2",
        "tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>>",
        {"register": [[0, 1], [8, 0], [0, 8], [0, 16], [64, 0]], "warp": [[16, 0], [32, 0]]},
    ),
    (
        "MFMA32_2x4Warps",
        "tensor<128x128xf32, #ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false}>>",
        {"register": [[1, 0], [2, 0], [8, 0], [16, 0], [64, 0]], "warp": [[0, 32], [0, 64], [32, 0]]},
    ),
    (
        "SliceOfMmaV2",
        "tensor<128xf16, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>}>>",
        {"register": [[8], [32], [64]], "lane": [[0], [0], [1], [2], [4]], "warp": [[0], [16]]},
    ),
    (
        "LeadingOffset_8x64_1_8",
        "!ttg.memdesc<8x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory>",
        {"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32]], "block": []},
    ),
    (
        "SharedSwizzled2D_PerPhaseMaxPhaseVec",
        "!ttg.memdesc<32x32xf16, #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>, #ttg.shared_memory>",
        {"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 2], [4, 4], [8, 0], [16, 0]]},
    ),
]


@pytest.mark.parametrize(("name", "type_text", "bases"), UNIT_TEST_CASES, ids=[case[0] for case in UNIT_TEST_CASES])
def test_triton_unit_test_expectations(name: str, type_text: str, bases: dict[str, list[list[int]]]) -> None:
    """Expectations of Triton's ``LinearLayoutConversionsTest``, in-dim by in-dim."""
    encoding, shape = encoding_and_shape(type_text)
    layout = dict(to_linear_layout(encoding, shape).bases)
    for in_dim, expected in bases.items():
        assert layout[in_dim] == expected, in_dim


def test_blocked_cga_broadcast() -> None:
    """Triton's ``CTABroadcast``: 2 CTAs split dim1."""
    blocked = BlockedEncoding((8, 1), (8, 4), (1, 4), (0, 1), CGALayout(((0, 1),), 2))
    assert blocked.to_linear_layout([64, 128]).bases == [
        ("register", [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]]),
        ("lane", [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]]),
        ("warp", [[0, 4], [0, 8]]),
        ("block", [[0, 64]]),
    ]


def test_blocked_cga_duplication() -> None:
    """Triton's ``CTADuplication``: the second CTA bit holds a copy."""
    blocked = BlockedEncoding((1,), (4,), (4,), (0,), CGALayout(((1,), (0,)), 1))
    assert blocked.to_linear_layout([32]).bases == [
        ("register", []),
        ("lane", [[1], [2]]),
        ("warp", [[4], [8]]),
        ("block", [[16], [0]]),
    ]


def test_cga_splits_before_ctas_broadcast() -> None:
    """A shape smaller than the CGA: the CTAs split it first, as in Triton's ``combineCtaCgaWithShape``."""
    blocked = BlockedEncoding((1,), (1,), (4,), (0,), CGALayout(((1,),), 1))
    assert blocked.to_linear_layout([4]).bases == [
        ("register", []),
        ("lane", []),
        ("warp", [[1], [0]]),
        ("block", [[2]]),
    ]


def layout_of(type_text: str) -> LinearLayout:
    encoding, shape = encoding_and_shape(type_text)
    return to_linear_layout(encoding, shape)


LINEAR_16X8 = (
    "#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>"
)


@pytest.mark.parametrize(
    ("shape", "registers", "lanes"),
    [
        ("8x8", [[0, 1]], [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]),
        ("16x4", [[0, 1], [8, 0]], [[0, 2], [0, 0], [1, 0], [2, 0], [4, 0]]),
        ("16x16", [[0, 1], [8, 0], [0, 8]], [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]),
    ],
)
def test_linear_layouts_drop_registers_rather_than_zero_them(
    shape: str, registers: list[list[int]], lanes: list[list[int]]
) -> None:
    """As in Triton, at a smaller shape a linear layout's registers past it are removed, not broadcast."""
    bases = dict(layout_of(f"tensor<{shape}xf16, {LINEAR_16X8}>").bases)
    assert bases["register"] == registers
    assert bases["lane"] == lanes


def test_nested_slices_remove_one_dim_each() -> None:
    blocked = "#ttg.blocked<{sizePerThread = [1, 2, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [2, 1, 2], order = [2, 1, 0]}>"
    inner = f"#ttg.slice<{{dim = 2, parent = {blocked}}}>"
    layout = layout_of(f"tensor<16xf16, #ttg.slice<{{dim = 1, parent = {inner}}}>>")
    assert layout.bases == [
        ("register", [[4], [8]]),
        ("lane", [[0], [0], [0], [0], [1]]),
        ("warp", [[0], [2]]),
        ("block", []),
    ]


def test_shared_linear_spans_exactly_its_shape() -> None:
    encoding_text = "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 2], [2, 1]]}, alignment = 16>"
    encoding, shape = encoding_and_shape(f"!ttg.memdesc<4x4xf16, {encoding_text}, #ttg.shared_memory>")
    assert to_linear_layout(encoding, shape).bases == [("offset", [[0, 1], [0, 2], [1, 2], [2, 1]]), ("block", [])]
    for other in ([4, 2], [4, 8]):
        with pytest.raises(EncodingError, match=rf"spans \[4, 4\], not the shape \[4, {other[1]}\]"):
            to_linear_layout(encoding, other)
    with pytest.raises(ParseError, match="Mismatch in expected shape for dimension 1. Expected: 2, got: 4"):
        layout_of(f"!ttg.memdesc<4x2xf16, {encoding_text}, #ttg.shared_memory>")


def test_padded_shared_has_no_linear_layout_but_a_linear_component() -> None:
    encoding, shape = encoding_and_shape(
        "!ttg.memdesc<16x32xf16, #ttg.padded_shared<[16:+4, 64:+8] {order = [1, 0], shape = [16, 32]}>, #ttg.shared_memory>"
    )
    with pytest.raises(EncodingError, match="padded_shared has no linear layout"):
        to_linear_layout(encoding, shape)
    assert isinstance(encoding, PaddedSharedEncoding)
    assert dict(encoding.linear_component.bases)["offset"][:6] == [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0]]
    assert [encoding.padded_offset(i) for i in (0, 15, 16, 63, 64, 100)] == [0, 15, 20, 75, 88, 132]


def test_partitioned_shared_picks_a_buffer_per_piece() -> None:
    inner = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"
    encoding = (
        f"#ttg.partitioned_shared<{{numPartitions = 2, numGroups = 2, partitionDim = 0, partitionLayout = {inner}}}>"
    )
    layout = layout_of(f"!ttg.memdesc<16x4xf16, {encoding}, #ttg.shared_memory>")
    assert layout.bases == [
        ("offset", [[0, 1], [0, 2], [1, 0], [2, 0], [8, 0]]),
        ("block", []),
        ("partition", [[4, 0]]),
    ]


def test_nvmma_shared_serves_the_buffers_of_a_pipeline() -> None:
    """A rank-2 nvmma layout on a 3-D buffer: the leading dim is never split and comes last."""
    encoding = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>"
    layout = layout_of(f"!ttg.memdesc<2x8x64xf16, {encoding}, #ttg.shared_memory, mutable>")
    reference = dict(REFERENCE_LAYOUTS_BY_NAME["X40"][1])
    assert layout.bases == [("offset", reference["offset"]), ("block", [])]


REFERENCE_LAYOUTS_BY_NAME = {name: (text, bases.items()) for name, text, bases in REFERENCE_LAYOUTS}


@pytest.mark.parametrize(
    ("encoding", "shape", "per_thread", "lanes", "warps", "contiguity"),
    [
        ("V2", [32, 32], [2, 4], [8, 4], [2, 2], [1, 2]),
        ("X4", [32, 32], [2, 8], [8, 4], [2, 1], [1, 4]),
        ("X23", [32, 16], [2, 16], [8, 1], [2, 1], [2, 16]),
        ("V1", [8, 4], [2, 2], [4, 2], [1, 1], [2, 2]),
    ],
)
def test_getters_read_the_layout(
    encoding: str, shape: list[int], per_thread: list[int], lanes: list[int], warps: list[int], contiguity: list[int]
) -> None:
    parsed, _ = encoding_and_shape(REFERENCE_LAYOUTS_BY_NAME[encoding][0])
    assert isinstance(parsed, DistributedEncoding)
    assert elements_per_thread(parsed, shape) == per_thread
    assert threads_per_warp(parsed, shape) == lanes
    assert warps_per_cta(parsed, shape) == warps
    assert contiguity_per_thread(parsed, shape) == contiguity
    assert order(parsed, shape) == [1, 0]


def test_unswizzled_transposed_nvmma_runs_down_dim0() -> None:
    """Since Triton 3.9 (PR 10453), a transposed box without swizzle is column-major."""
    encoding = "#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = true, elementBitWidth = 16}>"
    layout = layout_of(f"!ttg.memdesc<16x64xf16, {encoding}, #ttg.shared_memory>")
    columns = [[1 << i, 0] for i in range(4)] + [[0, 1 << i] for i in range(6)]
    assert layout.bases == [("offset", columns), ("block", [])]


@pytest.mark.parametrize(
    ("memdesc", "offsets"),
    [
        (  # rank 1: offsets run straight along the one dim
            "!ttg.memdesc<16xf16, #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [0]}>, #ttg.shared_memory>",
            [[1], [2], [4], [8]],
        ),
        (  # rank 3: dims past order[1] are plain identity, outermost last
            "!ttg.memdesc<2x4x8xf16, #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [2, 1, 0]}>, #ttg.shared_memory>",
            [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 1, 2], [0, 2, 4], [1, 0, 0]],
        ),
        (  # rotating: row r's phase is XOR-ed with (r / (perPhase * maxPhase)) % maxPhase
            "!ttg.memdesc<8x4xf16, #ttg.amd_rotating_shared<{vec = 1, perPhase = 1, maxPhase = 2, order = [1, 0]}>, #ttg.shared_memory>",
            [[0, 1], [0, 2], [1, 1], [2, 1], [4, 0]],
        ),
        (  # the same parameters without rotation
            "!ttg.memdesc<8x4xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 2, order = [1, 0]}>, #ttg.shared_memory>",
            [[0, 1], [0, 2], [1, 1], [2, 0], [4, 0]],
        ),
    ],
)
def test_swizzled_and_rotating_offsets(memdesc: str, offsets: list[list[int]]) -> None:
    assert layout_of(memdesc).bases == [("offset", offsets), ("block", [])]
