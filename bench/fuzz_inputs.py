"""Mutation fuzzing of ``layout-opt`` and ``layout-tool``: every input ends in a result or
a located error, never a traceback or a hang.

    python bench/fuzz_inputs.py [--count 10000] [--seed 0] [--corpus DIR ...] [--tool-calls 1500]
        [--corruptions 1000]

Seed modules are the ``// -----`` chunks of the ``.mlir`` files under each corpus folder
(this repository's FileCheck tests by default; pass the ``test/`` folder of Triton's
repository for a larger one).  Each input is a chunk with a few random mutations:
huge, zero or odd tensor dims, edited integers, deleted, repeated or swapped lines, a
byte-order mark, bytes that are not UTF-8, an ``{-# external_resources #-}`` block,
values used before their definition, truncation.  Each input goes through
``layout-opt`` with no pass and with each of the three passes (with ``verify=true``
where a pass has it), in this process, and an outcome is a failure when an exception
escapes ``main``, the status is neither 0 nor 1, a failing run's first line of stderr is
not ``file:line:col: error: ...``, a failing run writes to stdout, the proof reports a
change of meaning (a pass bug or a false alarm), or the run passes ``TIME_LIMIT``
seconds.

``--corruptions`` runs the control of the proof: a constant of each rewritten seed module
is changed, and the proof must catch every change that alters what a plain run of its
inputs returns, stores or shows; a change that a plain run shows only when it goes past
the proof's work budget (which the proof runs with its loops cut short) is counted apart.

``--tool-calls`` runs ``layout-tool`` on random command lines of every subcommand with
extreme and bad arguments: layouts of every kind up to and past 2^20 elements, text
nested 500 deep, arguments of 70,000 numbers, huge or odd shapes, element types and
accesses, bad option values, unwritable pictures and pages, mutated modules for ``plan``,
options dropped and unknown ones added.  A run fails as above (within
``TOOL_TIME_LIMIT`` seconds), and also when its error is located at no argument given on
its command line (``<command-line>``, or an option it lacks) or repeats a long argument.
The unit tests run a seeded few of each.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import random
import re
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute

REPOSITORY = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPOSITORY / "tests" / "filecheck"
PASSES = ("", "lower-to-linear", "remove-redundant-conversions{verify=true}", "lower-convert-layout{verify=true}")
TIME_LIMIT = 20
"""Seconds a ``layout-opt`` run may take."""
CHANGED_MEANING = "changed the program's meaning"
"""What the proof behind ``verify=true`` says when a rewrite changed a program: on a module
the mutations made, either a bug in the pass or a false alarm, a finding either way."""
TOOL_TIME_LIMIT = 20
"""Seconds a ``layout-tool`` run may take: every command answers 2^20 elements in 10."""
LOCATED_ERROR = re.compile(r"^(?:[^\n]*:\d+:\d+: remark: [^\n]*\n)*[^\n]*:\d+:\d+: error: ")
"""Stderr of a refused input: its located remarks (how the text was read), then the error."""


@dataclass(frozen=True)
class Failure:
    """One input whose run broke the contract."""

    what: str
    input: bytes
    argv: tuple[str, ...]
    detail: str

    def __str__(self) -> str:
        argv = " ".join(argument if len(argument) < 200 else argument[:200] + "..." for argument in self.argv)
        return f"{self.what}: {argv}\n{self.detail}\n--- input ---\n{self.input[:2000]!r}"


class TimeLimit(Exception):
    """Raised in the code ``limited_to`` guards when its seconds are up."""


@contextlib.contextmanager
def limited_to(seconds: int) -> Iterator[None]:
    """Raise ``TimeLimit`` in the guarded code after ``seconds`` (with ``SIGALRM``, so on the main thread)."""

    def expire(signum: int, frame: FrameType | None) -> None:
        raise TimeLimit

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def seed_chunks(folders: Sequence[Path]) -> list[str]:
    """The ``// -----`` chunks of every ``.mlir`` file under ``folders`` that hold an op."""
    chunks = []
    for folder in folders:
        for path in sorted(folder.rglob("*.mlir")):
            text = path.read_text(encoding="utf-8", errors="replace")
            chunks += [chunk for chunk in text.split("// -----") if re.search(r"^\s*%|tt\.func|module", chunk, re.M)]
    return chunks


