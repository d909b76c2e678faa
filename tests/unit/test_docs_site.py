"""The documentation site builds with MkDocs in strict mode: a broken link or anchor, a page
left out of the navigation, or a docstring the API reference cannot read fails the suite."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", "mkdocs.yml", "--site-dir", tmp_path],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    home = (tmp_path / "index.html").read_text()
    assert "Which command answers my question" in home  # the README is the home page
    assert "layoutdialect.f2.LinearLayout" in (tmp_path / "api" / "f2" / "index.html").read_text()


def _hook(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "docs" / "hooks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_doctests_in_docstrings_become_code_blocks() -> None:
    fence = _hook("doctest_blocks").fence_doctests
    text = "Squares:\n\n>>> 2 * 2\n4\n>>> print('a\\n')\na\n<BLANKLINE>\n\nDone.\n\n    >>> 1\n    1"
    assert fence(text) == (
        "Squares:\n\n```pycon\n>>> 2 * 2\n4\n>>> print('a\\n')\na\n\n```\n\n"
        "Done.\n\n    ```pycon\n    >>> 1\n    1\n    ```"
    )
    fenced = "```python\n>>> kept as written\n```"
    assert fence(fenced) == fenced
