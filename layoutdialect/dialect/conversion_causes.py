"""Why a ``ttg.convert_layout`` is there: the op whose layout it takes, and the ops that
demand the other one.

A layout is set by an *anchor* (a load, a dot, a reduction, a loop-carried value) and
flows through the ops that follow their operands' layout (elementwise ops, broadcasts,
shape changes: ``layout_rule``), so a conversion stands where the layout one anchor
gives meets the layout another needs.  ``conversion_cause`` walks from the conversion
back to the first op that is not such a follower, and forward along the uses to the
first ones that are not, and names them::

    tt.load (kernel.py:14:20) gives #ttg.blocked; tt.dot (kernel.py:20:23) takes #ttg.dot_op

Ops are named with their kernel source position when their location gives one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from xdsl.dialects.builtin import TensorType
from xdsl.ir import BlockArgument, Operation, SSAValue

from layoutdialect.dialect.semantics import LayoutAnchor, layout_rule, semantic_trait
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp
from layoutdialect.ir.locations import source_position

__all__ = ["conversion_cause", "program_order"]

MAX_CONSUMERS_NAMED = 2
"""The most demanding ops a cause names; more are counted."""


def _follows_its_operands(op: Operation) -> bool:
    """Whether ``op``'s result layout comes from its operands' (so it is no anchor)."""
    if isinstance(op, ConvertLayoutOp):
        return False
    anchor = semantic_trait(op, LayoutAnchor)
    if anchor is not None and anchor.holds(op):
        return False
    rule = layout_rule(op)
    return rule is not None and bool(rule.layout_operands(op))


def _named(op: Operation) -> str:
    where = source_position(op)
    return f"{op.name} ({where.split(' ')[0]})" if where else op.name


def _producer(value: SSAValue) -> str:
    """What sets ``value``'s layout, walking back through the ops that follow their operands."""
    seen: set[SSAValue] = set()
    while value not in seen:
        seen.add(value)
        if isinstance(value, BlockArgument):
            parent = value.block.parent_op()
            if parent is None or parent.name in ("tt.func", "func.func"):
                return "a function argument"
            return f"a value carried by {_named(parent)}"
        op = value.owner
        assert isinstance(op, Operation)
        if not _follows_its_operands(op):
            return _named(op)
        rule = layout_rule(op)
        assert rule is not None
        value = rule.layout_operands(op)[0]
    return "a loop of layout-following ops"


def _consumers(value: SSAValue) -> Iterator[Operation]:
    """The first ops along ``value``'s uses that do not pass its layout on."""
    pending, seen = [value], set()
    while pending:
        current = pending.pop()
        for use in current.uses:
            user = use.operation
            if user in seen:
                continue
            seen.add(user)
            if _follows_its_operands(user) and any(isinstance(r.type, TensorType) for r in user.results):
                pending.extend(user.results)
            else:
                yield user


def conversion_cause(op: ConvertLayoutOp, order: Mapping[Operation, int] | None = None) -> str:
    """Which op gives the layout ``op`` converts from, and which ops take the one it converts
    to, named in the order they are written: ``order`` numbers the ops of ``op``'s module so
    (``program_order``; made for this call when not given, one walk of the function).

    >>> from layoutdialect import parse_module
    >>> module = parse_module(open("examples/matmul_tile.mlir").read(), "matmul_tile.mlir")
    >>> [conversion_cause(c) for c in module.walk() if isinstance(c, ConvertLayoutOp)]
    ['a function argument gives #ttg.nvidia_mma; func.return takes #ttg.blocked']
    """
    if order is None:
        order = program_order(_outermost(op))
    consumers = sorted(set(_consumers(op.result)), key=order.__getitem__)
    names = [_named(user) for user in consumers[:MAX_CONSUMERS_NAMED]]
    if len(consumers) > MAX_CONSUMERS_NAMED:
        names.append(f"{len(consumers) - MAX_CONSUMERS_NAMED} more")
    taken = " and ".join(names) if names else "nothing"
    verb = "take" if len(names) > 1 else "takes"
    return f"{_producer(op.src)} gives {_family(op.src)}; {taken} {verb} {_family(op.result)}"


def program_order(root: Operation) -> dict[Operation, int]:
    """Each op inside ``root`` (itself included) numbered in the order it is written."""
    return {each: index for index, each in enumerate(root.walk())}


def _outermost(op: Operation) -> Operation:
    """The op around ``op`` directly inside its module (its function), or ``op`` itself."""
    while (parent := op.parent_op()) is not None and parent.parent_op() is not None:
        op = parent
    return op


def _family(value: SSAValue) -> str:
    """The family of ``value``'s encoding: ``#ttg.blocked``, ``#ttg.dot_op`` (the plan says which)."""
    assert isinstance(value.type, TensorType)
    return f"#{value.type.encoding.name}"
