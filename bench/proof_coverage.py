"""What the proofs behind ``verify=true`` say on Triton's lit tests, and what they cost.

    python bench/proof_coverage.py TRITON_TEST_DIR [--accepted TABLE.json] [--only TEXT] [--jobs 2]

Every chunk that Triton 3.9 accepts (``--accepted``, as for ``lit_coverage.py``) and that
this project reads goes through ``remove-redundant-conversions`` and
``lower-convert-layout``, each once without its proof and once with it
(``check_same_semantics`` of the module before and after, and the CTA simulation of every
lowered conversion).  The report counts, per pass, the chunks whose proof passes, reports
a change of meaning (to be fixed in the pass, or a false alarm in the proof), cannot
verify (an op or value the interpreter does not model), fails otherwise, crashes, or runs
past ``TIME_LIMIT`` seconds; and the cost of the proof as a multiple of the pass's time
and in seconds (median, 95th percentile and largest), with the five slowest proofs.  Every
outcome but a pass is listed by chunk.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

from fuzz_inputs import TimeLimit, limited_to
from lit_coverage import lit_chunks
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

TIME_LIMIT = 20
MEMORY_LIMIT = 6 << 30
PASSES = ("remove-redundant-conversions", "lower-convert-layout")


@dataclass(frozen=True)
class ProofRun:
    """One chunk through one pass: the outcome, the pass's seconds and the proof's."""

    chunk: str
    pass_name: str
    outcome: str
    pass_seconds: float
    proof_seconds: float
    detail: str


def _timed(run: Callable[[], None]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def _seconds(pass_name: str, context: Context, original: ModuleOp) -> tuple[float, float]:
    """The seconds ``pass_name`` takes on a copy of ``original``, and those its proof adds."""
    from layoutdialect.passes.lower_convert_layout import LowerConvertLayoutPass
    from layoutdialect.passes.remove_redundant_conversions import RemoveRedundantConversionsPass
    from layoutdialect.sim.same_semantics import check_same_semantics

    rewritten = original.clone()
    if pass_name == "remove-redundant-conversions":
        pass_seconds = _timed(lambda: RemoveRedundantConversionsPass().apply(context, rewritten))
        return pass_seconds, _timed(lambda: check_same_semantics(original, rewritten))
    pass_seconds = _timed(lambda: LowerConvertLayoutPass().apply(context, rewritten))
    proved = original.clone()
    return pass_seconds, max(
        0.0, _timed(lambda: LowerConvertLayoutPass(verify=True).apply(context, proved)) - pass_seconds
    )


def _prove(item: tuple[str, str]) -> list[ProofRun]:
    """Both passes on one chunk, with and without their proofs."""
    from layoutdialect.dialect.registry import make_context
    from layoutdialect.dialect.text import parse_module
    from layoutdialect.ir.diagnostics import IRError
    from layoutdialect.sim.same_semantics import SemanticsChanged
    from layoutdialect.sim.tensor_values import ProgramError
    from layoutdialect.sim.verify import ConversionMismatch

    name, text = item
    context = make_context()
    try:
        original = parse_module(text, name, context)
    except IRError:
        return []
    runs = []
    for pass_name in PASSES:
        pass_seconds = proof_seconds = 0.0
        outcome, detail = "passes", ""
        try:
            with limited_to(TIME_LIMIT):
                pass_seconds, proof_seconds = _seconds(pass_name, context, original)
        except (SemanticsChanged, ConversionMismatch) as error:
            outcome, detail = "reports a change", str(error)
        except ProgramError as error:
            outcome, detail = "cannot verify", str(error)
        except (IRError, ValueError) as error:
            outcome, detail = "pass error", str(error).splitlines()[0]
        except TimeLimit:
            outcome = f"over {TIME_LIMIT} s"
        except Exception as error:  # noqa: BLE001 - anything else escaping is the finding
            outcome, detail = "crash", f"{type(error).__name__}: {error}"
        runs.append(ProofRun(name, pass_name, outcome, pass_seconds, proof_seconds, detail[:300]))
    return runs


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root", type=Path, help="the test/ folder of Triton's repository")
    parser.add_argument("--accepted", type=Path, help="JSON table of the chunks Triton 3.9 accepts")
    parser.add_argument("--only", default="", help="only chunks whose file name contains this text")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    items = [item for item in lit_chunks(args.root, args.accepted) if args.only in item[0]]
    runs: list[ProofRun] = []
    with Pool(args.jobs, initializer=_limit_memory, maxtasksperchild=50) as pool:
        for found in pool.imap_unordered(_prove, items, chunksize=2):
            runs += found
    for pass_name in PASSES:
        mine = [run for run in runs if run.pass_name == pass_name]
        print(f"{pass_name}: {len(mine)} chunks read")
        for outcome, count in Counter(run.outcome for run in mine).most_common():
            print(f"  {outcome:20} {count}")
        ratios = [run.proof_seconds / max(run.pass_seconds, 1e-3) for run in mine if run.outcome == "passes"]
        seconds = [run.proof_seconds for run in mine if run.outcome == "passes"]
        print(
            f"  proof / pass time: median {_percentile(ratios, 0.5):.1f}, 95th percentile "
            f"{_percentile(ratios, 0.95):.1f}, largest {max(ratios, default=0.0):.1f}; proof seconds: median "
            f"{_percentile(seconds, 0.5):.3f}, 95th percentile {_percentile(seconds, 0.95):.2f}, "
            f"largest {max(seconds, default=0.0):.2f}"
        )
        for run in sorted(mine, key=lambda r: -r.proof_seconds)[:5]:
            print(f"    slowest proof: {run.chunk}: {run.proof_seconds:.2f} s, the pass {run.pass_seconds:.2f} s")
        for run in sorted(mine, key=lambda r: r.chunk):
            if run.outcome != "passes":
                print(f"    {run.outcome}: {run.chunk}: {run.detail}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
