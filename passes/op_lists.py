"""The ops of some types under an op, listed as xDSL's ``walk`` meets them.

``Operation.walk`` nests a generator per region, block and op; the passes list a
function's conversions after every rewrite round, and on small kernels those walks
were a tenth of the pass.  Here one plain loop per block follows the ops' links and
recurses only into ops that have regions.
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.ir import Operation, Region

__all__ = ["ops_of_types"]


def ops_of_types(
    root: Operation | Region, types: Iterable[type[Operation]], region_first: bool = False
) -> list[Operation]:
    """The ops under ``root`` (an op itself included) whose class is one of ``types``
    (exactly: op classes are not subclassed), in the order of
    ``root.walk(region_first=...)``: each op before the ops nested in it, or after
    them with ``region_first``.

    >>> from xdsl.dialects import arith, builtin, scf, test
    >>> from xdsl.ir import Block, Region
    >>> inner = arith.ConstantOp(builtin.IntegerAttr(1, 32))
    >>> outer = test.TestOp(regions=[Region(Block([inner, test.TestOp()]))])
    >>> [op.name for op in ops_of_types(outer, [arith.ConstantOp, test.TestOp])]
    ['test.op', 'arith.constant', 'test.op']
    >>> [op.name for op in ops_of_types(outer, [arith.ConstantOp, test.TestOp], region_first=True)]
    ['arith.constant', 'test.op', 'test.op']
    """
    found: list[Operation] = []
    if isinstance(root, Region):
        _collect_in(root, frozenset(types), region_first, found)
    else:
        _collect(root, frozenset(types), region_first, found)
    return found


def _collect(op: Operation, types: frozenset[type[Operation]], region_first: bool, found: list[Operation]) -> None:
    if not region_first and op.__class__ in types:
        found.append(op)
    for region in op.regions:
        _collect_in(region, types, region_first, found)
    if region_first and op.__class__ in types:
        found.append(op)


def _collect_in(region: Region, types: frozenset[type[Operation]], region_first: bool, found: list[Operation]) -> None:
    for block in region.blocks:
        op = block.first_op
        while op is not None:
            if op.regions:
                _collect(op, types, region_first, found)
            elif op.__class__ in types:
                found.append(op)
            op = op.next_op