HUGE = ("1099511627776", "4294967296", "2147483648", "65537", "0", "3", "6", "1000", "-1", "18446744073709551617")


def _replace_random_match(rng: random.Random, pattern: str, text: str, make: Callable[[re.Match[str]], str]) -> str:
    matches = list(re.finditer(pattern, text))
    if not matches:
        return text
    match = rng.choice(matches)
    return text[: match.start()] + make(match) + text[match.end() :]


def _mutate_once(rng: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True)
    choice = rng.randrange(12)
    if choice == 0:
        return _replace_random_match(rng, r"(?<=[<x])\d+(?=x)", text, lambda m: rng.choice(HUGE))
    if choice == 1:
        return _replace_random_match(rng, r"(?<![\w#%])\d+(?![\w.])", text, lambda m: rng.choice(HUGE))
    if choice == 2 and lines:
        del lines[rng.randrange(len(lines))]
        return "".join(lines)
    if choice == 3 and lines:
        index = rng.randrange(len(lines))
        lines.insert(rng.randrange(len(lines) + 1), lines[index])
        return "".join(lines)
    if choice == 4 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "".join(lines)
    if choice == 5:
        return text[: rng.randrange(len(text) + 1)]
    if choice == 6:
        names = re.findall(r"%[\w.$-]+", text)
        if names:
            name = rng.choice(names)
            return _replace_random_match(rng, re.escape(rng.choice(names)) + r"\b", text, lambda m: name)
        return text
    if choice == 7:
        return text + '\n{-#\n  dialect_resources: {\n    builtin: {\n      blob: "0x04000000"\n    }\n  }\n#-}\n'
    if choice == 8:
        return _replace_random_match(
            rng,
            r"\b(f16|f32|i32|i1|i8|bf16|i64)\b",
            text,
            lambda m: rng.choice(["f16", "f32", "i1", "i64", "f64", "i8", "index", "f8E5M2"]),
        )
    if choice == 9:
        aliases = re.findall(r"#\w+(?= =)", text)
        if aliases:
            alias = rng.choice(aliases)
            return _replace_random_match(rng, r"#\w+(?=[>,])", text, lambda m: alias)
        return text
    if choice == 10 and text:
        position = rng.randrange(len(text))
        return text[:position] + rng.choice('{}<>[](),:=x%#"') + text[position + 1 :]
    return _replace_random_match(
        rng,
        r"dense<[^>]*>",
        text,
        lambda m: rng.choice(
            ["dense<1099511627776>", "dense<-9999999999999>", "dense<0x7FC00000>", "dense<[1, 2]>", "dense<1.5>"]
        ),
    )


def mutate(rng: random.Random, text: str) -> bytes:
    """``text`` after one to three mutations, as bytes (sometimes with a BOM or bad UTF-8)."""
    for _ in range(rng.randint(1, 3)):
        text = _mutate_once(rng, text)
    data = text.encode("utf-8")
    roll = rng.randrange(20)
    if roll == 0:
        data = b"\xef\xbb\xbf" + data
    elif roll == 1 and data:
        position = rng.randrange(len(data))
        data = data[:position] + b"\xff\xfe" + data[position:]
    return data


