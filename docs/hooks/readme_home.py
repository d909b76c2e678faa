"""An MkDocs hook: the site's home page is the README, and its changelog page CHANGELOG.md.

Both files live at the repository root, where GitHub shows them, and link to the pages as
``docs/NAME.md``; the site is built from ``docs/``, so the hook adds them as generated
pages with those links made relative to ``docs/`` (``NAME.md``, ``changelog.md``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"README.md": "index.md", "CHANGELOG.md": "changelog.md"}


def site_links(text: str) -> str:
    """``text`` with its links written from ``docs/``: ``](docs/x.md)`` becomes ``](x.md)``
    and ``](CHANGELOG.md)`` becomes ``](changelog.md)``.

    >>> site_links("[show](docs/layout-tool.md#show) and [changes](CHANGELOG.md)")
    '[show](layout-tool.md#show) and [changes](changelog.md)'
    """
    text = re.sub(r"\]\(docs/", "](", text)
    for source, page in PAGES.items():
        text = text.replace(f"]({source}", f"]({page}")
    return text


def on_files(files: Files, config: Any, **kwargs: Any) -> Files:
    for source, page in PAGES.items():
        files.append(File.generated(config, page, content=site_links((ROOT / source).read_text())))
    return files
