"""The CGA spellings of Triton before 3.5 and of articles: ``CTAsPerCGA``/``CTASplitNum``/
``CTAOrder`` read as those versions meant them and printed as ``CGALayout``, with a remark;
inconsistent legacy keys, ``CTALayout`` and the retired attribute names are located errors
that show the modern spelling; unknown keys are errors or remarks as Triton 3.9 has them."""

from __future__ import annotations

import pytest
from xdsl.parser import Parser

from layoutdialect import CGALayout, EncodingAttr, IRError, make_context, parse_module, print_module
from layoutdialect.dialect.text import LocatingParser

LEGACY_2_CTAS = "CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]"
"""Two CTAs, each holding half of dim0: ``CGALayout = [[1, 0]]``."""

REMARK_2_CTAS = "remark: read the legacy CTAsPerCGA/CTASplitNum/CTAOrder as CGALayout = [[1, 0]]"

BLOCKED = "sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]"
WMMA_CTA = "ctaLayout = {warp = [[0, 1], [1, 0]]}"

# (legacy text, modern text, a shape): every family that wrote the legacy keys.
FAMILIES = [
    (
        f"#ttg.blocked<{{{BLOCKED}, {LEGACY_2_CTAS}}}>",
        f"#ttg.blocked<{{{BLOCKED}, CGALayout = [[1, 0]]}}>",
        [128, 64],
    ),
    (
        f"#ttg.nvidia_mma<{{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], {LEGACY_2_CTAS}, "
        "instrShape = [16, 8]}>",
        "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[1, 0]], "
        "instrShape = [16, 8]}>",
        [128, 64],
    ),
    (
        f"#ttg.nvidia_mma<{{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], {LEGACY_2_CTAS}, "
        "instrShape = [16, 64, 16]}>",
        "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[1, 0]], "
        "instrShape = [16, 64, 16]}>",
        [128, 64],
    ),
    (
        f"#ttg.amd_mfma<{{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false, "
        f"{LEGACY_2_CTAS}}}>",
        "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false, "
        "CGALayout = [[1, 0]]}>",
        [128, 64],
    ),
    (
        f"#ttg.amd_wmma<{{version = 2, isTranspose = true, {WMMA_CTA}, {LEGACY_2_CTAS}}}>",
        f"#ttg.amd_wmma<{{version = 2, isTranspose = true, {WMMA_CTA}, CGALayout = [[1, 0]]}}>",
        [64, 64],
    ),
    (
        f"#ttg.swizzled_shared<{{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], {LEGACY_2_CTAS}}}>",
        "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[1, 0]]}>",
        [128, 64],
    ),
    (
        f"#ttg.amd_rotating_shared<{{vec = 4, perPhase = 2, maxPhase = 8, order = [1, 0], {LEGACY_2_CTAS}}}>",
        "#ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [1, 0], CGALayout = [[1, 0]]}>",
        [128, 64],
    ),
    (
        f"#ttg.nvmma_shared<{{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, {LEGACY_2_CTAS}}}>",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>",
        [128, 64],
    ),
]


def _read(text: str, filename: str = "attr.mlir") -> tuple[EncodingAttr, list[str]]:
    """The attribute ``text`` spells, and the remarks made reading it."""
    parser = LocatingParser(make_context(), text, filename)
    attribute = parser.parse_attribute()
    assert isinstance(attribute, EncodingAttr)
    return attribute, parser.remarks


def _error(text: str) -> IRError:
    with pytest.raises(IRError) as caught:
        parse_module(text, "legacy.mlir")
    return caught.value


@pytest.mark.parametrize(("legacy", "modern", "shape"), FAMILIES)
def test_a_legacy_cga_means_what_its_cga_layout_means(legacy: str, modern: str, shape: list[int]) -> None:
    read, remarks = _read(legacy)
    expected, none = _read(modern)
    assert read.to_linear_layout(shape) == expected.to_linear_layout(shape)
    assert read == expected
    assert str(read) == modern
    assert [remark.split(": ", 1)[1] for remark in remarks] == [REMARK_2_CTAS]
    assert none == []


