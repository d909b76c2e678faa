"""Every shell example of ``README.md`` and ``docs/`` runs and prints what the page shows.

A shell example is a fenced code block whose first line is a command of this package,
``$ layout-tool ...`` or ``$ layout-opt ...``.  Each line that starts with ``$ `` is a
command; the lines after it, up to the next command or the end of the block, are what it
prints, stdout and stderr together in the order written.  The comparison ignores
trailing spaces, and a line that is only ``...`` (indented or not) stands for any number
of lines, none included, so a page may show the start of a long answer, or its start and
end.  A command with no lines after it must print nothing.

Commands are split with ``shlex`` and run in this process through the tools' ``main``
(a second Python process per example would cost more than most answers), from a scratch
folder whose entries link to the repository root's: paths read as from the root, and a
file an example writes (``--png F``, ``-o F``) lands in the scratch folder.  A command
that pipes (``|``) runs in bash.

The question table of ``README.md`` names a command per question without its output;
each of those runs too and must succeed.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from layoutdialect.tools import layout_opt, layout_tool

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
TOOLS = {"layout-tool": layout_tool.main, "layout-opt": layout_opt.main}
ELISION = "..."


@dataclass(frozen=True)
class Example:
    page: str
    line: int
    command: str
    expected: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def _blocks(text: str) -> list[tuple[int, list[str]]]:
    """Each fenced block of ``text`` as (the line number of its first line, its lines)."""
    blocks: list[tuple[int, list[str]]] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        fence = re.match(r"\s*(```+|~~~+)", lines[index])
        if not fence:
            index += 1
            continue
        start = index + 1
        end = start
        while end < len(lines) and not lines[end].strip().startswith(fence.group(1)):
            end += 1
        blocks.append((start + 1, lines[start:end]))
        index = end + 1
    return blocks


def shell_examples(text: str, name: str) -> list[Example]:
    """The commands of the shell examples of page ``name``, whose text is ``text``, each
    with the output the page shows."""
    examples = []
    for first_line, lines in _blocks(text):
        if not lines or not re.match(r"\$ (layout-tool|layout-opt)\b", lines[0]):
            continue
        for offset, line in enumerate(lines):
            if line.startswith("$ "):
                expected = []
                for following in lines[offset + 1 :]:
                    if following.startswith("$ "):
                        break
                    expected.append(following)
                examples.append(Example(name, first_line + offset, line[2:], tuple(expected)))
    return examples


def table_commands(page: Path) -> list[Example]:
    """The commands in the cells of ``page``'s tables (```layout-tool ...``` in a row)."""
    name = page.relative_to(ROOT).as_posix()
    examples = []
    for number, line in enumerate(page.read_text().splitlines(), 1):
        if line.startswith("|"):
            for command in re.findall(r"`((?:layout-tool|layout-opt) [^`]*)`", line):
                if "FILE" not in command and "LAYOUT" not in command:
                    examples.append(Example(name, number, command, ()))
    return examples


def run(command: str) -> tuple[int, str]:
    """Run ``command`` as a user would from the repository root; its exit status and its
    stdout and stderr together."""
    words = shlex.split(command)
    if "|" in words:
        done = subprocess.run(
            ["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, check=False, timeout=120
        )
        return done.returncode, done.stdout + done.stderr
    tool = TOOLS[words[0]]
    output = io.StringIO()
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        try:
            status = tool(words[1:])
        except SystemExit as exit:
            status = exit.code if isinstance(exit.code, int) else 1
    return status, output.getvalue()


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with each ``...`` line standing for any lines."""
    if not expected:
        return not actual
    if expected[0].strip() == ELISION:
        return any(matches(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and expected[0].rstrip() == actual[0].rstrip() and matches(expected[1:], actual[1:])


@pytest.fixture
def in_scratch_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder that reads as the repository root (each entry a link to the root's) and
    takes whatever an example writes; the current directory for the test."""
    for entry in ROOT.iterdir():
        if not entry.name.startswith("."):
            (tmp_path / entry.name).symlink_to(entry)
    monkeypatch.chdir(tmp_path)
    return tmp_path


SHELL_EXAMPLES = [
    example for page in PAGES for example in shell_examples(page.read_text(), page.relative_to(ROOT).as_posix())
]
TABLE_COMMANDS = table_commands(ROOT / "README.md")


def test_the_pages_have_shell_examples() -> None:
    assert len(SHELL_EXAMPLES) >= 20
    assert len(TABLE_COMMANDS) >= 10


@pytest.mark.parametrize("example", SHELL_EXAMPLES, ids=lambda example: example.id)
def test_shell_example_prints_what_the_page_shows(example: Example, in_scratch_root: Path) -> None:
    _, output = run(example.command)
    actual = output.splitlines()
    if not matches(list(example.expected), actual):
        shown = "\n".join(actual[:80]) + ("\n[...]" if len(actual) > 80 else "")
        pytest.fail(f"{example.id}: $ {example.command}\nprints:\n{shown}", pytrace=False)


@pytest.mark.parametrize("example", TABLE_COMMANDS, ids=lambda example: example.id)
def test_question_table_command_answers(example: Example, in_scratch_root: Path) -> None:
    status, output = run(example.command)
    assert status == 0, f"{example.id}: $ {example.command}\n{output}"
    assert output.strip()


@pytest.mark.parametrize(
    ("expected", "actual", "result"),
    [
        (["a", "b"], ["a", "b  "], True),
        (["a", "..."], ["a", "b", "c"], True),
        (["a", "..."], ["a"], True),
        (["...", "c"], ["a", "b", "c"], True),
        (["a", "  ...", "c"], ["a", "c"], True),
        (["a", "...", "c"], ["a", "b"], False),
        (["a"], ["a", "b"], False),
        ([], [], True),
    ],
)
def test_elision_marker(expected: list[str], actual: list[str], result: bool) -> None:
    assert matches(expected, actual) is result


def test_shell_examples_are_found_in_fenced_blocks() -> None:
    text = "text\n\n```text\n$ layout-tool show X\nout\n...\n$ layout-opt f.mlir\n```\n\n```sh\nls\n```\n"
    found = shell_examples(text, "page.md")
    assert [(e.line, e.command, e.expected) for e in found] == [
        (4, "layout-tool show X", ("out", "...")),
        (7, "layout-opt f.mlir", ()),
    ]


if __name__ == "__main__":  # pragma: no cover - a helper to see every example's output
    for example in SHELL_EXAMPLES + TABLE_COMMANDS:
        os.chdir(ROOT)
        print(f"== {example.id}: $ {example.command}")
        sys.stdout.write(run(example.command)[1])
