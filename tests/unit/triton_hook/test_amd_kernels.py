"""AMD kernels of our own (``AMD_WORKLOADS``: attention and a softmax on gfx942, chained dots on
gfx950, a layer norm on RDNA3's 32-lane waves) compiled by Triton 3.9 on the CPU: each final
TTGIR goes through every pass of ours with the module verified after each and the lowered
conversions proven on the simulator, through ``plan_module``, and each kernel through
Triton's compile to an AMD binary with the hook explaining its conversions."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from functools import cache

import pytest

triton = pytest.importorskip("triton")
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")  # Triton 3.9's default, chosen so that it does not warn

from triton_kernels import AMD_WORKLOADS, MATMUL, MI350, Kernel, matmul, matmul_transposed_b  # noqa: E402

import layoutdialect as ld  # noqa: E402
import layoutdialect.triton as lt  # noqa: E402
from layoutdialect.answers.local_accesses import report_local_accesses  # noqa: E402

PIPELINES = [
    "remove-redundant-conversions,lower-convert-layout{verify=true}",
    "assign-layouts,lower-convert-layout{verify=true}",
    "lower-to-linear,lower-convert-layout{verify=true}",
]


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test compiles into a cache of its own, never the user's."""
    monkeypatch.setattr(triton.knobs.cache, "dir", str(tmp_path_factory.mktemp("triton-cache")))
    yield


@cache
def compiled(name: str, mode: str = "explain") -> tuple[object, lt.KernelReport]:
    """``name`` compiled by Triton with the hook in ``mode``, and the hook's report."""
    with lt.layout_hook(mode) as hook:  # type: ignore[arg-type]
        kernel = AMD_WORKLOADS[name].compile()
    [report] = hook.kernels
    return kernel, report


def ttgir(name: str) -> str:
    return compiled(name)[0].asm["ttgir"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("name", sorted(AMD_WORKLOADS))
def test_every_pass_runs_on_the_kernel_and_every_conversion_is_lowered_and_proven(name: str, pipeline: str) -> None:
    module = ld.parse_module(ttgir(name), f"{name}.ttgir")
    ld.run_pipeline(module, pipeline)
    assert "ttg.convert_layout" not in ld.print_module(module)


@pytest.mark.parametrize("name", sorted(AMD_WORKLOADS))
def test_the_hook_explains_each_conversion_as_plan_module_proves_it(name: str) -> None:
    kernel, report = compiled(name)
    assert kernel.asm["hsaco"]  # type: ignore[attr-defined]
    plans = ld.plan_module(ld.parse_module(ttgir(name)))
    assert all(plan.verified for plan in plans if plan.path not in (None, "noop"))
    assert len(report.conversions) == len(plans) == ttgir(name).count("ttg.convert_layout")
    assert report.to_json()["target"] == f"hip:{AMD_WORKLOADS[name].target.arch}"


@pytest.mark.parametrize("name", sorted(AMD_WORKLOADS))
def test_replace_mode_after_triton_s_amd_passes_keeps_no_more_conversions(name: str) -> None:
    """Our remove pass on the module Triton's AMD pipeline made (after its hoist, sink and
    epilogue passes) leaves no more conversions and no more scratch, and still compiles."""
    explained, (kernel, replaced) = compiled(name)[1], compiled(name, "replace")
    assert kernel.asm["hsaco"]  # type: ignore[attr-defined]
    assert replaced.conversions_before == explained.conversions_before
    assert replaced.conversions_after <= replaced.conversions_before
    assert replaced.scratch_bytes <= explained.scratch_bytes


def test_the_mfma_to_operand_conversion_on_gfx950_takes_triton_s_register_lane_swaps() -> None:
    """Chained dots on gfx950 convert the first dot's MFMA result into the second's operand:
    Triton 3.9's AMDGCN takes four v_permlane swaps and no other cross-lane move; so does the plan."""
    kernel, _ = compiled("chained_dots_gfx950")
    amdgcn = kernel.asm["amdgcn"]  # type: ignore[attr-defined]
    [plan] = ld.plan_module(ld.parse_module(ttgir("chained_dots_gfx950")))
    assert plan.path == "warp_shuffle" and plan.decomposition is not None and "permlane" in plan.decomposition
    assert (plan.shuffles, plan.selects) == (len(re.findall(r"\bv_permlane\w*swap", amdgcn)), 0) == (4, 0)
    assert "ds_bpermute" not in amdgcn


GFX950_MATMULS = {
    "matmul": Kernel(matmul, MATMUL, {"BM": 64, "BN": 64, "BK": 32}, MI350),
    "matmul_transposed_b": Kernel(matmul_transposed_b, MATMUL, {"BM": 64, "BN": 64, "BK": 32}, MI350),
    "chained_dots": AMD_WORKLOADS["chained_dots_gfx950"],
}


@pytest.mark.parametrize("name", sorted(GFX950_MATMULS))
def test_local_loads_take_transposing_reads_where_triton_s_gfx950_code_does(name: str) -> None:
    """Triton 3.9 loads a dot operand whose rows run along the lanes with ds_read_b64_tr_b16 on
    gfx950 (the matmul's B, all three operands of the chained dots' loads after the first, none
    of the transposed-B matmul's): the access report names exactly as many, and as many
    128-bit reads for the other loads."""
    kernel = GFX950_MATMULS[name].compile()
    amdgcn = kernel.asm["amdgcn"]
    loads = [r for r in report_local_accesses(ld.parse_module(kernel.asm["ttgir"])) if r.op == "ttg.local_load"]
    assert all(r.cost is not None for r in loads)
    transposed = sum(r.cost.instructions for r in loads if r.instruction == "ds_read_b64_tr_b16")  # type: ignore[union-attr]
    wide = sum(r.cost.instructions for r in loads if not r.instruction and r.cost.vector_bits == 128)  # type: ignore[union-attr]
    assert transposed == len(re.findall(r"\bds_read_b64_tr_b16\b", amdgcn))
    assert wide == len(re.findall(r"\bds_read_b128\b", amdgcn))
    assert bool(transposed) == (name != "matmul_transposed_b")