@pytest.mark.parametrize(
    ("legacy", "bases"),
    [
        ("CTAsPerCGA = [2, 2], CTASplitNum = [2, 1], CTAOrder = [1, 0]", ((0, 0), (1, 0))),
        ("CTAsPerCGA = [2, 4], CTASplitNum = [2, 2], CTAOrder = [0, 1]", ((1, 0), (0, 1), (0, 0))),
        ("CTAsPerCGA = [1, 4], CTASplitNum = [1, 4], CTAOrder = [1, 0]", ((0, 1), (0, 2))),
        ("CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [0, 1]", ()),
    ],
)
def test_split_dims_are_taken_in_cta_order_with_copies_after_each(legacy: str, bases: tuple[tuple[int, ...]]) -> None:
    """For each dim in ``CTAOrder`` (minor first): one block basis per split bit, then a zero
    basis per bit of the CTAs that hold copies (``CTAsPerCGA / CTASplitNum``)."""
    read, remarks = _read(f"#ttg.blocked<{{{BLOCKED}, {legacy}}}>")
    assert read.data.cga == CGALayout(bases, 2)
    meaning = "one CTA (no CGALayout)" if not bases else "CGALayout = " + str([list(b) for b in bases])
    assert remarks[0].endswith(f"remark: read the legacy CTAsPerCGA/CTASplitNum/CTAOrder as {meaning}")


def test_one_legacy_cta_prints_no_cga_and_an_nvmma_rank_comes_from_the_keys() -> None:
    nvmma = "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16"
    read, remarks = _read(f"{nvmma}, CTAsPerCGA = [1, 1, 1], CTASplitNum = [1, 1, 1], CTAOrder = [2, 1, 0]}}>")
    assert str(read) == f"{nvmma}, rank = 3}}>"
    assert remarks[0].endswith("remark: read the legacy CTAsPerCGA/CTASplitNum/CTAOrder as one CTA (no CGALayout)")


def test_the_remark_is_located_at_the_first_legacy_key_once(capsys: pytest.CaptureFixture[str]) -> None:
    line = f"#blocked = #ttg.blocked<{{{BLOCKED}, {LEGACY_2_CTAS}}}>"
    text = (
        f"{line}\n"
        'module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 2 : i32} {\n'
        '  %0 = "test.op"() : () -> tensor<128x64xf16, #blocked>\n'
        '  %1 = "test.op"() : () -> tensor<128x64xf16, #blocked>\n'
        "}\n"
    )
    module = parse_module(text, "kernel.mlir", line_offset=10)
    column = line.index("CTAsPerCGA") + 1
    assert capsys.readouterr().err == f"kernel.mlir:11:{column}: {REMARK_2_CTAS}\n"
    printed = print_module(module)
    assert f"#blocked = #ttg.blocked<{{{BLOCKED}, CGALayout = [[1, 0]]}}>" in printed
    assert "CTAsPerCGA" not in printed
    parse_module(printed)
    assert capsys.readouterr().err == ""


def test_a_parser_without_remarks_prints_them_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    text = f"#ttg.blocked<{{{BLOCKED}, {LEGACY_2_CTAS}}}>"
    attribute = Parser(make_context(), text, "plain.mlir").parse_attribute()
    assert "CGALayout = [[1, 0]]" in str(attribute)
    assert capsys.readouterr().err == f"plain.mlir:1:{text.index('CTAsPerCGA') + 1}: {REMARK_2_CTAS}\n"


def _module(encoding: str) -> str:
    return f'#e = {encoding}\nmodule attributes {{"ttg.num-warps" = 4 : i32}} {{\n}}\n'


