"""Command lines whose usage errors are located: ``NAME:1:1: error: message``, status 1, no
usage dump, where ``NAME`` is the argument at fault (``layout-tool``,
``python -m layoutdialect.triton``)."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import ClassVar, NoReturn

__all__ = ["MAX_SHOWN", "LocatedArgumentParser", "excerpt"]

MAX_SHOWN = 200
"""The most characters of a usage error's message, or of an argument shown under it."""


def excerpt(text: str) -> str:
    """Text as a usage error shows it: its first line, cut to ``MAX_SHOWN`` characters."""
    first = text.split("\n", 1)[0]
    return first if len(first) <= MAX_SHOWN else first[:MAX_SHOWN] + "..."


class LocatedArgumentParser(argparse.ArgumentParser):
    """Usage errors as ``NAME:1:1: error: ...`` with status 1, where ``NAME`` is the argument
    at fault: an option (``--dtype``), a positional argument as the answers name it
    (``<layout>``, ``<expression 1>``, ``<command>``), or an extra argument by its place
    (``<argument 3>``), shown under the message."""

    positional_names: ClassVar[dict[str, str]] = {}
    """Positional arguments named otherwise than ``<`` + their usage name + ``>``."""

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        argv = list(sys.argv[1:] if args is None else args)
        parsed, extras = self.parse_known_args(argv, namespace)
        if extras:
            token = extras[0]
            if token.startswith("-"):
                self._fail(token.split("=")[0], f"unrecognized option {token.split('=')[0]}", None)
            place = len(argv) - argv[::-1].index(token)
            self._fail(f"<argument {place}>", f"unrecognized argument '{token}'", token)
        return parsed

    def error(self, message: str) -> NoReturn:  # type: ignore[override]
        self._fail(self._blamed(message), re.sub(r"^argument [^:]+: ", "", message), None)

    def _fail(self, name: str, message: str, shown: str | None) -> NoReturn:
        """Print ``name:1:1: error: message`` (long values cut), and ``shown`` under it."""
        message = re.sub(r"'([^']{40})[^']+'", r"'\1...'", message)
        print(f"{name}:1:1: error: {excerpt(message)}", file=sys.stderr)
        if shown is not None:
            print(f"{excerpt(shown)}\n^", file=sys.stderr)
        sys.exit(1)

    def _blamed(self, message: str) -> str:
        """The name of the argument argparse's ``message`` is about."""
        if about := re.match(r"argument ([^:]+): ", message):
            return self._named(about.group(1).split("/")[0])
        if missing := re.match(r"the following arguments are required: ([^,]+)", message):
            return self._named(missing.group(1))
        if ambiguous := re.match(r"ambiguous option: ([^=\s]+)", message):
            return ambiguous.group(1)
        return "<command-line>"

    def _named(self, name: str) -> str:
        """An option as it is spelt; a positional argument as the answers name it."""
        if name.startswith("-"):
            return name
        return self.positional_names.get(name, f"<{name}>")
