"""Remembering what an op's verifier said, for ops that look alike.

Verifying an op through xDSL's IRDL machinery costs tens of microseconds, and real
kernels repeat the same op on the same types over and over (a loop body of
``arith.addf`` on one tensor type); a pass retries the same refused rewrite on every
fold.  An op's own verifier reads

- the op: its class, operand and result types, properties, attributes, the argument
  types of its successors, and whether it ends its block;
- its regions: each block's argument types and, recursively, the same of every op;
- its ancestors' classes, properties and attributes, and which of their regions
  holds it (``ttg.num-warps`` on the module, a ``ttg.warp_specialize`` partition's
  warps, a function's ``noinline``), and the module's symbols.

``verification_key`` holds all of these, so two ops with one key get one answer
while the module's symbols stay as they are.  ``VerifierAnswers`` remembers them.
Two verifiers read more, and their ops are never remembered: a terminator checks its
operands against its parent op's types, and a branch checks where its successors
are.  Nor is an op whose regions are large: its key would hold every op inside.

>>> from xdsl.dialects import arith, builtin, test
>>> from xdsl.ir import Block, Region
>>> one = lambda: arith.ConstantOp(builtin.IntegerAttr(1, 32))
>>> a, b, c = one(), one(), arith.ConstantOp(builtin.IntegerAttr(2, 32))
>>> _ = test.TestOp(regions=[Region(Block([a, b, c]))])
>>> verification_key(a) == verification_key(b), verification_key(a) == verification_key(c)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from itertools import islice
from typing import Generic, TypeVar

from xdsl.ir import Attribute, Operation, Region
from xdsl.traits import IsTerminator

from layoutdialect.ir.attribute_numbers import AttributeNumbers
from layoutdialect.ir.class_traits import class_trait

__all__ = ["SMALL_BODY", "VerificationKeys", "VerifierAnswers", "ancestry", "can_be_remembered", "verification_key"]

SMALL_BODY = 16
"""The most ops an op's regions may hold for its answer to be remembered (a reduction's
combiner, not a loop body or a warp-specialized partition)."""

_Answer = TypeVar("_Answer")


def can_be_remembered(op: Operation) -> bool:
    """Whether ``op``'s answer may be shared with ops of its key: it is neither a
    terminator nor a branch, and its regions hold at most ``SMALL_BODY`` ops."""
    if op.successors or class_trait(op.__class__, IsTerminator) is not None:
        return False
    return not op.regions or sum(1 for _ in islice(op.walk(), 1, SMALL_BODY + 2)) <= SMALL_BODY


class VerifierAnswers(Generic[_Answer]):
    """What ``ask`` answered for each op that can be remembered, shared by the ops of its
    key (``VerificationKeys``, so the ops around must keep their attributes while it is
    in use); ops that cannot be remembered are asked every time."""

    def __init__(self) -> None:
        self.keys = VerificationKeys()
        self._answers: dict[Hashable, _Answer] = {}

    def answer(self, op: Operation, ask: Callable[[Operation], _Answer]) -> _Answer:
        if not can_be_remembered(op):
            return ask(op)
        key = self.keys(op)
        if key not in self._answers:
            self._answers[key] = ask(op)
        return self._answers[key]


def verification_key(op: Operation, region_ancestry: Hashable | None = None) -> Hashable:
    """Everything ``op``'s verifier may read (the module docstring lists it); equal keys,
    equal answers.  ``region_ancestry`` is ``ancestry(op.parent_region())`` when the
    caller already has it."""
    if region_ancestry is None:
        region_ancestry = ancestry(op.parent_region())
    return region_ancestry, _own_key(op, _as_is)


class VerificationKeys:
    """``verification_key`` for many ops, cheap to hash.  Each region's ancestry is built
    and hashed once, then stood for by a number: it is a deep tuple (the function's type
    included), and hashing it for every op cost more than the rest of the key.  Each
    attribute in a key (a type, a property) is likewise stood for by the number of its
    value, found once per attribute object: hashing a tensor type walks its encoding.
    The ops around the regions asked about must keep their attributes while the keys
    are in use."""

    def __init__(self) -> None:
        self._regions: dict[Region | None, int] = {}
        self._numbers: dict[Hashable, int] = {}
        self._attribute_numbers = AttributeNumbers()

    def __call__(self, op: Operation) -> Hashable:
        region = op.parent_region()
        number = self._regions.get(region)
        if number is None:
            number = self._regions[region] = self._numbers.setdefault(ancestry(region), len(self._numbers))
        return number, _own_key(op, self._attribute_numbers)


def ancestry(region: Region | None) -> Hashable:
    """The ops around ``region``, innermost first: each one's class, properties and
    attributes, and which of its regions holds the next, with that region's block count."""
    chain = []
    while region is not None and (owner := region.parent) is not None:
        index = next(k for k, candidate in enumerate(owner.regions) if candidate is region)
        properties, attributes = tuple(owner.properties.items()), tuple(owner.attributes.items())
        chain.append((owner.__class__, index, len(region.blocks), properties, attributes))
        region = owner.parent_region()
    return tuple(chain)


def _as_is(attribute: Attribute) -> Hashable:
    return attribute


def _own_key(op: Operation, name: Callable[[Attribute], Hashable]) -> Hashable:
    """``op``'s part of its key, each attribute in it given as ``name(attribute)``."""
    return (
        op.__class__,
        op.next_op is None,
        tuple([(operand.__class__, name(operand.type)) for operand in op.operands]),
        tuple([name(result.type) for result in op.results]),
        tuple([(key, name(value)) for key, value in op.properties.items()]),
        tuple([(key, name(value)) for key, value in op.attributes.items()]),
        tuple([tuple([name(argument.type) for argument in block.args]) for block in op.successors]),
        tuple(
            [
                tuple([name(argument.type) for argument in block.args])
                + tuple([_own_key(nested, name) for nested in block.ops])
                for region in op.regions
                for block in region.blocks
            ]
        ),
    )
