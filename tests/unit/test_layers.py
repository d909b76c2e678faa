"""The layers stay apart.  Every import between the package's parts must be an edge of
``ALLOWED`` (read statically from the source tree), and the math must not even load xDSL
at run time (checked in a fresh interpreter)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]

ALLOWED: dict[str, set[str]] = {
    "f2": set(),
    "target": {"f2"},
    "encodings": {"f2"},
    "cute": {"f2"},
    "analysis": {"f2", "cute", "target"},
    "ir": {"xdsl"},
    "dialect": {"f2", "encodings", "analysis", "target", "ir", "xdsl"},
    "sim": {"f2", "ir", "dialect", "xdsl"},
    "lowering": {"f2", "encodings", "analysis", "ir", "dialect", "sim", "target", "xdsl"},
    "cost": {"encodings", "analysis", "ir", "dialect", "lowering", "target", "xdsl"},
    "passes": {"f2", "encodings", "analysis", "ir", "dialect", "sim", "lowering", "cost", "target", "xdsl"},
    "answers": {
        "f2",
        "encodings",
        "cute",
        "analysis",
        "ir",
        "dialect",
        "sim",
        "lowering",
        "cost",
        "target",
        "xdsl",
        "matplotlib",
        "tqdm",
    },
    "universe": {"dialect", "xdsl"},
    "compiler": {"encodings", "ir", "dialect", "lowering", "answers", "target", "xdsl"},
    "triton": {"ir", "dialect", "lowering", "cost", "answers", "compiler", "xdsl", "triton"},
    "tools": {"ir", "dialect", "universe", "xdsl"},
    "__init__": {"f2", "encodings"},
    "__main__": {"tools"},
}
"""What each part may import: the F2 core nothing; the encodings, CuTe and the target
model the core; the analyses those (no IR); the Triton-free IR plumbing only xDSL; the
dialects (Triton's and the upstream ones they patch) the IR and the math; the simulators
the dialects; the lowering of one conversion everything up to the simulators; the cost
model the lowering (it prices each conversion as it is planned); the passes and the
answers the cost model and the lowering, never each other; the Python API for a compiler stack
(``compiler``) the answers' argument readers and the lowering (it runs the passes by name,
as ``layout-opt`` does); the hook inside Triton's compile (``triton``) that API, the
pages, and Triton; the command-line tools only the IR plumbing (diagnostics, the pipeline
reader), the dialects and the xDSL driver (they load each answer by name); the demo,
``python -m layoutdialect``, runs as they do (``tools.process``).  ``xdsl``,
``matplotlib``, ``tqdm`` and ``triton`` are the third-party libraries that mark a layer."""

MARKED_LIBRARIES = ("xdsl", "matplotlib", "tqdm", "triton")


def _part(path: Path) -> str:
    """The part of the package a source file belongs to."""
    relative = path.relative_to(REPOSITORY).parts
    if relative[0] in ("passes", "tools"):
        return relative[0]
    return relative[1].removesuffix(".py")


def _imports() -> list[tuple[str, str, str]]:
    """``(importing part, imported part or library, file:line)`` for every import."""
    found = []
    for top in ("layoutdialect", "passes", "tools"):
        for path in sorted((REPOSITORY / top).rglob("*.py")):
            part = _part(path)
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    modules = [node.module]
                elif isinstance(node, ast.Import):
                    modules = [alias.name for alias in node.names]
                else:
                    continue
                for module in modules:
                    root, _, rest = module.partition(".")
                    if root == "layoutdialect" and rest and rest.split(".")[0] != part:
                        imported = rest.split(".")[0]
                    elif root in MARKED_LIBRARIES:
                        imported = root  # the library, even where a part bears its name
                    else:
                        continue
                    found.append((part, imported, f"{path.relative_to(REPOSITORY)}:{node.lineno}"))
    return found


def test_every_import_is_an_allowed_edge() -> None:
    imports = _imports()
    assert {part for part, _, _ in imports} <= set(ALLOWED), "a new part of the package needs a row in ALLOWED"
    forbidden = [f"{where}: {part} imports {edge}" for part, edge, where in imports if edge not in ALLOWED[part]]
    assert not forbidden, "\n".join(forbidden)


def test_the_table_has_no_edge_that_is_unused() -> None:
    used = {(part, imported) for part, imported, _ in _imports()}
    unused = [
        (part, imported) for part, allowed in ALLOWED.items() for imported in allowed if (part, imported) not in used
    ]
    assert not unused, f"drop these edges from ALLOWED, nothing uses them: {unused}"


def test_matplotlib_is_imported_only_where_pictures_are_drawn() -> None:
    drawing = {where.split(":")[0] for _, imported, where in _imports() if imported == "matplotlib"}
    assert drawing == {"layoutdialect/answers/picture.py"}


def test_triton_is_imported_only_by_the_hook_in_its_compile() -> None:
    importing = {
        part for part, imported, where in _imports() if imported == "triton" and where.split("/")[1] == "triton"
    }
    assert importing == {"triton"}
    assert {part for part, imported, _ in _imports() if imported == "triton"} == {"triton"}


def test_tqdm_is_imported_only_where_progress_is_shown() -> None:
    showing = {where.split(":")[0] for _, imported, where in _imports() if imported == "tqdm"}
    assert showing == {"layoutdialect/answers/progress.py"}


MATH = [
    "layoutdialect.f2",
    "layoutdialect.encodings",
    "layoutdialect.target",
    "layoutdialect.cute.linear",
    "layoutdialect.cute.text",
    "layoutdialect.analysis.conversion",
    "layoutdialect.analysis.access_explanation",
    "layoutdialect.analysis.duplicates",
    "layoutdialect.analysis.layout_views",
    "layoutdialect.analysis.swizzle_synthesis",
    "layoutdialect",
]
"""The modules of the math: none may load xDSL."""


def test_the_math_imports_no_xdsl() -> None:
    """Imported one after another in one fresh interpreter, which names the first module
    after which xDSL is loaded: loading is monotone, so none loads it alone either."""
    check = (
        "import importlib, sys\n"
        f"for module in {MATH!r}:\n"
        "    importlib.import_module(module)\n"
        "    if any(m.split('.')[0] == 'xdsl' for m in sys.modules):\n"
        "        print(module)\n"
        "        break\n"
    )
    loaded = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == ""


def test_the_command_line_tools_load_only_the_answer_asked_for() -> None:
    check = (
        "import sys; from layoutdialect.tools import layout_tool; "
        "print(sorted(m for m in sys.modules if m.startswith(('layoutdialect.answers', 'matplotlib'))))"
    )
    loaded = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


SELF_STANDING = [
    "layoutdialect.dialect.tt",
    "layoutdialect.dialect.ttg",
    "layoutdialect.dialect.ttng",
    "layoutdialect.dialect.amdg",
    "layoutdialect.dialect.gluon",
    "layoutdialect.dialect.proton_gpu",
    "layoutdialect.dialect.upstream.arith",
    "layoutdialect.dialect.upstream.scf",
    "layoutdialect.dialect.upstream.gpu",
    "layoutdialect.dialect.upstream.llvm",
    "layoutdialect.dialect.upstream.memref",
    "layoutdialect.dialect.upstream.nvgpu",
    "layoutdialect.dialect.upstream.nvvm",
    "layoutdialect.dialect.upstream.vector",
    "layoutdialect.passes.lower_convert_layout",
    "layoutdialect.passes.lower_to_linear",
    "layoutdialect.passes.remove_redundant_conversions",
    "layoutdialect.passes.assign_layouts",
    "layoutdialect.cost",
    "layoutdialect.lowering.convert_layout_op",
    "layoutdialect.lowering.cuda_emitter",
    "layoutdialect.sim.cta",
    "layoutdialect.answers.plan",
]
"""The modules that must import in a fresh interpreter, each before any other of the package."""

IMPORT_EACH_IN_A_FORK = """
import importlib, json, os, sys, traceback
import xdsl.dialects.builtin  # what they all import first; none of this package
failures = {}
for module in sys.argv[1:]:
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read)
        try:
            importlib.import_module(module)
            os._exit(0)
        except BaseException:
            os.write(write, traceback.format_exc().encode())
            os._exit(1)
    os.close(write)
    with os.fdopen(read) as report:
        failure = report.read()
    os.waitpid(child, 0)
    if failure:
        failures[module] = failure
