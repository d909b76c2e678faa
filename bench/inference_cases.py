"""Random shape-changing ops with the result encoding we infer, for comparison against Triton 3.9.

``python bench/inference_cases.py --cases 2000 > cases.jsonl`` writes one JSON object a
line: an op (``reshape``, ``trans``, ``join``, ``split``, ``expand_dims``), its operand's
TTGIR type and parameters, the module attributes it needs, and the result type our
inference gives (or the ``EncodingError`` it raises).  ``bench/triton_inference_oracle.py``
builds the same op with Triton's own op builder, which runs Triton's inference, and
reports every case where the two disagree.  Operands come from the encoding strategies
the unit tests use, drawn deterministically, at shapes smaller than, equal to and larger
than each encoding's tile.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from encoding_cases import type_text
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from layoutdialect.encodings import DistributedEncoding, EncodingError
from layoutdialect.encodings.inference import (
    expand_dims_encoding,
    join_encoding,
    reshape_encoding,
    split_encoding,
    trans_encoding,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "unit"))
from encoding_strategies import blocked, distributed, slices  # noqa: E402

OPS = ("reshape", "trans", "join", "split", "expand_dims")


def result_shape(op: str, shape: list[int], params: dict[str, Any]) -> list[int]:
    """The result shape of ``op`` on an operand of ``shape``."""
    if op == "reshape":
        return list(params["shape"])
    if op == "trans":
        return [shape[d] for d in params["order"]]
    if op == "join":
        return [*shape, 2]
    if op == "split":
        return shape[:-1]
    return [*shape[: params["axis"]], 1, *shape[params["axis"] :]]


def infer(op: str, encoding: DistributedEncoding, shape: list[int], params: dict[str, Any]) -> DistributedEncoding:
    """Our inference of ``op``'s result encoding."""
    if op == "reshape":
        return reshape_encoding(encoding, shape, params["shape"])
    if op == "trans":
        return trans_encoding(encoding, shape, params["order"])
    if op == "join":
        return join_encoding(encoding, shape)
    if op == "split":
        return split_encoding(encoding, shape)
    return expand_dims_encoding(encoding, params["axis"])


def case(op: str, encoding: DistributedEncoding, shape: list[int], params: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {
        "op": op,
        "type": type_text(encoding, shape, 32),
        "params": params,
        "warps": encoding.num_warps,
        "lanes": encoding.num_lanes,
        "ctas": encoding.num_ctas,
    }
    try:
        row["ours"] = type_text(infer(op, encoding, shape, params), result_shape(op, shape, params), 32)
    except EncodingError as error:
        row["ours_error"] = str(error)
    return row


@st.composite
def reshaped(draw: st.DrawFn, shape: list[int]) -> list[int]:
    """A shape of as many elements as ``shape``: merging and splitting dims, or adding or
    removing one unit dim."""
    units = [d for d, size in enumerate(shape) if size == 1]
    if units and len(shape) > 1 and draw(st.booleans()):
        dim = draw(st.sampled_from(units))
        return shape[:dim] + shape[dim + 1 :]
    if draw(st.booleans()):
        dim = draw(st.integers(0, len(shape)))
        return [*shape[:dim], 1, *shape[dim:]]
    bits = sum(size.bit_length() - 1 for size in shape)
    rank = draw(st.integers(1, 4))
    cuts = sorted(draw(st.lists(st.integers(0, bits), min_size=rank - 1, max_size=rank - 1)))
    sizes = [1 << (high - low) for low, high in zip([0, *cuts], [*cuts, bits])]
    if draw(st.booleans()):
        sizes.insert(draw(st.integers(0, len(sizes))), 1)
    return sizes


def collect(count: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []

    @settings(
        max_examples=count, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck)
    )
    @given(st.sampled_from(OPS), st.data())
    def draw(op: str, data: st.DataObject) -> None:
        operands = {"expand_dims": slices(), "reshape": st.one_of(blocked(), slices(), distributed)}
        encoding = data.draw(operands.get(op, distributed))
        rank = encoding.rank
        sizes = [1, 2, 4, 8, 16, 32, 64, 128] if data.draw(st.booleans()) else [32, 64, 128, 256]
        shape = [data.draw(st.sampled_from(sizes)) for _ in range(rank)]
        params: dict[str, Any] = {}
        if op == "reshape":
            params["shape"] = data.draw(reshaped(shape))
        elif op == "trans":
            params["order"] = data.draw(st.permutations(range(rank)))
        elif op == "split":
            assume(rank > 1)  # a rank-0 result prints as a layout neither side reads back
            shape[-1] = 2
        elif op == "expand_dims":
            params["axis"] = encoding.dim if data.draw(st.booleans()) else data.draw(st.integers(0, rank))
        rows.append(case(op, encoding, shape, params))

    draw()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=1000)
    args = parser.parse_args()
    for row in collect(args.cases):
        sys.stdout.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
