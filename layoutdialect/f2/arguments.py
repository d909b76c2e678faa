"""Checking the arguments of a public function at its entry, so that a wrong one is a
``ValueError`` subclass naming it rather than a ``TypeError``, ``KeyError`` or
``IndexError`` from deep inside.

``checks_arguments(error)`` checks each argument against its parameter's annotation once
per call (``int`` takes no ``bool`` and no ``float``; a sequence's items are checked too),
and each layer raises its own error class.  The values a function needs beyond their
types (dims a layout must have, sizes that must be powers of two) it checks itself,
with the helpers below.  A public function that the package also calls in a loop keeps
its checks and hands the work to an unchecked private one, which the loop calls.

>>> @checks_arguments(LinearLayoutError)
... def repeat(text: str, times: int) -> str:
...     return text * times
>>> repeat("ab", 2.0)
Traceback (most recent call last):
...
layoutdialect.f2.errors.LinearLayoutError: repeat: times must be an integer, got 2.0
"""

from __future__ import annotations

import functools
import inspect
import operator
import types
import typing
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, ForwardRef, TypeVar

from layoutdialect.f2.errors import LinearLayoutError

__all__ = [
    "ErrorFactory",
    "check_in_dims",
    "check_name",
    "checked_dim_sizes",
    "checked_instance",
    "checked_integer",
    "checked_list",
    "checked_names",
    "checks_arguments",
    "shown",
]

ErrorFactory = Callable[[str], ValueError]
"""The error a layer raises for a wrong argument, from its message (an error class)."""

_Predicate = Callable[[object], bool]
F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def shown(value: object) -> str:
    """``value`` as a message shows it: its ``repr`` when short, else its type."""
    text = repr(value)
    return text if len(text) <= 60 and "\n" not in text else f"a {type(value).__name__}"


def _is_integer(value: object) -> bool:
    if type(value) is int:
        return True
    if isinstance(value, bool):
        return False
    try:
        operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return False
    return True


def checked_integer(value: object, what: str, error: ErrorFactory = LinearLayoutError) -> int:
    """``value`` as an ``int`` (a ``bool`` or ``float`` is refused), or ``error`` naming ``what``."""
    if not _is_integer(value):
        raise error(f"{what} must be an integer, got {shown(value)}")
    return operator.index(value)  # type: ignore[arg-type]


def checked_instance(value: object, cls: type[T], what: str, error: ErrorFactory = LinearLayoutError) -> T:
    """``value``, or ``error`` naming ``what`` unless it is a ``cls`` (a class or a union of them)."""
    if not isinstance(value, cls):
        raise error(f"{what} must be a {getattr(cls, '__name__', cls)}, got {type(value).__name__}")
    return value


def check_name(value: object, what: str, error: ErrorFactory = LinearLayoutError) -> None:
    if not isinstance(value, str):
        raise error(f"{what} must be a string, got {shown(value)}")


