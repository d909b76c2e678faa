"""``layout-tool cute``: evaluate a CuTe layout or algebra expression, show it as an F2 matrix
and back, and compare two layouts (equal, inverse of each other, or different).  A ttg
layout is shown the CuTe way round: a shared one as ``coordinate -> offset``, a
distributed one as a TV layout (an ``nvidia_mma`` accumulator gives CUTLASS's
``((4,8),(2,2)):((32,1),(16,8))``).

The two m-coordinate maps of the CUTLASS MMA-atom question are not inverses of each
other, whatever the question says: the second swaps index bits 2 and 4 and so is its
own inverse, ``(4,2,2,2):(1,16,8,4)``, while the first rotates bits 2, 3, 4:

>>> answer = cute_answer(["[0,1,2,3,8,9,10,11,16,17,18,19,24,25,26,27,4,5,6,7,12,13,14,15,20,21,22,23,28,29,30,31]",
...                       "[0,1,2,3,16,17,18,19,8,9,10,11,24,25,26,27,4,5,6,7,20,21,22,23,12,13,14,15,28,29,30,31]"])
>>> answer.relation, str(answer.facts[0].inverse), str(answer.facts[1].inverse)
('different', '(4,2,4):(1,16,4)', '(4,2,2,2):(1,16,8,4)')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from layoutdialect.answers.arguments import (
    LayoutArgumentError,
    TensorShape,
    check_cute_size,
    parse_layout_argument,
    parse_shape_option,
)
from layoutdialect.answers.limits import SLOW_SIZE
from layoutdialect.answers.progress import steps
from layoutdialect.cute.layout import ComposedLayout, CuteError, Layout, Swizzle, offsets
from layoutdialect.cute.linear import (
    cute_view_of_shared,
    from_linear_layout,
    to_linear_layout,
    tv_view_of_distributed,
)
from layoutdialect.cute.text import CuteSyntaxError, CuteValue, Table, parse_cute
from layoutdialect.f2 import LinearLayout

__all__ = ["CuteAnswer", "CuteFacts", "ask", "cute_answer"]

MAX_LISTED_VALUES = 64

MAX_ECHOED_CHARACTERS = 1000
"""The most characters of an expression the answer repeats."""


def _offsets(value: CuteValue) -> np.ndarray:
    """The offset of each index of ``value``'s domain, in order."""
    if isinstance(value, int):
        value = Layout(value)
    if isinstance(value, Table):
        return np.array(value.values, dtype=np.int64)
    if isinstance(value, Layout | Swizzle | ComposedLayout):
        return offsets(value)
    raise CuteError("a tiler <...> is not a layout")


def _shown(text: str) -> str:
    """An expression as the answer repeats it: whole, unless it is longer than a line can
    sensibly hold (a table pasted from a dump)."""
    if len(text) <= MAX_ECHOED_CHARACTERS:
        return text
    return f"{text[:MAX_ECHOED_CHARACTERS]}... ({len(text)} characters)"


@dataclass(frozen=True)
class CuteFacts:
    """What one expression evaluates to, in every form it has."""

    text: str
    value: CuteValue
    values: np.ndarray
    """The offset of each index, in order."""
    linear: LinearLayout | None
    linear_error: str | None
    cute_form: Layout | ComposedLayout | None
    inverse: Layout | ComposedLayout | None
    """The CuTe form of the inverse map, for a bijection onto ``0..size-1``."""

    def lines(self) -> list[str]:
        value = self.value
        lines = [_shown(self.text), f"  = {value.brief() if isinstance(value, Table) else value}"]
        if isinstance(value, Layout | ComposedLayout):
            lines.append(f"  C++: {value.cpp()}")
            lines.append(f"  size {value.size}, cosize {int(self.values.max()) + 1}")
        shown = ",".join(map(str, self.values[:MAX_LISTED_VALUES].tolist()))
        lines.append(f"  values: [{shown}{',...' if len(self.values) > MAX_LISTED_VALUES else ''}]")
        if self.linear is None:
            lines.append(f"  not F2-linear: {self.linear_error}")
            return lines
        lines.append("  F2 linear layout (coordinate bits -> offset):")
        lines.extend("  " + line for line in str(self.linear).strip("\n").split("\n"))
        if self.cute_form is not None and (not isinstance(value, Layout) or str(self.cute_form) != str(value)):
            lines.append(f"  as CuTe: {self.cute_form}")
            lines.append(f"  C++: {self.cute_form.cpp()}")
        if self.inverse is not None:
            own = " (its own inverse)" if np.array_equal(self.values, offsets(self.inverse)) else ""
            lines.append(f"  inverse: {self.inverse}{own}")
        return lines

    def to_json(self) -> dict[str, Any]:
        value = self.value
        return {
            "expression": self.text,
            "value": str(value),
            "cpp": value.cpp() if isinstance(value, Layout | ComposedLayout) else None,
            "values": self.values.tolist(),
            "linear_layout": None if self.linear is None else dict(self.linear.bases),
            "not_linear_because": self.linear_error,
            "cute": None if self.cute_form is None else str(self.cute_form),
            "cute_cpp": None if self.cute_form is None else self.cute_form.cpp(),
            "inverse": None if self.inverse is None else str(self.inverse),
        }