def run_cli(main: Callable[[list[str]], int], argv: list[str], time_limit: int = TIME_LIMIT) -> tuple[str, str, str]:
    """Run ``main(argv)`` in this process: ``(outcome, stdout, stderr)``, where the outcome
    is ``"ok"``, ``"error"``, or a failure's description."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with limited_to(time_limit), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    except TimeLimit:
        return f"hang (over {time_limit} s)", out.getvalue(), err.getvalue()
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException:  # noqa: BLE001 - anything escaping is the finding
        return "traceback", out.getvalue(), traceback.format_exc()
    if status == 0:
        return "ok", out.getvalue(), err.getvalue()
    if status != 1:
        return f"exit status {status}", out.getvalue(), err.getvalue()
    if not LOCATED_ERROR.match(err.getvalue()):
        return "unlocated error", out.getvalue(), err.getvalue()
    if out.getvalue():
        return "output on error", out.getvalue(), err.getvalue()
    return "error", out.getvalue(), err.getvalue()


def fuzz_layout_opt(seed: int, count: int, corpus: Sequence[Path] = (DEFAULT_CORPUS,)) -> list[Failure]:
    """Run ``count`` mutated modules through ``layout-opt`` and every pass, each with the
    proof of ``verify=true``; a reported change of meaning is a failure."""
    from layoutdialect.tools.layout_opt import main

    rng = random.Random(seed)
    chunks = seed_chunks(corpus)
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.mlir"
        for _ in range(count):
            data = mutate(rng, rng.choice(chunks))
            path.write_bytes(data)
            pass_name = rng.choice(PASSES)
            argv = [str(path), "--allow-unregistered-dialect"] + (["-p", pass_name] if pass_name else [])
            outcome, _, detail = run_cli(main, argv)
            if outcome == "error" and CHANGED_MEANING in detail:
                outcome = "change of meaning reported"
            if outcome not in ("ok", "error"):
                failures.append(Failure(outcome, data, tuple(argv), detail[-3000:]))
    return failures


@dataclass
class CorruptionTally:
    """What the corruption control found: corruptions the proof caught, corruptions that
    change nothing on the proof's inputs (checked by running both modules), those it did
    not catch in a function whose original run passes the proof's budget (it sees such a
    run only with its loops cut short, see ``LOOP_CAP``), and misses."""

    caught: int = 0
    unchanged: int = 0
    beyond_budget: int = 0
    missed: list[Failure] = field(default_factory=list)


def _changed(number: int | float, type: Attribute) -> int | float:
    """Another value of ``type``: a flipped boolean, the next integer that fits; a float
    twice plus one, or, from magnitude 1 up, halved and negated (which stays in range)."""
    from xdsl.dialects.builtin import IntegerType

    if not isinstance(type, IntegerType):
        return -number / 2 if abs(number) >= 1 else number * 2 + 1
    width = type.width.data
    if width == 1:
        return 0 if number else 1
    return number + 1 if number + 1 < 1 << (width - 1) else number - 1


def _corrupted_constant(rng: random.Random, module: ModuleOp) -> str:
    """Change the value of one used scalar or splat ``arith.constant`` of ``module``, and say
    which (``""`` when it has none)."""
    from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr, IntegerType

    from layoutdialect.ir.dense import splat_value

    constants = [op for op in module.walk() if op.name == "arith.constant" and op.results and op.results[0].uses]
    rng.shuffle(constants)
    for op in constants:
        value = op.properties["value"]
        if isinstance(value, IntegerAttr) and isinstance(value.type, IntegerType):
            op.properties["value"] = IntegerAttr(_changed(value.value.data, value.type), value.type)
            return f"{value} became {op.properties['value']}"
        if isinstance(value, FloatAttr):
            op.properties["value"] = FloatAttr(_changed(value.value.data, value.type), value.type)
            return f"{value} became {op.properties['value']}"
        if isinstance(value, DenseIntOrFPElementsAttr) and isinstance(every := splat_value(value), int | float):
            changed = _changed(every, value.get_element_type())
            op.properties["value"] = DenseIntOrFPElementsAttr.from_list(value.get_type(), [changed])
            return f"a splat of {every} became one of {changed}"
    return ""


def _first_trial_outcome(original: ModuleOp, corrupted: ModuleOp) -> str:
    """How a plain run of each function on the proof's first inputs compares: "differs" when
    the corrupted module returns, stores or shows something else, "beyond the budget" when
    the original's run passes the proof's ``WORK_PER_RUN`` (the proof sees it only with its
    loops cut short), else "same".  The proof's own comparison, done again without its
    budget and its comparison of unfinished runs, as a check on it."""
    import numpy as np

    from layoutdialect.dialect.tt.func import FuncOp
    from layoutdialect.sim.same_semantics import WORK_PER_RUN, sampling_for
    from layoutdialect.sim.tensor_program import TensorInterpreter
    from layoutdialect.sim.tensor_values import Memory, ProgramError, RunBudget, RunCutOff, random_value

    sampling = sampling_for(original, corrupted)
    for function in original.walk():
        if not isinstance(function, FuncOp) or not function.body.blocks:
            continue
        rng = np.random.default_rng([0, 0])
        memory = Memory()
        arguments = [random_value(t, rng, memory, sampling) for t in function.function_type.inputs]
        program_ids = tuple(int(i) for i in rng.integers(0, 4, size=3))
        name = function.sym_name.data
        try:
            TensorInterpreter(original, copy.deepcopy(memory), program_ids, sampling, RunBudget(WORK_PER_RUN)).call(
                name, [a.copy() for a in arguments]
            )
            within_budget = True
        except RunCutOff:
            within_budget = False
        except ProgramError:
            return "same"
        runs = []
        for module in (original, corrupted):
            copied = copy.deepcopy(memory)
            interpreter = TensorInterpreter(module, copied, program_ids, sampling)
            try:
                returned = interpreter.call(name, [a.copy() for a in arguments])
            except ProgramError:
                return "same"
            runs.append([*returned, *copied.buffers, *(a for _, seen in interpreter.observed for a in seen)])
        if len(runs[0]) != len(runs[1]) or not all(
            a.shape == b.shape and np.array_equal(a, b, equal_nan=a.dtype.kind == "f") for a, b in zip(*runs)
        ):
            return "differs" if within_budget else "beyond the budget"
    return "same"


def corruption_control(seed: int, count: int, corpus: Sequence[Path] = (DEFAULT_CORPUS,)) -> CorruptionTally:
    """Run ``remove-redundant-conversions`` on ``count`` seed modules, corrupt one constant
    of each result, and ask the proof whether the meaning changed: it must say so for
    every corruption that changes what a plain run of the first trial's inputs gives."""
    from xdsl.context import Context

    from layoutdialect.dialect.registry import make_context
    from layoutdialect.dialect.text import parse_module
    from layoutdialect.ir.diagnostics import IRError
    from layoutdialect.passes.remove_redundant_conversions import RemoveRedundantConversionsPass
    from layoutdialect.sim.same_semantics import SemanticsChanged, check_same_semantics
    from layoutdialect.sim.tensor_values import ProgramError

    rng = random.Random(seed)
    chunks = seed_chunks(corpus)
    context: Context = make_context(allow_unregistered=True)
    tally = CorruptionTally()
    for _ in range(count):
        text = rng.choice(chunks)
        try:
            original = parse_module(text, "control", context)
            rewritten = original.clone()
            RemoveRedundantConversionsPass().apply(context, rewritten)
        except (IRError, ValueError):
            continue
        corruption = _corrupted_constant(rng, rewritten)
        if not corruption:
            continue
        try:
            with limited_to(TIME_LIMIT):
                check_same_semantics(original, rewritten)
        except SemanticsChanged:
            tally.caught += 1
            continue
        except (ProgramError, TimeLimit):
            continue
        outcome = _first_trial_outcome(original, rewritten)
        if outcome == "differs":
            tally.missed.append(Failure("missed corruption", text.encode(), ("control",), corruption))
        elif outcome == "beyond the budget":
            tally.beyond_budget += 1
        else:
            tally.unchanged += 1
    return tally


