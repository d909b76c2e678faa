"""``layout-tool`` loads what a command needs and nothing more, so that a small question
answers in a fraction of a second: ``--help`` loads no answer, no encoding, no numpy and
no xDSL; a small question about a ttg encoding or a CuTe layout written out loads neither
xDSL nor numpy (the CuTe algebra, ``cute``, loads numpy); one about a tensor type loads
xDSL's core and ``ttg``'s encodings but none of the dialects' ops (``tt``, ``ttg``'s own,
xDSL's ``arith``), passes or pictures.  Checked on the modules a fresh interpreter holds
after the command, not on the time it took."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BLOCKED = "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>"

HEAVY = (
    "layoutdialect.dialect.tt",
    "layoutdialect.dialect.ttg.dialect",
    "layoutdialect.dialect.ttg.ops",
    "layoutdialect.dialect.ttg.async_copies",
    "layoutdialect.dialect.semantics",
    "layoutdialect.passes",
    "layoutdialect.sim",
    "xdsl.dialects.arith",
    "xdsl.passes",
    "xdsl.universe",
    "matplotlib",
    "tqdm",
)
"""What no small question loads: the ops of every dialect, the passes and simulator, xDSL's
registry of its own dialects and passes, pictures and progress bars."""


def _loaded_after(argv: list[str]) -> list[str]:
    """The modules loaded after ``layout-tool argv`` in a fresh interpreter."""
    script = (
        "import json, sys\n"
        "from layoutdialect.tools.layout_tool import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stderr.write(json.dumps(sorted(sys.modules)))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(run.stderr.splitlines()[-1])
    return loaded


def _under(loaded: list[str], packages: tuple[str, ...]) -> list[str]:
    """The loaded modules that are one of ``packages`` or inside one."""
    return [name for name in loaded if any(name == package or name.startswith(package + ".") for package in packages)]


@pytest.mark.parametrize("argv", [["--help"], ["show", "--help"], ["codegen", "--help"]])
def test_help_loads_no_answer_no_numpy_and_no_xdsl(argv: list[str]) -> None:
    loaded = _loaded_after(argv)
    assert _under(loaded, ("numpy", "xdsl", "layoutdialect.answers.show", "layoutdialect.answers.arguments")) == []
    assert _under(loaded, ("layoutdialect.encodings", "layoutdialect.f2")) == []
    assert _under(loaded, HEAVY) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["show", f"tensor<16x16xf16, {BLOCKED}>", "--dtype", "f16"],
        ["show", "#ttg.slice<{dim = 0, parent = #blocked}>", "--shape", "16"],
    ],
)
def test_a_question_about_a_type_loads_xdsl_core_but_no_ops_passes_or_pictures(argv: list[str]) -> None:
    loaded = _loaded_after(argv)
    assert "layoutdialect.dialect.ttg.attributes" in loaded  # the layout was read by the full parser
    assert _under(loaded, HEAVY) == []
    assert [name for name in loaded if name.startswith("xdsl.dialects.")] == ["xdsl.dialects.builtin"]


@pytest.mark.parametrize(
    "argv",
    [
        ["show", BLOCKED, "--shape", "16x16"],
        ["show", "#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>", "--shape", "8x8"],
        ["show", BLOCKED, "--shape", "16x16", "--json"],
        ["dedup", BLOCKED, "--shape", "16x16"],
        ["show", "(4,4):(1,4)"],
        ["dedup", "(4,8):(8,1)"],
    ],
)
def test_a_small_question_about_a_layout_written_out_loads_no_xdsl_and_no_numpy(argv: list[str]) -> None:
    loaded = _loaded_after(argv)
    assert _under(loaded, ("xdsl", "numpy", "layoutdialect.dialect.ttg.attributes", "layoutdialect.dialect.text")) == []
    assert _under(loaded, HEAVY) == []


def test_layout_opt_without_passes_loads_no_answer_lowering_or_compiler_api(tmp_path: Path) -> None:
    module = tmp_path / "empty.mlir"
    module.write_text("module {}\n")
    script = (
        "import json, sys\n"
        "from layoutdialect.tools.layout_opt import main\n"
        f"main([{str(module)!r}])\n"
        "sys.stderr.write(json.dumps(sorted(sys.modules)))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    loaded = json.loads(run.stderr.splitlines()[-1])
    packages = ("layoutdialect.answers", "layoutdialect.lowering", "layoutdialect.compiler", "layoutdialect.sim")
    assert _under(loaded, packages) == []


def test_the_cute_algebra_loads_no_xdsl() -> None:
    loaded = _loaded_after(["cute", "(4,4):(1,4)"])
    assert _under(loaded, ("xdsl", "layoutdialect.dialect.ttg", "layoutdialect.dialect.text")) == []
    assert _under(loaded, HEAVY) == []
