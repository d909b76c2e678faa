"""Fuzzing of the Python API: a wrong argument ends in a ``ValueError`` subclass, quickly.

    python bench/fuzz_api.py [--calls 20000] [--seed 0] [--time-limit 3]

The public API is the ``__all__`` of ``PUBLIC_MODULES``.  Each call picks one of its
functions, classes or public methods (a method is called on a valid instance: a sample
layout, encoding, target, CuTe layout or analysis result built below) and passes it
arguments of which at least one is wrong: a wrong type (``None``, a string, a float, a
dict with wrong values, ...) or a wrong value of the right type (a negative, zero,
non-power-of-two or huge size; a layout without the in-dims a question needs, or with
extra ones; a name that is not a dim).  The others are valid for their annotation, so
the call reaches past its first check.

A failure is a call that raises anything but a ``ValueError`` subclass, or that runs
longer than ``--time-limit`` seconds.  Each distinct failure (callable, exception and the
line that raised it) is printed once, with how often it happened and a one-line
reproducer.  The xDSL attribute, type and op classes the package re-exports are left out:
their constructors are xDSL's.  The unit tests run a thousand calls, seeded.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import importlib
import inspect
import math
import random
import re
import resource
import signal
import sys
import traceback
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from layoutdialect import (
    BlockedEncoding,
    CGALayout,
    DotOperandEncoding,
    LayoutBuilder,
    LinearEncoding,
    LinearLayout,
    NvidiaMmaEncoding,
    NVMMASharedEncoding,
    SliceEncoding,
    SwizzledSharedEncoding,
    to_linear_layout,
)
from layoutdialect.encodings import (
    AmdMfmaEncoding,
    AMDRotatingSharedEncoding,
    AmdWmmaEncoding,
    PaddedSharedEncoding,
    PartitionedSharedEncoding,
    SharedLinearEncoding,
)

PUBLIC_MODULES = (
    "layoutdialect",
    "layoutdialect.f2",
    "layoutdialect.encodings",
    "layoutdialect.cute.algebra",
    "layoutdialect.cute.layout",
    "layoutdialect.cute.linear",
    "layoutdialect.cute.text",
    "layoutdialect.target",
    "layoutdialect.analysis.access_explanation",
    "layoutdialect.analysis.bank_conflicts",
    "layoutdialect.analysis.conversion",
    "layoutdialect.analysis.duplicates",
    "layoutdialect.analysis.layout_views",
    "layoutdialect.analysis.scratch_layout",
    "layoutdialect.analysis.swizzle_synthesis",
    "layoutdialect.analysis.tensor_memory_access",
    "layoutdialect.analysis.warp_shuffles",
)
"""The modules whose ``__all__`` is the public API (``layoutdialect.cute`` re-exports
nothing, so its modules are listed)."""

DIALECT_PACKAGE = "layoutdialect.dialect."
"""Classes from here are xDSL IR classes, left out; its functions are fuzzed."""

DIM_NAMES = ("register", "lane", "warp", "block", "offset", "row", "col", "dim0", "dim1", "dim2")


class _TimeLimit(BaseException):
    """Raised by the alarm inside a call that ran too long (a ``BaseException``, so that
    no ``except Exception`` in the code under test swallows it)."""


@dataclass(frozen=True)
class Entry:
    """One public callable: ``receiver`` is the class whose instances it is called on
    (``None`` for a function, a constructor or a class method)."""

    name: str
    module: str
    function: Callable[..., Any]
    receiver: type | None
    parameters: tuple[inspect.Parameter, ...]


@dataclass
class Failure:
    """A distinct wrong outcome: its first reproducer and how often it happened."""

    what: str
    reproducer: str
    count: int = 1

    def __str__(self) -> str:
        return f"[{self.count}x] {self.what}\n    {self.reproducer}"


@dataclass
class Report:
    """How the calls ended, and the distinct failures among them."""

    calls: int = 0
    returned: int = 0
    value_errors: int = 0
    other_exceptions: int = 0
    slow_calls: int = 0
    failures: dict[tuple[str, ...], Failure] = field(default_factory=dict)
    unreached: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{self.calls} calls: {self.returned} returned, {self.value_errors} ValueError, "
            f"{self.other_exceptions} other exceptions, {self.slow_calls} slow; "
            f"{len(self.failures)} distinct failures"
        )


# ----------------------------------------------------------------- the public API


def _parameters(function: Callable[..., Any], is_enum: bool) -> tuple[inspect.Parameter, ...] | None:
    if is_enum:  # Enum's own signature also offers the functional API's arguments
        return (inspect.Parameter("value", inspect.Parameter.POSITIONAL_OR_KEYWORD),)
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    return tuple(p for p in signature.parameters.values() if p.name not in ("self", "cls"))


def public_entries() -> list[Entry]:
    """Every function, class and public method (with ``__call__`` and ``__mul__``) that
    ``PUBLIC_MODULES`` export, each once."""
    entries: list[Entry] = []
    seen: set[int] = set()
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            if id(value) in seen or isinstance(value, types.GenericAlias | types.UnionType):
                continue
            seen.add(id(value))
            if inspect.isclass(value):
                if issubclass(value, BaseException) or value.__module__.startswith(DIALECT_PACKAGE):
                    continue
                parameters = _parameters(value, issubclass(value, enum.Enum))
                if parameters is not None:
                    entries.append(Entry(name, module_name, value, None, parameters))
                entries += _methods(value, name, module_name, seen)
            elif callable(value):
                parameters = _parameters(value, False)
                if parameters is not None:
                    entries.append(Entry(name, module_name, value, None, parameters))
    return entries


def _methods(cls: type, class_name: str, module_name: str, seen: set[int]) -> Iterator[Entry]:
    for attribute in sorted(dir(cls)):
        if attribute.startswith("_") and attribute not in ("__call__", "__mul__"):
            continue
        for owner in cls.__mro__:
            if attribute in vars(owner):
                raw = vars(owner)[attribute]
                break
        else:
            continue
        function = raw.__func__ if isinstance(raw, classmethod | staticmethod) else raw
        if not inspect.isfunction(function) or not function.__module__.startswith("layoutdialect"):
            continue
        if id(function) in seen:
            continue
        seen.add(id(function))
        parameters = _parameters(function, False)
        if parameters is None:
            continue
        name = f"{class_name}.{attribute}"
        if isinstance(raw, classmethod | staticmethod):
            yield Entry(name, module_name, getattr(cls, attribute), None, parameters)
        else:
            yield Entry(name, module_name, function, owner, parameters)


# ----------------------------------------------------------------- valid samples


def _layout(bases: list[tuple[str, list[list[int]]]], names: list[str], sizes: list[int]) -> LinearLayout:
    return LinearLayout.from_bases(bases, names, sizes, require_surjective=False)


def sample_objects() -> list[object]:
    """Valid values of the API's classes: layouts, encodings, targets, CuTe layouts and
    the results of each analysis on valid questions."""
    from layoutdialect import LowerConvertLayoutPass, LowerToLinearPass, RemoveRedundantConversionsPass
    from layoutdialect.analysis import (
        access_explanation,
        bank_conflicts,
        conversion,
        duplicates,
        scratch_layout,
        swizzle_synthesis,
        tensor_memory_access,
        warp_shuffles,
    )
    from layoutdialect.compiler import plan as conversion_plan
    from layoutdialect.cute.layout import ComposedLayout, Layout, Swizzle
    from layoutdialect.cute.text import parse_cute
    from layoutdialect.encodings.tensor_memory import TensorMemoryLayout, tensor_memory_linear_layout
    from layoutdialect.f2 import ColumnAction
    from layoutdialect.target import DEFAULT_TARGET, Target

    one_cta = CGALayout.single(2)
    blocked = BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), one_cta)
    transposed = BlockedEncoding((4, 1), (4, 8), (1, 4), (0, 1), one_cta)
    mma = NvidiaMmaEncoding(2, 0, (2, 2), one_cta, (16, 8))
    hopper = NvidiaMmaEncoding(3, 0, (4, 1), one_cta, (16, 64, 16))
    swizzled = SwizzledSharedEncoding(8, 1, 8, (1, 0), one_cta)
    nvmma = NVMMASharedEncoding(128, False, 16, one_cta)
    shape = [32, 64]
    src, dst = to_linear_layout(blocked, shape), to_linear_layout(transposed, shape)
    shared = to_linear_layout(swizzled, shape)
    swapped = LinearEncoding(
        _layout(
            [("register", [[1, 0]]), ("lane", [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]), ("warp", []), ("block", [])],
            ["dim0", "dim1"],
            [2, 32],
        )
    )
    exchanged = _layout(
        [("register", [[0, 1]]), ("lane", [[1, 0], [0, 2], [0, 4], [0, 8], [0, 16]]), ("warp", []), ("block", [])],
        ["dim0", "dim1"],
        [2, 32],
    )
    cta_rows = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2]]), ("block", [[4]])], ["dim0"])
    cta_columns = LinearLayout.from_bases([("register", [[4]]), ("lane", [[2]]), ("block", [[1]])], ["dim0"])
    memory = tensor_memory_linear_layout(TensorMemoryLayout(128, 64, 1), [128, 64])
    rows = tensor_memory_access.distributed_layout_for_tmem_access(
        memory, tensor_memory_access.TMemAccessAtom.I32x32b, 4, 32
    )
    target = Target.named("cuda:90")
    plan = conversion.choose_strategy(src, dst, 16, target.shared)
    cute_value = parse_cute("Sw<3,3,3> o (8,64):(64,1)")
    assert rows is not None
    objects: list[object] = [
        blocked,
        transposed,
        mma,
        hopper,
        DotOperandEncoding(0, mma, 2),
        SliceEncoding(1, blocked),
        AmdMfmaEncoding(3, (2, 2), (32, 32, 8), False, one_cta),
        AmdWmmaEncoding(2, False, ((0, 1),), ((0, 2), (2, 0)), one_cta),
        swapped,
        swizzled,
        nvmma,
        AMDRotatingSharedEncoding(4, 2, 4, (1, 0), one_cta),
        PaddedSharedEncoding.from_order((16,), (4,), (0, 1), (64, 16)),
        PartitionedSharedEncoding(2, 2, 0, swizzled),
        SharedLinearEncoding(shared, 16),
        one_cta,
        src,
        dst,
        shared,
        to_linear_layout(mma, shape),
        to_linear_layout(nvmma, [64, 64]),
        to_linear_layout(SliceEncoding(1, blocked), [32]),
        swapped.layout,
        memory,
        rows,
        LinearLayout.identity_1d(32, "lane", "dim0"),
        LinearLayout.empty(),
        LayoutBuilder.of(src),
        ColumnAction([1, 0, 2], "register", 3),
        DEFAULT_TARGET,
        target,
        target.shared,
        Target.named("hip:gfx942"),
        Target.named("hip:gfx950").cross_lane,
        Layout((4, 8), (8, 1)),
        Swizzle(3, 3, 3),
        ComposedLayout(Swizzle(3, 3, 3), 0, Layout((8, 64), (64, 1))),
        cute_value,
        parse_cute("[0,1,2,3]"),
        plan,
        conversion.choose_strategy(src, src, 16, target.shared),
        warp_shuffles.decompose_warp_conversion(swapped.layout, exchanged, 16),
        warp_shuffles.hardware_permutation(src, src),
        duplicates.find_duplicates(src),
        bank_conflicts.warp_access(src, shared, 16),
        bank_conflicts.bank_conflicts(src, shared, 16, target.shared),
        access_explanation.explain_access(src, shared, 16, target.shared),
        *vars(scratch_layout.plan_scratch(src, dst, 16, target.shared)).values(),
        *vars(scratch_layout.plan_scratch(cta_rows, cta_columns, 32, target.shared).load).values(),
        swizzle_synthesis.synthesise_swizzle(32, 64, 16, [(1, 8), (8, 1)], target.shared),
        tensor_memory_access.tmem_access(rows, memory, 32),
        *plan.__dict__.values(),
        conversion_plan(blocked, transposed, shape, "f16", target=target),
        LowerConvertLayoutPass(verify=True),
        LowerToLinearPass(),
        RemoveRedundantConversionsPass(),
    ]
    return [value for value in objects if value is not None]


# ----------------------------------------------------------------- arguments


_SOURCES: dict[int, tuple[object, str]] = {}
"""Source text of the values whose ``repr`` is not (lambdas, bare objects), kept alive."""


def _with_source(value: object, text: str) -> object:
    _SOURCES[id(value)] = (value, text)
    return value


def _random_layout(rng: random.Random) -> LinearLayout:
    """A small layout with random dims (often not the ones a question needs) and bases."""
    in_names = rng.sample([*DIM_NAMES[:7], "x"], rng.randint(0, 4))
    out_names = rng.sample(["dim0", "dim1", "dim2", "offset", "y"], rng.randint(0, 3))
    sizes = [1 << rng.randint(0, 4) for _ in out_names]
    bases = [(name, [[rng.randrange(size) for size in sizes] for _ in range(rng.randint(0, 3))]) for name in in_names]
    return _layout(bases, out_names, sizes)


JUNK: tuple[object, ...] = (
    *(None, "", "abc", "register", 1.5, 4.0, math.nan, -1, 0, 3, 1 << 40, 1 << 100, True, b"dim0"),
    *([], (), {}, [1.5], ["x"], [None], [-4, 8], [0, 16], [3, 5], [1 << 40, 1 << 40], [[1, 2], [3]]),
    *({"dim0": 4.0}, {"dim0": "4"}, {"dim0": -4}, {"nope": 4}, {1: 2}, {"dim0": None}, {"register": 1 << 40}),
    *([("dim0", 4.0)], [("dim0",)], (1, (2, 3)), {1, 2}),
    _with_source(object(), "object()"),
    _with_source(lambda *_: 0, "lambda *_: 0"),
)
"""Values of wrong types, or of wrong values, for any parameter."""


def _junk(rng: random.Random, layouts: list[LinearLayout]) -> object:
    """A value of a random wrong type or a random wrong value, or a layout."""
    if rng.random() < 0.15:
        return rng.choice(layouts) if rng.random() < 0.5 else _random_layout(rng)
    return rng.choice(JUNK)


class Arguments:
    """Valid and wrong values for a parameter, from its annotation and name."""

    def __init__(self, rng: random.Random, objects: list[object]) -> None:
        self.rng = rng
        self.objects = objects
        self.layouts = [value for value in objects if isinstance(value, LinearLayout)]

    def of_class(self, name: str) -> list[object]:
        return [value for value in self.objects if any(cls.__name__ == name for cls in type(value).__mro__)]

    def valid(self, parameter: inspect.Parameter) -> object:
        """A value of the right type, usually one the callable accepts."""
        rng, name = self.rng, parameter.name
        annotation = str(parameter.annotation).replace("'", "")
        if annotation.endswith("| None") and rng.random() < 0.2:
            return None
        core = annotation.removesuffix(" | None")
        if "LinearLayout" in core:
            return rng.choice(self.layouts) if rng.random() < 0.7 else _random_layout(rng)
        if core == "bool":
            return rng.random() < 0.5
        if core == "int":
            if "bit" in name:
                return rng.choice([8, 16, 32, 64])
            return rng.choice([0, 1, 2, 4, 8, 16, 32, 64])
        if core == "str":
            if name == "text":
                return rng.choice(["(4,8):(8,1)", "Sw<3,3,3> o (8,64):(64,1)", "", "module {}"])
            if name == "arch":
                return rng.choice(["cuda:90", "hip:gfx942", "generic"])
            return rng.choice(DIM_NAMES)
        if "tuple[str, int]" in core:
            return [(rng.choice(DIM_NAMES[7:]), 1 << rng.randint(0, 5)) for _ in range(rng.randint(1, 2))]
        if "tuple[int, int]" in core:
            if core.startswith("tuple"):
                return (rng.choice([8, 16]), rng.choice([8, 16]))
            return [(rng.randint(0, 1), rng.randint(0, 1)) for _ in range(2)]
        if "Mapping[str, int]" in core:
            return {dim: 1 << rng.randint(0, 6) for dim in rng.sample(DIM_NAMES[7:9], rng.randint(1, 2))}
        if "Mapping[str, str]" in core:
            return {"dim0": "dim1", "dim1": "dim0"}
        if "[str]" in core:
            return rng.sample(DIM_NAMES, rng.randint(0, 3))
        if "tuple[tuple[int" in core:
            return ((0, 1),)
        if "int" in core or core in ("IntTuple", "Tiler") or "[T]" in core:
            if name in ("order", "cta_order"):
                return rng.choice([[1, 0], [0, 1]])
            return [1 << rng.randint(0, 6) for _ in range(rng.randint(1, 2))]
        if "Callable" in core:
            return _with_source(lambda row, column: row * 64 + column, "lambda row, column: row * 64 + column")
        candidates = [value for word in re.findall(r"\w+", core) for value in self.of_class(word)]
        if candidates:
            return rng.choice(candidates)
        return _junk(rng, self.layouts)

    def wrong(self, parameter: inspect.Parameter) -> object:
        """A wrong type, or a wrong value of the right type."""
        rng = self.rng
        annotation = str(parameter.annotation)
        if rng.random() < 0.5:
            return _junk(rng, self.layouts)
        if "LinearLayout" in annotation:
            return _random_layout(rng)
        if "int" in annotation and "[" not in annotation:
            return rng.choice([-1, 0, 3, 6, 1 << 40, 1 << 64, 2.0, True])
        if "str" in annotation and "[" not in annotation:
            return rng.choice(["", "nope", "dim9", 3, "register"])
        if "int" in annotation:
            return rng.choice([[], [0], [-16, 32], [3, 5], [1 << 40, 1 << 40], [16.0, 32], ["16"], [16] * 6, 16])
        return _junk(rng, self.layouts)


# ----------------------------------------------------------------- reproducers


def source(value: object, imports: set[tuple[str, str]]) -> str:
    """Python text that rebuilds ``value``, adding the names it needs to ``imports``."""
    if id(value) in _SOURCES and _SOURCES[id(value)][0] is value:
        return _SOURCES[id(value)][1]
    if isinstance(value, float) and not math.isfinite(value):
        return f"float({str(value)!r})"
    if value is None or isinstance(value, bool | int | float | str | bytes):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(source(item, imports) for item in value) + "]"
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        items = [source(item, imports) for item in value]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if isinstance(value, set):
        return "{" + ", ".join(sorted(source(item, imports) for item in value)) + "}" if value else "set()"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{source(k, imports)}: {source(v, imports)}" for k, v in value.items()) + "}"
    cls = type(value)
    imports.add((cls.__module__, cls.__name__))
    if isinstance(value, LinearLayout):
        sizes = [size for _, size in value.out_dims]
        return (
            f"LinearLayout.from_bases({value.bases!r}, {value.get_out_dim_names()!r}, {sizes!r}, "
            "require_surjective=False)"
        )
    if isinstance(value, LayoutBuilder):
        return f"LayoutBuilder.of({source(value.build(), imports)})"
    if isinstance(value, enum.Enum):
        return f"{cls.__name__}.{value.name}"
    if dataclasses.is_dataclass(value):
        arguments = [f"{f.name}={source(getattr(value, f.name), imports)}" for f in dataclasses.fields(value) if f.init]
        return f"{cls.__name__}({', '.join(arguments)})"
    if hasattr(cls, "__slots__") and cls.__name__ == "ColumnAction":
        return f"ColumnAction({list(value.action)!r}, {value.in_dim!r}, {value.in_size_log2!r})"  # type: ignore[attr-defined]
    return repr(value)


def reproducer(entry: Entry, receiver: object, arguments: dict[str, object]) -> str:
    """One line of Python that makes the call again: its imports, then the call."""
    imports: set[tuple[str, str]] = set()
    texts = [
        f"{p.name}={source(arguments[p.name], imports)}"
        if p.kind is p.KEYWORD_ONLY
        else source(arguments[p.name], imports)
        for p in entry.parameters
        if p.name in arguments
    ]
    method = entry.name.split(".")[-1]
    if entry.receiver is None:
        imports.add((entry.module, entry.name.split(".")[0]))
        call = f"{entry.name}({', '.join(texts)})"
    elif method == "__call__":
        call = f"({source(receiver, imports)})({', '.join(texts)})"
    elif method == "__mul__":
        call = f"({source(receiver, imports)}) * ({', '.join(texts)})"
    else:
        call = f"{source(receiver, imports)}.{method}({', '.join(texts)})"
    lines = [f"from {module} import {name}" for module, name in sorted(imports)]
    return "; ".join([*lines, call])


# ----------------------------------------------------------------- the fuzzer


def _arguments(entry: Entry, draw: Arguments) -> dict[str, object]:
    """Arguments for ``entry``: at least one wrong, the others mostly valid; optional ones
    often left out."""
    rng = draw.rng
    named = [p for p in entry.parameters if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if not named:
        return {}
    wrong = {rng.choice(named).name}
    arguments: dict[str, object] = {}
    for parameter in named:
        is_wrong = parameter.name in wrong or rng.random() < 0.15
        if not is_wrong and parameter.default is not inspect.Parameter.empty and rng.random() < 0.5:
            continue
        arguments[parameter.name] = draw.wrong(parameter) if is_wrong else draw.valid(parameter)
    return arguments


def _call(entry: Entry, receiver: object, arguments: dict[str, object]) -> object:
    positional = [arguments[p.name] for p in entry.parameters if p.name in arguments and p.kind != p.KEYWORD_ONLY]
    keywords = {p.name: arguments[p.name] for p in entry.parameters if p.name in arguments and p.kind == p.KEYWORD_ONLY}
    if entry.receiver is not None:  # as a caller would: an override of the method answers
        return getattr(receiver, entry.name.split(".")[-1])(*positional, **keywords)
    return entry.function(*positional, **keywords)


def _raising_line(error: BaseException) -> str:
    """``path:line`` of the innermost frame of this repository that the exception passed."""
    root = Path(__file__).resolve().parents[1]
    where = "?"
    for frame, line in traceback.walk_tb(error.__traceback__):
        path = Path(frame.f_code.co_filename).resolve()
        if path.is_relative_to(root / "layoutdialect"):
            where = f"{path.relative_to(root)}:{line}"
    return where


def _on_alarm(signum: int, frame: types.FrameType | None) -> None:
    raise _TimeLimit


def fuzz_api(calls: int, seed: int, time_limit: float, match: str = "") -> Report:
    """``calls`` calls of random public callables (those whose name ``match`` finds) with
    wrong arguments, seeded."""
    rng = random.Random(seed)
    entries = [entry for entry in public_entries() if re.search(match, f"{entry.module}.{entry.name}")]
    draw = Arguments(rng, sample_objects())
    receivers = {
        entry.receiver: [v for v in draw.objects if isinstance(v, entry.receiver)]
        for entry in entries
        if entry.receiver
    }
    report = Report(
        unreached=sorted(entry.name for entry in entries if entry.receiver and not receivers[entry.receiver])
    )
    callable_entries = [entry for entry in entries if entry.receiver is None or receivers[entry.receiver]]
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        for _ in range(calls):
            entry = rng.choice(callable_entries)
            receiver = None
            if entry.receiver is not None:
                candidates = receivers[entry.receiver]
                if entry.receiver is LinearLayout and rng.random() < 0.5:
                    candidates = [_random_layout(rng)]
                receiver = rng.choice(candidates)
            arguments = _arguments(entry, draw)
            report.calls += 1
            key: tuple[str, ...] | None = None
            try:
                signal.setitimer(signal.ITIMER_REAL, time_limit)
                try:
                    _call(entry, receiver, arguments)
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                report.returned += 1
            except _TimeLimit:
                report.slow_calls += 1
                key = (entry.name, "slow")
                what = f"{entry.name}: over {time_limit} s"
            except ValueError:
                report.value_errors += 1
            except Exception as error:
                report.other_exceptions += 1
                line = _raising_line(error)
                key = (entry.name, type(error).__name__, line)
                what = f"{entry.name}: {type(error).__name__}: {str(error)[:200]} ({line})"
            if key is not None:
                if key in report.failures:
                    report.failures[key].count += 1
                else:
                    report.failures[key] = Failure(what, reproducer(entry, receiver, arguments))
    finally:
        signal.signal(signal.SIGALRM, previous)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=3.0, help="seconds a call may take")
    parser.add_argument("--match", default="", help="only the callables whose module.name this regex finds")
    parser.add_argument("--memory-limit", type=int, default=4, help="GiB the process may hold")
    args = parser.parse_args()
    limit = args.memory_limit << 30
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))  # a huge allocation is a MemoryError, not a swapping machine
    report = fuzz_api(args.calls, args.seed, args.time_limit, args.match)
    for failure in report.failures.values():
        print(failure, end="\n\n")
    if report.unreached:
        print(f"methods without a sample instance to call them on: {', '.join(report.unreached)}")
    print(report.summary())
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
