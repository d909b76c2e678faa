"""The layers stay apart: the F2 core, the encodings and the analyses never load xDSL."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module",
    [
        "layoutdialect.f2",
        "layoutdialect.encodings",
        "layoutdialect.cute.linear",
        "layoutdialect.cute.text",
        "layoutdialect.analysis.conversion",
        "layoutdialect.analysis.access_explanation",
        "layoutdialect.analysis.duplicates",
        "layoutdialect.analysis.layout_views",
        "layoutdialect.analysis.swizzle_synthesis",
        "layoutdialect",
    ],
)
def test_the_math_imports_no_xdsl(module: str) -> None:
    check = f"import sys, {module}; print(sorted(m for m in sys.modules if m.split('.')[0] == 'xdsl'))"
    loaded = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
