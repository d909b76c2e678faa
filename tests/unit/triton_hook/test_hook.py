"""The hook inside Triton's compile, on a dozen kernels of our own compiled on the CPU:
every kernel goes through to cubin or hsaco in both modes with our pass in the loop; the
final conversions are never more than Triton's; the explanation's counts are those of
``layout-tool plan`` on the dumped TTGIR; the cache keys on the mode; and a failure on our
side falls back to Triton's own module with a warning."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

triton = pytest.importorskip("triton")
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")  # Triton 3.9's default, chosen so that it does not warn

from triton_kernels import KERNELS, Kernel  # noqa: E402

import layoutdialect as ld  # noqa: E402
import layoutdialect.triton as lt  # noqa: E402
from layoutdialect.cost import module_cost  # noqa: E402
from layoutdialect.triton import hook as hook_module  # noqa: E402
from layoutdialect.triton import report as report_module  # noqa: E402
from layoutdialect.triton.report import TTGIR_NAME  # noqa: E402


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test compiles into a cache of its own, never the user's."""
    monkeypatch.setattr(triton.knobs.cache, "dir", str(tmp_path_factory.mktemp("triton-cache")))
    yield


@cache
def compiled(name: str, mode: str) -> tuple[Any, lt.KernelReport]:
    """``name`` compiled with the hook in ``mode``, and the hook's report of it."""
    with lt.layout_hook(mode) as hook:  # type: ignore[arg-type]
        kernel = KERNELS[name].compile()
    [report] = hook.kernels
    return kernel, report


BINARY = {"cuda": "cubin", "hip": "hsaco"}

JSON_FIELDS = ("loc", "source_loc", "path", "shuffles", "selects", "permutes", "scratch_bytes", "barriers")
JSON_FIELDS += ("wavefronts", "why")


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_both_modes_compile_to_a_binary_and_replace_mode_keeps_no_more_conversions(name: str) -> None:
    target = KERNELS[name].target
    for mode in ("explain", "replace"):
        kernel, report = compiled(name, mode)
        assert kernel.asm[BINARY[target.backend]], mode
        assert report.conversions_after == kernel.asm["ttgir"].count("ttg.convert_layout") == len(report.conversions)
    explained, replaced = compiled(name, "explain")[1], compiled(name, "replace")[1]
    assert explained.conversions_before == explained.conversions_after
    assert replaced.conversions_before == explained.conversions_before
    assert replaced.conversions_after <= replaced.conversions_before
    assert replaced.scratch_bytes <= explained.scratch_bytes


@pytest.mark.parametrize("name", ["sum_axis_1", "matmul_mma_v3", "matmul_mfma", "attention"])
def test_assign_mode_compiles_a_kernel_its_model_prices_no_higher(name: str) -> None:
    kernel, report = compiled(name, "assign")
    assert kernel.asm[BINARY[KERNELS[name].target.backend]]
    assert report.modelled_cost is not None
    before, after = report.modelled_cost
    assert after <= before
    handed_on = ld.parse_module(kernel.asm["ttgir"])
    priced = sum(function.cost for function in module_cost(handed_on))
    assert priced == pytest.approx(after)
    assert report.to_json()["modelled_cost_after"] == after


def test_the_kernels_cover_each_matrix_unit() -> None:
    ttgir = {name: compiled(name, "explain")[0].asm["ttgir"] for name in KERNELS if "matmul" in name}
    assert "versionMajor = 2" in ttgir["matmul_mma_v2"]
    assert "versionMajor = 3" in ttgir["matmul_mma_v3"]
    assert "ttng.tc_gen5_mma" in ttgir["matmul_mma_v5"]
    assert "#ttg.amd_mfma" in ttgir["matmul_mfma"]
    assert "#ttg.amd_wmma" in ttgir["matmul_wmma"]


@pytest.mark.parametrize("name", ["sum_axis_0", "transpose", "matmul_mma_v2", "attention"])
def test_the_explanation_is_layout_tool_plan_on_the_dumped_ttgir(name: str) -> None:
    kernel, report = compiled(name, "explain")
    plans = ld.plan_module(ld.parse_module(kernel.asm["ttgir"], TTGIR_NAME), verify=False)
    assert report.conversions and [plan.to_json() for plan in plans] == [plan.to_json() for plan in report.conversions]
    entry = report.to_json()
    assert entry["name"] == KERNELS[name].function.__name__ and entry["target"].startswith("cuda:")
    for conversion in entry["conversions"]:
        assert set(conversion) == set(JSON_FIELDS)
        assert conversion["source_loc"].startswith(str(Path(__file__).parents[3] / "bench" / "triton_kernels.py"))
        assert " gives #ttg." in conversion["why"] and " take" in conversion["why"]


def test_a_kernel_without_conversions_is_reported_from_its_text_as_from_its_reading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = {name: compiled(name, "explain")[0].asm["ttgir"] for name in sorted(KERNELS)}
    quick = {name: report_module._report_without_conversions(text) for name, text in texts.items()}
    monkeypatch.setattr(report_module, "_report_without_conversions", lambda text: None)
    for name, text in texts.items():
        read, _ = report_module.kernel_report(text)
        assert (quick[name] is None) == (read.conversions_before > 0), name
        assert quick[name] is None or quick[name].to_json() == read.to_json(), name
    assert any(report is not None for report in quick.values())


