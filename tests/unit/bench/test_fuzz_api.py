"""Seeded fuzzing of the Python API: a wrong argument to any public function or method
ends in a ``ValueError`` subclass, never another exception.

``bench/fuzz_api.py`` runs the long version (20,000 calls); this runs a thousand on every
test run, so a crash that wrong arguments reach easily cannot come back.  The time limit
here only stops a hung call; the long version reports slow ones.
"""

from __future__ import annotations

from fuzz_api import fuzz_api, public_entries

HANG = 60.0
"""Seconds after which a call counts as hung."""


def test_wrong_arguments_end_in_value_errors() -> None:
    report = fuzz_api(calls=1000, seed=2026, time_limit=HANG)
    assert report.calls == 1000 and report.value_errors > 0
    assert not report.failures, "\n\n".join(map(str, list(report.failures.values())[:3]))


def test_every_public_method_has_an_instance_to_be_called_on() -> None:
    report = fuzz_api(calls=0, seed=0, time_limit=HANG)
    assert not report.unreached


def test_the_public_api_is_enumerated_from_the_modules_all() -> None:
    names = {entry.name for entry in public_entries()}
    assert {"LinearLayout.compose", "plan_scratch", "hardware_permutation", "Layout.__call__"} <= names
