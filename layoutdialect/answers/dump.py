"""Layouts read from a TTGIR dump, as Triton's ``triton-tensor-layout -i dump.mlir
-alias-names=blocked`` reads them: an alias the dump defines (``show '#blocked' --from
dump.mlir``, or any layout text using its aliases) and the type of one of its values
(``show dump.mlir --value %x``).

A file that cannot be read, or does not parse, is an ``IRError`` located in it; an unknown
value is a ``LayoutArgumentError`` at ``--value`` (an unknown alias is one at the layout
argument, from ``parse_layout_argument``)."""

from __future__ import annotations

import re

from xdsl.ir import Attribute

from layoutdialect.answers.arguments import LayoutArgument, LayoutArgumentError, TensorShape, layout_of_type, quoted
from layoutdialect.dialect.text import read_aliases, read_named_values
from layoutdialect.dialect.ttg.attributes import EncodingAttr
from layoutdialect.ir.source_files import read_source

__all__ = ["MAX_LISTED_NAMES", "dump_aliases", "value_layout"]

MAX_LISTED_NAMES = 12
"""The most names of a file's values an error lists."""

_VALUE = re.compile(r"\s*%?([A-Za-z_$.0-9-][\w$.-]*)(?:#(\d+))?\s*")
"""An SSA value as ``--value`` names it: ``%x``, ``x``, ``%0``, or a result of several, ``%x#1``."""


def dump_aliases(path: str) -> dict[str, Attribute]:
    """The aliases the TTGIR file ``path`` (``-``: stdin) defines before its first op."""
    filename, text = read_source(path)
    return read_aliases(text, filename)


def value_layout(path: str, value: str, shape: TensorShape | None = None) -> LayoutArgument:
    """The layout and shape of the tensor or memdesc type of ``value`` (``%x``; ``%x#1``
    for a result of several) in the TTGIR file ``path``: its first definition there."""
    reference = _VALUE.fullmatch(value)
    if reference is None:
        raise LayoutArgumentError("--value", value, 1, "expected an SSA value, such as %x or %x#1")
    name, index = reference.group(1), int(reference.group(2) or 0)
    filename, text = read_source(path)
    values = read_named_values(text, filename)
    found = values.get(name)
    if found is None:
        names = [f"%{known}" for known in values]
        listed = ", ".join(names[:MAX_LISTED_NAMES]) + (", ..." if len(names) > MAX_LISTED_NAMES else "")
        message = f"{filename} defines no value %{name}" + (f"; it defines {listed}" if names else "")
        raise LayoutArgumentError("--value", value, 1, message)
    if index >= len(found):
        message = f"%{name} has {len(found)} result{'s' * (len(found) != 1)}; #{index} is not one of them"
        raise LayoutArgumentError("--value", value, value.index("#") + 1, message)
    value_type = found[index].type
    encoding = getattr(value_type, "encoding", None)
    if not isinstance(encoding, EncodingAttr):
        message = f"%{name} is a '{quoted(str(value_type))}', not a tensor or memdesc with a ttg layout"
        raise LayoutArgumentError("--value", value, 1, message)
    return layout_of_type("--value", str(value_type), value_type, shape)
