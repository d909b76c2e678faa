"""``report_conversions``: one report per conversion, the module untouched, the JSON keys of ``layout-tool plan``."""

from __future__ import annotations

from conversion_corpus import CORPUS

from layoutdialect import make_context, parse_module, print_module
from layoutdialect.passes.conversion_report import report_conversions

CTX = make_context()
REQUIRED_KEYS = {
    "loc", "src", "dst", "shape", "dtype", "path", "shuffles", "selects", "smem_store_instrs", "smem_load_instrs",
    "store_vector_bits", "load_vector_bits", "store_wavefronts", "load_wavefronts", "barriers", "scratch_bytes",
    "verified",
}  # fmt: skip


def corpus_module() -> str:
    functions = []
    for index, (_, src, dst, shape, element, _) in enumerate(case for case in CORPUS if case[5] == 4):
        dims = "x".join(map(str, shape))
        source, result = f"tensor<{dims}x{element}, {src}>", f"tensor<{dims}x{element}, {dst}>"
        functions.append(
            f"  func.func @f{index}(%x: {source}) {{\n"
            f"    %y = ttg.convert_layout %x : {source} -> {result}\n"
            "    func.return\n  }\n"
        )
    return 'module attributes {"ttg.num-warps" = 4 : i32} {\n' + "".join(functions) + "}\n"


def test_every_conversion_is_reported_verified_and_the_module_is_untouched() -> None:
    module = parse_module(corpus_module(), "corpus.mlir", CTX)
    before = print_module(module)
    reports = report_conversions(module)
    assert print_module(module) == before
    assert len(reports) == len([case for case in CORPUS if case[5] == 4])
    assert all(report.verified for report in reports)
    for report in reports:
        entry = report.to_json()
        assert set(entry) >= REQUIRED_KEYS
        if entry["path"] == "shared_memory":
            assert entry["smem_store_instrs"] > 0 and entry["scratch_bytes"] > 0
            assert entry["store_wavefronts"] == entry["smem_store_instrs"] * entry["store_wavefronts_per_instr"]
        else:
            assert entry["smem_store_instrs"] == entry["scratch_bytes"] == 0


def test_without_verification_nothing_is_claimed() -> None:
    module = parse_module(corpus_module(), "corpus.mlir", CTX)
    assert {report.verified for report in report_conversions(module, verify=False)} == {None}
