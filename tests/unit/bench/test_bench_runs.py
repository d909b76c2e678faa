"""The benchmarks still run and report every operation (no timing is asserted)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from conversion_corpus import CORPUS
from random_conversion_pairs import random_pairs
from triton_conversion_oracle import convert_line, located_amdgcn_opcodes, located_opcodes, module_text
from xdsl.parser import Parser

from layoutdialect import make_context, to_linear_layout
from layoutdialect.analysis.conversion import reorders_registers

BENCH = Path(__file__).resolve().parents[3] / "bench"
ROW = re.compile(
    r"^(?P<operation>\S+(?: \(direct sum\))?)\s+(?P<us>\d+\.\d+)(\s+\d+\.\d+\s+\d+\.\d+\s+\d+\.\d+-\d+\.\d+)?$"
)
"""A row of ``bench_linear_layout.py``: our time, then Triton's, the ratio and its
quartiles where Triton is importable."""

TRITON_IMPORTABLE = importlib.util.find_spec("triton") is not None
"""Whether the benchmarks compare against Triton here (they run without it too)."""


def quick_run(script: str, *options: str) -> str:
    """The output of ``bench/<script> --quick [options]``."""
    return subprocess.run(
        [sys.executable, str(BENCH / script), "--quick", *options], capture_output=True, text=True, check=True
    ).stdout


@cache
def conversion_run() -> str:
    """The output of ``bench/bench_conversions.py --quick`` as where Triton is not installed."""
    return quick_run("bench_conversions.py", "--no-triton")


def test_linear_layout_benchmark_reports_every_operation() -> None:
    """Beside Triton's times where it is importable; where not, our times alone, and it says so."""
    output = quick_run("bench_linear_layout.py")
    rows = {m["operation"] for m in map(ROW.match, output.splitlines()) if m}
    operations = ["from_bases", "str", "apply", "==", "* (direct sum)", "pseudoinvert", "invert_and_compose"]
    assert rows == {*operations, "invert", "compose"}
    assert ("Triton is not importable here" in output) != TRITON_IMPORTABLE


def test_to_linear_benchmark_reports_every_family_cold_and_warm() -> None:
    output = quick_run("bench_to_linear.py")
    row = re.compile(r"^(?P<family>\S+)\s+(?P<pairs>\d+)\s+(?P<cold>\d+\.\d+)\s+(?P<warm>\d+\.\d+)$")
    rows = {m["family"]: int(m["pairs"]) for m in map(row.match, output.splitlines()) if m}
    families = ["blocked", "nvidia_mma", "amd_mfma", "amd_wmma", "dot_op", "slice", "linear"]
    families += ["swizzled_shared", "nvmma_shared", "shared_linear"]
    assert set(rows) == {*families, "all"}
    assert rows["all"] == sum(rows[family] for family in families) == 200
    if TRITON_IMPORTABLE:
        assert "ours / Triton's binding, median per family" in output
    else:
        assert re.search(r"cold: \d+\.\dx (faster|slower) than that; warm: \d+\.\dx (faster|slower)", output)


def test_conversion_benchmark_reports_every_case_and_never_more_instructions_than_triton() -> None:
    output = conversion_run()
    lowered = re.compile(
        r"^(?P<case>\S+)\s+.+?\s+(?P<shfl>\d+)\s+(?P<sel>\d+)\s+(none|register renaming|warp shuffles|shared memory)"
        r"\s+(?P<our_shfl>\d+)\s+(?P<our_sel>\d+)\s+(-|\d\.\d\d)\s+\d+\.\d\s+\d+\.\d\s+\d+\.\d$"
    )
    rows = {m["case"]: m for m in map(lowered.match, output.splitlines()) if m}
    assert set(rows) == {case[0] for case in CORPUS}
    for row in rows.values():
        assert int(row["our_shfl"]) <= int(row["shfl"])
        assert int(row["our_shfl"]) + int(row["our_sel"]) <= int(row["shfl"]) + int(row["sel"])
    assert re.search(r"in registers and warps: \d+ shuffles \+ selects against Triton's \d+ \(\d\.\d\dx\)", output)


