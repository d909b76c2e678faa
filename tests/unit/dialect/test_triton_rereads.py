"""Triton 3.9 reads back what we print, in MLIR's custom form and in its generic form
(``layout-opt --print-op-generic``): each op's properties are Triton's, with Triton's
names and types (an enum is its ``i32`` value), over every FileCheck input that Triton
reads as written."""

from __future__ import annotations

import contextlib
import io
import math
import re
import tempfile
from collections.abc import Iterator
from functools import cache

import pytest
from filecheck_inputs import chunk_module, filecheck_chunks

from layoutdialect.dialect.aliases import print_with_aliases

triton = pytest.importorskip("triton")

HUGE = 1 << 31
"""Triton 3.9 aborts the whole process on a tensor this large (a layout basis overflows)."""


def _shapes(text: str) -> Iterator[int]:
    for dims in re.findall(r"tensor<((?:\d+x)+)", text):
        yield math.prod(int(d) for d in dims.rstrip("x").split("x"))


CHUNKS = [chunk for chunk in filecheck_chunks(error_cases=False) if max(_shapes(chunk.values[0]), default=0) < HUGE]


@cache
def _context() -> object:
    """One Triton context for every reading: loading its dialects is most of a small parse."""
    from triton_oracle import triton_context

    return triton_context()


def _triton_reads(text: str) -> str | None:
    """``None`` when Triton 3.9 reads ``text``, else its diagnostic."""
    import os

    from triton._C.libtriton import ir

    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as file:
        file.write(text)
        file.flush()
        read, write = os.pipe()
        saved = os.dup(2)
        os.dup2(write, 2)
        os.close(write)
        try:
            ir.parse_mlir_module(file.name, _context())
            return None
        except RuntimeError:
            return os.read(read, 1 << 16).decode(errors="replace") or "refused"
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            os.close(read)


@pytest.mark.parametrize("chunk", CHUNKS)
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_triton_reads_what_we_print(chunk: str, generic: bool) -> None:
    if _triton_reads(chunk) is not None:
        pytest.skip("Triton 3.9 refuses the input as written (a test of ours, an unregistered op)")
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            module = chunk_module(chunk)
    except ValueError:
        pytest.skip("a chunk we refuse, by design")
    printed = io.StringIO()
    print_with_aliases(module, printed, print_generic_format=generic)
    assert _triton_reads(printed.getvalue()) is None, printed.getvalue()
