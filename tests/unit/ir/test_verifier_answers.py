"""``verify_module`` shares one verifier answer among ops with one ``verification_key``;
it must report exactly what verifying every op on its own reports.

Every chunk of the FileCheck inputs, the error cases included, is verified both ways.
A kernel whose two ``ttg.warp_specialize`` partitions hold the same op, valid in the
4-warp partition and not in the 8-warp one, shows that the key tells the two apart."""

from __future__ import annotations

import pytest
from filecheck_inputs import filecheck_chunks

from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import parse_module, verifier_failure, verify_module
from layoutdialect.dialect.ttg.layout_checks import ir_unchanged
from layoutdialect.ir.diagnostics import IRError
from layoutdialect.ir.dominance import dominance_violations
from layoutdialect.ir.locations import located_error
from layoutdialect.ir.verifier_answers import VerificationKeys, verification_key

CHUNKS = filecheck_chunks("**", functions_only=False)

TWO_PARTITIONS = """
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      %c = arith.constant dense<0> : tensor<128xi32, #blocked>
      ttg.warp_return
    }
    partition1() num_warps(8) {
      %c = arith.constant dense<0> : tensor<128xi32, #blocked>
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
"""


def outcome_of_every_op(text: str) -> str | None:
    """``verify_module``'s report, with every op verified on its own."""
    module = parse_module(text, "input.mlir", make_context(allow_unregistered=True), verify=False)
    for op, index in dominance_violations(module):
        return str(located_error(op, f"operand #{index} does not dominate this use", text, 0))
    with ir_unchanged():
        for op in module.walk():
            if (failure := verifier_failure(op)) is not None:
                return str(located_error(op, failure, text, 0))
    return None


def outcome_with_shared_answers(text: str) -> str | None:
    module = parse_module(text, "input.mlir", make_context(allow_unregistered=True), verify=False)
    try:
        verify_module(module, text)
    except IRError as error:
        return str(error)
    return None


@pytest.mark.parametrize("chunk", CHUNKS)
def test_shared_answers_report_what_each_op_reports(chunk: str) -> None:
    try:
        expected = outcome_of_every_op(chunk)
    except IRError:
        return  # the text does not parse: nothing to verify
    assert outcome_with_shared_answers(chunk) == expected


def test_the_same_op_in_partitions_of_different_warps_is_verified_in_each() -> None:
    report = outcome_with_shared_answers(TWO_PARTITIONS)
    assert report is not None and report == outcome_of_every_op(TWO_PARTITIONS)
    assert report.startswith("input.mlir:14:7: error:") and "requires 8 warps per CTA" in report


def test_keys_tell_apart_what_verifiers_read() -> None:
    module = parse_module(TWO_PARTITIONS, "input.mlir", make_context(), verify=False)
    first, second = [op for op in module.walk() if op.name == "arith.constant"]
    assert verification_key(first) != verification_key(second)
    twin = first.clone()
    assert first.parent is not None
    first.parent.insert_op_after(twin, first)
    assert verification_key(first) == verification_key(twin)


@pytest.mark.parametrize("chunk", filecheck_chunks("**", error_cases=False))
def test_numbered_keys_match_as_the_keys_of_values_match(chunk: str) -> None:
    """``VerificationKeys`` numbers each attribute in a key; two ops share a numbered key
    exactly when they share a ``verification_key``."""
    try:
        module = parse_module(chunk, "input.mlir", make_context(allow_unregistered=True), verify=False)
    except IRError:
        return
    ops = list(module.walk())[:120]
    keys = VerificationKeys()
    numbered = [keys(op) for op in ops]
    plain = [verification_key(op) for op in ops]
    for i in range(len(ops)):
        for j in range(i):
            assert (numbered[i] == numbered[j]) == (plain[i] == plain[j])