def test_shared_memory_table_is_at_the_wavefront_bound_and_never_above_triton() -> None:
    """Every shared-memory case: conflict-free (wavefronts at the bound), no more wavefronts or
    barriers than Triton, and a note for every way it falls short of Triton's widths or bytes."""
    output = conversion_run().split("shared memory (per warp)")[1].split("random conversions")[0]
    row = re.compile(
        r"^(?P<case>\S+)\s+(?P<t_st>\d+)x(?P<t_st_bits>\d+)\*?\s+(?P<t_ld>\d+)x(?P<t_ld_bits>\d+)\*?"
        r"\s+(?P<t_wf>\d+)\s+(?P<t_bar>\d+)\s+(?P<t_bytes>\d+)\s+\d+"
        r"\s+(?P<st>\d+)x(?P<st_bits>\d+)\*?\s+(?P<ld>\d+)x(?P<ld_bits>\d+)\*?\s+(?P<wf>\d+)\s+(?P<bound>\d+)"
        r"\s+\d\.\d\d\s+(?P<bar>\d+)\s+(?P<bytes>\d+)\s+\d+$"
    )
    lines = output.splitlines()
    cases = 0
    for index, line in enumerate(lines):
        match = row.match(line)
        if not match:
            continue
        cases += 1
        number = {key: int(value) for key, value in match.groupdict().items() if key != "case"}
        assert number["wf"] == number["bound"] <= number["t_wf"]
        assert number["bar"] <= number["t_bar"]
        assert number["bytes"] <= number["t_bytes"]
        assert number["st"] + number["ld"] <= number["t_st"] + number["t_ld"]
        notes = []
        for following in lines[index + 1 :]:
            if not following.strip().startswith("- "):
                break
            notes.append(following)
        narrower = number["st_bits"] < number["t_st_bits"] or number["ld_bits"] < number["t_ld_bits"]
        assert narrower == any("narrower" in note for note in notes)
        assert (number["bytes"] > number["t_bytes"]) == any("larger buffer" in note for note in notes)
    assert cases == 8


@pytest.mark.parametrize(
    ("report", "lanes", "targets"), [(1, 32, ["cuda:80", "cuda:90"]), (2, 64, ["hip:gfx942", "hip:gfx950"])]
)
def test_random_pairs_are_lowered_verified_and_counted_on_each_target_without_triton(
    report: int, lanes: int, targets: list[str]
) -> None:
    """The quick run's 10 random pairs (seed 0) of NVIDIA warps and of AMD waves: each
    lowered, verified and counted for both targets of its vendor, with counts that fit its
    path, and a line saying why Triton is not compared."""
    output = conversion_run().split("random conversions: ")[report]
    assert output.startswith(f"10 pairs (seed 0, {lanes} lanes)")
    assert "Triton comparison skipped: --no-triton; our counts alone" in output
    assert "FAILED" not in output
    row = re.compile(
        r"^(?P<pair>r\d{3}_\S+)\s+(?P<path>warp shuffles|shared memory)"
        r"\s+(?P<shfl>\d+)\s+(?P<sel>\d+)\s+(?P<prmt>\d+)\s+(?P<smem>\d+)\s+(?P<bytes>\d+)\s+(?P<bar>\d+)\s+(?P<wf>\d+)"
        r"\s+ours(?P<accesses>(?: \d+x (?:st2?\.|ld2?\.|ldmatrix\.x|stmatrix\.x)\d+(?:\.trans)?,?)*)$"
    )
    names = [pair.name for pair in random_pairs(10, 0, lanes)]
    sections = re.split(r"^(\S+): ours planned, lowered and verified in \d+\.\d s$", output, flags=re.M)
    assert sections[1::2] == targets
    for section in sections[2::2]:
        rows = [m for m in map(row.match, section.splitlines()) if m]
        assert [m["pair"] for m in rows] == names
        paths = set()
        for m in rows:
            n = {key: int(value) for key, value in m.groupdict().items() if key not in ("pair", "path", "accesses")}
            assert sum(int(count) for count in re.findall(r"(\d+)x ", m["accesses"])) == n["smem"]
            paths.add(m["path"])
            if m["path"] == "warp shuffles":
                assert n["shfl"] + n["sel"] > 0 and n["smem"] == n["bytes"] == n["bar"] == n["wf"] == 0
            else:
                assert n["shfl"] == 0 and n["smem"] > 0 and n["bytes"] > 0 and n["wf"] >= n["smem"]
        assert paths == {"warp shuffles", "shared memory"}