BLOCKED = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
LAYOUTS = (
    BLOCKED,
    "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>",
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [2, 2], order = [1, 0], "
    "CGALayout = [[0, 1]]}>",
    "tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
    "instrShape = [16, 8]}>>",
    "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>",
    "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>",
    "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>",
    "#ttg.slice<{dim = 0, parent = " + BLOCKED + "}>",
    "#ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>",
    "#ttg.linear<{register = [" + ", ".join(["[0]"] * 24) + "], lane = [[1]], warp = [], block = []}>",
    "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
    "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>",
    "Swizzle<3,3,3> o (8,64):(64,1)",
    "Swizzle<3,3,3> o (1024,1024):(1024,1)",
    "(4,2,2,2):(1,16,8,4)",
    "(3,1000000):(4,1)",
    "(3,349525):(349525,1)",
    "[0,2,1,3]",
)
"""Layouts of every kind, some of them at or past the size limits."""

DEEP = (
    "(" * 500 + "4:1" + ")" * 500,
    "(" * 500 + "4" + ")" * 500,
    "coalesce(" * 300 + "4:1" + ")" * 300,
    "#ttg.linear<{register = " + "[" * 400 + "1" + "]" * 400 + "}>",
    "tensor<4x" + "!ttg.memdesc<" * 300 + "f16>",
)
"""Text nested far deeper than any layout is."""

HUGE_TEXTS = ("[" + ",".join(str(i) for i in range(70000)) + ",3]", "[0,1," + "9" * 5000 + "]", "x" * 100_000)
"""Arguments far longer than any layout: never echoed whole."""

