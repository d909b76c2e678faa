"""The rocdl scheduling ops read back what they print, for every mask and priority."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from layoutdialect import parse_module, print_module
from layoutdialect.dialect.upstream.rocdl import SCHED_GROUP_MASKS, SchedBarrierOp, SetPrioOp, sched_group_mask_text


def _read(line: str) -> SchedBarrierOp | SetPrioOp:
    """The one rocdl op of a function whose body is ``line``, read and printed and read again."""
    text = f"tt.func @f() {{\n  {line}\n  tt.return\n}}\n"
    again = parse_module(print_module(parse_module(text)))
    [op] = [op for op in again.walk() if isinstance(op, SchedBarrierOp | SetPrioOp)]
    return op


@given(st.integers(0, SCHED_GROUP_MASKS["all"]))
def test_a_mask_prints_as_text_that_reads_back_as_the_mask(mask: int) -> None:
    op = _read(f"rocdl.sched.barrier {sched_group_mask_text(mask)}")
    assert isinstance(op, SchedBarrierOp) and op.mask.data == mask


@given(st.lists(st.sampled_from(sorted(SCHED_GROUP_MASKS)), min_size=1, max_size=4))
def test_kinds_in_any_order_read_as_their_union(kinds: list[str]) -> None:
    op = _read("rocdl.sched.barrier " + "|".join(kinds))
    union = 0
    for kind in kinds:
        union |= SCHED_GROUP_MASKS[kind]
    assert isinstance(op, SchedBarrierOp) and op.mask.data == union


@given(st.integers(-(1 << 15), (1 << 16) - 1))
def test_a_priority_reads_as_its_sixteen_bit_value(priority: int) -> None:
    op = _read(f"rocdl.s.setprio {priority}")
    assert isinstance(op, SetPrioOp)
    assert op.priority.value.data == (priority + (1 << 15)) % (1 << 16) - (1 << 15)