@pytest.mark.parametrize(("lanes", "target"), [(32, "cuda:90"), (64, "hip:gfx942")])
def test_random_pairs_move_data_and_their_triton_modules_parse(lanes: int, target: str) -> None:
    """Every pair is a conversion between threads whose kernel (as the Triton oracle writes it)
    our TTGIR parser reads and verifies, with the conversion on the line the oracle counts."""
    context = make_context()
    pairs = random_pairs(12, 3, lanes)
    assert pairs[:5] == random_pairs(5, 3, lanes)
    for pair in pairs:
        src, dst = (Parser(context, text).parse_attribute().data for text in (pair.src, pair.dst))  # type: ignore[attr-defined]
        assert not reorders_registers(to_linear_layout(src, pair.shape), to_linear_layout(dst, pair.shape))
        for convert in (True, False):
            text = module_text(pair.as_row(), target, convert)
            assert f'"ttg.threads-per-warp" = {lanes} : i32' in text
            Parser(context, text).parse_module().verify()
            line = convert_line(text)
            if convert:
                assert text.splitlines()[line - 1].lstrip().startswith("%converted = ttg.convert_layout")
            else:
                assert line == -1


def test_oracle_locates_each_ptx_instruction_at_its_module_line() -> None:
    """An instruction takes the line of the last ``.loc`` before it; inline assembly the one before it begins."""
    ptx = """
\t.loc\t1 7 10
\t// begin inline asm
\t.loc\t1 7 10
\tmov.u32 %r1, 0x0;
\t.loc\t1 8 10
\t@%p1 ld.global.v4.b32 { %r1, %r2, %r3, %r4 }, [ %rd1 + 0 ];
\t// end inline asm
\t.loc\t1 9 5
\tprmt.b32 \t%r5, %r1, %r2, 0x5410U;
\tst.shared.v4.b32 \t[%r6], {%r5, %r1, %r2, %r3};  // packed
\tbar.sync \t0;
$L__BB0_1:
\t.loc\t1 12 3
\t{ st.global.b16 [ %rd2 + 0 ], { %rs1 }; }
"""
    assert located_opcodes(ptx) == [
        (7, "mov.u32"),
        (7, "ld.global.v4.b32"),
        (9, "prmt.b32"),
        (9, "st.shared.v4.b32"),
        (9, "bar.sync"),
        (12, "st.global.b16"),
    ]


def test_oracle_locates_each_amdgcn_instruction_at_its_module_line() -> None:
    """Comments, labels and directives are dropped; an instruction takes the last ``.loc``'s line."""
    amdgcn = """
\t.loc\t1 17 5                          ; kernel.ttgir:17:5
\tds_write_b128 v2, v[4:7]
\tds_write2_b64 v3, v[8:9], v[10:11] offset1:16 ; packed pair
\ts_waitcnt lgkmcnt(0)
.LBB0_1:                                ; %loop
\t.loc\t1 19 11 is_stmt 1
\ts_barrier
\tds_read_b64_tr_b16 v[0:1], v2
\t.p2align 2
"""
    assert located_amdgcn_opcodes(amdgcn) == [
        (17, "ds_write_b128"),
        (17, "ds_write2_b64"),
        (17, "s_waitcnt"),
        (19, "s_barrier"),
        (19, "ds_read_b64_tr_b16"),
    ]


# Functions where we leave more than Triton 3.9's output (its "Triton keeps" line, measured
# with the 3.9 wheel): none.  A function added here must be explained in
# docs/remove-redundant-conversions.md.
KNOWN_WORSE_THAN_TRITON: set[str] = set()


def test_conversion_removal_benchmark_covers_the_suite_and_is_worse_than_triton_only_where_known() -> None:
    output = quick_run("bench_remove_conversions.py")
    row = re.compile(
        r"^(?P<file>\S+\.mlir)\s+(?P<function>\w+)\s+(?P<before>\d+)\s+(?P<ours>\d+)\s+(?P<triton>\d+|-)"
        r"\s+(?P<ours_bytes>\d+)\s+(?P<triton_bytes>\d+|-)(\s+(?P<flag>better|WORSE))?$"
    )
    rows = [m for m in map(row.match, output.splitlines()) if m]
    suite = BENCH.parent / "tests" / "filecheck" / "remove-redundant-conversions"
    annotated = sum(path.read_text().count("// Triton keeps:") for path in suite.glob("*.mlir"))
    assert len(rows) == annotated > 0
    worse = set()
    for match in rows:
        if match["triton"] == "-":
            continue
        if int(match["ours"]) > int(match["triton"]) or int(match["ours_bytes"]) > int(match["triton_bytes"]):
            assert match["flag"] == "WORSE"
            worse.add(match["function"])
    assert worse == KNOWN_WORSE_THAN_TRITON
    assert f"{len(worse)} functions worse than Triton" in output
    tritons = r"(\s+\d+\.\d+){5}" if TRITON_IMPORTABLE else ""  # its pass and total times, and three ratios
    scaling = re.compile(
        r"^\s*(?P<ops>\d+)\s+(?P<cvts>\d+)\s+(?P<left>\d+)(\s+\d+\.\d\d){4}\s+(?P<peak>-?\d+)\s+(?P<process>\d+\.\d\d)"
        + tritons
        + "$",
        re.M,
    )
    sizes = [m for m in scaling.finditer(output)]
    assert len(sizes) == 2 and int(sizes[0]["ops"]) < int(sizes[1]["ops"])
    assert all(int(m["left"]) < int(m["cvts"]) for m in sizes)
    assert all(float(m["process"]) > 0 for m in sizes)
    slopes = re.findall(r"^log-log slope of (parse|pass|print) time: -?\d+\.\d\d$", output, re.M)
    assert slopes == ["parse", "pass", "print"]


