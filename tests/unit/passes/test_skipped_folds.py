"""The pipeline skips each fold that could only change nothing.

A fold runs when any stage since the last fold (or since the start, unless the
function was already folded) changed the function, a hoist followed by a cleanup
that found nothing included; a rematerialisation round that rewrote nothing is not
followed by one; and running every fold gives the same result on every function of
the remove-redundant-conversions FileCheck inputs."""

from __future__ import annotations

import pytest
from filecheck_inputs import chunk_context, chunk_module, filecheck_chunks

from layoutdialect.dialect.text import print_module
from layoutdialect.passes.remove_redundant_conversions import pipeline
from layoutdialect.passes.remove_redundant_conversions.pipeline import Options, RemoveRedundantConversionsPass, Stage

CHUNKS = filecheck_chunks("remove-redundant-conversions")


def removed(chunk: str) -> str:
    module = chunk_module(chunk)
    RemoveRedundantConversionsPass().apply(chunk_context(), module)
    return print_module(module)


@pytest.mark.parametrize("chunk", CHUNKS)
def test_skipping_folds_changes_nothing(chunk: str, monkeypatch: pytest.MonkeyPatch) -> None:
    skipping = removed(chunk)
    every_fold = pipeline.run_pipeline

    def run_every_fold(*arguments: object, folded: bool = False) -> None:
        every_fold(*arguments, folded=False)  # type: ignore[arg-type]

    class AlwaysRewriting(pipeline.Rematerialiser):
        """Reports a rewrite every round, so that every round ends on a fold."""

        @property  # type: ignore[override]
        def rewrites(self) -> int:
            return 1

        @rewrites.setter
        def rewrites(self, value: int) -> None:
            pass

    monkeypatch.setattr(pipeline, "run_pipeline", run_every_fold)
    monkeypatch.setattr(pipeline, "_ENDING_ON_A_FOLD", ())
    monkeypatch.setattr(pipeline, "Rematerialiser", AlwaysRewriting)
    assert removed(chunk) == skipping


def test_a_fold_runs_when_a_stage_since_the_last_changed_the_function(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []
    monkeypatch.setattr(pipeline, "canonicalize_conversions", lambda *arguments: ran.append("fold"))
    monkeypatch.setattr(pipeline, "fold_ops", lambda func: False)

    def step(name: str, changed: bool) -> Stage:
        def stage(func: object, options: Options) -> bool:
            ran.append(name)
            return changed

        return stage

    fold = pipeline.fold
    stages = (
        ("fold", fold),
        ("hoist", step("hoist", True)),
        ("cleanup", step("cleanup", False)),
        ("fold", fold),
        ("quiet", step("quiet", False)),
        ("fold", fold),
    )
    pipeline.run_pipeline(None, Options(), stages, None)  # type: ignore[arg-type]
    assert ran == ["fold", "hoist", "cleanup", "fold", "quiet"]
    ran.clear()
    pipeline.run_pipeline(None, Options(), stages[:1] + stages[4:], None, folded=True)  # type: ignore[arg-type]
    assert ran == ["quiet"]