SHAPES = (
    "64x64", "16x16", "1024x1024", "2097152x1", "65536x16", "1048576", "1x1048576", "64x96", "8x9", "4294967296x2",
    "65536x65536", "0x4", "x", "64", "1099511627776", "-4x4", "2x2x2", "9" * 30, "256x128", "32x32x32", "",
)  # fmt: skip
DTYPES = ("f16", "f32", "i8", "b128", "b1024", "b2048", "b2147483648", "b" + "9" * 40, "b0", "b3", "float16", "f7",
          "i1", "", "f8E4M3FN")  # fmt: skip
ACCESSES = ("8x8", "1x8", "1x9", "3x3", "0x1", "65536x65536", "4x", "2x2", "1024x1024", "4x2", "1x64", "64x1")
CUTES = (
    "complement(4:2, 2147483648)",
    "(8,8):(8,1)",
    "left_inverse((2,2):(2,1))",
    "composition(4:1, 8:2)",
    "Swizzle<99,3,3> o 8:1",
    "(1099511627776):(1)",
    "((",
    "logical_divide(8:1, 3:1)",
    "(3,1000000):(4,1)",
    "Swizzle<3,3,3> o (1024,1024):(1024,1)",
    "(4,4):(1000000000,-1000000000)",
    "[0,1,3,2]",
    "Swizzle<3,0,2>",
)
VIEWS = ("elements", "threads", "offsets", "bogus", "")
TARGETS = ("cuda:80", "cuda:90", "sm_90a", "gfx942", "hip:gfx950", "v100", "cuda:" + "9" * 50, "")
PATHS = ("{folder}/p", "/dev/full", "{folder}/missing/p", "")
"""Picture and page paths (the suffix is the option's): writable, full, in no folder, empty
(a file named by its suffix alone, in the folder the fuzzer works in)."""

TOOL_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("show", "{layout}", "--shape", "{shape}"),
    ("show", "{layout}", "--shape", "{shape}", "--full"),
    ("show", "{layout}", "--shape", "{shape}", "--json"),
    ("show", "{layout}", "--shape", "{shape}", "--matrix"),
    ("show", "{layout}", "--shape", "{shape}", "--view", "{view}"),
    ("show", "{layout}", "--shape", "{shape}", "--max-cells", "{number}"),
    ("show", "{layout}", "--shape", "{shape}", "--svg", "{path}.svg", "--dtype", "{dtype}"),
    ("show", "{layout}", "--shape", "{shape}", "--png", "{path}.png", "--target", "{target}"),
    ("show", "{layout}", "--shape", "{shape}", "--html", "{path}.html", "--num-banks", "{banks}"),
    ("show", "{layout}", "--matrix", "--view", "{view}"),
    ("dedup", "{layout}", "--shape", "{shape}"),
    ("dedup", "{layout}", "--shape", "{shape}", "--json"),
    ("conflicts", "{layout}", "{layout}", "--dtype", "{dtype}", "--shape", "{shape}"),
    ("conflicts", "{layout}", "{layout}", "--dtype", "{dtype}", "--shape", "{shape}", "--vector-bits", "{number}"),
    ("conflicts", "{layout}", "--dtype", "{dtype}", "--shape", "{shape}", "--access", "{access}", "--store"),
    ("conflicts", "{layout}", "{layout}", "--dtype", "{dtype}", "--access", "{access}"),
    ("swizzle", "--shape", "{shape}", "--dtype", "{dtype}", "--access", "{access}"),
    ("swizzle", "--shape", "{shape}", "--dtype", "{dtype}", "--access", "{access}", "--access", "{access}"),
    ("swizzle", "--shape", "{shape}", "--dtype", "{dtype}", "--access", "{access}", "--html", "{path}.html"),
    ("swizzle", "--shape", "{shape}", "--dtype", "{dtype}", "--target", "{target}"),
    ("cute", "{cute}"),
    ("cute", "{cute}", "{cute}", "--json"),
    ("cute", "{cute}", "{cute}", "{cute}"),
    ("cute", "{layout}", "--shape", "{shape}"),
    ("codegen", "{layout}", "{layout}", "--dtype", "{dtype}", "--shape", "{shape}"),
    ("codegen", "{layout}", "{layout}", "--dtype", "{dtype}", "--shape", "{shape}", "--name", "{name}"),
    ("convert", "{layout}", "{layout}", "--dtype", "{dtype}", "--shape", "{shape}"),
    ("convert", "{layout}", "{layout}", "--dtype", "{dtype}", "--shape", "{shape}", "--no-verify", "--json"),
    ("convert", "{layout}", "{layout}", "--dtype", "{dtype}", "--shape", "{shape}", "--html", "{path}.html"),
    ("plan", "{module}"),
    ("plan", "{module}", "--max-mixed-transpositions", "{number}", "--max-scratch-bytes", "{number}"),
    ("plan", "{module}", "--target", "{target}", "--num-banks", "{banks}", "--json"),
)
"""Every subcommand with its options; each placeholder is filled with a random, often bad, value."""