def test_speed_wording_says_slower_when_slower() -> None:
    from bench_to_linear import speedup

    assert speedup(80.0, 40.0) == "2.0x faster"
    assert speedup(80.0, 112.0) == "1.4x slower"


def test_tool_size_benchmark_times_every_command() -> None:
    """Each command runs (at 2^12 elements here) and has a worst time; none is refused."""
    output = quick_run("bench_tool_sizes.py")
    worst = output.split("worst run of each command that answers (or is stopped):")[1]
    commands = {line.split()[0] for line in worst.strip().splitlines()}
    assert commands == {"show", "dedup", "cute", "conflicts", "swizzle", "convert", "codegen", "plan"}
    statuses = [line.split()[-1] for line in output.split("worst run")[0].splitlines()[2:] if line.strip()]
    assert statuses and all(status == "0" for status in statuses)


def test_assign_layouts_benchmark_prices_both_sides_of_every_random_kernel() -> None:
    output = quick_run("bench_assign_layouts.py")
    summary = re.search(
        r"random kernels \(synthetic_kernels.py\): (?P<functions>\d+) functions\n"
        r"  total modelled cost: remove-redundant-conversions (?P<reference>\d+), assign-layouts (?P<ours>\d+) "
        r"\(-?\d+\.\d\d% below\)\n"
        r"  cheaper than remove-redundant-conversions: \d+; dearer: (?P<dearer>\d+)\n"
        r"  status: optimal (?P<optimal>\d+); gap at most 0\.0%",
        output,
    )
    assert summary is not None, output
    assert int(summary["functions"]) == int(summary["optimal"]) == 3
    assert int(summary["ours"]) <= int(summary["reference"]) and summary["dearer"] == "0"


def test_triton_s_amd_answer_is_counted_as_the_measures_say() -> None:
    """Cross-lane moves, selects and byte permutes; LDS accesses by width (a ``ds_*2`` pair is
    one instruction moving two); ``s_barrier``; the kernel's LDS bytes; and a conversion
    whose LDS access lies outside its line is left out."""
    from conversion_comparison import AMD_TARGETS, theirs

    convert = {
        "ds_bpermute_b32": 2,
        "v_mov_b32_dpp": 1,
        "v_cndmask_b32_e64": 3,
        "v_perm_b32": 4,
        "ds_write2_b64": 1,
        "ds_read_b128": 2,
        "ds_read_u16": 1,
        "s_barrier": 1,
        "v_add_u32_e32": 5,
    }
    kernel = convert | {"global_load_dwordx4": 1, "global_store_dwordx4": 1}
    answer = {
        "convert": {"convert": convert, "kernel": kernel, "shared": 2048},
        "baseline": {"kernel": {"global_load_dwordx4": 1, "global_store_dwordx4": 1}},
    }
    counted = theirs(answer, AMD_TARGETS["hip:gfx942"])
    assert counted.measures is not None and counted.error is None
    measures = counted.measures
    assert (measures.shuffles, measures.selects, measures.permutes) == (3, 3, 4)
    assert (measures.shared, measures.barriers, measures.scratch_bytes) == (4, 1, 2048)
    assert counted.accesses == "2x ld.128, 1x ld.16, 1x st2.64"
    stray = answer | {"convert": answer["convert"] | {"kernel": kernel | {"ds_read_b128": 3}}}
    assert (
        theirs(stray, AMD_TARGETS["hip:gfx942"]).error == "1 instructions of the conversion lie outside its source line"
    )
