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
import queue
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from typing import IO, Any

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


def run_batch(script: str, rows: list[Row], seconds_per_row: float | None = None) -> list[Row]:
    """``script --child`` answering ``rows``; a crashed child's rows are retried in halves.

    With ``seconds_per_row`` the child must print each answer as it finishes it: a row it
    takes longer on is answered with an error, the child stopped, and the rows after it
    answered by a new child."""
    if seconds_per_row is not None:
        return _run_with_deadlines(script, rows, seconds_per_row)
    child = subprocess.run(
        [sys.executable, script, "--child"], input=json.dumps(rows), capture_output=True, text=True, check=False
    )
    if child.returncode == 0:
        return [json.loads(line) for line in child.stdout.splitlines()]
    if len(rows) == 1:
        return [{"error": f"Triton aborted: {child.stderr.strip().splitlines()[-1] if child.stderr.strip() else ''}"}]
    half = len(rows) // 2
    return run_batch(script, rows[:half]) + run_batch(script, rows[half:])


def _run_with_deadlines(script: str, rows: list[Row], seconds_per_row: float) -> list[Row]:
    """``run_batch`` of a child that prints each answer as it finishes it, ``seconds_per_row``
    allowed for each."""
    with tempfile.TemporaryFile("w+") as stderr:
        child = subprocess.Popen(
            [sys.executable, script, "--child"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, text=True
        )
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(json.dumps(rows))
        child.stdin.close()
        lines: queue.Queue[str | None] = queue.Queue()

        def read(stdout: IO[str]) -> None:
            for line in stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, args=(child.stdout,), daemon=True).start()
        answers: list[Row] = []
        while len(answers) < len(rows):
            try:
                line = lines.get(timeout=seconds_per_row)
            except queue.Empty:
                child.kill()
                child.wait()
                slow = {"error": f"Triton took more than {seconds_per_row:.0f} s; stopped"}
                rest = rows[len(answers) + 1 :]
                return answers + [slow] + (_run_with_deadlines(script, rest, seconds_per_row) if rest else [])
            if line is None:
                break
            answers.append(json.loads(line))
        child.wait()
        if len(answers) == len(rows):
            return answers
        stderr.seek(0)
        message = stderr.read().strip().splitlines()
        crashed = {"error": f"Triton aborted: {message[-1] if message else ''}"}
        rest = rows[len(answers) + 1 :]
        return answers + [crashed] + (_run_with_deadlines(script, rest, seconds_per_row) if rest else [])


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