@pytest.mark.parametrize(
    ("keys", "at", "message"),
    [
        (
            "CTAsPerCGA = [2, 1]",
            "CTAsPerCGA",
            "the legacy CTAsPerCGA, CTASplitNum and CTAOrder go together: CTAsPerCGA without CTASplitNum and CTAOrder",
        ),
        (
            "CTAOrder = [1, 0], CTASplitNum = [2, 1]",
            "CTAOrder",
            "the legacy CTAsPerCGA, CTASplitNum and CTAOrder go together: CTASplitNum and CTAOrder without CTAsPerCGA",
        ),
        (
            "CTAsPerCGA = [2, 1, 1], CTASplitNum = [2, 1, 1], CTAOrder = [2, 1, 0]",
            "CTAsPerCGA",
            "CTAsPerCGA is [2, 1, 1], but the layout has rank 2",
        ),
        (
            "CTAsPerCGA = [2, 1], CTASplitNum = [2], CTAOrder = [1, 0]",
            "CTASplitNum",
            "CTASplitNum is [2], but the layout has rank 2",
        ),
        (
            "CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [0, 0]",
            "CTAOrder",
            "CTAOrder must be a permutation of 0..1, but was [0, 0]",
        ),
        (
            "CTAsPerCGA = [6, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]",
            "CTAsPerCGA",
            "every element of CTAsPerCGA must be a power of two, but it is [6, 1]",
        ),
        (
            "CTAsPerCGA = [0, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]",
            "CTAsPerCGA",
            "every element of CTAsPerCGA must be a power of two, but it is [0, 1]",
        ),
        (
            "CTAsPerCGA = [4, 1], CTASplitNum = [3, 1], CTAOrder = [1, 0]",
            "CTASplitNum",
            "every element of CTASplitNum must be a power of two, but it is [3, 1]",
        ),
        (
            "CTAsPerCGA = [2, 1], CTASplitNum = [4, 1], CTAOrder = [1, 0]",
            "CTASplitNum",
            "CTASplitNum[0] = 4 is more than CTAsPerCGA[0] = 2",
        ),
        (
            f"CGALayout = [[1, 0]], {LEGACY_2_CTAS}",
            "CTAsPerCGA",
            "CGALayout and the legacy CTAsPerCGA cannot be given together; keep only CGALayout",
        ),
    ],
)
def test_inconsistent_legacy_keys_are_errors_at_the_key(keys: str, at: str, message: str) -> None:
    text = _module(f"#ttg.blocked<{{{BLOCKED}, {keys}}}>")
    error = _error(text)
    assert error.message == message
    assert (error.location.line, error.location.column) == (1, text.index(at) + 1)


@pytest.mark.parametrize(
    "encoding",
    [
        "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8], KEYS}>",
        "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false, KEYS}>",
        f"#ttg.amd_wmma<{{version = 2, isTranspose = true, {WMMA_CTA}, KEYS}}>",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, KEYS}>",
        "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], KEYS}>",
        "#ttg.amd_rotating_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], KEYS}>",
    ],
)
def test_every_legacy_family_checks_its_keys(encoding: str) -> None:
    text = _module(encoding.replace("KEYS", "CTAsPerCGA = [2, 1], CTAOrder = [1, 0]"))
    error = _error(text)
    assert error.message.startswith("the legacy CTAsPerCGA, CTASplitNum and CTAOrder go together")
    assert error.location.column == text.index("CTAsPerCGA") + 1


CTA_LAYOUT_MESSAGE = (
    "CTALayout is not a key of a ttg encoding: CTA layouts are now the CGALayout key of each encoding, the bases "
    "of its block -> dims map: CGALayout = [[1, 0]] splits dim0 over 2 CTAs (CTAsPerCGA = [2, 1], "
    "CTASplitNum = [2, 1], CTAOrder = [1, 0] in Triton before 3.5), and no CGALayout key means one CTA"
)


@pytest.mark.parametrize(
    "encoding",
    [
        f"#ttg.blocked<{{{BLOCKED}, CTALayout = #ttg.cta_layout<{{{LEGACY_2_CTAS}}}>}}>",
        "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8], "
        "CTALayout = 1}>",
        f"#ttg.slice<{{dim = 1, parent = #ttg.blocked<{{{BLOCKED}}}>, CTALayout = 1}}>",
        "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], CTALayout = 1}>",
        "#ttg.linear<{register = [[0, 1]], lane = [], warp = [], block = [], CTALayout = 1}>",
    ],
)
def test_a_cta_layout_key_is_an_error_that_shows_the_cga_layout_key(encoding: str) -> None:
    text = _module(encoding)
    error = _error(text)
    assert error.message == CTA_LAYOUT_MESSAGE
    assert (error.location.line, error.location.column) == (1, text.index("CTALayout") + 1)