NUMBERS = ("0", "1", "-1", "4096", "128", "7", "99999999999999999999", "x", "")
NAMES = ("convert_layout", "1bad", "f", "a b", "")
BANKS = ("8", "16", "32", "64", "7", "x")
POSITIONAL_NAMES = {
    "show": ("<layout>",),
    "dedup": ("<layout>",),
    "conflicts": ("<registers>", "<shared>"),
    "swizzle": (),
    "cute": ("<expression 1>", "<expression 2>", "<expression 3>"),
    "codegen": ("<source>", "<destination>"),
    "convert": ("<source>", "<destination>"),
    "plan": (),
}
"""The names a diagnostic gives each command's positional arguments."""

MAX_STDERR_LINE = 1000
"""The longest line an error may print: no argument is ever repeated whole (a message
about a module may still name two long types)."""

DIAGNOSTIC = re.compile(r"^(?:[^\n]*:\d+:\d+: remark: [^\n]*\n)*(?P<name>[^\n]*?):\d+:\d+: error: (?P<message>[^\n]*)")


def _value(rng: random.Random, key: str, module: Path, folder: Path) -> str:
    """A random value for the placeholder ``key``: mostly ordinary, sometimes extreme or bad."""
    if key == "layout":
        layout = rng.choice(LAYOUTS + DEEP[:1] + HUGE_TEXTS[:1]) if rng.randrange(8) else rng.choice(DEEP + HUGE_TEXTS)
        return _mutate_once(rng, layout) if rng.randrange(4) == 0 and len(layout) < 1000 else layout
    if key == "cute":
        return rng.choice(CUTES) if rng.randrange(6) else rng.choice(DEEP[:3] + HUGE_TEXTS)
    if key == "module":
        return str(module) if rng.randrange(10) else rng.choice([str(folder / "missing.mlir"), str(folder)])
    choices = {
        "shape": SHAPES,
        "dtype": DTYPES,
        "access": ACCESSES,
        "view": VIEWS,
        "target": TARGETS,
        "number": NUMBERS,
        "name": NAMES,
        "banks": BANKS,
        "path": PATHS,
    }[key]
    return rng.choice(choices).format(folder=folder)


def _tool_argv(rng: random.Random, module: Path, folder: Path) -> list[str]:
    """A random command line: a template with its placeholders filled, then now and then an
    option dropped, an unknown option or a stray argument added."""
    template = rng.choice(TOOL_COMMANDS)
    argv = [re.sub(r"\{(\w+)\}", lambda m: _value(rng, m.group(1), module, folder), part) for part in template]
    roll = rng.randrange(12)
    if roll == 0 and len(argv) > 2:
        del argv[rng.randrange(1, len(argv))]
    elif roll == 1:
        argv.insert(rng.randrange(1, len(argv) + 1), rng.choice(["--frobnicate", "stray", "--shape", "--json"]))
    return argv


def blamed_names(argv: Sequence[str], message: str) -> set[str]:
    """The names an error about ``argv`` may be located at: an option given (or one it
    abbreviates), a positional argument of the command, an extra argument by its place, a
    file given, or an argument the message says is required."""
    command = argv[0] if argv else ""
    given = {token.split("=")[0] for token in argv if token.startswith("-")}
    options = {"--" + word for word in re.findall(r"--([\w-]+)", message)}
    allowed = given | {name for name in options if any(name.startswith(token) for token in given)}
    allowed |= set(POSITIONAL_NAMES.get(command, ())) | {f"<argument {place}>" for place in range(1, len(argv) + 1)}
    allowed |= {token for token in argv if "/" in token} | {"<stdin>"}
    if required := re.match(r"the following arguments are required: (.*)", message):
        allowed |= {name if name.startswith("-") else f"<{name}>" for name in required.group(1).split(", ")}
        allowed |= {"<expression 1>"} if "EXPR" in required.group(1) else set()
    return allowed


