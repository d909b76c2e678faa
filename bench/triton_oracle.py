"""The harness both Triton oracles share: answer JSON rows in child processes (Triton's C++
assertions abort the process, so a batch that dies is split in halves until the row that
kills it is found), compare each answer with ours, and write the reference table.

An oracle script calls ``oracle_main(__file__, answer_rows, compare)``: run with ``--child``
it answers the rows on stdin with ``answer_rows``; run with ``CASES.jsonl [--reference
OUT.json]`` it answers every case, prints each disagreement ``compare`` reports, and writes
the rows ``compare`` keeps as the reference.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

BATCH = 200

Row = dict[str, Any]
Comparison = tuple[Row | None, str | None]
"""What ``compare`` says of one case: the reference row to keep (or ``None``) and the
disagreement to print (or ``None``)."""


def triton_context() -> Any:
    """A Triton 3.9 IR context with its own, NVIDIA's and AMD's dialects loaded."""
    from triton._C.libtriton import amd, ir, nvidia

    context = ir.context()
    ir.load_dialects(context)
    nvidia.load_dialects(context)
    amd.load_dialects(context)
    return context


def parse_row_module(row: Row, function: str, context: Any) -> Any:
    """Triton's module holding ``function`` (text naming ``{type}`` for the row's
    ``type``), under module attributes with the row's warps, lanes and CTAs."""
    from triton._C.libtriton import ir

    text = (
        f'module attributes {{"ttg.num-warps" = {row["warps"]} : i32, "ttg.threads-per-warp" = '
        f'{row["lanes"]} : i32, "ttg.num-ctas" = {row["ctas"]} : i32}} {{\n'
        f"  {function.format(type=row['type'])}\n}}\n"
    )
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as file:
        file.write(text)
    try:
        module = ir.parse_mlir_module(file.name, context)
    finally:
        os.unlink(file.name)
    module.context = context
    return module


def run_batch(script: str, rows: list[Row]) -> list[Row]:
    """``script --child`` answering ``rows``; a crashed child's rows are retried in halves."""
    child = subprocess.run(
        [sys.executable, script, "--child"], input=json.dumps(rows), capture_output=True, text=True, check=False
    )
    if child.returncode == 0:
        return [json.loads(line) for line in child.stdout.splitlines()]
    if len(rows) == 1:
        return [{"error": f"Triton aborted: {child.stderr.strip().splitlines()[-1] if child.stderr.strip() else ''}"}]
    half = len(rows) // 2
    return run_batch(script, rows[:half]) + run_batch(script, rows[half:])


def oracle_main(
    script: str, answer_rows: Callable[[list[Row]], list[Row]], compare: Callable[[Row, Row], Comparison]
) -> int:
    """The oracle's command line; exit status 1 when any case disagrees."""
    if sys.argv[1:] == ["--child"]:
        for answer in answer_rows(json.loads(sys.stdin.read())):
            sys.stdout.write(json.dumps(answer) + "\n")
        return 0
    with open(sys.argv[1]) as cases:
        rows = [json.loads(line) for line in cases]
    reference = []
    disagreements = 0
    for start in range(0, len(rows), BATCH):
        batch = rows[start : start + BATCH]
        for row, answer in zip(batch, run_batch(script, batch)):
            kept, disagreement = compare(row, answer)
            if kept is not None:
                reference.append(kept)
            if disagreement is not None:
                disagreements += 1
                print(disagreement)
    print(f"{disagreements} of {len(rows)} cases disagree")
    if sys.argv[2:3] == ["--reference"]:
        with open(sys.argv[3], "w") as out:
            json.dump(reference, out, separators=(",", ":"))
    return 1 if disagreements else 0
