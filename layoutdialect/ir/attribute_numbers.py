"""Numbering attribute values, so that keys holding them are cheap to hash and compare.

An xDSL attribute hashes and compares by walking its parameters afresh every time (a
tensor type down to its encoding's every field).  Keys built from many ops (a
verifier's answers, common-subexpression elimination) hold the same few dozen types
and properties over and over; standing for each by a small number found once per
attribute object makes such keys cost what their tuples of ints cost.
"""

from __future__ import annotations

from xdsl.ir import Attribute

__all__ = ["AttributeNumbers"]


class AttributeNumbers:
    """One number per attribute value, found once per attribute object.

    >>> from xdsl.dialects.builtin import IntegerAttr
    >>> numbers = AttributeNumbers()
    >>> [numbers(IntegerAttr(1, 32)), numbers(IntegerAttr(2, 32)), numbers(IntegerAttr(1, 32))]
    [0, 1, 0]
    """

    def __init__(self) -> None:
        self._by_value: dict[Attribute, int] = {}
        self._by_object: dict[int, tuple[Attribute, int]] = {}
        """By identity; each entry holds its attribute, so the identity stays its own."""

    def __call__(self, attribute: Attribute) -> int:
        known = self._by_object.get(id(attribute))
        if known is not None:
            return known[1]
        number = self._by_value.setdefault(attribute, len(self._by_value))
        self._by_object[id(attribute)] = (attribute, number)
        return number
