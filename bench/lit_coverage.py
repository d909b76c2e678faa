"""How much of Triton's lit-test IR layoutdialect reads, and what stops the rest.

    python bench/lit_coverage.py TRITON_TEST_DIR [--accepted TABLE.json] [--only TEXT] [--show NAME]

Every ``.mlir`` file under ``TRITON_TEST_DIR`` (Triton's ``test/`` folder) is cut at
``// -----`` lines, as ``--split-input-file`` does, and each chunk is parsed and verified
as ``layout-opt`` would.  ``--accepted`` names a JSON list of ``{"file", "chunk", "triton",
"sha1"}`` rows (``sha1``: the first 12 hex digits of the chunk's SHA-1) saying which chunks
Triton 3.9 itself accepts (``"triton": "ok"``); only those are counted then.  The report
gives the share read, the chunks that crashed (any exception other than a located error),
and the refused chunks grouped by the first name we do not know (an op, type or
attribute), or by the error when no name is missing.  ``--show NAME`` lists the chunks of
one group.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module
from layoutdialect.ir.diagnostics import IRError

CHUNK_SEPARATOR = "// -----"

_MISSING = re.compile(
    r"Operation ([\w.$]+) is not registered|'([\w.$]+)' is not registered|unregistered \w+ '?([\w.$]+)"
)


def lit_chunks(root: Path, accepted: Path | None) -> Iterator[tuple[str, str]]:
    """``(file#index, text)`` of every chunk under ``root`` (only Triton's accepted ones
    when ``accepted`` names the table)."""
    wanted: set[tuple[str, int, str]] | None = None
    if accepted is not None:
        rows = json.loads(accepted.read_text())
        wanted = {(row["file"], row["chunk"], row["sha1"]) for row in rows if row["triton"] == "ok"}
    for path in sorted(root.rglob("*.mlir")):
        name = path.relative_to(root).as_posix()
        for index, text in enumerate(path.read_text(errors="replace").split(CHUNK_SEPARATOR)):
            digest = hashlib.sha1(text.encode()).hexdigest()[:12]
            if wanted is None or (name, index, digest) in wanted:
                yield f"{name}#{index}", text


def classify(item: tuple[str, str]) -> tuple[str, str | None, str]:
    """``(chunk, group, message)``: group ``None`` when the chunk is read, ``"crash"``
    when something other than a located error escaped."""
    name, text = item
    try:
        parse_module(text, name, make_context())
    except IRError as error:
        message = str(error).splitlines()[0]
        missing = _MISSING.search(message)
        if missing:
            return name, next(group for group in missing.groups() if group), message
        return name, re.sub(r"^.*? error: ", "", message)[:80], message
    except Exception as error:  # noqa: BLE001 - a crash is what this report counts
        return name, "crash", f"{type(error).__name__}: {error}"
    return name, None, ""


def main() -> int:
    parser = argparse.ArgumentParser(description="the share of Triton's lit chunks that layoutdialect reads")
    parser.add_argument("root", type=Path, help="Triton's test/ folder")
    parser.add_argument("--accepted", type=Path, help="the table of chunks Triton 3.9 accepts")
    parser.add_argument("--only", default="", help="only files whose path contains this text")
    parser.add_argument("--show", metavar="NAME", help="list the chunks of one group, with their errors")
    parser.add_argument("--top", type=int, default=40, help="how many groups to print")
    args = parser.parse_args()
    chunks = [(name, text) for name, text in lit_chunks(args.root, args.accepted) if args.only in name]
    with ProcessPoolExecutor() as pool:
        results = list(pool.map(classify, chunks, chunksize=8))
    read = sum(group is None for _, group, _ in results)
    crashes = sum(group == "crash" for _, group, _ in results)
    share = 100 * read / max(1, len(results))
    print(f"read {read} of {len(results)} chunks ({share:.1f}%); {crashes} crashed")
    if args.show is not None:
        for name, group, message in results:
            if group == args.show:
                print(f"  {name}: {message}")
        return 0
    groups = Counter(group for _, group, _ in results if group is not None)
    for group, count in groups.most_common(args.top):
        print(f"{count:6}  {group}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
