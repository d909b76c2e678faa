"""Seeded mutation fuzzing: bad input ends in a located error, never a traceback or a hang.

``bench/fuzz_inputs.py`` runs the long version (10,000 modules, 1,500 command lines,
1,000 corruptions); this runs a few hundred modules, a few dozen command lines and
corruptions on every test run, so a crash that the mutations reach easily cannot come back.
"""

from __future__ import annotations

from fuzz_inputs import MAX_STDERR_LINE, check_tool_error, corruption_control, fuzz_layout_opt, fuzz_layout_tool


def test_mutated_modules_end_in_a_result_or_a_located_error() -> None:
    failures = fuzz_layout_opt(seed=2026, count=200)
    assert not failures, "\n\n".join(map(str, failures[:3]))


def test_the_proof_catches_every_corrupted_constant_that_changes_a_run() -> None:
    """The control of verify=true's proof: a constant changed after the rewrite is reported
    whenever it changes what a plain run returns, stores or shows."""
    control = corruption_control(seed=2026, count=40)
    assert not control.missed, "\n\n".join(map(str, control.missed[:3]))
    assert control.caught > 0


def test_bad_command_lines_end_in_an_error_located_at_an_argument_given() -> None:
    failures = fuzz_layout_tool(seed=2026, count=60)
    assert not failures, "\n\n".join(map(str, failures[:3]))


def test_an_error_must_name_an_argument_given() -> None:
    """The fuzzer's own check: ``<command-line>``, or an option the command line lacks, is
    no place for an error; a missing argument argparse names is."""
    assert check_tool_error(["show", "x", "--shape", "4"], "--shape:1:1: error: bad\n") is None
    assert check_tool_error(["show", "x"], "<layout>:1:1: error: bad\n") is None
    assert check_tool_error(["show", "x"], "<command-line>:1:1: error: bad\n") is not None
    assert check_tool_error(["show", "x"], "--dtype:1:1: error: bad\n") is not None
    required = "--dtype:1:1: error: the following arguments are required: --dtype\n"
    assert check_tool_error(["conflicts", "x", "y"], required) is None
    assert check_tool_error(["show", "x"], "<layout>:1:1: error: " + "x" * MAX_STDERR_LINE + "\n") is not None
