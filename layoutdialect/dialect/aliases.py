"""Print IR with TTGIR's attribute aliases: ``#blocked``, ``#blocked1``, ``#mma``, ``#shared``, ...

xDSL parses alias definitions but always prints attributes inline.  This printer
names each layout the way Triton's ``getAlias`` does, defines the names above
the module in first-use order (a parent before the layouts built on it), and
prints the names in place of the attributes.  ``#ttg.slice`` and ``#ttg.dot_op``
stay inline, with their parents aliased.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from io import StringIO
from typing import IO, Any

from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    ComplexType,
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    IndexType,
    IntegerType,
    ModuleOp,
)
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue
from xdsl.printer import Printer

from layoutdialect.dialect.ttg.attributes import (
    AmdMfmaEncodingAttr,
    AmdWmmaEncodingAttr,
    BlockedEncodingAttr,
    DotOperandEncodingAttr,
    EncodingAttr,
    GenericLinearEncodingAttr,
    LinearEncodingAttr,
    NvidiaMmaEncodingAttr,
    PartitionedSharedEncodingAttr,
    SharedEncodingAttr,
    SharedMemorySpaceAttr,
    SliceEncodingAttr,
    encoding_attr,
)
from layoutdialect.ir.dense import element_count, splat_bytes, splat_value

__all__ = ["AliasPrinter", "alias_stem", "collect_aliases", "print_with_aliases"]


def alias_stem(attribute: Attribute) -> str | None:
    """The alias Triton gives this kind of attribute, or ``None`` to print it inline."""
    if isinstance(attribute, BlockedEncodingAttr):
        return "blocked"
    if isinstance(attribute, NvidiaMmaEncodingAttr | AmdMfmaEncodingAttr | AmdWmmaEncodingAttr):
        return "mma"
    if isinstance(attribute, SharedEncodingAttr):
        return "shared"
    if isinstance(attribute, LinearEncodingAttr):
        return "linear"
    if isinstance(attribute, GenericLinearEncodingAttr):
        return "generic_linear"
    if isinstance(attribute, SharedMemorySpaceAttr):
        return "smem"
    return _STEMS_BY_NAME.get(getattr(attribute, "name", ""))


_STEMS_BY_NAME = {"ttng.tensor_memory_encoding": "tmem", "ttng.tensor_memory_scales_encoding": "tmem_scales"}
"""Aliases of attributes from dialects this module does not import."""


def _nested(attribute: Attribute) -> list[Attribute]:
    """The attributes printed inside ``attribute``, which must be named before it."""
    if isinstance(attribute, DotOperandEncodingAttr | SliceEncodingAttr):
        return [encoding_attr(attribute.data.parent)]
    if isinstance(attribute, PartitionedSharedEncodingAttr):
        return [encoding_attr(attribute.data.partition_layout)]
    if isinstance(attribute, EncodingAttr):
        return []
    if isinstance(attribute, ParametrizedAttribute):
        return list(attribute.parameters)
    if isinstance(attribute, ArrayAttr):
        return list(attribute.data)
    if isinstance(attribute, DictionaryAttr):
        return list(attribute.data.values())
    return []


def collect_aliases(module: ModuleOp) -> dict[Attribute, str]:
    """Alias names for the layouts in ``module``, in first-use order, parents first.

    Each op contributes its properties and attributes, then its blocks' argument
    types, then its result and operand types; a stem's first use is ``#stem``,
    the next ``#stem1``, and so on.
    """
    aliases: dict[Attribute, str] = {}
    counts: dict[str, int] = {}
    seen: set[Attribute] = set()
    seen_objects: dict[int, Attribute] = {}  # by identity, to hash each object once

    def visit(attribute: Attribute) -> None:
        if id(attribute) in seen_objects:
            return
        seen_objects[id(attribute)] = attribute
        if attribute in seen:
            return
        seen.add(attribute)
        for inner in _nested(attribute):
            visit(inner)
        if (stem := alias_stem(attribute)) is not None:
            count = counts.get(stem, 0)
            aliases[attribute] = f"#{stem}{count or ''}"
            counts[stem] = count + 1

    for op in module.walk():
        for attribute in (*op.properties.values(), *op.attributes.values()):
            visit(attribute)
        for region in op.regions:
            for block in region.blocks:
                for argument in block.args:
                    visit(argument.type)
        for value in (*op.results, *op.operands):
            visit(value.type)
    return aliases


_NUMBERED = re.compile(r"(_\d+)+$")
"""The numbering the printer adds to a name hint, and the parser strips."""


@dataclass(eq=False, repr=False)
class AliasPrinter(Printer):
    """A ``Printer`` that writes the alias of each aliased attribute instead of its body."""

    aliases: dict[Attribute, str] = field(default_factory=dict[Attribute, str])
    _attribute_texts: dict[int, tuple[Attribute, str]] = field(default_factory=dict[int, tuple[Attribute, str]])
    """The text of each attribute printed so far, keyed by identity (the entry holds the
    attribute, so its identity stays its own): a kernel prints a few dozen type objects
    on every line, and printing one costs more than its op.  An attribute's text
    depends only on the aliases, so defining one forgets them all."""
    _taken_names: list[set[str]] = field(default_factory=lambda: [set[str]()])
    """The SSA names printed so far in each open scope (xDSL numbers a repeated hint
    ``alpha`` as ``alpha_1``, which a value whose own hint is ``alpha_1`` would then print
    again); an op isolated from above opens a scope, as xDSL's own name tables do."""

    def enter_scope(self) -> None:
        super().enter_scope()
        self._taken_names.append(set(self._taken_names[-1]))

    def exit_scope(self) -> None:
        super().exit_scope()
        self._taken_names.pop()

    def print_ssa_value(self, value: SSAValue) -> str:
        """As xDSL's, but a name is never given to two values, and a hint is numbered from
        its base (``alpha_0`` counts as ``alpha``), as the parser reads ``%alpha_3`` back
        as ``alpha``: printing what was printed gives the same names."""
        if value in self._ssa_values or not value.name_hint:
            name = super().print_ssa_value(value)
            self._taken_names[-1].add(name)
            return name
        hint = _NUMBERED.sub("", value.name_hint) or value.name_hint
        index = self.ssa_names.get(hint, 0)
        name = f"{hint}_{index}" if index else hint
        while name in self._taken_names[-1]:
            index += 1
            name = f"{hint}_{index}"
        self.ssa_names[hint] = index + 1
        self._ssa_values[value] = name
        self._taken_names[-1].add(name)
        self.print_string(f"%{name}")
        return name

    def print_op(self, op: Operation) -> None:
        """As xDSL's, but a module is written ``module``, as MLIR writes the ops of its
        default dialect (``builtin``)."""
        if not isinstance(op, ModuleOp) or self.print_generic_format:
            super().print_op(op)
            return
        self.enter_scope()
        self.print_string("module")
        op.print(self)
        if self.print_debuginfo:
            self.print_string(" ")
            self.print_attribute(op.location)
        self.exit_scope()

    def print_op_attributes(
        self,
        attributes: Mapping[str, Attribute],
        *,
        reserved_attr_names: Iterable[str] = (),
        print_keyword: bool = False,
    ) -> bool:
        """As xDSL's, in name order: MLIR's attribute dictionaries are sorted, so Triton
        prints ``{axis = 1 : i32, loop.stage = 2 : i32}`` whatever the order written."""
        ordered = dict(sorted(attributes.items()))
        return super().print_op_attributes(
            ordered, reserved_attr_names=reserved_attr_names, print_keyword=print_keyword
        )

    def define_alias(self, attribute: Attribute, alias: str) -> None:
        """Print ``attribute`` as ``alias`` from now on."""
        self.aliases[attribute] = alias
        self._attribute_texts.clear()

    def print_string(self, text: str, *, indent: int | None = None) -> None:
        """As xDSL's, writing a text without newlines with one ``write`` (xDSL calls
        ``print`` for every piece, which costs twice as much)."""
        if "\n" in text:
            super().print_string(text, indent=indent)
            return
        self._current_column += len(text)
        (sys.stdout if self.stream is None else self.stream).write(text)

    def print_attribute(self, attribute: Attribute) -> None:
        """As xDSL's, with aliases, each attribute object's text made once: the first
        print is captured and remembered unless it spans lines (its text would then
        depend on the indentation).  Inside a location (``loc(fused[...])``) a location
        prints without its ``loc(...)``, so nothing printed there is remembered."""
        if self.printing_location:
            self._print_attribute_afresh(attribute)
            return
        known = self._attribute_texts.get(id(attribute))
        if known is not None:
            self.print_string(known[1])
            return
        stream, line, column = self.stream, self._current_line, self._current_column
        callbacks = list(self._next_line_callback)
        self.stream = captured = StringIO()
        try:
            self._print_attribute_afresh(attribute)
        finally:
            self.stream = stream
        text = captured.getvalue()
        if "\n" in text:
            self._current_line, self._current_column = line, column
            self._next_line_callback[:] = callbacks
            self._print_attribute_afresh(attribute)
            return
        self._attribute_texts[id(attribute)] = (attribute, text)
        self._current_column = column
        self.print_string(text)

    def _print_attribute_afresh(self, attribute: Attribute) -> None:
        if (alias := self.aliases.get(attribute)) is not None:
            self.print_string(alias)
            return
        if isinstance(attribute, DenseIntOrFPElementsAttr) and _prints_as_splat(attribute):
            self._print_splat(attribute)
            return
        super().print_attribute(attribute)

    def print_float(self, value: float, type: AnyFloat) -> None:
        """As xDSL's, but infinities and NaNs in MLIR's spelling, ``0xFF800000``."""
        if math.isnan(value) or math.isinf(value):
            self.print_string(f"0x{type.pack((value,))[::-1].hex().upper()}")
            return
        super().print_float(value, type)

    def _print_splat(self, attribute: DenseIntOrFPElementsAttr) -> None:
        """``dense<v> : T``, also for a NaN splat, which xDSL's value comparison misses,
        and for one held as its one element (``dense.splat``)."""
        self.print_string("dense<")
        value = splat_value(attribute)
        element_type = attribute.get_element_type()
        if isinstance(element_type, AnyFloat) and isinstance(value, float):
            self.print_float(value, element_type)
        elif isinstance(element_type, IntegerType | IndexType) and isinstance(value, int):
            self.print_int(value, element_type)
        self.print_string("> : ")
        self.print_attribute(attribute.get_type())


def _prints_as_splat(attribute: DenseIntOrFPElementsAttr) -> bool:
    """Whether ``attribute`` has more than one element, all with the first one's bytes,
    and is no complex literal (xDSL prints those)."""
    if isinstance(attribute.get_element_type(), ComplexType):
        return False
    return element_count(attribute) > 1 and splat_bytes(attribute) is not None


def print_with_aliases(module: ModuleOp, stream: IO[str], **printer_options: Any) -> None:
    """Write the alias definitions, then ``module`` using them, then a newline."""
    printer = AliasPrinter(stream=stream, **printer_options)
    for attribute, alias in collect_aliases(module).items():
        stream.write(f"{alias} = ")
        printer.print_attribute(attribute)
        printer.define_alias(attribute, alias)
        stream.write("\n")
    printer.print_op(module)
    stream.write("\n")