def check_tool_error(argv: Sequence[str], stderr: str) -> str | None:
    """What is wrong with a refused command line's stderr, if anything: an error located at
    no argument given, or a line repeating a long argument."""
    diagnostic = DIAGNOSTIC.match(stderr)
    if diagnostic is None:
        return "unlocated error"
    if diagnostic["name"] not in blamed_names(argv, diagnostic["message"]):
        return f"error located at {diagnostic['name'][:60]!r}, an argument not given"
    if any(len(line) > MAX_STDERR_LINE for line in stderr.splitlines()):
        return "error repeating a long argument"
    return None


def fuzz_layout_tool(
    seed: int, count: int, corpus: Sequence[Path] = (DEFAULT_CORPUS,), outcomes: Counter[str] | None = None
) -> list[Failure]:
    """Run ``count`` random, often bad or extreme, ``layout-tool`` command lines, each within
    ``TOOL_TIME_LIMIT`` seconds; every refusal must be located at an argument given.
    ``outcomes`` counts the runs by outcome, and the slowest run's whole seconds."""
    from layoutdialect.tools.layout_tool import main

    rng = random.Random(seed)
    chunks = seed_chunks(corpus)
    failures = []
    with tempfile.TemporaryDirectory() as name, contextlib.chdir(name):
        folder = Path(name)
        module = folder / "kernel.mlir"
        for _ in range(count):
            module.write_bytes(mutate(rng, rng.choice(chunks)) if rng.randrange(2) else rng.choice(chunks).encode())
            argv = _tool_argv(rng, module, folder)
            start = time.perf_counter()
            outcome, _, detail = run_cli(main, argv, time_limit=TOOL_TIME_LIMIT)
            if outcomes is not None:
                outcomes["slowest seconds"] = max(outcomes["slowest seconds"], round(time.perf_counter() - start))
            if outcome == "error":
                problem = check_tool_error(argv, detail)
                outcome = problem or outcome
            if outcome not in ("ok", "error"):
                data = module.read_bytes() if argv[0] == "plan" else b""
                failures.append(Failure(outcome, data, tuple(argv), detail[-3000:]))
            if outcomes is not None:
                outcomes[outcome if outcome in ("ok", "error") else "failure"] += 1
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10_000, help="mutated modules for layout-opt")
    parser.add_argument("--tool-calls", type=int, default=1_500, help="command lines for layout-tool")
    parser.add_argument("--corruptions", type=int, default=1_000, help="seed modules for the corruption control")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--corpus", type=Path, nargs="*", default=[DEFAULT_CORPUS], help="folders of .mlir seeds")
    args = parser.parse_args()
    tool_outcomes: Counter[str] = Counter()
    failures = fuzz_layout_opt(args.seed, args.count, args.corpus)
    failures += fuzz_layout_tool(args.seed, args.tool_calls, args.corpus, tool_outcomes)
    for failure in failures:
        print(failure, end="\n\n")
    kinds: dict[str, int] = {}
    for failure in failures:
        kinds[failure.what] = kinds.get(failure.what, 0) + 1
    print(f"{args.count} modules, {args.tool_calls} command lines: {len(failures)} failures {kinds}")
    print(
        f"layout-tool: {tool_outcomes['ok']} answered, {tool_outcomes['error']} refused with a located error, "
        f"{tool_outcomes['failure']} failed; the slowest took {tool_outcomes['slowest seconds']} s "
        f"(limit {TOOL_TIME_LIMIT} s)"
    )
    control = corruption_control(args.seed, args.corruptions, args.corpus)
    for failure in control.missed:
        print(failure, end="\n\n")
    print(
        f"corruption control: {control.caught} caught, {control.unchanged} change nothing on the sampled inputs, "
        f"{control.beyond_budget} uncaught in runs past the proof's budget, {len(control.missed)} missed"
    )
    return 1 if failures or control.missed else 0


if __name__ == "__main__":
    sys.exit(main())