def _ttgir_value(text: str, shape: TensorShape | None, name: str) -> Layout | ComposedLayout:
    """A ttg layout the CuTe way round: a shared layout as ``coordinate -> offset``, a
    distributed one as a TV layout ``(thread, value) -> m + M * n``."""
    argument = parse_layout_argument(text, shape, name)
    try:
        if argument.kind == "shared":
            linear = cute_view_of_shared(argument.layout)
        else:
            linear = tv_view_of_distributed(argument.layout)
        cute_form = from_linear_layout(linear)
    except CuteError as error:
        raise argument.error(str(error)) from None
    if cute_form is None:
        raise argument.error(f"the {argument.kind} layout has no CuTe form (no swizzle makes its columns disjoint)")
    check_cute_size(name, text, cute_form)
    return cute_form


def _value(text: str, shape: TensorShape | None, name: str) -> CuteValue:
    """The CuTe value an expression, or a ttg layout, denotes."""
    if text.lstrip().startswith(("#", "!", "tensor<")):
        return _ttgir_value(text, shape, name)
    try:
        value = parse_cute(text)
    except CuteSyntaxError as error:
        raise LayoutArgumentError(name, text, error.column, error.message) from None
    if isinstance(value, tuple):
        raise LayoutArgumentError(name, text, 1, "a tiler <...> is not a layout")
    check_cute_size(name, text, value)
    return value


def _facts_of(text: str, value: CuteValue) -> CuteFacts:
    values = _offsets(value)
    try:
        linear = to_linear_layout(value)
        flat = linear.flatten_ins().rename_in_dim(linear.flatten_ins().get_in_dim_names()[0], "index")
        cute_form = from_linear_layout(flat)
        inverse = None
        if _is_permutation(values):
            inverse = from_linear_layout(flat.invert().rename_in_dim("offset", "index"))
        return CuteFacts(text, value, values, linear, None, cute_form, inverse)
    except CuteError as error:
        return CuteFacts(text, value, values, None, str(error), None, None)


def _is_permutation(values: np.ndarray) -> bool:
    """Whether ``values`` holds each of ``0 .. len(values) - 1`` once."""
    return bool(np.array_equal(np.sort(values), np.arange(len(values))))


def _relation(first: np.ndarray, second: np.ndarray) -> str:
    if np.array_equal(first, second):
        return "equal"
    if len(second) == len(first) and _is_permutation(first) and np.array_equal(second[first], np.arange(len(first))):
        return "inverse of each other"
    return "different"


@dataclass(frozen=True)
class CuteAnswer:
    facts: list[CuteFacts]
    relation: str | None

    def text(self) -> str:
        lines: list[str] = []
        for facts in self.facts:
            lines.extend(facts.lines())
        if self.relation is not None:
            lines.append(f"the two layouts are {self.relation}")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        return {"layouts": [f.to_json() for f in self.facts], "relation": self.relation}


def cute_answer(expressions: Sequence[str], shape: TensorShape | None = None) -> CuteAnswer:
    """Evaluate one or two expressions (CuTe, or ttg layouts, which need ``shape`` unless
    they carry one); with two, say how they relate as maps of indices."""
    if not expressions:
        raise ValueError("give one CuTe expression, or two to compare")
    if len(expressions) > 2:
        raise LayoutArgumentError("<expression 3>", expressions[2], 1, "give one CuTe expression, or two to compare")
    values = [_value(text, shape, f"<expression {index + 1}>") for index, text in enumerate(expressions)]
    large = any(getattr(value, "size", 0) > SLOW_SIZE for value in values)
    names = [f"expression {index + 1}" for index in range(len(values))]
    with steps("cute", names, large) as step:
        facts = []
        for name, text, value in zip(names, expressions, values):
            step(name)
            facts.append(_facts_of(text, value))
    relation = _relation(facts[0].values, facts[1].values) if len(facts) == 2 else None
    return CuteAnswer(facts, relation)


def ask(expressions: Sequence[str], shape: str | None = None) -> CuteAnswer:
    """``layout-tool cute``: one or two expressions as written on the command line."""
    return cute_answer(expressions, parse_shape_option(shape))
