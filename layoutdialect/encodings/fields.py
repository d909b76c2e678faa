"""Checking the Python types of an encoding's fields, so that a wrong argument is an
``EncodingError`` naming it rather than a ``TypeError`` from deep inside a layout.

Every encoding dataclass calls ``check_field_types(self)`` first in ``__post_init__``.
Sequences of integers may be given as lists; they are stored as tuples, so encodings
stay hashable.

>>> from layoutdialect.encodings import BlockedEncoding, CGALayout
>>> BlockedEncoding([1, 4], [8, 4], [4, 1], [1, 0], CGALayout.single(2)).size_per_thread
(1, 4)
>>> BlockedEncoding((1, 4.0), (8, 4), (4, 1), (1, 0), CGALayout.single(2))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
layoutdialect.encodings.base.EncodingError: BlockedEncoding: size_per_thread must be a sequence of integers, got ...
"""

from __future__ import annotations

import operator
import typing
from dataclasses import fields
from functools import cache
from typing import Any

from layoutdialect.encodings.base import EncodingError

__all__ = ["check_field_types"]


@cache
def _field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    """``(name, resolved annotation)`` of each dataclass field of ``cls``."""
    import layoutdialect.encodings as encodings  # the names the annotations use
    from layoutdialect.f2 import LinearLayout

    names = {name: getattr(encodings, name) for name in encodings.__all__} | {"LinearLayout": LinearLayout}
    hints = typing.get_type_hints(cls, localns=names)
    return tuple((f.name, hints[f.name]) for f in fields(cls))


def _coerce(value: Any, annotation: Any) -> Any:
    """``value`` as ``annotation`` says (lists of integers become tuples); ``TypeError`` if
    it is something else."""
    origin = typing.get_origin(annotation)
    if annotation is bool:
        if not isinstance(value, bool):
            raise TypeError
        return value
    if annotation is int:
        if isinstance(value, bool):
            raise TypeError
        return operator.index(value)
    if origin is tuple:
        if isinstance(value, str | bytes) or not hasattr(value, "__iter__"):
            raise TypeError
        (item, _) = typing.get_args(annotation)
        return tuple(_coerce(v, item) for v in value)
    if isinstance(annotation, type):
        if not isinstance(value, annotation):
            raise TypeError
        return value
    return value


def _describe(annotation: Any) -> str:
    if annotation is int:
        return "an integer"
    if annotation is bool:
        return "a bool"
    if typing.get_origin(annotation) is tuple:
        (item, _) = typing.get_args(annotation)
        return "a sequence of integers" if item is int else "a sequence of sequences of integers"
    return f"a {getattr(annotation, '__name__', annotation)}"


def check_field_types(instance: Any) -> None:
    """Raise ``EncodingError`` naming the first field of the dataclass ``instance`` whose
    value has the wrong Python type; store sequences of integers as tuples."""
    cls = type(instance)
    for name, annotation in _field_types(cls):
        value = getattr(instance, name)
        try:
            coerced = _coerce(value, annotation)
        except (TypeError, ValueError):
            raise EncodingError(f"{cls.__name__}: {name} must be {_describe(annotation)}, got {value!r}") from None
        if coerced is not value:
            object.__setattr__(instance, name, coerced)
