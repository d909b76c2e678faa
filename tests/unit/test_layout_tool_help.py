"""``layout-tool --help`` teaches: every option of every subcommand says what it is."""

from __future__ import annotations

import argparse

from tools.layout_tool import _parser


def test_every_option_of_every_subcommand_has_help_text() -> None:
    parser = _parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in commands.choices.items():
        for action in command._actions:
            assert action.help, f"layout-tool {name}: {action.option_strings or action.dest} has no help text"
