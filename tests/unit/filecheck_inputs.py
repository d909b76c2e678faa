"""The FileCheck inputs cut into their ``// -----`` chunks, as pytest parameters, for
tests that run something over every one of them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

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