def checked_list(value: object, what: str, error: ErrorFactory = LinearLayoutError) -> list[Any]:
    """``value`` as a list, when it is a sequence (or other iterable) but not a string."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise error(f"{what} must be a sequence, got {shown(value)}")
    return list(value)


def checked_names(value: object, what: str, error: ErrorFactory = LinearLayoutError) -> list[str]:
    """``value`` as a list of dim names."""
    names = checked_list(value, what, error)
    if not all(isinstance(name, str) for name in names):
        raise error(f"{what} must be strings, got {shown(names)}")
    return names


def checked_dim_sizes(value: object, what: str, error: ErrorFactory = LinearLayoutError) -> list[tuple[str, int]]:
    """``value`` as a list of ``(dim name, size)`` pairs."""
    pairs = checked_list(value, what, error)
    if not all(isinstance(pair, tuple | list) and len(pair) == 2 and isinstance(pair[0], str) for pair in pairs):
        raise error(f"{what} must be (dim name, size) pairs, got {shown(value)}")
    return [(name, checked_integer(size, f"{what}: the size of {name!r}", error)) for name, size in pairs]


def check_in_dims(
    layout: Any,
    required: Iterable[str],
    what: str,
    error: ErrorFactory = LinearLayoutError,
    allowed: Collection[str] | None = None,
) -> None:
    """``error`` unless the layout ``what`` has every in-dim of ``required`` and, with
    ``allowed``, no other in-dim than those."""
    names = layout.get_in_dim_names()
    missing = [dim for dim in required if dim not in names]
    if missing:
        raise error(f"{what} must have the in-dims {missing}; its in-dims are {names}")
    if allowed is not None and any(dim not in allowed for dim in names):
        raise error(f"{what} may only have the in-dims {list(allowed)}; its in-dims are {names}")


def _describe(annotation: Any) -> str:
    """The annotation as a message says it: ``an integer``, ``a sequence of integers``."""
    if annotation is int:
        return "an integer"
    if annotation is bool:
        return "a bool"
    if annotation is str:
        return "a string"
    if annotation is type(None):
        return "None"
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        return " or ".join(_describe(a) for a in arguments)
    if origin in (Mapping, dict):
        return f"a mapping of {_plural(arguments[0])} to {_plural(arguments[1])}"
    if isinstance(annotation, ForwardRef):
        name = annotation.__forward_arg__
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"
    if origin is tuple and (len(arguments) != 2 or arguments[1] is not Ellipsis):
        return f"a tuple of {len(arguments)}: " + ", ".join(_describe(a) for a in arguments)
    if origin is tuple:
        return f"a tuple of {_plural(arguments[0])}"
    if origin in (list, Sequence, Iterable, Collection, set, frozenset):
        return f"a sequence of {_plural(arguments[0])}" if arguments else "a sequence"
    if origin is Callable or annotation is Callable:
        return "a function"
    name = getattr(annotation, "__name__", None) or str(annotation)
    return f"a {name}"


def _plural(annotation: Any) -> str:
    described = _describe(annotation)
    for article in ("an ", "a "):
        if described.startswith(article):
            return described.removeprefix(article) + "s"
    return described


def _predicate(annotation: Any, namespace: dict[str, Any]) -> _Predicate | None:
    """A test of a value against ``annotation`` (whose names resolve in ``namespace``);
    ``None`` when nothing is to be checked.  ``list[X]``, ``Sequence[X]`` and their kin
    take any ordered collection; ``tuple[X, ...]`` only a tuple."""
    if annotation is int:
        return _is_integer
    if annotation is bool:
        return lambda value: isinstance(value, bool)
    if annotation is type(None):
        return lambda value: value is None
    if isinstance(annotation, ForwardRef | str):
        return _deferred(annotation if isinstance(annotation, str) else annotation.__forward_arg__, namespace)
    if annotation in (Any, object) or isinstance(annotation, TypeVar):
        return None
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        options = [_predicate(a, namespace) for a in arguments]
        if None in options:
            return None
        return lambda value: any(option(value) for option in options)  # type: ignore[misc]
    if origin in (Mapping, dict):
        keys, values = (_all(_predicate(a, namespace)) for a in arguments)
        return lambda value: (
            (type(value) is dict or isinstance(value, Mapping))
            and (keys is None or keys(value.keys()))  # type: ignore[attr-defined]
            and (values is None or values(value.values()))  # type: ignore[attr-defined]
        )
    if origin is tuple and arguments and (len(arguments) != 2 or arguments[1] is not Ellipsis):
        fixed = [_predicate(a, namespace) for a in arguments]
        return lambda value: (
            isinstance(value, tuple)
            and len(value) == len(fixed)
            and all(p is None or p(item) for p, item in zip(fixed, value))
        )
    if origin in (list, tuple, Sequence, Collection, set, frozenset):
        items = _all(_predicate(arguments[0], namespace) if arguments else None)
        if origin is tuple:
            return lambda value: isinstance(value, tuple) and (items is None or items(value))
        unordered = origin in (Collection, set, frozenset)
        return lambda value: (
            (_is_sequence(value) or unordered and isinstance(value, AbstractSet)) and (items is None or items(value))  # type: ignore[arg-type]
        )
    if origin is Iterable:
        items = _all(_predicate(arguments[0], namespace) if arguments else None)
        return lambda value: (
            isinstance(value, Iterable)
            and not isinstance(value, str | bytes)
            and (items is None or not isinstance(value, Collection) or items(value))
        )
    if origin is Callable or annotation is Callable:
        return callable
    if isinstance(annotation, type):
        return lambda value: isinstance(value, annotation)
    return None


def _deferred(name: str, namespace: dict[str, Any]) -> _Predicate:
    """The test of the annotation ``name``, built on its first use: a recursive alias such
    as ``IntTuple = int | tuple["IntTuple", ...]`` names itself."""
    built: list[_Predicate | None] = []

    def test(value: object) -> bool:
        if not built:
            try:
                built.append(_predicate(eval(name, namespace), namespace))
            except (NameError, TypeError, AttributeError, SyntaxError):
                built.append(None)
        predicate = built[0]
        return predicate is None or predicate(value)

    return test


def _all(predicate: _Predicate | None) -> Callable[[Iterable[object]], bool] | None:
    """The test that every item passes ``predicate``; integers, the common case, by type alone."""
    if predicate is None:
        return None
    if predicate is _is_integer:
        return lambda values: all(type(v) is int for v in values) or all(map(_is_integer, values))
    return lambda values: all(map(predicate, values))


def _is_sequence(value: object) -> bool:
    """An ordered collection of items: a list, a tuple, a range, an array; not a string."""
    if type(value) is list or type(value) is tuple:
        return True
    return isinstance(value, Collection) and not isinstance(value, str | bytes | Mapping | AbstractSet)


def _resolved(function: Callable[..., Any]) -> list[tuple[int, str, Any, _Predicate]]:
    """``(position, name, annotation, test)`` of each parameter whose annotation resolves
    in the function's module and can be checked."""
    checks = []
    namespace = inspect.unwrap(function).__globals__  # type: ignore[attr-defined]
    for position, parameter in enumerate(inspect.signature(function).parameters.values()):
        annotation = parameter.annotation
        if annotation is inspect.Parameter.empty or parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if isinstance(annotation, str):
            try:
                annotation = eval(annotation, namespace)  # the module's own names, as typing.get_type_hints does
            except (NameError, TypeError, AttributeError):
                continue
        predicate = _predicate(annotation, namespace)
        if predicate is not None:
            checks.append((position, parameter.name, annotation, predicate))
    return checks


def checks_arguments(error: ErrorFactory) -> Callable[[F], F]:
    """Decorate a function to check each argument against its parameter's annotation on
    every call, raising ``error`` that names the function, the parameter and the value.
    The annotations are read (in the function's module) on the first call."""

    def decorate(function: F) -> F:
        checks: list[tuple[int, str, Any, _Predicate]] | None = None
        where = function.__qualname__.replace(".<locals>", "").removesuffix(".__init__")

        @functools.wraps(function)
        def checked(*args: Any, **kwargs: Any) -> Any:
            nonlocal checks
            if checks is None:
                checks = _resolved(function)
            for position, name, annotation, predicate in checks:
                if position < len(args):
                    value = args[position]
                elif name in kwargs:
                    value = kwargs[name]
                else:
                    continue
                try:
                    conforms = predicate(value)
                except RecursionError:
                    conforms = False
                if not conforms:
                    raise error(f"{where}: {name} must be {_describe(annotation)}, got {shown(value)}")
            return function(*args, **kwargs)

        return checked  # type: ignore[return-value]

    return decorate
