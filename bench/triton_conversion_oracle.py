"""Triton 3.9's PTX or AMDGCN for ``ttg.convert_layout`` pairs: what its lowering emits,
counted per thread (a development oracle for ``bench/bench_conversions.py``).

Run it with the Python of a virtual environment that has ``triton==3.9.0`` (never a
dependency of this package); it reads pairs as ``bench/random_conversion_pairs.py``
writes them and writes one JSON answer a line::

    python bench/random_conversion_pairs.py --pairs 150 > pairs.jsonl
    ~/.cache/triton-venv/bin/python bench/triton_conversion_oracle.py --targets cuda:80,cuda:90 < pairs.jsonl

For each pair and target (``cuda:80``; ``hip:gfx942`` for pairs of 64-lane waves, ``hip:gfx1100``
of 32) it
compiles two TTGIR modules with ``triton.compile(path, target=GPUTarget(...))``: the *conversion*
kernel, which loads the tensor from global memory in the source encoding
(``make_range``/``expand_dims``/``broadcast``/``addptr`` per dim, ``tt.load``),
``ttg.convert_layout``s it to the destination encoding and ``tt.store``s it, and the
*baseline* kernel, which stores what it loaded without converting it.  A ``.ttgir`` file
enters Triton's pipeline after the TTGIR passes, so nothing removes the conversion; the
two kernels' PTX differing says that it was kept.

What the conversion costs is what Triton emits for the ``ttg.convert_layout`` line: PTX and
AMDGCN keep each instruction's source line (``.loc``), so an answer's ``convert`` counts the
instructions located at that line, by full opcode (``st.shared.v4.b32``, ``ds_write_b128``: 1), leaving out
the loads' and stores' own work (unpacking a loaded word, packing one to store) wherever
the compiler scheduled it.  An answer also has ``kernel``, the whole kernel's counts (the
caller checks with the baseline's that nothing of the conversion lies elsewhere), and
``shared``, the kernel's shared memory in bytes (``compiled.metadata.shared``; the loads
and stores need none).  The caller turns the opcodes into its measures.

Answers are cached in ``~/.cache/layoutdialect/triton_conversions.json``, keyed by the sha1
of the module text, Triton's version and ``COUNTING``; a module Triton refuses (or dies
on, or compiles for more than ``MODULE_SECONDS``) is cached with its error, so delete the
file to try it again.  Triton's C++ assertions abort the process, so modules compile in
child processes (``triton_oracle.run_batch``), as many at a time as there are cores.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

from triton_oracle import Row, run_batch

COUNTING = 1
"""The version of what an answer holds; part of the cache key."""

CACHE = Path.home() / ".cache" / "layoutdialect" / "triton_conversions.json"

BATCH = 12
"""Modules one child process compiles (a child that dies is retried from the module after)."""

MODULE_SECONDS = 300
"""The most one module's compile may take; a slower one is answered with an error."""


def tensor(shape: list[int], element: str, layout: str) -> str:
    """The TTGIR tensor type of ``shape`` with ``element``s (a pointer type too) and ``layout``."""
    return f"tensor<{''.join(f'{size}x' for size in shape)}{element}, {layout}>"


