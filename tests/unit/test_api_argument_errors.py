"""Wrong Python types given to the public API are ``ValueError`` subclasses that name the
argument, never a ``TypeError`` or ``AttributeError`` from deep inside."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from layoutdialect import (
    BlockedEncoding,
    CGALayout,
    EncodingError,
    IRError,
    LinearLayout,
    LinearLayoutError,
    NvidiaMmaEncoding,
    SliceEncoding,
    parse_module,
    to_linear_layout,
)

ROW = LinearLayout.from_bases([("register", [[1]])], ["dim0"])
BLOCKED = BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout.single(2))

CALLS: list[tuple[str, Callable[[], Any], type[ValueError], str]] = [
    ("bases None", lambda: LinearLayout.from_bases(None, ["dim0"]), LinearLayoutError, "bases"),  # type: ignore[arg-type]
    ("bases str", lambda: LinearLayout.from_bases("abc", ["dim0"]), LinearLayoutError, "bases"),  # type: ignore[arg-type]
    ("basis float", lambda: LinearLayout.from_bases([("register", [[1.5]])], ["dim0"]), LinearLayoutError, "basis"),
    ("basis int", lambda: LinearLayout.from_bases([("register", [3])], ["dim0"]), LinearLayoutError, "basis"),  # type: ignore[list-item]
    ("names None", lambda: LinearLayout.from_bases([("register", [[1]])], None), LinearLayoutError, "out_dim_names"),  # type: ignore[arg-type]
    ("size float", lambda: LinearLayout.identity_1d(4.0, "register", "dim0"), LinearLayoutError, "size"),  # type: ignore[arg-type]
    ("size None", lambda: LinearLayout.zeros_1d(None, "register", "dim0"), LinearLayoutError, "size"),  # type: ignore[arg-type]
    ("apply None", lambda: ROW.apply(None), LinearLayoutError, "inputs"),  # type: ignore[arg-type]
    ("times int", lambda: ROW * 3, LinearLayoutError, "operand"),  # type: ignore[operator]
    ("compose None", lambda: ROW.compose(None), LinearLayoutError, "outer"),  # type: ignore[arg-type]
    ("invert str", lambda: ROW.invert_and_compose("x"), LinearLayoutError, "outer"),  # type: ignore[arg-type]
    ("transpose None", lambda: ROW.transpose_outs(None), LinearLayoutError, "sequence"),  # type: ignore[arg-type]
    (
        "field float",
        lambda: BlockedEncoding((1, 4.0), (8, 4), (4, 1), (1, 0), CGALayout.single(2)),
        EncodingError,
        "size_per_thread",
    ),  # type: ignore[arg-type]
    (
        "field None",
        lambda: BlockedEncoding(None, (8, 4), (4, 1), (1, 0), CGALayout.single(2)),
        EncodingError,
        "size_per_thread",
    ),  # type: ignore[arg-type]
    ("field str", lambda: NvidiaMmaEncoding(2, 0, "ab", (16, 8), CGALayout.single(2)), EncodingError, "warps_per_cta"),  # type: ignore[arg-type]
    ("cga None", lambda: CGALayout(None, 2), EncodingError, "bases"),  # type: ignore[arg-type]
    ("parent None", lambda: SliceEncoding(0, None), EncodingError, "parent"),  # type: ignore[arg-type]
    ("dim float", lambda: SliceEncoding(0.5, BLOCKED), EncodingError, "dim"),  # type: ignore[arg-type]
    ("encoding None", lambda: to_linear_layout(None, [64, 64]), EncodingError, "encoding"),  # type: ignore[arg-type]
    ("shape None", lambda: to_linear_layout(BLOCKED, None), EncodingError, "shape"),  # type: ignore[arg-type]
    ("shape str", lambda: to_linear_layout(BLOCKED, "64x64"), EncodingError, "shape"),  # type: ignore[arg-type]
    ("shape float", lambda: to_linear_layout(BLOCKED, [64.5, 64]), EncodingError, "shape"),  # type: ignore[list-item]
    ("text None", lambda: parse_module(None), IRError, "text"),  # type: ignore[arg-type]
    ("text int", lambda: parse_module(3), IRError, "text"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "error", "named"), [c[1:] for c in CALLS], ids=[c[0] for c in CALLS])
def test_a_wrong_type_is_a_value_error_naming_the_argument(
    call: Callable[[], Any], error: type[ValueError], named: str
) -> None:
    with pytest.raises(error, match=named):
        call()


def test_sequences_of_integers_may_be_lists_and_are_stored_as_tuples() -> None:
    blocked = BlockedEncoding([1, 4], [8, 4], [4, 1], [1, 0], CGALayout.single(2))  # type: ignore[arg-type]
    assert blocked == BLOCKED and hash(blocked) == hash(BLOCKED)
