"""The FileCheck inputs cut into their ``// -----`` chunks, as pytest parameters, for
tests that run something over every one of them, and each chunk read once per process."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module

FILECHECK = Path(__file__).resolve().parents[1] / "filecheck"


def filecheck_chunks(suite: str = "*", functions_only: bool = True, error_cases: bool = True) -> list[Any]:
    """Every chunk of the ``.mlir`` inputs of the FileCheck folders matching ``suite``
    (all of them by default; never lit's ``Output`` scratch files); with
    ``functions_only``, those holding a function; without ``error_cases``, not those
    that expect an error.  Bytes that are not UTF-8 (a test of bad input) are replaced."""
    chunks = []
    for path in sorted(FILECHECK.glob(f"{suite}/*.mlir")):
        if "Output" in path.relative_to(FILECHECK).parts:
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        for index, chunk in enumerate(text.split("// -----")):
            if functions_only and "tt.func" not in chunk:
                continue
            if not error_cases and ("expected-" in chunk or "error:" in chunk):
                continue
            chunks.append(pytest.param(chunk, id=f"{path.parent.name}-{path.stem}-{index}"))
    return chunks


@cache
def chunk_context() -> Context:
    """The context every chunk is read in: this package's dialects and xDSL's, and
    unregistered ops (``"test.op"``) accepted."""
    return make_context(allow_unregistered=True)


@cache
def _read(text: str) -> ModuleOp:
    return parse_module(text, "input.mlir", chunk_context())


def chunk_module(text: str) -> ModuleOp:
    """A module of ``text`` of the test's own to change: a copy of the one reading of
    ``text`` in this process (``chunk_context``), since several test files run over
    every chunk and a copy costs a twentieth of a reading.  Raises as the reading does."""
    return _read(text).clone()
