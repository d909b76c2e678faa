"""The oracles' child processes: a batch whose child dies or stalls on a row still answers
every row, that one with an error, and the rows after it from a new child."""

from __future__ import annotations

import json
from pathlib import Path

from triton_oracle import run_batch

CHILD = """
import json, os, sys, time
for row in json.loads(sys.stdin.read()):
    time.sleep(row.get("sleep", 0))
    if row.get("die"):
        sys.stderr.write("Assertion failed: a C++ assertion\\n")
        sys.stderr.flush()
        os._exit(134)
    sys.stdout.write(json.dumps({"answer": row["n"]}) + "\\n")
    sys.stdout.flush()
"""


def test_a_stalled_or_dead_row_gets_an_error_and_the_rest_their_answers(tmp_path: Path) -> None:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    rows = [{"n": 0}, {"n": 1, "sleep": 30}, {"n": 2}, {"n": 3, "die": True}, {"n": 4}]
    answers = run_batch(str(script), rows, seconds_per_row=1)
    assert [answer.get("answer") for answer in answers] == [0, None, 2, None, 4]
    assert answers[1] == {"error": "Triton took more than 1 s; stopped"}
    assert answers[3] == {"error": "Triton aborted: Assertion failed: a C++ assertion"}


def test_without_deadlines_a_dead_child_s_rows_are_retried_in_halves(tmp_path: Path) -> None:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    answers = run_batch(str(script), [{"n": 0}, {"n": 1, "die": True}, {"n": 2}])
    assert json.dumps(answers) == json.dumps(
        [{"answer": 0}, {"error": "Triton aborted: Assertion failed: a C++ assertion"}, {"answer": 2}]
    )
