"""``to_linear_layout`` gives Triton 3.9's bases, bit for bit, on the spec's reference layouts.

Each case is read from its TTGIR type text with this package's own parser, so the
test also checks that the text means what Triton says it means.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from xdsl.dialects.builtin import TensorType
from xdsl.parser import Parser

from layoutdialect import CGALayout, EncodingAttr, MemDescType, make_context
from layoutdialect.encodings import BlockedEncoding

_spec = importlib.util.spec_from_file_location("reference_layouts", Path(__file__).with_name("reference_layouts.py"))
assert _spec is not None and _spec.loader is not None
_references = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_references)
REFERENCE_LAYOUTS = _references.REFERENCE_LAYOUTS

CTX = make_context()


def encoding_and_shape(type_text: str) -> tuple[object, list[int]]:
    parsed = Parser(CTX, type_text).parse_type()
    if isinstance(parsed, MemDescType):
        return parsed.encoding.data, list(parsed.alloc_shape[-len(parsed.shape) :])  # type: ignore[attr-defined]
    assert isinstance(parsed, TensorType) and isinstance(parsed.encoding, EncodingAttr)
    return parsed.encoding.data, list(parsed.get_shape())


CONVERTED = [case for case in REFERENCE_LAYOUTS if hasattr(encoding_and_shape(case[1])[0], "to_linear_layout")]


@pytest.mark.parametrize(("name", "type_text", "bases"), CONVERTED, ids=[case[0] for case in CONVERTED])
def test_reference_layout(name: str, type_text: str, bases: dict[str, list[list[int]]]) -> None:
    encoding, shape = encoding_and_shape(type_text)
    layout = encoding.to_linear_layout(shape)  # type: ignore[attr-defined]
    assert layout.bases == list(bases.items())
    assert layout.out_dims == [(f"dim{d}", size) for d, size in enumerate(shape)]


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
    """A shape smaller than the CGA: the CTAs split it first (spec §2.0)."""
    blocked = BlockedEncoding((1,), (1,), (4,), (0,), CGALayout(((1,),), 1))
    assert blocked.to_linear_layout([4]).bases == [
        ("register", []),
        ("lane", []),
        ("warp", [[1], [0]]),
        ("block", [[2]]),
    ]
