"""The parameters of ``#ttg.dot_op``: ``opIdx`` and ``kWidth`` read as MLIR reads a C++
``unsigned`` (``AsmParser::parseInteger<unsigned>``), then Triton's rule for ``kWidth``
under each parent layout, with Triton's messages.  Triton 3.9 bounds ``kWidth`` by
nothing but the ``unsigned`` it is read into: 65536 and 2**32 - 1 verify under an MMA
parent (its layout only fails, or crashes Triton, where a tensor's layout is asked)."""

from __future__ import annotations

import re

import pytest

from layoutdialect import IRError, parse_module, print_module
from layoutdialect.dialect.registry import make_context

PARENTS = {
    "blocked": "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>",
    "mma_v2": "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>",
    "mma_v3": "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>",
    "mfma_v4": "#ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [16, 16, 32], isTransposed = true}>",
    "wmma_v1": "#ttg.amd_wmma<{version = 1, isTranspose = false, ctaLayout = {warp = [[1, 0], [0, 1]]}}>",
    "wmma_v2": "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[1, 0], [0, 1]]}}>",
    "wmma_v3": (
        "#ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {warp = [[1, 0], [0, 1]]}, "
        "instrShape = [16, 16, 32]}>"
    ),
    "slice": (
        "#ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [8, 4, 1], "
        "warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>}>"
    ),
}

BLOCKED = "ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout"
MMA = "ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent"
HOPPER_B = (
    "ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only allows first operand to "
    "be in registers"
)
MFMA = "ttg.dot_op kWidth parameter is mandatory for MFMA parent"
WMMA_V1 = "ttg.dot_op kWidth parameter must be 8/16 for WMMA v1 (including packed cases for `scaled_dot`)"
WMMA_V2 = "ttg.dot_op kWidth parameter must be 4/8/16 for WMMA v2 (including packed cases for `scaled_dot`)"
WMMA_V3 = "ttg.dot_op kWidth parameter is mandatory for WMMA v3 "
UNEXPECTED = "ttg.dot_op unexpected parent layout: " + PARENTS["slice"]
TOO_LARGE = "integer value too large"

# Triton 3.9's verdicts (its wheel's parser and verifier) on
# `#d = #ttg.dot_op<{opIdx = OP, parent = PARENT, kWidth = K}>` for a tensor<64x64xf16, #d>
# argument: the kWidth it printed back (0: none), or its error.  None: no kWidth key.
VERDICTS: list[tuple[str, int, str | None, int | str]] = [
    ("blocked", 0, None, 0),
    ("blocked", 0, "0", 0),
    ("blocked", 0, "1", BLOCKED),
    ("blocked", 0, "3", BLOCKED),
    ("blocked", 0, "16", BLOCKED),
    ("blocked", 0, "65536", BLOCKED),
    ("blocked", 0, "4294967295", BLOCKED),
    ("blocked", 0, "4294967296", TOO_LARGE),
    ("blocked", 0, "-1", BLOCKED),
    ("blocked", 1, None, 0),
    ("blocked", 1, "0", 0),
    ("blocked", 1, "1", BLOCKED),
    ("blocked", 1, "3", BLOCKED),
    ("blocked", 1, "16", BLOCKED),
    ("blocked", 1, "65536", BLOCKED),
    ("blocked", 1, "4294967295", BLOCKED),
    ("blocked", 1, "4294967296", TOO_LARGE),
    ("blocked", 1, "-1", BLOCKED),
    ("mma_v2", 0, None, MMA),
    ("mma_v2", 0, "0", MMA),
    ("mma_v2", 0, "1", 1),
    ("mma_v2", 0, "3", 3),
    ("mma_v2", 0, "16", 16),
    ("mma_v2", 0, "65536", 65536),
    ("mma_v2", 0, "4294967295", 4294967295),
    ("mma_v2", 0, "4294967296", TOO_LARGE),
    ("mma_v2", 0, "-1", 4294967295),
    ("mma_v3", 0, None, MMA),
    ("mma_v3", 0, "0", MMA),
    ("mma_v3", 0, "1", 1),
    ("mma_v3", 0, "3", 3),
    ("mma_v3", 0, "16", 16),
    ("mma_v3", 0, "65536", 65536),
    ("mma_v3", 0, "4294967295", 4294967295),
    ("mma_v3", 0, "4294967296", TOO_LARGE),
    ("mma_v3", 0, "-1", 4294967295),
    ("mma_v3", 1, None, MMA),
    ("mma_v3", 1, "0", MMA),
    ("mma_v3", 1, "1", HOPPER_B),
    ("mma_v3", 1, "3", HOPPER_B),
    ("mma_v3", 1, "16", HOPPER_B),
    ("mma_v3", 1, "65536", HOPPER_B),
    ("mma_v3", 1, "4294967295", HOPPER_B),
    ("mma_v3", 1, "4294967296", TOO_LARGE),
    ("mma_v3", 1, "-1", HOPPER_B),
    ("mfma_v4", 0, None, MFMA),
    ("mfma_v4", 0, "0", MFMA),
    ("mfma_v4", 0, "1", 1),
    ("mfma_v4", 0, "3", 3),
    ("mfma_v4", 0, "16", 16),
    ("mfma_v4", 0, "65536", 65536),
    ("mfma_v4", 0, "4294967295", 4294967295),
    ("mfma_v4", 0, "4294967296", TOO_LARGE),
    ("mfma_v4", 0, "-1", 4294967295),
    ("wmma_v1", 0, None, WMMA_V1),
    ("wmma_v1", 0, "0", WMMA_V1),
    ("wmma_v1", 0, "1", WMMA_V1),
    ("wmma_v1", 0, "3", WMMA_V1),
    ("wmma_v1", 0, "16", 16),
    ("wmma_v1", 0, "65536", WMMA_V1),
    ("wmma_v1", 0, "4294967295", WMMA_V1),
    ("wmma_v1", 0, "4294967296", TOO_LARGE),
    ("wmma_v1", 0, "-1", WMMA_V1),
    ("wmma_v2", 0, None, WMMA_V2),
    ("wmma_v2", 0, "0", WMMA_V2),
    ("wmma_v2", 0, "1", WMMA_V2),
    ("wmma_v2", 0, "3", WMMA_V2),
    ("wmma_v2", 0, "16", 16),
    ("wmma_v2", 0, "65536", WMMA_V2),
    ("wmma_v2", 0, "4294967295", WMMA_V2),
    ("wmma_v2", 0, "4294967296", TOO_LARGE),
    ("wmma_v2", 0, "-1", WMMA_V2),
    ("wmma_v3", 0, None, WMMA_V3),
    ("wmma_v3", 0, "0", WMMA_V3),
    ("wmma_v3", 0, "1", 1),
    ("wmma_v3", 0, "3", 3),
    ("wmma_v3", 0, "16", 16),
    ("wmma_v3", 0, "65536", 65536),
    ("wmma_v3", 0, "4294967295", 4294967295),
    ("wmma_v3", 0, "4294967296", TOO_LARGE),
    ("wmma_v3", 0, "-1", 4294967295),
    ("slice", 0, None, UNEXPECTED),
    ("slice", 0, "0", UNEXPECTED),
    ("slice", 0, "1", UNEXPECTED),
    ("slice", 0, "3", UNEXPECTED),
    ("slice", 0, "16", UNEXPECTED),
    ("slice", 0, "65536", UNEXPECTED),
    ("slice", 0, "4294967295", UNEXPECTED),
    ("slice", 0, "4294967296", TOO_LARGE),
    ("slice", 0, "-1", UNEXPECTED),
]