def pointers(prefix: str, base: str, layout: str, shape: list[int], element: str) -> tuple[list[str], str]:
    """The ops computing ``base + row-major offset`` of every element in ``layout``, and the
    pointer tensor's name.  Dim ``d``'s ``make_range`` has ``layout`` sliced at every other
    dim (the highest first) and ``expand_dims`` undoes the slices, lowest dim first."""
    rank = len(shape)
    pointer = f"!tt.ptr<{element}>"
    lines: list[str] = []
    total = ""
    for dim in range(rank):
        others = sorted((d for d in range(rank) if d != dim), reverse=True)
        sliced = [layout]
        for other in others:
            sliced.append(f"#ttg.slice<{{dim = {other}, parent = {sliced[-1]}}}>")
        value, dims = f"%{prefix}_range{dim}", [shape[dim]]
        lines.append(
            f"{value} = tt.make_range {{end = {shape[dim]} : i32, start = 0 : i32}} : {tensor(dims, 'i32', sliced[-1])}"
        )
        for step, other in enumerate(reversed(others)):
            expanded = dims[:other] + [1] + dims[other:]
            result = f"%{prefix}_expand{dim}_{other}"
            lines.append(
                f"{result} = tt.expand_dims {value} {{axis = {other} : i32}} : "
                f"{tensor(dims, 'i32', sliced[-1 - step])} -> {tensor(expanded, 'i32', sliced[-2 - step])}"
            )
            value, dims = result, expanded
        stride = 1
        for size in shape[dim + 1 :]:
            stride *= size
        if stride != 1:
            lines.append(f"%{prefix}_stride{dim} = arith.constant dense<{stride}> : {tensor(dims, 'i32', layout)}")
            lines.append(
                f"%{prefix}_scaled{dim} = arith.muli {value}, %{prefix}_stride{dim} : {tensor(dims, 'i32', layout)}"
            )
            value = f"%{prefix}_scaled{dim}"
        if dims != shape:
            lines.append(
                f"%{prefix}_wide{dim} = tt.broadcast {value} : "
                f"{tensor(dims, 'i32', layout)} -> {tensor(shape, 'i32', layout)}"
            )
            value = f"%{prefix}_wide{dim}"
        if total:
            lines.append(f"%{prefix}_sum{dim} = arith.addi {total}, {value} : {tensor(shape, 'i32', layout)}")
            value = f"%{prefix}_sum{dim}"
        total = value
    pointer_tensor = tensor(shape, pointer, layout)
    lines.append(f"%{prefix}_base = tt.splat {base} : {pointer} -> {pointer_tensor}")
    lines.append(
        f"%{prefix}_ptrs = tt.addptr %{prefix}_base, {total} : {pointer_tensor}, {tensor(shape, 'i32', layout)}"
    )
    return lines, f"%{prefix}_ptrs"


def module_text(pair: Row, target: str, convert: bool) -> str:
    """The kernel loading ``pair``'s tensor in its source encoding and storing it in its
    destination encoding (``convert``) or, for the baseline, in the source encoding."""
    shape, element = pair["shape"], pair["element"]
    stored = "#dst" if convert else "#src"
    load, loaded = pointers("in", "%src", "#src", shape, element)
    store, stored_ptrs = pointers("out", "%dst", stored, shape, element)
    body = [*load, f"%value = tt.load {loaded} : {tensor(shape, f'!tt.ptr<{element}>', '#src')}"]
    value = "%value"
    if convert:
        body.append(
            f"%converted = ttg.convert_layout %value : {tensor(shape, element, '#src')} -> "
            f"{tensor(shape, element, '#dst')}"
        )
        value = "%converted"
    body += [*store, f"tt.store {stored_ptrs}, {value} : {tensor(shape, f'!tt.ptr<{element}>', stored)}", "tt.return"]
    argument = f"!tt.ptr<{element}> {{tt.divisibility = 16 : i32}}"
    lines = [
        f"#src = {pair['src']}",
        f"#dst = {pair['dst']}",
        f'module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {pair["warps"]} : i32, '
        f'ttg.target = "{target}", "ttg.threads-per-warp" = {pair.get("lanes", 32)} : i32}} {{',
        f"  tt.func public @kernel(%src: {argument}, %dst: {argument}) {{",
        *(f"    {line}" for line in body),
        "  }",
        "}",
    ]
    return "\n".join(lines) + "\n"


STATEMENT = re.compile(r"^(?:@!?%\w+\s+)?([a-z][\w.:]*)")
LOCATION = re.compile(r"^\.loc\s+\d+\s+(\d+)\s")


