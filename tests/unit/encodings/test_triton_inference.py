"""Result-encoding inference of the shape-changing ops against Triton 3.9's, case by case.

``triton_reference_inference.json`` holds random ``tt.reshape``, ``tt.trans``,
``tt.join``, ``tt.split`` and ``tt.expand_dims`` cases on operands of every family, with
the result type Triton 3.9's own op builder inferred for each (``bench/inference_cases.py``
and ``bench/triton_inference_oracle.py`` regenerate it).  Not only the layout but its
spelling must match: a reshape that removes a unit dim gives a ``#ttg.slice``, a blocked
operand keeps a blocked result where Triton's legacy rule allows, and so on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from inference_cases import infer, result_shape
from xdsl.dialects.builtin import TensorType
from xdsl.parser import Parser

from layoutdialect import EncodingAttr, make_context

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "triton_reference_inference.json").read_text())

CTX = make_context()


def _tensor(text: str) -> TensorType[Any]:
    parsed = Parser(CTX, text).parse_type()
    assert isinstance(parsed, TensorType) and isinstance(parsed.encoding, EncodingAttr)
    return parsed


@pytest.mark.parametrize("case", CASES, ids=[f"{case['op']}-{i}" for i, case in enumerate(CASES)])
def test_inferred_encoding_is_tritons(case: dict[str, Any]) -> None:
    operand, expected = _tensor(case["type"]), _tensor(case["result"])
    shape = list(operand.get_shape())
    assert result_shape(case["op"], shape, case["params"]) == list(expected.get_shape())
    assert infer(case["op"], operand.encoding.data, shape, case["params"]) == expected.encoding.data


def test_the_table_covers_every_op_and_the_spellings_reshape_chooses() -> None:
    assert {case["op"] for case in CASES} == {"reshape", "trans", "join", "split", "expand_dims"}
    reshaped = {case["result"].split("#ttg.")[1].split("<")[0] for case in CASES if case["op"] == "reshape"}
    assert reshaped >= {"blocked", "slice", "linear", "generic_linear"}