# Triton 3.9's verdicts on literals of kWidth and opIdx under the Ampere MMA parent.
LITERALS: list[tuple[str, str, int | str]] = [
    ("0", "true", 4294967295),
    ("0", "false", MMA),
    ("0", "0x10", 16),
    ("0", "0xFFFFFFFF", 4294967295),
    ("0", "0x100000000", TOO_LARGE),
    ("0", "00000000004294967295", 4294967295),
    ("0", "-99999999", 4194967297),
    ("0", "-00000001", 4294967295),
    ("0", "-0x1", 4294967295),
    ("0", "-100000000", TOO_LARGE),
    ("0", "-2147483647", TOO_LARGE),
    ("0", "-0xFFFFFFFF", TOO_LARGE),
    ("0", "2.0", "expected integer value"),
    ("-1", "2", "ttg.dot_op opIdx parameter can be 0 or 1, got: 4294967295"),
    ("true", "2", "ttg.dot_op opIdx parameter can be 0 or 1, got: 4294967295"),
    ("4294967296", "2", TOO_LARGE),
]


def kernel(parent: str, body: str) -> str:
    return (
        f"#p = {parent}\n#d = #ttg.dot_op<{{{body}}}>\n"
        'module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {\n'
        "  tt.func @f(%a: tensor<64x64xf16, #d>) {\n    tt.return\n  }\n}\n"
    )


def verdict(text: str) -> int | str:
    """The kWidth the module prints back (0 when none), or its error."""
    try:
        printed = print_module(parse_module(text, "d.mlir", make_context()))
    except IRError as error:
        return error.message
    found = re.search(r"kWidth = (\d+)", printed)
    return int(found.group(1)) if found else 0


@pytest.mark.parametrize(("parent", "op_idx", "k_width", "expected"), VERDICTS)
def test_each_parent_bounds_kwidth_as_triton_does(
    parent: str, op_idx: int, k_width: str | None, expected: int | str
) -> None:
    body = f"opIdx = {op_idx}, parent = #p" + ("" if k_width is None else f", kWidth = {k_width}")
    assert verdict(kernel(PARENTS[parent], body)) == expected


@pytest.mark.parametrize(("op_idx", "k_width", "expected"), LITERALS)
def test_unsigned_parameters_read_as_mlir_reads_them(op_idx: str, k_width: str, expected: int | str) -> None:
    body = f"opIdx = {op_idx}, parent = #p, kWidth = {k_width}"
    assert verdict(kernel(PARENTS["mma_v2"], body)) == expected
