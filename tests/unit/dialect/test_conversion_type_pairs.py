"""``is_identity_conversion`` and ``is_trivial_conversion`` answer from a memo per pair
of type objects; each answer must be the one computed afresh from the types.

Every conversion of the FileCheck inputs is asked twice (the second answer comes from
the memo), and two conversions between equal but distinct type objects must get the
answers of equal types."""

from __future__ import annotations

import pytest
from filecheck_inputs import filecheck_chunks

from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module
from layoutdialect.dialect.ttg.canonicalization import (
    is_identity_conversion,
    is_trivial_conversion,
    moves_no_element,
)
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.encodings import EncodingError


def holds_a_conversion(chunk: str) -> bool:
    return any("ttg.convert_layout" in line and not line.lstrip().startswith("//") for line in chunk.splitlines())


CHUNKS = [chunk for chunk in filecheck_chunks(error_cases=False) if holds_a_conversion(chunk.values[0])]


@pytest.mark.parametrize("chunk", CHUNKS)
def test_remembered_answers_are_the_answers(chunk: str) -> None:
    module = parse_module(chunk, "input.mlir", make_context(allow_unregistered=True))
    conversions = [op for op in module.walk() if isinstance(op, ConvertLayoutOp)]
    assert conversions
    for op in conversions * 2:
        src, dst = op.src.type, op.result.type
        assert is_identity_conversion(op) == (src == dst)
        try:
            expected = moves_no_element(src, dst)
        except EncodingError:
            with pytest.raises(EncodingError):
                is_trivial_conversion(op)
            continue
        assert is_trivial_conversion(op) == expected


BLOCKED = "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"
RENAMED = "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"
WIDER = "#ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"
SLICED = (
    "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], "
    "warpsPerCTA = [4, 1], order = [0, 1]}>}>"
)


def conversion(src: str, dst: str) -> ConvertLayoutOp:
    text = (
        'module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {\n'
        f"  tt.func @f(%x: tensor<128xf32, {src}>) {{\n"
        f"    %y = ttg.convert_layout %x : tensor<128xf32, {src}> -> tensor<128xf32, {dst}>\n"
        "    tt.return\n  }\n}\n"
    )
    module = parse_module(text, "input.mlir", make_context())
    (op,) = [op for op in module.walk() if isinstance(op, ConvertLayoutOp)]
    return op


@pytest.mark.parametrize(
    ("src", "dst", "identity", "trivial"),
    [
        pytest.param(BLOCKED, RENAMED, True, True, id="equal-types"),
        pytest.param(BLOCKED, SLICED, False, True, id="equal-layouts"),
        pytest.param(BLOCKED, WIDER, False, False, id="moves-elements"),
    ],
)
def test_each_kind_of_conversion(src: str, dst: str, identity: bool, trivial: bool) -> None:
    """Each module parses its own type objects, so every pair is asked from scratch and
    then from the memo."""
    for _ in range(2):
        op = conversion(src, dst)
        assert (is_identity_conversion(op), is_trivial_conversion(op)) == (identity, trivial)
