"""Compare our result-encoding inference with Triton 3.9's, op by op (a development oracle).

Run it with the Python of a virtual environment that has ``triton==3.9.0`` (never a
dependency of this package)::

    python bench/inference_cases.py --cases 2000 > cases.jsonl
    ~/.cache/triton-venv/bin/python bench/triton_inference_oracle.py cases.jsonl [--reference OUT.json]

Each case's op is created by Triton's own op builder (``ir.builder``, not gluon's, whose
``create_split`` forces a slice) on an argument of the case's type,
inside a module with the case's warps, lanes and CTAs, so Triton's inference (the
``InferTypeOpInterface`` of the op) picks the result type.  Types are compared as text,
since both sides print encodings the same way; a case where only one side refuses, or
where the types differ, is printed with both answers, and the exit code is 1 if any
case disagrees.  Batches run in child processes, split in halves when Triton aborts.
``--reference`` writes the cases Triton answers, with Triton's result type, as a JSON
list: the table ``tests/unit/encodings/test_triton_inference.py`` checks.

``ttg.fp4_to_fp`` is not compared here: Triton's op builder infers its result from the
operand's layout at the *result* shape, while its passes and verifier use the shape of
the side they start from, which is what this package models.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from triton_oracle import Comparison, Row, oracle_main, parse_row_module, triton_context


def triton_results(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Triton's result type (or its error) for each row, in this process."""
    from triton._C.libtriton import ir

    ctx = triton_context()
    builder = ir.builder(ctx)
    answers = []
    for row in rows:
        try:
            module = parse_row_module(row, "tt.func private @f(%a: {type})", ctx)
            block = module.get_function("f").add_entry_block()
            builder.set_insertion_point_to_start(block)
            operand = block.arg(0)
            op, params = row["op"], row["params"]
            if op == "reshape":
                result = builder.create_reshape(operand, params["shape"], False)
            elif op == "trans":
                result = builder.create_trans(operand, params["order"])
            elif op == "join":
                result = builder.create_join(operand, operand)
            elif op == "split":
                result = builder.create_split(operand)[0]
            else:
                result = builder.create_expand_dims(operand, params["axis"])
            answers.append({"result": str(result.get_type())})
        except Exception as error:  # noqa: BLE001 - any refusal is an answer to compare
            answers.append({"error": str(error).splitlines()[0] if str(error) else type(error).__name__})
    return answers


def readable(type_text: str) -> str:
    """Triton's printed type as its own parser reads it: Triton's printer leaves out an
    empty ``warp`` list of ``#ttg.amd_wmma``'s ``ctaLayout``, which the parser requires."""

    def with_warp(match: re.Match[str]) -> str:
        entries = match.group(1)
        if "warp" in entries:
            return match.group(0)
        return f"ctaLayout = {{{entries + ', ' if entries else ''}warp = []}}"

    return re.sub(r"ctaLayout = \{([^{}]*)\}", with_warp, type_text)


def same_type(ours: str | None, theirs: str | None) -> bool:
    """Whether two answers agree: both refuse, or both give one type."""
    if ours is None or theirs is None:
        return ours is None and theirs is None
    return ours == readable(theirs)


def compare(row: Row, answer: Row) -> Comparison:
    """Keep Triton's result type as reference; report a case where the answers differ."""
    kept = None
    if "result" in answer:
        fields = {k: row[k] for k in ("op", "type", "params", "warps", "lanes", "ctas")}
        kept = fields | {"result": readable(answer["result"])}
    ours, theirs = row.get("ours"), answer.get("result")
    if same_type(ours, theirs):
        return kept, None
    return kept, (
        f"{row['op']} {row['params']} of {row['type']}\n"
        f"  ours:   {ours if ours is not None else row.get('ours_error')}\n"
        f"  triton: {theirs if theirs is not None else answer.get('error')}"
    )


if __name__ == "__main__":
    sys.exit(oracle_main(__file__, triton_results, compare))
