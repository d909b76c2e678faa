"""A pass's options and operand checked where a Python caller gives them, so that a wrong
one is a ``PassOptionError`` naming it, as the ``-p`` reader would have refused it."""

from __future__ import annotations

import dataclasses
import typing

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

__all__ = ["PassOptionError", "check_application", "check_options"]


class PassOptionError(ValueError):
    """A pass option of the wrong type, or a pass applied to something not a module."""


def check_options(options: ModulePass) -> None:
    """Each option of ``options`` (a ``bool``, ``int`` or ``str`` field) has its type; the
    message spells the option as ``-p`` does (``max-mixed-transpositions``)."""
    hints = typing.get_type_hints(type(options))
    for field in dataclasses.fields(options):
        expected = hints[field.name]
        value = getattr(options, field.name)
        if expected in (bool, int, str) and (type(value) is not expected):
            spelling = field.name.replace("_", "-")
            raise PassOptionError(
                f"{options.name}: '{spelling}' must be {expected.__name__}, got {type(value).__name__} {value!r:.60}"
            )


def check_application(applied: ModulePass, ctx: object, op: object) -> None:
    """``applied.apply(ctx, op)`` is given an xDSL ``Context`` and a ``ModuleOp``."""
    if not isinstance(ctx, Context) or not isinstance(op, ModuleOp):
        raise PassOptionError(
            f"{applied.name} applies to a ModuleOp in a Context, got {type(op).__name__} in {type(ctx).__name__}"
        )
