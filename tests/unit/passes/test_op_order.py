"""``OpOrder``: op order in a block, still right after ops are added and erased."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import arith
from xdsl.dialects.builtin import i32
from xdsl.ir import Block

from passes.remove_redundant_conversions.rematerialisation import OpOrder


def _constant(value: int) -> arith.ConstantOp:
    return arith.ConstantOp.from_int_and_width(value, i32)


@settings(deadline=None)
@given(st.integers(1, 12), st.lists(st.tuples(st.booleans(), st.integers(0, 1000)), max_size=20), st.data())
def test_the_order_survives_insertions_and_erasures(
    size: int, edits: list[tuple[bool, int]], data: st.DataObject
) -> None:
    block = Block([_constant(i) for i in range(size)])
    order = OpOrder()
    first = list(block.ops)
    assert order.is_before(first[0], first[-1], block) == (size > 1)
    for insert, where in edits:
        ops = list(block.ops)
        if insert or len(ops) < 2:
            block.insert_op_before(_constant(-where), ops[where % len(ops)])
        else:
            block.erase_op(ops[where % len(ops)])
    ops = list(block.ops)
    for _ in range(10):
        a, b = data.draw(st.integers(0, len(ops) - 1)), data.draw(st.integers(0, len(ops) - 1))
        assert order.is_before(ops[a], ops[b], block) == (a < b)