def located_opcodes(ptx: str) -> list[tuple[int, str]]:
    """``ptx``'s instructions in order as (line of the module they come from, opcode such as
    ``st.shared.v4.b32``), predicates dropped.  An instruction's line is that of the last
    ``.loc`` before it; inline assembly (Triton's global loads and stores) takes the line of
    the ``.loc`` before it, as the ``.loc`` lines inside it count the lines of its text."""
    found = []
    line, inline = 0, False
    for text in ptx.splitlines():
        text = text.strip()
        if text.startswith("// begin inline asm") or text.startswith("// end inline asm"):
            inline = text.startswith("// begin")
            continue
        if match := LOCATION.match(text):
            line = line if inline else int(match.group(1))
            continue
        for statement in text.split("//")[0].split(";"):
            statement = statement.strip().lstrip("{}").strip()
            if statement and not statement.startswith((".", "$")) and (match := STATEMENT.match(statement)):
                found.append((line, match.group(1)))
    return found


AMDGCN_OPCODE = re.compile(r"^([a-z][a-z0-9_]*)\b")


def located_amdgcn_opcodes(amdgcn: str) -> list[tuple[int, str]]:
    """``amdgcn``'s instructions in order as (line of the module they come from, opcode such
    as ``ds_write_b128``): comments (``;``), labels and directives dropped, and each half of
    RDNA3's dual-issue pair (``v_dual_cndmask_b32 ... :: v_dual_mov_b32 ...``) counted as
    its own instruction (``v_cndmask_b32``, ``v_mov_b32``)."""
    found = []
    line = 0
    for text in amdgcn.splitlines():
        text = text.split(";")[0].strip()
        if match := LOCATION.match(text):
            line = int(match.group(1))
            continue
        if text.endswith(":") or text.startswith("."):
            continue
        for part in text.split("::"):
            if match := AMDGCN_OPCODE.match(part.strip()):
                found.append((line, re.sub(r"^v_dual_", "v_", match.group(1))))
    return found


def opcode_counts(code: str, convert_line: int, amdgcn: bool = False) -> dict[str, dict[str, int]]:
    """The counts of the opcodes of ``code`` (PTX, or with ``amdgcn`` AMDGCN) located at
    ``convert_line`` (``convert``) and in the whole kernel (``kernel``)."""
    found = located_amdgcn_opcodes(code) if amdgcn else located_opcodes(code)
    at_line = Counter(opcode for line, opcode in found if line == convert_line)
    return {"convert": dict(at_line), "kernel": dict(Counter(opcode for _, opcode in found))}


def convert_line(module: str) -> int:
    """The line of ``module`` (from 1) holding its ``ttg.convert_layout``; -1 when it has none."""
    return next((number for number, text in enumerate(module.splitlines(), 1) if "ttg.convert_layout" in text), -1)


LOGS = "TRITON_CONVERSION_ORACLE_LOGS"
"""The environment variable naming the folder where a child keeps each module's stderr, as
``<cache key>.log`` (so that the message of an assertion that killed it can be read)."""


