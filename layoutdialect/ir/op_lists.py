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
    """The ops under ``root`` (an op itself included) that are instances of one of
    ``types``, in the order of ``root.walk(region_first=...)``: each op before the ops
    nested in it, or after them with ``region_first``.

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
    matching = _Matching(types)
    if isinstance(root, Region):
        _collect_in(root, matching, region_first, found)
    else:
        _collect(root, matching, region_first, found)
    return found


class _Matching(dict[type[Operation], bool]):
    """Whether an op class is one of the types or derives from one (this package's
    ``scf.for`` derives from xDSL's), asked once per class."""

    def __init__(self, types: Iterable[type[Operation]]) -> None:
        super().__init__()
        self.types = tuple(types)

    def __missing__(self, op_class: type[Operation]) -> bool:
        answer = self[op_class] = issubclass(op_class, self.types)
        return answer


def _collect(op: Operation, matching: _Matching, region_first: bool, found: list[Operation]) -> None:
    if not region_first and matching[op.__class__]:
        found.append(op)
    for region in op.regions:
        _collect_in(region, matching, region_first, found)
    if region_first and matching[op.__class__]:
        found.append(op)


def _collect_in(region: Region, matching: _Matching, region_first: bool, found: list[Operation]) -> None:
    for block in region.blocks:
        op = block.first_op
        while op is not None:
            if op.regions:
                _collect(op, matching, region_first, found)
            elif matching[op.__class__]:
                found.append(op)
            op = op.next_op
