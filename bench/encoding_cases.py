"""Random (encoding, shape) cases with our linear layout, for comparison against Triton 3.9.

``python bench/encoding_cases.py --cases 2000 > cases.jsonl`` writes one JSON object a line:
the TTGIR type, the module attributes it needs, and the bases ``to_linear_layout`` gives (or
the ``EncodingError`` it raises).  ``bench/triton_encoding_oracle.py`` reads the file with
Triton's own Python binding and reports every case where the two disagree.  The cases come
from the encoding strategies the unit tests use, drawn deterministically, at shapes smaller
than, equal to and larger than each encoding's tile.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from io import StringIO
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.printer import Printer

from layoutdialect.dialect.ttg.attributes import encoding_attr
from layoutdialect.encodings import (
    CGALayout,
    DistributedEncoding,
    Encoding,
    EncodingError,
    NVMMASharedEncoding,
    PaddedSharedEncoding,
    PartitionedSharedEncoding,
    SharedEncoding,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "unit"))
from encoding_strategies import distributed, shared  # noqa: E402

ELEMENT_TYPES = {8: "i8", 16: "f16", 32: "f32", 64: "f64"}


def type_text(encoding: Encoding, shape: list[int], bits: int) -> str:
    """The TTGIR tensor or memdesc type of ``shape`` with ``encoding``."""
    out = StringIO()
    Printer(stream=out).print_attribute(encoding_attr(encoding))  # type: ignore[arg-type]
    dims = "".join(f"{size}x" for size in shape)
    if isinstance(encoding, SharedEncoding):
        return f"!ttg.memdesc<{dims}{ELEMENT_TYPES[bits]}, {out.getvalue()}, #ttg.shared_memory>"
    return f"tensor<{dims}{ELEMENT_TYPES[bits]}, {out.getvalue()}>"


def case(encoding: Encoding, shape: list[int]) -> dict[str, Any]:
    bits = getattr(encoding, "element_bit_width", 16)
    row: dict[str, Any] = {"type": type_text(encoding, shape, bits), "shape": shape}
    if isinstance(encoding, DistributedEncoding):
        row |= {"warps": encoding.num_warps, "lanes": encoding.num_lanes, "ctas": encoding.num_ctas}
    else:
        cga = getattr(encoding, "cga", None)
        row |= {"warps": 4, "lanes": 32, "ctas": cga.num_ctas if cga else 1}
    try:
        row["ours"] = dict(encoding.to_linear_layout(shape).bases)
    except EncodingError as error:
        row["ours_error"] = str(error)
    return row


def collect(count: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    encodings = st.one_of(distributed, shared).filter(
        lambda e: not isinstance(e, PaddedSharedEncoding | PartitionedSharedEncoding)
    )

    @settings(
        max_examples=count, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck)
    )
    @given(encodings, st.data())
    def draw(encoding: Encoding, data: st.DataObject) -> None:
        rank = encoding.rank
        sizes = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512] if data.draw(st.booleans()) else [64, 128, 256, 512, 1024]
        shape = [data.draw(st.sampled_from(sizes)) for _ in range(rank)]
        rows.append(case(encoding, shape))

    draw()
    return rows


def unswizzled_nvmma_boxes() -> list[dict[str, Any]]:
    """Unswizzled ``nvmma_shared`` tiles whose TMA box (at most 256 a dim) repeats along
    two or more dims, where the order of the repeats matters."""
    rows = []
    for rank, transposed, bits in itertools.product((2, 3), (False, True), (8, 16, 32)):
        encoding = NVMMASharedEncoding(0, transposed, bits, CGALayout.single(rank))
        for shape in itertools.product((128, 512, 1024), repeat=rank):
            rows.append(case(encoding, list(shape)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=1000)
    args = parser.parse_args()
    for row in collect(args.cases) + unswizzled_nvmma_boxes():
        sys.stdout.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