@contextlib.contextmanager
def stderr_to(log: Path) -> Iterator[None]:
    """File descriptor 2 (where MLIR prints its diagnostics and C++ its assertions) redirected to ``log``."""
    with log.open("w") as file:
        saved = os.dup(2)
        os.dup2(file.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def compile_rows(rows: list[Row]) -> Iterator[Row]:
    """Compile each row's ``module`` for its ``target``, in this process, with its stderr
    in ``$TRITON_CONVERSION_ORACLE_LOGS/<key>.log``, answering each as it is done."""
    import triton
    from triton.backends.compiler import GPUTarget

    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "kernel.ttgir"
        for row in rows:
            path.write_text(row["module"])
            start = time.perf_counter()
            answer: Row
            log = Path(os.environ[LOGS]) / f"{row['key']}.log"
            with stderr_to(log):
                try:
                    backend, arch = row["target"].split(":")
                    hip = backend == "hip"
                    gpu = GPUTarget("hip", arch, row["lanes"]) if hip else GPUTarget("cuda", int(arch), 32)
                    compiled = triton.compile(str(path), target=gpu)
                    code = compiled.asm["amdgcn" if hip else "ptx"]
                    counts = opcode_counts(code, convert_line(row["module"]), amdgcn=hip)
                    answer = counts | {"shared": int(compiled.metadata.shared)}
                except Exception as error:  # noqa: BLE001 - any refusal is an answer
                    diagnostics = [
                        re.sub(r"^loc\(.*?\):\d+:\d+\): ", "", line)
                        for line in log.read_text().splitlines()
                        if "error:" in line
                    ]
                    message = diagnostics[:1] or str(error).strip().splitlines()[-1:] or [type(error).__name__]
                    answer = {"error": message[0]}
            yield answer | {"seconds": round(time.perf_counter() - start, 3)}


def cache_key(module: str, version: str) -> str:
    """The cache's key of ``module`` compiled by Triton ``version``."""
    return hashlib.sha1(f"{COUNTING}\n{version}\n{module}".encode()).hexdigest()


def answer_modules(modules: list[Row], workers: int) -> tuple[list[Row], int]:
    """The answer for each ``{"module", "target", "lanes"}`` row, from the cache or compiled in
    ``workers`` child processes at a time; and how many were compiled."""
    import triton

    cache: dict[str, Row] = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    keys = [cache_key(row["module"], triton.__version__) for row in modules]
    missing = sorted({key: row for key, row in zip(keys, modules) if key not in cache}.items())
    batches = [
        [row | {"key": key} for key, row in missing[start : start + BATCH]] for start in range(0, len(missing), BATCH)
    ]
    with tempfile.TemporaryDirectory() as work:
        os.environ["TRITON_CACHE_DIR"] = str(Path(work) / "triton")
        os.environ[LOGS] = work
        with ThreadPoolExecutor(workers) as pool:
            done = 0
            run = partial(run_batch, __file__, seconds_per_row=MODULE_SECONDS)
            for batch, answers in zip(batches, pool.map(run, batches)):
                for row, answer in zip(batch, answers):
                    if "error" in answer and answer["error"].startswith("Triton aborted"):
                        last = (Path(work) / f"{row['key']}.log").read_text().strip().splitlines()[-1:]
                        answer = {"error": f"Triton aborted: {last[0] if last else 'no message'}"}
                    cache[row["key"]] = answer
                done += len(batch)
                print(f"triton: compiled {done} of {len(missing)} modules", file=sys.stderr, flush=True)
    if missing:
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        CACHE.write_text(json.dumps(cache, separators=(",", ":")))
    return [cache[key] for key in keys], len(missing)


def main() -> int:
    """Answer the pairs on stdin (or, with ``--child``, compile the modules on stdin)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--child", action="store_true", help="compile the JSON rows on stdin (internal)")
    parser.add_argument(
        "--targets", default="cuda:80,cuda:90", help="targets, comma-separated: cuda:80, hip:gfx942, ..."
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="child processes at a time")
    args = parser.parse_args()
    os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
    if args.child:
        for answer in compile_rows(json.loads(sys.stdin.read())):
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
        return 0
    pairs = [json.loads(line) for line in sys.stdin if line.strip()]
    targets = args.targets.split(",")
    jobs = [(pair, target) for target in targets for pair in pairs]
    modules = [
        {"module": module_text(pair, target, convert), "target": target, "lanes": pair.get("lanes", 32)}
        for pair, target in jobs
        for convert in (True, False)
    ]
    start = time.perf_counter()
    answers, compiled = answer_modules(modules, args.workers)
    seconds = time.perf_counter() - start
    print(f"triton: {compiled} modules compiled in {seconds:.1f} s", file=sys.stderr)
    for index, (pair, target) in enumerate(jobs):
        convert, baseline = answers[2 * index], answers[2 * index + 1]
        sys.stdout.write(
            json.dumps({"name": pair["name"], "target": target, "convert": convert, "baseline": baseline}) + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