def test_retired_attribute_names_are_errors_that_show_the_modern_spelling() -> None:
    text = _module(f"#ttg.blocked_layout<{{{BLOCKED}}}>")
    error = _error(text)
    assert error.message == (
        "#ttg.blocked_layout is not a ttg attribute: did you mean #ttg.blocked<{...}>, with the same keys?"
    )
    assert (error.location.line, error.location.column) == (1, 6)

    text = _module(f"#ttg.cta_layout<{{{LEGACY_2_CTAS}}}>")
    error = _error(text)
    assert error.message.startswith(
        "#ttg.cta_layout is not a ttg attribute: CTA layouts are now the CGALayout key of each encoding "
        "(#ttg.blocked<{..., CGALayout = [[1, 0]]}>), the bases of its block -> dims map: CGALayout = [[1, 0]]"
    )
    assert (error.location.line, error.location.column) == (1, 6)


def test_padded_shared_has_no_legacy_keys() -> None:
    text = _module("#ttg.padded_shared<[16:+4] {order = [1, 0], shape = [16, 256], CTAsPerCGA = [1, 1]}>")
    error = _error(text)
    assert error.message == (
        "#ttg.padded_shared has no CTAsPerCGA key: write its CTAs as the block bases of its linear form, "
        "{offset = [[..]], block = [[..]]}"
    )
    assert error.location.column == text.index("CTAsPerCGA") + 1


# Triton 3.9 refuses the keys it does not know on these encodings ...
REFUSING = [
    f"#ttg.blocked<{{{BLOCKED}, foo = 1}}>",
    "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], foo = 1}>",
    "#ttg.amd_rotating_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], foo = 1}>",
    "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, foo = 1}>",
    f"#ttg.dot_op<{{opIdx = 0, parent = #ttg.blocked<{{{BLOCKED}}}>, foo = 1}}>",
    "#ttg.padded_shared<[16:+4] {order = [1, 0], shape = [16, 256], foo = 1}>",
]
# ... and ignores them on these.
IGNORING = [
    "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], foo = 1, instrShape = [16, 8]}>",
    "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false, foo = 1}>",
    f"#ttg.amd_wmma<{{version = 2, isTranspose = true, {WMMA_CTA}, foo = 1}}>",
    f"#ttg.slice<{{dim = 1, parent = #ttg.blocked<{{{BLOCKED}}}>, foo = 1}}>",
    "#ttg.linear<{register = [[0, 1]], lane = [], warp = [], block = [], foo = 1}>",
    "#ttg.generic_linear<{register = [[0, 1]], lane = [], warp = [], block = [], foo = 1}>",
]


@pytest.mark.parametrize("encoding", REFUSING)
def test_unknown_keys_are_errors_where_triton_refuses_them(encoding: str) -> None:
    text = _module(encoding)
    error = _error(text)
    assert error.message == "unexpected key: foo"
    assert error.location.column == text.index("foo") + 1


@pytest.mark.parametrize("encoding", IGNORING)
def test_unknown_keys_are_ignored_with_a_remark_where_triton_ignores_them(encoding: str) -> None:
    read, remarks = _read(encoding)
    assert str(read) == encoding.replace(", foo = 1", "")
    name = encoding[1 : encoding.index("<")]
    column = encoding.index("foo") + 1
    assert remarks == [f"attr.mlir:1:{column}: remark: ignored the unknown key 'foo', as Triton 3.9 does on #{name}"]


def test_a_slice_ignores_legacy_keys_with_a_remark_its_ctas_are_its_parents() -> None:
    read, remarks = _read(f"#ttg.slice<{{dim = 1, parent = #ttg.blocked<{{{BLOCKED}}}>, CTAsPerCGA = [2]}}>")
    assert read.data.parent.cga.is_single
    assert remarks[0].endswith("remark: ignored the unknown key 'CTAsPerCGA', as Triton 3.9 does on #ttg.slice")
