"""Every encoding family against Triton 3.9's own ``to_linear_layout``, bit for bit.

``triton_reference_layouts.json`` holds random (type, shape) cases drawn from the
encoding strategies, at shapes smaller than, equal to and larger than each tile, with
the bases Triton 3.9's binding returned for them (``bench/encoding_cases.py`` and
``bench/triton_encoding_oracle.py`` regenerate it).  Zero bases, dropped registers and
the order of every basis must match.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from xdsl.dialects.builtin import TensorType
from xdsl.parser import Parser

from layoutdialect import EncodingAttr, MemDescType, make_context
from layoutdialect.encodings import to_linear_layout

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "triton_reference_layouts.json").read_text())


CTX = make_context()


@pytest.mark.parametrize("case", CASES, ids=[f"{i}" for i in range(len(CASES))])
def test_layout_is_tritons(case: dict[str, Any]) -> None:
    parsed = Parser(CTX, case["type"]).parse_type()
    assert isinstance(parsed, TensorType | MemDescType) and isinstance(parsed.encoding, EncodingAttr)
    layout = to_linear_layout(parsed.encoding.data, case["shape"])
    assert dict(layout.bases) == case["bases"], case["type"]
    assert [size for _, size in layout.out_dims] == case["shape"]


def test_the_table_covers_every_family_and_both_fixed_cases() -> None:
    families = {case["type"].split("#ttg.")[1].split("<")[0] for case in CASES}
    assert families >= {
        "blocked",
        "nvidia_mma",
        "dot_op",
        "slice",
        "linear",
        "generic_linear",
        "amd_mfma",
        "amd_wmma",
        "swizzled_shared",
        "nvmma_shared",
    }
    dropped = [c for c in CASES if "#ttg.blocked" in c["type"] and len(c["bases"]["register"]) == 0]
    assert dropped, "a blocked tensor smaller than its tile, whose registers Triton drops"
    repeats = [c for c in CASES if "swizzlingByteWidth = 0" in c["type"] and min(c["shape"]) >= 512]
    assert repeats, "an unswizzled nvmma tile whose box repeats along two dims"
