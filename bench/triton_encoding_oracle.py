"""Compare our linear layouts with Triton 3.9's, case by case (a development oracle).

Run it with the Python of a virtual environment that has ``triton==3.9.0`` (never a
dependency of this package)::

    python bench/encoding_cases.py --cases 2000 > cases.jsonl
    ~/.cache/triton-venv/bin/python bench/triton_encoding_oracle.py cases.jsonl [--reference OUT.json]

Each case's type is parsed by Triton inside a module with the case's warps, lanes and
CTAs; Triton's ``to_linear_layout`` binding gives its bases.  A case where only one side
refuses the shape, or where any basis differs (zero bases and their order included), is
printed with both answers; the exit code is 1 if any case disagrees.  Triton's C++
assertions abort the process, so cases run in batches in child processes and a batch
that dies is split in halves until the case that kills it is found.  ``--reference``
writes the cases Triton answers, with Triton's bases, as a JSON list: the reference
table ``tests/unit/encodings/test_triton_reference.py`` checks.
"""

from __future__ import annotations

import sys
from typing import Any

from triton_oracle import Comparison, Row, oracle_main, parse_row_module, triton_context


def triton_bases(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Triton's bases (or its error) for each row, in this process."""
    from triton._C.libtriton import gluon_ir

    ctx = triton_context()
    builder = gluon_ir.GluonOpBuilder(ctx)
    answers = []
    for row in rows:
        try:
            attribute, module = triton_layout_attribute(row, ctx, builder)
            result = builder.to_linear_layout(attribute, row["shape"])
            if hasattr(result, "offset_bases"):
                bases = {"offset": result.offset_bases, "block": result.block_bases}
            else:
                bases = {
                    "register": result.reg_bases,
                    "lane": result.lane_bases,
                    "warp": result.warp_bases,
                    "block": result.block_bases,
                }
            answers.append({"bases": {k: [list(b) for b in v] for k, v in bases.items()}})
        except Exception as error:  # noqa: BLE001 - any refusal is an answer to compare
            answers.append({"error": str(error).splitlines()[0] if str(error) else type(error).__name__})
    return answers


def triton_layout_attribute(row: dict[str, Any], ctx: Any, builder: Any) -> tuple[Any, Any]:
    """Triton's IR attribute for the layout of ``row["type"]``, parsed by Triton inside a
    module with the row's warps, lanes and CTAs (``ctx`` and ``builder``: a Triton IR
    context with its dialects loaded, and a ``GluonOpBuilder`` on it), and that module,
    which must outlive every use of the attribute."""
    module = parse_row_module(row, "tt.func @f(%a: {type}) {{ tt.return }}", ctx)
    arg = module.get_function("f").args(0)
    if row["type"].startswith("!ttg.memdesc"):
        layout = builder.get_gluon_layout_from_memdesc(arg)
    else:
        layout = builder.get_gluon_layout_from_tensor(arg)
    return layout._to_ir(builder), module


def compare(row: Row, answer: Row) -> Comparison:
    """Keep Triton's bases as reference; report a case where either side's answer differs."""
    kept = {k: row[k] for k in ("type", "shape", "warps", "lanes", "ctas")} | answer if "bases" in answer else None
    ours, theirs = row.get("ours"), answer.get("bases")
    if ours == theirs:
        return kept, None
    return kept, (
        f"{row['type']} at {row['shape']}\n"
        f"  ours:   {ours if ours is not None else row.get('ours_error')}\n"
        f"  triton: {theirs if theirs is not None else answer.get('error')}"
    )


if __name__ == "__main__":
    sys.exit(oracle_main(__file__, triton_bases, compare))
