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


def test_every_subcommand_states_its_size_limits() -> None:
    """``layout-tool --help`` and each command's ``--help`` end with the sizes it answers
    (``layoutdialect.answers.limits``), which are the limits its errors name."""
    parser = _parser()
    assert "sizes: every command answers layouts of up to 1048576 (2^20) elements" in parser.format_help()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in commands.choices.items():
        assert "sizes: " in command.format_help(), f"layout-tool {name} --help states no sizes"