def test_the_cache_keys_on_the_mode() -> None:
    keys = {mode: lt.LayoutHook(mode)()[0] for mode in lt.MODES}  # type: ignore[index]
    assert keys["explain"] != keys["replace"]
    kernel, runs = KERNELS["transpose"], []
    for mode in ("explain", "replace", "explain", "replace"):
        with lt.layout_hook(mode) as hook:  # type: ignore[arg-type]
            kernel.compile()
        runs.append(len(hook.kernels))
    # The first compile in each mode runs the hook; a repeat comes from that mode's own cache entry.
    assert runs == [1, 1, 0, 0]


def _fails(*args: object) -> tuple[lt.KernelReport, str | None]:
    raise RuntimeError("a module we cannot read")


def test_a_failure_on_our_side_keeps_tritons_module_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    kernel = KERNELS["transpose"]
    default = kernel.compile()
    monkeypatch.setattr(hook_module, "kernel_report", _fails)
    warning = pytest.warns(lt.LayoutHookWarning, match="kept Triton's module for transpose: could not read")
    with warning, lt.layout_hook("replace") as hook:
        fallen_back = kernel.compile()
    assert hook.kernels == []
    assert fallen_back.asm["ttgir"] == default.asm["ttgir"] and fallen_back.asm["cubin"]


def test_a_module_triton_cannot_read_keeps_tritons_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    real = hook_module.kernel_report

    def unreadable(text: str, pipeline: str | None, ctx: object, by_cost: bool) -> tuple[lt.KernelReport, str | None]:
        report, _ = real(text, pipeline, ctx, by_cost)  # type: ignore[arg-type]
        return report, "module {"

    monkeypatch.setattr(hook_module, "kernel_report", unreadable)
    warning = pytest.warns(lt.LayoutHookWarning, match="Triton could not read the module we made")
    with warning, lt.layout_hook("replace") as hook:
        kernel = KERNELS["transpose"].compile()
    [report] = hook.kernels
    assert report.conversions_after == report.conversions_before == kernel.asm["ttgir"].count("ttg.convert_layout")


@pytest.mark.parametrize("name", ["transpose", "matmul_mma_v3", "matmul_mfma"])
def test_a_module_of_ours_goes_through_tritons_lowering(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Triton reads the TTGIR we print and lowers it to a binary (here handed back even
    where it is no better than Triton's, which replace mode otherwise keeps)."""
    monkeypatch.setattr(report_module, "improves", lambda *args: True)
    monkeypatch.setattr(report_module, "_report_without_conversions", lambda text: None)
    read_by_triton = []
    triton_module = hook_module._triton_module
    monkeypatch.setattr(hook_module, "_triton_module", lambda *args: read_by_triton.append(1) or triton_module(*args))
    with warnings.catch_warnings():
        warnings.simplefilter("error", lt.LayoutHookWarning)
        with lt.layout_hook("replace") as hook:
            kernel = KERNELS[name].compile()
    [report] = hook.kernels
    assert kernel.asm[BINARY[KERNELS[name].target.backend]]
    assert kernel.asm["ttgir"].count("ttg.convert_layout") == report.conversions_after
    assert read_by_triton == [1]


SCRIPT = """
import sys
sys.path.insert(0, {folder!r})
from triton_kernels import KERNELS
KERNELS["transpose"].compile()
sys.exit(int(sys.argv[1]))
"""


def test_the_command_runs_a_script_and_writes_its_reports(tmp_path: Path) -> None:
    script = tmp_path / "script.py"
    script.write_text(SCRIPT.format(folder=str(Path(__file__).parents[3] / "bench")))
    report, pages = tmp_path / "report.json", tmp_path / "pages"
    command = [sys.executable, "-m", "layoutdialect.triton", "--mode", "replace", "--report", str(report)]
    run = subprocess.run([*command, "--html", str(pages), str(script), "3"], capture_output=True, text=True)
    assert run.returncode == 3, run.stderr
    assert "transpose (cuda:90): 1 conversion\n" in run.stderr
    [kernel] = json.loads(report.read_text())["kernels"]
    assert kernel["name"] == "transpose" and kernel["conversions_before"] == kernel["conversions_after"] == 1
    [page] = pages.iterdir()
    assert "transpose: layout conversions" in page.read_text()
    missing = subprocess.run([*command, str(tmp_path / "missing.py")], capture_output=True, text=True)
    assert missing.returncode == 1 and missing.stderr.startswith(
        f"{tmp_path / 'missing.py'}:1:1: error: no such script"
    )


def test_a_kernel_alone_is_a_plain_triton_compile() -> None:
    kernel: Kernel = KERNELS["elementwise"]
    assert triton.knobs.runtime.add_stages_inspection_hook is None
    assert kernel.compile().asm["cubin"]


ROOT = Path(__file__).resolve().parents[3]


def test_the_pages_show_what_the_command_prints(tmp_path: Path) -> None:
    """``docs/triton.md`` shows the whole report, the README its start (up to a ``...``)."""
    command = "python -m layoutdialect.triton examples/triton_kernels.py"
    environment = {**os.environ, "TRITON_CACHE_DIR": str(tmp_path), "TRITON_DEFAULT_FP_FUSION": "1"}
    run = subprocess.run(
        [sys.executable, *command.split()[1:]], cwd=ROOT, capture_output=True, text=True, env=environment
    )
    assert run.returncode == 0
    for page in ("docs/triton.md", "README.md"):
        shown = (ROOT / page).read_text().split(f"$ {command}\n")[1].split("```")[0]
        assert run.stderr.startswith(shown.removesuffix("...\n")), page
