"""Seeded mutation fuzzing: bad input ends in a located error, never a traceback or a hang.

``bench/fuzz_inputs.py`` runs the long version (10,000 modules, 1,000 command lines,
1,000 corruptions); this runs a few hundred of each on every test run, so a crash that the
mutations reach easily cannot come back.
"""

from __future__ import annotations

from fuzz_inputs import corruption_control, fuzz_layout_opt, fuzz_layout_tool


def test_mutated_modules_end_in_a_result_or_a_located_error() -> None:
    failures = fuzz_layout_opt(seed=2026, count=200)
    assert not failures, "\n\n".join(map(str, failures[:3]))


def test_the_proof_catches_every_corrupted_constant_that_changes_a_run() -> None:
    """The control of verify=true's proof: a constant changed after the rewrite is reported
    whenever it changes what a plain run returns, stores or shows."""
    control = corruption_control(seed=2026, count=40)
    assert not control.missed, "\n\n".join(map(str, control.missed[:3]))
    assert control.caught > 0


def test_bad_command_lines_end_in_a_located_error() -> None:
    failures = fuzz_layout_tool(seed=2026, count=200)
    assert not failures, "\n\n".join(map(str, failures[:3]))