print(json.dumps(failures))
"""


@cache
def _import_failures() -> dict[str, str]:
    """The traceback of each module of ``SELF_STANDING`` that fails to import first, each
    in a fork of one fresh interpreter that has imported only xDSL (a fresh interpreter
    per module took a third of a second more each)."""
    if not hasattr(os, "fork"):
        failures = {}
        for module in SELF_STANDING:
            run = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True)
            if run.returncode:
                failures[module] = run.stderr
        return failures
    run = subprocess.run(
        [sys.executable, "-c", IMPORT_EACH_IN_A_FORK, *SELF_STANDING], capture_output=True, text=True, check=True
    )
    failures: dict[str, str] = json.loads(run.stdout)
    return failures


@pytest.mark.parametrize("module", SELF_STANDING)
def test_each_dialect_and_pass_imports_on_its_own(module: str) -> None:
    """The registry loads dialects lazily, one at a time: none may depend on another
    having been imported first (an import cycle shows only in a fresh interpreter), and
    neither may a pass, the lowering or the simulator."""
    assert module not in _import_failures(), _import_failures()[module]


def test_passes_holds_only_passes_each_in_a_module_named_for_it() -> None:
    """Each module or folder of ``passes/`` exports the ``ModulePass`` whose name it bears
    (``lower_convert_layout`` holds ``lower-convert-layout``), and the ``xdsl.universe``
    plugin lists exactly those passes; helpers shared by passes live in the library."""
    from importlib import import_module

    from xdsl.passes import ModulePass

    from layoutdialect.universe import LAYOUTDIALECT_UNIVERSE

    names = sorted(
        path.stem if path.suffix == ".py" else path.name
        for path in (REPOSITORY / "passes").iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").is_file()
    )
    for name in names:
        module = import_module(f"layoutdialect.passes.{name}")
        passes = [value for value in vars(module).values() if isinstance(value, type) and issubclass(value, ModulePass)]
        assert [found.name for found in passes if found.__module__.startswith(module.__name__)] == [
            name.replace("_", "-")
        ], name
    assert sorted(LAYOUTDIALECT_UNIVERSE.all_passes) == [name.replace("_", "-") for name in names]


def test_every_package_is_installed() -> None:
    """``pyproject.toml`` lists each package by hand (``passes/`` and ``tools/`` install
    inside ``layoutdialect``), so a new folder left off the list would be missing from a
    wheel while an editable install still finds it."""
    import tomllib

    listed = set(tomllib.loads((REPOSITORY / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(REPOSITORY).parts)
        for init in (REPOSITORY / "layoutdialect").rglob("__init__.py")
    }
    for folder in ("passes", "tools"):
        on_disk |= {
            ".".join(("layoutdialect", *init.parent.relative_to(REPOSITORY).parts))
            for init in (REPOSITORY / folder).rglob("__init__.py")
        }
    assert sorted(on_disk - listed) == []


def test_the_package_exports_each_lazy_name_and_nothing_else() -> None:
    import layoutdialect

    assert sorted(layoutdialect.__all__) == sorted(layoutdialect._LAZY_NAMES)
    check = "import sys, layoutdialect; print(sorted(m for m in sys.modules if m.startswith('layoutdialect.')))"
    loaded = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]", "import layoutdialect loads nothing until a name is asked for"
